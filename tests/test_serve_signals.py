"""``serve.run_until_stopped``: how the tour command stops its Voila child (no Voila needed).

A stand-in child records which signal stopped it. The real command with Voila and a browser is
tested in ``tests/browser/test_serve_browser.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

CHILD = textwrap.dedent(
    """
    import pathlib, signal, sys, time
    out = pathlib.Path(sys.argv[1])

    def on_term(signum, frame):
        out.write_text(out.read_text() + " term")
        sys.exit(0)

    signal.signal(signal.SIGTERM, on_term)
    out.write_text("ready")
    try:
        while True:
            time.sleep(0.02)
    except KeyboardInterrupt:
        out.write_text(out.read_text() + " int")
        sys.exit(0)
    """
)

DRIVER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from shangrila_widget.serve import run_until_stopped
    child, out = sys.argv[1], sys.argv[2]
    sys.exit(run_until_stopped([sys.executable, child, out], Path(out).parent, grace=0.5))
    """
)


def start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path]:
    child = tmp_path / "child.py"
    child.write_text(CHILD)
    out = tmp_path / "out.txt"
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(child), str(out)],
        start_new_session=True,  # a process group of its own, like a terminal job
        stdin=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while not (out.exists() and out.read_text().startswith("ready")):
        assert driver.poll() is None, "the driver exited early"
        assert time.monotonic() < deadline, "the child did not start"
        time.sleep(0.02)
    return driver, out


def finish(driver: subprocess.Popen[bytes]) -> int:
    try:
        return driver.wait(timeout=20)
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)


def test_sigterm_to_the_command_is_passed_on(tmp_path: Path) -> None:
    driver, out = start(tmp_path)
    driver.terminate()
    assert finish(driver) == 0
    assert out.read_text() == "ready term"


def test_ctrl_c_in_a_terminal_lets_the_child_stop_by_itself(tmp_path: Path) -> None:
    driver, out = start(tmp_path)
    os.killpg(driver.pid, signal.SIGINT)  # what a terminal does: the whole process group
    assert finish(driver) == 0
    assert out.read_text() == "ready int", "no SIGTERM on top of the child's own shutdown"


def test_sigint_to_the_command_alone_reaches_the_child_after_the_grace(tmp_path: Path) -> None:
    driver, out = start(tmp_path)
    started = time.monotonic()
    driver.send_signal(signal.SIGINT)
    assert finish(driver) == 0
    assert out.read_text() == "ready term"
    assert time.monotonic() - started >= 0.4

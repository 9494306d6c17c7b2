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
    import os, pathlib, signal, sys, time
    out = pathlib.Path(sys.argv[1])

    def on_term(signum, frame):
        out.write_text(out.read_text() + " term")
        sys.exit(0)

    signal.signal(signal.SIGTERM, on_term)
    try:
        # "ready" only where Ctrl+C is caught, and whole (written aside, then renamed): a
        # signal sent as soon as the word showed once landed in the write, outside the try
        aside = out.with_suffix(".part")
        aside.write_text("ready")
        os.replace(aside, out)
        while True:
            time.sleep(0.02)
    except KeyboardInterrupt:
        out.write_text(out.read_text() + " int")
        sys.exit(0)
    """
)

DRIVER = textwrap.dedent(
    """
    import signal, sys
    from pathlib import Path
    from shangrila_widget.serve import run_until_stopped
    # Ctrl+C as a terminal job has it, even when the tests run as a background job of a
    # script, which starts with SIGINT ignored (and its children with it)
    signal.signal(signal.SIGINT, signal.default_int_handler)
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


# --------------------------------------------------------------------------------------------
# The port and the notebooks the commands serve (no Voila started)
# --------------------------------------------------------------------------------------------


def test_choose_port_skips_a_port_someone_listens_on() -> None:
    import socket

    from shangrila_widget.serve import choose_port, port_is_free

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not port_is_free(port)
        chosen = choose_port(port, retries=20)
        assert chosen > port and port_is_free(chosen)
    assert choose_port(port) == port  # free again once closed


def test_choose_port_refuses_when_every_port_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    from shangrila_widget import serve

    monkeypatch.setattr(serve, "port_is_free", lambda port, host="127.0.0.1": False)
    with pytest.raises(serve.ServeError, match="ports 9000-9002 .* are all taken"):
        serve.choose_port(9000, retries=2)


def test_voila_gets_the_chosen_port_with_no_retries_and_the_local_template() -> None:
    from shangrila_widget.serve import TEMPLATE, jupyter_data_dir, voila_command, voila_env

    command = voila_command(Path("x.ipynb"), 8870, open_browser=False)
    assert "--port=8870" in command and "--Voila.port_retries=0" in command
    assert f"--template={TEMPLATE}" in command
    template = jupyter_data_dir() / "voila" / "templates" / TEMPLATE
    assert (template / "conf.json").is_file()
    assert (template / "static" / "fontawesome" / "css" / "all.min.css").is_file()
    for name in ("index.html.j2", "page.html"):
        assert "cdn." not in (template / name).read_text(encoding="utf-8").replace(
            "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/", ""
        )
    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(jupyter_data_dir()), "/elsewhere"]


def test_served_paths(tmp_path: Path) -> None:
    from shangrila_widget.serve import ServeError, _served_paths

    one = tmp_path / "a" / "one.ipynb"
    two = tmp_path / "b" / "c" / "two.ipynb"
    for path in (one, two):
        path.parent.mkdir(parents=True)
        path.write_text("{}", encoding="utf-8")
    assert _served_paths([str(one)]) == (one, [one], None)
    assert _served_paths([str(two), str(one)]) == (tmp_path, [one, two], None)
    target, files, temp = _served_paths(["hot-seat.ipynb", "tour.ipynb"])
    try:
        assert temp is not None and target == temp
        assert sorted(f.name for f in files) == ["hot-seat.ipynb", "tour.ipynb"]
        assert all(f.is_file() and f.parent == temp for f in files)
    finally:
        import shutil

        shutil.rmtree(temp or tmp_path / "none", ignore_errors=True)
    with pytest.raises(ServeError, match="no such notebook: .*missing.ipynb"):
        _served_paths([str(one), str(tmp_path / "missing.ipynb")])
    text = tmp_path / "notes.txt"
    text.write_text("", encoding="utf-8")
    with pytest.raises(ServeError, match="is not a notebook"):
        _served_paths([str(text)])


def test_serve_command_names_a_missing_notebook_on_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "shangrila_widget", "serve", "nope.ipynb", "--no-browser"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "no such notebook: nope.ipynb" in result.stderr

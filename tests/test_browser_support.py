"""The browser tests' servers stop side by side at the end of a session: every server is asked
to stop before any is waited for (each Voila server takes a second or more to shut its kernels
down, and one after another they once took 12.7 s of the last test's teardown); the servers
and the test process go without the imports no test needs (``tests.support.imports``)."""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import VoilaServer, stop_servers
from tests.support.imports import NOT_IMPORTED, without_slow_imports


class FakeProcess:
    """What a server's ``Popen`` is asked, in order, into a shared journal."""

    def __init__(self, name: str, journal: list[tuple[str, str]]) -> None:
        self.name, self.journal, self.signalled = name, journal, False
        self.pid = 0

    def poll(self) -> int | None:
        return 0 if self.signalled and ("wait", self.name) in self.journal else None

    def send_signal(self, number: int) -> None:
        assert number == signal.SIGTERM
        self.signalled = True
        self.journal.append(("terminate", self.name))

    def wait(self, timeout: float | None = None) -> int:
        self.journal.append(("wait", self.name))
        return 0


def fake_server(name: str, journal: list[tuple[str, str]], tmp_path: Path) -> VoilaServer:
    process: Any = FakeProcess(name, journal)
    return VoilaServer(tmp_path / f"{name}.ipynb", 1, "http://127.0.0.1:1/", tmp_path, process, 0)


# A server that takes its time over SIGTERM (as JupyterLab's orderly shut-down does) or one
# that stops at once; each says it is ready once its handler is set.
SLOW_SERVER = """
import signal, sys, time
signal.signal(signal.SIGTERM, lambda *_: time.sleep(60) if sys.argv[1] == "slow" else sys.exit(0))
open(sys.argv[2], "w").close()
while True:
    time.sleep(0.05)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups")
def test_at_the_sessions_end_a_server_slow_to_stop_is_killed_after_the_patience(
    tmp_path: Path,
) -> None:
    import time

    servers = []
    for name in ("slow", "quick"):
        ready = tmp_path / f"{name}.ready"
        process = subprocess.Popen(
            [sys.executable, "-c", SLOW_SERVER, name, str(ready)], start_new_session=True
        )
        servers.append(
            VoilaServer(tmp_path / f"{name}.ipynb", 1, "http://127.0.0.1:1/", tmp_path, process, 0)
        )
        deadline = time.monotonic() + 30
        while not ready.exists():
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
    started = time.monotonic()
    stop_servers(servers, patience=0.5)
    took = time.monotonic() - started
    assert 0.4 <= took < 5, took  # the patience, not the slow server's 60 s
    slow, quick = (server.process.returncode for server in servers)
    assert slow == -signal.SIGKILL and quick == 0, (slow, quick)


def test_every_server_is_asked_to_stop_before_any_is_waited_for(tmp_path: Path) -> None:
    journal: list[tuple[str, str]] = []
    servers = [fake_server(name, journal, tmp_path) for name in ("a", "b", "c")]
    stop_servers(servers)
    assert journal == [
        ("terminate", "a"),
        ("terminate", "b"),
        ("terminate", "c"),
        ("wait", "a"),
        ("wait", "b"),
        ("wait", "c"),
    ]


def test_a_server_asked_to_stop_is_not_signalled_twice(tmp_path: Path) -> None:
    journal: list[tuple[str, str]] = []
    server = fake_server("a", journal, tmp_path)
    server.terminate()
    server.stop()
    assert journal == [("terminate", "a"), ("wait", "a")]


def test_the_test_servers_and_this_process_go_without_the_slow_imports(tmp_path: Path) -> None:
    """A server started with :func:`without_slow_imports`' environment imports jsonschema (as
    every Jupyter server does) without rfc3987-syntax, and still has the format checks the
    Jupyter schemas use; so does this process (tests/conftest.py hides it)."""
    env = without_slow_imports(dict(os.environ), tmp_path / "hidden")
    program = (
        "import sys, jsonschema; checks = jsonschema.FormatChecker().checkers; "
        "print(sorted(set(sys.modules) & {'rfc3987_syntax', 'lark'}), "
        "'iri' in checks, 'uri' in checks, 'date-time' in checks)"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["[]", "False", "True", "True"]
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(tmp_path / "hidden")
    for name in NOT_IMPORTED:
        with pytest.raises(ImportError):
            importlib.import_module(name)

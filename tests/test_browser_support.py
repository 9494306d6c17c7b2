"""The browser tests' servers stop side by side at the end of a session: every server is asked
to stop before any is waited for (each Voila server takes a second or more to shut its kernels
down, and one after another they once took 12.7 s of the last test's teardown)."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

from tests.support.browser import VoilaServer, stop_servers


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

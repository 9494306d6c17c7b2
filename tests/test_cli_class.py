"""``shangrila class``, in-process: what it starts and prints (the servers are stand-ins here;
the real ones run in tests/class_session and tests/browser/test_class_browser.py), the
teacher's notebook, and the page's session from the address Voila gives the kernel."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from shangrila_widget import cli_class, serve
from shangrila_widget.__main__ import main
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.widget.class_session import session_from_page


@dataclass
class StandInServer:
    students_url: str = "http://192.0.2.7:8123/?code=K7Q2XW"
    teacher_api: str = "http://127.0.0.1:40123"
    code: str = "K7Q2XW"
    token: str = "teacher-secret-token"
    session: int = 1
    stopped: bool = False

    def stop(self) -> int:
        self.stopped = True
        return 0


def test_class_prints_the_teacher_and_students_addresses(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from shangrila_widget.class_session import launch

    started: dict[str, Any] = {}
    server = StandInServer()

    def start_server(**kwargs: Any) -> StandInServer:
        started.update(kwargs)
        return server

    def run_voila(command: list[str], cwd: Path) -> int:
        started["voila"] = command
        started["notebook"] = json.loads((cwd / "class.ipynb").read_text("utf-8"))
        started["announcer"].join(10)  # the addresses are printed once Voila answers
        return 0

    real_thread = cli_class.threading.Thread

    def thread(*args: Any, **kwargs: Any) -> Any:
        started["announcer"] = made = real_thread(*args, **kwargs)
        return made

    monkeypatch.setattr(launch, "start_server", start_server)
    monkeypatch.setattr(serve, "run_until_stopped", run_voila)
    monkeypatch.setattr(serve, "choose_port", lambda wanted: 8899)
    monkeypatch.setattr(cli_class, "wait_until_up", lambda port: True)
    monkeypatch.setattr(cli_class.threading, "Thread", thread)
    monkeypatch.delenv(cli_class.API_VARIABLE, raising=False)
    argv = ["class", "--no-browser", "--host", "0.0.0.0", "--port", "8123", "--db", "c.db"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "teacher: http://127.0.0.1:8899/?token=teacher-secret-token",
        "students: http://192.0.2.7:8123/?code=K7Q2XW",
    ]
    assert started["host"] == "0.0.0.0" and started["port"] == 8123 and started["db"] == "c.db"
    # Voila on 127.0.0.1 only, never opening a browser itself (it would leave the token out).
    assert "--Voila.ip=127.0.0.1" in started["voila"] and "--no-browser" in started["voila"]
    assert "session_from_page" in "".join(started["notebook"]["cells"][0]["source"])
    assert server.stopped  # the class server stops with the command
    assert os.environ[cli_class.API_VARIABLE] == server.teacher_api
    monkeypatch.delenv(cli_class.API_VARIABLE)


def test_the_teachers_address_is_the_only_one_with_the_token() -> None:
    url = cli_class.teacher_url(8866, "a b&c", "pl")
    query = parse_qs(urlsplit(url).query)
    assert urlsplit(url).hostname == "127.0.0.1"
    assert query == {"token": ["a b&c"], "lang": ["pl"]}


def test_the_page_needs_the_token_from_its_address() -> None:
    with pytest.raises(ShangrilaError, match="teacher's token"):
        session_from_page({cli_class.API_VARIABLE: "http://127.0.0.1:1"})
    with pytest.raises(ShangrilaError, match="teacher's token"):
        session_from_page({"QUERY_STRING": "token=x"})


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["class", "--host", "a b"], "--host"),
        (["class", "--port", "70000"], "--port"),
        (["class", "reprt", "x"], "report FILE"),
        (["class", "report"], "report FILE"),
    ],
)
def test_bad_class_command_lines_exit_2_with_one_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(args)
    except SystemExit as exit:  # an option's value is refused while parsing
        status = int(str(exit.code))
    assert status == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1


def test_a_class_server_that_does_not_start_is_one_line_in_the_commands_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from shangrila_widget.class_session import launch

    def start_server(**kwargs: Any) -> Any:
        raise launch.ServerStartError(3)

    monkeypatch.setattr(launch, "start_server", start_server)
    assert main(["class", "--no-browser", "--lang", "pl", "--db", "c.db"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: serwer klasy nie wystartował (kod wyjścia 3)"), err
    assert "\n" not in err

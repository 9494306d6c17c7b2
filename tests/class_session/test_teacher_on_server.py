"""The teacher's widget on a real class server (its own process, as always), three students
answering through the plain-HTTP fallback; then the lesson's report from the widget, from the
teacher's API and from ``shangrila class report FILE`` (in-process)."""

from __future__ import annotations

import csv
import io
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shangrila_widget.__main__ import main
from shangrila_widget.class_session.launch import RunningServer, start_server
from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.widget.class_session import ClassSession

SPEC = {
    "seed": 5,
    "count": 2,
    "players": 4,
    "kinds": ["stronger"],
    "rules": None,
    "level": None,
    "chapter": None,
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("class") / "class.sqlite3"
    with start_server(db=db) as running:
        yield running


def post(url: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return list(json.loads(response.read()))


def join(server: RunningServer, name: str) -> str:
    base = server.students_url.split("/?")[0]
    replies = post(f"{base}/api/join", {"type": "join", "code": server.code, "name": name})
    joined = next(r for r in replies if r["type"] == "joined")
    return str(joined["resume"])


def answer(server: RunningServer, resume: str, index: int, option: int) -> None:
    base = server.students_url.split("/?")[0]
    replies = post(
        f"{base}/api/answer", {"student": resume, "index": index, "answer": {"option": option}}
    )
    assert replies[0]["type"] == "ack", replies


def test_a_lesson_from_join_to_report(
    server: RunningServer, capsys: pytest.CaptureFixture[str]
) -> None:
    widget = ClassSession(server, poll=False)
    assert widget.state["code"] == server.code
    assert server.token not in json.dumps(widget.state)  # the students' link has no token
    students = [join(server, name) for name in ("Ada", "Bo", "")]
    widget.refresh()
    assert widget.joined == 3
    widget.start_lesson(SPEC)
    exercise = widget.current
    assert widget.phase == "open" and exercise is not None
    right = exercise.options.index(exercise.answer)
    wrong = next(i for i, o in enumerate(exercise.options) if o.misreading)
    for resume, option in zip(students, (wrong, wrong, right)):
        answer(server, resume, 0, option)
    widget.refresh()
    assert widget.answered == 3 and "data-count" not in widget.tally_box.value
    widget.reveal()
    assert widget.phase == "revealed"
    assert f"data-option='{wrong}' data-count='2'" in widget.tally_box.value
    assert f"data-option='{right}' data-count='1'" in widget.tally_box.value
    assert misreading_name(str(exercise.options[wrong].misreading)) in widget.tally_box.value
    widget.next()
    assert widget.state["question"]["index"] == 1
    widget.end()
    assert widget.phase == "ended" and widget.error == ""
    assert "Ada" in widget.report_box.value and "1 / 1" in widget.report_box.value

    # The same lesson from the command line, read from the file afterwards.
    assert main(["class", "report", str(server.db)]) == 0
    text = capsys.readouterr().out
    assert f"join code {server.code}" in text
    assert "3 of 3" not in text and "1 of 3 answers right" in text
    assert main(["class", "report", str(server.db), "--csv", "--session", str(server.session)]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    students_rows = [r for r in rows if r[0] == "student"]
    assert sorted(r[2] for r in students_rows) == ["(anonymous)", "Ada", "Bo"]
    assert {r[2]: r[4] for r in students_rows}["(anonymous)"] == "1"


def test_class_report_refuses_what_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["class", "report", str(tmp_path / "none.sqlite3")]) == 2
    assert "no such class file" in capsys.readouterr().err
    assert main(["class", "report"]) == 2
    assert "report FILE" in capsys.readouterr().err


def test_start_makes_its_own_server_and_stop_ends_it(tmp_path: Path) -> None:
    widget = ClassSession.start(db=str(tmp_path / "own.sqlite3"), lang="pl", poll=False)
    try:
        assert widget.phase == "lobby" and widget.lang == "pl"
        assert widget.state["students_url"] == widget.server.students_url
    finally:
        widget.stop()
    assert widget.server.process.poll() is not None


def test_the_teachers_notebook_opens_the_session_its_page_names(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from urllib.parse import urlencode

    from shangrila_widget import cli_class

    monkeypatch.setenv(cli_class.API_VARIABLE, server.teacher_api)
    monkeypatch.setenv("QUERY_STRING", urlencode({"token": server.token, "lang": "pl"}))
    namespace: dict[str, Any] = {}
    exec(cli_class.NOTEBOOK_CODE, namespace)  # the one cell of the notebook it writes
    session = namespace["session"]
    try:
        assert isinstance(session, ClassSession)
        assert session.lang == "pl" and session.error == ""
        assert session.state["code"] == server.code
    finally:
        session.close()

"""The teacher's ClassSession widget driven headlessly against a small fake of the teacher's
API (the same JSON as the class server's): the lobby, Next / Reveal / End, the counts hidden
until Reveal, names escaped, the language switch, errors shown, the poll thread."""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Mapping
from typing import Any

import pytest

from shangrila_widget.class_session.report import Student, StudentAnswer, misreading_name, summarize
from shangrila_widget.exercises import Exercise
from shangrila_widget.rules.messages import say
from shangrila_widget.widget import class_session as module
from shangrila_widget.widget.class_session import ClassServerError, ClassSession

SPEC = {
    "seed": 11,
    "count": 3,
    "players": 4,
    "kinds": None,
    "rules": None,
    "level": None,
    "chapter": None,
}


class FakeApi:
    """The teacher's API as the server answers it, in memory (one session, one lesson)."""

    def __init__(self, names: list[str]) -> None:
        self.lang = "en"
        self.version = 1
        self.students = [{"id": i + 1, "name": n} for i, n in enumerate(names)]
        self.spec: dict[str, Any] | None = None
        self.questions: list[Exercise] = []
        self.index = -1
        self.revealed = False
        self.ended = False
        self.answers: dict[int, dict[int, int | None]] = {}
        self.changed = threading.Condition()
        self.fail_next: Exception | None = None

    def bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def answer(self, student: int, option: int | None) -> None:
        self.answers.setdefault(self.index, {})[student] = option
        self.bump()

    def state(self, after: int | None = None) -> dict[str, Any]:
        if self.fail_next is not None:
            error, self.fail_next = self.fail_next, None
            raise error
        if after is not None:
            with self.changed:
                self.changed.wait_for(lambda: self.version > after, timeout=5)
        question = tally = None
        if self.spec is not None and self.index >= 0 and not self.ended:
            exercise = self.questions[self.index]
            given = self.answers.get(self.index, {})
            question = {
                "index": self.index,
                "total": len(self.questions),
                "exercise_id": exercise.id,
                "revealed": self.revealed,
                "answered": len(given),
            }
            if self.revealed:
                tally = [
                    {
                        "option": i,
                        "count": sum(1 for v in given.values() if v == i),
                        "misreading": o.misreading,
                    }
                    for i, o in enumerate(exercise.options)
                ]
                other = sum(1 for v in given.values() if v is None)
                if other:
                    tally.append({"option": None, "count": other, "misreading": None})
        return {
            "version": self.version,
            "code": "K7Q2XW",
            "students_url": "http://192.0.2.7:8123/?code=K7Q2XW",
            "joined": len(self.students),
            "students": list(self.students),
            "lesson": None if self.ended else self.spec,
            "ended": self.ended,
            "question": question,
            "tally": tally,
        }

    def lesson(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        self.spec = dict(spec)
        self.questions = module._questions_of(self.spec)
        self.index, self.revealed = -1, False
        self.bump()
        return self.state()

    def next(self) -> dict[str, Any]:
        if self.revealed or self.index < 0:
            self.index += 1
            self.revealed = False
        self.bump()
        return self.state()

    def reveal(self) -> dict[str, Any]:
        if self.fail_next is not None:
            error, self.fail_next = self.fail_next, None
            raise error
        self.revealed = True
        self.bump()
        return self.state()

    def end(self) -> dict[str, Any]:
        self.ended = True
        self.bump()
        return self.state()

    def report(self) -> dict[str, Any]:
        students = [Student(s["id"], s["name"]) for s in self.students]
        answers = [
            StudentAnswer(
                q,
                s,
                o,
                o is not None and self.questions[q].options[o].correct,
                None if o is None else self.questions[q].options[o].misreading,
            )
            for q, given in self.answers.items()
            for s, o in given.items()
        ]
        return summarize(self.questions, students, answers, asked=self.index + 1).to_dict()


@pytest.fixture(autouse=True)
def questions_without_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the server's lesson module exists, the lesson's questions as it builds them."""
    try:
        from shangrila_widget.class_session import lesson  # noqa: F401
    except ImportError:
        from shangrila_widget.exercises import generate

        monkeypatch.setattr(
            module, "_questions_of", lambda spec: generate(spec["count"], spec["seed"])
        )


def session(names: list[str] | None = None, **kwargs: Any) -> tuple[ClassSession, FakeApi]:
    api = FakeApi(names if names is not None else ["Ada", "Bo", "Cy"])
    widget = ClassSession(api=api, poll=False, **kwargs)  # type: ignore[arg-type]
    widget.refresh()
    return widget, api


def test_the_lobby_shows_the_link_as_a_qr_code_the_code_and_who_joined() -> None:
    widget, _api = session(["Ada", "<img src=x onerror=alert(1)>", ""])
    assert widget.phase == "lobby" and widget.joined == 3
    assert "<svg" in widget.qr_box.value
    assert "http://192.0.2.7:8123/?code=K7Q2XW" in widget.qr_box.value
    assert "K7Q2XW" in widget.code_label.value
    assert say("class.teacher_joined", "en", n=3) in widget.joined_label.value
    # A name from a phone is shown as text, never as HTML.
    assert "<img" not in widget.names_box.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in widget.names_box.value
    assert say("class.teacher_anonymous", "en") in widget.names_box.value
    assert widget.chooser.layout.display == "flex"
    assert widget.board_box.layout.display == "none"  # no question: no picture yet
    assert widget.next_button.disabled and widget.reveal_button.disabled


def test_the_chooser_makes_the_lesson_spec() -> None:
    widget, _api = session()
    widget.rule_pick.value = "STONE"
    widget.level_pick.value = 2
    widget.seed_box.value, widget.count_box.value = 7, 4
    assert widget.lesson_spec() == {
        "seed": 7,
        "count": 4,
        "players": 4,
        "kinds": None,
        "rules": ["STONE"],
        "level": 2,
        "chapter": None,
    }
    widget.chapter_pick.value = "last-bridge"
    assert widget.lesson_spec()["chapter"] == "last-bridge"
    assert widget.lesson_spec()["rules"] is None  # a chapter brings its own rules


def test_while_a_question_is_open_only_how_many_answered_shows() -> None:
    widget, api = session()
    widget.start_lesson(SPEC)
    exercise = widget.current
    assert widget.phase == "open" and exercise is not None
    assert exercise.question.text("en") in widget.question_box.value
    assert widget.board.game == exercise.position
    assert widget.board_box.layout.display == "flex" and widget.chooser.layout.display == "none"
    wrong = next(i for i, o in enumerate(exercise.options) if o.misreading)
    api.answer(1, wrong)
    api.answer(2, wrong)
    widget.refresh()
    assert widget.answered == 2
    assert say("class.teacher_answered", "en", n=2, total=3) in widget.answered_label.value
    shown = widget.tally_box.value + widget.explanation.value
    # The options are there, but no count and no misreading before Reveal.
    assert all(o.text.text("en") in widget.tally_box.value for o in exercise.options)
    assert "data-count" not in shown and "2 of" not in shown
    assert misreading_name(str(exercise.options[wrong].misreading)) not in shown
    assert not widget.reveal_button.disabled and widget.next_button.disabled


def test_reveal_shows_the_counts_the_misreadings_and_the_play_out() -> None:
    widget, api = session()
    widget.start_lesson(SPEC)
    exercise = widget.current
    assert exercise is not None
    right = exercise.options.index(exercise.answer)
    wrong = next(i for i, o in enumerate(exercise.options) if o.misreading)
    api.students.append({"id": 4, "name": "Di"})
    api.answer(1, wrong)
    api.answer(2, wrong)
    api.answer(3, right)
    api.answer(4, None)  # spaces that no option names
    widget.reveal_button.click()
    assert widget.phase == "revealed" and widget.error == ""
    tally = widget.tally_box.value
    assert f"data-option='{wrong}' data-count='2'" in tally
    assert f"data-option='{right}' data-count='1'" in tally
    assert "data-option='none' data-count='1'" in tally
    name = misreading_name(str(exercise.options[wrong].misreading))
    assert say("class.teacher_count_misread", "en", count=2, total=4, misreading=name) in tally
    assert say("class.teacher_count_right", "en", count=1, total=4) in tally
    assert say("class.teacher_count_other", "en", count=1, total=4) in tally
    # The explanation: the right answer, and what the chosen wrong option misread.
    assert exercise.explain(exercise.options[wrong], "en") in widget.explanation.value
    # The action played out on the board, one event at a time.
    if widget.steps:
        assert widget.board.game == widget.steps[0].position
        assert widget.steps[0].rule in widget.step_text.value
        if len(widget.steps) > 1:
            widget.step_button.click()
            assert widget.step == 1 and widget.board.game == widget.steps[1].position
    assert not widget.next_button.disabled and widget.reveal_button.disabled
    # Next: the following question, its counts hidden again.
    widget.next_button.click()
    assert widget.phase == "open" and widget.state["question"]["index"] == 1
    assert "data-count" not in widget.tally_box.value and widget.explanation.value == ""


def test_end_shows_the_report_as_a_chart_with_names_escaped() -> None:
    widget, api = session(["Ada", "<b>Bo</b>"])
    widget.start_lesson(SPEC)
    exercise = widget.current
    assert exercise is not None
    api.answer(1, exercise.options.index(exercise.answer))
    api.answer(2, next(i for i, o in enumerate(exercise.options) if o.misreading))
    widget.reveal()
    widget.end_button.click()
    assert widget.phase == "ended" and widget.error == ""
    chart = widget.report_box.value
    assert html.escape(say("class.teacher_report_title", "en")) in chart
    assert exercise.rules[0] in chart
    assert "&lt;b&gt;Bo&lt;/b&gt;" in chart and "<b>Bo</b>" not in chart
    assert widget.report_box.layout.display == "block"
    assert widget.chooser.layout.display == "flex"  # a new lesson can be chosen


def test_one_lang_trait_says_every_word() -> None:
    widget, api = session()
    widget.start_lesson(SPEC)
    api.answer(1, 0)
    widget.refresh()
    widget.lang = "pl"
    assert widget.board.lang == "pl"
    assert say("class.teacher_title", "pl") in widget.title.value
    assert widget.next_button.description == say("class.teacher_next", "pl")
    assert widget.reveal_button.description == say("class.teacher_reveal", "pl")
    assert widget.end_button.description == say("class.teacher_end", "pl")
    assert say("class.teacher_answered", "pl", n=1, total=3) in widget.answered_label.value
    exercise = widget.current
    assert exercise is not None and exercise.question.text("pl") in widget.question_box.value
    assert widget.rule_pick.description == say("class.teacher_rule", "pl")
    widget.reveal()
    right = exercise.options.index(exercise.answer)
    said = say("class.teacher_count_right", "pl", count=int(right == 0), total=1)
    assert said in widget.tally_box.value
    widget.lang_toggle.value = "en"
    assert widget.lang == "en"
    assert widget.reveal_button.description == say("class.teacher_reveal", "en")


def test_a_refused_request_is_shown_in_the_widget() -> None:
    widget, api = session()
    widget.start_lesson(SPEC)
    api.fail_next = ClassServerError("not now (too_early, 409)")
    widget.reveal_button.click()  # a button's error is shown, not raised or swallowed
    assert "not now" in widget.error
    assert widget.error_box.layout.display == "block"
    assert "not now" in widget.error_box.value


def test_the_poll_thread_follows_the_server_and_shows_its_errors() -> None:
    api = FakeApi(["Ada"])
    widget = ClassSession(api=api, poll=True)  # type: ignore[arg-type]
    try:
        assert widget.joined == 1
        api.students.append({"id": 2, "name": "Bo"})
        api.bump()
        _wait_for(lambda: widget.joined == 2)
        api.fail_next = ClassServerError("the server went away")
        api.bump()
        _wait_for(lambda: "the server went away" in widget.error)
    finally:
        widget.close()  # closing the widget ends its poll thread
        api.bump()
    assert widget._thread is not None
    widget._thread.join(10)
    assert not widget._thread.is_alive()


def _wait_for(condition: Any, limit: float = 10.0) -> None:
    """Wait until ``condition()`` holds (a thread is doing the work): no timing asserted."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "the poll thread did not deliver"
        time.sleep(0.02)


def test_a_question_the_lesson_does_not_make_is_an_error() -> None:
    widget, api = session()
    widget.start_lesson(SPEC)
    state = api.state()
    state["version"] += 1
    state["question"]["exercise_id"] = "not-this-one"
    with pytest.raises(ClassServerError):
        widget._apply(state)

"""The students' protocol on a session in-process: joins, answers, changes before Reveal,
refusals after it, and every bad message with its error and no change in the file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from shangrila_widget.class_session.learners import class_learners
from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.class_session.protocol import MESSAGE_LIMIT, PHONE_ERRORS, RATE_LIMIT
from shangrila_widget.class_session.state import ClassState
from shangrila_widget.class_session.store import NAME_LIMIT
from shangrila_widget.exercises.path import learner_next_lines
from shangrila_widget.rules.messages import rule_title, say
from tests.support.class_server import (
    FakePhone,
    file_content,
    in_process,
    right_option,
    wrong_option,
)
from tests.support.loops import run_loop

SPEC = LessonSpec(seed=3, count=3)


@pytest.fixture
def state(tmp_path: Path) -> ClassState:
    return in_process(tmp_path)


def opened(state: ClassState, spec: LessonSpec = SPEC) -> ClassState:
    state.start_lesson(spec)
    state.next_question()
    return state


def test_a_join_gives_a_student_and_a_resume_token_then_what_is_on(state: ClassState) -> None:
    phone = FakePhone(state)
    replies = phone.send({"type": "join", "code": state.code, "name": "Ada", "resume": None})
    assert [r["type"] for r in replies] == ["joined", "waiting"]
    joined = replies[0]
    assert joined["name"] == "Ada" and len(joined["resume"]) >= 24
    assert [s.name for s in state.store.students(state.session_id)] == ["Ada"]
    # the code is read as typed on a phone: spaces around it, small letters
    other = FakePhone(state)
    assert (
        other.send({"type": "join", "code": f" {state.code.lower()} ", "name": ""})[0]["type"]
        == "joined"
    )


def test_a_resume_token_comes_back_as_the_same_student(state: ClassState) -> None:
    first = FakePhone(state).join("Ada")
    again = FakePhone(state).join("someone else", resume=first["resume"])
    assert (again["student"], again["name"]) == (first["student"], "Ada")
    assert len(state.store.students(state.session_id)) == 1


def test_an_answer_is_acknowledged_after_it_is_in_the_file(tmp_path: Path) -> None:
    state = opened(in_process(tmp_path))
    phone = FakePhone(state)
    phone.join()
    exercise = build_questions(SPEC)[0]
    choice = wrong_option(exercise.options)
    (ack,) = phone.send({"type": "answer", "index": 0, "answer": {"option": choice}})
    assert ack == {"type": "ack", "index": 0, "answer": {"option": choice}}
    assert any(f"'{{\"option\": {choice}}}'" in line for line in file_content(state.store.path))


def test_an_answer_changes_until_reveal_and_is_refused_after(state: ClassState) -> None:
    opened(state)
    phone = FakePhone(state)
    phone.join()
    options = build_questions(SPEC)[0].options
    wrong, right = wrong_option(options), right_option(options)
    phone.send({"type": "answer", "index": 0, "answer": {"option": wrong}})
    phone.send({"type": "answer", "index": 0, "answer": {"option": right}})
    (row,) = state.store.answers(state.session_id)
    assert (row.option, row.correct) == (right, True)
    state.reveal()
    revealed = phone.last()
    assert revealed["type"] == "revealed"
    assert revealed["yours"]["right"] is True and revealed["question"]["correct"] == right
    before = file_content(state.store.path)
    (error,) = phone.send({"type": "answer", "index": 0, "answer": {"option": wrong}})
    assert error["code"] == "revealed"
    assert file_content(state.store.path) == before


def test_one_answer_per_student_and_question(state: ClassState) -> None:
    opened(state)
    phones = [FakePhone(state) for _ in range(3)]
    for number, phone in enumerate(phones):
        phone.join(f"s{number}")
        for choice in (0, 1, 2, 1):
            phone.send({"type": "answer", "index": 0, "answer": {"option": choice}})
    rows = state.store.answers(state.session_id)
    assert sorted((r.student, r.question, r.option) for r in rows) == [
        (1, 0, 1),
        (2, 0, 1),
        (3, 0, 1),
    ]
    assert state.teacher_state()["question"]["answered"] == 3


def test_a_reconnecting_phone_gets_the_open_question_and_its_own_answer(
    state: ClassState,
) -> None:
    opened(state)
    phone = FakePhone(state)
    token = phone.join()["resume"]
    phone.send({"type": "answer", "index": 0, "answer": {"option": 2}})
    later = FakePhone(state)
    _joined, now = later.send({"type": "join", "code": state.code, "name": "", "resume": token})
    assert now["type"] == "question" and now["question"]["index"] == 0
    assert now["yours"] == {"option": 2}


def bad_messages(state: ClassState) -> list[tuple[str, Any, str]]:
    """(what, message, the error code it gets), sent by a joined phone to an open question."""
    big = json.dumps({"type": "answer", "index": 0, "answer": {"option": 1}, "x": "a" * 5000})
    return [
        ("malformed JSON", '{"type": "answer", "index": 0,', "bad_json"),
        ("not JSON at all", b"\xff\xfe", "bad_json"),
        ("a list, not an object", "[1, 2]", "bad_message"),
        ("no type", {"index": 0}, "bad_message"),
        ("unknown type", {"type": "cheat"}, "unknown_type"),
        ("oversized", big, "too_big"),
        ("wrong code", {"type": "join", "code": "ZZZZZZ", "name": "Bo"}, "wrong_code"),
        ("code of a wrong type", {"type": "join", "code": 123456}, "bad_message"),
        (
            "wrong resume token",
            {"type": "join", "code": state.code, "name": "", "resume": "nobody"},
            "wrong_token",
        ),
        (
            "HTML in a name",
            {"type": "join", "code": state.code, "name": "<img src=x onerror=alert(1)>"},
            "bad_name",
        ),
        (
            "an earlier question",
            {"type": "answer", "index": 5, "answer": {"option": 0}},
            "not_open",
        ),
        ("index not a number", {"type": "answer", "index": "0", "answer": {}}, "bad_message"),
        (
            "option out of range",
            {"type": "answer", "index": 0, "answer": {"option": 9}},
            "bad_answer",
        ),
        ("option a bool", {"type": "answer", "index": 0, "answer": {"option": True}}, "bad_answer"),
        (
            "spaces for options",
            {"type": "answer", "index": 0, "answer": {"spaces": []}},
            "bad_answer",
        ),
        (
            "two answers in one",
            {"type": "answer", "index": 0, "answer": {"option": 0, "action": "x"}},
            "bad_answer",
        ),
        ("a replayed answer", {"type": "answer", "index": 0, "answer": {"option": 1}}, "replayed"),
    ]


def test_every_bad_message_gets_its_error_and_changes_nothing(state: ClassState) -> None:
    opened(state)
    phone = FakePhone(state)
    phone.join()
    phone.send({"type": "answer", "index": 0, "answer": {"option": 1}})
    for what, message, code in bad_messages(state):
        phone.phone.limiter = type(phone.phone.limiter)()  # the flood has its own test
        before = file_content(state.store.path)
        replies = phone.send(message)
        assert [r.get("code") for r in replies] == [code], what
        assert replies[0]["message"] == say(f"class.error_{code}", "en"), what
        assert file_content(state.store.path) == before, what
    assert {code for _what, _message, code in bad_messages(state)} <= set(PHONE_ERRORS)


def test_an_answer_before_joining_is_refused(state: ClassState) -> None:
    opened(state)
    before = file_content(state.store.path)
    assert (
        FakePhone(state).send({"type": "answer", "index": 0, "answer": {"option": 0}})[0]["code"]
        == "not_joined"
    )
    assert file_content(state.store.path) == before


def test_a_flood_is_cut_at_the_rate_limit_and_changes_nothing(state: ClassState) -> None:
    opened(state)
    phone = FakePhone(state)
    phone.join()  # one message
    for number in range(RATE_LIMIT - 1):
        phone.send({"type": "answer", "index": 0, "answer": {"option": number % 4}})
    before = file_content(state.store.path)
    for _ in range(5):
        (error,) = phone.send({"type": "answer", "index": 0, "answer": {"option": 3}})
        assert error["code"] == "too_many"
    assert file_content(state.store.path) == before


def test_the_size_cap_is_on_bytes(state: ClassState) -> None:
    phone = FakePhone(state)
    name = "é" * ((MESSAGE_LIMIT // 2) - 20)  # fewer characters than the cap, more bytes
    message = json.dumps({"type": "join", "code": state.code, "name": name}, ensure_ascii=False)
    assert len(message) < MESSAGE_LIMIT < len(message.encode("utf-8"))
    assert phone.send(message)[0]["code"] == "too_big"


def test_a_long_name_is_cut_and_other_markup_kept_as_typed(state: ClassState) -> None:
    joined = FakePhone(state).join("Zoë & \"Bo\" 'x' " + "y" * 80)
    assert len(joined["name"]) == NAME_LIMIT
    assert joined["name"].startswith("Zoë & \"Bo\" 'x' ")


def secrets_of(question: dict[str, Any]) -> list[str]:
    """Every key of the question's JSON that would give the answer away."""
    found = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("correct", "misreading", "claims", "why", "spaces", "answer"):
                    found.append(key)
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(question)
    return found


def test_no_right_answer_nor_claim_reaches_a_phone_before_reveal(state: ClassState) -> None:
    spec = LessonSpec(seed=1, count=6)  # every kind, find_changes last
    state.start_lesson(spec)
    phone = FakePhone(state)
    phone.join()
    exercises = build_questions(spec)
    assert {e.kind for e in exercises} == {
        "what_happens",
        "stronger",
        "legal",
        "who_wins",
        "find_journey",
        "find_changes",
    }
    for index, exercise in enumerate(exercises):
        heard = len(phone.heard)
        state.next_question()
        phone.send({"type": "answer", "index": index, "answer": {"option": 0}})
        for message in phone.heard[heard:]:
            assert message["type"] in ("question", "ack", "error"), message["type"]
            if message["type"] == "question":
                assert secrets_of(message["question"]) == [], exercise.kind
        text = "\n".join(phone.raw[heard:])
        said = [exercise.question.text("en"), *(o.text.text("en") for o in exercise.options)]
        for option in exercise.options:
            for value in option.claims.values():  # a claim not in the words said
                if isinstance(value, str) and len(value) > 6 and not any(value in s for s in said):
                    assert value not in text, (exercise.kind, value)
            if exercise.kind == "find_changes":  # answered on the board: no option's words
                assert option.text.text("en") not in text
        state.reveal()
        assert phone.last()["type"] == "revealed"


def test_the_teacher_sees_no_answers_while_a_question_is_open(state: ClassState) -> None:
    opened(state)
    phone = FakePhone(state)
    phone.join("Ada")
    phone.send({"type": "answer", "index": 0, "answer": {"option": 1}})
    shown = state.teacher_state()
    assert shown["tally"] is None and shown["question"]["answered"] == 1
    state.reveal()
    tally = state.teacher_state()["tally"]
    assert [t["count"] for t in tally] == [0, 1, 0, 0]
    assert [t["misreading"] for t in tally] == [
        o.misreading for o in build_questions(SPEC)[0].options
    ]


def test_find_changes_is_answered_with_spaces_in_any_order(state: ClassState) -> None:
    spec = LessonSpec(seed=1, count=1, kinds=("find_changes",))
    opened(state, spec)
    exercise = build_questions(spec)[0]
    right = [list(s) for s in exercise.answer.claims["spaces"]]
    phone = FakePhone(state)
    phone.join()
    (ack,) = phone.send({"type": "answer", "index": 0, "answer": {"spaces": right[::-1]}})
    assert ack["answer"] == {"spaces": right}
    (replayed,) = phone.send({"type": "answer", "index": 0, "answer": {"spaces": right}})
    assert replayed["code"] == "replayed"
    state.reveal()
    assert phone.last()["yours"]["right"] is True


def test_the_lesson_ends_with_each_phone_s_own_results(state: ClassState) -> None:
    opened(state)
    ada, bo = FakePhone(state), FakePhone(state)
    joined = ada.join("Ada")
    bo.join("Bo")
    right = right_option(build_questions(SPEC)[0].options)
    ada.send({"type": "answer", "index": 0, "answer": {"option": right}})
    state.reveal()
    state.next_question()
    state.end()
    results = ada.last()["results"]
    path = results.pop("path")
    assert ada.last()["type"] == "ended" and results == {
        "total": 2,
        "answered": 1,
        "right": 1,
        "questions": [{"index": 0, "right": True}, {"index": 1, "right": None}],
    }
    # her path, read off the same rows: one right answer holds no rule yet (two kinds in a row)
    learner = class_learners(state.store, state.session_id)[joined["student"]]
    assert path == {
        "held": None,
        "title": say("path.next_title", "en"),
        "next": learner_next_lines(learner, "en"),
    }
    assert (
        path["next"]
        == [
            say("path.next_rule", "en", rule=f"{rule_title(r, 'en')} ({r})")
            for r in sorted(build_questions(SPEC)[0].rules, key=learner.weakness)
        ][:5]
    )
    assert bo.last()["results"]["answered"] == 0 and bo.last()["results"]["path"] is None


def test_a_students_path_at_the_end_names_the_rules_held_and_the_misreading_shown(
    state: ClassState,
) -> None:
    spec = LessonSpec(seed=11, count=6)
    opened(state, spec)
    questions = build_questions(spec)
    phone = FakePhone(state)
    student = phone.join("Ada")
    wrong = None
    for index, exercise in enumerate(questions):
        if index:
            state.next_question()
        options = exercise.options
        pick = right_option(options)
        if wrong is None and any(o.misreading for o in options):
            pick = next(i for i, o in enumerate(options) if o.misreading)
            wrong = options[pick].misreading
        phone.send({"type": "answer", "index": index, "answer": {"option": pick}})
        state.reveal()
    state.end()
    path = phone.last()["results"]["path"]
    learner = class_learners(state.store, state.session_id)[student["student"]]
    held = [r for r in sorted(learner.rules) if learner.held(r)]
    assert held, "six answers, all right but one, hold a rule"
    assert path["held"] == say(
        "class.path_held", "en", rules=", ".join(f"{rule_title(r, 'en')} ({r})" for r in held)
    )
    assert wrong is not None and say(f"exercise.m_{wrong}", "en") in "\n".join(path["next"])


def test_one_link_joins_as_one_student(state: ClassState) -> None:
    phone = FakePhone(state)
    first = phone.join("Ada")
    before = file_content(state.store.path)
    assert phone.join("Ada again")["student"] == first["student"]
    assert file_content(state.store.path) == before


def test_a_full_class_takes_no_more_students(
    state: ClassState, monkeypatch: pytest.MonkeyPatch
) -> None:
    from shangrila_widget.class_session import state as module

    monkeypatch.setattr(module, "MOST_STUDENTS", 2)
    FakePhone(state).join("a")
    FakePhone(state).join("b")
    before = file_content(state.store.path)
    (refused,) = FakePhone(state).send({"type": "join", "code": state.code, "name": "c"})
    assert refused["code"] == "full"
    assert file_content(state.store.path) == before


def test_the_writer_keeps_answers_arriving_together_and_acknowledges_each(
    tmp_path: Path,
) -> None:
    import asyncio

    from shangrila_widget.class_session.state import Writer
    from shangrila_widget.class_session.store import Store

    state = opened(in_process(tmp_path))
    state.writer = Writer(Store.open(state.store.path))
    phones = [FakePhone(state) for _ in range(12)]
    for number, phone in enumerate(phones):
        phone.join(f"s{number}")

    async def everyone() -> list[list[str]]:
        return await asyncio.gather(
            *(
                state.handle_soon(
                    p.phone, json.dumps({"type": "answer", "index": 0, "answer": {"option": n % 2}})
                )
                for n, p in enumerate(phones)
            )
        )

    replies = run_loop(everyone)
    state.writer.close()
    assert [json.loads(r[0])["type"] for r in replies] == ["ack"] * 12
    assert sorted((a.student, a.option) for a in state.store.answers(state.session_id)) == [
        (n + 1, n % 2) for n in range(12)
    ]
    state.reveal()
    state.writer = Writer(Store.open(state.store.path))
    late = run_loop(
        lambda: state.handle_soon(
            phones[0].phone, json.dumps({"type": "answer", "index": 0, "answer": {"option": 1}})
        )
    )
    assert json.loads(late[0])["code"] == "revealed"


def test_the_next_question_is_made_while_the_room_reads_this_one(state: ClassState) -> None:
    """Its message and pictures are ready before *Next* (made after Start, and after each
    Reveal), so Next only tells; the last question has nothing after it to make."""
    state.start_lesson(SPEC)
    lesson = state.lesson()
    assert lesson is not None and (lesson.id, 0) in state._public
    state.next_question()
    assert (lesson.id, 1) not in state._public  # not while question 0 is being answered
    state.reveal()
    assert (lesson.id, 1) in state._public
    made = dict(state._public)
    state.next_question()
    assert state._public == made  # Next made nothing new
    state.reveal()
    state.next_question()
    state.reveal()  # the last of SPEC's three
    assert sorted(key[1] for key in state._public) == [0, 1, 2]


def test_on_the_server_the_next_question_is_made_on_the_loops_next_turn(
    state: ClassState,
) -> None:
    """The server gives its loop's ``call_soon``: the phones are told first, then the next
    question is made (here the turn is run by hand)."""
    waiting: list[Callable[[], object]] = []
    state.later = waiting.append
    state.start_lesson(SPEC)
    lesson = state.lesson()
    assert lesson is not None and (lesson.id, 0) not in state._public and len(waiting) == 1
    waiting.pop()()
    assert (lesson.id, 0) in state._public

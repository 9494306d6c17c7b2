"""The lesson's report from store rows: per question, per rule, per misreading, per student,
and its CSV (pure: no server, no store)."""

from __future__ import annotations

import csv
import io

import pytest

from shangrila_widget.class_session.report import (
    Student,
    StudentAnswer,
    misreading_name,
    summarize,
)
from shangrila_widget.exercises import Exercise, generate


@pytest.fixture(scope="module")
def questions() -> list[Exercise]:
    made = generate(3, seed=11)
    assert all(any(o.misreading for o in q.options) for q in made)
    return made


def right_index(exercise: Exercise) -> int:
    return exercise.options.index(exercise.answer)


def wrong_index(exercise: Exercise, nth: int = 0) -> int:
    return [i for i, o in enumerate(exercise.options) if o.misreading][nth]


def answer(questions: list[Exercise], q: int, student: int, index: int | None) -> StudentAnswer:
    option = questions[q].options[index] if index is not None else None
    return StudentAnswer(
        q,
        student,
        index,
        bool(option and option.correct),
        option.misreading if option is not None else None,
    )


def test_counts_per_question_and_student(questions: list[Exercise]) -> None:
    q0 = questions[0]
    students = [Student(1, "Ada"), Student(2, "Bo"), Student(3, "")]
    answers = [
        answer(questions, 0, 1, right_index(q0)),
        answer(questions, 0, 2, wrong_index(q0)),
        answer(questions, 0, 3, wrong_index(q0)),
        answer(questions, 1, 1, right_index(questions[1])),
        answer(questions, 1, 2, None),  # spaces that no option names: wrong, no misreading
    ]
    report = summarize(questions, students, answers)
    first = report.questions[0]
    assert (first.answered, first.right) == (3, 1)
    assert first.counts[right_index(q0)] == 1
    assert first.counts[wrong_index(q0)] == 2
    assert first.correct_option == right_index(q0)
    assert report.questions[1].answered == 2 and report.questions[1].right == 1
    assert report.questions[2].answered == 0
    by_name = {s.name: s for s in report.students}
    assert (by_name["Ada"].right, by_name["Ada"].answered) == (2, 2)
    assert (by_name["Bo"].right, by_name["Bo"].answered) == (0, 2)
    assert by_name["Bo"].misreadings == (q0.options[wrong_index(q0)].misreading,)
    assert (report.right, report.answered, report.joined) == (2, 5, 3)


def test_per_rule_share_and_misreadings(questions: list[Exercise]) -> None:
    q0 = questions[0]
    wrong = q0.options[wrong_index(q0)]
    answers = [
        answer(questions, 0, 1, right_index(q0)),
        answer(questions, 0, 2, wrong_index(q0)),
        answer(questions, 0, 3, wrong_index(q0)),
        answer(questions, 0, 4, right_index(q0)),
    ]
    report = summarize(questions, [Student(i, f"s{i}") for i in range(1, 5)], answers)
    rules = {r.rule: r for r in report.rules}
    for rule in q0.rules:  # every rule of the question counts every answer
        assert (rules[rule].right, rules[rule].answered) == (2, 4)
        assert rules[rule].share == pytest.approx(0.5)
    from shangrila_widget.exercises import MISREADINGS

    misread_rules = set(MISREADINGS[str(wrong.misreading)].rules) & set(q0.rules)
    assert misread_rules
    for rule in misread_rules:
        assert dict(rules[rule].misreadings) == {wrong.misreading: 2}
    chosen = {m.key: m for m in report.misreadings}
    assert chosen[str(wrong.misreading)].chosen == 2
    offered = [o.misreading for q in questions for o in q.options if o.misreading]
    assert chosen[str(wrong.misreading)].offered == offered.count(wrong.misreading)
    # The most chosen misreading comes first.
    assert report.misreadings[0].key == wrong.misreading


def test_only_the_questions_asked_count(questions: list[Exercise]) -> None:
    answers = [answer(questions, 2, 1, right_index(questions[2]))]
    report = summarize(questions, [Student(1, "Ada")], answers, asked=2)
    assert len(report.questions) == 2
    assert report.answered == 0  # an answer to a question not asked is not counted


def test_csv_has_a_row_per_rule_misreading_and_student(questions: list[Exercise]) -> None:
    q0 = questions[0]
    answers = [
        answer(questions, 0, 1, right_index(q0)),
        answer(questions, 0, 2, wrong_index(q0)),
    ]
    students = [Student(1, "=HYPERLINK(1)"), Student(2, "Zoë <b>")]
    report = summarize(questions, students, answers)
    rows = list(csv.reader(io.StringIO(report.to_csv())))
    assert rows[0] == ["section", "key", "name", "answered", "right", "share", "detail"]
    sections = [r[0] for r in rows[1:]]
    assert sections.count("rule") == len(report.rules)
    assert sections.count("misreading") == len(report.misreadings)
    assert sections.count("student") == 2
    students_rows = {r[1]: r for r in rows[1:] if r[0] == "student"}
    # A formula is written so that a spreadsheet shows it and runs nothing; names as typed.
    assert students_rows["1"][2] == "'=HYPERLINK(1)"
    assert students_rows["2"][2] == "Zoë <b>"
    assert students_rows["2"][3:6] == ["1", "0", "0.000"]
    name = misreading_name(str(q0.options[wrong_index(q0)].misreading))
    assert name in students_rows["2"][6]
    polish = list(csv.reader(io.StringIO(report.to_csv("pl"))))
    assert polish[0] == rows[0]  # the columns are a format's names, in every language
    assert misreading_name(str(q0.options[wrong_index(q0)].misreading), "pl") in polish[-1][6]


def test_to_dict_names_rules_and_misreadings_in_the_language(questions: list[Exercise]) -> None:
    q0 = questions[0]
    answers = [answer(questions, 0, 1, wrong_index(q0))]
    report = summarize(questions, [Student(1, "Ada")], answers, lang="pl")
    data = report.to_json()
    key = str(q0.options[wrong_index(q0)].misreading)
    chosen = next(m for m in data["misreadings"] if m["key"] == key)
    assert chosen["name"] == misreading_name(key, "pl") != misreading_name(key, "en")
    assert data["students"] == [
        {"id": 1, "name": "Ada", "answered": 1, "right": 0, "misreadings": [key]}
    ]

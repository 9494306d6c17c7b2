"""What a class answered, summed up after the lesson: per rule, per misreading, per student.

Pure: it reads the rows of a lesson's store (the students, their answers) and the lesson's
questions, and says the result in words in either language. The teacher's widget draws it as
a chart, ``shangrila class report FILE`` prints it (or its CSV), and the teacher's API answers
``/api/report`` with :meth:`ClassReport.to_dict`.

- **Per rule**: every answer to a question counts for each rule the question puts to work
  (the exercise's ``rules``, as the Exercises widget counts its score per rule); the share
  right, and which misreadings of that rule were chosen, by how many.
- **Per misreading**: how many answers chose an option made by it, on how many questions it
  was offered.
- **Per student**: the name as typed, answers, right ones, the misreadings chosen.

>>> from shangrila_widget.exercises import generate
>>> questions = generate(2, seed=4)
>>> wrong = next(o for o in questions[0].options if not o.correct)
>>> students = [Student(1, "Ada"), Student(2, "")]
>>> answers = [
...     StudentAnswer(0, 1, questions[0].options.index(questions[0].answer), True, None),
...     StudentAnswer(0, 2, questions[0].options.index(wrong), False, wrong.misreading),
... ]
>>> report = summarize(questions, students, answers)
>>> tuple((s.name, s.right, s.answered) for s in report.students)
(('Ada', 1, 1), ('', 0, 1))
>>> report.questions[0].answered, report.questions[1].answered
(2, 0)
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from shangrila_widget.deprecation import old_names
from shangrila_widget.exercises import MISREADINGS, Exercise
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Language, has_words, problem, rule_title, say

__all__ = [
    "CSV_COLUMNS",
    "StudentAnswer",
    "AnswerLike",
    "ClassReport",
    "MisreadingResult",
    "QuestionResult",
    "RuleResult",
    "Student",
    "StudentLike",
    "StudentResult",
    "build",
    "misreading_name",
    "summarize",
]


class StudentLike(Protocol):
    """A student row of the store: its id and its name as typed (``""``: anonymous)."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...


class AnswerLike(Protocol):
    """An answer row of the store: which question (its index in the lesson), which student,
    the option it matched (None: no option, such as spaces no option names), whether it is
    right and the misreading of the option chosen."""

    @property
    def question(self) -> int: ...
    @property
    def student(self) -> int: ...
    @property
    def option(self) -> int | None: ...
    @property
    def correct(self) -> bool: ...
    @property
    def misreading(self) -> str | None: ...


@dataclass(frozen=True)
class Student:
    """A student, for a report made without a store (tests, examples)."""

    id: int
    name: str


@dataclass(frozen=True)
class StudentAnswer:
    """An answer, for a report made without a store (tests, examples)."""

    question: int
    student: int
    option: int | None
    correct: bool
    misreading: str | None


def misreading_name(key: str, lang: Language = "en") -> str:
    """The misreading ``key`` named in words: its short name (``class.mis_<key>``), else
    the first sentence of what it gets wrong (``exercise.m_<key>``)."""
    if has_words(f"class.mis_{key}"):
        return say(f"class.mis_{key}", lang)
    said = say(f"exercise.m_{key}", lang)
    return said.split(". ")[0].rstrip(".")


@dataclass(frozen=True)
class QuestionResult:
    """One question of the lesson: how many answered, how many right, the count per option
    (in the order shown) and the misreading behind each option."""

    index: int
    exercise_id: str
    rules: tuple[str, ...]
    answered: int
    right: int
    counts: tuple[int, ...]
    misreadings: tuple[str | None, ...]
    correct_option: int


@dataclass(frozen=True)
class RuleResult:
    """One rule: answers to the questions that put it to work, right ones, and the
    misreadings of that rule chosen (key, how many), the most chosen first."""

    rule: str
    answered: int
    right: int
    misreadings: tuple[tuple[str, int], ...]

    @property
    def share(self) -> float:
        """The share of right answers (0 when nobody answered)."""
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class MisreadingResult:
    """One misreading: how many answers chose it, and on how many questions it was offered."""

    key: str
    rules: tuple[str, ...]
    chosen: int
    offered: int


@dataclass(frozen=True)
class StudentResult:
    """One student: the name as typed, answers given, right ones, misreadings chosen."""

    id: int
    name: str
    answered: int
    right: int
    misreadings: tuple[str, ...]


@dataclass(frozen=True)
class ClassReport:
    """A lesson's results (see the module docstring)."""

    questions: tuple[QuestionResult, ...]
    rules: tuple[RuleResult, ...]
    misreadings: tuple[MisreadingResult, ...]
    students: tuple[StudentResult, ...]
    joined: int = field(default=0)
    #: The language of the session (the default of :meth:`to_json` and :meth:`to_csv`).
    lang: Language = "en"

    @property
    def answered(self) -> int:
        """Answers given in all."""
        return sum(q.answered for q in self.questions)

    @property
    def right(self) -> int:
        """Right answers in all."""
        return sum(q.right for q in self.questions)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The report as JSON, its names in ``lang`` (``/api/report``, ``--json``)."""
        return {
            "joined": self.joined,
            "answered": self.answered,
            "right": self.right,
            "questions": [
                {
                    "index": q.index,
                    "exercise_id": q.exercise_id,
                    "rules": list(q.rules),
                    "answered": q.answered,
                    "right": q.right,
                    "counts": list(q.counts),
                    "misreadings": list(q.misreadings),
                    "correct_option": q.correct_option,
                }
                for q in self.questions
            ],
            "rules": [
                {
                    "rule": r.rule,
                    "title": rule_title(r.rule, lang),
                    "answered": r.answered,
                    "right": r.right,
                    "share": round(r.share, 4),
                    "misreadings": [
                        {"key": k, "name": misreading_name(k, lang), "count": n}
                        for k, n in r.misreadings
                    ],
                }
                for r in self.rules
            ],
            "misreadings": [
                {
                    "key": m.key,
                    "name": misreading_name(m.key, lang),
                    "rules": list(m.rules),
                    "chosen": m.chosen,
                    "offered": m.offered,
                }
                for m in self.misreadings
            ],
            "students": [
                {
                    "id": s.id,
                    "name": s.name,
                    "answered": s.answered,
                    "right": s.right,
                    "misreadings": list(s.misreadings),
                }
                for s in self.students
            ],
        }

    def to_json(self) -> dict[str, Any]:
        """:meth:`to_dict` in the session's language (what ``/api/report`` answers)."""
        return self.to_dict(self.lang)

    def to_csv(self, lang: Language | None = None) -> str:
        """The report as one CSV table: a row per rule, per misreading and per student, the
        first column saying which (``rule``, ``misreading``, ``student``). A name that
        starts like a spreadsheet formula (``=``, ``+``, ``-``, ``@``) is written after a
        ``'``, so a spreadsheet shows it and runs nothing. ``lang``: the session's by
        default."""
        lang = self.lang if lang is None else lang
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in self.rules:
            chosen = "; ".join(f"{misreading_name(k, lang)} ({n})" for k, n in r.misreadings)
            writer.writerow(
                ["rule", r.rule, rule_title(r.rule, lang), r.answered, r.right, _share(r.share)]
                + [chosen]
            )
        for m in self.misreadings:
            share = m.chosen / m.offered if m.offered else 0.0
            writer.writerow(
                ["misreading", m.key, misreading_name(m.key, lang), m.offered, m.chosen]
                + [_share(share), " ".join(m.rules)]
            )
        for s in self.students:
            share = s.right / s.answered if s.answered else 0.0
            name = s.name or say("class.teacher_anonymous", lang)
            named = "; ".join(misreading_name(k, lang) for k in s.misreadings)
            writer.writerow(
                ["student", s.id, _spreadsheet_safe(name), s.answered, s.right, _share(share)]
                + [named]
            )
        return out.getvalue()


#: The CSV's columns: names of a data format, the same in every language (the rule and
#: misreading names and the detail in the rows are in the report's language).
CSV_COLUMNS = ("section", "key", "name", "answered", "right", "share", "detail")


def _share(share: float) -> str:
    return f"{share:.3f}"


def _spreadsheet_safe(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def summarize(
    questions: Sequence[Exercise],
    students: Iterable[StudentLike],
    answers: Iterable[AnswerLike],
    *,
    asked: int | None = None,
    lang: Language = "en",
) -> ClassReport:
    """The report of a lesson of ``questions`` (the first ``asked`` of them were put to the
    class: all by default) from its students and answers."""
    shown = list(questions if asked is None else questions[: max(0, asked)])
    by_question: dict[int, list[AnswerLike]] = {}
    for answer in answers:
        if 0 <= answer.question < len(shown):
            by_question.setdefault(answer.question, []).append(answer)
    question_results = []
    rule_answered: Counter[str] = Counter()
    rule_right: Counter[str] = Counter()
    rule_misread: dict[str, Counter[str]] = {}
    chosen: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    per_student: dict[int, list[AnswerLike]] = {}
    for index, exercise in enumerate(shown):
        given = by_question.get(index, [])
        counts = [0] * len(exercise.options)
        for answer in given:
            if answer.option is not None and 0 <= answer.option < len(counts):
                counts[answer.option] += 1
            per_student.setdefault(answer.student, []).append(answer)
        right = sum(1 for a in given if a.correct)
        for option in exercise.options:
            if option.misreading is not None:
                offered[option.misreading] += 1
        for rule in exercise.rules:
            rule_answered[rule] += len(given)
            rule_right[rule] += right
        for answer in given:
            if answer.misreading is None:
                continue
            chosen[answer.misreading] += 1
            misread_rules = _rules_of(answer.misreading)
            for rule in exercise.rules:
                if rule in misread_rules:
                    rule_misread.setdefault(rule, Counter())[answer.misreading] += 1
        question_results.append(
            QuestionResult(
                index=index,
                exercise_id=exercise.id,
                rules=tuple(exercise.rules),
                answered=len(given),
                right=right,
                counts=tuple(counts),
                misreadings=tuple(o.misreading for o in exercise.options),
                correct_option=exercise.options.index(exercise.answer),
            )
        )
    rules = tuple(
        RuleResult(
            rule,
            rule_answered[rule],
            rule_right[rule],
            tuple(_most_first(rule_misread.get(rule, Counter()))),
        )
        for rule in sorted(rule_answered, key=lambda r: (-rule_answered[r], r))
    )
    misreadings = tuple(
        MisreadingResult(key, _rules_of(key), chosen[key], offered[key])
        for key in sorted(offered, key=lambda k: (-chosen[k], k))
    )
    listed = list(students)
    student_results = tuple(
        StudentResult(
            s.id,
            s.name,
            len(per_student.get(s.id, [])),
            sum(1 for a in per_student.get(s.id, []) if a.correct),
            tuple(a.misreading for a in per_student.get(s.id, []) if a.misreading is not None),
        )
        for s in listed
    )
    return ClassReport(
        tuple(question_results),
        rules,
        misreadings,
        student_results,
        joined=len(listed),
        lang=lang,
    )


def _rules_of(key: str) -> tuple[str, ...]:
    known = MISREADINGS.get(key)
    return tuple(known.rules) if known is not None else ()


def _most_first(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def build(store: Any, session_id: int, lesson_id: int | None = None) -> ClassReport:
    """The report of a lesson of the session ``session_id`` kept in ``store`` (a
    :class:`~shangrila_widget.class_session.store.Store`): the lesson ``lesson_id``, by
    default the session's last one; its questions rebuilt from the lesson's spec (only those
    put to the class), its students and answers read from the file."""
    from shangrila_widget.class_session.lesson import LessonSpec, build_questions

    session = store.session(session_id)
    lang: Language = "pl" if getattr(session, "lang", "en") == "pl" else "en"
    students = store.students(session_id)
    lessons = list(store.lessons(session_id))
    if lesson_id is not None:
        lessons = [row for row in lessons if row.id == lesson_id]
        if not lessons:
            raise ShangrilaError(problem("class_no_lesson", value=lesson_id))
    if not lessons:
        return summarize([], students, [], lang=lang)
    lesson = lessons[-1]
    questions = build_questions(LessonSpec.from_json(dict(lesson.spec)))
    answers = store.answers(session_id, lesson.id)
    return summarize(questions, students, answers, asked=lesson.question + 1, lang=lang)


#: ``Answer`` was this module's name for :class:`StudentAnswer` (it clashed with the learner
#: model's :class:`~shangrila_widget.exercises.learner.Answer`).
__getattr__ = old_names(__name__, {"Answer": ("StudentAnswer", StudentAnswer)})

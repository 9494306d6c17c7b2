"""Each student's learning path from the class's own answers (pure: rows in, learners out).

The class's database keeps every answer of every student (:class:`~.store.AnswerRow`: the
lesson, the question's index in it, the option's misreading, right or not, when), and the
teacher's report (:mod:`~.report`) counts them per rule and per misreading. The same rows, in
the order given, are a :class:`~shangrila_widget.exercises.learner.Learner` per student: each
answer counts for the question's rules and for the misreadings its options offered, as the
learning path counts it. So a student's path (rules held, misreadings waiting, stars) is read
off the very answers the teacher's report sums, and the two agree.

>>> from shangrila_widget.exercises import generate
>>> from shangrila_widget.class_session.report import StudentAnswer
>>> questions = generate(1, seed=4)
>>> wrong = next(o for o in questions[0].options if o.misreading)
>>> rows = [StudentAnswer(0, 7, questions[0].options.index(wrong), False, wrong.misreading)]
>>> ada = student_learners({1: questions}, [(1, r) for r in rows], {7: "ada"})[7]
>>> ada.misreading(wrong.misreading).shown, ada.answers[0].exercise
(1, 'class-1-0')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shangrila_widget.class_session.report import AnswerLike
from shangrila_widget.exercises.exercise import Exercise
from shangrila_widget.exercises.learner import Learner
from shangrila_widget.exercises.path import offered


def student_learners(
    questions: Mapping[int, Sequence[Exercise]],
    answers: Iterable[tuple[int, AnswerLike]],
    names: Mapping[int, str],
) -> dict[int, Learner]:
    """A learner per student (by id, named from ``names``) from ``(lesson, answer)`` pairs in
    the order they were given, ``questions`` being each lesson's exercises."""
    learners = {student: Learner(name) for student, name in names.items()}
    for lesson, row in answers:
        exercise = questions[lesson][row.question]
        learner = learners.setdefault(row.student, Learner(str(row.student)))
        learner.record(
            f"class-{lesson}-{row.question}",
            exercise.kind,
            exercise.rules,
            offered(exercise),
            chosen=row.misreading,
            correct=row.correct,
        )
    return learners


def class_learners(store: Any, session_id: int) -> dict[int, Learner]:
    """Every student's learner from the session's answers kept in ``store`` (a
    :class:`~shangrila_widget.class_session.store.Store`), every lesson's questions rebuilt
    from its spec, the answers in the order they were given."""
    from shangrila_widget.class_session.lesson import LessonSpec, build_questions

    questions = {
        lesson.id: build_questions(LessonSpec.from_json(dict(lesson.spec)))
        for lesson in store.lessons(session_id)
    }
    rows = sorted(store.answers(session_id), key=lambda r: (r.time, r.lesson, r.question))
    names = {s.id: s.name for s in store.students(session_id)}
    return student_learners(questions, ((r.lesson, r) for r in rows), names)


__all__ = ["class_learners", "student_learners"]

"""A student's learning path read off the class's answers agrees with the teacher's report:
the same rows, counted per rule and per misreading."""

from __future__ import annotations

from shangrila_widget.class_session.learners import class_learners
from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.class_session.report import build
from shangrila_widget.class_session.store import Store
from shangrila_widget.exercises.path import offered


def test_each_students_learner_counts_what_the_report_counts() -> None:
    store = Store.open(":memory:")
    session = store.create_session()
    ada = store.join(session.id, "Ada", None)
    spec = {"seed": 11, "count": 3}
    lesson = store.start_lesson(session.id, spec)
    questions = build_questions(LessonSpec.from_json(spec))
    chosen = []
    for q, exercise in enumerate(questions):
        store.next_question(session.id, len(questions))
        # Ada misreads the first question she can, then answers right.
        wrong = [i for i, o in enumerate(exercise.options) if o.misreading]
        index = wrong[0] if q == 0 and wrong else exercise.options.index(exercise.answer)
        option = exercise.options[index]
        chosen.append(option.misreading)
        store.record_answer(
            lesson.id, q, ada.id, {"option": index}, index, option.correct, option.misreading
        )
        store.reveal(session.id)
    learner = class_learners(store, session.id)[ada.id]
    assert learner.name == "Ada" and learner.seen == len(questions)
    assert [a.chosen for a in learner.answers] == chosen
    assert learner.answers[0].offered == offered(questions[0])
    report = build(store, session.id)
    for result in report.rules:
        state = learner.rules[result.rule]
        assert (state.right, state.right + state.wrong) == (result.right, result.answered)
    for result in report.misreadings:
        state = learner.misreading(result.key)
        assert (state.shown, state.offered) == (result.chosen, result.offered), result.key
    assert any(r.chosen for r in report.misreadings)

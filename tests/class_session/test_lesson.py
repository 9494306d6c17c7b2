"""The lesson: specs checked, questions rebuilt the same from a spec, what a phone may see,
answers judged as the exercise widget judges them."""

from __future__ import annotations

import json

import pytest

from shangrila_widget.class_session.lesson import (
    MOST_QUESTIONS,
    LessonError,
    LessonSpec,
    build_questions,
    judge,
    public_question,
    revealed_question,
    why,
)
from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.exercises import MISREADINGS, exercises_on, generate
from shangrila_widget.rules.messages import LANGUAGES, say
from shangrila_widget.tour import load_chapters


def test_a_spec_goes_to_json_and_back() -> None:
    spec = LessonSpec(seed=4, count=7, players=3, kinds=("legal",), level=1)
    assert LessonSpec.from_json(json.loads(json.dumps(spec.to_json()))) == spec


@pytest.mark.parametrize(
    "data",
    [
        {"count": 0},
        {"count": MOST_QUESTIONS + 1},
        {"count": "5"},
        {"seed": 1.5},
        {"seed": True},
        {"players": 2},
        {"kinds": ["chess"]},
        {"kinds": "legal"},
        {"kinds": []},
        {"rules": ["NO-SUCH-RULE"]},
        {"level": 4},
        {"chapter": "no-such-chapter"},
        {"colour": "red"},
        [],
    ],
)
def test_a_bad_spec_is_refused_in_words(data: object) -> None:
    with pytest.raises(LessonError) as refused:
        LessonSpec.from_json(data)
    assert refused.value.text("pl") != refused.value.text("en")


def test_the_questions_are_the_generator_s_and_the_same_after_a_restart() -> None:
    spec = LessonSpec(seed=5, count=4, level=2)
    assert list(build_questions(spec)) == generate(4, 5, level=2)
    build_questions.cache_clear()
    assert list(build_questions(LessonSpec.from_json(spec.to_json()))) == generate(4, 5, level=2)


def test_a_chapter_lesson_practises_that_chapter_s_rules() -> None:
    chapter = load_chapters()[2]
    questions = build_questions(LessonSpec(seed=2, count=3, chapter=chapter.id))
    assert all(set(q.rules) & set(chapter.rules) for q in questions)
    assert list(questions) == exercises_on([r for r in chapter.rules if r in _askable()], 3, 2)


def _askable() -> frozenset[str]:
    from shangrila_widget.exercises import ASKABLE_RULES

    return ASKABLE_RULES


def test_the_public_question_hides_the_answer_and_draws_the_board() -> None:
    for exercise in build_questions(LessonSpec(seed=1, count=6)):
        shown = public_question(exercise, 2, 6, "pl")
        assert shown["board"].startswith("<svg") and 'xml:lang="pl"' in shown["board"]
        assert shown["question"] == exercise.question.text("pl")
        text = json.dumps(shown)
        for key in ('"correct"', '"misreading"', '"claims"', '"spaces"'):
            assert key not in text
        if exercise.kind == "find_changes":
            assert shown["options"] == [] and set(shown["zoom"]) >= {"A", "B", "D"}
            assert all('class="space"' in svg for svg in shown["zoom"].values())
        else:
            assert shown["options"] == [o.text.text("pl") for o in exercise.options]


def test_judging_an_option_spaces_or_a_journey() -> None:
    exercises = {e.kind: e for e in build_questions(LessonSpec(seed=1, count=6))}
    legal = exercises["legal"]
    for index, option in enumerate(legal.options):
        judged = judge(legal, {"option": index})
        assert (judged.option_index, judged.correct, judged.misreading) == (
            index,
            option.correct,
            option.misreading,
        )
    changes = exercises["find_changes"]
    right = changes.answer.claims["spaces"]
    assert judge(changes, {"spaces": right[::-1]}).correct
    missing = judge(changes, {"spaces": right[1:]})
    assert not missing.correct
    assert "Missed" in why(changes, {"spaces": right[1:]}, "en")
    journey = exercises["find_journey"]
    action = journey.answer.claims["action"]
    assert judge(journey, {"action": f" {action} "}).correct
    assert judge(journey, {"action": "pass"}) == type(judge(journey, {"action": "pass"}))(
        None, False, None
    )


@pytest.mark.parametrize(
    "answer",
    [
        None,
        {},
        {"option": -1},
        {"option": 1.0},
        {"option": "1"},
        {"spaces": [["A", "healer"]]},  # not a find_changes question
        {"action": "pass"},  # nor a find_journey one
        {"option": 0, "spaces": []},
        {"vote": 1},
    ],
)
def test_an_answer_that_does_not_fit_is_refused(answer: object) -> None:
    legal = next(e for e in build_questions(LessonSpec(seed=1, count=6)) if e.kind == "legal")
    with pytest.raises(LessonError):
        judge(legal, answer)


@pytest.mark.parametrize(
    "spaces",
    [
        "A healer",
        [["A"]],
        [["Z", "healer"]],
        [["A", "wizard"]],
        [["A", "healer"], ["A", "healer"]],
        [["A", "healer"]] * 200,
    ],
)
def test_bad_spaces_are_refused(spaces: object) -> None:
    changes = build_questions(LessonSpec(seed=1, count=1, kinds=("find_changes",)))[0]
    with pytest.raises(LessonError):
        judge(changes, {"spaces": spaces})


def test_the_revealed_question_names_each_misreading_and_plays_it_out() -> None:
    exercise = build_questions(LessonSpec(seed=3, count=1))[0]
    shown = revealed_question(exercise, "en")
    assert shown["options"][shown["correct"]]["correct"] is True
    for option, said in zip(exercise.options, shown["options"]):
        assert said["misreading"] == option.misreading
        assert said["why"] == exercise.explain(option, "en")
    assert shown["steps"] and all(s["rule"] and s["words"] for s in shown["steps"])


def test_every_misreading_has_a_short_name_in_every_language() -> None:
    for key in MISREADINGS:
        names = {misreading_name(key, lang) for lang in LANGUAGES}
        assert len(names) == len(LANGUAGES), key
        assert all(0 < len(str(n)) <= 60 for n in names), key
    assert say("class.mis_masters-travel", "en") == "the masters travel too"

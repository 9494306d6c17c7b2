"""The Exercises widget driven headlessly: answers right and wrong, presenter reveal, clicks."""

from __future__ import annotations

import pytest

from shangrila_widget.exercises import generate
from shangrila_widget.widget import Exercises
from shangrila_widget.widget.texts import ui_text


def _wrong(ex: Exercises):  # type: ignore[no-untyped-def]
    return next(o for o in ex.current.options if not o.correct)


def test_a_right_answer_scores_and_plays_the_action_out() -> None:
    ex = Exercises(generate(3, seed=4, kinds=["what_happens"]))
    exercise = ex.current
    verdict = ex.answer(exercise.answer)
    assert verdict == ui_text("exercise_right", "en")
    assert (ex.score, ex.answered, ex.revealed) == (1, 1, True)
    assert ex.board.game == exercise.position.play(exercise.action).position
    assert "J" in " ".join(ex.board.message_rules) or ex.board.message_rules


def test_a_wrong_answer_names_the_misreading_and_asks_the_rule_again() -> None:
    ex = Exercises(generate(2, seed=4, kinds=["stronger"]))
    wrong = _wrong(ex)
    verdict = ex.answer(wrong)
    assert ex.current.explain(wrong, "en") in verdict
    assert ex.current.answer.text.say("en") in verdict
    assert (ex.score, ex.answered) == (0, 1)
    missed = set(ex.current.rules)
    before = len(ex.exercises)
    ex.next()
    assert len(ex.exercises) == before + 1
    assert missed & set(ex.current.rules)


def test_presenter_mode_waits_for_reveal() -> None:
    ex = Exercises(generate(2, seed=9, kinds=["legal"]), presenter=True)
    said = ex.answer(ex.current.answer)
    assert said == ui_text("exercise_wait", "en")
    assert (ex.revealed, ex.score) == (False, 0)
    assert ex.board.game == ex.current.position  # nothing played yet
    assert ex.reveal() == ui_text("exercise_right", "en")
    assert (ex.revealed, ex.score) == (True, 1)


def test_reveal_without_an_answer_shows_the_answer_and_scores_nothing() -> None:
    ex = Exercises(generate(1, seed=2, kinds=["who_wins"]), presenter=True)
    assert ex.current.answer.text.say("en") in ex.reveal()
    assert (ex.score, ex.answered) == (0, 0)


def test_find_the_journey_by_clicking_two_villages() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["find_journey"]))
    action = ex.current.answer.claims["action"]
    _, origin, destination = action.split()
    ex.board.click(("village", origin))
    assert not ex.revealed
    ex.board.click(("village", destination))
    assert (ex.revealed, ex.score) == (True, 1)
    assert ex.board.game == ex.current.position.play(action).position


def test_a_click_on_the_board_plays_nothing_in_a_question_with_options() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["what_happens"]))
    before = ex.board.game
    ex.board.click(("village", ex.current.action.split()[1]))
    assert ex.board.game == before and not ex.revealed


def test_one_language_switch_for_the_question_options_and_board() -> None:
    ex = Exercises(generate(2, seed=1), lang="en")
    ex.lang = "pl"
    assert ex.board.lang == "pl"
    assert ex.current.question.say("pl") in ex.question.value.replace("&#x27;", "'")
    assert ex.next_button.description == ui_text("exercise_next", "pl")
    ex.board.lang = "en"
    assert ex.lang == "en"


def test_an_unknown_answer_is_refused_by_name() -> None:
    ex = Exercises(generate(1, seed=1, kinds=["legal"]))
    with pytest.raises(ValueError, match="not an option"):
        ex.answer("forty-two")
    assert ex.answered == 0


def test_no_exercises_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Exercises([])


def test_a_language_switch_after_the_answer_keeps_the_played_out_events() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["what_happens"]))
    ex.answer(ex.current.answer)
    rules = list(ex.board.message_rules)
    assert rules
    ex.lang = "pl"
    assert ex.board.message_rules == rules
    assert ex.board.message != ui_text("exercise_pick", "pl")


def test_one_presenter_switch_and_no_game_controls_on_the_exercise_board() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["legal"]))
    ex.presenter_button.value = True
    assert ex.presenter and ex.board.presenter
    assert ex.board.presenter_button.layout.display == "none"
    hidden = [ex.board.kind_toggle, ex.board.action_box, *ex.board.buttons.values()]
    assert all(c.layout.display == "none" for c in hidden)

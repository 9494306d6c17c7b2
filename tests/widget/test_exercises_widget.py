"""The Exercises widget driven headlessly: answers right and wrong, presenter reveal, clicks."""

from __future__ import annotations

import pytest

from shangrila_widget.exercises import generate
from shangrila_widget.rules.messages import say
from shangrila_widget.widget import Exercises


def _wrong(ex: Exercises):  # type: ignore[no-untyped-def]
    return next(o for o in ex.current.options if not o.correct)


def test_a_right_answer_scores_and_plays_the_action_out() -> None:
    ex = Exercises(generate(3, seed=4, kinds=["what_happens"]))
    exercise = ex.current
    verdict = ex.answer(exercise.answer)
    assert verdict == say("ui.exercise_right", "en")
    assert (ex.score, ex.answered, ex.revealed) == (1, 1, True)
    # Played out one event at a time: first the journey sets off, on the position before.
    outcome = exercise.position.play(exercise.action)
    assert len(ex.steps) == len(outcome.events) and ex.step == 0
    assert ex.board.game == exercise.position
    assert ex.board.message_rules == [outcome.events[0].rule]
    assert ex.back_button.disabled and not ex.step_button.disabled
    # The step in words, with its rule id, under the verdict (the message line gives way).
    assert outcome.events[0].rule in ex.step_text.value
    assert ex.board.message_box not in ex.board.side_panel.children
    seen = []
    for _ in outcome.events:
        seen += ex.board.message_rules
        ex.step_button.click()
    assert seen == [e.rule for e in outcome.events]
    assert ex.step == len(outcome.events) - 1 and ex.step_button.disabled
    assert ex.board.game == outcome.position
    ex.back_button.click()
    assert ex.step == len(outcome.events) - 2
    assert ex.board.message_rules == [outcome.events[-2].rule]
    ex.lang = "pl"
    assert outcome.events[-2].message("pl").replace("'", "&#x27;") in ex.step_text.value
    ex.next()
    assert ex.board.message_box in ex.board.side_panel.children and not ex.steps


def test_a_wrong_answer_names_the_misreading_and_asks_the_rule_again() -> None:
    ex = Exercises(generate(2, seed=4, kinds=["stronger"]))
    wrong = _wrong(ex)
    verdict = ex.answer(wrong)
    assert ex.current.explain(wrong, "en") in verdict
    assert ex.current.answer.text.text("en") in verdict
    assert (ex.score, ex.answered) == (0, 1)
    missed = set(ex.current.rules)
    before = len(ex.exercises)
    ex.next()
    assert len(ex.exercises) == before + 1
    assert missed & set(ex.current.rules)


def test_presenter_mode_waits_for_reveal() -> None:
    ex = Exercises(generate(2, seed=9, kinds=["legal"]), presenter=True)
    said = ex.answer(ex.current.answer)
    assert said == say("ui.exercise_wait", "en")
    assert (ex.revealed, ex.score) == (False, 0)
    assert ex.board.game == ex.current.position  # nothing played yet
    assert ex.reveal() == say("ui.exercise_right", "en")
    assert (ex.revealed, ex.score) == (True, 1)


def test_reveal_without_an_answer_shows_the_answer_and_scores_nothing() -> None:
    ex = Exercises(generate(1, seed=2, kinds=["who_wins"]), presenter=True)
    assert ex.current.answer.text.text("en") in ex.reveal()
    assert (ex.score, ex.answered) == (0, 0)


def test_find_the_journey_by_clicking_two_villages() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["find_journey"]))
    action = ex.current.answer.claims["action"]
    _, origin, destination = action.split()
    ex.board.click(("village", origin))
    assert not ex.revealed
    ex.board.click(("village", destination))
    assert (ex.revealed, ex.score) == (True, 1)
    ex._go_step(len(ex.steps) - 1)
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
    assert ex.current.question.text("pl") in ex.question.value.replace("&#x27;", "'")
    assert ex.next_button.description == say("ui.exercise_next", "pl")
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
    assert ex.board.message != say("ui.exercise_pick", "pl")


def test_one_presenter_switch_and_no_game_controls_on_the_exercise_board() -> None:
    ex = Exercises(generate(1, seed=4, kinds=["legal"]))
    ex.presenter_button.value = True
    assert ex.presenter and ex.board.presenter
    assert ex.board.presenter_button not in ex.board.top_bar.children
    board_boxes = (
        *ex.board.top_bar.children,
        *ex.board.side_panel.children,
        *ex.board.button_bar.children,
    )
    hidden = [ex.board.kind_toggle, ex.board.action_box, *ex.board.buttons.values()]
    assert not set(hidden) & set(board_boxes)
    assert ex.board.legend.toggle in board_boxes  # the legend stays


def test_a_refused_action_plays_out_as_its_refusal() -> None:
    ex = Exercises(generate(4, seed=9, kinds=["legal"]))
    while ex.current.answer.claims.get("legal", True):
        ex.next()
    ex.answer(ex.current.answer)
    (step,) = ex.steps
    assert step.rule == ex.current.answer.claims["rule"]
    assert ex.board.message_rules == [step.rule]
    assert ex.board.game == ex.current.position


def test_the_exercises_come_in_steps_and_the_title_names_the_step() -> None:
    ex = Exercises(count=6, seed=2)
    assert [e.level for e in ex.exercises] == [1, 1, 2, 2, 3, 3]
    assert say("ui.exercise_title", "en", number=1, total=6) in ex._title.value
    assert "Step 1: one rule" in ex._title.value
    ex.lang = "pl"
    assert "Etap 1: jedna zasada" in ex._title.value
    only = Exercises(count=2, seed=2, level=3)
    assert {e.level for e in only.exercises} == {3}


def _changes(seed: int = 3) -> Exercises:
    return Exercises(generate(2, seed=seed, kinds=["find_changes"]))


def test_every_space_that_changes_clicked_then_done_is_right() -> None:
    ex = _changes()
    assert ex.done_button.layout.display == "flex" and not ex._options.children
    right = ex.current.answer.claims["spaces"]
    for village, master_type in reversed(right):  # any order
        ex.board.click(("space", village, master_type))
    ex.board.click(("village", right[0][0]))  # not a space: nothing
    assert len(ex.chosen_spaces) == len(right)
    assert {(h["village"], h["type"]) for h in ex.board.highlights if h["kind"] == "selected"} >= {
        tuple(s) for s in right
    }
    ex.done_button.click()
    assert (ex.revealed, ex.score) == (True, 1)
    assert ex.done_button.layout.display == "none" and ex._options.children
    assert ex.steps and ex.board.message_rules == [ex.steps[0].rule]


def test_a_wrong_set_of_spaces_names_the_missed_and_the_unchanged() -> None:
    ex = _changes()
    right = ex.current.answer.claims["spaces"]
    ex.toggle_space(*right[0])
    ex.toggle_space(*right[1])
    ex.toggle_space(*right[1])  # a second click takes it back
    unchanged = next(
        (v, t)
        for v in "ABCDEFGHIJKLM"
        for t in ("healer", "priest", "rainmaker")
        if [v, t] not in right
    )
    ex.toggle_space(*unchanged)
    verdict = ex.answer(ex.chosen_spaces)
    assert verdict.startswith("Not quite")
    from shangrila_widget.exercises import spaces_text

    assert "Missed: " + spaces_text(right[1:]).text("en") in verdict
    assert "These do not change: " + spaces_text([unchanged]).text("en") in verdict
    assert ex.score == 0


def test_a_set_of_spaces_a_misreading_changes_is_named() -> None:
    ex = _changes()
    wrong = next(o for o in ex.current.options if not o.correct)
    verdict = ex.answer([tuple(s) for s in wrong.claims["spaces"]])
    assert ex.current.explain(wrong, "en") in verdict


def test_spaces_are_no_answer_to_a_question_with_options() -> None:
    ex = Exercises(generate(1, seed=1, kinds=["legal"]))
    with pytest.raises(ValueError, match="not an option"):
        ex.answer([("A", "healer")])


def test_spaces_chosen_in_presenter_mode_wait_for_reveal() -> None:
    ex = Exercises(generate(1, seed=3, kinds=["find_changes"]), presenter=True)
    for village, master_type in ex.current.answer.claims["spaces"]:
        ex.toggle_space(village, master_type)
    assert ex.answer(ex.chosen_spaces) == say("ui.exercise_wait", "en")
    assert not ex.revealed and not ex.steps
    assert ex.reveal() == say("ui.exercise_right", "en")
    assert ex.score == 1 and ex.steps

"""The click logic of the board, without any widget: whole turns driven by clicks."""

from __future__ import annotations

import random

import pytest

from shangrila_widget.rules import GameRecord, Journey, Place, Position, Recruit
from shangrila_widget.widget.controller import BoardController
from tests.support.positions import FOUR, make


def red_to_play() -> Position:
    """Red to move, with a student in A (Healer), masters in A and B."""
    return make({"A": "H:r+ P:r R:b", "B": "P:r"})


def controller_at(pos: Position, lang: str = "en") -> BoardController:
    controller = BoardController(GameRecord(pos))
    controller.set_lang(lang)
    return controller


def test_setup_click_places_and_refusal_names_rule_in_both_languages() -> None:
    controller = controller_at(Position.new_game(FOUR))
    assert controller.click(("space", "A", "healer")).kind == "played"
    refused = controller.click(("space", "A", "healer"))
    assert refused.kind == "refused" and refused.rules == ("SETUP-SPACE",)
    assert "Red" in refused.text("en")
    controller.set_lang("pl")
    refused_pl = controller.click(("space", "A", "healer"))
    assert refused_pl.rules == ("SETUP-SPACE",) and "Czerwonego" in refused_pl.text("pl")
    assert controller.position.tile("A", "healer") is not None
    assert controller.position.to_move == "blue"


def test_empty_space_click_places_a_master() -> None:
    controller = controller_at(red_to_play())
    feedback = controller.click(("space", "A", "astrologer"))
    assert feedback.kind == "played" and feedback.action == Place("astrologer", "A")
    assert feedback.rules == ("PLACE-SPACE",)
    assert controller.position.tile("A", "astrologer").owner == "red"


def test_empty_space_without_presence_is_refused_and_state_unchanged() -> None:
    controller = controller_at(red_to_play())
    before = controller.position
    feedback = controller.click(("space", "D", "astrologer"))
    assert feedback.kind == "refused" and feedback.rules == ("PLACE-PRESENCE",)
    assert controller.position is before


def test_two_clicks_on_own_masters_recruit_two_students() -> None:
    controller = controller_at(red_to_play())
    first = controller.click(("space", "A", "priest"))
    assert first.kind == "selected"
    marks = controller.highlights()
    assert any(h.kind == "target" and (h.village, h.type) == ("B", "priest") for h in marks)
    second = controller.click(("space", "B", "priest"))
    assert second.kind == "played"
    assert second.action == Recruit((("priest", "A"), ("priest", "B")))
    assert controller.position.tile("B", "priest").student


def test_same_master_twice_recruits_one_and_confirm_button_too() -> None:
    controller = controller_at(red_to_play())
    controller.click(("space", "A", "priest"))
    feedback = controller.click(("space", "A", "priest"))
    assert feedback.action == Recruit((("priest", "A"),))
    controller.undo()
    controller.click(("space", "B", "priest"))
    assert controller.confirm_recruit().action == Recruit((("priest", "B"),))


def test_click_on_opponents_master_is_refused_with_rule() -> None:
    controller = controller_at(red_to_play())
    feedback = controller.click(("space", "A", "rainmaker"))
    assert feedback.kind == "refused" and feedback.rules == ("PLACE-SPACE",)


def test_journey_by_two_clicks_reports_situation() -> None:
    controller = controller_at(red_to_play())
    assert controller.click(("space", "A", "healer")).kind == "selected"
    targets = {h.village for h in controller.highlights() if h.kind == "target"}
    assert targets == {"B", "D", "F", "K"}
    feedback = controller.click(("village", "B"))
    assert feedback.action == Journey("A", "B")
    assert feedback.rules[:2] == ("JOURNEY-ALL", "JOURNEY-STRENGTH")
    assert "J-EMPTY" in feedback.rules and "BRIDGE-COLLAPSE" in feedback.rules
    assert not controller.position.bridge_intact("A", "B")
    assert any(h.kind == "moved" and h.bridge == ("A", "B") for h in controller.highlights())


def test_journey_to_non_neighbour_is_refused() -> None:
    controller = controller_at(red_to_play())
    controller.click(("village", "A"))
    feedback = controller.click(("space", "M", "healer"))
    assert feedback.rules == ("JOURNEY-BRIDGE",)
    assert controller.pending_journey is None


def test_village_without_own_student_cannot_start_a_journey() -> None:
    controller = controller_at(red_to_play())
    controller.set_kind("journey")
    feedback = controller.click(("village", "B"))
    assert feedback.kind == "refused" and feedback.rules == ("JOURNEY-START",)


@pytest.mark.parametrize(
    "garbage",
    [
        ("space", "Z", "healer"),
        ("space", "A", "wizard"),
        ("teleport",),
        ("village",),
        42,
        "A",
        ("space", "A"),
        ("village", 3),
    ],
)
def test_garbage_targets_never_raise_or_change_the_game(garbage: object) -> None:
    controller = controller_at(red_to_play())
    before = controller.position
    feedback = controller.click(garbage)  # type: ignore[arg-type]
    assert feedback.kind == "info"
    assert controller.position is before


def test_undo_redo_reset() -> None:
    controller = controller_at(Position.new_game(FOUR))
    start = controller.position
    controller.click(("space", "A", "healer"))
    after = controller.position
    controller.undo()
    assert controller.position == start
    assert controller.redo().kind == "played"
    assert controller.position == after
    assert controller.redo().kind == "info"
    controller.reset()
    assert controller.position == start
    assert controller.undo().kind == "info"


def test_a_whole_hot_seat_game_by_clicks_only() -> None:
    """Random but legal clicks drive a complete 3-player game from set-up to the scores."""
    rng = random.Random(7)
    controller = controller_at(Position.new_game(["red", "blue", "yellow"]))
    for _ in range(2000):
        pos = controller.position
        if pos.is_over:
            break
        action = rng.choice(pos.legal_actions())
        if isinstance(action, Place):
            controller.set_kind("place")
            feedback = controller.click(("space", action.village, action.type))
        elif isinstance(action, Recruit):
            controller.set_kind("recruit")
            (t1, v1), *rest = action.students
            controller.click(("space", v1, t1))
            if rest:
                feedback = controller.click(("space", rest[0][1], rest[0][0]))
            else:
                feedback = controller.confirm_recruit()
        elif isinstance(action, Journey):
            controller.set_kind("journey")
            controller.click(("village", action.origin))
            feedback = controller.click(("village", action.destination))
        else:
            feedback = controller.play_text("pass")
        assert feedback.kind == "played", feedback.text("en")
        assert feedback.action == action
    assert controller.position.is_over
    assert controller.click(("space", "A", "healer")).kind == "info"

"""The bots' entry points at their edges: every wrong argument ends in a short error of the
right kind naming what is wrong (a :class:`TypeError` for a value of the wrong type, the
package's :class:`ShangrilaError` for a value out of range), and ``explain_action`` explains
exactly the legal action it is given."""

from __future__ import annotations

from typing import Any

import pytest

from shangrila_widget.bots import (
    Bot,
    Budget,
    choose_action,
    explain_action,
    hint,
    review,
    review_svg,
)
from shangrila_widget.bots.review import BLUNDER, INACCURACY, played_out
from shangrila_widget.render.review_chart import review_scene
from shangrila_widget.rules import (
    ActionParseError,
    GameRecord,
    IllegalActionError,
    Journey,
    Position,
    ShangrilaError,
    legal_actions,
)
from tests.bots.test_bots import FOUR, LOSING_JOURNEY, make, random_position

#: Red's Priest student in A with two bridges left: nine legal actions, among them two
#: journeys; the Healer space of A is Blue's.
CROWDED = {"A": "P:r+ R:b Y:b F:b D:b H:b", "B": "P:b R:r", "D": "H:y"}


@pytest.fixture(scope="module")
def crowded() -> Position:
    pos = make(CROWDED, [("A", "B"), ("A", "D")])
    assert len(pos.legal_actions()) == 9
    return pos


@pytest.fixture(scope="module")
def record() -> GameRecord:
    game = GameRecord(make(LOSING_JOURNEY, [("A", "B")]))
    game.play("journey A B")
    return game


def test_a_text_action_is_explained_as_that_action(crowded: Position) -> None:
    reason, rules = explain_action(crowded, "journey A B")
    assert (reason, rules) == explain_action(crowded, Journey("A", "B"))
    assert "BRIDGE-COLLAPSE" in rules and "A–B" in reason
    assert "No other action is legal." not in reason


@pytest.mark.parametrize("action", [None, 12345, ["journey", "A", "B"]])
def test_explaining_a_value_that_is_no_action_is_a_type_error(
    crowded: Position, action: Any
) -> None:
    with pytest.raises(TypeError, match="expected an action or its text"):
        explain_action(crowded, action)


def test_explaining_a_typo_names_the_word(crowded: Position) -> None:
    with pytest.raises(ActionParseError, match="jorney"):
        explain_action(crowded, "jorney A B")


@pytest.mark.parametrize(
    ("action", "rule"),
    [("place healer A", "PLACE-SPACE"), ("journey A C", "PEACE"), ("pass", "TURN-PASS")],
)
def test_an_illegal_action_is_refused_with_its_rule(
    crowded: Position, action: str, rule: str
) -> None:
    with pytest.raises(IllegalActionError) as info:
        explain_action(crowded, action)
    assert info.value.refusal.rule == rule


def test_a_journey_without_a_bridge_is_refused_with_its_rule() -> None:
    pos = random_position(FOUR, 7, 40)
    assert pos.phase == "play" and not pos.has_stone("A") and not pos.has_stone("M")
    with pytest.raises(IllegalActionError) as info:
        explain_action(pos, "journey A M")
    assert info.value.refusal.rule == "JOURNEY-BRIDGE"


def test_explaining_in_an_unknown_language_is_refused(crowded: Position) -> None:
    with pytest.raises(ShangrilaError, match="unknown language 'de'"):
        explain_action(crowded, "journey A B", "de")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (Position.new_game(FOUR), "got a Position: a review needs the moves of a game"),
        (None, "expected a GameRecord, got null"),
        ("journey A B", "expected a GameRecord, got 'journey A B'"),
    ],
)
def test_review_needs_a_record(value: Any, words: str) -> None:
    with pytest.raises(TypeError, match=words):
        review(value)


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_review_needs_a_whole_number_seed(record: GameRecord, seed: Any) -> None:
    with pytest.raises(TypeError, match="seed: expected a whole number"):
        review(record, iterations=5, seed=seed)


def test_a_review_without_a_seed_repeats_as_seed_0(record: GameRecord) -> None:
    assert review(record, iterations=5) == review(record, iterations=5, seed=0)
    assert review(record, Bot("hard", Budget(iterations=5))) == review(record, iterations=5)


def test_a_real_blunder_is_flagged_and_a_good_move_beside_it_is_not(record: GameRecord) -> None:
    """The last bridge: the journey loses the game outright, a placement does not. The review
    flags the journey as a blunder with a better action that holds up when played out, and
    does not flag the placement played from the same position."""
    rev = review(record, seed=1)
    (move,) = rev.moves
    assert move.verdict == "blunder" and move.searched and move.loss >= BLUNDER
    assert move.better is not None and move.better != Journey("A", "B")
    assert move.played_chance == 0.0 and move.better_chance is not None
    before = record.root.position
    mine, better, _ = played_out(before, move.action, move.better, seed=3, playouts=20)
    assert better - mine >= BLUNDER
    quiet = GameRecord(before)
    quiet.play(move.better)
    (good,) = review(quiet, seed=1).moves
    assert good.verdict is None and not good.mistake and good.better is None
    assert good.loss < INACCURACY


def test_the_chart_of_a_record_says_to_review_it_first(record: GameRecord) -> None:
    for draw in (review_svg, review_scene):
        with pytest.raises(TypeError, match=r"got a GameRecord: review it first"):
            draw(record)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="expected a Review"):
            draw(None)  # type: ignore[arg-type]


def test_the_chart_in_an_unknown_language_is_refused(record: GameRecord) -> None:
    rev = review(record, iterations=5)
    with pytest.raises(
        ShangrilaError, match="unknown language 'de': known languages are 'en' and 'pl'"
    ):
        review_svg(rev, lang="de")  # type: ignore[arg-type]
    assert "Win chance" in review_svg(rev, lang="en")


@pytest.mark.parametrize("seed", ["abc", 1.5, True, [1]])
def test_a_seed_is_a_whole_number(crowded: Position, seed: Any) -> None:
    for level in ("random", "easy", "medium"):
        with pytest.raises(TypeError, match="seed: expected a whole number or None"):
            choose_action(crowded, level=level, iterations=5, seed=seed)
    with pytest.raises(TypeError, match="seed: expected a whole number or None"):
        hint(crowded, iterations=5, seed=seed)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"level": ["hard"]}, TypeError),
        ({"level": "grandmaster"}, ShangrilaError),
        ({"iterations": "5"}, TypeError),
        ({"iterations": 0}, ShangrilaError),
        ({"seconds": "1"}, TypeError),
        ({"seconds": 0}, ShangrilaError),
    ],
)
def test_wrong_types_and_bad_values_are_told_apart(
    crowded: Position, arguments: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error) as info:
        choose_action(crowded, **arguments)
    assert isinstance(info.value, ValueError) == (error is ShangrilaError)


def test_the_rules_tell_wrong_types_from_bad_values() -> None:
    pos = Position.new_game(FOUR)
    with pytest.raises(TypeError, match="expected a Position"):
        legal_actions("not a position")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="end_eleven"):
        Position.new_game(FOUR, end_eleven="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="player: expected a colour name"):
        pos.check("pass", player=["red"])  # type: ignore[arg-type]
    with pytest.raises(ShangrilaError, match="not a player of this game"):
        Position.new_game(["red", "blue", "yellow"]).check("pass", player="violet")

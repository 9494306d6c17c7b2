"""One bot spec: ``Bot(level, budget, seed)`` checked once and taken by every entry point;
the levels that search said once; what a bot plays read one way; the old names warn."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path
from typing import Any

import pytest

from shangrila_widget.bots import (
    DEFAULT_BUDGETS,
    LEVEL_CONFIGS,
    LEVELS,
    Bot,
    Budget,
    Thinker,
    choose_action,
    evaluation,
    hint,
    playouts,
    review,
    think,
)
from shangrila_widget.bots.levels import as_bot, searches, seated_bots
from shangrila_widget.rules import GameRecord, Position, ShangrilaError
from tests.bots.test_bots import FOUR, random_position

PACKAGE = Path(__file__).resolve().parents[2] / "shangrila_widget"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


@pytest.fixture(scope="module")
def pos() -> Position:
    return random_position(FOUR, 2, 40)


def test_a_bot_is_checked_when_made() -> None:
    assert Bot() == Bot("medium", None, None)
    assert Bot("hard", Budget(iterations=30), 4).search_budget == Budget(iterations=30)
    with pytest.raises(ShangrilaError, match="unknown bot level 'expert'"):
        Bot("expert")
    with pytest.raises(TypeError, match="budget: expected a Budget"):
        Bot("hard", 30)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed: expected a whole number"):
        Bot("hard", seed="x")  # type: ignore[arg-type]
    with pytest.raises(ShangrilaError, match="iterations must be a whole number from 1"):
        Budget(iterations=0)
    with pytest.raises(ShangrilaError, match="a search needs iterations or seconds"):
        Budget()
    error = pytest.raises(ShangrilaError, Bot, "expert").value
    assert error.text("pl").startswith("nieznany poziom komputera 'expert'")


@pytest.mark.parametrize(
    "call",
    [
        lambda pos: choose_action(pos, level="expert"),
        lambda pos: choose_action(pos, "expert"),
        lambda pos: hint(pos, level="expert"),
        lambda pos: hint(pos, "expert"),
        lambda pos: think(pos, "expert"),
        lambda pos: Thinker(pos, "expert"),
        lambda pos: Thinker(pos, {"level": "expert"}),
    ],
    ids=["choose_action", "choose_action-bot", "hint", "hint-bot", "think", "Thinker", "dict"],
)
def test_an_unknown_level_is_an_error_everywhere(pos: Position, call: Any) -> None:
    with pytest.raises(ShangrilaError, match="unknown bot level 'expert'"):
        call(pos)


def test_an_unknown_level_given_the_old_way_to_thinker_is_an_error_too(pos: Position) -> None:
    """Before the bot spec, ``Thinker(pos, level="expert")`` quietly played ``easy``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ShangrilaError, match="unknown bot level 'expert'"):
            Thinker(pos, level="expert")


def test_the_review_takes_a_bot_that_searches() -> None:
    record = GameRecord(Position.new_game(FOUR))
    record.play("place healer A")
    assert review(record, Bot("hard", Budget(iterations=4), 1)) == review(
        record, iterations=4, seed=1
    )
    with pytest.raises(ShangrilaError, match="needs a level that searches"):
        review(record, Bot("easy"))
    with pytest.raises(TypeError, match="not both"):
        review(record, Bot("hard"), iterations=4)


def test_a_bot_or_its_parts_not_both(pos: Position) -> None:
    with pytest.raises(TypeError, match="not both"):
        choose_action(pos, Bot("easy"), seed=1)
    with pytest.raises(TypeError, match="not both"):
        hint(pos, "easy", iterations=4)
    bot = Bot("medium", Budget(iterations=20), seed=3)
    assert choose_action(pos, bot) == choose_action(pos, level="medium", iterations=20, seed=3)
    assert as_bot({"level": "medium", "iterations": 20, "seed": 3}) == bot


def test_which_levels_search_is_said_once() -> None:
    assert set(LEVEL_CONFIGS) == set(DEFAULT_BUDGETS) == {"medium", "hard"} < set(LEVELS)
    for level in LEVELS:
        bot = Bot(level)
        assert bot.searches == searches(level) == (level in LEVEL_CONFIGS)
        assert (bot.search_budget is None) == (bot.config is None) == (not bot.searches)
    # no other module of the package names the searching (or the other) levels again
    pairs = {("medium", "hard"), ("random", "easy")}
    for path in PACKAGE.rglob("*.py"):
        if path.name == "levels.py" and path.parent.name == "bots":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.Tuple, ast.Set, ast.List)) and len(node.elts) == 2:
                values = tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
                assert values not in pairs and values[::-1] not in pairs, (path, node.lineno)


@pytest.mark.parametrize("level", LEVELS)
def test_what_a_bot_plays_is_the_first_line_of_its_thought_all_along(
    pos: Position, level: str
) -> None:
    thinker = Thinker(pos, Bot(level, Budget(iterations=30) if searches(level) else None, 2))
    while True:
        assert thinker.choice() == thinker.thought().best.action
        if thinker.step(0.002):
            break
    assert thinker.choice() == choose_action(pos, thinker.bot)


def test_a_hints_chance_for_the_player_is_its_first_candidates() -> None:
    """``hint --example 11`` said 0.31 for Red in the position and 0.257 for its only
    candidate: the chances of a thought are those after the action the bot plays."""
    path = EXAMPLES / "11-everyone-must-pass.json"
    forced = Position.from_json(path.read_text(encoding="utf-8"))
    positions = [forced, random_position(FOUR, 3, 30), random_position(FOUR, 7, 90)]
    for level, pos in [(lv, p) for lv in LEVELS for p in positions]:
        found = hint(pos, level=level, iterations=30, seed=1)
        assert found.win_chances[found.player] == found.candidates[0].win_chance, level
        answer = found.to_dict()
        assert answer["win_chances"][found.player] == answer["candidates"][0]["win_chance"]


def test_a_candidates_about_equal_is_what_its_reason_says() -> None:
    """The first candidate's reason compares it with the second: its ``about_equal`` says
    whether those two are within the noise, as the words "too close to tell apart" do."""
    seen = set()
    for seed in range(6):
        pos = random_position(FOUR, seed, 10 + 15 * seed)
        if pos.is_over:
            continue
        for level, iterations in (("hard", 60), ("easy", None)):
            found = hint(pos, level=level, iterations=iterations, seed=seed)
            for candidate in found.candidates[: 2 if len(found.candidates) > 1 else 0]:
                says_equal = "too close to tell apart" in candidate.reason
                assert candidate.about_equal == says_equal, (seed, level, candidate)
                seen.add(says_equal)
    assert seen == {True, False}, "both kinds of comparison were seen"


def test_a_list_of_seats_is_the_default_bot_and_other_values_are_refused() -> None:
    players = ["red", "blue", "yellow"]
    assert seated_bots(["blue", "yellow"], players) == {"blue": Bot(), "yellow": Bot()}
    assert seated_bots(None, players) == {}
    with pytest.raises(ShangrilaError, match="expected a dict from seat to bot or a list"):
        seated_bots("blue", players)
    with pytest.raises(ShangrilaError, match="named twice"):
        seated_bots(["blue", "blue"], players)
    with pytest.raises(ShangrilaError, match="no seat 'violet' in this game"):
        seated_bots(["violet"], players)


def test_the_old_names_work_for_a_release_with_a_deprecation_warning(pos: Position) -> None:
    from shangrila_widget.bots import levels, search, thinking

    with pytest.warns(DeprecationWarning, match="bots.evaluation"):
        assert search.win_chances is evaluation.win_chances
    with pytest.warns(DeprecationWarning, match="bots.playouts"):
        assert search.greedy_playout is playouts.greedy_playout
    with pytest.raises(AttributeError):
        search.no_such_name  # noqa: B018
    with pytest.warns(DeprecationWarning, match=r"use shangrila_widget\.bots\.choose_action"):
        easy = Bot("easy", seed=1)
        assert levels.choose_action(pos, easy) == choose_action(pos, easy)
    with pytest.warns(DeprecationWarning, match="bots.levels"):
        assert thinking.DEFAULT_BUDGETS is DEFAULT_BUDGETS
    with pytest.warns(DeprecationWarning, match="search_budget"):
        assert thinking.budget_for("hard", 5, None) == Budget(iterations=5)
    with pytest.warns(DeprecationWarning, match=r"Bot\(level, Budget"):
        assert Bot("medium", iterations=5, seed=1) == Bot("medium", Budget(5), 1)  # type: ignore[call-arg]
    with pytest.warns(DeprecationWarning, match=r"Thinker\(position, Bot"):
        old = Thinker(pos, level="medium", budget=Budget(iterations=8), seed=1)
    assert old.run() == Thinker(pos, Bot("medium", Budget(iterations=8), 1)).run()
    with pytest.warns(DeprecationWarning, match=r"think\(position, Bot"):
        think(pos, level="easy")
    found = Thinker(pos, Bot("hard", Budget(iterations=20), 1))
    found.run()
    assert found.search is not None
    with pytest.warns(DeprecationWarning, match="Thinker.choice"):
        assert found.search.best() == found.choice()

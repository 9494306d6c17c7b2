"""The plain mutable engine of ``benchmarks/mutable_engine.py`` (the speed benchmark's
yardstick) plays the same rules as ours: over 100 seeded random games, 3 and 4 players, in
several seatings and with the END-ELEVEN option too, both engines list the same legal actions
(by their text) at every position, and after each action the positions agree."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.mutable_engine import MutableGame, action_text
from shangrila_widget.rules import MASTER_TYPES, VILLAGES, Position, apply_unchecked, legal_actions
from shangrila_widget.rules.board import BRIDGES

SEATINGS = (
    ("red", "blue", "yellow", "violet"),
    ("violet", "yellow", "blue", "red"),
    ("red", "blue", "yellow"),
    ("blue", "violet", "red"),
)


def state_of_ours(pos: Position) -> dict[str, Any]:
    """What the position holds, in names (read through the public accessors)."""
    return {
        "to_move": pos.to_move,
        "phase": pos.phase,
        "setup_turns": pos.setup_turns,
        "passes": pos.passes,
        "tiles": {
            (v, t): (tile.owner, tile.student) for v in VILLAGES for t, tile in pos.tiles(v).items()
        },
        "supply": {(c, t): pos.supply(c, t) for c in pos.players for t in MASTER_TYPES},
        "bridges": pos.bridges,
        "stones": pos.stones,
    }


def state_of_mutable(game: MutableGame) -> dict[str, Any]:
    """The same, read from the mutable engine's lists."""
    names = game.players
    return {
        "to_move": names[game.turn],
        "phase": game.phase,
        "setup_turns": game.setup_turns,
        "passes": game.passes,
        "tiles": {
            (VILLAGES[v], MASTER_TYPES[t]): (names[owner], game.student[v][t])
            for v, row in enumerate(game.owner)
            for t, owner in enumerate(row)
            if owner is not None
        },
        "supply": {
            (names[s], MASTER_TYPES[t]): n
            for s, row in enumerate(game.supply)
            for t, n in enumerate(row)
        },
        "bridges": frozenset(b for b, up in zip(BRIDGES, game.bridge_up) if up),
        "stones": frozenset(v for v, stone in zip(VILLAGES, game.stone) if stone),
    }


@pytest.mark.parametrize("game_number", range(100))
def test_both_engines_list_the_same_actions_and_reach_the_same_positions(game_number: int) -> None:
    seats = SEATINGS[game_number % len(SEATINGS)]
    end_eleven = game_number % 10 == 9
    rng = random.Random(game_number)
    pos = Position.new_game(seats, end_eleven=end_eleven)
    game = MutableGame(list(seats), end_eleven=end_eleven)
    assert state_of_mutable(game) == state_of_ours(pos)
    for step in range(1000):
        ours = {str(a): a for a in legal_actions(pos)}
        theirs = {action_text(a): a for a in game.legal_actions()}
        assert len(ours) == len(legal_actions(pos)), "an action listed twice"
        assert len(theirs) == len(game.legal_actions()), "an action listed twice"
        assert sorted(ours) == sorted(theirs), (step, pos.to_compact())
        if not ours:
            break
        text = rng.choice(sorted(ours))
        pos = apply_unchecked(pos, ours[text])
        game.apply(theirs[text])
        assert state_of_mutable(game) == state_of_ours(pos), (step, text, pos.to_compact())
    assert pos.is_over and game.phase == "over"

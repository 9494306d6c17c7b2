"""The flat Monte Carlo anchor: only legal actions, in every phase and for 3 and 4 players,
the same action for the same seed, the budget checked, and a sure win taken."""

from __future__ import annotations

import random

import pytest

from shangrila_widget.bots.flat_monte_carlo import FlatMonteCarlo, flat_monte_carlo_action
from shangrila_widget.rules import (
    Position,
    ShangrilaError,
    apply_unchecked,
    legal_actions,
    random_action,
)

FOUR = ["red", "blue", "yellow", "violet"]
THREE = ["red", "blue", "yellow"]


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions of random games, 3 and 4 players, from the set-up to the last bridges."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        pos = Position.new_game(FOUR if len(found) % 2 else THREE)
        stop = rng.randrange(0, 160)
        for _ in range(stop):
            if pos.is_over:
                break
            pos = apply_unchecked(pos, random_action(pos, rng))
        if not pos.is_over:
            found.append(pos)
    return found


def test_plays_only_legal_actions_and_repeats_for_a_seed() -> None:
    positions = random_positions(60, seed=3)
    phases = {pos.phase for pos in positions}
    assert {"setup", "play"} <= phases
    for number, pos in enumerate(positions):
        action = flat_monte_carlo_action(pos, playouts=8, seed=number)
        assert action in legal_actions(pos)
        assert flat_monte_carlo_action(pos, playouts=8, seed=number) == action
        assert FlatMonteCarlo(playouts=8, seed=number).step(pos) == action


def test_a_time_budget_plays_legal_actions_too() -> None:
    for pos in random_positions(4, seed=5):
        assert flat_monte_carlo_action(pos, seconds=0.01, seed=1) in legal_actions(pos)


def test_the_seed_is_what_repeats() -> None:
    """Different seeds give different playouts: over many positions some choice differs
    (the test above could not fail if the seed were ignored and the player fixed)."""
    positions = random_positions(30, seed=11)
    first = [flat_monte_carlo_action(p, playouts=6, seed=1) for p in positions]
    second = [flat_monte_carlo_action(p, playouts=6, seed=2) for p in positions]
    assert first != second


def test_it_takes_the_action_that_wins_by_the_playouts() -> None:
    """With enough playouts the best action by win share is found: at the end of a random
    game, the last mover's choice is never worse than a random pick's share."""
    rng = random.Random(2)
    checked = 0
    while checked < 6:
        pos = Position.new_game(THREE)
        history = [pos]
        while not pos.is_over:
            pos = apply_unchecked(pos, random_action(pos, rng))
            history.append(pos)
        last = history[-2]  # one action from the end: each action's share is exact
        actions = legal_actions(last)
        if len(actions) < 2:
            continue
        mover = last.to_move
        share = {}
        for action in actions:
            after = apply_unchecked(last, action)
            if not after.is_over:
                break
            winners = after.winners()
            share[action] = 1 / len(winners) if mover in winners else 0.0
        else:
            chosen = flat_monte_carlo_action(last, playouts=len(actions), seed=0)
            assert share[chosen] == max(share.values())
            checked += 1


def test_the_budget_and_the_end_are_refused() -> None:
    pos = Position.new_game(FOUR)
    with pytest.raises(ShangrilaError, match="playouts must be a whole number from 1"):
        flat_monte_carlo_action(pos, playouts=0)
    with pytest.raises(TypeError, match="playouts"):
        FlatMonteCarlo(playouts="many")  # type: ignore[arg-type]
    with pytest.raises(ShangrilaError):
        FlatMonteCarlo(seconds=-1.0)
    with pytest.raises(TypeError, match="seed"):
        flat_monte_carlo_action(pos, playouts=3, seed="abc")  # type: ignore[arg-type]
    rng = random.Random(1)
    while not pos.is_over:
        pos = apply_unchecked(pos, random_action(pos, rng))
    with pytest.raises(ShangrilaError, match="the game is over"):
        flat_monte_carlo_action(pos, playouts=3)

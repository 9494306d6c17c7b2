"""A flat Monte Carlo player: the outside yardstick the levels are rated against.

It knows nothing of the game beyond the rules' public functions (:func:`legal_actions`,
:func:`apply_unchecked`, :func:`random_action`, :meth:`Position.winners`): for each legal
action in turn it plays the game on to its end with uniformly random actions and counts the
mover's share of the win (1/k for each of k winners), and it plays the action with the best
mean share. Its budget is a number of playouts in all and/or seconds of wall-clock time,
whichever ends first; with a seed and a playout budget its choices repeat exactly. It is the
simplest bot a player could write in a page, so a level rated above it means something to
someone who did not write this package (``benchmarks/ladder.py``, entrant ``flatmc``).

>>> from shangrila_widget.rules import Position, legal_actions
>>> pos = Position.new_game(["red", "blue", "yellow"])
>>> action = flat_monte_carlo_action(pos, playouts=20, seed=1)
>>> action in legal_actions(pos), action == flat_monte_carlo_action(pos, playouts=20, seed=1)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from shangrila_widget.bots.levels import MAX_ITERATIONS, check_budget, check_seed
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import apply_unchecked, legal_actions, random_action
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position

DEFAULT_PLAYOUTS: Final = 500
"""The playouts a move when no budget is named (about what the issue's naive player used)."""

MAX_PLAYOUTS: Final = MAX_ITERATIONS
"""The most playouts one move may ask for."""


def check_flat_budget(playouts: object, seconds: object, seed: object) -> None:
    """Refuse playouts that are not a whole number from 1 to :data:`MAX_PLAYOUTS`, seconds
    out of the bots' range (:func:`~shangrila_widget.bots.levels.check_budget`) and a seed
    that is not a whole number (a :class:`TypeError` for a value of the wrong type)."""
    if isinstance(playouts, bool) or not isinstance(playouts, (int, type(None))):
        raise TypeError(f"playouts: expected a whole number or None, got {excerpt(playouts)}")
    if playouts is not None and not 1 <= playouts <= MAX_PLAYOUTS:
        raise ShangrilaError(
            problem("flat_playouts", most=f"{MAX_PLAYOUTS:,}", value=excerpt(playouts))
        )
    check_budget(None, seconds)
    check_seed(seed)


@dataclass(frozen=True)
class FlatMonteCarlo:
    """The flat Monte Carlo player: ``playouts`` in all a move and/or ``seconds`` a move
    (whichever ends first; neither: :data:`DEFAULT_PLAYOUTS`), and a ``seed`` (None: a
    fresh one each time). :meth:`step` gives the action it plays."""

    playouts: int | None = None
    seconds: float | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        check_flat_budget(self.playouts, self.seconds, self.seed)

    def step(self, position: Position) -> Action:
        """The action the player plays in ``position`` (see :func:`flat_monte_carlo_action`)."""
        return flat_monte_carlo_action(
            position, playouts=self.playouts, seconds=self.seconds, seed=self.seed
        )


def flat_monte_carlo_action(
    position: Position,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Action:
    """The legal action with the best mean share of the win over uniformly random playouts
        to the end, the actions taking turns (one playout each in the order
        :func:`legal_actions` lists them, again and again) until ``playouts`` in all or
        ``seconds`` of ``clock`` have passed (neither: :data:`DEFAULT_PLAYOUTS`; the clock is the
    wall clock unless given, :func:`time.process_time` for CPU time). Ties, and actions not yet
        tried, go to the one listed first. With one legal action it is returned at once.
        Raises :class:`ShangrilaError` for a finished game."""
    check_flat_budget(playouts, seconds, seed)
    actions = legal_actions(position)
    if not actions:
        raise ShangrilaError(problem("game_over_choose"))
    if len(actions) == 1:
        return actions[0]
    if playouts is None and seconds is None:
        playouts = DEFAULT_PLAYOUTS
    rng = random.Random(seed)
    mover = position.to_move
    count = len(actions)
    wins = [0.0] * count
    tries = [0] * count
    deadline = None if seconds is None else clock() + seconds
    done = 0
    while playouts is None or done < playouts:
        if deadline is not None and done and clock() >= deadline:
            break
        index = done % count
        wins[index] += _random_playout(apply_unchecked(position, actions[index]), mover, rng)
        tries[index] += 1
        done += 1
    best, best_mean = 0, -1.0
    for index in range(count):
        if tries[index]:
            mean = wins[index] / tries[index]
            if mean > best_mean:
                best, best_mean = index, mean
    return actions[best]


def _random_playout(position: Position, mover: str, rng: random.Random) -> float:
    """Play uniformly random actions to the end; the mover's share of the win."""
    while not position.is_over:
        position = apply_unchecked(position, random_action(position, rng))
    winners = position.winners()
    return 1.0 / len(winners) if mover in winners else 0.0


__all__ = [
    "DEFAULT_PLAYOUTS",
    "MAX_PLAYOUTS",
    "FlatMonteCarlo",
    "check_flat_budget",
    "flat_monte_carlo_action",
]

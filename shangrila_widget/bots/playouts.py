"""The bots' playouts: how a search plays on from a position before it evaluates it.

- ``greedy`` (:func:`greedy_playout`), the policy of the ``medium`` and ``hard`` levels:
  every seat plays the ``easy`` bot's move (:func:`~shangrila_widget.bots.evaluation.greedy_action`)
  for a few actions, the other players' likely answers, before the evaluation;
- ``sampled`` (:func:`playout`, one action of it :func:`rollout_action`,
  :data:`ROLLOUT_WEIGHTS`), cheap enough for long playouts: place a master (chance 0.7) or
  recruit, each action of the kind picked uniformly by the engine's sampler, and start a
  journey only when nothing else is legal (the journeys' promise is left to the evaluation
  at the playout's end). As one seat against three uniform random players it wins about
  half of the games, where uniform play, which mostly recruits because pairs of students
  make most of the legal list, wins a quarter.

- ``uniform`` (:func:`uniform_playout`), the policy of the ``hard`` level: uniformly random
  actions (the engine's sampler) to the end of the game, scored by the final shares: no
  evaluation at all, so no bias of one, and 600-1,900 playouts a CPU second.

The other playouts end in :func:`~shangrila_widget.bots.evaluation.win_chances`.

Inside ``with remembered_choices():`` (:func:`remembered_choices`) the greedy playouts
remember the ``easy`` bot's best actions in each position they meet and draw from them when
they meet it again, with the same draws as :func:`greedy_action`: the same playouts, each
position scored once (the review plays many lines out from the same positions).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal

from shangrila_widget.bots.evaluation import (
    final_shares,
    greedy_action,
    greedy_choices,
    win_chances,
)
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.codes import OVER
from shangrila_widget.rules.engine import apply_unchecked, random_action

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

Policy = Literal["sampled", "greedy", "uniform"]
"""How a playout plays: ``sampled`` draws by :data:`ROLLOUT_WEIGHTS`; ``greedy`` plays the
``easy`` bot's move (:func:`~shangrila_widget.bots.evaluation.greedy_action`) for every
seat; ``uniform`` draws uniformly from the legal actions to the end of the game."""

#: The sampled policy: a placement with chance 0.7 when one is legal, else a recruit, a
#: journey only when nothing else is (see :func:`~shangrila_widget.rules.random_action`).
ROLLOUT_WEIGHTS: Final = MappingProxyType({"place": 0.7, "recruit": 0.3})


#: The most positions :func:`remembered_choices` keeps (it starts again when full).
REMEMBERED: Final = 50_000


class ChoiceMemo:
    """The ``easy`` bot's choices remembered by position (:func:`remembered_choices`);
    ``scored``: how many positions were scored (each once), ``reused``: how many choices were
    drawn from a remembered one."""

    def __init__(self) -> None:
        self.choices: dict[Position, tuple[list[Action], bool]] = {}
        self.scored = 0
        self.reused = 0

    def action(self, pos: Position, rng: random.Random) -> Action:
        """:func:`greedy_action`, the same draw, scoring ``pos`` only the first time."""
        found = self.choices.get(pos)
        if found is None:
            if len(self.choices) >= REMEMBERED:
                self.choices.clear()
            found = self.choices[pos] = greedy_choices(pos)
            self.scored += 1
        else:
            self.reused += 1
        best, forced = found
        return best[0] if forced else rng.choice(best)


_MEMO: ContextVar[ChoiceMemo | None] = ContextVar("remembered_choices", default=None)


@contextmanager
def remembered_choices(memo: ChoiceMemo | None = None) -> Iterator[ChoiceMemo]:
    """Inside it the greedy playouts remember the ``easy`` bot's choices in ``memo`` (a new
    one by default; see the module docstring)."""
    memo = ChoiceMemo() if memo is None else memo
    token = _MEMO.set(memo)
    try:
        yield memo
    finally:
        _MEMO.reset(token)


def easy_action(pos: Position, rng: random.Random) -> Action:
    """:func:`greedy_action`, through the remembered choices when there are some."""
    memo = _MEMO.get()
    return greedy_action(pos, rng) if memo is None else memo.action(pos, rng)


def rollout_action(pos: Position, rng: random.Random) -> Action:
    """The playout policy (see the module's docstring), drawn by the engine's sampler without
    listing the legal actions."""
    return random_action(pos, rng, weights=ROLLOUT_WEIGHTS)


def playout(pos: Position, rng: random.Random, depth: int) -> list[float]:
    """Play ``depth`` actions of the rollout policy (or to the end); the seats' chances."""
    weights = ROLLOUT_WEIGHTS
    for _ in range(depth):
        if pos.packed.phase == OVER:
            break
        pos = apply_unchecked(pos, random_action(pos, rng, weights=weights))
    return win_chances(pos)


def greedy_playout(pos: Position, rng: random.Random, depth: int) -> list[float]:
    """Play ``depth`` actions of the ``easy`` bot (:func:`greedy_action`) for every seat (or
    to the end); the seats' chances then."""
    memo = _MEMO.get()
    choose = greedy_action if memo is None else memo.action
    for _ in range(depth):
        if pos.packed.phase == OVER:
            break
        pos = apply_unchecked(pos, choose(pos, rng))
    return win_chances(pos)


def uniform_playout(pos: Position, rng: random.Random, depth: int = 0) -> list[float]:
    """Play uniformly random actions to the end of the game (``depth`` is not used: there is
    no evaluation to stop at); the seats' final shares (1/k for each of k winners)."""
    while pos.packed.phase != OVER:
        pos = apply_unchecked(pos, random_action(pos, rng))
    return final_shares(pos)


def recorded_playout(
    pos: Position, rng: random.Random, depth: int, policy: Policy
) -> tuple[list[float], tuple[Action, ...]]:
    """A playout of ``policy`` (like :func:`greedy_playout` or :func:`playout`) that also
    returns the actions it played (none for ``uniform``: random actions are no one's
    expected answers)."""
    if policy == "uniform":
        return uniform_playout(pos, rng), ()
    choose = easy_action if policy == "greedy" else rollout_action
    played: list[Action] = []
    for _ in range(depth):
        if pos.packed.phase == OVER:
            break
        action = choose(pos, rng)
        played.append(action)
        pos = apply_unchecked(pos, action)
    return win_chances(pos), tuple(played)


__all__ = [
    "REMEMBERED",
    "ROLLOUT_WEIGHTS",
    "ChoiceMemo",
    "easy_action",
    "remembered_choices",
    "Policy",
    "greedy_playout",
    "playout",
    "recorded_playout",
    "rollout_action",
    "uniform_playout",
]

"""The positions exercises ask about, drawn from random games: in set-up, in play, before the
last journey, finished, or before the 11th stone; and a journey drawn from one that puts a
given rule to work.

>>> from random import Random
>>> pos = random_position(Random(1), ["red", "blue", "yellow"], over=True)
>>> pos.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from shangrila_widget.exercises.exercise import rules_at_work
from shangrila_widget.exercises.model import MISREADINGS
from shangrila_widget.rules import BRIDGES, Journey, Position, apply_unchecked, random_action

#: Tries at finding a position for one exercise before giving up on that seed's draw.
TRIES: Final = 400


JOURNEY_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind == "journey")


def random_position(
    rng: Random,
    colours: Sequence[str],
    *,
    over: bool = False,
    setup: bool = False,
    last: bool = False,
) -> Position:
    """A position of a random game: during set-up, in play (after at least one journey),
    before its last journey, or finished."""
    pos = Position.new_game(list(colours))
    if setup:
        for _ in range(rng.randrange(7 * len(colours))):
            pos = apply_unchecked(pos, random_action(pos, rng))
        return pos
    stop = None if over else rng.randrange(4, 24)
    if last:
        stop = len(BRIDGES) - (3 if len(colours) == 3 else 0)
    journeys = 0
    while not pos.is_over:
        action = random_action(pos, rng)
        if isinstance(action, Journey):
            journeys += 1
            if stop is not None and journeys >= stop:
                return pos
        pos = apply_unchecked(pos, action)
    return pos


def before_eleventh(rng: Random, colours: Sequence[str]) -> Position:
    """A position of a random game played with the option END-ELEVEN, just before the
    journey that ends it."""
    pos = Position.new_game(list(colours), end_eleven=True)
    while True:
        after = apply_unchecked(pos, random_action(pos, rng))
        if after.is_over:
            return pos
        pos = after


def ends_at_eleven(pos: Position, journey: Journey) -> bool:
    """The journey ends the game by its 11th stone (option END-ELEVEN), a bridge left."""
    after = pos.play(journey).position
    return after.is_over and bool(after.bridges)


def journeys_of(pos: Position) -> list[Journey]:
    return [a for a in pos.legal_actions() if isinstance(a, Journey)]


def journey_at_work(
    rng: Random, pos: Position, journeys: list[Journey], target: str | None
) -> Journey | None:
    """One of ``journeys`` drawn at random, if ``target`` (a rule id, or None for any) is at
    work in it: the engine names the rule, or a journey misreading of the rule can show.
    None when there is no journey or the drawn one does not serve."""
    if not journeys:
        return None
    action = rng.choice(journeys)
    if target is not None and target not in rules_at_work(pos, str(action)):
        if not any(target in MISREADINGS[r].rules for r in JOURNEY_READINGS):
            return None
    return action


__all__ = [
    "JOURNEY_READINGS",
    "TRIES",
    "before_eleventh",
    "ends_at_eleven",
    "journey_at_work",
    "journeys_of",
    "random_position",
]

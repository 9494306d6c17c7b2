"""The review's evidence for one move: the one-move screen and the lines played out.

:func:`screen` compares the played action's one-move chance with every legal action's
(:func:`~shangrila_widget.bots.evaluation.action_chances`); :func:`played_out` plays both
lines, the played action and another, on with the ``easy`` bot in every seat, the k-th
continuation of both from the same seed, and gives their means and the standard error of the
paired difference; :func:`played_out_move` writes such lines into a
:class:`~shangrila_widget.bots.review_report.MoveReview`. The schedule that decides which
moves get which evidence is :class:`~shangrila_widget.bots.review.Reviewer`'s.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Final

from shangrila_widget.bots.evaluation import action_chances
from shangrila_widget.bots.hint import action_reason
from shangrila_widget.bots.playouts import greedy_playout
from shangrila_widget.bots.review_report import INACCURACY, MoveReview
from shangrila_widget.bots.thinking import RankedAction
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import apply_unchecked, legal_actions
from shangrila_widget.rules.messages import Joined, Message, action_message
from shangrila_widget.rules.position import Position

#: A move is searched only when some action's one-move chance beats the played one's by this.
SCREEN: Final = 0.03
#: How many standard errors of the difference the best action's lead must reach.
EVIDENCE: Final = 2.0
#: A candidate flag is played out: both lines, this many times each, by the ``easy`` bot in
#: every seat for :data:`PLAYOUT_DEPTH` actions (or to the end) before the evaluation.
PLAYOUTS: Final = 12
PLAYOUT_DEPTH: Final = 40
#: A flag's lines are played out :data:`FIRST_PLAYOUTS` times first, and to :data:`PLAYOUTS`
#: unless the better line is behind by then (:func:`goes_on`).
FIRST_PLAYOUTS: Final = 4
#: A costliest move is named only when its loss is confirmed: each player's
#: :data:`CANDIDATES` biggest losses (not yet played out) are played out,
#: :data:`CONFIRM_PLAYOUTS` continuations of each line from the same seeds, pair by pair,
#: :data:`CONFIRM_DEPTH` actions each (or to the end); the loss is confirmed when the better
#: line comes out ahead in every pair (the first pair that does not stops it).
CANDIDATES: Final = 3
CONFIRM_PLAYOUTS: Final = 3
CONFIRM_DEPTH: Final = 16


def played_out(
    pos: Position,
    played: Action,
    other: Action,
    seed: int,
    playouts: int | None = None,
    depth: int | None = None,
) -> tuple[float, float, float]:
    """Both lines played out: the mover's mean chance after ``played`` and after ``other``,
    each over ``playouts`` continuations of the ``easy`` bot in every seat (``depth``
    actions or to the end, then the evaluation), the k-th continuation of both lines drawn
    from the same seed; and the standard error of the difference. By default
    :data:`PLAYOUTS` continuations of :data:`PLAYOUT_DEPTH` actions."""
    playouts = PLAYOUTS if playouts is None else playouts
    depth = PLAYOUT_DEPTH if depth is None else depth
    return pair_stats(pairs(pos, played, other, seed, playouts, depth))


def pair(
    pos: Position, played: Action, other: Action, seed: int, depth: int
) -> tuple[float, float]:
    """One continuation of each line from the same seed: the mover's chance after ``played``
    and after ``other``."""
    seat = pos.packed.turn
    a = greedy_playout(apply_unchecked(pos, played), random.Random(seed), depth)[seat]
    b = greedy_playout(apply_unchecked(pos, other), random.Random(seed), depth)[seat]
    return a, b


def pairs(
    pos: Position, played: Action, other: Action, seed: int, stop: int, depth: int, start: int = 0
) -> list[tuple[float, float]]:
    """The continuations ``start`` to ``stop`` of both lines (:func:`played_out`'s k-th is
    drawn from seed ``seed * 7919 + k``)."""
    return [pair(pos, played, other, seed * 7919 + k, depth) for k in range(start, stop)]


def pair_stats(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """The mean of each line and the standard error of their paired difference."""
    n = len(pairs)
    differences = [b - a for a, b in pairs]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / max(1, n - 1)
    return sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n, math.sqrt(variance / n)


def goes_on(first: list[tuple[float, float]]) -> bool:
    """Whether a candidate flag's lines are played on past their first pairs (``first``):
    unless the better line is behind. Pairs that came out even say little of the rest: a
    better line that wins outright now and then often ties its first four pairs (their
    standard error then 0), as one did in 3 of 12 after four ties in the review benchmark.

    >>> goes_on([(0.0, 0.0)] * 4), goes_on([(0.2, 0.5), (0.6, 0.1)])
    (True, False)
    """
    return sum(b - a for a, b in first) >= 0


def share_of(loss: float, best_chance: float | None) -> float:
    """The share of the win chance within reach (``best_chance``) that ``loss`` gave up."""
    if best_chance is None or best_chance <= 0 or loss <= 0:
        return 0.0
    return min(1.0, loss / best_chance)


def played_out_move(
    move: MoveReview, pairs: list[tuple[float, float]], depth: int, *, share: bool = True
) -> MoveReview:
    """``move`` judged by its played-out lines (``pairs``: the k-th continuation of each line):
    the loss, the chances, the share given up (kept as it was unless ``share``), and whether
    the loss is confirmed (the better line ahead in every pair of continuations)."""
    mine, theirs, _ = pair_stats(pairs)
    loss = theirs - mine
    return replace(
        move,
        loss=loss,
        played_chance=mine,
        best_chance=theirs,
        share=share_of(loss, theirs) if share else move.share,
        playouts=len(pairs),
        depth=depth,
        confirmed=all(b > a for a, b in pairs),
    )


def strong(best: RankedAction, mine: RankedAction, loss: float) -> bool:
    """Whether the evidence is strong enough to flag: a loss of at least
    :data:`INACCURACY` and of at least :data:`EVIDENCE` standard errors."""
    noise = math.sqrt(best.spread**2 + mine.spread**2)
    return loss >= INACCURACY and loss >= EVIDENCE * noise


@dataclass(frozen=True)
class Screen:
    """The one-move screen of a move: how many legal actions there were, how much the best
    one's one-move chance beats the played one's (``gap``), that action and both chances."""

    choices: int
    gap: float
    best: Action | None
    best_chance: float | None
    played_chance: float | None
    outranked: float = 0.0


def screen(pos: Position, played: Action) -> Screen:
    """The one-move screen: every legal action's one-move chance against the played one's
    (nothing to compare when the game is over or the move was forced). The move is searched
    only when the gap is :data:`SCREEN` or more."""
    actions = [] if pos.is_over else legal_actions(pos)
    if len(actions) < 2:
        return Screen(len(actions), 0.0, None, None, None)
    values = dict(zip(actions, action_chances(pos, actions)))
    best = max(actions, key=values.__getitem__)
    mine = values[played]
    gap = values[best] - mine
    outranked = sum(1 for v in values.values() if v > mine + 1e-12) / (len(actions) - 1)
    if gap <= 0.0:
        return Screen(len(actions), 0.0, None, None, mine, outranked)
    return Screen(len(actions), gap, best, values[best], mine, outranked)


def reason(pos: Position, best: RankedAction, played: Action, reply: Action | None) -> Joined:
    """Why the better action is better: what it does, and the answer the played one invites."""
    why, _ = action_reason(pos, best.action)
    parts: list[Message | Joined] = [why]
    if reply is not None:
        after = apply_unchecked(pos, played)
        parts.append(
            Message(
                "review.punished",
                {
                    "played": action_message(played),
                    "colour": after.to_move,
                    "reply": action_message(reply),
                },
            )
        )
    return Joined(tuple(parts))


__all__ = [
    "CONFIRM_DEPTH",
    "CONFIRM_PLAYOUTS",
    "EVIDENCE",
    "FIRST_PLAYOUTS",
    "PLAYOUTS",
    "PLAYOUT_DEPTH",
    "SCREEN",
    "Screen",
    "goes_on",
    "pair",
    "pair_stats",
    "pairs",
    "played_out",
    "played_out_move",
    "reason",
    "screen",
    "share_of",
    "strong",
]

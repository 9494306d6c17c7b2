"""Review a game: every player's win chance before and after each move, and the mistakes.

:func:`review` searches each position of a record's main line once (a small budget), so
that for move i the chances "before" are the estimate of position i and "after" that of
position i+1. A move whose player lost at least ``threshold`` of win chance, while the search
preferred another action, is a mistake; it names the better action and the reason for it.

The chart of a review is drawn in :mod:`shangrila_widget.render.review_chart`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from shangrila_widget.bots.hint import explain_action
from shangrila_widget.bots.levels import check_budget
from shangrila_widget.bots.search import Search, final_shares, win_chances
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import Colour
from shangrila_widget.rules.engine import legal_actions
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Language, check_language
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.record import GameRecord


@dataclass(frozen=True)
class MoveReview:
    """One move of the main line (``index`` 1 is the first move)."""

    index: int
    player: Colour
    action: Action
    before: dict[Colour, float]
    after: dict[Colour, float]
    loss: float  # the player's win chance before minus after
    mistake: bool
    better: Action | None
    better_chance: float | None
    reason: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "index": self.index,
            "player": self.player,
            "action": str(self.action),
            "before": {c: round(p, 3) for c, p in self.before.items()},
            "after": {c: round(p, 3) for c, p in self.after.items()},
            "loss": round(self.loss, 3),
            "mistake": self.mistake,
            "better": None if self.better is None else str(self.better),
            "better_chance": None if self.better_chance is None else round(self.better_chance, 3),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Review:
    """The review of a game: the players, the chances at the start, one entry per move."""

    players: tuple[Colour, ...]
    start: dict[Colour, float]
    moves: tuple[MoveReview, ...]
    lang: Language

    @property
    def mistakes(self) -> list[MoveReview]:
        """The moves marked as mistakes, biggest loss first."""
        return sorted((m for m in self.moves if m.mistake), key=lambda m: -m.loss)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "players": list(self.players),
            "start": {c: round(p, 3) for c, p in self.start.items()},
            "moves": [m.to_dict() for m in self.moves],
        }


def _estimate(pos: Position, iterations: int, seed: int) -> tuple[list[float], Search | None]:
    """Every seat's chance in ``pos`` (the value of the search's preferred action)."""
    if pos.is_over:
        return final_shares(pos), None
    if len(legal_actions(pos)) == 1:
        return win_chances(pos), None
    found = Search(pos, random.Random(seed))
    found.run(iterations)
    ranked = found.ranked()
    best = ranked[0][1]
    return [v / best.visits for v in best.value], found


def review(
    record: GameRecord,
    *,
    iterations: int = 200,
    seed: int = 0,
    lang: Language = "en",
    threshold: float = 0.1,
) -> Review:
    """Review the main line of ``record`` (see the module docstring).

    ``threshold`` is the loss of win chance, from 0 to 1, that makes a move a mistake;
    ``seed`` a whole number (position i is searched with seed + i). Raises
    :class:`TypeError` for a value of the wrong type (a :class:`Position` is not a record:
    ``GameRecord(position)`` makes one), :class:`ShangrilaError` for one out of range.
    """
    if not isinstance(record, GameRecord):
        if isinstance(record, Position):
            raise TypeError(
                "expected a GameRecord, got a Position: a review needs the moves of a game "
                "(GameRecord(position) starts one)"
            )
        raise TypeError(f"expected a GameRecord, got {excerpt(record)}")
    check_budget(iterations, None)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed: expected a whole number, got {excerpt(seed)}")
    check_language(lang)
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise TypeError(f"threshold: expected a number from 0 to 1, got {excerpt(threshold)}")
    if not 0 <= threshold <= 1:
        raise ShangrilaError(f"threshold must be a number from 0 to 1, not {excerpt(threshold)}")
    positions = [record.root.position]
    actions: list[Action] = []
    for node in record.main_line():
        positions.append(node.position)
        assert node.action is not None
        actions.append(node.action)
    players = positions[0].players
    estimates = [_estimate(pos, iterations, seed + i) for i, pos in enumerate(positions)]
    moves: list[MoveReview] = []
    for i, action in enumerate(actions):
        before_pos = positions[i]
        seat = before_pos.packed.turn
        before, found = estimates[i]
        after = estimates[i + 1][0]
        loss = before[seat] - after[seat]
        better = better_chance = reason = None
        mistake = False
        if found is not None and loss >= threshold:
            best_action, best_node = found.ranked()[0]
            if best_action != action:
                mistake = True
                better, better_chance = best_action, best_node.mean(seat)
                reason = explain_action(before_pos, best_action, lang)[0]
        moves.append(
            MoveReview(
                index=i + 1,
                player=players[seat],
                action=action,
                before=dict(zip(players, before)),
                after=dict(zip(players, after)),
                loss=loss,
                mistake=mistake,
                better=better,
                better_chance=better_chance,
                reason=reason,
            )
        )
    return Review(players, dict(zip(players, estimates[0][0])), tuple(moves), lang)

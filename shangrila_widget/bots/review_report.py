"""The review's report: what it says of each move and each player, in words and as JSON.

A :class:`Review` holds one :class:`MoveReview` per move of the main line (the judgements
themselves are made by :class:`~shangrila_widget.bots.review.Reviewer`); from them it says how
well each player played (:meth:`Review.figure`, :class:`PlayerFigure`), each player's
costliest moves (:meth:`Review.costliest`), what a move did on the board
(:meth:`Review.facts`, from :mod:`~shangrila_widget.bots.move_facts`) and the JSON that
``shangrila review`` prints (:meth:`Review.to_dict`). The names here are importable from
:mod:`shangrila_widget.bots.review` too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final, Literal

from shangrila_widget.bots.move_facts import fact_kind, move_facts
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import Colour
from shangrila_widget.rules.messages import Joined, Language, Message, action_message
from shangrila_widget.rules.position import Position

Verdict = Literal["inaccuracy", "mistake", "blunder"]

#: The smallest loss of win chance (0-1) flagged, and the sizes that name it.
INACCURACY: Final = 0.05
MISTAKE: Final = 0.10
BLUNDER: Final = 0.20


def verdict_of(loss: float) -> Verdict | None:
    """The name of a loss of win chance: None below :data:`INACCURACY`.

    >>> verdict_of(0.02), verdict_of(0.07), verdict_of(0.12), verdict_of(0.5)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


@dataclass(frozen=True)
class MoveReview:
    """One move of the main line (``index`` 1 is the first move).

    ``before`` and ``after``: every player's chance in the positions around the move (the
    chart's points). ``loss``: the mover's chance of the best action minus the played one's,
    by the search when it ran (``searched``; the played-out difference when played out),
    else by the one-move screen, never thresholded. ``choices``: the legal actions there
    were; ``best``: the best other action by that same judgement (None when the played one
    was judged best or was the only one), with the mover's chance after it
    (``best_chance``) and the answers the search expects after it (``best_line``, empty
    when nothing was searched). ``outranked``: the share of the other legal actions whose
    one-move chance beats the played one's (0: the one-move best; about 0.5 at random).
    ``verdict``:
    None, or how big a flagged loss is; a flagged move has ``better`` (and its chance and
    reason), the played action's chance, and ``reply``, the answer that punishes it.
    ``judged`` is False while a :class:`Reviewer` has not reached the move yet.

    ``share``: the share of the win chance within the mover's reach that the move gave up,
    the loss over the better action's chance (0 when nothing was lost), by the one-move
    screen, or by the played-out lines once played out; what the per-player figure averages.
    ``playouts``: how many continuations of each line were played out (0: none), each
    ``depth`` actions long (or to the end); ``confirmed``: the played-out lines bear the
    loss out (the better line ahead by more than one standard error of the difference, or
    a flag): only such a move is named among the costliest.
    """

    index: int
    player: Colour
    action: Action
    before: dict[Colour, float]
    after: dict[Colour, float]
    loss: float
    verdict: Verdict | None
    better: Action | None
    better_chance: float | None
    played_chance: float | None
    reply: Action | None
    reason: str | None
    searched: bool
    judged: bool = True
    choices: int = 0
    best: Action | None = None
    best_chance: float | None = None
    best_line: tuple[Action, ...] = ()
    outranked: float = 0.0
    share: float = 0.0
    playouts: int = 0
    depth: int = 0
    confirmed: bool = False

    @property
    def mistake(self) -> bool:
        """Whether the move is flagged (an inaccuracy, a mistake or a blunder)."""
        return self.verdict is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""

        def rounded(p: float | None) -> float | None:
            return None if p is None else round(p, 3)

        return {
            "index": self.index,
            "player": self.player,
            "action": str(self.action),
            "before": {c: round(p, 3) for c, p in self.before.items()},
            "after": {c: round(p, 3) for c, p in self.after.items()},
            "loss": round(self.loss, 3),
            "verdict": self.verdict,
            "mistake": self.mistake,
            "better": None if self.better is None else str(self.better),
            "better_chance": rounded(self.better_chance),
            "played_chance": rounded(self.played_chance),
            "reply": None if self.reply is None else str(self.reply),
            "reason": self.reason,
            "searched": self.searched,
            "choices": self.choices,
            "best": None if self.best is None else str(self.best),
            "best_chance": rounded(self.best_chance),
            "best_line": [str(a) for a in self.best_line],
            "outranked": round(self.outranked, 3),
            "share": round(self.share, 4),
            "playouts": self.playouts,
            "confirmed": self.confirmed,
        }


Size = Literal["tiny", "small", "clear", "large"]
PlayName = Literal["excellent", "good", "uneven", "loose"]

#: How many of each player's costliest moves a review names.
COSTLIEST: Final = 3
#: A costliest move is one played with at least this chance to win before it (by the chart):
#: below it the game is all but lost, and its lines played out end alike.
DECIDED: Final = 0.05
#: The sizes of one move's loss, in words (below each bound): tiny, small, clear; large
#: from the last bound on.
SIZES: Final[tuple[tuple[float, Size], ...]] = (
    (0.01, "tiny"),
    (INACCURACY, "small"),
    (0.15, "clear"),
)
#: A player's figure (the mean share of the win chance within reach that a move gave up), in
#: words (below each bound): excellent, good, uneven; loose from the last bound on (fitted on
#: games of ``medium`` bots and of a seat that plays at random among them: see docs/bots.md).
PLAY_NAMES: Final[tuple[tuple[float, PlayName], ...]] = (
    (0.02, "excellent"),
    (0.05, "good"),
    (0.08, "uneven"),
)


def size_of(loss: float) -> Size:
    """One move's loss of win chance in words, said honestly: a small loss is small.

    >>> size_of(0.004), size_of(0.03), size_of(0.08), size_of(0.4)
    ('tiny', 'small', 'clear', 'large')
    """
    shown = round(loss, 3)  # as the review says it
    return next((name for bound, name in SIZES if shown < bound), "large")


def play_name(loss_per_move: float) -> PlayName:
    """A player's figure in words.

    >>> play_name(0.01), play_name(0.03), play_name(0.06), play_name(0.12)
    ('excellent', 'good', 'uneven', 'loose')
    """
    return next((name for bound, name in PLAY_NAMES if loss_per_move < bound), "loose")


@dataclass(frozen=True)
class PlayerFigure:
    """How well one player played: ``loss_per_move``, the mean over the player's moves with
    a choice (``moves`` of them) of the share of the win chance within reach that each move
    gave up (:attr:`MoveReview.share`: 0.1 when the played move kept 0.27 where the best
    kept 0.30), ``spread``, the standard error of that mean, and its ``name`` in words
    (:func:`play_name`); ``outranked``, the mean over the same moves of
    :attr:`MoveReview.outranked` (how often better-looking actions were passed over: about
    0.5 for a player who plays at random)."""

    player: Colour
    loss_per_move: float
    spread: float
    moves: int
    outranked: float = 0.0

    @property
    def name(self) -> PlayName:
        return play_name(self.loss_per_move)

    def words(self) -> Message:
        """The figure in a sentence."""
        return Message(
            "review.player_summary",
            {
                "player": self.player,
                "name": Message(f"review.play_{self.name}"),
                "points": f"{100 * self.loss_per_move:.1f}",
                "spread": f"{100 * self.spread:.1f}",
                "moves": self.moves,
            },
        )


def move_loss(move: MoveReview) -> float:
    """One move's loss as the per-player figure counts it: :attr:`MoveReview.loss`, never
    below 0."""
    return max(0.0, move.loss)


@dataclass(frozen=True)
class Review:
    """The review of a game: the players, the chances at the start, one entry per move;
    ``complete`` once every move is judged. ``positions``: the main line's positions (the
    start and after each move), from which the moves' facts are read."""

    players: tuple[Colour, ...]
    start: dict[Colour, float]
    moves: tuple[MoveReview, ...]
    lang: Language
    complete: bool = True
    positions: tuple[Position, ...] = ()

    @property
    def mistakes(self) -> list[MoveReview]:
        """The flagged moves, biggest loss first."""
        return sorted((m for m in self.moves if m.mistake), key=lambda m: -m.loss)

    def figure(self, player: Colour) -> PlayerFigure:
        """How well ``player`` played (see :class:`PlayerFigure`): over every judged move of
        theirs with a choice."""
        losses = [m.share for m in self._choices(player)]
        if not losses:
            return PlayerFigure(player, 0.0, 0.0, 0)
        mean = sum(losses) / len(losses)
        variance = sum((x - mean) ** 2 for x in losses) / max(1, len(losses) - 1)
        outranked = sum(m.outranked for m in self._choices(player)) / len(losses)
        return PlayerFigure(player, mean, math.sqrt(variance / len(losses)), len(losses), outranked)

    def costliest(self, player: Colour, count: int = COSTLIEST) -> list[MoveReview]:
        """The ``count`` moves where ``player`` gave up most, biggest first, even when none
        is flagged: each with a better action named and its loss confirmed by the played-out
        lines (:attr:`MoveReview.confirmed`); not the moves played with less than
        :data:`DECIDED` chance to win (the game all but lost). Fewer, or none, when fewer
        losses were confirmed: the other moves' lines came out about equal."""
        moves = [
            m
            for m in self._choices(player)
            if m.confirmed
            and move_loss(m) > 0
            and better_of(m)
            and m.before.get(player, 1.0) >= DECIDED
        ]
        return sorted(moves, key=lambda m: (-m.loss, m.index))[:count]

    def facts(self, move: MoveReview) -> tuple[tuple[Message, ...], tuple[Message, ...]]:
        """What the played move and the better one did on the board
        (:func:`~shangrila_widget.bots.move_facts.move_facts`); nothing without the
        positions."""
        if len(self.positions) < move.index:
            return (), ()
        pos = self.positions[move.index - 1]
        played = move_facts(pos, move.action)
        better = better_of(move)
        if better is None:
            return played, ()
        return played, move_facts(pos, better, better=True, compare=move.action)

    def _choices(self, player: Colour) -> list[MoveReview]:
        return [m for m in self.moves if m.player == player and m.judged and m.choices > 1]

    def move_dict(self, move: MoveReview) -> dict[str, Any]:
        """One costly or flagged move for the JSON: ``index``, ``player``, ``action``,
        ``better``, ``loss``, ``size`` (and ``verdict``), the chances the search expects
        (``better_chance``, ``played_chance``, ``line``: the answers it expects after the
        better action), ``facts`` (each ``move``: played or better, ``kind``, ``count``,
        ``text``) and ``text``, all of it in words."""
        lang = self.lang
        better = better_of(move)
        played_facts, better_facts = self.facts(move)
        better_chance = move.better_chance if move.mistake else move.best_chance
        return {
            "index": move.index,
            "player": move.player,
            "action": str(move.action),
            "better": None if better is None else str(better),
            "loss": round(move.loss, 3),
            "size": size_of(move.loss),
            "verdict": move.verdict,
            "better_chance": None if better_chance is None else round(better_chance, 3),
            "played_chance": None if move.played_chance is None else round(move.played_chance, 3),
            "line": [str(a) for a in move.best_line],
            "facts": [
                {
                    "move": side,
                    "kind": fact_kind(fact),
                    "count": fact.params.get("count"),
                    "text": fact.text(lang),
                }
                for side, facts in (("played", played_facts), ("better", better_facts))
                for fact in facts
            ],
            "text": self.move_words(move).text(lang),
        }

    def move_words(self, move: MoveReview, *, intro: bool = True) -> Joined:
        """A costly or flagged move in words: what was played and what was better (only
        what was better, without ``intro``), the size of the loss, the chances, and the facts
        of both moves."""
        better = better_of(move)
        played_facts, better_facts = self.facts(move)
        better_chance = move.better_chance if move.mistake else move.best_chance
        said: list[Message | Joined] = [_size_words(move.loss)]
        if better is not None:
            said.insert(
                0,
                _costly_words(move, better)
                if intro
                else Message("review.better_was", {"better": action_message(better)}),
            )
            if better_chance is not None and move.played_chance is not None:
                chances = {
                    "player": move.player,
                    "better": action_message(better),
                    "chance": round(100 * better_chance),
                    "played": round(100 * move.played_chance),
                }
                if move.playouts:
                    key = "review.expects_played_out"
                    chances |= {"playouts": move.playouts, "depth": move.depth}
                else:
                    key = "review.expects" if move.searched else "review.expects_one_move"
                said.append(Message(key, chances))
        return Joined((*said, *played_facts, *better_facts))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``seats`` (the colours in seating order), ``players`` (for each
        colour ``loss_per_move``, ``spread``, ``moves``, ``name``, ``words`` and
        ``costliest``, see :meth:`move_dict`), ``flags`` (the flagged moves, biggest loss
        first), ``start``, every move and ``complete``."""
        players: dict[str, Any] = {}
        for colour in self.players:
            figure = self.figure(colour)
            players[colour] = {
                "loss_per_move": round(figure.loss_per_move, 4),
                "spread": round(figure.spread, 4),
                "moves": figure.moves,
                "name": figure.name,
                "outranked": round(figure.outranked, 3),
                "words": figure.words().text(self.lang),
                "costliest": [self.move_dict(m) for m in self.costliest(colour)],
            }
        return {
            "seats": list(self.players),
            "players": players,
            "flags": [self.move_dict(m) for m in self.mistakes],
            "start": {c: round(p, 3) for c, p in self.start.items()},
            "moves": [m.to_dict() for m in self.moves],
            "complete": self.complete,
        }


def better_of(move: MoveReview) -> Action | None:
    """The better action a review names for a move: the flag's, else the judgement's best."""
    return move.better if move.better is not None else move.best


def _size_words(loss: float) -> Message:
    return Message(f"review.size_{size_of(loss)}", {"points": f"{100 * max(0.0, loss):.1f}"})


def _costly_words(move: MoveReview, better: Action) -> Message:
    return Message(
        "review.costly",
        {
            "index": move.index,
            "player": move.player,
            "action": action_message(move.action),
            "better": action_message(better),
        },
    )


__all__ = [
    "BLUNDER",
    "COSTLIEST",
    "DECIDED",
    "INACCURACY",
    "MISTAKE",
    "PLAY_NAMES",
    "SIZES",
    "MoveReview",
    "PlayName",
    "PlayerFigure",
    "Review",
    "Size",
    "Verdict",
    "better_of",
    "move_loss",
    "play_name",
    "size_of",
    "verdict_of",
]

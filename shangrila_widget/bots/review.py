"""Review a game: every player's win chance through it, and the moves that lost something.

Two things are measured, each by what can back it:

- **The chart's chances** are the evaluation's calibrated chance of every player in each
  position of the main line (:func:`~shangrila_widget.bots.evaluation.win_chances`, exact once
  the game is over): the same meaning as the bots' values, with no swing with whose turn it
  is, and ready at once for the whole game.
- **A judgement** compares the played action with the best one *inside one search* from the
  same position (:class:`~shangrila_widget.bots.thinking.Thinker` with the played action
  kept, so that it gets at least :data:`KEEP_SHARE` of the visits). A move is first
  screened: when no legal action's one-move chance beats the played one's by
  :data:`SCREEN` or more, nothing is searched and the move stands. Otherwise the search
  runs; when its best action's value beats the played one's by at least
  :data:`INACCURACY` and by :data:`EVIDENCE` standard errors, both lines are *played out*
  (:func:`played_out`: :data:`PLAYOUTS` continuations each, the ``easy`` bot in every seat,
  :data:`PLAYOUT_DEPTH` actions or to the end; :data:`FIRST_PLAYOUTS` first, the rest unless
  the better line is behind by then), and the move is flagged only if the played-out
  difference passes the same two tests. A move played with less than :data:`DECIDED` chance
  to win is not searched. The size of the loss that the evidence
  supports (the played-out difference less one standard error) names it:

  an *inaccuracy* from :data:`INACCURACY` (0.05), a *mistake* from :data:`MISTAKE`
  (0.10), a *blunder* from :data:`BLUNDER` (0.20).

  A flagged move names the better action, its reason, and the answer the search expects to
  punish the played one (the first reply of the played action's line).

Every move has a **loss**, never thresholded: the played-out difference when played out,
the search's where the move passed the screen, else the one-move gap (the best legal
action's one-move chance minus the played one's), and a **share**: the share of the win
chance within reach that it gave up (the loss over the better action's chance, by the
played-out lines where played out, else by the one-move screen). **How well each player
played** (:meth:`Review.figure`) is the mean share over the player's moves with a choice
(``loss_per_move``), with its standard error and a name in words (:func:`play_name`): a
share, because a player who falls behind has fewer points of win chance left to lose.
**The costliest moves** (:meth:`Review.costliest`) are confirmed: once every move is judged,
each player's :data:`CANDIDATES` biggest losses with a better action are played out
(:data:`CONFIRM_PLAYOUTS` pairs of continuations, :data:`CONFIRM_DEPTH` actions), and a move
is named only when the better line came out ahead in every pair; up to :data:`COSTLIEST` of
them, flagged or not, their size said in words (:func:`size_of`), and **what they did**
(:meth:`Review.facts`): the facts of the played move and of the better one, exact from the
engine (:mod:`~shangrila_widget.bots.move_facts`).

:class:`Reviewer` does this in slices (:meth:`Reviewer.step`) so that a chart can be drawn
at once and its flags filled in as they come; :func:`review` runs it to the end. The chart
itself is drawn in :mod:`shangrila_widget.render.review_chart`.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from shangrila_widget.bots.evaluation import action_chances, win_chances
from shangrila_widget.bots.hint import action_reason
from shangrila_widget.bots.levels import Bot, Budget, SearchConfig
from shangrila_widget.bots.move_facts import fact_kind, move_facts
from shangrila_widget.bots.playouts import greedy_playout
from shangrila_widget.bots.thinking import RankedAction, Thinker
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import Colour
from shangrila_widget.rules.engine import apply_unchecked, legal_actions
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import (
    Joined,
    Language,
    Message,
    action_message,
    check_language,
    problem,
)
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.record import GameRecord

Verdict = Literal["inaccuracy", "mistake", "blunder"]

#: The smallest loss of win chance (0-1) flagged, and the sizes that name it.
INACCURACY: Final = 0.05
MISTAKE: Final = 0.10
BLUNDER: Final = 0.20
#: A move is searched only when some action's one-move chance beats the played one's by this.
SCREEN: Final = 0.03
#: How many standard errors of the difference the best action's lead must reach.
EVIDENCE: Final = 2.0
#: The least share of the search's visits the played action gets.
KEEP_SHARE: Final = 0.3
#: The search of one screened move: the ``hard`` level's policy, its root opening 6 actions.
REVIEW_CONFIG: Final = SearchConfig(depth=3, policy="greedy", root_width=6, exploration=0.25)
#: The iterations of one screened move's search, by default.
REVIEW_ITERATIONS: Final = 24
#: The review's bot by default: ``hard`` (searching as :data:`REVIEW_CONFIG` says), each
#: screened move searched for :data:`REVIEW_ITERATIONS` iterations, seed 0.
REVIEW_BOT: Final = Bot("hard", Budget(iterations=REVIEW_ITERATIONS), seed=0)
#: A candidate flag is played out: both lines, this many times each, by the ``easy`` bot in
#: every seat for :data:`PLAYOUT_DEPTH` actions (or to the end) before the evaluation.
PLAYOUTS: Final = 12
PLAYOUT_DEPTH: Final = 40
#: A flag's lines are played out :data:`FIRST_PLAYOUTS` times first, and to :data:`PLAYOUTS`
#: unless the better line is behind by then.
FIRST_PLAYOUTS: Final = 4
#: A costliest move is named only when its loss is confirmed: each player's
#: :data:`CANDIDATES` biggest losses (not yet played out) are played out,
#: :data:`CONFIRM_PLAYOUTS` continuations of each line from the same seeds, pair by pair,
#: :data:`CONFIRM_DEPTH` actions each (or to the end); the loss is confirmed when the better
#: line comes out ahead in every pair (the first pair that does not stops it).
CANDIDATES: Final = 3
CONFIRM_PLAYOUTS: Final = 3
CONFIRM_DEPTH: Final = 16


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
            and _better_of(m)
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
        better = _better_of(move)
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
        better = _better_of(move)
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
        better = _better_of(move)
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


def _better_of(move: MoveReview) -> Action | None:
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


def _checked_record(record: object) -> GameRecord:
    if not isinstance(record, GameRecord):
        if isinstance(record, Position):
            raise TypeError(
                "expected a GameRecord, got a Position: a review needs the moves of a game "
                "(GameRecord(position) starts one)"
            )
        raise TypeError(f"expected a GameRecord, got {excerpt(record)}")
    return record


class Reviewer:
    """A review under way: the chart's chances at once, the moves judged one by one.

    ``bot``: the review's :class:`~shangrila_widget.bots.levels.Bot` (:data:`REVIEW_BOT` by
    default), a level that searches; each screened move is searched as
    :data:`REVIEW_CONFIG` says for the bot's budget (:data:`REVIEW_ITERATIONS` iterations if
    it has none), move i with the bot's seed + i (0 if it has none: a review always
    repeats), so the same record and bot give the same review. ``iterations`` and ``seed``
    (a whole number) say the same for short.
    """

    def __init__(
        self,
        record: GameRecord,
        bot: Bot | None = None,
        *,
        iterations: int | None = None,
        seed: int | None = None,
        lang: Language = "en",
    ) -> None:
        _checked_record(record)
        self.bot = _review_bot(bot, iterations, seed)
        check_language(lang)
        budget = self.bot.budget or Budget(iterations=REVIEW_ITERATIONS)
        self.budget = budget
        #: The iterations of each screened move's search (None: a time budget only).
        self.iterations = budget.iterations
        self.seed = self.bot.seed or 0
        self.lang: Language = lang
        positions = [record.root.position]
        actions: list[Action] = []
        for node in record.main_line():
            positions.append(node.position)
            assert node.action is not None
            actions.append(node.action)
        self.positions = positions
        self.actions = actions
        self.players = positions[0].players
        self.chances = [win_chances(pos) for pos in positions]
        players = self.players
        self.moves: list[MoveReview] = [
            MoveReview(
                index=i + 1,
                player=players[positions[i].packed.turn],
                action=action,
                before=dict(zip(players, self.chances[i])),
                after=dict(zip(players, self.chances[i + 1])),
                loss=0.0,
                verdict=None,
                better=None,
                better_chance=None,
                played_chance=None,
                reply=None,
                reason=None,
                searched=False,
                judged=False,
            )
            for i, action in enumerate(actions)
        ]
        self.next = 0
        self._thinker: Thinker | None = None
        #: The moves whose lines are still to be played out to confirm a costly one (None
        #: until every move is judged), and the pairs of the one under way.
        self._queue: list[int] | None = None
        self._pairs: list[tuple[float, float]] = []
        self._checks = 0

    @property
    def done(self) -> bool:
        """Whether every move is judged and every costly candidate played out."""
        return self.next >= len(self.moves) and self._queue is not None and not self._queue

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1: the moves judged, then the candidates played
        out (:data:`CANDIDATES` a player until they are known)."""
        if not self.moves:
            return 1.0
        if self._queue is None:
            work = len(self.moves) + CANDIDATES * len(self.players)
            return self.next / work
        work = len(self.moves) + self._checks
        return (len(self.moves) + self._checks - len(self._queue)) / work

    def step(self, seconds: float = 0.05) -> bool:
        """Judge moves for about ``seconds`` (a search under way goes on in the next slice);
        True once every move is judged."""
        deadline = time.perf_counter() + seconds
        while not self.done and time.perf_counter() < deadline:
            self._advance(deadline - time.perf_counter())
        return self.done

    def run(self) -> Review:
        """Judge every move; the review."""
        while not self.step(3600.0):
            pass
        return self.review()

    def review(self) -> Review:
        """The review so far (``complete`` once every move is judged)."""
        return Review(
            self.players,
            dict(zip(self.players, self.chances[0])),
            tuple(self.moves),
            self.lang,
            self.done,
            tuple(self.positions),
        )

    def _advance(self, seconds: float) -> None:
        i = self.next
        if i >= len(self.moves):
            self._confirm()
            return
        pos, played = self.positions[i], self.actions[i]
        if self._thinker is None:
            screen = _screen(pos, played)
            move = self.moves[i]
            self.moves[i] = replace(
                move,
                loss=screen.gap,
                choices=screen.choices,
                best=screen.best,
                best_chance=screen.best_chance,
                played_chance=screen.played_chance,
                outranked=screen.outranked,
                share=_share(screen.gap, screen.best_chance),
            )
            lost = move.before[move.player] < DECIDED
            if screen.gap < SCREEN or screen.choices < 2 or lost:
                self._settle(i, replace(self.moves[i], judged=True))
                return
            self._thinker = Thinker(
                pos,
                Bot(self.bot.level, self.budget, self.seed + i),
                config=REVIEW_CONFIG,
                keep=played,
                keep_share=KEEP_SHARE,
            )
        thinker = self._thinker
        if not thinker.step(max(seconds, 0.001)):
            return
        self._thinker = None
        self._settle(i, self._judged(i, thinker))

    def _settle(self, i: int, move: MoveReview) -> None:
        self.moves[i] = move
        self.next = i + 1

    def _confirm(self) -> None:
        """One pair of continuations of the costly candidate under way (the candidates are
        chosen first: see :data:`CANDIDATES`)."""
        if self._queue is None:
            self._queue = self._candidates()
            self._checks = len(self._queue)
        if not self._queue:
            return
        i = self._queue[0]
        move = self.moves[i]
        better = _better_of(move)
        assert better is not None
        pos = self.positions[i]
        self._pairs.append(
            _pair(
                pos, move.action, better, (self.seed + i) * 7919 + len(self._pairs), CONFIRM_DEPTH
            )
        )
        a, b = self._pairs[-1]
        if len(self._pairs) < CONFIRM_PLAYOUTS and b > a:
            return
        self.moves[i] = _played_out_move(move, self._pairs, CONFIRM_DEPTH)
        self._pairs = []
        self._queue.pop(0)

    def _candidates(self) -> list[int]:
        """The moves to play out: each player's :data:`CANDIDATES` biggest losses with a
        better action, not played out yet, played with at least :data:`DECIDED` chance."""
        chosen: list[int] = []
        for colour in self.players:
            moves = [
                m
                for m in self.moves
                if m.player == colour
                and m.choices > 1
                and m.playouts == 0
                and m.loss > 0
                and _better_of(m) is not None
                and m.before[colour] >= DECIDED
            ]
            moves.sort(key=lambda m: (-m.loss, m.index))
            chosen.extend(m.index - 1 for m in moves[:CANDIDATES])
        return chosen

    def _judged(self, i: int, thinker: Thinker) -> MoveReview:
        thought = thinker.thought()
        pos, played = self.positions[i], self.actions[i]
        mine = thought.line_of(played)
        move = replace(self.moves[i], judged=True, searched=True)
        if mine is None:  # cannot happen: the played action is kept
            return move
        best = next((line for line in thought.lines if line.action != played), None)
        if best is None or thought.lines[0].action == played:
            return replace(move, loss=0.0, played_chance=mine.value, best=None, best_chance=None)
        loss = best.value - mine.value
        move = replace(
            move,
            loss=loss,
            played_chance=mine.value,
            best=best.action,
            best_chance=best.value,
            best_line=best.replies,
        )
        if not _strong(best, mine, loss):
            return move
        pairs = _pairs(pos, played, best.action, self.seed + i, FIRST_PLAYOUTS, PLAYOUT_DEPTH)
        if sum(b - a for a, b in pairs) >= 0:  # not behind: played out to the full count
            pairs += _pairs(
                pos, played, best.action, self.seed + i, PLAYOUTS, PLAYOUT_DEPTH, FIRST_PLAYOUTS
            )
        played_value, better_value, noise = _pair_stats(pairs)
        loss = better_value - played_value
        move = _played_out_move(move, pairs, PLAYOUT_DEPTH)
        if loss < INACCURACY or loss < EVIDENCE * noise:
            return move
        best = replace(best, value=better_value)
        size = max(INACCURACY, loss - noise)  # the size the evidence supports
        reply = mine.replies[0] if mine.replies else None
        return replace(
            move,
            confirmed=True,
            verdict=verdict_of(size),
            better=best.action,
            better_chance=best.value,
            reply=reply,
            reason=_reason(pos, best, played, reply).text(self.lang),
        )


def _review_bot(bot: Bot | None, iterations: int | None, seed: int | None) -> Bot:
    """The review's bot: ``bot``, or :data:`REVIEW_BOT` with ``iterations`` and ``seed``."""
    if bot is None:
        return Bot(
            REVIEW_BOT.level,
            Budget(iterations=REVIEW_ITERATIONS if iterations is None else iterations),
            0 if seed is None else seed,
        )
    if iterations is not None or seed is not None:
        raise TypeError("give a bot or its iterations and seed, not both")
    if not isinstance(bot, Bot):
        raise TypeError(f"bot: expected a Bot, got {excerpt(bot)}")
    if not bot.searches:
        raise ShangrilaError(problem("bot_search_level", value=excerpt(bot.level)))
    return bot


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
    return _pair_stats(_pairs(pos, played, other, seed, playouts, depth))


def _pair(
    pos: Position, played: Action, other: Action, seed: int, depth: int
) -> tuple[float, float]:
    """One continuation of each line from the same seed: the mover's chance after ``played``
    and after ``other``."""
    seat = pos.packed.turn
    a = greedy_playout(apply_unchecked(pos, played), random.Random(seed), depth)[seat]
    b = greedy_playout(apply_unchecked(pos, other), random.Random(seed), depth)[seat]
    return a, b


def _pairs(
    pos: Position, played: Action, other: Action, seed: int, stop: int, depth: int, start: int = 0
) -> list[tuple[float, float]]:
    """The continuations ``start`` to ``stop`` of both lines (:func:`played_out`'s k-th is
    drawn from seed ``seed * 7919 + k``)."""
    return [_pair(pos, played, other, seed * 7919 + k, depth) for k in range(start, stop)]


def _pair_stats(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """The mean of each line and the standard error of their paired difference."""
    n = len(pairs)
    differences = [b - a for a, b in pairs]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / max(1, n - 1)
    return sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n, math.sqrt(variance / n)


def _share(loss: float, best_chance: float | None) -> float:
    """The share of the win chance within reach (``best_chance``) that ``loss`` gave up."""
    if best_chance is None or best_chance <= 0 or loss <= 0:
        return 0.0
    return min(1.0, loss / best_chance)


def _played_out_move(move: MoveReview, pairs: list[tuple[float, float]], depth: int) -> MoveReview:
    """``move`` judged by its played-out lines (``pairs``: the k-th continuation of each line):
    the loss, the chances, the share given up, and whether the loss is confirmed (the better
    line ahead in every pair of continuations)."""
    mine, theirs, _ = _pair_stats(pairs)
    loss = theirs - mine
    return replace(
        move,
        loss=loss,
        played_chance=mine,
        best_chance=theirs,
        share=_share(loss, theirs),
        playouts=len(pairs),
        depth=depth,
        confirmed=all(b > a for a, b in pairs),
    )


def _strong(best: RankedAction, mine: RankedAction, loss: float) -> bool:
    """Whether the evidence is strong enough to flag: a loss of at least
    :data:`INACCURACY` and of at least :data:`EVIDENCE` standard errors."""
    noise = math.sqrt(best.spread**2 + mine.spread**2)
    return loss >= INACCURACY and loss >= EVIDENCE * noise


@dataclass(frozen=True)
class _Screen:
    """The one-move screen of a move: how many legal actions there were, how much the best
    one's one-move chance beats the played one's (``gap``), that action and both chances."""

    choices: int
    gap: float
    best: Action | None
    best_chance: float | None
    played_chance: float | None
    outranked: float = 0.0


def _screen(pos: Position, played: Action) -> _Screen:
    """The one-move screen: every legal action's one-move chance against the played one's
    (nothing to compare when the game is over or the move was forced). The move is searched
    only when the gap is :data:`SCREEN` or more."""
    actions = [] if pos.is_over else legal_actions(pos)
    if len(actions) < 2:
        return _Screen(len(actions), 0.0, None, None, None)
    values = dict(zip(actions, action_chances(pos, actions)))
    best = max(actions, key=values.__getitem__)
    mine = values[played]
    gap = values[best] - mine
    outranked = sum(1 for v in values.values() if v > mine + 1e-12) / (len(actions) - 1)
    if gap <= 0.0:
        return _Screen(len(actions), 0.0, None, None, mine, outranked)
    return _Screen(len(actions), gap, best, values[best], mine, outranked)


def _reason(pos: Position, best: RankedAction, played: Action, reply: Action | None) -> Joined:
    """Why the better action is better: what it does, and the answer the played one invites."""
    reason, _ = action_reason(pos, best.action)
    parts: list[Message | Joined] = [reason]
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


def review(
    record: GameRecord,
    bot: Bot | None = None,
    *,
    iterations: int | None = None,
    seed: int | None = None,
    lang: Language = "en",
) -> Review:
    """Review the main line of ``record`` (see the module docstring) with ``bot`` (or for
    short ``iterations`` and ``seed``; see :class:`Reviewer`).

    Raises :class:`TypeError` for a value of the wrong type (a :class:`Position` is not a
    record: ``GameRecord(position)`` makes one), :class:`ShangrilaError` for one out of range
    or a bot whose level does not search.
    """
    return Reviewer(record, bot, iterations=iterations, seed=seed, lang=lang).run()


__all__ = [
    "BLUNDER",
    "CANDIDATES",
    "CONFIRM_DEPTH",
    "CONFIRM_PLAYOUTS",
    "COSTLIEST",
    "DECIDED",
    "PlayerFigure",
    "move_loss",
    "play_name",
    "size_of",
    "EVIDENCE",
    "INACCURACY",
    "MISTAKE",
    "REVIEW_BOT",
    "SCREEN",
    "MoveReview",
    "Review",
    "Reviewer",
    "review",
    "verdict_of",
]

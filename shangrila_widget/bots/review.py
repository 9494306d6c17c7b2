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
  difference of all of them passes the same two tests. A move played with less than
  :data:`DECIDED` chance to win is not searched. The size of the loss that the evidence
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
share, because a player who falls behind has fewer points of win chance left to lose (a
costly candidate's lines, below, leave the share as screened). **The costliest moves**
(:meth:`Review.costliest`) are confirmed: once every move is judged, each player's
:data:`CANDIDATES` biggest losses with a better action are played out, the biggest loss of
the game first (:data:`CONFIRM_PLAYOUTS` pairs of continuations, :data:`CONFIRM_DEPTH`
actions), until the player has :data:`COSTLIEST` confirmed, and a move is named only when the
better line came out ahead in every pair; their size said in words (:func:`size_of`), and
**what they did** (:meth:`Review.facts`): the facts of the played move and of the better one,
exact from the engine (:mod:`~shangrila_widget.bots.move_facts`).

**The work is fixed**, so that a review takes about the same time whatever the game: the
``easy`` bot's choices are remembered by position through the whole review (the same draws,
each position scored once: :func:`~shangrila_widget.bots.playouts.remembered_choices`); the
screened moves are searched biggest one-move gap first until :data:`SEARCH_WORK` positions
were scored (a move not reached stands as screened), the costly candidates played out until
:data:`CONFIRM_WORK` more were (a candidate not reached is not named). The work is counted,
not timed: the same record and bot give the same review.

The report (:class:`Review`, :class:`MoveReview`, the figure, the JSON) is in
:mod:`~shangrila_widget.bots.review_report`, the screen and the played-out lines in
:mod:`~shangrila_widget.bots.review_lines`; their names are importable from here.

:class:`Reviewer` does this in slices (:meth:`Reviewer.step`) so that a chart can be drawn
at once and its flags filled in as they come; :func:`review` runs it to the end. The chart
itself is drawn in :mod:`shangrila_widget.render.review_chart`.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

from shangrila_widget.bots.evaluation import win_chances
from shangrila_widget.bots.levels import Bot, Budget, SearchConfig
from shangrila_widget.bots.playouts import ChoiceMemo, remembered_choices
from shangrila_widget.bots.review_lines import (
    CONFIRM_DEPTH,
    CONFIRM_PLAYOUTS,
    EVIDENCE,
    FIRST_PLAYOUTS,
    PLAYOUT_DEPTH,
    PLAYOUTS,
    SCREEN,
    goes_on,
    pair,
    pair_stats,
    pairs,
    played_out,
    played_out_move,
    reason,
    screen,
    share_of,
    strong,
)
from shangrila_widget.bots.review_report import (
    BLUNDER,
    COSTLIEST,
    DECIDED,
    INACCURACY,
    MISTAKE,
    PLAY_NAMES,
    SIZES,
    MoveReview,
    PlayerFigure,
    PlayName,
    Review,
    Size,
    Verdict,
    better_of,
    move_loss,
    play_name,
    size_of,
    verdict_of,
)
from shangrila_widget.bots.thinking import Thinker
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import Colour
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Language, check_language, problem
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.record import GameRecord

#: The least share of the search's visits the played action gets.
KEEP_SHARE: Final = 0.3
#: The search of one screened move: the ``hard`` level's policy, its root opening 6 actions.
REVIEW_CONFIG: Final = SearchConfig(depth=3, policy="greedy", root_width=6, exploration=0.25)
#: The iterations of one screened move's search, by default.
REVIEW_ITERATIONS: Final = 24
#: The review's bot by default: ``hard`` (searching as :data:`REVIEW_CONFIG` says), each
#: screened move searched for :data:`REVIEW_ITERATIONS` iterations, seed 0.
REVIEW_BOT: Final = Bot("hard", Budget(iterations=REVIEW_ITERATIONS), seed=0)
#: The costly candidates: each player's :data:`CANDIDATES` biggest losses not yet played
#: out, tried one by one (the biggest loss of the game first) until
#: :data:`~shangrila_widget.bots.review_report.COSTLIEST` of the player's are confirmed.
CANDIDATES: Final = 5
#: The work a review may do, in positions the ``easy`` bot scores (each once: the
#: review remembers its choices): :data:`SEARCH_WORK` for the searches of the screened moves
#: (the moves with the biggest one-move gap first; a move not reached stands as screened),
#: :data:`FLAG_WORK` for the flags' played-out lines (a candidate flag's lines are begun
#: while some is left, and played to their end), :data:`CONFIRM_WORK` for the costly
#: candidates (one not reached is not named). The same record and bot give the same review
#: whatever the clock. 1,200 each: in the 20 games of ``benchmarks/review_quality.py
#: --random-seat`` every screened move was searched and every candidate flag played out
#: within them (600 left a third of the moves unsearched, and a flag with them).
SEARCH_WORK: Final = 1200
FLAG_WORK: Final = 1200
CONFIRM_WORK: Final = 400


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

    The work goes in three rounds: every move screened, in order; the moves that passed the
    screen searched, the biggest one-move gap first, within :data:`SEARCH_WORK`; the costly
    candidates played out, within :data:`CONFIRM_WORK`.
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
        #: The next move to screen.
        self.next = 0
        #: The moves still to search, biggest one-move gap first (None until every move is
        #: screened), the one under way and its search.
        self._searches: list[int] | None = None
        self._searched = 0
        self._current = -1
        self._thinker: Thinker | None = None
        #: The costly candidates still to try, by player (None until every move is judged),
        #: the one under way and its pairs of continuations.
        self._candidates: dict[Colour, list[int]] | None = None
        self._checking = -1
        self._pairs: list[tuple[float, float]] = []
        self._checked = 0
        #: The ``easy`` bot's choices met so far, by position: every line played out and
        #: every search of the review draws from them (the same draws, each position scored
        #: once); ``memo.scored`` is the review's work.
        self.memo = ChoiceMemo()
        self._work_from = 0
        #: The positions scored for the flags' lines.
        self._flag_work = 0

    @property
    def done(self) -> bool:
        """Whether every move is judged and every costly candidate played out."""
        return (
            self._candidates is not None
            and self._checking < 0
            and self._next_check(take=False) is None
        )

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1, never going back: the moves screened,
        searched, then the candidates played out (:data:`CANDIDATES` a player until they
        are known); 1 once done."""
        if self.done or not self.moves:
            return 1.0
        searches = self._searched + (
            len(self.moves) if self._searches is None else len(self._searches)
        )
        if self._candidates is None:
            checks = CANDIDATES * len(self.players)
        else:
            checks = self._checked + sum(len(c) for c in self._candidates.values())
        work = len(self.moves) + searches + checks
        return (self.next + self._searched + self._checked) / work

    def step(self, seconds: float = 0.05) -> bool:
        """Judge moves for about ``seconds`` (a search under way goes on in the next slice);
        True once every move is judged."""
        deadline = time.perf_counter() + seconds
        with remembered_choices(self.memo):
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
        if self.next < len(self.moves):
            self._screen(self.next)
            self.next += 1
        elif self._searches is None:
            waiting = [m for m in self.moves if not m.judged]
            waiting.sort(key=lambda m: (-m.loss, m.index))
            self._searches = [m.index - 1 for m in waiting]
            self._work_from = self.memo.scored
        elif self._thinker is not None or self._searches:
            self._search(seconds)
        elif self._candidates is None:
            self._candidates = self._costly_candidates()
            self._work_from = self.memo.scored
        else:
            self._confirm()

    def _screen(self, i: int) -> None:
        """Move ``i`` by the one-move screen: judged at once unless it is to be searched."""
        found = screen(self.positions[i], self.actions[i])
        move = self.moves[i]
        lost = move.before[move.player] < DECIDED
        self.moves[i] = replace(
            move,
            loss=found.gap,
            choices=found.choices,
            best=found.best,
            best_chance=found.best_chance,
            played_chance=found.played_chance,
            outranked=found.outranked,
            share=share_of(found.gap, found.best_chance),
            judged=found.gap < SCREEN or found.choices < 2 or lost,
        )

    def _search(self, seconds: float) -> None:
        """Search the next screened move for one slice (none once :data:`SEARCH_WORK` is
        spent: the moves left stand as screened)."""
        assert self._searches is not None
        if self._thinker is None:
            if self.memo.scored - self._work_from - self._flag_work >= SEARCH_WORK:
                for i in self._searches:
                    self.moves[i] = replace(self.moves[i], judged=True)
                self._searches = []
                return
            i = self._current = self._searches.pop(0)
            self._thinker = Thinker(
                self.positions[i],
                Bot(self.bot.level, self.budget, self.seed + i),
                config=REVIEW_CONFIG,
                keep=self.actions[i],
                keep_share=KEEP_SHARE,
            )
        thinker = self._thinker
        if not thinker.step(max(seconds, 0.001)):
            return
        self._thinker = None
        self.moves[self._current] = self._judged(self._current, thinker)
        self._searched += 1

    def _costly_candidates(self) -> dict[Colour, list[int]]:
        """Each player's :data:`CANDIDATES` biggest losses with a better action, not played
        out yet, played with at least :data:`DECIDED` chance, biggest first."""
        chosen: dict[Colour, list[int]] = {}
        for colour in self.players:
            moves = [
                m
                for m in self.moves
                if m.player == colour
                and m.choices > 1
                and m.playouts == 0
                and m.loss > 0
                and better_of(m) is not None
                and m.before[colour] >= DECIDED
            ]
            moves.sort(key=lambda m: (-m.loss, m.index))
            chosen[colour] = [m.index - 1 for m in moves[:CANDIDATES]]
        return chosen

    def _next_check(self, take: bool = True) -> int | None:
        """The next candidate to play out: the biggest loss left of a player with fewer than
        :data:`COSTLIEST` confirmed (None when none is left or the work is spent); taken off
        the list unless ``take`` is False."""
        if self._candidates is None or self.memo.scored - self._work_from >= CONFIRM_WORK:
            return None
        confirmed = {colour: 0 for colour in self.players}
        for m in self.moves:
            confirmed[m.player] += m.confirmed
        left = [
            i
            for colour, tries in self._candidates.items()
            if confirmed[colour] < COSTLIEST
            for i in tries
        ]
        if not left:
            return None
        found = min(left, key=lambda i: (-self.moves[i].loss, i))
        if take:
            self._candidates[self.moves[found].player].remove(found)
        return found

    def _confirm(self) -> None:
        """One pair of continuations of the costly candidate under way."""
        if self._checking < 0:
            found = self._next_check()
            if found is None:
                return
            self._checking = found
        i = self._checking
        move = self.moves[i]
        better = better_of(move)
        assert better is not None
        self._pairs.append(
            pair(
                self.positions[i],
                move.action,
                better,
                (self.seed + i) * 7919 + len(self._pairs),
                CONFIRM_DEPTH,
            )
        )
        a, b = self._pairs[-1]
        if len(self._pairs) < CONFIRM_PLAYOUTS and b > a:
            return
        # the share stays the screen's: only some moves of each player are played out here
        self.moves[i] = played_out_move(move, self._pairs, CONFIRM_DEPTH, share=False)
        self._pairs = []
        self._checking = -1
        self._checked += 1

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
        if not strong(best, mine, loss) or self._flag_work >= FLAG_WORK:
            return move
        work = self.memo.scored
        found = pairs(pos, played, best.action, self.seed + i, FIRST_PLAYOUTS, PLAYOUT_DEPTH)
        if goes_on(found):
            found += pairs(
                pos, played, best.action, self.seed + i, PLAYOUTS, PLAYOUT_DEPTH, FIRST_PLAYOUTS
            )
        self._flag_work += self.memo.scored - work
        played_value, better_value, noise = pair_stats(found)
        loss = better_value - played_value
        move = played_out_move(move, found, PLAYOUT_DEPTH)
        if len(found) < PLAYOUTS or loss < INACCURACY or loss < EVIDENCE * noise:
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
            reason=reason(pos, best, played, reply).text(self.lang),
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
    "CONFIRM_WORK",
    "COSTLIEST",
    "DECIDED",
    "EVIDENCE",
    "FIRST_PLAYOUTS",
    "FLAG_WORK",
    "INACCURACY",
    "KEEP_SHARE",
    "MISTAKE",
    "PLAYOUTS",
    "PLAYOUT_DEPTH",
    "PLAY_NAMES",
    "REVIEW_BOT",
    "REVIEW_CONFIG",
    "REVIEW_ITERATIONS",
    "SCREEN",
    "SEARCH_WORK",
    "SIZES",
    "MoveReview",
    "PlayName",
    "PlayerFigure",
    "Review",
    "Reviewer",
    "Size",
    "Verdict",
    "move_loss",
    "play_name",
    "played_out",
    "review",
    "size_of",
    "verdict_of",
]

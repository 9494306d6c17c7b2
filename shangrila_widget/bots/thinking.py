"""The one thinking API: what a bot plays, ranked with values and the expected answers.

:func:`choose_action`, :func:`~shangrila_widget.bots.hint`, the review and the widget's
computer players all think through a :class:`Thinker` of a
:class:`~shangrila_widget.bots.levels.Bot` (a level, a budget, a seed), so that they agree:
the same bot gives the same ranking and the same first action, read the same way
(:meth:`Thinker.choice` is the first of :meth:`Thinker.thought`'s lines).

- the :class:`~shangrila_widget.bots.levels.Bot` says which level thinks, how long (its
  :class:`~shangrila_widget.bots.levels.Budget`, iterations and/or seconds, whichever ends
  first) and with which seed; a :class:`~shangrila_widget.bots.levels.SearchConfig` says how
  (playout policy and depth, the root's width, exploration);
- :class:`Thinker` thinks in slices (:meth:`Thinker.step`) with its :attr:`~Thinker.progress`,
  or at once (:func:`think`), and gives a :class:`Thought`: the ranked :class:`RankedAction` s, each
  with the mover's chance, every seat's chances, visits, the standard error and the answers
  the search expects after it.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> thought = think(pos, Bot("medium", Budget(iterations=12), seed=1))
>>> thought.best.action == choose_action(pos, Bot("medium", Budget(iterations=12), seed=1))
True
>>> thought.iterations, thought.done, thought.chances == thought.best.chances
(12, True, True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from shangrila_widget.bots import levels as _levels
from shangrila_widget.bots.evaluation import action_scores, greedy_action, win_chances
from shangrila_widget.bots.levels import (
    Bot,
    BotSpec,
    Budget,
    SearchConfig,
    as_bot,
    bot_from,
)
from shangrila_widget.bots.tree import Search, SearchNode
from shangrila_widget.deprecation import deprecated, old_names
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import apply_unchecked, legal_actions
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import problem

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

#: Two lines whose values differ by less than this, or by less than twice their combined
#: standard error, are about equal.
ABOUT_EQUAL: Final = 0.02


@dataclass(frozen=True)
class RankedAction:
    """One ranked action (called ``Line`` before 0.2, like the drawing's straight line):
    the mover's estimated chance after it (``value``), every seat's chances, the visits behind
    them and the standard error of ``value`` (0.5 unmeasured), and the answers the search
    expects next (``replies``, the principal variation)."""

    action: Action
    value: float
    chances: tuple[float, ...]
    visits: int
    spread: float
    replies: tuple[Action, ...]


@dataclass(frozen=True)
class Thought:
    """What a :class:`Thinker` has found so far: the lines best first (never none), the
    iterations done, and whether the budget is spent."""

    position: Position
    level: str
    lines: tuple[RankedAction, ...]
    iterations: int
    done: bool

    @property
    def best(self) -> RankedAction:
        """The first line: the action the level plays."""
        return self.lines[0]

    @property
    def chances(self) -> tuple[float, ...]:
        """Every seat's chance in the position, as the thinking sees it: the chances after
        the action the level plays (:attr:`best`), since that is what the player to move
        will do (the same numbers as the first line's, so a hint's chance for the player
        and its first candidate's always agree)."""
        return self.lines[0].chances

    def about_equal(self, first: RankedAction, second: RankedAction) -> bool:
        """Whether two lines are within the noise of each other (see :data:`ABOUT_EQUAL`)."""
        gap = abs(first.value - second.value)
        if gap < ABOUT_EQUAL:
            return True
        if first.visits == 0 or second.visits == 0:  # not searched: exact one-move values
            return False
        noise = math.sqrt(first.spread**2 + second.spread**2)
        return gap < 2 * noise

    def line_of(self, action: Action) -> RankedAction | None:
        """The line of ``action``, if the thinking looked at it."""
        return next((line for line in self.lines if line.action == action), None)


def new_search(
    position: Position,
    config: SearchConfig,
    seed: int | None,
    *,
    keep: Action | None = None,
    keep_share: float = 0.3,
) -> Search:
    """A search from ``position`` configured by ``config`` (not run yet)."""
    return Search(
        position,
        random.Random(seed),
        depth=config.depth,
        policy=config.policy,
        root_width=config.root_width,
        exploration=config.exploration,
        grow=config.grow,
        widen=config.widen,
        trust_first=config.trust_first,
        keep=keep,
        keep_share=keep_share,
    )


_UNSET: Any = object()  # marks the deprecated keywords level=, budget= and seed=


def _deprecated_bot(bot: BotSpec | None, level: Any, budget: Any, seed: Any, caller: str) -> Bot:
    """The bot of a call that may still use the keywords before :class:`Bot` (deprecated)."""
    if level is _UNSET and budget is _UNSET and seed is _UNSET:
        return as_bot("hard" if bot is None else bot)
    deprecated(
        f"{caller}(position, level=..., budget=..., seed=...)",
        f"{caller}(position, Bot(level, budget, seed))",
        stacklevel=4,
    )
    if bot is not None:
        raise TypeError("give a bot or its level, budget and seed, not both")
    return Bot(
        "hard" if level is _UNSET else level,
        None if budget is _UNSET else budget,
        None if seed is _UNSET else seed,
    )


class Thinker:
    """A :class:`~shangrila_widget.bots.levels.Bot` thinking about one position, in slices
    or at once (``bot``: a Bot or a level name; ``hard`` by default).

    ``random`` and ``easy`` do not search: their thought is ready at once (``easy`` ranks
    every action by its one-move score, the first being the ``easy`` bot's choice with its
    ties broken by the bot's seed; ``random`` puts its uniform pick first). ``medium`` and
    ``hard`` search within the bot's budget (the level's default if it has none) as
    ``config`` says (the level's if None). ``keep``: an action to value for sure, with at
    least ``keep_share`` of the search's visits (the review's played action).
    ``Thinker(position, level=..., budget=..., seed=...)`` still works for one release,
    with a :class:`DeprecationWarning`.
    """

    def __init__(
        self,
        position: Position,
        bot: BotSpec | None = None,
        *,
        config: SearchConfig | None = None,
        keep: Action | None = None,
        keep_share: float = 0.3,
        level: Any = _UNSET,
        budget: Any = _UNSET,
        seed: Any = _UNSET,
    ) -> None:
        self.bot = bot = _deprecated_bot(bot, level, budget, seed, "Thinker")
        self.position = position
        self.level = bot.level
        self.seed = bot.seed
        self.actions = legal_actions(position)
        if not self.actions:
            raise ShangrilaError(problem("game_over_think"))
        self.elapsed = 0.0
        self.search: Search | None = None
        self.budget: Budget | None = None
        if bot.searches and len(self.actions) > 1:
            self.budget = bot.search_budget
            self.search = new_search(
                position,
                config or bot.config or SearchConfig(),
                bot.seed,
                keep=keep,
                keep_share=keep_share,
            )

    @property
    def iterations(self) -> int:
        """The search's iterations so far (0 for a level that does not search)."""
        return self.search.iterations if self.search is not None else 0

    @property
    def done(self) -> bool:
        """Whether the budget is spent (always, for a level that does not search)."""
        budget = self.budget
        if self.search is None or budget is None:
            return True
        return (budget.iterations is not None and self.search.iterations >= budget.iterations) or (
            budget.seconds is not None and self.elapsed >= budget.seconds
        )

    @property
    def progress(self) -> float:
        """How much of the budget is spent, 0 to 1 (the larger of iterations and time)."""
        budget, search = self.budget, self.search
        if budget is None or search is None:
            return 1.0
        parts = [0.0]
        if budget.iterations:
            parts.append(search.iterations / budget.iterations)
        if budget.seconds:
            parts.append(self.elapsed / budget.seconds)
        return min(1.0, max(parts))

    def step(self, seconds: float = 0.05) -> bool:
        """Think for one slice of at most ``seconds`` (less if the budget ends first);
        True once the budget is spent."""
        search, budget = self.search, self.budget
        if search is None or budget is None or self.done:
            return True
        start = time.perf_counter()
        left = None if budget.iterations is None else budget.iterations - search.iterations
        if budget.seconds is not None:
            seconds = min(seconds, max(budget.seconds - self.elapsed, 1e-6))
        search.run(left, seconds)
        self.elapsed += time.perf_counter() - start
        return bool(self.done)

    def run(self) -> Thought:
        """Think until the budget is spent; the thought."""
        while not self.step(seconds=3600.0):
            pass
        return self.thought()

    def thought(self) -> Thought:
        """What is found so far (ready at once for the levels that do not search)."""
        pos = self.position
        search = self.search
        lines: tuple[RankedAction, ...] = ()
        if search is not None:
            seat = pos.packed.turn
            lines = tuple(
                _line(search, action, node, seat) for action, node in search.ranked() if node.visits
            )
        if not lines:  # no search, or nothing searched yet: the one-move ranking
            return Thought(pos, self.level, self._unsearched(), 0, search is None)
        return Thought(pos, self.level, lines, search.iterations if search else 0, self.done)

    def choice(self) -> Action:
        """The action the bot plays now: the first of :meth:`thought`'s lines."""
        return self.thought().best.action

    def _first(self) -> Action:
        """The choice of a level that does not search (or has not searched yet): ``random``'s
        uniform pick, else the ``easy`` bot's."""
        actions = self.actions
        if len(actions) == 1:
            return actions[0]
        rng = random.Random(self.seed)
        if self.level == "random":
            return rng.choice(actions)
        return greedy_action(self.position, rng)

    def _unsearched(self) -> tuple[RankedAction, ...]:
        """Every action by its one-move value, the level's own choice first."""
        pos = self.position
        seat = pos.packed.turn
        actions = self.actions
        first = self._first()
        scores = dict(zip(actions, action_scores(pos, actions)))
        order = sorted(actions, key=lambda a: (a != first, -scores[a]))
        return tuple(
            RankedAction(action, chances[seat], chances, 0, 0.0, ())
            for action in order
            for chances in [tuple(win_chances(apply_unchecked(pos, action)))]
        )


def _line(search: Search, action: Action, node: SearchNode, seat: int) -> RankedAction:
    chances = tuple(v / node.visits for v in node.value)
    return RankedAction(
        action,
        chances[seat],
        chances,
        node.visits,
        node.spread(seat),
        search.expected_line(node),
    )


def think(
    position: Position,
    bot: BotSpec | None = None,
    *,
    config: SearchConfig | None = None,
    keep: Action | None = None,
    level: Any = _UNSET,
    budget: Any = _UNSET,
    seed: Any = _UNSET,
) -> Thought:
    """Think about ``position`` with ``bot`` (``hard`` by default) until its budget is spent
    (see :class:`Thinker`; the keywords ``level``, ``budget`` and ``seed`` are deprecated)."""
    bot = _deprecated_bot(bot, level, budget, seed, "think")
    return Thinker(position, bot, config=config, keep=keep).run()


def choose_action(
    position: Position,
    bot: BotSpec | None = None,
    *,
    level: str | None = None,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
) -> Action:
    """The action ``bot`` plays for the player to move (a :class:`Bot`, a level name, or
    for short its ``level``, ``iterations``, ``seconds`` and ``seed``; ``medium`` with its
    default budget when none is given).

    ``random`` picks uniformly; ``easy`` plays the best action by a one-move heuristic;
    ``medium`` and ``hard`` search (multi-player MCTS), within the bot's budget
    (``iterations`` and/or ``seconds``, whichever ends first) or the level's default. It is
    the first line of the bot's :class:`Thinker`, as a hint's is. The same seed and
    iteration budget give the same action; with only one legal action it is returned at
    once.
    Raises :class:`ShangrilaError` for an unknown level, a budget out of range or a finished
    game, :class:`TypeError` for an argument of the wrong type (a seed that is not a whole
    number, for one).
    """
    chosen = bot_from(bot, "medium", level=level, iterations=iterations, seconds=seconds, seed=seed)
    actions = legal_actions(position)
    if not actions:
        raise ShangrilaError(problem("game_over_choose"))
    if len(actions) == 1:
        return actions[0]
    return Thinker(position, chosen).run().best.action  # what choice() reads, once


def _budget_for(level: str, iterations: int | None, seconds: float | None) -> Budget | None:
    """The budget of a searching level: the caller's, else the level's default."""
    return Bot.of(level, iterations=iterations, seconds=seconds).search_budget


__getattr__ = old_names(
    __name__,
    {
        "Line": ("RankedAction", RankedAction),
        "DEFAULT_BUDGETS": (
            "shangrila_widget.bots.levels.DEFAULT_BUDGETS",
            _levels.DEFAULT_BUDGETS,
        ),
        "LEVEL_CONFIGS": ("shangrila_widget.bots.levels.LEVEL_CONFIGS", _levels.LEVEL_CONFIGS),
        "budget_for": ("Bot.of(level, iterations=..., seconds=...).search_budget", _budget_for),
    },
)


__all__ = [
    "ABOUT_EQUAL",
    "RankedAction",
    "Thinker",
    "Thought",
    "choose_action",
    "new_search",
    "think",
]

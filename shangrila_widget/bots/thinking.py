"""The one thinking API: what a level plays, ranked with values and the expected answers.

:func:`choose_action`, :func:`~shangrila_widget.bots.hint`, the review and the widget's
computer players all think through a :class:`Thinker`, so that they agree: the same level,
seed and budget give the same ranking and the same first action.

- :class:`Budget` says how long (iterations and/or seconds, whichever ends first);
- :class:`SearchConfig` says how (playout policy and depth, the root's width, exploration);
- :class:`Thinker` thinks in slices (:meth:`Thinker.step`) with its :attr:`~Thinker.progress`,
  or at once (:func:`think`), and gives a :class:`Thought`: the ranked actions
  (:class:`RankedAction`), each with the mover's chance, every seat's chances, visits, the
  standard error and the answers the search expects after it.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> thought = think(pos, level="medium", budget=Budget(iterations=12), seed=1)
>>> thought.best.action == thought.lines[0].action, thought.iterations, thought.done
(True, 12, True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from shangrila_widget.bots.search import action_scores, greedy_action, win_chances
from shangrila_widget.bots.tree import Policy, Search, SearchNode
from shangrila_widget.deprecation import old_names
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import apply_unchecked, legal_actions
from shangrila_widget.rules.errors import ShangrilaError

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


@dataclass(frozen=True)
class Budget:
    """How long one search thinks: ``iterations`` and/or ``seconds``, whichever ends first.

    >>> Budget(iterations=200).iterations, Budget(seconds=0.5).seconds
    (200, 0.5)
    """

    iterations: int | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class SearchConfig:
    """How a search thinks: how many actions a playout plays before the position is
    evaluated and by which policy, how many actions the root opens before its width grows
    with its visits, and the UCT exploration constant (results are win chances, 0-1)."""

    depth: int = 3
    policy: Policy = "greedy"
    root_width: int = 12
    exploration: float = 0.25


#: How the searching levels think: both with the ``greedy`` policy (every seat plays the
#: ``easy`` bot's move for 3 actions before the evaluation), the root opening its 12
#: best-looking actions by the ``easy`` bot's heuristic.
LEVEL_CONFIGS: Final[dict[str, SearchConfig]] = {
    "medium": SearchConfig(),
    "hard": SearchConfig(),
}

#: What each searching level gets when the caller names no budget: the budget users get.
#: ``medium`` stops after 48 iterations (a look at each of its 12 actions and at the
#: answers to the best of them: 12 were not clearly stronger than ``easy``); ``hard``
#: thinks for 0.8 s.
DEFAULT_BUDGETS: Final[dict[str, Budget]] = {
    "medium": Budget(iterations=48, seconds=0.3),
    "hard": Budget(iterations=20_000, seconds=0.8),
}

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
    """What a :class:`Thinker` has found so far: the lines best first, every seat's chance
    in the position, the iterations done, and whether the budget is spent."""

    position: Position
    level: str
    lines: tuple[RankedAction, ...]
    chances: tuple[float, ...]
    iterations: int
    done: bool

    @property
    def best(self) -> RankedAction:
        """The first line: the action the level plays."""
        return self.lines[0]

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


def budget_for(level: str, iterations: int | None, seconds: float | None) -> Budget:
    """The budget of a searching level: the caller's, else the level's default."""
    if iterations is None and seconds is None:
        return DEFAULT_BUDGETS[level]
    return Budget(iterations=iterations, seconds=seconds)


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
        keep=keep,
        keep_share=keep_share,
    )


class Thinker:
    """A level thinking about one position, in slices or at once.

    ``random`` and ``easy`` do not search: their thought is ready at once (``easy`` ranks
    every action by its one-move score, the first being the ``easy`` bot's choice with its
    ties broken by ``seed``; ``random`` puts its uniform pick first). ``medium`` and ``hard``
    search within ``budget`` (the level's default if None) as ``config`` says (the level's
    if None). ``keep``: an action to value for sure, with at least ``keep_share`` of the
    search's visits (the review's played action).
    """

    def __init__(
        self,
        position: Position,
        *,
        level: str = "hard",
        budget: Budget | None = None,
        config: SearchConfig | None = None,
        seed: int | None = None,
        keep: Action | None = None,
        keep_share: float = 0.3,
    ) -> None:
        self.position = position
        self.level = level
        self.seed = seed
        self.actions = legal_actions(position)
        if not self.actions:
            raise ShangrilaError("the game is over: there is no action to think about")
        self.elapsed = 0.0
        self.search: Search | None = None
        self.budget: Budget | None = None
        if level in ("medium", "hard") and len(self.actions) > 1:
            self.budget = budget or DEFAULT_BUDGETS[level]
            if self.budget.iterations is None and self.budget.seconds is None:
                raise ShangrilaError("a search needs iterations or seconds")
            self.search = new_search(
                position, config or LEVEL_CONFIGS[level], seed, keep=keep, keep_share=keep_share
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
        seat = pos.packed.turn
        search = self.search
        if search is None:
            return Thought(pos, self.level, self._unsearched(), tuple(win_chances(pos)), 0, True)
        lines = [
            _line(search, action, node, seat) for action, node in search.ranked() if node.visits
        ]
        if not lines:  # nothing searched yet: the first action the search would open
            return Thought(pos, self.level, self._unsearched(), tuple(win_chances(pos)), 0, False)
        return Thought(
            pos,
            self.level,
            tuple(lines),
            tuple(search.root_chances()),
            search.iterations,
            self.done,
        )

    def choice(self) -> Action:
        """The action the level plays now: the first of :meth:`thought`'s lines."""
        if self.search is not None and self.search.root.visits:
            return self.search.best()
        return self._first()

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
    *,
    level: str = "hard",
    budget: Budget | None = None,
    config: SearchConfig | None = None,
    seed: int | None = None,
    keep: Action | None = None,
) -> Thought:
    """Think about ``position`` at ``level`` until the budget is spent (see :class:`Thinker`)."""
    return Thinker(position, level=level, budget=budget, config=config, seed=seed, keep=keep).run()


__all__ = [
    "ABOUT_EQUAL",
    "DEFAULT_BUDGETS",
    "LEVEL_CONFIGS",
    "Budget",
    "RankedAction",
    "SearchConfig",
    "Thinker",
    "Thought",
    "budget_for",
    "new_search",
    "think",
]

__getattr__ = old_names("shangrila_widget.bots.thinking", {"Line": ("RankedAction", RankedAction)})

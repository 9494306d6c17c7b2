"""The bot levels and the one entry point that plays them: :func:`choose_action`.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> choose_action(pos, level="medium", iterations=50, seed=1) == choose_action(
...     pos, level="medium", iterations=50, seed=1)
True
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Final, Literal

from shangrila_widget.bots.search import Budget, Search, greedy_action
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import legal_actions
from shangrila_widget.rules.errors import ShangrilaError, excerpt

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

Level = Literal["random", "easy", "medium", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("random", "easy", "medium", "hard")

#: What each searching level gets when the caller names no budget: the budget users get.
#: Both search with the ``greedy`` policy: the root opens its 12 best-looking actions by the
#: ``easy`` bot's heuristic, each playout lets every seat play the ``easy`` bot's move for
#: 3 actions (the other players' answers) before the position is evaluated, and the
#: search's further iterations look at other answers and deeper. ``medium`` stops after 12
#: iterations (one look at each of the 12 actions); ``hard`` thinks for 0.8 s.
DEFAULT_BUDGETS: Final[dict[str, Budget]] = {
    "medium": Budget(
        iterations=12, seconds=0.3, depth=3, policy="greedy", root_width=12, exploration=0.25
    ),
    "hard": Budget(
        iterations=20_000, seconds=0.8, depth=3, policy="greedy", root_width=12, exploration=0.25
    ),
}


def check_level(level: object) -> None:
    """Refuse anything but a level name.

    >>> check_level("hard")
    >>> try:
    ...     check_level("expert")
    ... except ShangrilaError as error:
    ...     print(error)
    unknown bot level 'expert': expected one of random, easy, medium, hard
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise ShangrilaError(
            f"unknown bot level {excerpt(level)}: expected one of {', '.join(LEVELS)}"
        )


MAX_ITERATIONS: Final = 10_000_000
"""The most search iterations one request may ask for (hours of search on a laptop)."""

MAX_SECONDS: Final = 3600.0
"""The longest time one request may ask the search to think."""


def check_budget(iterations: object, seconds: object) -> None:
    """Refuse a budget that is not a whole number of iterations from 1 to
    :data:`MAX_ITERATIONS` or a time above 0 s and at most :data:`MAX_SECONDS`."""
    if iterations is not None and (
        isinstance(iterations, bool)
        or not isinstance(iterations, int)
        or not 1 <= iterations <= MAX_ITERATIONS
    ):
        raise ShangrilaError(
            f"iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, "
            f"not {excerpt(iterations)}"
        )
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise ShangrilaError(
            f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, not {excerpt(seconds)}"
        )


def budget_for(level: str, iterations: int | None, seconds: float | None) -> Budget:
    """The search budget of a searching level: the caller's, else the level's default."""
    default = DEFAULT_BUDGETS[level]
    if iterations is None and seconds is None:
        return default
    return replace(default, iterations=iterations, seconds=seconds)


def new_search(position: Position, budget: Budget, seed: int | None) -> Search:
    """A search from ``position`` that plays out and opens its root as ``budget`` says (not
    run yet)."""
    return Search(
        position,
        random.Random(seed),
        depth=budget.depth,
        policy=budget.policy,
        root_width=budget.root_width,
        exploration=budget.exploration,
    )


def search(
    position: Position,
    *,
    level: str,
    iterations: int | None,
    seconds: float | None,
    seed: int | None,
) -> Search:
    """A finished search of a searching level (``medium`` or ``hard``) from ``position``."""
    budget = budget_for(level, iterations, seconds)
    found = new_search(position, budget, seed)
    found.run(budget.iterations, budget.seconds)
    return found


def choose_action(
    position: Position,
    *,
    level: str = "medium",
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
) -> Action:
    """The action the bot of ``level`` plays for the player to move.

    ``random`` picks uniformly; ``easy`` plays the best action by a one-move heuristic;
    ``medium`` and ``hard`` search (multi-player MCTS), within ``iterations`` and/or
    ``seconds`` (whichever ends first), or the level's default budget. The same ``seed`` and
    iteration budget give the same action; with only one legal action it is returned at once.
    Raises :class:`ShangrilaError` for an unknown level, a bad budget or a finished game.
    """
    check_level(level)
    check_budget(iterations, seconds)
    actions = legal_actions(position)
    if not actions:
        raise ShangrilaError("the game is over: there is no action to choose")
    if len(actions) == 1:
        return actions[0]
    rng = random.Random(seed)
    if level == "random":
        return rng.choice(actions)
    if level == "easy":
        return greedy_action(position, rng)
    return search(position, level=level, iterations=iterations, seconds=seconds, seed=seed).best()

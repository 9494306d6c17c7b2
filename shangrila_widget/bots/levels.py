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
    if not isinstance(level, str):
        raise TypeError(f"level: expected a level name, got {excerpt(level)}")
    if level not in LEVELS:
        raise ShangrilaError(
            f"unknown bot level {excerpt(level)}: expected one of {', '.join(LEVELS)}"
        )


MAX_ITERATIONS: Final = 10_000_000
"""The most search iterations one request may ask for (hours of search on a laptop)."""

MAX_SECONDS: Final = 3600.0
"""The longest time one request may ask the search to think."""


def check_budget(iterations: object, seconds: object) -> None:
    """Refuse a budget that is not a whole number of iterations from 1 to
    :data:`MAX_ITERATIONS` or a time above 0 s and at most :data:`MAX_SECONDS` (a
    :class:`TypeError` for a value of the wrong type)."""
    if isinstance(iterations, bool) or not isinstance(iterations, (int, type(None))):
        raise TypeError(f"iterations: expected a whole number or None, got {excerpt(iterations)}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float, type(None))):
        raise TypeError(f"seconds: expected a number or None, got {excerpt(seconds)}")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise ShangrilaError(
            f"iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, "
            f"not {excerpt(iterations)}"
        )
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise ShangrilaError(
            f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, not {excerpt(seconds)}"
        )


def check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number (or None, for a fresh one each time): a text
    or a float would be hashed into some seed silently.

    >>> check_seed(7)
    >>> check_seed("abc")
    Traceback (most recent call last):
    ...
    TypeError: seed: expected a whole number or None, got 'abc'
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed: expected a whole number or None, got {excerpt(seed)}")


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
    Raises :class:`ShangrilaError` for an unknown level, a budget out of range or a finished
    game, :class:`TypeError` for an argument of the wrong type (a seed that is not a whole
    number, for one).
    """
    check_level(level)
    check_budget(iterations, seconds)
    check_seed(seed)
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

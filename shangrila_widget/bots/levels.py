"""The bot levels and the one entry point that plays them: :func:`choose_action`.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> choose_action(pos, level="medium", iterations=50, seed=1) == choose_action(
...     pos, level="medium", iterations=50, seed=1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from shangrila_widget.bots.thinking import DEFAULT_BUDGETS, Thinker, budget_for
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.engine import legal_actions
from shangrila_widget.rules.errors import ShangrilaError, excerpt

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

Level = Literal["random", "easy", "medium", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("random", "easy", "medium", "hard")


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
    ``seconds`` (whichever ends first), or the level's default budget. It is the first line
    of the level's :class:`~shangrila_widget.bots.thinking.Thinker`, as a hint's is. The
    same ``seed`` and iteration budget give the same action; with only one legal action it
    is returned at once.
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
    budget = budget_for(level, iterations, seconds) if level in DEFAULT_BUDGETS else None
    thinker = Thinker(position, level=level, budget=budget, seed=seed)
    thinker.run()
    return thinker.choice()

"""The bot levels and the one bot spec, :class:`Bot`: a level, a budget and a seed.

Which levels search, how they search (:data:`LEVEL_CONFIGS`) and for how long by default
(:data:`DEFAULT_BUDGETS`) is said here once; a :class:`Bot` is checked once, when it is
made, and every caller (:func:`~shangrila_widget.bots.choose_action`,
:func:`~shangrila_widget.bots.hint`, the review, :class:`~shangrila_widget.bots.Thinker`
and the widget's computer players) takes one.

>>> Bot("medium", Budget(iterations=50)).search_budget
Budget(iterations=50, seconds=None)
>>> Bot("easy").searches, Bot("hard").search_budget == DEFAULT_BUDGETS["hard"]
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from shangrila_widget.deprecation import deprecated, old_names
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem

if TYPE_CHECKING:
    from shangrila_widget.bots.playouts import Policy

Level = Literal["random", "easy", "medium", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("random", "easy", "medium", "hard")

MAX_ITERATIONS: Final = 10_000_000
"""The most search iterations one request may ask for (hours of search on a laptop)."""

MAX_SECONDS: Final = 3600.0
"""The longest time one request may ask the search to think."""


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
        raise ShangrilaError(problem("bot_level", value=excerpt(level), levels=", ".join(LEVELS)))


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
            problem("bot_iterations", most=f"{MAX_ITERATIONS:,}", value=excerpt(iterations))
        )
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise ShangrilaError(
            problem("bot_seconds", most=f"{MAX_SECONDS:g}", value=excerpt(seconds))
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


@dataclass(frozen=True)
class Budget:
    """How long one search thinks: ``iterations`` and/or ``seconds``, whichever ends first
    (at least one of the two; checked when made).

    >>> Budget(iterations=200).iterations, Budget(seconds=0.5).seconds
    (200, 0.5)
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        check_budget(self.iterations, self.seconds)
        if self.iterations is None and self.seconds is None:
            raise ShangrilaError(problem("bot_budget_empty"))

    @classmethod
    def of(cls, iterations: int | None, seconds: float | None) -> Budget | None:
        """The budget of ``iterations`` and/or ``seconds``; None when both are None (the
        level's default)."""
        if iterations is None and seconds is None:
            check_budget(iterations, seconds)
            return None
        return cls(iterations, seconds)


@dataclass(frozen=True)
class SearchConfig:
    """How a search thinks: how many actions a playout plays before the position is
    evaluated and by which policy (``uniform`` plays to the end), how many actions the root
    opens before its width grows with its visits (``widen``), the UCT exploration constant
    (results are win chances, 0-1), whether the tree grows below the root's children
    (``grow``; False: a bandit over the root's actions), and ``trust_first``: how far the
    search's best action must lead the heuristic's first choice, in standard errors of the
    two means' difference, to be played instead of it (0: the search's best, always)."""

    depth: int = 3
    policy: Policy = "greedy"
    root_width: int = 12
    exploration: float = 0.25
    grow: bool = True
    widen: bool = True
    trust_first: float = 0.0


#: How the levels that search think, by level (the other levels do not search). ``medium``:
#: the ``greedy`` policy (every seat plays the ``easy`` bot's move for 3 actions before the
#: evaluation), the root opening its 12 best-looking actions by the ``easy`` bot's
#: heuristic, the tree growing below them. ``hard``: a bandit over the root's 12
#: best-looking actions by the same heuristic (UCB1, exploration 0.5), each playout
#: uniformly random to the end of the game and scored by its final shares: no evaluation,
#: so none of its bias, and five to ten times the playouts a second; it plays the
#: heuristic's first action unless the playouts put another ahead of it by more than one
#: standard error of the difference (``trust_first=1.0``: random playouts are a noisy
#: judge, the heuristic a biased one, and each corrects the other).
LEVEL_CONFIGS: Final[Mapping[str, SearchConfig]] = {
    "medium": SearchConfig(),
    "hard": SearchConfig(
        policy="uniform", exploration=0.5, grow=False, widen=False, trust_first=1.0
    ),
}

#: What each searching level gets when the caller names no budget: the budget users get.
#: ``medium`` stops after 48 iterations (a look at each of its 12 actions and at the
#: answers to the best of them: 12 were not clearly stronger than ``easy``); ``hard``
#: thinks for 0.8 s.
DEFAULT_BUDGETS: Final[Mapping[str, Budget]] = {
    "medium": Budget(iterations=48, seconds=0.3),
    "hard": Budget(iterations=20_000, seconds=0.8),
}


def searches(level: str) -> bool:
    """Whether ``level`` searches (``medium`` and ``hard``: the levels of
    :data:`LEVEL_CONFIGS`); ``random`` and ``easy`` answer at once."""
    return level in LEVEL_CONFIGS


_OLD_BUDGET = object()  # marks the deprecated keywords ``iterations=`` and ``seconds=``


@dataclass(frozen=True, init=False)
class Bot:
    """A bot: its ``level`` (``random``, ``easy``, ``medium``, ``hard``), the ``budget`` of
    its search (None: the level's own, :data:`DEFAULT_BUDGETS`; unused by the levels that
    do not search) and a ``seed`` (None: a fresh one each time). Checked when made. With a
    seed and an iteration budget its choices repeat exactly.

    >>> Bot("medium", Budget(iterations=50), seed=1)
    Bot(level='medium', budget=Budget(iterations=50, seconds=None), seed=1)
    >>> Bot("expert")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    shangrila_widget.rules.errors.ShangrilaError: unknown bot level 'expert': expected one ...

    ``Bot(level, iterations=..., seconds=...)`` (the widget's spelling before this one)
    still works for one release, with a :class:`DeprecationWarning`.
    """

    level: str = "medium"
    budget: Budget | None = None
    seed: int | None = field(default=None)

    def __init__(
        self,
        level: str = "medium",
        budget: Budget | None = None,
        seed: int | None = None,
        *,
        iterations: Any = _OLD_BUDGET,
        seconds: Any = _OLD_BUDGET,
    ) -> None:
        if iterations is not _OLD_BUDGET or seconds is not _OLD_BUDGET:
            deprecated(
                "Bot(level, iterations=..., seconds=...)",
                "Bot(level, Budget(iterations=..., seconds=...))",
            )
            if budget is not None:
                raise TypeError("give the budget once: a Budget, or iterations and seconds")
            budget = Budget.of(
                None if iterations is _OLD_BUDGET else iterations,
                None if seconds is _OLD_BUDGET else seconds,
            )
        check_level(level)
        if budget is not None and not isinstance(budget, Budget):
            raise TypeError(f"budget: expected a Budget or None, got {excerpt(budget)}")
        check_seed(seed)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "budget", budget)
        object.__setattr__(self, "seed", seed)

    @property
    def searches(self) -> bool:
        """Whether the bot's level searches (see :func:`searches`)."""
        return searches(self.level)

    @property
    def search_budget(self) -> Budget | None:
        """How long its search thinks: its own budget, else its level's default; None for a
        level that does not search."""
        if not self.searches:
            return None
        return self.budget or DEFAULT_BUDGETS[self.level]

    @property
    def config(self) -> SearchConfig | None:
        """How its search thinks (its level's :data:`LEVEL_CONFIGS`); None for a level that
        does not search."""
        return LEVEL_CONFIGS.get(self.level)

    @classmethod
    def of(
        cls,
        level: str,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
    ) -> Bot:
        """A bot from its parts, the budget as ``iterations`` and/or ``seconds`` (neither:
        the level's default), as the command line and a dict give them."""
        return cls(level, Budget.of(iterations, seconds), seed)


#: The bot a hint thinks with when none is named (:func:`~shangrila_widget.bots.hint`, the
#: board's *Hint* button, the ``hint`` command): ``medium``'s search (the ``greedy``
#: playouts, the fitted chances, the answers it expects) for ``hard``'s time, 0.8 s: the
#: hints' search, apart from the ``hard`` level's, so that one can change without the other.
HINT_BOT: Final = Bot("medium", Budget(iterations=20_000, seconds=0.8))


BotSpec = str | Bot | Mapping[str, Any]
"""What names a bot: a :class:`Bot`, a level name (with the level's default budget), or a
dict of :meth:`Bot.of`'s parts (``{"level": "hard", "seconds": 0.5, "seed": 1}``)."""


def as_bot(spec: BotSpec) -> Bot:
    """The :class:`Bot` a :data:`BotSpec` names.

    >>> as_bot("easy"), as_bot({"level": "hard", "iterations": 30}).search_budget
    (Bot(level='easy', budget=None, seed=None), Budget(iterations=30, seconds=None))
    """
    if isinstance(spec, Bot):
        return spec
    if isinstance(spec, str):
        return Bot(spec)
    if isinstance(spec, Mapping):
        try:
            return Bot.of(**spec)
        except TypeError as error:
            raise ShangrilaError(
                problem("not_a_bot", value=excerpt(spec), why=str(error))
            ) from None
    raise ShangrilaError(problem("not_a_bot_kind", value=excerpt(spec)))


def seated_bots(bots: object, players: Sequence[str]) -> dict[str, Bot]:
    """The bots of a board's seats from ``bots``: a dict from seat to :data:`BotSpec`, or a
    list of seats (each the default bot, ``Bot()``: ``medium``); None for none.

    >>> seated_bots(["blue"], ["red", "blue"])
    {'blue': Bot(level='medium', budget=None, seed=None)}
    """
    if bots is None:
        return {}
    if isinstance(bots, Mapping):
        specs: dict[object, BotSpec] = dict(bots)
    elif isinstance(bots, (list, tuple)):
        specs = {seat: Bot() for seat in bots}
        if len(specs) != len(bots):
            raise ShangrilaError(problem("bots_twice", value=excerpt(list(bots))))
    else:
        raise ShangrilaError(problem("bots_kind", value=excerpt(bots)))
    seated: dict[str, Bot] = {}
    for seat, spec in specs.items():
        if not isinstance(seat, str) or seat not in players:
            raise ShangrilaError(problem("bot_seat", seat=excerpt(seat), players=list(players)))
        seated[seat] = as_bot(spec)
    return seated


def bot_from(
    bot: BotSpec | None,
    default: str | Bot,
    *,
    level: str | None = None,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
) -> Bot:
    """The bot of a call that takes a ``bot`` or, for short, its parts (``level``,
    ``iterations``, ``seconds``, ``seed``), not both; neither: ``default``'s level, or the
    ``default`` bot with the budget and seed given in place of its own.

    >>> bot_from(None, HINT_BOT, seconds=0.2, seed=7)
    Bot(level='medium', budget=Budget(iterations=None, seconds=0.2), seed=7)
    """
    if bot is None and level is None and isinstance(default, Bot):
        budget = Budget.of(iterations, seconds) or default.budget
        return Bot(default.level, budget, default.seed if seed is None else seed)
    if isinstance(default, Bot):
        default = default.level
    if bot is None:
        return Bot.of(
            default if level is None else level, iterations=iterations, seconds=seconds, seed=seed
        )
    if (level, iterations, seconds, seed) != (None, None, None, None):
        raise TypeError("give a bot or its level, iterations, seconds and seed, not both")
    return as_bot(bot)


def _choose_action(*args: Any, **kwargs: Any) -> Any:
    """:func:`shangrila_widget.bots.choose_action` (this module's old name for it)."""
    from shangrila_widget.bots.thinking import choose_action

    return choose_action(*args, **kwargs)


__getattr__ = old_names(
    __name__, {"choose_action": ("shangrila_widget.bots.choose_action", _choose_action)}
)


__all__ = [
    "DEFAULT_BUDGETS",
    "HINT_BOT",
    "LEVELS",
    "LEVEL_CONFIGS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "Bot",
    "BotSpec",
    "Budget",
    "Level",
    "SearchConfig",
    "as_bot",
    "bot_from",
    "check_budget",
    "check_level",
    "check_seed",
    "searches",
    "seated_bots",
]

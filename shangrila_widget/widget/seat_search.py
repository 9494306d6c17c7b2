"""One search of a computer seat (its move, or a person's hint) run in slices, and how far it
has got in words.

A :class:`SeatSearch` wraps one :class:`~shangrila_widget.bots.thinking.Thinker`: each
:meth:`~SeatSearch.step` thinks for :data:`SLICE_SECONDS` and gives the loop back, so the
kernel answers other messages meanwhile (:mod:`~shangrila_widget.widget.seats` schedules the
slices on the board's clock). The same slices run the game review's judgements
(:mod:`~shangrila_widget.widget.game_review`).
"""

from __future__ import annotations

from typing import Literal

from shangrila_widget.bots import levels as bot_levels
from shangrila_widget.bots.levels import Budget
from shangrila_widget.bots.thinking import Thinker, Thought
from shangrila_widget.rules import Node, Position
from shangrila_widget.rules.messages import Language, say

#: How long one slice of a search runs before the kernel gets the loop back (seconds).
SLICE_SECONDS = 0.05


def budget_words(budget: Budget, lang: Language) -> str:
    """A search budget in words: "200 iterations or 0.3 s".

    >>> budget_words(Budget(seconds=0.5), "pl") == say("ui.budget_seconds", "pl", s="0,5")
    True
    """
    n, s = budget.iterations, budget.seconds
    if n is not None and s is not None:
        return say("ui.budget_both", lang, n=n, s=number_words(s, lang))
    if s is not None:
        return say("ui.budget_seconds", lang, s=number_words(s, lang))
    return say("ui.budget_iterations", lang, n=n)


def number_words(value: float, lang: Language, digits: int | None = None) -> str:
    """A number as the language writes it (a decimal comma in Polish).

    >>> number_words(0.25, "pl"), number_words(1.0, "en", 1)
    ('0,25', '1.0')
    """
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "pl" else text


class SeatSearch:
    """One :class:`~shangrila_widget.bots.thinking.Thinker` in slices: a computer player's
    move (``kind="move"``) or a hint (``kind="hint"``) from ``node``, by ``bot`` (a seeded
    bot seeds each move differently: its seed plus the node's ply)."""

    def __init__(self, kind: Literal["move", "hint"], node: Node, bot: bot_levels.Bot) -> None:
        self.kind = kind
        self.node = node
        self.bot = bot
        self.position: Position = node.position
        self.player = self.position.to_move
        seed = None if bot.seed is None else bot.seed + node.ply  # each move its own seed
        self.thinker = Thinker(self.position, bot_levels.Bot(bot.level, bot.budget, seed))

    def step(self) -> bool:
        """Think one slice more; True when done."""
        return self.thinker.step(SLICE_SECONDS)

    def fraction(self) -> float:
        """How much of the budget is spent, from 0 to 1."""
        return self.thinker.progress

    def progress(self, lang: Language) -> tuple[str, str]:
        """(what is done, the budget) in words."""
        done = self.thinker.iterations
        budget = self.thinker.budget
        if budget is None:
            return say("ui.budget_iterations", lang, n=done), "—"
        if budget.seconds is not None:
            spent = say("ui.budget_seconds", lang, s=number_words(self.thinker.elapsed, lang, 1))
            return spent, budget_words(budget, lang)
        return str(done), budget_words(budget, lang)

    def thought(self) -> Thought:
        """What the thinking found (its first line is the move)."""
        return self.thinker.thought()


__all__ = ["SLICE_SECONDS", "SeatSearch", "budget_words", "number_words"]

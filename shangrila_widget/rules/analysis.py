""" "What happens if...": every legal action of a position with its predicted result.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_dict({
...     "format": "shangrila-position/1", "players": ["red", "blue", "yellow"],
...     "to_move": "red", "phase": "play",
...     "villages": {"A": {"healer": {"owner": "red", "student": True}},
...                  "B": {"healer": {"owner": "blue", "student": False}}}})
>>> for p in what_if(pos, kinds=("journey",))[:2]:
...     print(p.action, p.situation, p.rules[2:])
journey A B 1 ('J1-OTHER', 'BRIDGE-COLLAPSE')
journey A D 1 ('J-EMPTY', 'BRIDGE-COLLAPSE')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from shangrila_widget.rules.actions import Action, Journey, Pass, Place, Recruit
from shangrila_widget.rules.engine import WEIGHTED_KINDS, play, scores
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Language, problem
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.results import Outcome

#: Every kind of action, in the order :func:`what_if` lists them (see also ``WEIGHTED_KINDS``).
ALL_KINDS: Final = (*WEIGHTED_KINDS, "pass")
_KIND_OF: Final = {Place: "place", Recruit: "recruit", Journey: "journey", Pass: "pass"}


@dataclass(frozen=True)
class Prediction:
    """One legal action and what it would do, without committing it."""

    action: Action
    outcome: Outcome

    @property
    def kind(self) -> str:
        return _KIND_OF[type(self.action)]

    @property
    def position(self) -> Position:
        return self.outcome.position

    @property
    def situation(self) -> int | None:
        return self.outcome.situation

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids of the events, in order."""
        return tuple(e.rule for e in self.outcome.events)

    def masters_change(self) -> dict[str, int]:
        """Each player's change in masters on the board."""
        before = scores(self.outcome.before)
        after = scores(self.position)
        return {c: after[c][0] - before[c][0] for c in after}

    def summary(self, lang: Language = "en") -> str:
        """The events in words, one sentence each."""
        return " ".join(self.outcome.messages(lang))


def what_if(position: Position, kinds: Iterable[str] = ALL_KINDS) -> list[Prediction]:
    """Every legal action of the player to move (of the given kinds) with its outcome."""
    try:
        names: tuple[object, ...] = () if isinstance(kinds, str) else tuple(kinds)
    except TypeError:
        names = (kinds,)  # not a list at all
    if (not names and kinds) or not all(isinstance(k, str) for k in names):
        raise TypeError(f"kinds: expected a list of action kinds, got {excerpt(kinds)}")
    wanted = {str(k) for k in names}
    unknown = wanted - set(ALL_KINDS)
    if unknown:
        raise ShangrilaError(
            problem(
                "unknown_kinds",
                value=", ".join(excerpt(k) for k in sorted(unknown)[:3]),
                known=list(ALL_KINDS),
            )
        )
    return [
        Prediction(action, play(position, action))
        for action in position.legal_actions()
        if _KIND_OF[type(action)] in wanted
    ]

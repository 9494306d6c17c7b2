"""The rules' result types: a :class:`Refusal` (from a check), the :class:`Event` list and the
:class:`Outcome` of a played action, each naming its rule id and said in English or Polish.
The events are worked out by :mod:`~shangrila_widget.rules.describe`.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> refusal = pos.check("journey A B")
>>> refusal.rule, refusal.message("en")
('SETUP-ORDER', 'Red may only place masters during set-up.')
>>> print(refusal.message("pl"))
Gracz Czerwony: podczas rozmieszczania Mistrzów można tylko umieszczać Mistrzów.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from shangrila_widget.rules.messages import Joined, Language, Message, event_template_key

if TYPE_CHECKING:
    from shangrila_widget.rules.actions import Action
    from shangrila_widget.rules.position import Position


@dataclass(frozen=True)
class Refusal:
    """Why an action is illegal: the rule id, a message key and the facts it speaks of."""

    rule: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def words(self) -> Message:
        """The reason as a message, to be said in the reader's language."""
        return Message(f"rules.{self.key}", self.params)

    def message(self, lang: Language = "en") -> str:
        """The reason in words, in English (``"en"``) or Polish (``"pl"``)."""
        return self.words.text(lang)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """``{"rule": ..., "message": ...}`` for JSON."""
        return {"rule": self.rule, "message": self.message(lang)}


@dataclass(frozen=True)
class Event:
    """One thing that happened, in order: its kind, the rule id behind it, and its facts.

    Kinds: ``placed``, ``setup_over``, ``recruited``, ``journey``, ``strength``,
    ``traveller``, ``bridge``, ``stone``, ``skipped``, ``passed``, ``game_over``, ``score``.
    """

    kind: str
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def words(self) -> Message:
        """What happened as a message, to be said in the reader's language."""
        return Message(
            f"rules.{event_template_key(self.kind, self.rule, self.params)}", self.params
        )

    def message(self, lang: Language = "en") -> str:
        """What happened, in words, in English (``"en"``) or Polish (``"pl"``)."""
        return self.words.text(lang)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """``{"rule": ..., "kind": ..., "message": ...}`` for JSON."""
        return {"rule": self.rule, "kind": self.kind, "message": self.message(lang)}


class Outcome:
    """The result of a legal action: the new position, and (when read) the events.

    ``events`` are worked out on first access from the position before and the action, so a
    simulation that never reads them pays nothing for them.
    """

    __slots__ = ("before", "action", "position", "__dict__")

    def __init__(self, before: Position, action: Action, position: Position) -> None:
        self.before = before
        self.action = action
        self.position = position

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """What happened, in order, each with its rule id."""
        from shangrila_widget.rules.describe import describe

        return describe(self.before, self.action, self.position)

    @property
    def situation(self) -> int | None:
        """1 if the start village was stronger, 2 if the destination was, None for no journey."""
        for event in self.events:
            if event.kind == "strength":
                return int(event.params["situation"])
        return None

    def messages(self, lang: Language = "en") -> list[str]:
        """Every event's message, in order."""
        return [event.message(lang) for event in self.events]

    @property
    def words(self) -> Joined:
        """Every event's message, in order, as one text to be said in any language."""
        return Joined(tuple(event.words for event in self.events))

    def __repr__(self) -> str:
        return f"<Outcome {self.action} -> {[e.rule for e in self.events]}>"

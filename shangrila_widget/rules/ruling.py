"""A ruling: the answer to "may this be done here?", whole: every rule that refuses the
action, what would make it legal, or its outcome; the edition it was judged under and how the
other would judge it; and the short string (and link) that carries the question to anyone.

The parts live in their own modules, and this one names them all (``from
shangrila_widget.rules.ruling import ...`` works for each):
:mod:`~shangrila_widget.rules.refusing` (:func:`refusing_rules`, in the order the engine
checks them, so the first is always ``check``'s), :mod:`~shangrila_widget.rules.legal_if`
(:func:`legal_if`: the smallest changes of the position, each verified by the engine, made of
the edits of :mod:`~shangrila_widget.rules.changes`), :mod:`~shangrila_widget.rules.editions`
and :mod:`~shangrila_widget.rules.questions` (:func:`ruling_string` /
:func:`read_ruling_string`, the string's format).

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> answer = ruling(pos, "journey B A")
>>> answer.rules, [entry.text("en") for entry in answer.legal_if]
(('JOURNEY-BRIDGE',), ['Legal if the bridge A-B still stood.'])
>>> answer.string
'r1~standard~rbyv_r_play_7.R6.7.7.7.7.7.7.7.7.7.7.7_AB_-~journey.B.A~e9ab9fcc'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shangrila_widget.deprecation import old_names
from shangrila_widget.rules.actions import Action, as_action
from shangrila_widget.rules.changes import Change, changes_for, edited
from shangrila_widget.rules.editions import (
    EDITION_SOURCES,
    EDITIONS,
    EditionNote,
    edition_label,
    edition_of,
    other_edition,
    under_edition,
)
from shangrila_widget.rules.engine import play
from shangrila_widget.rules.errors import RulingError
from shangrila_widget.rules.legal_if import LegalIf, legal_if
from shangrila_widget.rules.messages import Language
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.questions import (
    DEFAULT_BASE_URL,
    NO_ACTION,
    SITE_URL_VARIABLE,
    question_string,
    read_question,
    read_ruling_string,
    ruling_link,
    ruling_string,
)
from shangrila_widget.rules.refusing import failing_conditions, refusing_rules
from shangrila_widget.rules.results import Outcome, Refusal


@dataclass(frozen=True)
class Ruling:
    """The answer to "may this be done here?", whole: see :func:`ruling`."""

    position: Position
    action: Action
    player: str | None
    refusals: tuple[Refusal, ...]
    legal_if: tuple[LegalIf, ...]
    outcome: Outcome | None
    other_edition: EditionNote

    @property
    def legal(self) -> bool:
        return self.outcome is not None

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule id that refuses the action, in order (``()`` when legal)."""
        return tuple(r.rule for r in self.refusals)

    @property
    def edition(self) -> str:
        return edition_of(self.position)

    @property
    def string(self) -> str:
        """The ruling string (:func:`ruling_string`)."""
        return ruling_string(self.position, self.action, self.player)

    def link(self, base_url: str | None = None) -> str:
        return ruling_link(self.string, base_url)

    def to_dict(self, lang: Language = "en", base_url: str | None = None) -> dict[str, Any]:
        """The ruling as JSON data (``docs/formats.md``, "Rulings")."""
        from shangrila_widget import __version__

        after = None if self.outcome is None else self.outcome.position
        return {
            "question": {
                "position": self.position.to_dict(),
                "action": str(self.action),
                "player": self.player,
            },
            "legal": self.legal,
            "rules": list(self.rules),
            "refusals": [r.to_dict(lang) for r in self.refusals],
            "legal_if": [entry.to_dict(lang) for entry in self.legal_if],
            "events": []
            if self.outcome is None
            else [e.to_dict(lang) for e in self.outcome.events],
            "scores": None
            if after is None
            else {c: {"masters": m, "villages": v} for c, (m, v) in after.scores().items()},
            "winners": None if after is None else list(after.winners()),
            "edition": self.edition,
            "other_edition": self.other_edition.to_dict(lang),
            "version": __version__,
            "ruling": self.string,
            "link": self.link(base_url),
        }


def ruling(pos: Position, action: Action | str, player: str | None = None) -> Ruling:
    """The ruling on ``action`` in ``pos`` (tried by ``player``, default the player to
    move): every refusing rule, the smallest changes that make it legal, or its outcome;
    and how the other edition would judge it.

    >>> from shangrila_widget.rules import Position
    >>> answer = ruling(Position.new_game(["red", "blue", "yellow"]), "place healer C")
    >>> answer.legal, answer.rules, answer.edition
    (False, ('SETUP-THREE',), 'standard')
    """
    action = as_action(action)
    refusals = refusing_rules(pos, action, player)
    outcome = None if refusals else play(pos, action, player)
    return Ruling(
        pos,
        action,
        player,
        refusals,
        legal_if(pos, action, player) if refusals else (),
        outcome,
        other_edition(pos, action, player, outcome),
    )


def _site_url_before_0_2(base_url: str | None = None) -> str:
    """``ruling.site_url`` as it was: ``base_url``, else ``$SHANGRILA_SITE_URL``, else
    :data:`DEFAULT_BASE_URL`. The environment is read by the command line's ``site_url``,
    where the program starts; this module only hands the call on."""
    from shangrila_widget.__main__ import site_url

    return site_url(base_url)


__getattr__ = old_names(
    __name__,
    {
        "site_url": (
            "ruling_link(..., base_url) (the caller gives the address)",
            _site_url_before_0_2,
        )
    },
)

__all__ = [
    "DEFAULT_BASE_URL",
    "EDITIONS",
    "EDITION_SOURCES",
    "NO_ACTION",
    "SITE_URL_VARIABLE",
    "Change",
    "EditionNote",
    "LegalIf",
    "Ruling",
    "RulingError",
    "edition_label",
    "edition_of",
    "question_string",
    "read_question",
    "under_edition",
    "changes_for",
    "edited",
    "failing_conditions",
    "legal_if",
    "read_ruling_string",
    "refusing_rules",
    "ruling",
    "ruling_link",
    "ruling_string",
]

"""The two editions a question is judged under (the standard rules and END-ELEVEN, where the
11th stone ends the game): which one a position is played by, the same position under the
other, and how the other would judge the same question.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow"])
>>> edition_of(pos), edition_of(under_edition(pos, "END-ELEVEN"))
('standard', 'END-ELEVEN')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import STONES_IN_BOX
from shangrila_widget.rules.changes import to_play_phase
from shangrila_widget.rules.codes import PLAY
from shangrila_widget.rules.engine import check, play
from shangrila_widget.rules.errors import RulingError, excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.position_json import OPTION_END_ELEVEN
from shangrila_widget.rules.results import Outcome
from shangrila_widget.rules.ruling_words import say

STANDARD: Final = "standard"
EDITIONS: Final = (STANDARD, OPTION_END_ELEVEN)


EDITION_SOURCES: Final[Mapping[str, str]] = {
    STANDARD: "rulebook",
    OPTION_END_ELEVEN: "end_eleven",
}
"""Each edition's source (the key of its words, ``ruling.edition_source.<key>``)."""


def edition_label(edition: str, lang: Language = "en") -> str:
    """An edition's name with its source, for a picker.

    >>> edition_label("END-ELEVEN")
    'END-ELEVEN: the game ends after the 11th stone (as some editions and implementations play it)'
    """
    if edition not in EDITIONS:
        raise RulingError("ruling.edition", edition=excerpt(edition))
    return say(f"edition_source.{EDITION_SOURCES[edition]}", lang, edition=edition)


def under_edition(pos: Position, edition: str) -> Position:
    """``pos`` played by ``edition``'s rules (the same pieces, the option changed); a game
    ended by the 11th stone under END-ELEVEN goes on under the standard rules while a
    bridge stands.

    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> edition_of(under_edition(pos, "END-ELEVEN"))
    'END-ELEVEN'
    """
    if edition not in EDITIONS:
        raise RulingError("ruling.edition", edition=excerpt(edition))
    if edition == edition_of(pos):
        return pos
    data = pos.to_dict()
    if pos.end_eleven:
        data["options"] = [o for o in data.get("options", []) if o != OPTION_END_ELEVEN]
        if not data["options"]:
            data.pop("options")
        if pos.is_over and pos.bridges and not pos.passes:
            to_play_phase(data)
    else:
        data["options"] = [*data.get("options", []), OPTION_END_ELEVEN]
    return Position.from_dict(data)


def edition_of(pos: Position) -> str:
    """``"standard"`` or ``"END-ELEVEN"``: the rules the position is played by."""
    return OPTION_END_ELEVEN if pos.end_eleven else STANDARD


@dataclass(frozen=True)
class EditionNote:
    """How the other edition would judge the same question: its verdict, whether the game
    would be over after the action, and the words when that differs."""

    edition: str
    legal: bool
    rule: str | None
    game_over: bool | None
    key: str | None
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def differs(self) -> bool:
        return self.key is not None

    def text(self, lang: Language = "en") -> str | None:
        """What differs, in words; None when both editions agree."""
        if self.key is None:
            return None
        if self.key == "edition.other_verdict":
            verdict = str(self.params["verdict_" + lang])
            return say(self.key, lang, edition=self.edition, verdict=verdict)
        return say(self.key, lang, **self.params)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        return {
            "edition": self.edition,
            "legal": self.legal,
            "rule": self.rule,
            "game_over": self.game_over,
            "differs": self.differs,
            "note": self.text(lang),
        }


def other_edition(
    pos: Position, action: Action, player: str | None, outcome: Outcome | None
) -> EditionNote:
    data = pos.to_dict()
    eleven = pos.end_eleven
    if eleven:
        data.pop("options", None)
    else:
        data["options"] = [OPTION_END_ELEVEN]
    key: str | None = None
    params: dict[str, object] = {}
    stones = len(pos.stones)
    if eleven and pos.is_over and pos.bridges and not pos.passes:
        to_play_phase(data)  # ended by the 11th stone: under the standard rules it goes on
        key = "edition.would_go_on"
    other = Position.from_dict(data)
    if not eleven and pos.packed.phase == PLAY and stones >= STONES_IN_BOX - 1:
        return EditionNote(
            OPTION_END_ELEVEN, False, "END", None, "edition.already_over", {"stones": stones}
        )
    refusal = check(other, action, player)
    over: bool | None = None
    if refusal is None:
        over = play(other, action, player).position.is_over
        if outcome is not None and over != outcome.position.is_over and key is None:
            key = "edition.would_end" if over else "edition.would_not_end"
    if key is None and (refusal is None) != (outcome is not None):
        key = "edition.other_verdict"
        for lang in LANGUAGES:
            params["verdict_" + lang] = (
                say("edition.legal", lang) if refusal is None else refusal.message(lang)
            )
    return EditionNote(
        STANDARD if eleven else OPTION_END_ELEVEN,
        refusal is None,
        None if refusal is None else refusal.rule,
        over,
        key,
        params,
    )


__all__ = [
    "EDITIONS",
    "EDITION_SOURCES",
    "STANDARD",
    "EditionNote",
    "edition_label",
    "edition_of",
    "other_edition",
    "under_edition",
]

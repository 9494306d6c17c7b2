"""What would make a refused action legal: the smallest changes of the position (one edit,
two only where no single one does), each verified by the engine.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> tuple(entry.text("en") for entry in legal_if(pos, "journey B A"))
('Legal if the bridge A-B still stood.',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from shangrila_widget.rules.actions import Action, as_action
from shangrila_widget.rules.changes import Change, changes_for, edited
from shangrila_widget.rules.engine import check
from shangrila_widget.rules.messages import Language
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.refusing import failing_conditions
from shangrila_widget.rules.ruling_words import say


@dataclass(frozen=True)
class LegalIf:
    """A smallest change (one or two edits) that makes the action legal, checked by the
    engine: ``check(position, action, player)`` is None."""

    changes: tuple[Change, ...]
    position: Position

    def text(self, lang: Language = "en") -> str:
        """ "Legal if ..." in ``lang``."""
        clauses = [c.text(lang) for c in self.changes]
        if len(clauses) == 1:
            return say("legal_if.one", lang, a=clauses[0])
        return say("legal_if.two", lang, a=clauses[0], b=clauses[1])

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """``{"text": ..., "position": <public JSON>, "changes": [<kind>, ...]}``."""
        return {
            "text": self.text(lang),
            "position": self.position.to_dict(),
            "changes": [c.key.removeprefix("change.") for c in self.changes],
        }


#: At most this many "legal if" entries per ruling, and per kind of change.
MOST_ENTRIES: Final = 8
MOST_PER_KIND: Final = 3


def _candidates(pos: Position, action: Action, player: str | None) -> list[Change]:
    changes: dict[tuple[str, tuple[tuple[str, str], ...]], Change] = {}
    for refusal in failing_conditions(pos, action, player):
        for change in changes_for(pos, action, refusal):
            changes.setdefault((change.key, tuple(sorted(change.params.items()))), change)
    return list(changes.values())


def legal_if(pos: Position, action: Action | str, player: str | None = None) -> tuple[LegalIf, ...]:
    """The smallest changes of ``pos`` that make ``action`` legal: single edits, or pairs
    of edits where no single one does; each checked by the engine (``check`` of the changed
    position is None) and read back by the position reader (an impossible position is never
    offered). ``()`` for a legal action or when no such change is found (a journey between
    villages that are no neighbours, a third student). At most :data:`MOST_ENTRIES`, and
    :data:`MOST_PER_KIND` of one kind, in the order of the rules they lift.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> tuple(entry.text("en") for entry in legal_if(pos, "recruit healer A"))
    ('Legal if set-up were over (the play phase) and Red had a Healer master in village A.',)
    """
    action = as_action(action)
    if check(pos, action, player) is None:
        return ()
    to_move = pos.to_move if player is None else player
    found: list[LegalIf] = []
    seen: set[Position] = set()
    kinds: dict[tuple[str, ...], int] = {}
    first_step: list[tuple[Change, Position, int]] = []
    failing = {(r.rule, r.key) for r in failing_conditions(pos, action, player)}

    def offer(changes: tuple[Change, ...], changed: Position) -> None:
        kind = tuple(c.key for c in changes)
        if changed in seen or kinds.get(kind, 0) >= MOST_PER_KIND:
            return
        seen.add(changed)
        kinds[kind] = kinds.get(kind, 0) + 1
        found.append(LegalIf(changes, changed))

    for change in _candidates(pos, action, player):
        changed = edited(pos, (change,))
        if changed is None:
            continue
        if changed.to_move == to_move and check(changed, action, player) is None:
            offer((change,), changed)
        elif not found:
            left = {(r.rule, r.key) for r in failing_conditions(changed, action, player)}
            if failing - left and len(left) <= len(failing):  # it lifts a condition
                first_step.append((change, changed, len(left)))
    if not found:
        for change, changed, _ in sorted(first_step, key=lambda step: step[2]):
            for second in _candidates(changed, action, player):
                if second.key == change.key and second.params == change.params:
                    continue
                both = edited(changed, (second,))
                if (
                    both is not None
                    and both.to_move == to_move
                    and check(both, action, player) is None
                ):
                    offer((change, second), both)
            if len(found) >= MOST_ENTRIES:
                break
    return tuple(found[:MOST_ENTRIES])


__all__ = ["MOST_ENTRIES", "MOST_PER_KIND", "LegalIf", "legal_if"]

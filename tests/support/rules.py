"""Assertions shared by the rules tests: refused/played with both checks, event rule ids,
supply changes, messages in both languages; positions are built with
:mod:`tests.support.positions`."""

from __future__ import annotations

from typing import Any

from shangrila_widget.rules import (
    BRIDGES,
    MASTER_TYPES,
    Event,
    Outcome,
    Position,
    Refusal,
)


def all_supplies(pos: Position) -> dict[tuple[str, str], int]:
    return {(c, t): pos.supply(c, t) for c in pos.players for t in MASTER_TYPES}


def supply_delta(before: Position, after: Position) -> dict[tuple[str, str], int]:
    """Non-zero changes of supply, by (colour, type)."""
    a, b = all_supplies(before), all_supplies(after)
    return {k: b[k] - a[k] for k in a if b[k] != a[k]}


def bridges_without(*removed: tuple[str, str], players: int = 4) -> list[tuple[str, str]]:
    """The starting bridges of a game minus ``removed`` (either order)."""
    gone = {frozenset(b) for b in removed}
    if players == 3:
        gone |= {frozenset(("B", "C")), frozenset(("C", "E")), frozenset(("C", "H"))}
    return [b for b in BRIDGES if frozenset(b) not in gone]


def assert_messages(item: Refusal | Event) -> None:
    """Both languages say something, and say it differently."""
    en, pl = item.message("en"), item.message("pl")
    assert isinstance(en, str) and isinstance(pl, str)
    assert en.strip() and pl.strip(), (item, en, pl)
    assert en != pl, (item, en)
    assert "{" not in en and "{" not in pl, (item, en, pl)


def refused(pos: Position, action: Any, rule: str, player: str | None = None) -> Refusal:
    """Assert that ``action`` is refused with ``rule``, by check() and by play(), leaving
    ``pos`` unchanged; returns the refusal."""
    from shangrila_widget.rules import IllegalActionError

    before = pos.to_json()
    refusal = pos.check(action, player)
    assert refusal is not None, f"{action} should be refused with {rule}"
    assert refusal.rule == rule, (str(action), refusal.rule, refusal.message("en"))
    assert_messages(refusal)
    try:
        pos.play(action, player)
    except IllegalActionError as error:
        assert error.rule == rule
        assert error.refusal == refusal
    else:  # pragma: no cover - the assertion message is the point
        raise AssertionError(f"play({action!r}) should raise IllegalActionError({rule})")
    assert pos.to_json() == before
    return refusal


def played(pos: Position, action: Any, player: str | None = None) -> Outcome:
    """Assert ``action`` is legal (check() and legal_actions agree), play it and check every
    event message; returns the outcome."""
    assert pos.check(action, player) is None, pos.check(action, player)
    before = pos.to_json()
    outcome = pos.play(action, player)
    assert pos.to_json() == before, "playing must not change the position it was played on"
    listed = {str(a) for a in pos.legal_actions()}
    assert str(outcome.action) in listed, f"{outcome.action} is legal but not listed"
    for event in outcome.events:
        assert_messages(event)
    return outcome


def rules_of(outcome: Outcome) -> list[str]:
    return [event.rule for event in outcome.events]


def traveller_rules(outcome: Outcome) -> dict[tuple[str, str], str]:
    """(colour, type) of each traveller to the rule that resolved it."""
    return {
        (e.params["colour"], e.params["type"]): e.rule
        for e in outcome.events
        if e.kind == "traveller"
    }


#: Red 17 masters in 7 villages (C-I) against Blue 17 in 6 (C, D, J, K, L, M): SCORE-TIE.
SEVENTEEN_TIE = {
    "C": "R:r A:r D:b P:b Y:b",
    "D": "R:r A:r D:r P:b Y:b",
    "E": "R:r A:r D:r",
    "F": "P:r Y:r F:r",
    "G": "H:r R:r",
    "H": "A:r D:r",
    "I": "P:r Y:r",
    "J": "R:b A:b D:b",
    "K": "P:b Y:b F:b",
    "L": "H:b R:b A:b",
    "M": "D:b P:b Y:b",
}

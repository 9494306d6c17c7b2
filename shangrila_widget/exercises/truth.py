"""The engine's own answer to a claim: what ``check`` says an action does.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
>>> engine_claims(pos, "journey A B")["situation"]
1
>>> agrees(engine_claims(pos, "journey A M"), {"legal": False, "rule": "JOURNEY-BRIDGE"})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shangrila_widget.exercises.model import Claims, changed_spaces
from shangrila_widget.rules import MASTER_TYPES, VILLAGES, Position


def engine_claims(pos: Position, action: str | None) -> Claims:
    """Every claim key for ``action`` played on ``pos`` (None: the position as it is), as the
    engine's ``check`` reports it (the villages named by a journey or a placement)."""
    if action is None:
        return {"over": True, "winners": list(pos.winners())} if pos.is_over else {"over": False}
    refusal = pos.check(action)
    if refusal is not None:
        return {"legal": False, "rule": refusal.rule}
    outcome = pos.play(action)
    after = outcome.position
    strength_rule = next((e.rule for e in outcome.events if e.kind == "strength"), None)
    named = [w.upper() for w in action.split()[1:] if len(w) == 1 and w.upper() in "ABCDEFGHIJKLM"]
    data = after.to_dict()
    villages = data.get("villages", {})
    claims: Claims = {
        "legal": True,
        "rule": None,
        "situation": outcome.situation,
        "strength_rule": strength_rule,
        "villages": {v: villages.get(v, {}) for v in named},
        "spaces": changed_spaces(pos, {v: villages.get(v, {}) for v in VILLAGES}),
        "bridges": sorted(sorted(pair) for pair in after.bridges),
        "stones": sorted(after.stones),
        "supply": {c: {t: after.supply(c, t) for t in MASTER_TYPES} for c in pos.players},
        "masters": {
            c: sum(1 for v in villages.values() for tile in v.values() if tile["owner"] == c)
            for c in pos.players
        },
        "to_move": after.to_move,
        "over": after.is_over,
    }
    if after.is_over:
        claims["winners"] = list(after.winners())
    return claims


def agrees(truth: Mapping[str, Any], claims: Mapping[str, Any]) -> bool:
    """Every key that ``claims`` asserts has the value ``truth`` has (supplies and villages
    compared for the colours and villages the claim names)."""
    for key, value in claims.items():
        known = truth.get(key)
        if key in ("supply", "villages") and isinstance(value, Mapping):
            if not isinstance(known, Mapping):
                return False
            for name, part in value.items():
                if known.get(name, {}) != part:
                    return False
        elif known != value:
            return False
    return True


__all__ = ["agrees", "engine_claims"]

"""What an action does under the rules, or under one of the ways people misread them.

Exercises are built from the engine: the right answer is always the engine's. Their wrong
options come from *misreadings*: small, named variants of a rule (strength counted from
masters only, the bridge left standing, ...). This module holds each misreading as a flag of
one small model of a journey, a placement, a recruit and the final score, written on the
public :class:`~shangrila_widget.rules.Position` API only, so that a wrong option is right
under its misreading and (checked by the tests) wrong under the rules.

An outcome is a :class:`Claims` mapping in the ``check`` command's vocabulary:

- ``legal`` (bool) and ``rule`` (the refusing rule id, or None);
- ``situation`` (1 or 2) and ``strength_rule`` (the rule id that decided which village is
  stronger: ``JOURNEY-STRENGTH``, ``JOURNEY-TIE-MASTERS`` or ``JOURNEY-TIE-DEFENDER``);
- ``villages``: the spaces of the named villages after the action, as in the position JSON;
- ``bridges`` and ``stones`` after the action (sorted lists), every player's ``supply``,
  ``over`` (bool) and ``winners`` (seating order) when the game is over.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
>>> journey_claims(pos, "A", "B")["strength_rule"]
'JOURNEY-STRENGTH'
>>> journey_claims(pos, "A", "B", "travellers-not-counted")["strength_rule"]
'JOURNEY-TIE-MASTERS'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from shangrila_widget.rules import MASTER_TYPES, Position
from shangrila_widget.rules.board import STONES_IN_BOX, TILES_PER_TYPE, neighbours

Claims = dict[str, Any]


@dataclass(frozen=True)
class Misreading:
    """A named way to misread the rules: its key and the rule ids it gets wrong."""

    key: str
    rules: tuple[str, ...]
    kind: str  # "journey", "legal" or "score": which model it changes


_LIST: Final = (
    Misreading("strength-masters-only", ("JOURNEY-STRENGTH",), "journey"),
    Misreading("travellers-not-counted", ("JOURNEY-STRENGTH",), "journey"),
    Misreading("tie-to-start", ("JOURNEY-TIE-DEFENDER",), "journey"),
    Misreading("no-masters-tiebreak", ("JOURNEY-TIE-MASTERS",), "journey"),
    Misreading("only-own-students-travel", ("JOURNEY-ALL",), "journey"),
    Misreading("empty-space-bounces", ("J-EMPTY",), "journey"),
    Misreading("bridge-stays", ("BRIDGE-COLLAPSE",), "journey"),
    Misreading("one-stone-only", ("STONE",), "journey"),
    Misreading("end-at-eleven", ("END",), "journey"),
    Misreading("tiles-lost", ("J2-OCCUPIED", "J1-OTHER"), "journey"),
    Misreading("place-without-presence", ("PLACE-PRESENCE",), "legal"),
    Misreading("two-students-one-master", ("RECRUIT-ONE-PER-MASTER",), "legal"),
    Misreading("setup-caps-ignored", ("SETUP-CAP",), "legal"),
    Misreading("master-alone-starts-journey", ("JOURNEY-START",), "legal"),
    Misreading("futile-journey-refused", ("JOURNEY-ALL",), "legal"),
    Misreading("most-villages-wins", ("SCORE",), "score"),
    Misreading("students-score", ("SCORE",), "score"),
    Misreading("no-village-tiebreak", ("SCORE-TIE",), "score"),
)

#: Every misreading by key, in the order of the rules they misread.
MISREADINGS: Final[Mapping[str, Misreading]] = {m.key: m for m in _LIST}

_STRENGTH_READINGS: Final = frozenset(
    {"strength-masters-only", "travellers-not-counted", "tie-to-start", "no-masters-tiebreak"}
)


def _known(misreading: str | None, kind: str) -> None:
    if misreading is not None and (
        misreading not in MISREADINGS or MISREADINGS[misreading].kind != kind
    ):
        known = ", ".join(k for k, m in MISREADINGS.items() if m.kind == kind)
        raise ValueError(f"not a {kind} misreading: {misreading!r} (known: {known})")


def stronger(
    pos: Position, origin: str, destination: str, misreading: str | None = None
) -> tuple[bool, str]:
    """(origin is stronger, the deciding rule id) before anything moves, under the rules or
    a strength misreading.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    >>> stronger(pos, "A", "B")
    (True, 'JOURNEY-STRENGTH')
    """
    _known(misreading, "journey")
    a, b = pos.tiles(origin), pos.tiles(destination)
    if misreading == "strength-masters-only":
        sa, sb = len(a), len(b)
    else:
        sa, sb = pos.strength(origin), pos.strength(destination)
        if misreading == "travellers-not-counted":
            sa -= sum(1 for tile in a.values() if tile.student)
    if sa != sb:
        return sa > sb, "JOURNEY-STRENGTH"
    if misreading != "no-masters-tiebreak" and len(a) != len(b):
        return len(a) > len(b), "JOURNEY-TIE-MASTERS"
    return misreading == "tie-to-start", "JOURNEY-TIE-DEFENDER"


def _spaces(data: dict[str, Any], village: str) -> dict[str, dict[str, Any]]:
    spaces: dict[str, dict[str, Any]] = data["villages"].setdefault(village, {})
    return spaces


def _board_tiles(data: Mapping[str, Any], colour: str, master_type: str) -> int:
    count = 0
    for spaces in data["villages"].values():
        tile = spaces.get(master_type)
        if tile is not None and tile["owner"] == colour:
            count += 2 if tile["student"] else 1
    return count


def journey_claims(
    pos: Position, origin: str, destination: str, misreading: str | None = None
) -> Claims:
    """What ``journey origin destination`` does (the action must be legal under the rules),
    under the rules or under a journey misreading, as :class:`Claims`."""
    _known(misreading, "journey")
    data = pos.to_dict()
    data.setdefault("villages", {})
    data["bridges"] = sorted(sorted(pair) for pair in pos.bridges)
    data["stones"] = sorted(pos.stones)
    lost: dict[tuple[str, str], int] = {}
    origin_wins, rule = stronger(
        pos, origin, destination, misreading if misreading in _STRENGTH_READINGS else None
    )
    start, there = _spaces(data, origin), _spaces(data, destination)
    for master_type in MASTER_TYPES:
        tile = start.get(master_type)
        if tile is None or not tile["student"]:
            continue
        colour = tile["owner"]
        if misreading == "only-own-students-travel" and colour != pos.to_move:
            continue
        tile["student"] = False
        target = there.get(master_type)
        if target is None:
            if misreading == "empty-space-bounces" and not origin_wins:
                lost[colour, master_type] = lost.get((colour, master_type), 0) + 1
            else:
                there[master_type] = {"owner": colour, "student": False}
        elif not origin_wins or (target["owner"] == colour and target["student"]):
            lost[colour, master_type] = lost.get((colour, master_type), 0) + 1
        elif target["owner"] == colour:
            target["student"] = True
        else:
            owner = target["owner"]
            lost[owner, master_type] = lost.get((owner, master_type), 0) + (
                2 if target["student"] else 1
            )
            there[master_type] = {"owner": colour, "student": False}
    if misreading != "bridge-stays":
        pair = sorted((origin, destination))
        data["bridges"] = [b for b in data["bridges"] if b != pair]
        isolated = [
            v
            for v in (origin, destination)
            if not any(v in b for b in data["bridges"]) and v not in data["stones"]
        ]
        if misreading == "one-stone-only":
            isolated = [v for v in isolated if v == destination] or isolated[:1]
        for village in isolated:
            if len(data["stones"]) < STONES_IN_BOX:
                data["stones"] = sorted([*data["stones"], village])
    over = not data["bridges"] or (
        misreading == "end-at-eleven" and len(data["stones"]) >= STONES_IN_BOX - 1
    )
    supply: dict[str, dict[str, int]] = {}
    for colour in pos.players:
        row: dict[str, int] = {}
        for master_type in MASTER_TYPES:
            left = TILES_PER_TYPE - _board_tiles(data, colour, master_type)
            if misreading == "tiles-lost":
                left -= lost.get((colour, master_type), 0)
            row[master_type] = left
        supply[colour] = row
    claims: Claims = {
        "legal": True,
        "rule": None,
        "situation": 1 if origin_wins else 2,
        "strength_rule": rule,
        "villages": {v: _spaces(data, v) for v in (origin, destination)},
        "bridges": data["bridges"],
        "stones": data["stones"],
        "supply": supply,
        "over": over,
    }
    if over:
        claims["winners"] = list(_winners(data, pos.players, None))
    return claims


def _winners(
    data: Mapping[str, Any], players: tuple[str, ...], misreading: str | None
) -> tuple[str, ...]:
    masters = dict.fromkeys(players, 0)
    villages: dict[str, set[str]] = {c: set() for c in players}
    for village, spaces in data["villages"].items():
        for tile in spaces.values():
            masters[tile["owner"]] += 2 if misreading == "students-score" and tile["student"] else 1
            villages[tile["owner"]].add(village)

    def score(colour: str) -> tuple[int, ...]:
        if misreading == "most-villages-wins":
            return (len(villages[colour]),)
        if misreading == "no-village-tiebreak":
            return (masters[colour],)
        return (masters[colour], len(villages[colour]))

    best = max(score(c) for c in players)
    return tuple(c for c in players if score(c) == best)


def winner_claims(pos: Position, misreading: str | None = None) -> Claims:
    """Who wins the finished game ``pos``, under the rules or a scoring misreading.

    >>> from shangrila_widget.rules import Position
    >>> winner_claims(Position.new_game(["red", "blue", "yellow"]))["winners"]
    ['red', 'blue', 'yellow']
    """
    _known(misreading, "score")
    return {"winners": list(_winners(pos.to_dict(), pos.players, misreading))}


def legal_claims(pos: Position, action: str, misreading: str | None = None) -> Claims:
    """Whether ``action`` is legal (and else the rule that refuses it), under the rules or a
    legality misreading: a misreading lifts (or adds) exactly its own rule."""
    _known(misreading, "legal")
    refusal = pos.check(action)
    rule = refusal.rule if refusal is not None else None
    words = action.split()
    if misreading == "futile-journey-refused" and rule is None and words[0] == "journey":
        if _futile(pos, words[1].upper(), words[2].upper()):
            rule = "JOURNEY-ALL"
    elif rule is not None and misreading is not None and rule in MISREADINGS[misreading].rules:
        rule = _check_lifted(pos, words, misreading)
    return {"legal": rule is None, "rule": rule}


def _futile(pos: Position, origin: str, destination: str) -> bool:
    """Every traveller of this journey would bounce back to its supply."""
    claims = journey_claims(pos, origin, destination)
    before = pos.tiles(destination)
    after = claims["villages"][destination]
    return all(
        (master_type in before)
        and after.get(master_type, {}).get("owner") == before[master_type].owner
        and after[master_type]["student"] == before[master_type].student
        for master_type in after
    ) and len(after) == len(before)


def _check_lifted(pos: Position, words: list[str], misreading: str) -> str | None:
    """The refusal (or None) once the misread rule is lifted: the rest of the rules stand."""
    colour = pos.to_move
    if misreading in ("place-without-presence", "setup-caps-ignored"):
        village = words[2].upper()
        master_type = _type(words[1])
        if pos.tile(village, master_type) is not None:
            return "PLACE-SPACE" if pos.phase == "play" else "SETUP-SPACE"
        if pos.phase == "play" and pos.supply(colour, master_type) == 0:
            return "PLACE-SUPPLY"
        return None
    if misreading == "two-students-one-master":
        needed: dict[str, int] = {}
        for master_type in (_type(w) for w in words[1::2]):
            needed[master_type] = needed.get(master_type, 0) + 1
        if any(pos.supply(colour, t) < n for t, n in needed.items()):
            return "RECRUIT-SUPPLY"
        return None
    if misreading == "master-alone-starts-journey":
        origin, destination = words[1].upper(), words[2].upper()
        if destination not in neighbours(origin) or not pos.bridge_intact(origin, destination):
            return "JOURNEY-BRIDGE"
        if not any(tile.owner == colour for tile in pos.tiles(origin).values()):
            return "JOURNEY-START"
        return None
    return None


def _type(word: str) -> str:
    for master_type in MASTER_TYPES:
        if word.lower() in (master_type, master_type[0]):
            return master_type
    raise ValueError(f"not a master type: {word!r}")


__all__ = [
    "MISREADINGS",
    "Claims",
    "Misreading",
    "journey_claims",
    "legal_claims",
    "stronger",
    "winner_claims",
]

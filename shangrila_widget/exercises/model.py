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

from shangrila_widget.rules import MASTER_TYPES, Action, Journey, Pass, Place, Position, Recruit
from shangrila_widget.rules.actions import parse_action
from shangrila_widget.rules.board import STONES_IN_BOX, TILES_PER_TYPE, MasterType, neighbours
from shangrila_widget.rules.codes import setup_caps
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import problem

Claims = dict[str, Any]


@dataclass(frozen=True)
class Misreading:
    """A named way to misread the rules: its key and the rule ids it gets wrong."""

    key: str
    rules: tuple[str, ...]
    kind: str  # "journey", "legal", "turn" or "score": which model it changes


_LIST: Final = (
    Misreading("strength-masters-only", ("JOURNEY-STRENGTH",), "journey"),
    Misreading("travellers-not-counted", ("JOURNEY-STRENGTH",), "journey"),
    Misreading("tie-to-start", ("JOURNEY-TIE-DEFENDER",), "journey"),
    Misreading("no-masters-tiebreak", ("JOURNEY-TIE-MASTERS",), "journey"),
    Misreading("only-own-students-travel", ("JOURNEY-ALL",), "journey"),
    Misreading("masters-travel", ("JOURNEY-ALL",), "journey"),
    Misreading("empty-space-bounces", ("J-EMPTY",), "journey"),
    Misreading("student-becomes-master", ("J1-OWN",), "journey"),
    Misreading("displaced-student-stays", ("J1-OTHER",), "journey"),
    Misreading("bridge-stays", ("BRIDGE-COLLAPSE",), "journey"),
    Misreading("one-stone-only", ("STONE",), "journey"),
    Misreading("end-at-eleven", ("END",), "journey"),
    Misreading("eleven-ignored", ("END-ELEVEN",), "journey"),
    Misreading("tiles-lost", ("J2-OCCUPIED", "J1-OTHER"), "journey"),
    Misreading("recruit-during-setup", ("SETUP-ORDER",), "legal"),
    Misreading("village-c-in-play", ("SETUP-THREE",), "legal"),
    Misreading("setup-repeat-type", ("SETUP-ONE-OF-EACH",), "legal"),
    Misreading("setup-caps-ignored", ("SETUP-CAP",), "legal"),
    Misreading("four-player-caps", ("SETUP-PLAYERS", "SETUP-CAP"), "legal"),
    Misreading("place-on-taken-space", ("SETUP-SPACE", "PLACE-SPACE"), "legal"),
    Misreading("peace-ignored", ("PEACE",), "legal"),
    Misreading("supply-unlimited", ("PLACE-SUPPLY", "RECRUIT-SUPPLY"), "legal"),
    Misreading("place-without-presence", ("PLACE-PRESENCE",), "legal"),
    Misreading("two-masters-one-turn", ("PLACE-ONE",), "turn"),
    Misreading("turn-goes-back", ("TURN-ORDER",), "turn"),
    Misreading("same-player-again", ("TURN-ONE-ACTION",), "turn"),
    Misreading("stall-continues", ("END-STALL",), "turn"),
    Misreading("recruit-any-number", ("RECRUIT-COUNT",), "legal"),
    Misreading("recruit-on-any-master", ("RECRUIT-OWN",), "legal"),
    Misreading("two-students-one-master", ("RECRUIT-ONE-PER-MASTER",), "legal"),
    Misreading("same-type-twice-refused", ("RECRUIT-ONE-PER-MASTER",), "legal"),
    Misreading("journey-over-fallen-bridge", ("JOURNEY-BRIDGE",), "legal"),
    Misreading("master-alone-starts-journey", ("JOURNEY-START",), "legal"),
    Misreading("futile-journey-refused", ("JOURNEY-ALL",), "legal"),
    Misreading("pass-any-time", ("TURN-PASS", "SETUP-STUCK"), "legal"),
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
        raise ShangrilaError(
            problem("not_a_misreading", kind=kind, value=repr(misreading), known=known)
        )


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


def _on_board(data: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    """Tiles on the board by (colour, type)."""
    count: dict[tuple[str, str], int] = {}
    for spaces in data["villages"].values():
        for master_type, tile in spaces.items():
            key = (tile["owner"], master_type)
            count[key] = count.get(key, 0) + (2 if tile["student"] else 1)
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
    lost: dict[tuple[str, str], int] = {}  # sent back to a supply (thrown away: tiles-lost)
    kept: dict[tuple[str, str], int] = {}  # left on the board though the rules send them back
    second_masters: dict[str, int] = dict.fromkeys(pos.players, 0)  # students taken for masters
    origin_wins, rule = stronger(
        pos, origin, destination, misreading if misreading in _STRENGTH_READINGS else None
    )
    start, there = _spaces(data, origin), _spaces(data, destination)
    travellers: list[tuple[str, MasterType]] = []  # (colour, type), in resolving order
    for master_type in MASTER_TYPES:
        tile = start.get(master_type)
        if tile is None:
            continue
        colour = tile["owner"]
        if misreading == "masters-travel":  # the master first, then its student
            del start[master_type]
            travellers += [(colour, master_type)] * (2 if tile["student"] else 1)
            continue
        if not tile["student"]:
            continue
        if misreading == "only-own-students-travel" and colour != pos.to_move:
            continue
        tile["student"] = False
        travellers.append((colour, master_type))
    for colour, moving in travellers:
        target = there.get(moving)
        if target is None:
            if misreading == "empty-space-bounces" and not origin_wins:
                lost[colour, moving] = lost.get((colour, moving), 0) + 1
            else:
                there[moving] = {"owner": colour, "student": False}
        elif not origin_wins or (target["owner"] == colour and target["student"]):
            lost[colour, moving] = lost.get((colour, moving), 0) + 1
        elif target["owner"] == colour:
            target["student"] = True
            if misreading == "student-becomes-master":
                second_masters[colour] += 1
        else:
            owner = target["owner"]
            lost[owner, moving] = lost.get((owner, moving), 0) + 1
            if target["student"]:
                if misreading == "displaced-student-stays":
                    kept[owner, moving] = kept.get((owner, moving), 0) + 1
                else:
                    lost[owner, moving] += 1
            there[moving] = {"owner": colour, "student": False}
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
    eleven = misreading == "end-at-eleven" or (pos.end_eleven and misreading != "eleven-ignored")
    over = not data["bridges"] or (eleven and len(data["stones"]) >= STONES_IN_BOX - 1)
    on_board = _on_board(data)
    if misreading != "tiles-lost":
        lost = {}
    supply = {
        colour: {
            t: TILES_PER_TYPE
            - on_board.get((colour, t), 0)
            - lost.get((colour, t), 0)
            - kept.get((colour, t), 0)
            for t in MASTER_TYPES
        }
        for colour in pos.players
    }
    masters = _masters(data, pos.players)
    spaces = changed_spaces(pos, {v: _spaces(data, v) for v in (origin, destination)})
    for colour, more in second_masters.items():
        masters[colour] += more
    claims: Claims = {
        "legal": True,
        "rule": None,
        "situation": 1 if origin_wins else 2,
        "strength_rule": rule,
        "villages": {v: _spaces(data, v) for v in (origin, destination)},
        "spaces": spaces,
        "bridges": data["bridges"],
        "stones": data["stones"],
        "supply": supply,
        "masters": masters,
        "to_move": _next(pos),
        "over": over,
    }
    if over:
        claims["winners"] = list(_winners(data, pos.players, None, second_masters))
    return claims


def changed_spaces(
    pos: Position, villages: Mapping[str, Mapping[str, Mapping[str, Any]]]
) -> list[list[str]]:
    """The spaces ``[village, type]`` of ``villages`` (the spaces after an action, as in the
    position JSON) that differ from ``pos``, in board order.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.from_compact("rbyv r play R6/7/7/7/7/7/7/7/7/7/7/7/7 - -")
    >>> changed_spaces(pos, {"A": {"rainmaker": {"owner": "red", "student": False}}})
    [['A', 'rainmaker']]
    """
    found = []
    for village in sorted(villages):
        after = villages[village]
        for master_type in MASTER_TYPES:
            tile = pos.tile(village, master_type)
            old = None if tile is None else {"owner": tile.owner, "student": tile.student}
            if old != after.get(master_type):
                found.append([village, master_type])
    return found


def _next(pos: Position) -> str:
    """The player after the one to move, clockwise."""
    return pos.players[(pos.players.index(pos.to_move) + 1) % len(pos.players)]


def _masters(data: Mapping[str, Any], players: tuple[str, ...]) -> dict[str, int]:
    """Every player's masters on the board (students not counted)."""
    masters = dict.fromkeys(players, 0)
    for spaces in data.get("villages", {}).values():
        for tile in spaces.values():
            masters[tile["owner"]] += 1
    return masters


def turn_claims(pos: Position, action: str, misreading: str | None = None) -> Claims:
    """Who acts after ``action`` (legal under the rules), under the rules or a turn
    misreading: with ``two-masters-one-turn`` a placement leaves the turn with the placer
    while they have another master to place; with ``same-player-again`` any action does;
    with ``turn-goes-back`` the turn passes anticlockwise, to the player before. A forced
    pass that completes a round of them ends the game (``over`` and ``winners``, as the
    engine's claims say them), unless ``stall-continues``.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    >>> turn_claims(pos, "place priest A")["to_move"]
    'blue'
    >>> turn_claims(pos, "place priest A", "two-masters-one-turn")["to_move"]
    'red'
    >>> turn_claims(pos, "place priest A", "turn-goes-back")["to_move"]
    'violet'
    """
    _known(misreading, "turn")
    mover = pos.to_move
    if misreading == "same-player-again":
        return {"legal": True, "rule": None, "to_move": mover}
    if misreading == "turn-goes-back":
        before = pos.players[pos.players.index(mover) - 1]
        return {"legal": True, "rule": None, "to_move": before}
    if isinstance(parse_action(action), Pass) and pos.passes == len(pos.players) - 1:
        if misreading == "stall-continues":
            return {"legal": True, "rule": None, "to_move": _next(pos), "over": False}
        winners = list(_winners(pos.to_dict(), pos.players, None))
        return {"legal": True, "rule": None, "over": True, "winners": winners}
    if misreading == "two-masters-one-turn" and isinstance(parse_action(action), Place):
        after = pos.play(action).position.to_dict()
        after["to_move"] = mover
        again = Position.from_dict(after)
        if any(isinstance(a, Place) for a in again.legal_actions()):
            return {"legal": True, "rule": None, "to_move": mover}
    return {"legal": True, "rule": None, "to_move": _next(pos)}


def _winners(
    data: Mapping[str, Any],
    players: tuple[str, ...],
    misreading: str | None,
    more: Mapping[str, int] | None = None,
) -> tuple[str, ...]:
    masters = dict(more or dict.fromkeys(players, 0))
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
    legality misreading: a misreading lifts (or adds) exactly its own rules, the others stand.

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> legal_claims(pos, "journey A B")
    {'legal': False, 'rule': 'SETUP-ORDER'}
    >>> legal_claims(pos, "journey A B", "recruit-during-setup")
    {'legal': False, 'rule': 'JOURNEY-START'}
    """
    _known(misreading, "legal")
    reading = MISREADINGS[misreading] if misreading is not None else None
    lifted = reading.rules if reading is not None and misreading not in _ADDED else ()
    rule = model_check(pos, parse_action(action), lifted, misreading)
    return {"legal": rule is None, "rule": rule}


#: Misreadings that refuse a legal action instead of allowing an illegal one, or that
#: change how a rule is tested instead of lifting it (``four-player-caps``: a 3-player
#: set-up held to the 4-player caps).
_ADDED: Final = frozenset({"futile-journey-refused", "same-type-twice-refused", "four-player-caps"})


def model_check(
    pos: Position, action: Action, lifted: tuple[str, ...] = (), misreading: str | None = None
) -> str | None:
    """The rule id that refuses ``action`` (None: legal), checked in the engine's order on
    the public position, with the ``lifted`` rules left out (a misreading's view).

    >>> from shangrila_widget.rules import Position
    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> model_check(pos, parse_action("place healer C"))
    'SETUP-THREE'
    """
    colour = pos.to_move
    if pos.is_over:
        return "END"
    setup = pos.phase == "setup"

    def closed(village: str) -> str | None:
        if "SETUP-THREE" not in lifted and len(pos.players) == 3 and village == "C":
            return "SETUP-THREE"
        if "PEACE" not in lifted and pos.has_stone(village):
            return "PEACE"
        return None

    if isinstance(action, Place):
        t, v = action.type, action.village
        rule = closed(v)
        if rule:
            return rule
        tiles = pos.tiles(v)
        if setup:
            if "SETUP-ONE-OF-EACH" not in lifted and pos.supply(colour, t) < TILES_PER_TYPE:
                return "SETUP-ONE-OF-EACH"
            if "SETUP-SPACE" not in lifted and t in tiles:
                return "SETUP-SPACE"
            players = 4 if misreading == "four-player-caps" else len(pos.players)
            most_colour, most_total = setup_caps(players)
            if "SETUP-CAP" not in lifted and (
                sum(1 for tile in tiles.values() if tile.owner == colour) >= most_colour
                or len(tiles) >= most_total
            ):
                return "SETUP-CAP"
            return None
        if "PLACE-SUPPLY" not in lifted and pos.supply(colour, t) == 0:
            return "PLACE-SUPPLY"
        if "PLACE-PRESENCE" not in lifted and all(tile.owner != colour for tile in tiles.values()):
            return "PLACE-PRESENCE"
        if "PLACE-SPACE" not in lifted and t in tiles:
            return "PLACE-SPACE"
        return None
    if isinstance(action, Recruit):
        if setup and "SETUP-ORDER" not in lifted:
            return "SETUP-ORDER"
        students = action.students
        if "RECRUIT-COUNT" not in lifted and not 1 <= len(students) <= 2:
            return "RECRUIT-COUNT"
        if "RECRUIT-ONE-PER-MASTER" not in lifted and len(set(students)) < len(students):
            return "RECRUIT-ONE-PER-MASTER"
        if (
            misreading == "same-type-twice-refused"
            and len(students) == 2
            and students[0][0] == students[1][0]
        ):
            return "RECRUIT-ONE-PER-MASTER"
        for t, v in students:
            rule = closed(v)
            if rule:
                return rule
            tile = pos.tile(v, t)
            if "RECRUIT-OWN" not in lifted and (tile is None or tile.owner != colour):
                return "RECRUIT-OWN"
            if "RECRUIT-ONE-PER-MASTER" not in lifted and tile is not None and tile.student:
                return "RECRUIT-ONE-PER-MASTER"
        if "RECRUIT-SUPPLY" not in lifted:
            for t in {t for t, _ in students}:
                if pos.supply(colour, t) < sum(1 for u, _ in students if u == t):
                    return "RECRUIT-SUPPLY"
        return None
    if isinstance(action, Journey):
        o, d = action.origin, action.destination
        if setup and "SETUP-ORDER" not in lifted:
            return "SETUP-ORDER"
        if o == d:
            return "JOURNEY-BRIDGE"
        for village in (o, d):
            rule = closed(village)
            if rule:
                return rule
        if d not in neighbours(o):
            return "JOURNEY-BRIDGE"
        if "JOURNEY-BRIDGE" not in lifted and not pos.bridge_intact(o, d):
            return "JOURNEY-BRIDGE"
        start = pos.tiles(o).values()
        if "JOURNEY-START" in lifted:  # a master of one's own is thought enough
            if all(tile.owner != colour for tile in start):
                return "JOURNEY-START"
        elif not any(tile.owner == colour and tile.student for tile in start):
            return "JOURNEY-START"
        if (
            misreading == "futile-journey-refused"
            and pos.bridge_intact(o, d)
            and _futile(pos, o, d)
        ):
            return "JOURNEY-ALL"
        return None
    if "TURN-PASS" in lifted:
        return None
    if pos.legal_actions() == [Pass()]:
        return None
    return "SETUP-STUCK" if setup else "TURN-PASS"


def _futile(pos: Position, origin: str, destination: str) -> bool:
    """Every traveller of this journey would bounce back to its supply."""
    after = journey_claims(pos, origin, destination)["villages"][destination]
    before = {
        t: {"owner": tile.owner, "student": tile.student}
        for t, tile in pos.tiles(destination).items()
    }
    return bool(after == before)


__all__ = [
    "MISREADINGS",
    "Claims",
    "Misreading",
    "journey_claims",
    "legal_claims",
    "model_check",
    "changed_spaces",
    "stronger",
    "turn_claims",
    "winner_claims",
]

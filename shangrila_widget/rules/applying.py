"""What a legal action does to a position: the fast unchecked path and the journey's resolution.

:func:`apply_unchecked` is the referee's fast path (no check, no explanation), used by
:func:`~shangrila_widget.rules.engine.play` and by every playout and search;
:func:`resolve_journey` and :func:`origin_is_stronger` are the same journey rules with a log,
which :mod:`~shangrila_widget.rules.describe` replays to explain an action.
"""

from __future__ import annotations

from typing import Final

from shangrila_widget.rules.actions import Action, Journey, Place, Recruit
from shangrila_widget.rules.board import STONES_IN_BOX, VILLAGE_BRIDGE_MASK
from shangrila_widget.rules.codes import OVER, PLAY, SETUP, STUDENT_OFFSET
from shangrila_widget.rules.codes import STRENGTH as _STRENGTH
from shangrila_widget.rules.position import Position, PositionParts

#: Builds a PositionParts from a tuple of its ten fields, without the keyword handling of
#: its constructor (the fast path).
_new_parts: Final = tuple.__new__
#: Makes a Position without its constructor; ``_set_packed`` fills its one slot (as
#: Position.from_packed does, without the call).
_new_position: Final = object.__new__
_set_packed: Final = Position.__dict__["packed"].__set__
#: Cell codes to the tiles on the space (``STRENGTH``), as a translation.
_STRENGTH_BYTES: Final = bytes(_STRENGTH) + bytes(256 - len(_STRENGTH))
#: ``_BYTE[n]``: the one byte n (for cell codes and supply counts).
_BYTE: Final = tuple(bytes((n,)) for n in range(256))


def apply_unchecked(pos: Position, action: Action) -> Position:
    """The position after ``action``, which must be legal (taken from :func:`legal_actions`).

    No check and no explanation: the fast path for simulations. An illegal action gives a
    meaningless position; use :func:`play` for anything a person typed.
    """
    players, turn, phase, cells, bridges, stones, supply, setup_turns, passed, end_eleven = (
        pos.packed
    )
    colour = players[turn]
    turn += 1
    if turn == len(players):
        turn = 0
    kind = action.__class__
    if kind is Place or (kind is not Recruit and kind is not Journey and isinstance(action, Place)):
        slot: int = action.slot  # type: ignore[union-attr]
        s = colour * 7 + slot % 7
        cells = cells[:slot] + _BYTE[colour + 1] + cells[slot + 1 :]
        supply = supply[:s] + _BYTE[supply[s] - 1] + supply[s + 1 :]
        if phase == SETUP:
            setup_turns += 1
            if setup_turns == 7 * len(players):
                phase = PLAY
        passed = 0
    elif kind is Recruit or isinstance(action, Recruit):
        new_cells = bytearray(cells)
        new_supply = bytearray(supply)
        for slot in action.slots:  # type: ignore[union-attr]
            new_cells[slot] += STUDENT_OFFSET
            new_supply[colour * 7 + slot % 7] -= 1
        cells = bytes(new_cells)
        supply = bytes(new_supply)
        passed = 0
    elif kind is Journey or isinstance(action, Journey):
        origin, destination, bridge = action.ends  # type: ignore[union-attr]
        # resolve_journey without its log, on the two villages' rows
        o_base = origin * 7
        d_base = destination * 7
        o_row = cells[o_base : o_base + 7]
        d_row = cells[d_base : d_base + 7]
        o_strength = sum(o_row.translate(_STRENGTH_BYTES))
        d_strength = sum(d_row.translate(_STRENGTH_BYTES))
        origin_wins = o_strength > d_strength or (
            o_strength == d_strength and o_row.count(0) < d_row.count(0)
        )
        new_cells = bytearray(cells)
        new_supply = bytearray(supply)
        for t, code in enumerate(o_row):
            if code <= STUDENT_OFFSET:
                continue
            traveller = code - 1 - STUDENT_OFFSET
            new_cells[o_base + t] = code - STUDENT_OFFSET
            there = d_row[t]
            if there == 0:
                new_cells[d_base + t] = traveller + 1
            elif not origin_wins:
                new_supply[traveller * 7 + t] += 1
            elif (there - 1) % 4 == traveller:
                if there <= STUDENT_OFFSET:
                    new_cells[d_base + t] = there + STUDENT_OFFSET
                else:
                    new_supply[traveller * 7 + t] += 1
            else:
                new_supply[(there - 1) % 4 * 7 + t] += _STRENGTH[there]
                new_cells[d_base + t] = traveller + 1
        cells = bytes(new_cells)
        supply = bytes(new_supply)
        bridges &= ~(1 << bridge)
        if (
            not bridges & VILLAGE_BRIDGE_MASK[origin]
            or not bridges & VILLAGE_BRIDGE_MASK[destination]
        ):
            stones = _place_stones(bridges, stones, origin, destination)
        if _is_end(bridges, stones, end_eleven):
            phase = OVER
        passed = 0
    elif phase == SETUP:  # a pass
        setup_turns += 1
        if setup_turns == 7 * len(players):
            phase = PLAY
        passed = 0
    else:
        passed += 1
        if passed == len(players):
            phase = OVER
    new = _new_position(pos.__class__)
    _set_packed(
        new,
        _new_parts(
            PositionParts,
            (players, turn, phase, cells, bridges, stones, supply, setup_turns, passed, end_eleven),
        ),
    )
    return new


def origin_is_stronger(
    cells: bytes | bytearray | list[int], origin: int, destination: int
) -> tuple[bool, str]:
    """Who is stronger before anything moves, and by which rule (``JOURNEY-STRENGTH``,
    ``JOURNEY-TIE-MASTERS`` or ``JOURNEY-TIE-DEFENDER``)."""
    o_row = cells[origin * 7 : origin * 7 + 7]
    d_row = cells[destination * 7 : destination * 7 + 7]
    strength = _STRENGTH.__getitem__
    o_strength = sum(map(strength, o_row))
    d_strength = sum(map(strength, d_row))
    if o_strength != d_strength:
        return o_strength > d_strength, "JOURNEY-STRENGTH"
    o_masters = 7 - o_row.count(0)
    d_masters = 7 - d_row.count(0)
    if o_masters != d_masters:
        return o_masters > d_masters, "JOURNEY-TIE-MASTERS"
    return False, "JOURNEY-TIE-DEFENDER"


def resolve_journey(
    cells: bytearray | list[int],
    supply: bytearray | list[int],
    origin: int,
    destination: int,
    log: list[tuple[str, int, int, int]] | None,
) -> None:
    """Move every student of ``origin`` into ``destination`` in place (cells and supply).

    With ``log`` given, appends (rule, traveller colour, type, displaced colour or -1).
    """
    origin_wins = origin_is_stronger(cells, origin, destination)[0]
    o_base = origin * 7
    d_base = destination * 7
    for t in range(7):
        code = cells[o_base + t]
        if code <= STUDENT_OFFSET:
            continue
        traveller = code - 1 - STUDENT_OFFSET
        cells[o_base + t] = code - STUDENT_OFFSET
        there = cells[d_base + t]
        if there == 0:
            cells[d_base + t] = traveller + 1
            rule, displaced = "J-EMPTY", -1
        elif not origin_wins:
            supply[traveller * 7 + t] += 1
            rule, displaced = "J2-OCCUPIED", (there - 1) % 4
        elif (there - 1) % 4 == traveller:
            if there <= STUDENT_OFFSET:
                cells[d_base + t] = there + STUDENT_OFFSET
                rule, displaced = "J1-OWN", -1
            else:
                supply[traveller * 7 + t] += 1
                rule, displaced = "J1-OWN-FULL", -1
        else:
            displaced = (there - 1) % 4
            supply[displaced * 7 + t] += _STRENGTH[there]
            cells[d_base + t] = traveller + 1
            rule = "J1-OTHER"
        if log is not None:
            log.append((rule, traveller, t, displaced))


def _place_stones(bridges: int, stones: int, origin: int, destination: int) -> int:
    for v in (origin, destination):
        if not bridges & VILLAGE_BRIDGE_MASK[v] and stones.bit_count() < STONES_IN_BOX:
            stones |= 1 << v
    return stones


def _is_end(bridges: int, stones: int, end_eleven: bool) -> bool:
    return bridges == 0 or (end_eleven and stones.bit_count() >= STONES_IN_BOX - 1)

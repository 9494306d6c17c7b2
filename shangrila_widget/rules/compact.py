"""The compact one-line position string, like FEN for chess, and position editing.

The string has six space-separated fields, then optional extras::

    <players> <to move> <phase> <board> <broken bridges> <stones> [t<N>] [p<N>] [e11]

- players: colour letters in seating order (``rbyv``; r red, b blue, y yellow, v violet);
- to move: one colour letter;
- phase: ``setup``, ``play`` or ``over``;
- board: 13 villages A to M separated by ``/``, each its 7 spaces in type order R A D P Y F H:
  a lowercase colour letter is a master, an uppercase one a master with its student, and a
  digit counts empty spaces (``7`` is an empty village);
- broken bridges: ``-`` or pairs like ``AB.CE`` (for three players C's bridges are never
  listed: they are not on the board);
- stones: ``-`` or the villages with a stone, like ``CK``;
- extras: ``t<N>`` set-up turns taken (when not the tiles placed), ``p<N>`` forced passes in
  a row, ``e11`` the option END-ELEVEN.

>>> from shangrila_widget.rules import Position
>>> start = Position.new_game(["red", "blue", "yellow"])
>>> to_compact(start)
'rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C'
>>> pos = start.play("place healer A").position
>>> to_compact(pos)
'rby b setup 6r/7/7/7/7/7/7/7/7/7/7/7/7 - C'
>>> from_compact(to_compact(pos)) == pos
True

Editing goes through the same checks as the JSON reader, so an impossible edit is refused
with a :class:`PositionError` and the position it was tried on stays as it was:

>>> edited = with_tile(pos, "B", "priest", Tile("blue", False))
>>> edited.tile("B", "priest")
Tile(owner='blue', student=False)
>>> with_tile(pos, "C", "priest", Tile("blue", False))
Traceback (most recent call last):
...
shangrila_widget.rules.errors.PositionError: villages.C: village C is out of play with 3 \
players and stays empty
"""

from __future__ import annotations

import re
from typing import Any, Final

from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    COLOUR_LETTERS,
    MASTER_TYPES,
    VILLAGE_INDEX,
    VILLAGES,
    board_bridges,
)
from shangrila_widget.rules.errors import PositionError, excerpt
from shangrila_widget.rules.position import FORMAT, OPTION_END_ELEVEN, Position, Tile

_LETTER_COLOUR: Final = {letter: colour for colour, letter in COLOUR_LETTERS.items()}


def to_compact(pos: Position) -> str:
    """The one-line string of a position (see the module docs)."""
    data = pos.to_dict()
    players = "".join(COLOUR_LETTERS[c] for c in pos.players)
    villages = []
    for village in VILLAGES:
        spaces = data["villages"].get(village, {})
        text, empty = "", 0
        for master_type in MASTER_TYPES:
            tile = spaces.get(master_type)
            if tile is None:
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            letter = COLOUR_LETTERS[tile["owner"]]
            text += letter.upper() if tile["student"] else letter
        villages.append(text + (str(empty) if empty else ""))
    on_board = board_bridges(len(pos.players))
    broken = [a + b for a, b in on_board if not pos.bridge_intact(a, b)]
    fields = [
        players,
        COLOUR_LETTERS[pos.to_move],
        pos.phase,
        "/".join(villages),
        ".".join(broken) or "-",
        "".join(sorted(pos.stones)) or "-",
    ]
    if "setup_turns" in data:
        fields.append(f"t{data['setup_turns']}")
    if pos.passes:
        fields.append(f"p{pos.passes}")
    if pos.end_eleven:
        fields.append("e11")
    return " ".join(fields)


def _colour(letter: str, path: str) -> str:
    if letter not in _LETTER_COLOUR:
        raise PositionError(path, f"unknown colour letter {excerpt(letter)}: expected r, b, y or v")
    return _LETTER_COLOUR[letter]


_EXTRA: Final = re.compile(r"([tp])([0-9]+)")
_MAX_DIGITS: Final = 4


def from_compact(text: str) -> Position:
    """Read the one-line string; raises :class:`PositionError` naming the bad field.

    Nothing is guessed: a village row that does not describe exactly seven spaces, a digit
    that is not one of 1-7, a bridge not on the board or an extra given twice is refused.
    """
    if not isinstance(text, str):
        raise PositionError("", f"expected a position string, not {type(text).__name__}")
    fields = text.split()
    if len(fields) < 6:
        raise PositionError(
            "",
            "expected 6 fields: players, to move, phase, board, broken bridges, stones "
            f"(got {len(fields)})",
        )
    players_field, to_move_field, phase, board, broken_field, stones_field, *extras = fields
    if not 3 <= len(players_field) <= 4:
        raise PositionError(
            "players", f"expected 3 or 4 colour letters, got {excerpt(players_field)}"
        )
    players = [_colour(letter, "players") for letter in players_field]
    if len(to_move_field) != 1:
        raise PositionError("to_move", f"expected one colour letter, got {excerpt(to_move_field)}")
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "to_move": _colour(to_move_field, "to_move"),
        "phase": phase,
        "villages": _read_board(board),
    }
    on_board = board_bridges(len(players))
    broken: set[tuple[str, str]] = set()
    if broken_field != "-":
        for pair in broken_field.split("."):
            key = (pair[:1].upper(), pair[1:].upper())
            if len(pair) != 2 or key not in BRIDGE_INDEX:
                raise PositionError("bridges", f"{excerpt(pair)} is not a bridge of the board")
            bridge = BRIDGES[BRIDGE_INDEX[key]]
            if bridge not in on_board:
                raise PositionError(
                    "bridges", f"bridge {'-'.join(bridge)} is not used with 3 players (village C)"
                )
            if bridge in broken:
                raise PositionError("bridges", f"bridge {'-'.join(bridge)} is listed twice")
            broken.add(bridge)
    data["bridges"] = [list(b) for b in on_board if b not in broken]
    data["stones"] = [] if stones_field == "-" else list(stones_field.upper())
    for extra in extras:
        match = _EXTRA.fullmatch(extra)
        value: object
        if extra == "e11":
            name, value = "options", [OPTION_END_ELEVEN]
        elif match and len(match[2]) <= _MAX_DIGITS:
            name, value = ("setup_turns" if match[1] == "t" else "passes"), int(match[2])
        elif match:
            raise PositionError("extras", f"the number in {excerpt(extra)} is too large")
        else:
            raise PositionError(
                "extras", f"unknown extra field {excerpt(extra)}: expected t<N>, p<N>, e11"
            )
        if name in data:
            raise PositionError("extras", f"{excerpt(extra)}: given twice")
        data[name] = value
    return Position.from_dict(data)


def _read_board(board: str) -> dict[str, dict[str, dict[str, Any]]]:
    groups = board.split("/")
    if len(groups) != len(VILLAGES):
        raise PositionError("board", f"expected 13 villages separated by '/', got {len(groups)}")
    villages: dict[str, dict[str, dict[str, Any]]] = {}
    for village, group in zip(VILLAGES, groups):
        path = f"board.{village}"
        spaces: dict[str, dict[str, Any]] = {}
        index = 0
        after_digit = False
        for char in group:
            if char in "1234567":
                if after_digit:
                    raise PositionError(
                        path, f"{excerpt(group)}: write the empty spaces as one digit"
                    )
                index += int(char)
                after_digit = True
            else:
                if char.isdigit() or char.isnumeric():
                    raise PositionError(
                        path, f"{excerpt(char)} in {excerpt(group)}: empty spaces are 1-7"
                    )
                if index < 7:
                    spaces[MASTER_TYPES[index]] = {
                        "owner": _colour(char.lower(), path),
                        "student": char.isupper(),
                    }
                index += 1
                after_digit = False
            if index > 7:
                raise PositionError(path, f"{excerpt(group)} describes more than 7 spaces")
        if index != 7:
            raise PositionError(path, f"{excerpt(group)} describes {index} spaces, not 7")
        if spaces:
            villages[village] = spaces
    return villages


# ---------------------------------------------------------------------------- editing


def _edited(pos: Position, change: dict[str, Any]) -> Position:
    data = pos.to_dict()
    data.update(change)
    return Position.from_dict(data)


def with_tile(pos: Position, village: str, master_type: str, tile: Tile | None) -> Position:
    """The position with one space set to ``tile`` (or emptied with None).

    During set-up the turn follows the tiles placed, so the player to move moves with them.
    """
    if not isinstance(village, str) or village not in VILLAGE_INDEX:
        raise PositionError("village", f"unknown village {excerpt(village)}: expected A-M")
    if not isinstance(master_type, str) or master_type not in MASTER_TYPES:
        raise PositionError("type", f"unknown master type {excerpt(master_type)}")
    if tile is not None and not isinstance(tile, Tile):
        raise PositionError("tile", f"expected a Tile or None, got {excerpt(tile)}")
    villages = pos.to_dict()["villages"]
    spaces = villages.setdefault(village, {})
    if tile is None:
        spaces.pop(master_type, None)
    else:
        spaces[master_type] = {"owner": tile.owner, "student": tile.student}
    change: dict[str, Any] = {"villages": villages}
    if pos.phase == "setup":
        placed = sum(1 for v in villages.values() for _ in v)
        change["to_move"] = pos.players[placed % len(pos.players)]
    return _edited(pos, change)


def with_bridge(pos: Position, a: str, b: str, intact: bool) -> Position:
    """The position with the bridge a-b standing or broken; stones follow the bridges
    (a village left without a bridge gets one, a village given one back loses it)."""
    if not (isinstance(a, str) and isinstance(b, str) and (a, b) in BRIDGE_INDEX):
        raise PositionError(
            "bridges", f"there is no bridge {excerpt(a, 8)}-{excerpt(b, 8)} on the board"
        )
    if not isinstance(intact, bool):
        raise PositionError("bridges", f"intact: expected True or False, got {excerpt(intact)}")
    key = (a, b)
    pair = BRIDGES[BRIDGE_INDEX[key]]
    bridges = set(pos.bridges) - {pair} | ({pair} if intact else set())
    data = pos.to_dict()
    data["bridges"] = [list(x) for x in BRIDGES if x in bridges]
    del data["stones"]  # derived again from the bridges
    return Position.from_dict(data)


def with_to_move(pos: Position, colour: str) -> Position:
    """The position with ``colour`` to move (the rulebook's examples let players act in the
    order their story needs)."""
    return _edited(pos, {"to_move": colour})

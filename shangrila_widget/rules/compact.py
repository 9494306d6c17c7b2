"""The compact one-line position string, like FEN for chess.

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

Editing a position (``with_tile`` and friends) is in :mod:`~shangrila_widget.rules.editing`.
"""

from __future__ import annotations

import re
from typing import Any, Final

from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    COLOUR_LETTERS,
    MASTER_TYPES,
    VILLAGES,
    board_bridges,
)
from shangrila_widget.rules.errors import PositionError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.position_json import FORMAT, OPTION_END_ELEVEN

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
        raise PositionError(path, problem("colour_letter", value=excerpt(letter)))
    return _LETTER_COLOUR[letter]


_EXTRA: Final = re.compile(r"([tp])([0-9]+)")
_MAX_DIGITS: Final = 4


def from_compact(text: str) -> Position:
    """Read the one-line string; raises :class:`PositionError` naming the bad field.

    Nothing is guessed: a village row that does not describe exactly seven spaces, a digit
    that is not one of 1-7, a bridge not on the board or an extra given twice is refused.
    """
    if not isinstance(text, str):
        raise PositionError("", problem("string_type", kind=type(text).__name__))
    fields = text.split()
    if len(fields) < 6:
        raise PositionError("", problem("string_fields", n=len(fields)))
    players_field, to_move_field, phase, board, broken_field, stones_field, *extras = fields
    if not 3 <= len(players_field) <= 4:
        raise PositionError("players", problem("colour_letters", value=excerpt(players_field)))
    players = [_colour(letter, "players") for letter in players_field]
    if len(to_move_field) != 1:
        raise PositionError("to_move", problem("one_letter", value=excerpt(to_move_field)))
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
                raise PositionError("bridges", problem("not_a_bridge", value=excerpt(pair)))
            bridge = BRIDGES[BRIDGE_INDEX[key]]
            if bridge not in on_board:
                raise PositionError("bridges", problem("bridge_unused", a=bridge[0], b=bridge[1]))
            if bridge in broken:
                raise PositionError("bridges", problem("bridge_twice", a=bridge[0], b=bridge[1]))
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
            raise PositionError("extras", problem("extra_number", value=excerpt(extra)))
        else:
            raise PositionError("extras", problem("extra_unknown", value=excerpt(extra)))
        if name in data:
            raise PositionError("extras", problem("extra_twice", value=excerpt(extra)))
        data[name] = value
    return Position.from_dict(data)


def _read_board(board: str) -> dict[str, dict[str, dict[str, Any]]]:
    groups = board.split("/")
    if len(groups) != len(VILLAGES):
        raise PositionError("board", problem("board_groups", n=len(groups)))
    villages: dict[str, dict[str, dict[str, Any]]] = {}
    for village, group in zip(VILLAGES, groups):
        path = f"board.{village}"
        spaces: dict[str, dict[str, Any]] = {}
        index = 0
        after_digit = False
        for char in group:
            if char in "1234567":
                if after_digit:
                    raise PositionError(path, problem("one_digit", value=excerpt(group)))
                index += int(char)
                after_digit = True
            else:
                if char.isdigit() or char.isnumeric():
                    raise PositionError(
                        path, problem("digit_range", char=excerpt(char), value=excerpt(group))
                    )
                if index < 7:
                    spaces[MASTER_TYPES[index]] = {
                        "owner": _colour(char.lower(), path),
                        "student": char.isupper(),
                    }
                index += 1
                after_digit = False
            if index > 7:
                raise PositionError(path, problem("too_many_spaces", value=excerpt(group)))
        if index != 7:
            raise PositionError(path, problem("spaces_count", value=excerpt(group), n=index))
        if spaces:
            villages[village] = spaces
    return villages

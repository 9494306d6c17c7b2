"""Reading the public JSON position (``position-format.md``): decoding, then checking every
key, type and rule of a possible position, refusing anything else with a
:class:`~shangrila_widget.rules.errors.PositionError` that names the key path.

The reader returns the parts a :class:`~shangrila_widget.rules.position.Position` is made of
(:class:`PositionParts`); the position builds itself from them, so this module does not
depend on the position class.

>>> parts = read_position({"format": FORMAT, "players": ["red", "blue", "yellow"],
...                        "to_move": "red", "phase": "setup", "villages": {}})
>>> parts.players, parts.phase, parts.stones == 1 << C_INDEX
((0, 1, 2), 0, True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NamedTuple, NoReturn

from shangrila_widget.rules.board import (
    ALL_BRIDGES_MASK,
    BRIDGE_INDEX,
    COLOUR_INDEX,
    COLOURS,
    MASTER_TYPES,
    OUT_OF_PLAY_WITH_THREE,
    STONES_IN_BOX,
    THREE_PLAYER_BRIDGES_MASK,
    TILES_PER_TYPE,
    TYPE_INDEX,
    VILLAGE_BRIDGE_MASK,
    VILLAGE_INDEX,
    VILLAGES,
)
from shangrila_widget.rules.codes import (
    C_INDEX,
    EMPTY,
    OVER,
    PHASES,
    PLAY,
    SETUP,
    STRENGTH,
    STUDENT_OFFSET,
    setup_caps,
)
from shangrila_widget.rules.errors import PositionError, ShangrilaError, excerpt, key_path

FORMAT: Final = "shangrila-position/1"
#: The format of a saved game record (:mod:`~shangrila_widget.rules.record`), named here so
#: that each reader can tell a record from a position.
RECORD_FORMAT: Final = "shangrila-record/1"
OPTION_END_ELEVEN: Final = "END-ELEVEN"
KNOWN_OPTIONS: Final = (OPTION_END_ELEVEN,)
#: The keys of a JSON position, in the documented order.
TOP_KEYS: Final = (
    "format",
    "players",
    "to_move",
    "phase",
    "villages",
    "bridges",
    "stones",
    "setup_turns",
    "passes",
    "options",
)


class PositionParts(NamedTuple):
    """What a position is made of, as small integers (see :mod:`~shangrila_widget.rules.codes`)."""

    players: tuple[int, ...]  # colour indices in seating order
    turn: int  # index into players of the player to move
    phase: int  # SETUP, PLAY or OVER
    cells: bytes  # 91 cell codes, village * 7 + type
    bridges: int  # bit mask of intact bridges
    stones: int  # bit mask of villages with a stone
    supply: bytes  # 28 counts, colour * 7 + type
    setup_turns: int  # set-up turns taken (placements and skips)
    passes: int  # forced passes in a row during play
    end_eleven: bool  # option END-ELEVEN


def parse_players(players: object, path: str) -> tuple[int, ...]:
    """The colour indices of a list of 3 or 4 distinct colour names."""
    if not isinstance(players, (list, tuple)):
        raise PositionError(path, f"expected a list of 3 or 4 colours, got {excerpt(players)}")
    if len(players) not in (3, 4):
        raise PositionError(path, f"3 or 4 players are needed, got {len(players)}")
    seats = []
    for i, colour in enumerate(players):
        if not isinstance(colour, str) or colour not in COLOUR_INDEX:
            raise PositionError(
                f"{path}[{i}]",
                f"unknown colour {excerpt(colour)}: expected one of {', '.join(COLOURS)}",
            )
        if COLOUR_INDEX[colour] in seats:
            raise PositionError(f"{path}[{i}]", f"colour {colour} is seated twice")
        seats.append(COLOUR_INDEX[colour])
    return tuple(seats)


def _expect(value: object, kind: type, path: str, what: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(path, f"expected {what}, got {excerpt(value)}")


def read_position(data: object) -> PositionParts:
    """Check decoded JSON data and return the parts of the position it describes."""
    _expect(data, dict, "", "a JSON object")
    assert isinstance(data, dict)
    # The format first: a document of another format has other keys, and its keys say
    # nothing useful about this one.
    if "format" in data:
        check_format(data["format"], FORMAT, PositionError)
    for key in data:
        if key not in TOP_KEYS:
            _refuse_key("", key, TOP_KEYS)
    for key in ("format", "players", "to_move", "phase", "villages"):
        if key not in data:
            raise PositionError(key, "missing required key")
    seats = parse_players(data["players"], "players")
    three = len(seats) == 3
    player_colours = [COLOURS[p] for p in seats]

    to_move = data["to_move"]
    if to_move not in player_colours:
        raise PositionError(
            "to_move",
            f"{excerpt(to_move)} is not one of the players {', '.join(player_colours)}",
        )
    turn = player_colours.index(to_move)

    phase_name = data["phase"]
    if phase_name not in PHASES:
        raise PositionError(
            "phase", f"expected one of {', '.join(PHASES)}, got {excerpt(phase_name)}"
        )
    phase = PHASES.index(phase_name)

    options = data.get("options", [])
    _expect(options, list, "options", "a list of option ids")
    for i, option in enumerate(options):
        if option not in KNOWN_OPTIONS:
            raise PositionError(
                f"options[{i}]",
                f"unknown option {excerpt(option)}: expected {', '.join(KNOWN_OPTIONS)}",
            )
    end_eleven = OPTION_END_ELEVEN in options

    cells = _read_villages(data["villages"], seats, three)
    supply = [TILES_PER_TYPE] * 28
    for s, code in enumerate(cells):
        if code:
            colour = (code - 1) % 4
            supply[colour * 7 + s % 7] -= STRENGTH[code]
    for colour in seats:
        for t, master_type in enumerate(MASTER_TYPES):
            if supply[colour * 7 + t] < 0:
                raise PositionError(
                    "villages",
                    f"{COLOURS[colour]} has {TILES_PER_TYPE - supply[colour * 7 + t]} tiles of "
                    f"type {master_type} on the board; only {TILES_PER_TYPE} exist",
                )

    board_mask = THREE_PLAYER_BRIDGES_MASK if three else ALL_BRIDGES_MASK
    bridges = _read_bridges(data.get("bridges"), board_mask)
    stones = _read_stones(data.get("stones"), bridges, three, phase)

    tiles_on_board = sum(STRENGTH[c] for c in cells)
    setup_turns = data.get("setup_turns", tiles_on_board if phase == SETUP else 7 * len(seats))
    _expect(setup_turns, int, "setup_turns", "a whole number")
    passes = data.get("passes", 0)
    _expect(passes, int, "passes", "a whole number")
    # During play 0 to n-1 forced passes in a row; a game ended by END-STALL has exactly n.
    if not (
        (phase == PLAY and 0 <= passes < len(seats))
        or (phase == OVER and passes in (0, len(seats)))
        or (phase == SETUP and passes == 0)
    ):
        raise PositionError(
            "passes",
            f"forced passes in a row must be 0-{len(seats) - 1} during play, "
            f"0 or {len(seats)} (END-STALL) once the game is over, and 0 during set-up",
        )

    if phase == SETUP:
        _check_setup(cells, seats, bridges, board_mask, setup_turns, tiles_on_board, turn)
    elif "setup_turns" in data and setup_turns != 7 * len(seats):
        raise PositionError("setup_turns", "only meaningful during set-up")

    return PositionParts(
        players=seats,
        turn=turn,
        phase=phase,
        cells=bytes(cells),
        bridges=bridges,
        stones=stones,
        supply=bytes(supply),
        setup_turns=setup_turns,
        passes=passes,
        end_eleven=end_eleven,
    )


def _read_villages(villages: object, seats: tuple[int, ...], three: bool) -> list[int]:
    _expect(villages, dict, "villages", "an object of village ids")
    assert isinstance(villages, dict)
    cells = [EMPTY] * (len(VILLAGES) * 7)
    for village, spaces in villages.items():
        if village not in VILLAGE_INDEX:
            _refuse_key("villages", village, VILLAGES, "unknown village: expected A-M")
        path = f"villages.{village}"
        _expect(spaces, dict, path, "an object of master types")
        assert isinstance(spaces, dict)
        if spaces and three and village == OUT_OF_PLAY_WITH_THREE:
            raise PositionError(path, "village C is out of play with 3 players and stays empty")
        for master_type, tile in spaces.items():
            if master_type not in TYPE_INDEX:
                _refuse_key(path, master_type, MASTER_TYPES, "unknown master type")
            tpath = f"{path}.{master_type}"
            _expect(tile, dict, tpath, 'an object like {"owner": "red", "student": false}')
            assert isinstance(tile, dict)
            for key in tile:
                if key not in ("owner", "student"):
                    _refuse_key(tpath, key, ("owner", "student"))
            if "owner" not in tile:
                raise PositionError(f"{tpath}.owner", "missing required key")
            owner = tile["owner"]
            if not isinstance(owner, str) or owner not in COLOUR_INDEX:
                raise PositionError(
                    f"{tpath}.owner",
                    f"unknown colour {excerpt(owner)}: expected one of {', '.join(COLOURS)}",
                )
            if COLOUR_INDEX[owner] not in seats:
                raise PositionError(f"{tpath}.owner", f"{owner} is not playing in this game")
            student = tile.get("student", False)
            _expect(student, bool, f"{tpath}.student", "true or false")
            code = COLOUR_INDEX[owner] + 1 + (STUDENT_OFFSET if student else 0)
            cells[VILLAGE_INDEX[village] * 7 + TYPE_INDEX[master_type]] = code
    return cells


def _refuse_key(parent: str, key: object, known: Sequence[str], problem: str = "") -> NoReturn:
    """Raise the error for an unknown key of an object at ``parent``."""
    if not isinstance(key, str):
        raise PositionError(parent, f"keys must be text, got {excerpt(key)}")
    raise PositionError(
        key_path(parent, key), problem or f"unknown key: expected only {', '.join(known)}"
    )


_WHAT_FORMAT: Final = {FORMAT: "a position", RECORD_FORMAT: "a game record"}
_READER: Final = {FORMAT: "Position.from_json", RECORD_FORMAT: "GameRecord.from_json"}


def check_format(value: object, expected: str, error: type[ShangrilaError]) -> None:
    """Refuse a ``format`` value other than ``expected``, saying what the document is when it
    is the package's other format.

    >>> check_format("shangrila-record/1", FORMAT, PositionError)
    Traceback (most recent call last):
    ...
    shangrila_widget.rules.errors.PositionError: format: this is a game record \
(shangrila-record/1), not a position: read it with GameRecord.from_json
    """
    if value == expected:
        return
    if isinstance(value, str) and value in _WHAT_FORMAT:
        problem = (
            f"this is {_WHAT_FORMAT[value]} ({value}), not {_WHAT_FORMAT[expected]}: "
            f"read it with {_READER[value]}"
        )
    else:
        problem = f"unknown format {excerpt(value)}: expected {expected!r}"
    if error is PositionError:
        raise PositionError("format", problem)
    raise error(f"format: {problem}")


def _bridge_name(a: str, b: str) -> str:
    if a in VILLAGE_INDEX and b in VILLAGE_INDEX:
        return f"{a}-{b}"
    return f"{excerpt(a, 8)}-{excerpt(b, 8)}"


def load_json(text: object, error: type[ShangrilaError]) -> object:
    """Decode JSON text, turning every way it can fail into ``error`` (a
    :class:`PositionError` or :class:`RecordError`) with a short message.

    UTF-8 text may start with a byte order mark (as Windows editors write it); an object
    that gives a key twice is refused, naming the key, since which value was meant would be
    a guess:

    >>> load_json('\\ufeff{"a": 1}', PositionError)
    {'a': 1}
    >>> load_json('{"a": {"b": 1, "b": 2}}', PositionError)
    Traceback (most recent call last):
    ...
    shangrila_widget.rules.errors.PositionError: a.b: the key is given twice
    >>> load_json(" ", PositionError)
    Traceback (most recent call last):
    ...
    shangrila_widget.rules.errors.PositionError: the text is empty: expected a JSON object
    """

    def fail(path: str, problem: str) -> ShangrilaError:
        if error is PositionError:
            return PositionError(path, problem)
        return error(f"{path}: {problem}" if path else problem)

    if not isinstance(text, (str, bytes, bytearray)):
        raise fail("", f"expected JSON text, not {type(text).__name__}")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as problem:
            at = problem.start
            raise fail("", f"not UTF-8 text (byte {text[at]:#04x} at position {at})") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise fail("", "the text is empty: expected a JSON object")
    try:
        return _checked(json.loads(text, object_pairs_hook=_UniqueKeys))
    except _DuplicateKey as duplicate:
        raise fail(duplicate.path, "the key is given twice") from None
    except RecursionError:
        raise fail("", "not valid JSON: nested too deeply") from None
    except ValueError as problem:  # JSONDecodeError, huge integers
        if "integer string conversion" in str(problem):
            raise fail("", "not valid JSON: a number is too long") from None
        raise fail("", f"not valid JSON: {str(problem)[:80]}") from None


class _DuplicateKey(Exception):
    def __init__(self, path: str) -> None:
        self.path = path


class _UniqueKeys(dict[str, object]):
    """A decoded JSON object that remembers whether a key came twice (the check runs after
    decoding, as a loop, so that a deeply nested document cannot overflow the stack)."""

    __slots__ = ("duplicate",)

    def __init__(self, pairs: list[tuple[str, object]]) -> None:
        super().__init__(pairs)
        self.duplicate: str | None = None
        if len(self) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.duplicate = key
                    break
                seen.add(key)


def _checked(data: object) -> object:
    """``data`` with every :class:`_UniqueKeys` made a plain dict; raises
    :class:`_DuplicateKey` with the path of the first key given twice."""
    root: list[object] = [data]
    # (the container, the key or index of the value in it, the value's error path)
    todo: list[tuple[Any, Any, str]] = [(root, 0, "")]
    while todo:
        parent, at, path = todo.pop()
        value = parent[at]
        if isinstance(value, _UniqueKeys):
            if value.duplicate is not None:
                raise _DuplicateKey(key_path(path, value.duplicate))
            value = parent[at] = dict(value)
            todo.extend((value, key, key_path(path, key)) for key in reversed(value))
        elif isinstance(value, list):
            todo.extend((value, i, f"{path}[{i}]") for i in reversed(range(len(value))))
    return root[0]


def _read_bridges(bridges: object, board_mask: int) -> int:
    if bridges is None:
        return board_mask
    _expect(bridges, list, "bridges", "a list of village pairs")
    assert isinstance(bridges, list)
    mask = 0
    for i, pair in enumerate(bridges):
        path = f"bridges[{i}]"
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)
        ):
            raise PositionError(path, 'expected a pair of village ids like ["A", "B"]')
        index = BRIDGE_INDEX.get((pair[0], pair[1]))
        if index is None:
            raise PositionError(path, f"there is no bridge {_bridge_name(*pair)} on the board")
        if not board_mask >> index & 1:
            raise PositionError(
                path, f"bridge {pair[0]}-{pair[1]} is not used with 3 players (village C)"
            )
        if mask >> index & 1:
            raise PositionError(path, f"bridge {pair[0]}-{pair[1]} is listed twice")
        mask |= 1 << index
    return mask


def _read_stones(stones: object, bridges: int, three: bool, phase: int) -> int:
    isolated = 0
    for v in range(len(VILLAGES)):
        if not bridges & VILLAGE_BRIDGE_MASK[v]:
            isolated |= 1 << v
    derived = isolated  # includes C with 3 players: it has no bridges
    if stones is None:
        if bin(derived).count("1") > STONES_IN_BOX:
            # A finished game must say which of the last villages has no stone.
            raise PositionError(
                "stones", "required here: more villages are isolated than there are stones"
            )
        return derived
    _expect(stones, list, "stones", "a list of village ids")
    assert isinstance(stones, list)
    mask = 0
    for i, village in enumerate(stones):
        path = f"stones[{i}]"
        if not isinstance(village, str) or village not in VILLAGE_INDEX:
            raise PositionError(path, f"unknown village {excerpt(village)}: expected A-M")
        bit = 1 << VILLAGE_INDEX[village]
        if mask & bit:
            raise PositionError(path, f"village {village} has two stones")
        if bridges & VILLAGE_BRIDGE_MASK[VILLAGE_INDEX[village]]:
            raise PositionError(path, f"village {village} still has an intact bridge: no stone yet")
        mask |= bit
    if bin(mask).count("1") > STONES_IN_BOX:
        raise PositionError("stones", f"only {STONES_IN_BOX} stones exist")
    if three and not mask >> C_INDEX & 1:
        raise PositionError("stones", "with 3 players village C always has a stone")
    missing = [VILLAGES[v] for v in range(len(VILLAGES)) if (isolated & ~mask) >> v & 1]
    allowed_missing = 1 if phase == OVER and bin(mask).count("1") == STONES_IN_BOX else 0
    if len(missing) > allowed_missing:
        raise PositionError(
            "stones", f"village {missing[0]} has no intact bridge, so it must have a stone"
        )
    return mask


def _check_setup(
    cells: list[int],
    seats: tuple[int, ...],
    bridges: int,
    board_mask: int,
    setup_turns: int,
    tiles_on_board: int,
    turn: int,
) -> None:
    players = len(seats)
    if bridges != board_mask:
        raise PositionError("bridges", "no bridge can be broken during set-up")
    if any(c > STUDENT_OFFSET for c in cells):
        raise PositionError("villages", "there are no students during set-up")
    max_colour, max_total = setup_caps(players)
    for v, village in enumerate(VILLAGES):
        row = cells[v * 7 : v * 7 + 7]
        if sum(1 for c in row if c) > max_total:
            raise PositionError(
                f"villages.{village}", f"more than {max_total} masters during set-up (SETUP-CAP)"
            )
        for colour in seats:
            if sum(1 for c in row if c == colour + 1) > max_colour:
                raise PositionError(
                    f"villages.{village}",
                    f"more than {max_colour} {COLOURS[colour]} masters during set-up (SETUP-CAP)",
                )
    for colour in seats:
        for t, master_type in enumerate(MASTER_TYPES):
            if sum(1 for v in range(len(VILLAGES)) if cells[v * 7 + t] == colour + 1) > 1:
                raise PositionError(
                    "villages",
                    f"{COLOURS[colour]} has two {master_type} masters during set-up "
                    "(SETUP-ONE-OF-EACH)",
                )
    if not tiles_on_board <= setup_turns < 7 * players:
        raise PositionError(
            "setup_turns",
            f"set-up turns taken must be from {tiles_on_board} (tiles placed) to {7 * players - 1}",
        )
    if setup_turns % players != turn:
        raise PositionError(
            "to_move",
            f"after {setup_turns} set-up turns it is "
            f"{COLOURS[seats[setup_turns % players]]}'s turn",
        )
    for seat, colour in enumerate(seats):
        turns_taken = (setup_turns - seat + players - 1) // players
        placed = sum(1 for c in cells if c == colour + 1)
        if placed > turns_taken:
            raise PositionError(
                "villages",
                f"{COLOURS[colour]} has placed {placed} masters in {turns_taken} set-up turns",
            )


__all__ = [
    "FORMAT",
    "KNOWN_OPTIONS",
    "OPTION_END_ELEVEN",
    "PositionParts",
    "RECORD_FORMAT",
    "TOP_KEYS",
    "check_format",
    "load_json",
    "parse_players",
    "read_position",
]

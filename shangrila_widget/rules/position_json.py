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
from shangrila_widget.rules.messages import Message, problem

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
        raise PositionError(path, problem("players_list", value=excerpt(players)))
    if len(players) not in (3, 4):
        raise PositionError(path, problem("players_count", n=len(players)))
    seats = []
    for i, colour in enumerate(players):
        if not isinstance(colour, str) or colour not in COLOUR_INDEX:
            raise PositionError(
                f"{path}[{i}]", problem("unknown_colour", value=excerpt(colour), known=COLOURS)
            )
        if COLOUR_INDEX[colour] in seats:
            raise PositionError(f"{path}[{i}]", problem("seated_twice", colour=colour))
        seats.append(COLOUR_INDEX[colour])
    return tuple(seats)


def _expect(value: object, kind: type, path: str, what: str) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(
            path, problem("expected", what=problem(f"what.{what}"), value=excerpt(value))
        )


def read_position(data: object) -> PositionParts:
    """Check decoded JSON data and return the parts of the position it describes."""
    _expect(data, dict, "", "json_object")
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
            raise PositionError(key, problem("missing_key"))
    seats = parse_players(data["players"], "players")
    three = len(seats) == 3
    player_colours = [COLOURS[p] for p in seats]

    to_move = data["to_move"]
    if to_move not in player_colours:
        raise PositionError(
            "to_move", problem("not_a_player", value=excerpt(to_move), known=player_colours)
        )
    turn = player_colours.index(to_move)

    phase_name = data["phase"]
    if phase_name not in PHASES:
        raise PositionError("phase", problem("phase", known=PHASES, value=excerpt(phase_name)))
    phase = PHASES.index(phase_name)

    options = data.get("options", [])
    _expect(options, list, "options", "option_list")
    for i, option in enumerate(options):
        if option not in KNOWN_OPTIONS:
            raise PositionError(
                f"options[{i}]",
                problem("unknown_option", value=excerpt(option), known=KNOWN_OPTIONS),
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
                    problem(
                        "too_many_tiles",
                        player=COLOURS[colour],
                        n=TILES_PER_TYPE - supply[colour * 7 + t],
                        type=master_type,
                        limit=TILES_PER_TYPE,
                    ),
                )

    board_mask = THREE_PLAYER_BRIDGES_MASK if three else ALL_BRIDGES_MASK
    bridges = _read_bridges(data.get("bridges"), board_mask)
    stones = _read_stones(data.get("stones"), bridges, three, phase)

    tiles_on_board = sum(STRENGTH[c] for c in cells)
    setup_turns = data.get("setup_turns", tiles_on_board if phase == SETUP else 7 * len(seats))
    _expect(setup_turns, int, "setup_turns", "whole_number")
    passes = data.get("passes", 0)
    _expect(passes, int, "passes", "whole_number")
    # During play 0 to n-1 forced passes in a row; a game ended by END-STALL has exactly n.
    if not (
        (phase == PLAY and 0 <= passes < len(seats))
        or (phase == OVER and passes in (0, len(seats)))
        or (phase == SETUP and passes == 0)
    ):
        raise PositionError(
            "passes",
            problem("passes", most=len(seats) - 1, players=len(seats)),
        )

    if phase == SETUP:
        _check_setup(cells, seats, bridges, board_mask, setup_turns, tiles_on_board, turn)
    elif "setup_turns" in data and setup_turns != 7 * len(seats):
        raise PositionError("setup_turns", problem("setup_only"))

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
    _expect(villages, dict, "villages", "village_object")
    assert isinstance(villages, dict)
    cells = [EMPTY] * (len(VILLAGES) * 7)
    for village, spaces in villages.items():
        if village not in VILLAGE_INDEX:
            _refuse_key("villages", village, VILLAGES, "unknown_village")
        path = f"villages.{village}"
        _expect(spaces, dict, path, "type_object")
        assert isinstance(spaces, dict)
        if spaces and three and village == OUT_OF_PLAY_WITH_THREE:
            raise PositionError(path, problem("c_empty"))
        for master_type, tile in spaces.items():
            if master_type not in TYPE_INDEX:
                _refuse_key(path, master_type, MASTER_TYPES, "unknown_type")
            tpath = f"{path}.{master_type}"
            _expect(tile, dict, tpath, "tile_object")
            assert isinstance(tile, dict)
            for key in tile:
                if key not in ("owner", "student"):
                    _refuse_key(tpath, key, ("owner", "student"))
            if "owner" not in tile:
                raise PositionError(f"{tpath}.owner", problem("missing_key"))
            owner = tile["owner"]
            if not isinstance(owner, str) or owner not in COLOUR_INDEX:
                raise PositionError(
                    f"{tpath}.owner", problem("unknown_colour", value=excerpt(owner), known=COLOURS)
                )
            if COLOUR_INDEX[owner] not in seats:
                raise PositionError(f"{tpath}.owner", problem("not_playing", player=owner))
            student = tile.get("student", False)
            _expect(student, bool, f"{tpath}.student", "true_false")
            code = COLOUR_INDEX[owner] + 1 + (STUDENT_OFFSET if student else 0)
            cells[VILLAGE_INDEX[village] * 7 + TYPE_INDEX[master_type]] = code
    return cells


def _refuse_key(parent: str, key: object, known: Sequence[str], what: str = "") -> NoReturn:
    """Raise the error for an unknown key of an object at ``parent``."""
    if not isinstance(key, str):
        raise PositionError(parent, problem("key_text", value=excerpt(key)))
    said = problem(f"what.{what}") if what else problem("unknown_key", known=list(known))
    raise PositionError(key_path(parent, key), said)


_WHAT_FORMAT: Final = {FORMAT: "position", RECORD_FORMAT: "record"}
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
        said = problem(f"format_{_WHAT_FORMAT[value]}", value=value, reader=_READER[value])
    else:
        said = problem("format_unknown", format=repr(expected), value=excerpt(value))
    if error is PositionError:
        raise PositionError("format", said)
    raise error(f"format: {said}")


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

    def fail(path: str, said: Message) -> ShangrilaError:
        if error is PositionError:
            return PositionError(path, said)
        return error(f"{path}: {said}" if path else said)

    if not isinstance(text, (str, bytes, bytearray)):
        raise fail("", problem("json_text", kind=type(text).__name__))
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as failure:
            at = failure.start
            raise fail("", problem("json_utf8", byte=f"{text[at]:#04x}", at=at)) from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise fail("", problem("json_empty"))
    try:
        return _checked(json.loads(text, object_pairs_hook=_UniqueKeys))
    except _DuplicateKey as duplicate:
        raise fail(duplicate.path, problem("key_twice")) from None
    except RecursionError:
        raise fail("", problem("json_deep")) from None
    except ValueError as failure:  # JSONDecodeError, huge integers
        if "integer string conversion" in str(failure):
            raise fail("", problem("json_number")) from None
        raise fail("", problem("json_invalid", detail=str(failure)[:80])) from None


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
    _expect(bridges, list, "bridges", "pair_list")
    assert isinstance(bridges, list)
    mask = 0
    for i, pair in enumerate(bridges):
        path = f"bridges[{i}]"
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)
        ):
            raise PositionError(path, problem("bridge_pair"))
        index = BRIDGE_INDEX.get((pair[0], pair[1]))
        if index is None:
            raise PositionError(path, problem("no_bridge", bridge=_bridge_name(*pair)))
        if not board_mask >> index & 1:
            raise PositionError(path, problem("bridge_unused", a=pair[0], b=pair[1]))
        if mask >> index & 1:
            raise PositionError(path, problem("bridge_twice", a=pair[0], b=pair[1]))
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
            raise PositionError("stones", problem("stones_required"))
        return derived
    _expect(stones, list, "stones", "village_list")
    assert isinstance(stones, list)
    mask = 0
    for i, village in enumerate(stones):
        path = f"stones[{i}]"
        if not isinstance(village, str) or village not in VILLAGE_INDEX:
            raise PositionError(path, problem("unknown_village", value=excerpt(village)))
        bit = 1 << VILLAGE_INDEX[village]
        if mask & bit:
            raise PositionError(path, problem("two_stones", village=village))
        if bridges & VILLAGE_BRIDGE_MASK[VILLAGE_INDEX[village]]:
            raise PositionError(path, problem("stone_too_early", village=village))
        mask |= bit
    if bin(mask).count("1") > STONES_IN_BOX:
        raise PositionError("stones", problem("stones_in_box", n=STONES_IN_BOX))
    if three and not mask >> C_INDEX & 1:
        raise PositionError("stones", problem("c_stone"))
    missing = [VILLAGES[v] for v in range(len(VILLAGES)) if (isolated & ~mask) >> v & 1]
    allowed_missing = 1 if phase == OVER and bin(mask).count("1") == STONES_IN_BOX else 0
    if len(missing) > allowed_missing:
        raise PositionError("stones", problem("stone_missing", village=missing[0]))
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
        raise PositionError("bridges", problem("setup_bridges"))
    if any(c > STUDENT_OFFSET for c in cells):
        raise PositionError("villages", problem("setup_students"))
    max_colour, max_total = setup_caps(players)
    for v, village in enumerate(VILLAGES):
        row = cells[v * 7 : v * 7 + 7]
        if sum(1 for c in row if c) > max_total:
            raise PositionError(f"villages.{village}", problem("setup_cap_total", n=max_total))
        for colour in seats:
            if sum(1 for c in row if c == colour + 1) > max_colour:
                raise PositionError(
                    f"villages.{village}",
                    problem("setup_cap_colour", n=max_colour, player=COLOURS[colour]),
                )
    for colour in seats:
        for t, master_type in enumerate(MASTER_TYPES):
            if sum(1 for v in range(len(VILLAGES)) if cells[v * 7 + t] == colour + 1) > 1:
                raise PositionError(
                    "villages", problem("setup_two", player=COLOURS[colour], type=master_type)
                )
    if not tiles_on_board <= setup_turns < 7 * players:
        raise PositionError(
            "setup_turns", problem("setup_turns", low=tiles_on_board, high=7 * players - 1)
        )
    if setup_turns % players != turn:
        raise PositionError(
            "to_move",
            problem("setup_to_move", n=setup_turns, player=COLOURS[seats[setup_turns % players]]),
        )
    for seat, colour in enumerate(seats):
        turns_taken = (setup_turns - seat + players - 1) // players
        placed = sum(1 for c in cells if c == colour + 1)
        if placed > turns_taken:
            raise PositionError(
                "villages",
                problem("setup_placed", player=COLOURS[colour], n=placed, turns=turns_taken),
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

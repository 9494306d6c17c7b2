"""An immutable position of The Bridges of Shangri-La, and its JSON form.

The JSON reader and its checks live in :mod:`~shangrila_widget.rules.position_json`, the
one-line string in :mod:`~shangrila_widget.rules.compact`, the edit helpers in
:mod:`~shangrila_widget.rules.editing`; the integer codes in :mod:`~shangrila_widget.rules.codes`.

A :class:`Position` is a value: playing an action returns a new one and leaves the old one
as it was. Internally a position is a handful of small integers and tuples so that the engine
can list and play actions fast (``pos.packed``, a :class:`PositionParts`, for fast readers);
the public accessors speak in names.

>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> pos.phase, pos.to_move, len(pos.bridges)
('setup', 'red', 23)
>>> pos.supply("red", "healer")
6
>>> after = pos.play("place healer A").position
>>> after.tile("A", "healer")
Tile(owner='red', student=False)
>>> pos.tile("A", "healer") is None
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from shangrila_widget.rules.board import (
    ALL_BRIDGES_MASK,
    BRIDGE_INDEX,
    BRIDGES,
    COLOUR_INDEX,
    COLOURS,
    MASTER_TYPES,
    OUT_OF_PLAY_WITH_THREE,
    THREE_PLAYER_BRIDGES_MASK,
    TILES_PER_TYPE,
    TYPE_INDEX,
    TYPE_LETTERS,
    VILLAGE_INDEX,
    VILLAGES,
    Colour,
    MasterType,
)
from shangrila_widget.rules.codes import (
    C_INDEX,
    EMPTY,
    OVER,
    PHASES,
    SETUP,
    STRENGTH,
    STUDENT_OFFSET,
    Phase,
)
from shangrila_widget.rules.errors import PositionError, ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position_json import (
    FORMAT,
    OPTION_END_ELEVEN,
    PositionParts,
    load_json,
    parse_players,
    read_position,
)

if TYPE_CHECKING:
    from shangrila_widget.rules.actions import Action
    from shangrila_widget.rules.results import Outcome, Refusal

__all__ = ["FORMAT", "Phase", "Position", "PositionParts", "Tile", "as_position", "check_position"]


class Tile(NamedTuple):
    """What lies on one space: a master of ``owner``, with or without a student on it."""

    owner: Colour
    student: bool


class Position:
    """A whole game state: seating, whose turn, phase, tiles, bridges, stones.

    Build one with :meth:`new_game` or :meth:`from_json`; positions are immutable and
    compare equal when every part of the state is equal.

    For fast readers (the engine, the bots), ``pos.packed`` is the position as the engine
    keeps it: a :class:`PositionParts` of small integers, bytes and bit masks in the codes of
    :mod:`~shangrila_widget.rules.codes`, the position's own (no copy), immutable like the
    position and read-only; the accessors say the same in words. :meth:`from_packed` is the
    way back, unchecked.

    >>> packed = Position.new_game(["red", "blue", "yellow"]).packed
    >>> packed.players, packed.turn, packed.phase, len(packed.cells), packed.supply[0]
    ((0, 1, 2), 0, 0, 91, 6)
    >>> packed.cells[0] == EMPTY and packed.stones == 1 << C_INDEX
    True
    """

    # One slot, read as fast as an attribute (the engine and the bots read it on every step);
    # __setattr__ keeps it read-only, and to the type checker it is a read-only property.
    __slots__ = {"packed": "The position as the engine keeps it (a PositionParts), read-only."}

    if TYPE_CHECKING:

        @property
        def packed(self) -> PositionParts:
            """The position as the engine keeps it, read-only (see the class docstring)."""

    def __init__(self) -> None:
        raise TypeError("use Position.new_game(...) or Position.from_json(...)")

    @classmethod
    def from_packed(cls, packed: PositionParts) -> Position:
        """The position made of ``packed``, unchecked: the engine's fast path, for parts taken
        from :attr:`packed` and changed by the rules. Anything else may build an impossible
        position; read what a person gives with :meth:`from_json` or :meth:`from_dict`."""
        new = object.__new__(cls)
        _set_packed(new, packed)  # the slot's own setter passes __setattr__ by
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("positions are immutable; play an action to get a new one")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position.from_json, (self.to_json(),))

    # ----------------------------------------------------------------- construction

    @classmethod
    def new_game(cls, players: Sequence[str], *, end_eleven: bool = False) -> Position:
        """The empty board at the start of set-up; ``players`` in clockwise seating order,
        the first of them the start player.

        >>> Position.new_game(["blue", "red", "violet"]).stones
        frozenset({'C'})
        """
        seats = parse_players(players, "players")
        if not isinstance(end_eleven, bool):
            raise TypeError(f"end_eleven: expected True or False, got {excerpt(end_eleven)}")
        three = len(seats) == 3
        return cls.from_packed(
            PositionParts(
                players=seats,
                turn=0,
                phase=SETUP,
                cells=bytes((EMPTY,) * (len(VILLAGES) * 7)),
                bridges=THREE_PLAYER_BRIDGES_MASK if three else ALL_BRIDGES_MASK,
                stones=(1 << C_INDEX) if three else 0,
                supply=bytes((TILES_PER_TYPE,) * 28),
                setup_turns=0,
                passes=0,
                end_eleven=end_eleven,
            )
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """Read the public JSON position (``position-format.md``), refusing impossible ones.

        Raises :class:`PositionError` naming the key path and the problem.
        """
        return cls.from_dict(load_json(text, PositionError))

    @classmethod
    def from_dict(cls, data: object) -> Position:
        """Like :meth:`from_json`, from already-decoded JSON data."""
        return cls.from_packed(read_position(data))

    def to_dict(self) -> dict[str, Any]:
        """The public JSON position as Python data (keys in the documented order).

        Optional keys are written only when they differ from their defaults.
        """
        villages: dict[str, dict[str, dict[str, Any]]] = {}
        cells = self.packed.cells
        for v, village in enumerate(VILLAGES):
            spaces: dict[str, dict[str, Any]] = {}
            for t, master_type in enumerate(MASTER_TYPES):
                code = cells[v * 7 + t]
                if code:
                    spaces[master_type] = {
                        "owner": COLOURS[(code - 1) % 4],
                        "student": code > STUDENT_OFFSET,
                    }
            if spaces:
                villages[village] = spaces
        data: dict[str, Any] = {
            "format": FORMAT,
            "players": [COLOURS[p] for p in self.packed.players],
            "to_move": COLOURS[self.packed.players[self.packed.turn]],
            "phase": PHASES[self.packed.phase],
            "villages": villages,
            "bridges": [list(b) for i, b in enumerate(BRIDGES) if self.packed.bridges >> i & 1],
            "stones": [v for i, v in enumerate(VILLAGES) if self.packed.stones >> i & 1],
        }
        if self.packed.phase == SETUP and self.packed.setup_turns != self._tiles_on_board():
            data["setup_turns"] = self.packed.setup_turns
        if self.packed.passes:
            data["passes"] = self.packed.passes
        if self.packed.end_eleven:
            data["options"] = [OPTION_END_ELEVEN]
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The public JSON position as text.

        >>> Position.from_json(Position.new_game(["red", "blue", "yellow"]).to_json()).phase
        'setup'
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_compact(cls, text: str) -> Position:
        """Read the one-line position string (see :mod:`~shangrila_widget.rules.compact`)."""
        from shangrila_widget.rules.compact import from_compact

        return from_compact(text)

    def to_compact(self) -> str:
        """The one-line position string, to copy and paste.

        >>> Position.new_game(["red", "blue", "yellow"]).to_compact()
        'rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C'
        """
        from shangrila_widget.rules.compact import to_compact

        return to_compact(self)

    # ----------------------------------------------------------------- accessors

    @property
    def players(self) -> tuple[Colour, ...]:
        """The colours in clockwise seating order; the first is the start player."""
        return tuple(COLOURS[p] for p in self.packed.players)

    @property
    def to_move(self) -> Colour:
        """The colour of the player whose turn it is."""
        return COLOURS[self.packed.players[self.packed.turn]]

    @property
    def phase(self) -> Phase:
        """``"setup"``, ``"play"`` or ``"over"``."""
        return PHASES[self.packed.phase]

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``END``, ``END-ELEVEN`` or ``END-STALL``)."""
        return self.packed.phase == OVER

    @property
    def end_eleven(self) -> bool:
        """Whether the option ``END-ELEVEN`` (end after the 11th stone) is on."""
        return self.packed.end_eleven

    @property
    def setup_turns(self) -> int:
        """Set-up turns taken so far (placements and skipped placements)."""
        return self.packed.setup_turns

    @property
    def passes(self) -> int:
        """Forced passes in a row during play (a full round of them ends the game)."""
        return self.packed.passes

    @property
    def bridges(self) -> frozenset[tuple[str, str]]:
        """The intact bridges, each as the pair of board.json (for example ``("A", "B")``)."""
        return frozenset(b for i, b in enumerate(BRIDGES) if self.packed.bridges >> i & 1)

    @property
    def stones(self) -> frozenset[str]:
        """The villages with a Stone of the Wise Men."""
        return frozenset(v for i, v in enumerate(VILLAGES) if self.packed.stones >> i & 1)

    def bridge_intact(self, a: str, b: str) -> bool:
        """Whether the bridge between ``a`` and ``b`` exists on the board and still stands."""
        index = BRIDGE_INDEX.get((a, b)) if isinstance(a, str) and isinstance(b, str) else None
        return index is not None and bool(self.packed.bridges >> index & 1)

    def has_stone(self, village: str) -> bool:
        """Whether ``village`` has a stone (is at peace)."""
        return bool(self.packed.stones >> _village(village) & 1)

    def in_play(self, village: str) -> bool:
        """False only for village C in a three-player game."""
        return not (len(self.packed.players) == 3 and village == OUT_OF_PLAY_WITH_THREE)

    def tile(self, village: str, master_type: str) -> Tile | None:
        """The master (and whether a student lies on it) on a space, or None when empty."""
        code = self.packed.cells[_village(village) * 7 + _type(master_type)]
        if not code:
            return None
        return Tile(COLOURS[(code - 1) % 4], code > STUDENT_OFFSET)

    def tiles(self, village: str) -> dict[MasterType, Tile]:
        """The occupied spaces of ``village``, by master type, in type order."""
        base = _village(village) * 7
        return {
            t: Tile(COLOURS[(code - 1) % 4], code > STUDENT_OFFSET)
            for t, code in zip(MASTER_TYPES, self.packed.cells[base : base + 7])
            if code
        }

    def strength(self, village: str) -> int:
        """Tiles in the village: masters plus students, of every colour."""
        base = _village(village) * 7
        return sum(STRENGTH[c] for c in self.packed.cells[base : base + 7])

    def masters_in(self, village: str) -> int:
        """Masters in the village (students not counted)."""
        base = _village(village) * 7
        return sum(1 for c in self.packed.cells[base : base + 7] if c)

    def supply(self, colour: str, master_type: str) -> int:
        """Tiles of that colour and type off the board (6 minus those on it)."""
        return self.packed.supply[_colour(colour) * 7 + _type(master_type)]

    def supplies(self, colour: str) -> dict[MasterType, int]:
        """A player's supply of every type."""
        base = _colour(colour) * 7
        return dict(zip(MASTER_TYPES, self.packed.supply[base : base + 7]))

    def masters_of(self, colour: str) -> int:
        """A player's masters on the whole board (what ``SCORE`` counts)."""
        code = _colour(colour) + 1
        return sum(1 for c in self.packed.cells if c == code or c == code + STUDENT_OFFSET)

    def villages_of(self, colour: str) -> int:
        """The number of villages where a player has at least one master (``SCORE-TIE``)."""
        code = _colour(colour) + 1
        cells = self.packed.cells
        return sum(
            1
            for v in range(len(VILLAGES))
            if any(c == code or c == code + STUDENT_OFFSET for c in cells[v * 7 : v * 7 + 7])
        )

    # ----------------------------------------------------------------- rules shortcuts

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move (see :func:`engine.legal_actions`)."""
        from shangrila_widget.rules import engine

        return engine.legal_actions(self)

    def check(self, action: Action | str, player: str | None = None) -> Refusal | None:
        """None if ``action`` is legal, else the :class:`Refusal` with its rule id."""
        from shangrila_widget.rules import engine

        return engine.check(self, action, player)

    def play(self, action: Action | str, player: str | None = None) -> Outcome:
        """Play a legal action: the :class:`Outcome` has the new position and its events.

        Raises :class:`IllegalActionError` (position unchanged) when the rules refuse it.
        """
        from shangrila_widget.rules import engine

        return engine.play(self, action, player)

    def scores(self) -> dict[Colour, tuple[int, int]]:
        """Each player's (masters on the board, villages with one of their masters): what
        ``SCORE`` and ``SCORE-TIE`` compare (see :func:`engine.scores`)."""
        from shangrila_widget.rules import engine

        return engine.scores(self)

    def leaders(self) -> tuple[Colour, ...]:
        """The player(s) ahead now by ``SCORE`` and ``SCORE-TIE`` (at any time of the game)."""
        from shangrila_widget.rules import engine

        return engine.leaders(self)

    def winners(self) -> tuple[Colour, ...]:
        """The winning colour(s) once the game is over (more than one is a shared win); an
        empty tuple while it is still going on.

        >>> Position.new_game(["red", "blue", "yellow"]).winners()
        ()
        """
        from shangrila_widget.rules import engine

        return engine.winners(self)

    # ----------------------------------------------------------------- value protocol

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.packed == other.packed

    def __hash__(self) -> int:
        return hash(self.packed)

    def __repr__(self) -> str:
        return f"Position.from_json({self.to_json()!r})"

    def __str__(self) -> str:
        return _render_text(self)

    def _repr_svg_(self) -> str:
        from shangrila_widget.render.svg import position_svg

        svg: str = position_svg(self)
        return svg

    def _tiles_on_board(self) -> int:
        return sum(STRENGTH[c] for c in self.packed.cells)


_set_packed: Callable[[Position, PositionParts], None] = Position.__dict__["packed"].__set__


def check_position(pos: object) -> None:
    """Raise :class:`TypeError` unless ``pos`` is a :class:`Position`."""
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, got {excerpt(pos)}")


def as_position(value: Position | str | None, players: Sequence[str] = COLOURS) -> Position:
    """A position from a :class:`Position`, its JSON, its one-line string, or None (a new game
    of ``players``, by default all four colours). A text that is no position raises
    :class:`PositionError` with the reason; a value of another type raises :class:`TypeError`.

    >>> as_position(None, ["red", "blue", "yellow"]).phase
    'setup'
    >>> as_position("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C").players
    ('red', 'blue', 'yellow')
    """
    if value is None:  # a text of players is refused whole, not read letter by letter
        return Position.new_game(players if isinstance(players, str) else list(players))
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        text = value.strip()
        return Position.from_json(text) if text.startswith("{") else Position.from_compact(text)
    raise TypeError(f"expected a Position, JSON text or a position string, not {excerpt(value)}")


def _village(village: object) -> int:
    try:
        return VILLAGE_INDEX[village]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ShangrilaError(problem("unknown_village", value=excerpt(village))) from None


def _type(master_type: object) -> int:
    try:
        return TYPE_INDEX[master_type]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ShangrilaError(
            problem("master_type_choice", value=excerpt(master_type), known=list(MASTER_TYPES))
        ) from None


def _colour(colour: object) -> int:
    try:
        return COLOUR_INDEX[colour]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ShangrilaError(
            problem("unknown_colour", value=excerpt(colour), known=list(COLOURS))
        ) from None


_TEXT_LEGEND: Final = (
    "key: R Rainmaker, A Astrologer, D Dragon Breeder, P Priest, Y Yeti Whisperer, "
    "F Firekeeper, H Healer; r red, b blue, y yellow, v violet; + a student on the master; "
    ". an empty space"
)


def _render_text(pos: Position) -> str:
    """A plain-text board: one line per village, then bridges, supplies and a key.

    >>> print(Position.new_game(["red", "blue", "yellow"]).play("place H A").position)
    ... # doctest: +ELLIPSIS
    Shangri-La, 3 players, phase setup, blue to move
    A  R:. A:. D:. P:. Y:. F:. H:r  strength 1
    B  R:. A:. D:. P:. Y:. F:. H:.  strength 0
    C  out of play (stone)
    ...
    broken bridges: none
    red    masters  1  supply R6 A6 D6 P6 Y6 F6 H5
    ...
    key: R Rainmaker, ...
    """
    lines = [f"Shangri-La, {len(pos.players)} players, phase {pos.phase}, {pos.to_move} to move"]
    for village in VILLAGES:
        if not pos.in_play(village):
            lines.append(f"{village}  out of play (stone)")
            continue
        tiles = pos.tiles(village)
        spaces = " ".join(
            (
                f"{TYPE_LETTERS[t]}:{tile.owner[0]}{'+' if tile.student else ''}"
                if (tile := tiles.get(t))
                else f"{TYPE_LETTERS[t]}:."
            )
            for t in MASTER_TYPES
        )
        stone = "  stone" if pos.has_stone(village) else ""
        lines.append(f"{village}  {spaces}  strength {pos.strength(village)}{stone}")
    broken = [
        f"{a}-{b}"
        for a, b in BRIDGES
        if not pos.bridge_intact(a, b) and pos.in_play(a) and pos.in_play(b)
    ]
    lines.append("broken bridges: " + (" ".join(broken) if broken else "none"))
    for colour in pos.players:
        supply = " ".join(f"{TYPE_LETTERS[t]}{n}" for t, n in pos.supplies(colour).items())
        lines.append(f"{colour:<6} masters {pos.masters_of(colour):>2}  supply {supply}")
    lines.append(_TEXT_LEGEND)
    return "\n".join(lines)

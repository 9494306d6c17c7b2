"""The board of Shangri-La: 13 villages (A-M), 23 bridges, seven master types, four colours.

Everything here is constant data loaded once from ``data/board.json``. The engine works on
small integers for speed; this module holds both the public names (``"A"``, ``"healer"``,
``"red"``) and the integer indices behind them.

>>> VILLAGES[:3]
('A', 'B', 'C')
>>> len(BRIDGES)
23
>>> neighbours("C")
('B', 'E', 'H')
>>> TYPE_LETTERS["dragon_breeder"]
'D'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final, Literal

MasterType = Literal[
    "rainmaker", "astrologer", "dragon_breeder", "priest", "yeti_whisperer", "firekeeper", "healer"
]
Colour = Literal["red", "blue", "yellow", "violet"]

#: The seven master types, in the order of the rules' table (index = type number).
MASTER_TYPES: Final[tuple[MasterType, ...]] = (
    "rainmaker",
    "astrologer",
    "dragon_breeder",
    "priest",
    "yeti_whisperer",
    "firekeeper",
    "healer",
)
#: The four colours (index = colour number; seating order is a position's own).
COLOURS: Final[tuple[Colour, ...]] = ("red", "blue", "yellow", "violet")

TYPE_LETTERS: Final[dict[MasterType, str]] = {
    "rainmaker": "R",
    "astrologer": "A",
    "dragon_breeder": "D",
    "priest": "P",
    "yeti_whisperer": "Y",
    "firekeeper": "F",
    "healer": "H",
}
COLOUR_LETTERS: Final[dict[Colour, str]] = {"red": "r", "blue": "b", "yellow": "y", "violet": "v"}

TYPE_INDEX: Final[dict[str, int]] = {t: i for i, t in enumerate(MASTER_TYPES)}
COLOUR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}

#: Number of tiles of one colour and type in the game.
TILES_PER_TYPE: Final = 6
#: Stones of the Wise Men in the box.
STONES_IN_BOX: Final = 12
#: The village that is out of play with three players.
OUT_OF_PLAY_WITH_THREE: Final = "C"


@dataclass(frozen=True)
class VillageInfo:
    """A village's id, its centre as fractions of the board (y down) and its walls."""

    id: str
    x: float
    y: float
    red_walls: bool = False


def _load() -> dict[str, object]:
    text = resources.files("shangrila_widget").joinpath("data/board.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data


_DATA = _load()

VILLAGE_INFO: Final[tuple[VillageInfo, ...]] = tuple(
    VillageInfo(v["id"], float(v["x"]), float(v["y"]), bool(v.get("red_walls", False)))
    for v in _DATA["villages"]  # type: ignore[attr-defined]
)
#: Village ids in board order, A to M.
VILLAGES: Final[tuple[str, ...]] = tuple(v.id for v in VILLAGE_INFO)
VILLAGE_INDEX: Final[dict[str, int]] = {v: i for i, v in enumerate(VILLAGES)}

#: The 23 bridges as (village, village) pairs in board order (index = bridge number).
BRIDGES: Final[tuple[tuple[str, str], ...]] = tuple(
    (a, b)
    for a, b in _DATA["bridges"]  # type: ignore[attr-defined]
)
#: Bridge number for either order of its two villages.
BRIDGE_INDEX: Final[dict[tuple[str, str], int]] = {
    **{(a, b): i for i, (a, b) in enumerate(BRIDGES)},
    **{(b, a): i for i, (a, b) in enumerate(BRIDGES)},
}
#: The 2-3-2 layout of the seven spaces inside a village block, as rows of type keys.
SLOT_ROWS: Final[tuple[tuple[MasterType, ...], ...]] = tuple(
    tuple(row)
    for row in _DATA["slots"]  # type: ignore[attr-defined]
)

ALL_BRIDGES_MASK: Final = (1 << len(BRIDGES)) - 1
THREE_PLAYER_REMOVED: Final[tuple[tuple[str, str], ...]] = tuple(
    (a, b)
    for a, b in _DATA["three_players"]["removed_bridges"]  # type: ignore[index]
)
THREE_PLAYER_BRIDGES_MASK: Final = ALL_BRIDGES_MASK & ~sum(
    1 << BRIDGE_INDEX[b] for b in THREE_PLAYER_REMOVED
)

#: For each village index, the (bridge number, neighbour index) pairs of its bridges.
VILLAGE_BRIDGES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(
        (i, VILLAGE_INDEX[b] if a == v else VILLAGE_INDEX[a])
        for i, (a, b) in enumerate(BRIDGES)
        if v in (a, b)
    )
    for v in VILLAGES
)
#: For each village index, the bit mask of its bridges.
VILLAGE_BRIDGE_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i, _ in bridges) for bridges in VILLAGE_BRIDGES
)


def neighbours(village: str) -> tuple[str, ...]:
    """The villages across a bridge of the printed board from ``village``, alphabetically.

    >>> neighbours("A")
    ('B', 'D', 'F', 'K')
    """
    return tuple(sorted(VILLAGES[n] for _, n in VILLAGE_BRIDGES[VILLAGE_INDEX[village]]))


def board_bridges(player_count: int) -> tuple[tuple[str, str], ...]:
    """The bridges a game with ``player_count`` players starts with (23, or 20 for three).

    >>> len(board_bridges(3)), len(board_bridges(4))
    (20, 23)
    """
    if player_count == 3:
        return tuple(b for b in BRIDGES if b not in THREE_PLAYER_REMOVED)
    return BRIDGES

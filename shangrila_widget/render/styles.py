"""How the board looks: colours, sizes, each player's tile shape and each master type's symbol.

Our own style, not the printed board's art (see :mod:`.scene` for what is drawn where):
Okabe-Ito colours with a shape per player so that hue is never the only cue, a pale stone
palette for the board, and the unit outlines that tiles, symbols and stones are scaled from.
The small rounding helpers keep every coordinate at two decimals, so SVG stays compact and
equal scenes are equal data.

>>> PLAYER_STYLES["blue"].shape
'square'
>>> scaled(((1.0, 0.0),), 10, 20, 5)
((15.0, 20.0),)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from shangrila_widget.render.primitives import Point

Shape = Literal["circle", "square", "hexagon", "diamond"]

# ---------------------------------------------------------------------------- palette


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How a colour's tiles look: fill, darker edge, ink for symbol and letter, shape."""

    fill: str
    edge: str
    ink: str
    shape: Shape


#: Okabe-Ito colours, a darker edge, a legible ink, and a shape per colour, so that hue is
#: never the only cue. Red is Okabe-Ito's vermillion a little darker (same hue), so that its
#: white letter is 4.6:1 (WCAG AA for text; the letter of every tile is at least 4.5:1).
PLAYER_STYLES: Final[dict[str, PlayerStyle]] = {
    "red": PlayerStyle("#C15500", "#6B2F00", "#FFFFFF", "circle"),
    "blue": PlayerStyle("#0072B2", "#00324F", "#FFFFFF", "square"),
    "yellow": PlayerStyle("#F0E442", "#6E6400", "#1F1B00", "hexagon"),
    "violet": PlayerStyle("#CC79A7", "#5E2548", "#1F0A17", "diamond"),
}

BACKGROUND: Final = "#E8E2D0"
FRAME: Final = "#B9AD92"
BLOCK_FILL: Final = "#D3C6A6"
BLOCK_EDGE: Final = "#7D6C4D"
SPACE_FILL: Final = "#F3EEE1"
SPACE_EDGE: Final = "#A89A7A"
#: An empty space's letter: dark enough for 4.5:1 on its disc under a legal target's green
#: tint too (WCAG AA; the words of the board are checked by tests/render/test_render_contrast.py).
SPACE_LETTER: Final = "#4F4636"
LABEL_INK: Final = "#3A3024"
WALL: Final = "#A8321E"
OUT_FILL: Final = "#C9C6C0"
OUT_EDGE: Final = "#8E8A84"
OUT_HATCH: Final = "#ADA9A2"
OUT_WALL: Final = "#9C7F79"
OUT_INK: Final = "#3F3C38"
PLANK: Final = "#B98550"
PLANK_SLAT: Final = "#7E5429"
PLANK_RAIL: Final = "#553714"
GAP_LINE: Final = "#6F6350"
STONE_FILL: Final = "#7E858C"
STONE_EDGE: Final = "#34383C"
STONE_SHINE: Final = "#B8BEC4"
BADGE_FILL: Final = "#FFFFFF"
BADGE_PEACE: Final = "#E1E1E1"
BADGE_EDGE: Final = "#4F4432"
BADGE_INK: Final = "#231C12"
FOOTER_FILL: Final = "#F6F2E8"
FOOTER_INK: Final = "#2E271D"
#: The highlights' colours; a ring is at least 3:1 against the block, the disc and the
#: background it is drawn on (WCAG AA for marks that are not text): Okabe-Ito's bluish
#: green made darker (same hue) for ``target``; ``moved`` electric indigo, told apart at a
#: glance from every player's colour and every other ring (CIEDE2000 26 or more: the darker
#: sky blue it was sat 2 from Blue's tiles), 4.0:1 on the block.
HIGHLIGHT_COLOURS: Final[dict[str, str]] = {
    "target": "#007A59",
    "selected": "#000000",
    "moved": "#6F00FF",
    "refused": "#000000",
    "hint": "#4D004B",  # deep magenta: 3.2:1 on Red's tiles, at least 2.8:1 on every tile
    "reply": "#333333",  # the expected answer to a hint: dark grey, dotted
}
#: The ink of a journey's arrow across a bridge: the last action's, and a hint's (a darker
#: orange, legible on the plank).
MOVED_ARROW: Final = "#1D4F6E"
HINT_ARROW: Final = "#8A5A00"
REPLY_ARROW: Final = "#333333"

TILE_R: Final = 17.9  # tile radius at design size (a space outline is 19.7)
STACK_OFFSET: Final = 2.6  # a stacked pair: master down-right, student up-left


@dataclass(frozen=True, slots=True)
class Lettering:
    """How large the board's words are, and the footer that holds some of them.

    Sizes are font sizes in design units (a picture 900 units wide; they scale with it),
    except the tile's, which are fractions of the tile's radius. The footer lists the players
    in ``footer_columns`` columns (rows below one another when there are more players), the
    phase at the right of the first row and the caption on the line at ``caption_at``.
    """

    space_letter: float  # an empty space's type letter
    tile_letter: float  # a tile's letter, times the tile radius ...
    tile_letter_at: float  # ... centred this far below the tile's centre (times the radius)
    symbol_size: float  # a tile's symbol, times the tile radius ...
    symbol_at: float  # ... centred this far above the tile's centre (times the radius)
    label: float  # a village's letter
    out_of_play: float  # the words on a village out of play
    footer: float  # the players, their masters and the phase
    caption: float
    footer_height: float
    footer_columns: int
    footer_reserve: float  # the width kept for the phase, right of the columns
    footer_row: float  # the first row's centre, below the board
    footer_pitch: float  # from one row of players to the next
    caption_at: float  # the caption's centre, below the board
    footer_mark: float  # a player's shape and the to-move arrow, times the usual size
    footer_gap: float  # from a player's shape to its name


#: The usual sizes: a picture the width of a notebook, read from a chair in front of it.
LETTERING: Final = Lettering(
    space_letter=13,
    tile_letter=0.8,
    tile_letter_at=0.42,
    symbol_size=0.38,
    symbol_at=0.4,
    label=23,
    out_of_play=13,
    footer=14,
    caption=13,
    footer_height=60,
    footer_columns=4,
    footer_reserve=200,
    footer_row=20,
    footer_pitch=0,
    caption_at=44,
    footer_mark=1,
    footer_gap=15,
)

#: Presenter sizes: read from the back row of a classroom. With the whole picture (board and
#: footer, 900 x 964 units) drawn 600 px tall, a space's letter and a tile's letter are
#: 12.4 px, a village's letter 17.4 px, the footer's words 14.3 px. The tile's symbol shrinks
#: to make room for its letter; the footer takes two columns and a line for the caption.
PRESENTER_LETTERING: Final = Lettering(
    space_letter=21,
    tile_letter=1.12,
    tile_letter_at=0.24,
    symbol_size=0.22,
    symbol_at=0.62,
    label=28,
    out_of_play=20,
    footer=23,
    caption=23,
    footer_height=114,
    footer_columns=2,
    footer_reserve=60,
    footer_row=26,
    footer_pitch=34,
    caption_at=94,
    footer_mark=1.35,
    footer_gap=22,
)


# ---------------------------------------------------------------------------- shapes


def rounded(value: float) -> float:
    """``value`` to two decimals (every scene coordinate is)."""
    return round(value, 2)


def round_points(points: Iterable[Point]) -> tuple[Point, ...]:
    """Points to two decimals, as a tuple."""
    return tuple((round(x, 2), round(y, 2)) for x, y in points)


def scaled(shape: Sequence[Point], cx: float, cy: float, size: float) -> tuple[Point, ...]:
    """A unit outline scaled by ``size`` and moved to ``(cx, cy)``."""
    return tuple((round(cx + x * size, 2), round(cy + y * size, 2)) for x, y in shape)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, steps: int) -> list[Point]:
    return [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def _rounded_square(half: float, corner: float) -> list[Point]:
    points: list[Point] = []
    inner = half - corner
    for (sx, sy), start in (((1, 1), 0), ((-1, 1), 90), ((-1, -1), 180), ((1, -1), 270)):
        points += _arc(sx * inner, sy * inner, corner, start, start + 90, 4)
    return points


# Unit tile outlines (circumradius about 1; a disc is a Circle, not listed).
TILE_SHAPES: Final[dict[str, tuple[Point, ...]]] = {
    "square": round_points(_rounded_square(0.86, 0.26)),
    "hexagon": round_points(
        (1.07 * math.cos(math.radians(a)), 1.07 * math.sin(math.radians(a)))
        for a in range(-90, 270, 60)
    ),
    "diamond": round_points(
        [
            (0.0, -1.13),
            (0.1, -1.03),
            (1.03, -0.1),
            (1.13, 0.0),
            (1.03, 0.1),
            (0.1, 1.03),
            (0.0, 1.13),
            (-0.1, 1.03),
            (-1.03, 0.1),
            (-1.13, 0.0),
            (-1.03, -0.1),
            (-0.1, -1.03),
        ]
    ),
}


def _star(points: int, outer: float, inner: float) -> list[Point]:
    return [
        (
            (outer if i % 2 == 0 else inner) * math.cos(math.radians(-90 + i * 180 / points)),
            (outer if i % 2 == 0 else inner) * math.sin(math.radians(-90 + i * 180 / points)),
        )
        for i in range(2 * points)
    ]


def _drop() -> list[Point]:
    # a raindrop: a point on top, a round bottom
    cy, r = 0.32, 0.62
    return [(0.0, -1.0)] + _arc(0.0, cy, r, -25.0, 205.0, 14)


def _egg() -> list[Point]:
    return [
        (
            0.7 * math.cos(t) * (1 + 0.16 * math.sin(t)),
            0.95 * math.sin(t) + 0.02,
        )
        for t in (2 * math.pi * i / 20 for i in range(20))
    ]


#: Each master type's symbol, as a unit polygon (roughly -1..1, y down).
SYMBOLS: Final[dict[str, tuple[Point, ...]]] = {
    "rainmaker": round_points(_drop()),
    "astrologer": round_points(_star(5, 1.05, 0.45)),
    "dragon_breeder": round_points(_egg()),
    "priest": round_points(
        [
            (-1.0, -0.12),
            (-0.55, -0.42),
            (0.0, -1.0),
            (0.55, -0.42),
            (1.0, -0.12),
            (0.58, -0.12),
            (0.58, 0.92),
            (0.18, 0.92),
            (0.18, 0.45),
            (-0.18, 0.45),
            (-0.18, 0.92),
            (-0.58, 0.92),
            (-0.58, -0.12),
        ]
    ),
    "yeti_whisperer": round_points(
        [(-1.05, 0.85), (-0.4, -0.45), (-0.12, -0.02), (0.32, -0.95), (1.05, 0.85)]
    ),
    "firekeeper": round_points(
        [
            (0.0, -1.0),
            (0.3, -0.5),
            (0.5, -0.78),
            (0.74, -0.12),
            (0.66, 0.5),
            (0.32, 0.9),
            (-0.32, 0.9),
            (-0.66, 0.5),
            (-0.74, -0.02),
            (-0.48, -0.52),
            (-0.3, -0.22),
        ]
    ),
    "healer": round_points(
        [
            (-0.32, -0.95),
            (0.32, -0.95),
            (0.32, -0.32),
            (0.95, -0.32),
            (0.95, 0.32),
            (0.32, 0.32),
            (0.32, 0.95),
            (-0.32, 0.95),
            (-0.32, 0.32),
            (-0.95, 0.32),
            (-0.95, -0.32),
            (-0.32, -0.32),
        ]
    ),
}


def pebble(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """A stone: a slightly irregular rounded shape (deterministic)."""
    wobble = (1.0, 0.93, 0.86, 0.9, 0.97, 1.02, 0.95, 0.88, 0.9, 0.98, 1.04, 1.02)
    return round_points(
        (
            cx + 1.15 * r * w * math.cos(2 * math.pi * i / 12),
            cy + 0.88 * r * w * math.sin(2 * math.pi * i / 12),
        )
        for i, w in enumerate(wobble)
    )


def ring_style(kind: str, u: float) -> tuple[float, tuple[float, ...]]:
    """(line width, dash) of a highlight ring."""
    if kind == "target":
        return rounded(2.8 * u), (rounded(5 * u), rounded(3.5 * u))
    if kind == "selected":
        return rounded(3.2 * u), ()
    if kind == "moved":
        return rounded(3.0 * u), ()
    if kind == "hint":
        return rounded(4.0 * u), (rounded(7 * u), rounded(3 * u))
    if kind == "reply":
        return rounded(3.0 * u), (rounded(2 * u), rounded(3 * u))
    return rounded(2.6 * u), (rounded(3 * u), rounded(3 * u))

"""Where things of a Shangri-La board are on its canvas, and what colour they should be.

The board widget draws with :class:`shangrila_widget.render.canvas.BoardCanvas`: 2 backing
pixels per scene unit (``PIXEL_RATIO``) and a CSS size that shrinks with the page, so a test
works in *backing-store* coordinates (``scene * PIXEL_RATIO``):
:func:`tests.support.browser.canvas_pixel` reads them and
:func:`tests.support.browser.click_canvas` maps them through the displayed size.

Points are chosen from the same geometry the widget draws (``render.layout``), away from the
type letters and tile symbols, so a pixel there is the flat fill colour of what is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from shangrila_widget.render.layout import BoardLayout, board_layout, hit_test
from shangrila_widget.render.styles import (
    BACKGROUND,
    BLOCK_FILL,
    HIGHLIGHT_COLOURS,
    PLAYER_STYLES,
    SPACE_FILL,
    STACK_OFFSET,
    TILE_R,
)
from tests.support.browser import RGBA, canvas_color_fraction, canvas_pixel

if TYPE_CHECKING:
    from playwright.sync_api import Page

PIXEL_RATIO = 2
"""Backing pixels per scene unit (``BoardCanvas(pixel_ratio=2.0)``, the widget's default)."""

TARGET_WASH_OPACITY = 0.28
"""Opacity of the green wash on an empty space that is a legal target (``pieces.space_mark``)."""

CANVAS = "canvas"
"""Voila's page holds one ``<canvas>`` per board (a MultiCanvas view is one element)."""


def rgba(colour: str, alpha: int = 255) -> RGBA:
    """``"#rrggbb"`` -> (r, g, b, alpha)."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), alpha)


def blend(top: str, bottom: str, opacity: float) -> RGBA:
    """``top`` painted with ``opacity`` over an opaque ``bottom`` (source-over)."""
    t, b = rgba(top), rgba(bottom)
    r, g, bl = (round(t[i] * opacity + b[i] * (1 - opacity)) for i in range(3))
    return (r, g, bl, 255)


BACKGROUND_RGBA = rgba(BACKGROUND)
BLOCK_RGBA = rgba(BLOCK_FILL)
SPACE_RGBA = rgba(SPACE_FILL)
TARGET_WASH_RGBA = blend(HIGHLIGHT_COLOURS["target"], SPACE_FILL, TARGET_WASH_OPACITY)


def player_rgba(colour: str) -> RGBA:
    """The fill of ``colour``'s tiles (``scene.PLAYER_STYLES``)."""
    return rgba(PLAYER_STYLES[colour].fill)


@dataclass(frozen=True)
class BoardGeometry:
    """Backing-store points of one board picture (``width`` scene units wide)."""

    width: float
    players: int = 4

    @property
    def layout(self) -> BoardLayout:
        return board_layout(self.width, self.players)

    @property
    def unit(self) -> float:
        return self.width / 900.0

    def canvas_point(self, x: float, y: float) -> tuple[int, int]:
        """Scene units -> backing-store pixels."""
        return (round(x * PIXEL_RATIO), round(y * PIXEL_RATIO))

    def space_centre(self, village: str, master_type: str) -> tuple[int, int]:
        """The centre of a space (what to click)."""
        space = self.layout.space(village, master_type)
        return self.canvas_point(space.cx, space.cy)

    def space_fill_point(self, village: str, master_type: str) -> tuple[int, int]:
        """A point of an *empty* space's disc clear of its faint type letter."""
        space = self.layout.space(village, master_type)
        return self.canvas_point(space.cx + 0.62 * space.r, space.cy)

    def tile_fill_point(self, village: str, master_type: str, *, student: bool) -> tuple[int, int]:
        """A point of the top tile's flat fill on a space: right of the symbol and above the
        letter; the top tile of a master with a student is the student, offset up-left."""
        space = self.layout.space(village, master_type)
        shift = -STACK_OFFSET * self.unit if student else 0.0
        r = TILE_R * self.unit
        return self.canvas_point(space.cx + shift + 0.6 * r, space.cy + shift - 0.05 * r)

    def block_point(self, village: str) -> tuple[int, int]:
        """A point of the village block between three spaces (R, D, P): the block's fill."""
        spaces = [self.layout.space(village, t) for t in ("rainmaker", "dragon_breeder", "priest")]
        return self.canvas_point(sum(s.cx for s in spaces) / 3.0, sum(s.cy for s in spaces) / 3.0)

    def village_region(self, village: str) -> tuple[int, int, int, int]:
        """(x, y, w, h) of the backing-store square around a village block."""
        v = self.layout.villages[village]
        x0, y0 = self.canvas_point(v.cx - v.radius, v.cy - v.radius)
        x1, y1 = self.canvas_point(v.cx + v.radius, v.cy + v.radius)
        return (x0, y0, x1 - x0, y1 - y0)

    def footer_region(self) -> tuple[int, int, int, int]:
        """(x, y, w, h) of the strip under the board (players, phase, caption)."""
        layout = self.layout
        x0, y0 = self.canvas_point(0, layout.board_height + 2)
        x1, y1 = self.canvas_point(layout.width, layout.height)
        return (x0, y0, x1 - x0, y1 - y0)

    def background_point(self) -> tuple[int, int]:
        """A point of the bare background: far from every block (and its label, badge and stone),
        and no bridge within 12 units."""
        return self.canvas_point(*_empty_scene_point(self.width, self.players))


@lru_cache(maxsize=8)
def _empty_scene_point(width: float, players: int) -> tuple[float, float]:
    layout = board_layout(width, players)
    u = width / 900.0
    clearance = 12 * u
    offsets = [(dx * clearance, dy * clearance) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    step = 5 * u
    y = 30 * u
    while y < layout.board_height - 30 * u:
        x = 30 * u
        while x < width - 30 * u:
            # Labels, strength badges and stones sit in the corners just outside a block.
            clear_of_blocks = all(
                math.hypot(x - v.cx, y - v.cy) > v.radius + 30 * u for v in layout.villages.values()
            )
            if clear_of_blocks and all(
                hit_test(layout, x + dx, y + dy) is None for dx, dy in offsets
            ):
                return (x, y)
            x += step
        y += step
    raise AssertionError("no empty background point on the board")  # pragma: no cover


def assert_colour(page: Page, what: str, point: tuple[int, int], colour: RGBA) -> None:
    """Most of the 5x5 backing pixels around ``point`` of the page's board have ``colour``."""
    fraction = canvas_color_fraction(page, CANVAS, *point, colour, radius=2, tolerance=10)
    if fraction < 0.8:
        seen = canvas_pixel(page, CANVAS, *point)
        raise AssertionError(
            f"{what}: at backing pixel {point} expected {colour}, only {fraction:.0%} of the "
            f"5x5 pixels match; the centre pixel is {seen}"
        )

"""One scene model of the board, computed from a position: pure data, no drawing library.

:func:`build_scene` turns a :class:`~shangrila_widget.rules.Position` (plus what to
highlight) into a :class:`Scene`: two tuples of primitives (:mod:`.primitives`) in logical
units, ``static`` (what only changes with the picture size, the player count and the
language: background, village blocks with their 2-3-2 spaces, labels, C's red walls, C out
of play with three players) and ``dynamic`` (bridges intact or broken, tiles, stones,
strengths, highlights, the footer with the players and an optional caption). SVG
(:mod:`.svg`) and the ipycanvas painter (:mod:`.canvas`) draw exactly these primitives.

How things look (our own style, not the printed board's art):

- a village is a stone-coloured hexagonal block holding its seven spaces in the 2-3-2
  layout; an empty space is a pale disc marked faintly with its type letter;
- a master is a tile in its player's colour and shape (red: disc, blue: rounded square,
  yellow: hexagon, violet: diamond; Okabe-Ito colours, so the four stay apart for
  colour-blind eyes and in grey print), showing its type's symbol and letter
  (R, A, D, P, Y, F, H); a student is a second tile stacked on it, offset up-left, the
  master's edge showing below-right;
- a bridge is a wooden plank between two blocks; a broken one is two splintered stubs with a
  dashed line across the gap; a stone is a grey pebble in a corner of its village; each
  village's strength is the number in a white badge;
- highlights: ``target`` = green dashed ring, ``selected`` = black ring, ``moved`` = sky-blue
  ring (an arrow across a bridge for a journey), ``refused`` = dashed ring with a cross.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"]).play("place healer A").position
>>> scene = build_scene(pos)
>>> scene.width, scene.height
(900.0, 910.0)
>>> [p.tag for p in scene.dynamic if p.tag[:1] == ("master",)][0]
('master', 'A', 'healer', 'red')
>>> space = scene.layout.space("A", "healer")
>>> hit_test(scene, space.cx, space.cy + space.r * 0.9)
('space', 'A', 'healer')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Literal, Protocol

from shangrila_widget.render.layout import (
    BADGE_R,
    BoardLayout,
    BridgeGeometry,
    HitTarget,
    SpaceGeometry,
    VillageGeometry,
    board_layout,
    hexagon_points,
)
from shangrila_widget.render.layout import hit_test as _layout_hit_test
from shangrila_widget.render.primitives import (
    Circle,
    Line,
    Point,
    Polygon,
    Primitive,
    Rect,
    Tag,
    Text,
    baseline_for_centre,
)
from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    TYPE_LETTERS,
    VILLAGES,
    board_bridges,
)
from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

HighlightKind = Literal["target", "selected", "moved", "refused", "hint"]
HIGHLIGHT_KINDS: Final[tuple[str, ...]] = ("target", "selected", "moved", "refused", "hint")
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
#: never the only cue.
PLAYER_STYLES: Final[dict[str, PlayerStyle]] = {
    "red": PlayerStyle("#D55E00", "#6B2F00", "#FFFFFF", "circle"),
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
SPACE_LETTER: Final = "#A4967A"
LABEL_INK: Final = "#3A3024"
WALL: Final = "#A8321E"
OUT_FILL: Final = "#C9C6C0"
OUT_EDGE: Final = "#8E8A84"
OUT_HATCH: Final = "#ADA9A2"
OUT_WALL: Final = "#9C7F79"
OUT_INK: Final = "#5F5B55"
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
HIGHLIGHT_COLOURS: Final[dict[str, str]] = {
    "target": "#009E73",
    "selected": "#000000",
    "moved": "#56B4E9",
    "refused": "#000000",
    "hint": "#E69F00",
}
#: The ink of a hint's arrow across a bridge (a darker orange, legible on the plank).
HINT_ARROW: Final = "#8A5A00"

TILE_R: Final = 17.9  # tile radius at design size (a space outline is 19.7)
STACK_OFFSET: Final = 2.6  # a stacked pair: master down-right, student up-left

_TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "setup": "set-up",
        "play": "play",
        "over": "game over",
        "to_move": "{colour} to move",
        "out_of_play": "out of play",
        "title": "The Bridges of Shangri-La: {players} players, {phase}, {to_move}",
        "strength": "strength {n}",
        "masters": "{n} masters",
        "empty": "empty",
        "stone": "stone",
        "broken": "Broken bridges: {list}.",
        "no_broken": "All bridges stand.",
        "stones": "Stones: {list}.",
        "master": "{colour} {type} master",
        "with_student": "{colour} {type} master with a student",
        "student": "{colour} {type} student",
        "village": "Village {v}",
    },
    "pl": {
        "setup": "rozmieszczanie",
        "play": "gra",
        "over": "koniec gry",
        "to_move": "ruch: {colour}",
        "out_of_play": "poza grą",
        "title": "Mosty Shangri-La: graczy {players}, {phase}, {to_move}",
        "strength": "siła {n}",
        "masters": "Mistrzów: {n}",
        "empty": "pusta",
        "stone": "Kamień Mędrców",
        "broken": "Zniszczone mosty: {list}.",
        "no_broken": "Wszystkie mosty stoją.",
        "stones": "Kamienie Mędrców: {list}.",
        "master": "Mistrz {type} ({colour})",
        "with_student": "Mistrz {type} z Uczniem ({colour})",
        "student": "Uczeń {type} ({colour})",
        "village": "Wioska {v}",
    },
}


def _text(lang: str, key: str, **params: object) -> str:
    return _TEXTS[lang if lang in _TEXTS else "en"][key].format(**params)


# ---------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class Highlight:
    """Something the board points at: a space (village and type), a village, or a bridge.

    ``kind`` is ``"target"`` (a legal choice), ``"selected"``, ``"moved"`` (what the last
    action did; a bridge ``(origin, destination)`` gets an arrow), ``"refused"`` or ``"hint"``
    (a suggested action, in orange; a bridge gets an arrow too).
    """

    kind: str
    village: str | None = None
    type: str | None = None
    bridge: tuple[str, str] | None = None


class HighlightLike(Protocol):
    """Anything with the four fields of :class:`Highlight` (for example the tour's)."""

    @property
    def kind(self) -> str: ...
    @property
    def village(self) -> str | None: ...
    @property
    def type(self) -> str | None: ...
    @property
    def bridge(self) -> tuple[str, str] | None: ...


@dataclass(frozen=True, slots=True)
class Scene:
    """A picture of one position: ``static`` is drawn under ``dynamic``.

    ``title`` and ``description`` are the accessible text (SVG ``<title>``/``<desc>``).
    ``static`` is shared between scenes of the same size, player count and language (the
    very same tuple object), so a painter can skip redrawing it when ``is`` holds.
    """

    width: float
    height: float
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]
    layout: BoardLayout
    title: str
    description: str
    lang: str

    @property
    def primitives(self) -> tuple[Primitive, ...]:
        """Everything, in drawing order."""
        return self.static + self.dynamic

    def tagged(self, *prefix: str) -> list[Primitive]:
        """The primitives whose tag starts with ``prefix`` (in drawing order)."""
        n = len(prefix)
        return [p for p in self.primitives if p.tag[:n] == prefix]

    def hit_test(self, x: float, y: float) -> HitTarget:
        """See :func:`hit_test`."""
        return _layout_hit_test(self.layout, x, y)


def hit_test(scene_or_layout: Scene | BoardLayout, x: float, y: float) -> HitTarget:
    """What lies under the scene point ``(x, y)``: ``("space", village, type)``,
    ``("village", village)``, ``("bridge", a, b)`` or None (see :func:`.layout.hit_test`)."""
    layout = scene_or_layout.layout if isinstance(scene_or_layout, Scene) else scene_or_layout
    return _layout_hit_test(layout, x, y)


def build_scene(
    position: Position,
    *,
    highlights: Iterable[HighlightLike] = (),
    selection: HitTarget = None,
    lang: str = "en",
    width: float = 900.0,
    footer: bool = True,
    caption: str | None = None,
) -> Scene:
    """The scene of ``position``.

    ``highlights``: :class:`Highlight` (or alike) objects to mark. ``selection``: a hit-test
    target (``("space", v, t)``, ``("village", v)``, ``("bridge", a, b)``) to mark as
    selected. ``lang``: ``"en"`` or ``"pl"`` (footer, out-of-play label, accessible text).
    ``width``: logical width (height follows: ``width * 910 / 900`` with the footer, ``width
    * 850 / 900`` without). ``footer``: the strip below the board with the players (shape,
    name, masters on the board, who moves), the phase and ``caption``.
    """
    if lang not in _TEXTS:
        raise ValueError(f"lang must be 'en' or 'pl', not {lang!r}")
    players = len(position.players)
    layout = board_layout(float(width), players)
    static = _static_layer(layout, lang, footer)
    marks = list(highlights)
    if selection is not None:
        marks.append(_selection_highlight(selection))
    dynamic = _dynamic_layer(position, layout, tuple(marks), lang, footer, caption)
    height = layout.height if footer else layout.board_height
    return Scene(
        width=float(width),
        height=round(height, 2),
        static=static,
        dynamic=dynamic,
        layout=layout,
        title=_title(position, lang),
        description=_description(position, lang),
        lang=lang,
    )


def _selection_highlight(selection: tuple[str, ...]) -> Highlight:
    if selection[0] == "space" and len(selection) == 3:
        return Highlight("selected", village=selection[1], type=selection[2])
    if selection[0] == "village" and len(selection) == 2:
        return Highlight("selected", village=selection[1])
    if selection[0] == "bridge" and len(selection) == 3:
        return Highlight("selected", bridge=(selection[1], selection[2]))
    raise ValueError(f"not a hit-test target: {selection!r}")


# ---------------------------------------------------------------------------- helpers


def _r(value: float) -> float:
    return round(value, 2)


def _pts(points: Iterable[Point]) -> tuple[Point, ...]:
    return tuple((round(x, 2), round(y, 2)) for x, y in points)


def _scaled(shape: Sequence[Point], cx: float, cy: float, size: float) -> tuple[Point, ...]:
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
_TILE_SHAPES: Final[dict[str, tuple[Point, ...]]] = {
    "square": _pts(_rounded_square(0.86, 0.26)),
    "hexagon": _pts(
        (1.07 * math.cos(math.radians(a)), 1.07 * math.sin(math.radians(a)))
        for a in range(-90, 270, 60)
    ),
    "diamond": _pts(
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
    "rainmaker": _pts(_drop()),
    "astrologer": _pts(_star(5, 1.05, 0.45)),
    "dragon_breeder": _pts(_egg()),
    "priest": _pts(
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
    "yeti_whisperer": _pts(
        [(-1.05, 0.85), (-0.4, -0.45), (-0.12, -0.02), (0.32, -0.95), (1.05, 0.85)]
    ),
    "firekeeper": _pts(
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
    "healer": _pts(
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


def _pebble(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """A stone: a slightly irregular rounded shape (deterministic)."""
    wobble = (1.0, 0.93, 0.86, 0.9, 0.97, 1.02, 0.95, 0.88, 0.9, 0.98, 1.04, 1.02)
    return _pts(
        (
            cx + 1.15 * r * w * math.cos(2 * math.pi * i / 12),
            cy + 0.88 * r * w * math.sin(2 * math.pi * i / 12),
        )
        for i, w in enumerate(wobble)
    )


# ---------------------------------------------------------------------------- static layer


@lru_cache(maxsize=16)
def _static_layer(layout: BoardLayout, lang: str, footer: bool) -> tuple[Primitive, ...]:
    u = layout.unit
    out: list[Primitive] = []
    height = layout.height if footer else layout.board_height
    out.append(Rect(0, 0, layout.width, _r(height), fill=BACKGROUND, tag=("background",)))
    out.append(
        Rect(
            _r(4 * u),
            _r(4 * u),
            _r(layout.width - 8 * u),
            _r(layout.board_height - 8 * u),
            stroke=FRAME,
            line_width=_r(1.5 * u),
            rx=_r(10 * u),
            tag=("background",),
        )
    )
    villages = [layout.villages[v] for v in VILLAGES]
    in_play = [v for v in villages if v.id not in layout.out_of_play]
    out_of_play = [v for v in villages if v.id in layout.out_of_play]
    # blocks (fill, then edges, then walls)
    for v in in_play:
        out.append(Polygon(v.hexagon, fill=BLOCK_FILL, tag=("village", v.id)))
    for v in out_of_play:
        out.append(Polygon(v.hexagon, fill=OUT_FILL, tag=("village", v.id)))
        out += _hatch(v, u)
    for v in villages:
        edge = OUT_EDGE if v.id in layout.out_of_play else BLOCK_EDGE
        out.append(Polygon(v.hexagon, stroke=edge, line_width=_r(2 * u), tag=("village", v.id)))
    for v in villages:
        if v.red_walls:
            out += _walls(v, u, v.id in layout.out_of_play)
    # empty-space outlines, each marked faintly with its type letter
    for v in in_play:
        for space in v.spaces.values():
            out.append(
                Circle(space.cx, space.cy, _r(space.r), fill=SPACE_FILL, tag=_space_tag(space))
            )
    for v in in_play:
        for space in v.spaces.values():
            out.append(
                Circle(
                    space.cx,
                    space.cy,
                    _r(space.r),
                    stroke=SPACE_EDGE,
                    line_width=_r(1.2 * u),
                    tag=_space_tag(space),
                )
            )
    size = _r(13 * u)
    for v in in_play:
        for space in v.spaces.values():
            out.append(
                Text(
                    space.cx,
                    baseline_for_centre(space.cy, size),
                    TYPE_LETTERS[space.type],  # type: ignore[index]
                    size=size,
                    fill=SPACE_LETTER,
                    tag=_space_tag(space),
                )
            )
    for v in out_of_play:
        size = _r(13 * u)
        out.append(
            Text(
                v.cx,
                baseline_for_centre(v.cy, size),
                _text(lang, "out_of_play"),
                size=size,
                fill=OUT_INK,
                tag=("village", v.id),
            )
        )
    # village labels
    size = _r(23 * u)
    for v in villages:
        x, y = v.label_at
        ink = OUT_INK if v.id in layout.out_of_play else LABEL_INK
        out.append(
            Text(x, baseline_for_centre(y, size), v.id, size=size, fill=ink, tag=("label", v.id))
        )
    if footer:
        top = layout.board_height
        out.append(
            Rect(
                0, _r(top), layout.width, _r(layout.height - top), fill=FOOTER_FILL, tag=("footer",)
            )
        )
        out.append(
            Line(
                0,
                _r(top),
                layout.width,
                _r(top),
                stroke=FRAME,
                line_width=_r(1.5 * u),
                tag=("footer",),
            )
        )
    return tuple(out)


def _space_tag(space: SpaceGeometry) -> Tag:
    return ("space", space.village, space.type)


def _walls(v: VillageGeometry, u: float, muted: bool) -> list[Primitive]:
    colour = OUT_WALL if muted else WALL
    outer = hexagon_points(v.cx, v.cy, v.radius + 2.5 * u)
    return [
        Polygon(outer, stroke=colour, line_width=_r(4.5 * u), tag=("walls", v.id)),
        Polygon(
            hexagon_points(v.cx, v.cy, v.radius + 5.5 * u),
            stroke=colour,
            line_width=_r(5 * u),
            dash=(_r(5 * u), _r(4.5 * u)),
            tag=("walls", v.id),
        ),
    ]


def _hatch(v: VillageGeometry, u: float) -> list[Primitive]:
    """Diagonal hatching clipped to the block: the look of a village out of play."""
    lines: list[Primitive] = []
    step = 11 * u
    span = int(2 * v.radius / step) + 2
    for i in range(-span, span + 1):
        # lines x - y = c (45 degrees) through the block
        c = i * step
        inside = [
            (x, x - c)
            for x in (v.cx - v.radius + k * v.radius / 40 for k in range(81))
            if v.contains(x, v.cy + (x - v.cx) - c, -2 * u)
        ]
        if len(inside) >= 2:
            (x1, _), (x2, _) = inside[0], inside[-1]
            lines.append(
                Line(
                    _r(x1),
                    _r(v.cy + (x1 - v.cx) - c),
                    _r(x2),
                    _r(v.cy + (x2 - v.cx) - c),
                    stroke=OUT_HATCH,
                    line_width=_r(1.5 * u),
                    tag=("village", v.id),
                )
            )
    return lines


# ---------------------------------------------------------------------------- dynamic layer


@dataclass(frozen=True, slots=True)
class _TileParts:
    fill: Primitive
    edge: Primitive
    symbol: Primitive
    letter: Primitive


@lru_cache(maxsize=4096)
def _tile(
    layout: BoardLayout, village: str, master_type: str, owner: str, role: str, dx: float
) -> _TileParts:
    """One tile (``role`` "master" or "student") on a space, shifted by ``(dx, dx)``."""
    u = layout.unit
    space = layout.space(village, master_type)
    style = PLAYER_STYLES[owner]
    tag = (role, village, master_type, owner)
    cx, cy = space.cx + dx, space.cy + dx
    r = TILE_R * u
    fill: Primitive
    edge: Primitive
    width = _r(1.6 * u)
    if style.shape == "circle":
        fill = Circle(_r(cx), _r(cy), _r(r), fill=style.fill, tag=tag)
        edge = Circle(_r(cx), _r(cy), _r(r), stroke=style.edge, line_width=width, tag=tag)
    else:
        outline = _scaled(_TILE_SHAPES[style.shape], cx, cy, r)
        fill = Polygon(outline, fill=style.fill, tag=tag)
        edge = Polygon(outline, stroke=style.edge, line_width=width, tag=tag)
    symbol = Polygon(
        _scaled(SYMBOLS[master_type], cx, cy - 0.4 * r, 0.38 * r), fill=style.ink, tag=tag
    )
    size = _r(0.8 * r)
    letter = Text(
        _r(cx),
        baseline_for_centre(cy + 0.42 * r, size),
        TYPE_LETTERS[master_type],  # type: ignore[index]
        size=size,
        fill=style.ink,
        tag=tag,
    )
    return _TileParts(fill, edge, symbol, letter)


@lru_cache(maxsize=256)
def _bridge(layout: BoardLayout, a: str, b: str, intact: bool) -> tuple[list[Primitive], ...]:
    """A plank (or its broken stubs): (bodies, slats, rails, gap lines)."""
    geometry = layout.bridge(a, b)
    u = layout.unit
    tag = ("bridge", a, b, "intact" if intact else "broken")
    (x1, y1), (x2, y2) = geometry.start, geometry.end
    length = geometry.length
    ux, uy = (x2 - x1) / length, (y2 - y1) / length  # along
    nx, ny = -uy, ux  # across
    half = geometry.width / 2
    overlap = 3 * u  # planks rest a little on the blocks

    def point(t: float, s: float) -> Point:
        return (x1 + ux * t + nx * s, y1 + uy * t + ny * s)

    bodies: list[Primitive] = []
    slats: list[Primitive] = []
    rails: list[Primitive] = []
    gaps: list[Primitive] = []
    pieces: list[tuple[float, float, int]]
    if intact:
        pieces = [(-overlap, length + overlap, 0)]
    else:
        stub = max(length * 0.24, 8 * u)
        pieces = [(-overlap, stub, 1), (length - stub, length + overlap, -1)]
        gaps.append(
            Line(
                _r(point(stub, 0)[0]),
                _r(point(stub, 0)[1]),
                _r(point(length - stub, 0)[0]),
                _r(point(length - stub, 0)[1]),
                stroke=GAP_LINE,
                line_width=_r(1.5 * u),
                dash=(_r(4 * u), _r(4 * u)),
                opacity=0.85,
                tag=tag,
            )
        )
    for t0, t1, broken_end in pieces:
        if broken_end == 0:
            outline = [point(t0, -half), point(t1, -half), point(t1, half), point(t0, half)]
        elif broken_end == 1:  # splinters at t1
            outline = [
                point(t0, -half),
                point(t1 - 2 * u, -half),
                point(t1 + 2 * u, -half * 0.4),
                point(t1 - 3 * u, 0),
                point(t1 + 1 * u, half * 0.5),
                point(t1 - 1 * u, half),
                point(t0, half),
            ]
        else:  # splinters at t0
            outline = [
                point(t0 + 1 * u, -half),
                point(t1, -half),
                point(t1, half),
                point(t0 + 2 * u, half),
                point(t0 - 2 * u, half * 0.4),
                point(t0 + 3 * u, 0),
                point(t0 - 1 * u, -half * 0.5),
            ]
        bodies.append(Polygon(_pts(outline), fill=PLANK, tag=tag))
        # the slats: one dashed stroke across the plank, each dash a slat (butt caps)
        p, q = point(t0 + 4.5 * u, 0), point(t1 - 3 * u, 0)
        if t1 - t0 > 9 * u:
            slats.append(
                Line(
                    _r(p[0]),
                    _r(p[1]),
                    _r(q[0]),
                    _r(q[1]),
                    stroke=PLANK_SLAT,
                    line_width=_r(geometry.width - 2 * u),
                    dash=(_r(1.1 * u), _r(4.4 * u)),
                    cap="butt",
                    tag=tag,
                )
            )
        end0 = t0 + (3 * u if broken_end == -1 else 0)
        end1 = t1 - (3 * u if broken_end == 1 else 0)
        for s in (-half, half):
            p, q = point(end0, s), point(end1, s)
            rails.append(
                Line(
                    _r(p[0]),
                    _r(p[1]),
                    _r(q[0]),
                    _r(q[1]),
                    stroke=PLANK_RAIL,
                    line_width=_r(2 * u),
                    tag=tag,
                )
            )
    return bodies, slats, rails, gaps


def _dynamic_layer(
    position: Position,
    layout: BoardLayout,
    marks: tuple[HighlightLike, ...],
    lang: str,
    footer: bool,
    caption: str | None,
) -> tuple[Primitive, ...]:
    # bridges
    bodies: list[Primitive] = []
    slats: list[Primitive] = []
    rails: list[Primitive] = []
    gaps: list[Primitive] = []
    intact = position.bridges
    for a, b in board_bridges(len(position.players)):
        parts = _bridge(layout, a, b, (a, b) in intact)
        bodies += parts[0]
        slats += parts[1]
        rails += parts[2]
        gaps += parts[3]
    # tiles: passes of master fills, master edges, student fills, student edges, symbols,
    # letters (discs before polygons within a pass, so painters can batch them)
    masters: list[_TileParts] = []
    students: list[_TileParts] = []
    tops: list[_TileParts] = []
    offset = STACK_OFFSET * layout.unit
    for village in VILLAGES:
        if not position.in_play(village):
            continue
        for master_type, tile in position.tiles(village).items():
            if tile.student:
                master = _tile(layout, village, master_type, tile.owner, "master", offset)
                student = _tile(layout, village, master_type, tile.owner, "student", -offset)
                masters.append(master)
                students.append(student)
                tops.append(student)
            else:
                master = _tile(layout, village, master_type, tile.owner, "master", 0.0)
                masters.append(master)
                tops.append(master)
    out: list[Primitive] = [*bodies, *slats, *rails, *gaps]
    for group in (masters, students):
        out += _discs_first(t.fill for t in group)
        out += _discs_first(t.edge for t in group)
    out += [t.symbol for t in tops]
    out += [t.letter for t in tops]
    out += _badges(position, layout)
    out += _highlights(position, layout, marks)
    if footer:
        out += _footer(position, layout, lang, caption)
    return tuple(out)


def _discs_first(items: Iterable[Primitive]) -> list[Primitive]:
    items = list(items)
    return [p for p in items if isinstance(p, Circle)] + [
        p for p in items if not isinstance(p, Circle)
    ]


def _badges(position: Position, layout: BoardLayout) -> list[Primitive]:
    u = layout.unit
    stone_fills: list[Primitive] = []
    stone_edges: list[Primitive] = []
    shines: list[Primitive] = []
    badge_fills: list[Primitive] = []
    badge_edges: list[Primitive] = []
    numbers: list[Primitive] = []
    r = BADGE_R * u
    size = _r(13 * u)
    for village in VILLAGES:
        geometry = layout.villages[village]
        stone = position.has_stone(village)
        if stone:
            x, y = geometry.stone_at
            tag = ("stone", village)
            pebble = _pebble(x, y, r)
            stone_fills.append(Polygon(pebble, fill=STONE_FILL, tag=tag))
            stone_edges.append(Polygon(pebble, stroke=STONE_EDGE, line_width=_r(1.6 * u), tag=tag))
            shines.append(
                Polygon(_pebble(x - 0.35 * r, y - 0.3 * r, 0.3 * r), fill=STONE_SHINE, tag=tag)
            )
        if not position.in_play(village):
            continue
        x, y = geometry.strength_at
        tag = ("strength", village)
        fill = BADGE_PEACE if stone else BADGE_FILL
        badge_fills.append(Circle(_r(x), _r(y), _r(r), fill=fill, tag=tag))
        badge_edges.append(
            Circle(_r(x), _r(y), _r(r), stroke=BADGE_EDGE, line_width=_r(1.5 * u), tag=tag)
        )
        numbers.append(
            Text(
                _r(x),
                baseline_for_centre(y, size),
                str(position.strength(village)),
                size=size,
                fill=BADGE_INK,
                tag=tag,
            )
        )
    return [*stone_fills, *stone_edges, *shines, *badge_fills, *badge_edges, *numbers]


def _highlights(
    position: Position, layout: BoardLayout, marks: tuple[HighlightLike, ...]
) -> list[Primitive]:
    u = layout.unit
    washes: list[Primitive] = []
    rings: dict[str, list[Primitive]] = {k: [] for k in HIGHLIGHT_KINDS}
    inner: list[Primitive] = []
    crosses: list[Primitive] = []
    arrows: list[Primitive] = []
    seen: set[tuple[str, str | None, str | None, tuple[str, str] | None]] = set()
    for mark in marks:
        kind = mark.kind
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"highlight kind must be one of {HIGHLIGHT_KINDS}, not {kind!r}")
        key = (kind, mark.village, mark.type, mark.bridge)
        if key in seen:
            continue
        seen.add(key)
        colour = HIGHLIGHT_COLOURS[kind]
        tag: Tag = (
            "highlight",
            kind,
            mark.village or "",
            mark.type or "",
            "-".join(mark.bridge) if mark.bridge else "",
        )
        ring_width, ring_dash = _ring_style(kind, u)
        if mark.bridge is not None:
            a, b = mark.bridge
            if (a, b) not in BRIDGE_INDEX:
                raise ValueError(f"no bridge {a}-{b} on the board")
            if (a, b) not in layout.bridges and (b, a) not in layout.bridges:
                continue  # absent with this player count
            arrows += _bridge_mark(layout.bridge(a, b), a, b, kind, colour, u, tag)
        elif mark.village is not None:
            geometry = layout.villages[mark.village]
            if mark.type is not None:
                space = geometry.spaces[mark.type]
                r = space.r + 2.2 * u  # outer edge clear of the next space
                if kind in ("target", "hint") and position.tile(mark.village, mark.type) is None:
                    washes.append(
                        Circle(space.cx, space.cy, _r(space.r), fill=colour, opacity=0.28, tag=tag)
                    )
                rings[kind].append(
                    Circle(
                        space.cx,
                        space.cy,
                        _r(r),
                        stroke=colour,
                        line_width=ring_width,
                        dash=ring_dash,
                        tag=tag,
                    )
                )
                if kind == "selected":
                    inner.append(
                        Circle(
                            space.cx,
                            space.cy,
                            _r(r - 2.6 * u),
                            stroke="#FFFFFF",
                            line_width=_r(1.4 * u),
                            tag=tag,
                        )
                    )
                if kind == "refused":
                    crosses += _cross(space.cx, space.cy, space.r * 0.75, u, tag)
            else:
                hexagon = hexagon_points(geometry.cx, geometry.cy, geometry.radius + 5 * u)
                rings[kind].append(
                    Polygon(hexagon, stroke=colour, line_width=ring_width, dash=ring_dash, tag=tag)
                )
                if kind == "selected":
                    inner.append(
                        Polygon(
                            hexagon_points(geometry.cx, geometry.cy, geometry.radius + 1.5 * u),
                            stroke="#FFFFFF",
                            line_width=_r(1.6 * u),
                            tag=tag,
                        )
                    )
                if kind == "refused":
                    crosses += _cross(geometry.cx, geometry.cy, geometry.radius * 0.6, u, tag)
    out: list[Primitive] = [*washes]
    for kind in HIGHLIGHT_KINDS:
        out += _discs_first(rings[kind])
    return [*out, *inner, *crosses, *arrows]


def _ring_style(kind: str, u: float) -> tuple[float, tuple[float, ...]]:
    """(line width, dash) of a highlight ring."""
    if kind == "target":
        return _r(2.8 * u), (_r(5 * u), _r(3.5 * u))
    if kind == "selected":
        return _r(3.2 * u), ()
    if kind == "moved":
        return _r(3.0 * u), ()
    if kind == "hint":
        return _r(4.0 * u), (_r(7 * u), _r(3 * u))
    return _r(2.6 * u), (_r(3 * u), _r(3 * u))


def _cross(cx: float, cy: float, size: float, u: float, tag: Tag) -> list[Primitive]:
    out: list[Primitive] = []
    for colour, width in (("#FFFFFF", 6.0), ("#000000", 3.0)):
        for sx in (-1, 1):
            out.append(
                Line(
                    _r(cx - size * sx),
                    _r(cy - size),
                    _r(cx + size * sx),
                    _r(cy + size),
                    stroke=colour,
                    line_width=_r(width * u),
                    tag=tag,
                )
            )
    return out


def _bridge_mark(
    geometry: BridgeGeometry, a: str, b: str, kind: str, colour: str, u: float, tag: Tag
) -> list[Primitive]:
    """A bridge highlight: a band along the plank; ``moved`` adds an arrow from a to b."""
    start, end = geometry.start, geometry.end
    if (a, b) != (geometry.a, geometry.b):
        start, end = end, start
    (x1, y1), (x2, y2) = start, end
    out: list[Primitive] = [
        Line(
            _r(x1),
            _r(y1),
            _r(x2),
            _r(y2),
            stroke=colour,
            line_width=_r(geometry.width + 8 * u),
            opacity=0.35,
            tag=tag,
        )
    ]
    if kind in ("moved", "hint"):
        ink = HINT_ARROW if kind == "hint" else "#1D4F6E"
        length = geometry.length
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        head = 13 * u
        tip = (x2 + ux * 4 * u, y2 + uy * 4 * u)
        base = (tip[0] - ux * head, tip[1] - uy * head)
        wing = 8 * u
        tail = (x1 - ux * 2 * u, y1 - uy * 2 * u)
        for colour_, width in (("#FFFFFF", 7.0), (ink, 3.6)):
            out.append(
                Line(
                    _r(tail[0]),
                    _r(tail[1]),
                    _r(base[0]),
                    _r(base[1]),
                    stroke=colour_,
                    line_width=_r(width * u),
                    tag=tag,
                )
            )
        head_points = _pts(
            [
                tip,
                (base[0] - uy * wing, base[1] + ux * wing),
                (base[0] + uy * wing, base[1] - ux * wing),
            ]
        )
        out.append(
            Polygon(head_points, fill=ink, stroke="#FFFFFF", line_width=_r(1.5 * u), tag=tag)
        )
    elif kind == "refused":
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out += _cross(mx, my, 8 * u, u, tag)
    return out


def _footer(
    position: Position, layout: BoardLayout, lang: str, caption: str | None
) -> list[Primitive]:
    u = layout.unit
    top = layout.board_height
    row = top + 20 * u
    players = position.players
    column = (layout.width - 200 * u) / 4
    fills: list[Primitive] = []
    edges: list[Primitive] = []
    texts: list[Primitive] = []
    marker: list[Primitive] = []
    size = _r(14 * u)
    over = position.is_over
    for i, colour in enumerate(players):
        style = PLAYER_STYLES[colour]
        x = 30 * u + i * column
        tag = ("legend", colour)
        r = 9 * u
        if style.shape == "circle":
            fills.append(Circle(_r(x), _r(row), _r(r), fill=style.fill, tag=tag))
            edges.append(
                Circle(_r(x), _r(row), _r(r), stroke=style.edge, line_width=_r(1.4 * u), tag=tag)
            )
        else:
            outline = _scaled(_TILE_SHAPES[style.shape], x, row, r)
            fills.append(Polygon(outline, fill=style.fill, tag=tag))
            edges.append(Polygon(outline, stroke=style.edge, line_width=_r(1.4 * u), tag=tag))
        name = COLOUR_NAMES[lang][colour]
        count = position.masters_of(colour)
        moving = colour == position.to_move and not over
        texts.append(
            Text(
                _r(x + 15 * u),
                baseline_for_centre(row, size),
                f"{name}  {count}",
                size=size,
                fill=FOOTER_INK,
                weight="bold" if moving else "normal",
                anchor="start",
                tag=tag,
            )
        )
        if moving:
            m = x - 14 * u
            marker.append(
                Polygon(
                    _pts([(m - 7 * u, row - 6 * u), (m, row), (m - 7 * u, row + 6 * u)]),
                    fill=FOOTER_INK,
                    tag=tag,
                )
            )
    phase = _text(lang, position.phase)
    texts.append(
        Text(
            _r(layout.width - 20 * u),
            baseline_for_centre(row, size),
            phase,
            size=size,
            fill=FOOTER_INK,
            weight="normal",
            anchor="end",
            tag=("phase",),
        )
    )
    if caption:
        small = _r(13 * u)
        texts.append(
            Text(
                _r(20 * u),
                baseline_for_centre(top + 44 * u, small),
                caption,
                size=small,
                fill=FOOTER_INK,
                weight="normal",
                anchor="start",
                tag=("caption",),
            )
        )
    return [*_discs_first(fills), *_discs_first(edges), *marker, *texts]


# ---------------------------------------------------------------------------- text


def _title(position: Position, lang: str) -> str:
    to_move = _text(lang, "to_move", colour=COLOUR_NAMES[lang][position.to_move])
    if position.is_over:
        to_move = ""
    title = _text(
        lang,
        "title",
        players=len(position.players),
        phase=_text(lang, position.phase),
        to_move=to_move,
    )
    return title.rstrip(", ")


def describe_tile(colour: str, master_type: str, role: str, lang: str = "en") -> str:
    """Accessible text for one tile (``role``: "master", "with_student" or "student").

    >>> describe_tile("red", "healer", "with_student")
    'Red Healer master with a student'
    """
    colour_name = COLOUR_NAMES[lang][colour]
    type_name = TYPE_NAMES[lang][master_type]
    return _text(lang, role, colour=colour_name, type=type_name)


def _description(position: Position, lang: str) -> str:
    lines: list[str] = []
    for village in VILLAGES:
        head = _text(lang, "village", v=village)
        if not position.in_play(village):
            lines.append(f"{head}: {_text(lang, 'out_of_play')}.")
            continue
        tiles = position.tiles(village)
        parts = [
            describe_tile(t.owner, mt, "with_student" if t.student else "master", lang)
            for mt, t in tiles.items()
        ]
        stone = f", {_text(lang, 'stone')}" if position.has_stone(village) else ""
        body = "; ".join(parts) if parts else _text(lang, "empty")
        lines.append(
            f"{head} ({_text(lang, 'strength', n=position.strength(village))}{stone}): {body}."
        )
    broken = [
        f"{a}-{b}"
        for a, b in BRIDGES
        if (a, b) in board_bridges(len(position.players)) and not position.bridge_intact(a, b)
    ]
    lines.append(
        _text(lang, "broken", list=", ".join(broken)) if broken else _text(lang, "no_broken")
    )
    if position.stones:
        lines.append(_text(lang, "stones", list=", ".join(sorted(position.stones))))
    masters = [
        f"{COLOUR_NAMES[lang][c]}: {_text(lang, 'masters', n=position.masters_of(c))}"
        for c in position.players
    ]
    lines.append("; ".join(masters) + ".")
    return "\n".join(lines)

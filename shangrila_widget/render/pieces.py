"""The pieces a board picture is built from, each drawn from its own geometry.

Every function here turns one thing (a tile on a space, a bridge's plank, a village's walls
or hatching, a stone, a strength badge, a highlight mark) into primitives, given the
geometry of :mod:`.layout` and the unit (scene units per design unit). The board scene
(:mod:`.scene`) places them where the layout puts things; the picture's key (:mod:`.legend`)
places the very same pieces in its rows, so the key shows exactly what the board draws. Each
piece lists its shapes once, in painting order (an outlined tile is one shape with a fill and
an outline); the letter that marks a master type comes from :func:`type_letter` alone.

>>> from shangrila_widget.render.layout import board_layout
>>> parts = tile_parts(board_layout(900).space("A", "healer"), "red", "master", 0.0, 1.0)
>>> parts.letter.text, parts.body.fill, parts.body.stroke
('H', '#C15500', '#6B2F00')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shangrila_widget.render.layout import (
    BridgeGeometry,
    SpaceGeometry,
    VillageGeometry,
    hexagon_points,
)
from shangrila_widget.render.primitives import (
    Circle,
    Line,
    Point,
    Polygon,
    Primitive,
    Tag,
    Text,
    baseline_for_centre,
)
from shangrila_widget.render.styles import (
    BADGE_EDGE,
    BADGE_FILL,
    BADGE_INK,
    BADGE_PEACE,
    BLOCK_EDGE,
    BLOCK_FILL,
    GAP_LINE,
    HIGHLIGHT_COLOURS,
    HINT_ARROW,
    LETTERING,
    MOVED_ARROW,
    OUT_EDGE,
    OUT_FILL,
    OUT_HATCH,
    OUT_WALL,
    PLANK,
    PLANK_RAIL,
    PLANK_SLAT,
    PLAYER_STYLES,
    REPLY_ARROW,
    SPACE_EDGE,
    SPACE_FILL,
    SPACE_LETTER,
    STONE_EDGE,
    STONE_FILL,
    STONE_SHINE,
    SYMBOLS,
    TILE_R,
    TILE_SHAPES,
    WALL,
    Lettering,
    pebble,
    ring_style,
    round_points,
    rounded,
    scaled,
)
from shangrila_widget.rules.messages import check_language
from shangrila_widget.rules.messages import type_letter as letter_in

__all__ = [
    "TileParts",
    "badge_parts",
    "block",
    "bridge_mark",
    "bridge_parts",
    "cross",
    "hatch",
    "player_shape",
    "space_mark",
    "space_parts",
    "space_tag",
    "stone_parts",
    "tile_parts",
    "type_letter",
    "village_mark",
    "walls",
]


def type_letter(master_type: str, lang: str = "en") -> str:
    """The letter that marks ``master_type`` on its spaces and tiles, in ``lang`` (the
    initial of the type's name: the Polish ones differ)."""
    return letter_in(master_type, check_language(lang))


def space_tag(space: SpaceGeometry) -> Tag:
    """The tag of a space's outline and letter."""
    return ("space", space.village, space.type)


def space_parts(
    space: SpaceGeometry, u: float, lettering: Lettering = LETTERING, lang: str = "en"
) -> tuple[Primitive, Primitive]:
    """An empty space: (pale outlined disc, its type letter in ``lang``)."""
    tag = space_tag(space)
    size = rounded(lettering.space_letter * u)
    return (
        Circle(
            space.cx,
            space.cy,
            rounded(space.r),
            fill=SPACE_FILL,
            stroke=SPACE_EDGE,
            line_width=rounded(1.2 * u),
            tag=tag,
            outline_element=True,
        ),
        Text(
            space.cx,
            baseline_for_centre(space.cy, size),
            type_letter(space.type, lang),
            size=size,
            fill=SPACE_LETTER,
            tag=tag,
        ),
    )


# ---------------------------------------------------------------------------- villages


def block(v: VillageGeometry, u: float, out: bool) -> list[Primitive]:
    """A village's hexagonal block with its edge; one out of play is grey and hatched (the
    hatching under the edge)."""
    tag = ("village", v.id)
    width = rounded(2 * u)
    if not out:
        return [
            Polygon(
                v.hexagon,
                fill=BLOCK_FILL,
                stroke=BLOCK_EDGE,
                line_width=width,
                tag=tag,
                outline_element=True,
            )
        ]
    return [
        Polygon(v.hexagon, fill=OUT_FILL, tag=tag),
        *hatch(v, u),
        Polygon(v.hexagon, stroke=OUT_EDGE, line_width=width, tag=tag),
    ]


def walls(v: VillageGeometry, u: float, muted: bool) -> list[Primitive]:
    """A village's red walls: a solid ring and a crenellated one (``muted`` when out of play)."""
    colour = OUT_WALL if muted else WALL
    outer = hexagon_points(v.cx, v.cy, v.radius + 2.5 * u)
    return [
        Polygon(outer, stroke=colour, line_width=rounded(4.5 * u), tag=("walls", v.id)),
        Polygon(
            hexagon_points(v.cx, v.cy, v.radius + 5.5 * u),
            stroke=colour,
            line_width=rounded(5 * u),
            dash=(rounded(5 * u), rounded(4.5 * u)),
            tag=("walls", v.id),
        ),
    ]


def hatch(v: VillageGeometry, u: float) -> list[Primitive]:
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
                    rounded(x1),
                    rounded(v.cy + (x1 - v.cx) - c),
                    rounded(x2),
                    rounded(v.cy + (x2 - v.cx) - c),
                    stroke=OUT_HATCH,
                    line_width=rounded(1.5 * u),
                    tag=("village", v.id),
                )
            )
    return lines


# ---------------------------------------------------------------------------- tiles and bridges


@dataclass(frozen=True, slots=True)
class TileParts:
    """One tile: its outlined shape, then its symbol and its letter on top (``shapes``; a
    master under a student shows only its ``body``)."""

    body: Primitive
    symbol: Primitive
    letter: Primitive

    @property
    def shapes(self) -> tuple[Primitive, Primitive, Primitive]:
        """The whole tile, in painting order."""
        return (self.body, self.symbol, self.letter)


def player_shape(
    owner: str, cx: float, cy: float, r: float, line_width: float, tag: Tag
) -> Primitive:
    """``owner``'s tile shape (a disc, rounded square, hexagon or diamond) of radius ``r``
    around ``(cx, cy)``, filled in its colour and outlined in its edge colour."""
    style = PLAYER_STYLES[owner]
    if style.shape == "circle":
        return Circle(
            rounded(cx),
            rounded(cy),
            rounded(r),
            fill=style.fill,
            stroke=style.edge,
            line_width=line_width,
            tag=tag,
            outline_element=True,
        )
    return Polygon(
        scaled(TILE_SHAPES[style.shape], cx, cy, r),
        fill=style.fill,
        stroke=style.edge,
        line_width=line_width,
        tag=tag,
        outline_element=True,
    )


@lru_cache(maxsize=4096)
def tile_parts(
    space: SpaceGeometry,
    owner: str,
    role: str,
    dx: float,
    u: float,
    lettering: Lettering = LETTERING,
    lang: str = "en",
) -> TileParts:
    """One tile (``role`` "master" or "student") of ``owner`` on ``space``, shifted by
    ``(dx, dx)``; ``u`` is the scene's unit, ``lang`` the language of its letter."""
    master_type = space.type
    style = PLAYER_STYLES[owner]
    tag = (role, space.village, master_type, owner)
    cx, cy = space.cx + dx, space.cy + dx
    r = TILE_R * u
    body = player_shape(owner, cx, cy, r, rounded(1.6 * u), tag)
    symbol = Polygon(
        scaled(SYMBOLS[master_type], cx, cy - lettering.symbol_at * r, lettering.symbol_size * r),
        fill=style.ink,
        tag=tag,
    )
    size = rounded(lettering.tile_letter * r)
    letter = Text(
        rounded(cx),
        baseline_for_centre(cy + lettering.tile_letter_at * r, size),
        type_letter(master_type, lang),
        size=size,
        fill=style.ink,
        tag=tag,
    )
    return TileParts(body, symbol, letter)


@lru_cache(maxsize=256)
def bridge_parts(geometry: BridgeGeometry, intact: bool, u: float) -> tuple[Primitive, ...]:
    """A plank, or its two broken stubs: the planks' bodies, their slats, their rails, then
    (broken) the dashed line across the gap."""
    tag = ("bridge", geometry.a, geometry.b, "intact" if intact else "broken")
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
                rounded(point(stub, 0)[0]),
                rounded(point(stub, 0)[1]),
                rounded(point(length - stub, 0)[0]),
                rounded(point(length - stub, 0)[1]),
                stroke=GAP_LINE,
                line_width=rounded(1.5 * u),
                dash=(rounded(4 * u), rounded(4 * u)),
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
        bodies.append(Polygon(round_points(outline), fill=PLANK, tag=tag))
        # the slats: one dashed stroke across the plank, each dash a slat (butt caps)
        p, q = point(t0 + 4.5 * u, 0), point(t1 - 3 * u, 0)
        if t1 - t0 > 9 * u:
            slats.append(
                Line(
                    rounded(p[0]),
                    rounded(p[1]),
                    rounded(q[0]),
                    rounded(q[1]),
                    stroke=PLANK_SLAT,
                    line_width=rounded(geometry.width - 2 * u),
                    dash=(rounded(1.1 * u), rounded(4.4 * u)),
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
                    rounded(p[0]),
                    rounded(p[1]),
                    rounded(q[0]),
                    rounded(q[1]),
                    stroke=PLANK_RAIL,
                    line_width=rounded(2 * u),
                    tag=tag,
                )
            )
    return (*bodies, *slats, *rails, *gaps)


# ---------------------------------------------------------------------------- stones and badges


@lru_cache(maxsize=256)
def stone_parts(x: float, y: float, r: float, u: float, tag: Tag) -> tuple[Primitive, ...]:
    """A stone centred on ``(x, y)`` (``r``: a badge's radius): (outlined pebble, shine)."""
    return (
        Polygon(
            pebble(x, y, r),
            fill=STONE_FILL,
            stroke=STONE_EDGE,
            line_width=rounded(1.6 * u),
            tag=tag,
            outline_element=True,
        ),
        Polygon(pebble(x - 0.35 * r, y - 0.3 * r, 0.3 * r), fill=STONE_SHINE, tag=tag),
    )


@lru_cache(maxsize=1024)
def badge_parts(
    x: float, y: float, r: float, u: float, number: int, peace: bool, tag: Tag
) -> tuple[Primitive, ...]:
    """A strength badge showing ``number`` (grey when the village has a stone):
    (outlined disc, number)."""
    size = rounded(13 * u)
    fill = BADGE_PEACE if peace else BADGE_FILL
    return (
        Circle(
            rounded(x),
            rounded(y),
            rounded(r),
            fill=fill,
            stroke=BADGE_EDGE,
            line_width=rounded(1.5 * u),
            tag=tag,
            outline_element=True,
        ),
        Text(
            rounded(x),
            baseline_for_centre(y, size),
            str(number),
            size=size,
            fill=BADGE_INK,
            tag=tag,
        ),
    )


# ---------------------------------------------------------------------------- highlight marks


@lru_cache(maxsize=4096)
def space_mark(
    space: SpaceGeometry, kind: str, u: float, tag: Tag, wash: bool
) -> tuple[Primitive, ...]:
    """The ``kind`` highlight of a space, in painting order: the tint (with ``wash``: a
    legal target that is empty), the ring, the inner white ring (``selected``), the cross
    (``refused``)."""
    colour = HIGHLIGHT_COLOURS[kind]
    ring_width, ring_dash = ring_style(kind, u)
    r = space.r + 2.2 * u  # outer edge clear of the next space
    out: list[Primitive] = []
    if wash:
        out.append(Circle(space.cx, space.cy, rounded(space.r), fill=colour, opacity=0.28, tag=tag))
    out.append(
        Circle(
            space.cx,
            space.cy,
            rounded(r),
            stroke=colour,
            line_width=ring_width,
            dash=ring_dash,
            tag=tag,
        )
    )
    if kind == "selected":
        out.append(
            Circle(
                space.cx,
                space.cy,
                rounded(r - 2.6 * u),
                stroke="#FFFFFF",
                line_width=rounded(1.4 * u),
                tag=tag,
            )
        )
    if kind == "refused":
        out += cross(space.cx, space.cy, space.r * 0.75, u, tag)
    return tuple(out)


@lru_cache(maxsize=256)
def village_mark(geometry: VillageGeometry, kind: str, u: float, tag: Tag) -> tuple[Primitive, ...]:
    """The ``kind`` highlight of a whole village, in painting order: a hexagon around its
    block, the inner white one (``selected``), the cross (``refused``)."""
    colour = HIGHLIGHT_COLOURS[kind]
    ring_width, ring_dash = ring_style(kind, u)
    hexagon = hexagon_points(geometry.cx, geometry.cy, geometry.radius + 5 * u)
    out: list[Primitive] = [
        Polygon(hexagon, stroke=colour, line_width=ring_width, dash=ring_dash, tag=tag)
    ]
    if kind == "selected":
        out.append(
            Polygon(
                hexagon_points(geometry.cx, geometry.cy, geometry.radius + 1.5 * u),
                stroke="#FFFFFF",
                line_width=rounded(1.6 * u),
                tag=tag,
            )
        )
    if kind == "refused":
        out += cross(geometry.cx, geometry.cy, geometry.radius * 0.6, u, tag)
    return tuple(out)


def cross(cx: float, cy: float, size: float, u: float, tag: Tag) -> list[Primitive]:
    """A black cross edged in white, ``2 * size`` across, centred on ``(cx, cy)``."""
    out: list[Primitive] = []
    for colour, width in (("#FFFFFF", 6.0), ("#000000", 3.0)):
        for sx in (-1, 1):
            out.append(
                Line(
                    rounded(cx - size * sx),
                    rounded(cy - size),
                    rounded(cx + size * sx),
                    rounded(cy + size),
                    stroke=colour,
                    line_width=rounded(width * u),
                    tag=tag,
                )
            )
    return out


@lru_cache(maxsize=1024)
def bridge_mark(
    geometry: BridgeGeometry, a: str, b: str, kind: str, colour: str, u: float, tag: Tag
) -> tuple[Primitive, ...]:
    """A bridge highlight: a band along the plank; ``moved`` adds an arrow from a to b."""
    start, end = geometry.start, geometry.end
    if (a, b) != (geometry.a, geometry.b):
        start, end = end, start
    (x1, y1), (x2, y2) = start, end
    out: list[Primitive] = [
        Line(
            rounded(x1),
            rounded(y1),
            rounded(x2),
            rounded(y2),
            stroke=colour,
            line_width=rounded(geometry.width + 8 * u),
            opacity=0.35,
            tag=tag,
        )
    ]
    if kind in ("moved", "hint", "reply"):
        ink = {"hint": HINT_ARROW, "reply": REPLY_ARROW}.get(kind, MOVED_ARROW)
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
                    rounded(tail[0]),
                    rounded(tail[1]),
                    rounded(base[0]),
                    rounded(base[1]),
                    stroke=colour_,
                    line_width=rounded(width * u),
                    tag=tag,
                )
            )
        head_points = round_points(
            [
                tip,
                (base[0] - uy * wing, base[1] + ux * wing),
                (base[0] + uy * wing, base[1] - ux * wing),
            ]
        )
        out.append(
            Polygon(head_points, fill=ink, stroke="#FFFFFF", line_width=rounded(1.5 * u), tag=tag)
        )
    elif kind == "refused":
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out += cross(mx, my, 8 * u, u, tag)
    return tuple(out)

"""One scene model of the board, computed from a position: pure data, no drawing library.

:func:`build_scene` turns a :class:`~shangrila_widget.rules.Position` (plus what to
highlight) into a :class:`Scene`: two tuples of primitives (:mod:`.primitives`) in logical
units, ``static`` (what only changes with the picture size, the player count and the
language: background, village blocks with their 2-3-2 spaces, labels, C's red walls, C out
of play with three players) and ``dynamic`` (bridges intact or broken, tiles, stones,
strengths, highlights, the footer with the players and an optional caption). SVG
(:mod:`.svg`) and the ipycanvas painter (:mod:`.canvas`) draw exactly these primitives.
Each piece is drawn by :mod:`.pieces` in the colours and shapes of :mod:`.styles`; the
accessible text comes from :mod:`.accessible`; :class:`~.highlight.Highlight` lives in
:mod:`.highlight`.

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

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from shangrila_widget.render.accessible import (
    SCENE_TEXTS,
    position_description,
    position_title,
    scene_text,
)
from shangrila_widget.render.highlight import (
    HIGHLIGHT_KINDS,
    Highlight,
    HighlightLike,
    selection_highlight,
)
from shangrila_widget.render.layout import (
    BADGE_R,
    BoardLayout,
    HitTarget,
    board_layout,
)
from shangrila_widget.render.layout import hit_test as layout_hit_test
from shangrila_widget.render.pieces import (
    MarkParts,
    TileParts,
    badge_parts,
    block_edge,
    block_fill,
    bridge_mark,
    bridge_parts,
    discs_first,
    hatch,
    space_mark,
    space_parts,
    stone_parts,
    tile_parts,
    village_mark,
    walls,
)
from shangrila_widget.render.primitives import (
    Circle,
    Layers,
    Line,
    Polygon,
    Primitive,
    Rect,
    Tag,
    Text,
    baseline_for_centre,
)
from shangrila_widget.render.styles import (
    BACKGROUND,
    FOOTER_FILL,
    FOOTER_INK,
    FRAME,
    HIGHLIGHT_COLOURS,
    LABEL_INK,
    OUT_INK,
    PLAYER_STYLES,
    STACK_OFFSET,
    TILE_SHAPES,
    round_points,
    rounded,
    scaled,
)
from shangrila_widget.rules.board import BRIDGE_INDEX, VILLAGES, board_bridges
from shangrila_widget.rules.messages import COLOUR_NAMES

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

__all__ = ["Highlight", "Scene", "build_scene", "hit_test"]


@dataclass(frozen=True, slots=True)
class Scene(Layers):
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

    def hit_test(self, x: float, y: float) -> HitTarget:
        """See :func:`hit_test`."""
        return layout_hit_test(self.layout, x, y)


def hit_test(scene_or_layout: Scene | BoardLayout, x: float, y: float) -> HitTarget:
    """What lies under the scene point ``(x, y)``: ``("space", village, type)``,
    ``("village", village)``, ``("bridge", a, b)`` or None (see :func:`.layout.hit_test`)."""
    layout = scene_or_layout.layout if isinstance(scene_or_layout, Scene) else scene_or_layout
    return layout_hit_test(layout, x, y)


def build_scene(
    position: Position,
    *,
    highlights: Iterable[HighlightLike] = (),
    selection: HitTarget = None,
    lang: str = "en",
    width: float = 900.0,
    footer: bool = True,
    caption: str | None = None,
    presenter: bool = False,
) -> Scene:
    """The scene of ``position``.

    ``highlights``: :class:`Highlight` (or alike) objects to mark. ``selection``: a hit-test
    target (``("space", v, t)``, ``("village", v)``, ``("bridge", a, b)``) to mark as
    selected. ``lang``: ``"en"`` or ``"pl"`` (footer, out-of-play label, accessible text).
    ``width``: logical width (height follows: ``width * 910 / 900`` with the footer, ``width
    * 850 / 900`` without). ``footer``: the strip below the board with the players (shape,
    name, masters on the board, who moves), the phase and ``caption``. ``presenter``: the
    letters on the spaces and tiles, the strengths and the footer larger, to read from the
    back of a room (:data:`PRESENTER_TEXT_SCALE`).
    """
    if lang not in SCENE_TEXTS:
        raise ValueError(f"lang must be 'en' or 'pl', not {lang!r}")
    players = len(position.players)
    layout = board_layout(float(width), players)
    static = _static_layer(layout, lang, footer, presenter)
    marks = list(highlights)
    if selection is not None:
        marks.append(selection_highlight(selection))
    dynamic = _dynamic_layer(position, layout, tuple(marks), lang, footer, caption)
    if presenter:
        dynamic = _enlarged(dynamic)
    height = layout.height if footer else layout.board_height
    return Scene(
        width=float(width),
        height=round(height, 2),
        static=static,
        dynamic=dynamic,
        layout=layout,
        title=position_title(position, lang),
        description=position_description(position, lang),
        lang=lang,
    )


# ---------------------------------------------------------------------------- static layer


#: How much larger :func:`build_scene` draws each kind of text with ``presenter=True``, by
#: the text's tag (the village labels are large already; the caption and the player names
#: of the footer keep their room).
PRESENTER_TEXT_SCALE: dict[str, float] = {
    "space": 1.55,
    "master": 1.25,
    "student": 1.25,
    "strength": 1.3,
    "phase": 1.2,
    "legend": 1.2,
}


def _enlarged(primitives: tuple[Primitive, ...]) -> tuple[Primitive, ...]:
    """``primitives`` with their texts scaled by :data:`PRESENTER_TEXT_SCALE`, each kept
    centred where it was."""
    out: list[Primitive] = []
    for p in primitives:
        factor = PRESENTER_TEXT_SCALE.get(str(p.tag[0]) if p.tag else "", 1.0)
        if isinstance(p, Text) and factor != 1.0:
            size = rounded(p.size * factor)
            centre = p.y - 0.365 * p.size
            p = replace(p, size=size, y=baseline_for_centre(centre, size))
        out.append(p)
    return tuple(out)


@lru_cache(maxsize=16)
def _static_layer(
    layout: BoardLayout, lang: str, footer: bool, presenter: bool = False
) -> tuple[Primitive, ...]:
    if presenter:
        return _enlarged(_static_layer(layout, lang, footer))
    u = layout.unit
    out: list[Primitive] = []
    height = layout.height if footer else layout.board_height
    out.append(Rect(0, 0, layout.width, rounded(height), fill=BACKGROUND, tag=("background",)))
    out.append(
        Rect(
            rounded(4 * u),
            rounded(4 * u),
            rounded(layout.width - 8 * u),
            rounded(layout.board_height - 8 * u),
            stroke=FRAME,
            line_width=rounded(1.5 * u),
            rx=rounded(10 * u),
            tag=("background",),
        )
    )
    villages = [layout.villages[v] for v in VILLAGES]
    in_play = [v for v in villages if v.id not in layout.out_of_play]
    out_of_play = [v for v in villages if v.id in layout.out_of_play]
    # blocks (fill, then edges, then walls)
    out += [block_fill(v, u, out=False) for v in in_play]
    for v in out_of_play:
        out.append(block_fill(v, u, out=True))
        out += hatch(v, u)
    out += [block_edge(v, u, v.id in layout.out_of_play) for v in villages]
    for v in villages:
        if v.red_walls:
            out += walls(v, u, v.id in layout.out_of_play)
    # empty spaces (discs, outlines, then letters), each marked faintly with its type letter
    spaces = [space_parts(space, u) for v in in_play for space in v.spaces.values()]
    out += [parts[i] for i in range(3) for parts in spaces]
    for v in out_of_play:
        size = rounded(13 * u)
        out.append(
            Text(
                v.cx,
                baseline_for_centre(v.cy, size),
                scene_text(lang, "out_of_play"),
                size=size,
                fill=OUT_INK,
                tag=("village", v.id),
            )
        )
    # village labels
    size = rounded(23 * u)
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
                0,
                rounded(top),
                layout.width,
                rounded(layout.height - top),
                fill=FOOTER_FILL,
                tag=("footer",),
            )
        )
        out.append(
            Line(
                0,
                rounded(top),
                layout.width,
                rounded(top),
                stroke=FRAME,
                line_width=rounded(1.5 * u),
                tag=("footer",),
            )
        )
    return tuple(out)


# ---------------------------------------------------------------------------- dynamic layer


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
        parts = bridge_parts(layout.bridge(a, b), (a, b) in intact, layout.unit)
        bodies += parts[0]
        slats += parts[1]
        rails += parts[2]
        gaps += parts[3]
    # tiles: passes of master fills, master edges, student fills, student edges, symbols,
    # letters (discs before polygons within a pass, so painters can batch them)
    masters: list[TileParts] = []
    students: list[TileParts] = []
    tops: list[TileParts] = []
    offset = STACK_OFFSET * layout.unit
    for village in VILLAGES:
        if not position.in_play(village):
            continue
        for master_type, tile in position.tiles(village).items():
            space = layout.space(village, master_type)
            if tile.student:
                master = tile_parts(space, tile.owner, "master", offset, layout.unit)
                student = tile_parts(space, tile.owner, "student", -offset, layout.unit)
                masters.append(master)
                students.append(student)
                tops.append(student)
            else:
                master = tile_parts(space, tile.owner, "master", 0.0, layout.unit)
                masters.append(master)
                tops.append(master)
    out: list[Primitive] = [*bodies, *slats, *rails, *gaps]
    for group in (masters, students):
        out += discs_first(t.fill for t in group)
        out += discs_first(t.edge for t in group)
    out += [t.symbol for t in tops]
    out += [t.letter for t in tops]
    out += _badges(position, layout)
    out += _highlights(position, layout, marks)
    if footer:
        out += _footer(position, layout, lang, caption)
    return tuple(out)


def _badges(position: Position, layout: BoardLayout) -> list[Primitive]:
    """Stones, then strength badges (in passes: fills, edges, shines; fills, edges, numbers)."""
    u = layout.unit
    stones: list[tuple[Primitive, ...]] = []
    badges: list[tuple[Primitive, ...]] = []
    r = BADGE_R * u
    for village in VILLAGES:
        geometry = layout.villages[village]
        stone = position.has_stone(village)
        if stone:
            x, y = geometry.stone_at
            stones.append(stone_parts(x, y, r, u, ("stone", village)))
        if not position.in_play(village):
            continue
        x, y = geometry.strength_at
        strength = position.strength(village)
        badges.append(badge_parts(x, y, r, u, strength, stone, ("strength", village)))
    return [p[i] for i in range(3) for p in stones] + [p[i] for i in range(3) for p in badges]


def _highlights(
    position: Position, layout: BoardLayout, marks: tuple[HighlightLike, ...]
) -> list[Primitive]:
    u = layout.unit
    found: list[tuple[str, MarkParts]] = []  # (kind, parts) in the order of ``marks``
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
        tag: Tag = (
            "highlight",
            kind,
            mark.village or "",
            mark.type or "",
            "-".join(mark.bridge) if mark.bridge else "",
        )
        if mark.bridge is not None:
            a, b = mark.bridge
            if (a, b) not in BRIDGE_INDEX:
                raise ValueError(f"no bridge {a}-{b} on the board")
            if (a, b) not in layout.bridges and (b, a) not in layout.bridges:
                continue  # absent with this player count
            colour = HIGHLIGHT_COLOURS[kind]
            arrows += bridge_mark(layout.bridge(a, b), a, b, kind, colour, u, tag)
        elif mark.village is not None:
            geometry = layout.villages[mark.village]
            if mark.type is not None:
                empty = position.tile(mark.village, mark.type) is None
                space = geometry.spaces[mark.type]
                found.append(
                    (kind, space_mark(space, kind, u, tag, kind in ("target", "hint") and empty))
                )
            else:
                found.append((kind, village_mark(geometry, kind, u, tag)))
    out: list[Primitive] = [w for kind, p in found for w in p.washes]
    for ring_kind in HIGHLIGHT_KINDS:
        out += discs_first(p.ring for kind, p in found if kind == ring_kind)
    out += [q for _, p in found for q in p.inner]
    out += [q for _, p in found for q in p.crosses]
    return [*out, *arrows]


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
    size = rounded(14 * u)
    over = position.is_over
    for i, colour in enumerate(players):
        style = PLAYER_STYLES[colour]
        x = 30 * u + i * column
        tag = ("legend", colour)
        r = 9 * u
        if style.shape == "circle":
            fills.append(Circle(rounded(x), rounded(row), rounded(r), fill=style.fill, tag=tag))
            edges.append(
                Circle(
                    rounded(x),
                    rounded(row),
                    rounded(r),
                    stroke=style.edge,
                    line_width=rounded(1.4 * u),
                    tag=tag,
                )
            )
        else:
            outline = scaled(TILE_SHAPES[style.shape], x, row, r)
            fills.append(Polygon(outline, fill=style.fill, tag=tag))
            edges.append(Polygon(outline, stroke=style.edge, line_width=rounded(1.4 * u), tag=tag))
        name = COLOUR_NAMES[lang][colour]
        count = position.masters_of(colour)
        moving = colour == position.to_move and not over
        texts.append(
            Text(
                rounded(x + 15 * u),
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
                    round_points([(m - 7 * u, row - 6 * u), (m, row), (m - 7 * u, row + 6 * u)]),
                    fill=FOOTER_INK,
                    tag=tag,
                )
            )
    phase = scene_text(lang, position.phase)
    texts.append(
        Text(
            rounded(layout.width - 20 * u),
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
        small = rounded(13 * u)
        texts.append(
            Text(
                rounded(20 * u),
                baseline_for_centre(top + 44 * u, small),
                caption,
                size=small,
                fill=FOOTER_INK,
                weight="normal",
                anchor="start",
                tag=("caption",),
            )
        )
    return [*discs_first(fills), *discs_first(edges), *marker, *texts]

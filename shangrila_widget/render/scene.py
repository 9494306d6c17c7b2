"""One scene model of the board, computed from a position: pure data, no drawing library.

:func:`build_scene` turns a :class:`~shangrila_widget.rules.Position` (plus what to
highlight) into a :class:`Scene`: two tuples of primitives (:mod:`.primitives`) in logical
units, ``static`` (what only changes with the picture size, the player count and the
language: background, village blocks with their 2-3-2 spaces, labels, C's red walls, C out
of play with three players) and ``dynamic`` (bridges intact or broken, tiles, stones,
strengths, highlights, the footer with the players and an optional caption). Each thing is
listed once, in painting order (blocks, walls, spaces, labels; bridges, masters, students,
stones, strengths, marks, footer), its shapes one after another. SVG (:mod:`.svg`) and the
ipycanvas painter (:mod:`.canvas`) draw exactly these primitives.
Each piece is drawn by :mod:`.pieces` in the colours and shapes of :mod:`.styles`; the
accessible text comes from :mod:`.accessible`; :class:`~.highlight.Highlight` lives in
:mod:`.highlight`.

How things look (our own style, not the printed board's art):

- a village is a stone-coloured hexagonal block holding its seven spaces in the 2-3-2
  layout; an empty space is a pale disc marked with its type letter;
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from shangrila_widget.render.accessible import (
    position_description,
    position_title,
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
    ZoomView,
    board_layout,
)
from shangrila_widget.render.layout import hit_test as layout_hit_test
from shangrila_widget.render.pieces import (
    badge_parts,
    block,
    bridge_mark,
    bridge_parts,
    player_shape,
    space_mark,
    space_parts,
    stone_parts,
    tile_parts,
    village_mark,
    walls,
)
from shangrila_widget.render.primitives import (
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
    LETTERING,
    OUT_INK,
    PLAYER_STYLES,
    PRESENTER_LETTERING,
    STACK_OFFSET,
    Lettering,
    round_points,
    rounded,
)
from shangrila_widget.rules.board import BRIDGE_INDEX, VILLAGES, board_bridges
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import COLOUR_NAMES, check_language, problem, say

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
    #: A village opened large (:func:`.zoom.zoom_scene`): what its picture shows and where.
    zoom: ZoomView | None = None

    def hit_test(self, x: float, y: float) -> HitTarget:
        """See :func:`hit_test`."""
        if self.zoom is not None:
            return self.zoom.hit_test(x, y)
        return layout_hit_test(self.layout, x, y)


def hit_test(scene_or_layout: Scene | BoardLayout, x: float, y: float) -> HitTarget:
    """What lies under the scene point ``(x, y)``: ``("space", village, type)``,
    ``("village", village)``, ``("bridge", a, b)`` or None (see :func:`.layout.hit_test`);
    on a village opened large, see :meth:`.layout.ZoomView.hit_test`."""
    if isinstance(scene_or_layout, Scene):
        return scene_or_layout.hit_test(x, y)
    return layout_hit_test(scene_or_layout, x, y)


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
    name, masters on the board, who moves), the phase and ``caption``. ``presenter``: words
    large enough to read from the back of a classroom (:data:`.styles.PRESENTER_LETTERING`:
    letters on spaces and tiles, village letters, footer and caption), the footer in two
    columns with a line for the caption (the picture is ``width * 964 / 900`` high).
    """
    check_language(lang)
    players = len(position.players)
    layout = board_layout(float(width), players)
    lettering = PRESENTER_LETTERING if presenter else LETTERING
    static = _static_layer(layout, lang, footer, lettering)
    marks = list(highlights)
    if selection is not None:
        marks.append(selection_highlight(selection))
    dynamic = _dynamic_layer(position, layout, tuple(marks), lang, lettering, footer, caption)
    return Scene(
        width=float(width),
        height=round(_height(layout, footer, lettering), 2),
        static=static,
        dynamic=dynamic,
        layout=layout,
        title=position_title(position, lang),
        description=position_description(position, lang),
        lang=lang,
    )


def _height(layout: BoardLayout, footer: bool, lettering: Lettering) -> float:
    """The picture's height: the board, and the footer below it."""
    if not footer:
        return layout.board_height
    return round(layout.board_height + lettering.footer_height * layout.unit, 2)


def _round_first(tiles: Sequence[tuple[str, tuple[Primitive, ...]]]) -> list[Primitive]:
    """The shapes of ``(owner, shapes)`` items, round tiles' items first: the order in which
    the SVG text lists them (items of different owners never overlap, so the picture is the
    same in any order)."""
    return [
        p for owner, shapes in tiles if PLAYER_STYLES[owner].shape == "circle" for p in shapes
    ] + [p for owner, shapes in tiles if PLAYER_STYLES[owner].shape != "circle" for p in shapes]


# ---------------------------------------------------------------------------- static layer


@lru_cache(maxsize=16)
def _static_layer(
    layout: BoardLayout, lang: str, footer: bool, lettering: Lettering
) -> tuple[Primitive, ...]:
    """Background, blocks, walls, empty spaces, village letters, the footer's strip."""
    u = layout.unit
    out: list[Primitive] = []
    height = _height(layout, footer, lettering)
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
    for v in in_play:
        out += block(v, u, out=False)
    for v in out_of_play:
        out += block(v, u, out=True)
        size = rounded(lettering.out_of_play * u)
        out.append(
            Text(
                v.cx,
                baseline_for_centre(v.cy, size),
                say("scene.out_of_play", check_language(lang)),
                size=size,
                fill=OUT_INK,
                tag=("village", v.id),
            )
        )
    for v in villages:
        if v.red_walls:
            out += walls(v, u, v.id in layout.out_of_play)
    for v in in_play:
        for space in v.spaces.values():
            out += space_parts(space, u, lettering, lang)
    size = rounded(lettering.label * u)
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
                rounded(height - top),
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
    lettering: Lettering,
    footer: bool,
    caption: str | None,
) -> tuple[Primitive, ...]:
    """Bridges, masters, students, stones, strengths, highlights, the footer's words."""
    u = layout.unit
    out: list[Primitive] = []
    intact = position.bridges
    for a, b in board_bridges(len(position.players)):
        out += bridge_parts(layout.bridge(a, b), (a, b) in intact, u)
    # masters, then the students stacked on them (a master under a student shows its body)
    masters: list[tuple[str, tuple[Primitive, ...]]] = []
    students: list[tuple[str, tuple[Primitive, ...]]] = []
    offset = STACK_OFFSET * u
    for village in VILLAGES:
        if not position.in_play(village):
            continue
        for master_type, tile in position.tiles(village).items():
            space = layout.space(village, master_type)
            owner = tile.owner
            if tile.student:
                master = tile_parts(space, owner, "master", offset, u, lettering, lang)
                student = tile_parts(space, owner, "student", -offset, u, lettering, lang)
                masters.append((owner, (master.body,)))
                students.append((owner, student.shapes))
            else:
                master = tile_parts(space, owner, "master", 0.0, u, lettering, lang)
                masters.append((owner, master.shapes))
    out += _round_first(masters)
    out += _round_first(students)
    out += _badges(position, layout)
    out += _highlights(position, layout, marks)
    if footer:
        out += _footer(position, layout, lang, lettering, caption)
    return tuple(out)


def _badges(position: Position, layout: BoardLayout) -> list[Primitive]:
    """Stones, then strength badges."""
    u = layout.unit
    stones: list[Primitive] = []
    badges: list[Primitive] = []
    r = BADGE_R * u
    for village in VILLAGES:
        geometry = layout.villages[village]
        stone = position.has_stone(village)
        if stone:
            x, y = geometry.stone_at
            stones += stone_parts(x, y, r, u, ("stone", village))
        if not position.in_play(village):
            continue
        x, y = geometry.strength_at
        strength = position.strength(village)
        badges += badge_parts(x, y, r, u, strength, stone, ("strength", village))
    return stones + badges


def _highlights(
    position: Position, layout: BoardLayout, marks: tuple[HighlightLike, ...]
) -> list[Primitive]:
    """The marks, each once (its tint, ring, inner ring and cross together): first those that
    tint an empty space, in the order given; then the rings by kind (see
    :data:`.highlight.HIGHLIGHT_KINDS`), a kind's spaces before its villages; then the
    bridges' bands and arrows."""
    u = layout.unit
    drawn: list[tuple[tuple[int, ...], tuple[Primitive, ...]]] = []  # (place in order, shapes)
    seen: set[tuple[str, str | None, str | None, tuple[str, str] | None]] = set()
    for index, mark in enumerate(marks):
        kind = mark.kind
        if kind not in HIGHLIGHT_KINDS:
            raise ShangrilaError(
                problem("render_highlight_kind", known=str(HIGHLIGHT_KINDS), value=repr(kind))
            )
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
        rank = HIGHLIGHT_KINDS.index(kind)
        if mark.bridge is not None:
            a, b = mark.bridge
            if (a, b) not in BRIDGE_INDEX:
                raise ShangrilaError(problem("render_no_bridge", a=a, b=b))
            if (a, b) not in layout.bridges and (b, a) not in layout.bridges:
                continue  # absent with this player count
            colour = HIGHLIGHT_COLOURS[kind]
            shapes = bridge_mark(layout.bridge(a, b), a, b, kind, colour, u, tag)
            drawn.append(((2, index), shapes))
        elif mark.village is not None:
            geometry = layout.villages[mark.village]
            if mark.type is not None:
                wash = kind in ("target", "hint") and position.tile(mark.village, mark.type) is None
                shapes = space_mark(geometry.spaces[mark.type], kind, u, tag, wash)
                drawn.append(((0, index) if wash else (1, rank, 0, index), shapes))
            else:
                drawn.append(((1, rank, 1, index), village_mark(geometry, kind, u, tag)))
    drawn.sort(key=lambda item: item[0])
    return [p for _, shapes in drawn for p in shapes]


@lru_cache(maxsize=1024)
def _player(
    layout: BoardLayout, lettering: Lettering, i: int, colour: str, words: str, moving: bool
) -> tuple[Primitive, ...]:
    """The footer's entry of the ``i``-th player: shape, the arrow when ``moving``, words."""
    u = layout.unit
    top = layout.board_height
    columns = lettering.footer_columns
    column = (layout.width - lettering.footer_reserve * u) / columns
    k = lettering.footer_mark
    size = rounded(lettering.footer * u)
    x = 30 * u + (i % columns) * column
    row = top + lettering.footer_row * u + (i // columns) * lettering.footer_pitch * u
    tag = ("legend", colour)
    shape = player_shape(colour, x, row, 9 * k * u, rounded(1.4 * u), tag)
    shapes: list[Primitive] = [shape]
    if moving:
        m = x - 14 * k * u
        shapes.append(
            Polygon(
                round_points(
                    [(m - 7 * k * u, row - 6 * k * u), (m, row), (m - 7 * k * u, row + 6 * k * u)]
                ),
                fill=FOOTER_INK,
                tag=tag,
            )
        )
    shapes.append(
        Text(
            rounded(x + lettering.footer_gap * u),
            baseline_for_centre(row, size),
            words,
            size=size,
            fill=FOOTER_INK,
            weight="bold" if moving else "normal",
            anchor="start",
            tag=tag,
        )
    )
    return tuple(shapes)


def _footer(
    position: Position,
    layout: BoardLayout,
    lang: str,
    lettering: Lettering,
    caption: str | None,
) -> list[Primitive]:
    """Each player's shape, the arrow at the one to move, name and masters on the board; the
    phase; the caption."""
    u = layout.unit
    top = layout.board_height
    players = position.players
    size = rounded(lettering.footer * u)
    over = position.is_over
    entries = [
        (
            colour,
            _player(
                layout,
                lettering,
                i,
                colour,
                f"{COLOUR_NAMES[lang][colour]}  {position.masters_of(colour)}",
                colour == position.to_move and not over,
            ),
        )
        for i, colour in enumerate(players)
    ]
    out = _round_first(entries)
    row = top + lettering.footer_row * u
    out.append(
        Text(
            rounded(layout.width - 20 * u),
            baseline_for_centre(row, size),
            say(f"scene.{position.phase}", check_language(lang)),
            size=size,
            fill=FOOTER_INK,
            weight="normal",
            anchor="end",
            tag=("phase",),
        )
    )
    if caption:
        small = rounded(lettering.caption * u)
        out.append(
            Text(
                rounded(20 * u),
                baseline_for_centre(top + lettering.caption_at * u, small),
                caption,
                size=small,
                fill=FOOTER_INK,
                weight="normal",
                anchor="start",
                tag=("caption",),
            )
        )
    return out

"""The ipycanvas painter: scene primitives onto a canvas, grouped into few vectorised calls.

``paint(canvas, primitives, *, scale=1.0, clear=True)``
    Draws primitives (:mod:`.primitives`) on an ``ipycanvas.Canvas`` at ``scale`` device
    pixels per scene unit: the picture of the primitives painted one after another. The
    painter groups them itself: a shape's fill and its outline, and every shape of one kind
    (filled discs, outlines of one width and dash, ...) that can move to one place without
    passing over anything it may touch, go out as one vectorised ipycanvas call
    (``fill_styled_polygons``, ...; see ``_Plan``), which keeps a full redraw a few
    milliseconds of Python and one compact message. Call it inside :func:`batch` (or
    ``hold_canvas``).

The review chart paints with it too; :class:`~shangrila_widget.render.canvas.BoardCanvas` is
the board's two-layer canvas built on it.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

import numpy as np
from ipycanvas import Canvas

from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text

__all__ = ["GAP_PX", "paint"]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


@lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` -> (r, g, b)."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


class _Pen:
    """The canvas state we set, so that nothing is sent twice."""

    __slots__ = ("canvas", "fill", "stroke", "width", "dash", "alpha", "font", "align", "cap")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.fill: str | None = None
        self.stroke: str | None = None
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.alpha: float | None = None
        self.font: str | None = None
        self.align: str | None = None
        self.cap = "round"

    def set_cap(self, cap: str) -> None:
        if self.cap != cap:
            self.canvas.line_cap = cap
            self.cap = cap

    def set_fill(self, colour: str) -> None:
        if self.fill != colour:
            self.canvas.fill_style = colour
            self.fill = colour

    def set_stroke(self, colour: str, width: float, dash: tuple[float, ...]) -> None:
        self.set_cap("round")  # a Line sets its own cap after this
        if self.stroke != colour:
            self.canvas.stroke_style = colour
            self.stroke = colour
        self.set_line(width, dash)

    def set_line(self, width: float, dash: tuple[float, ...]) -> None:
        if self.width != width:
            self.canvas.line_width = width
            self.width = width
        if self.dash != dash:
            self.canvas.set_line_dash(list(dash))
            self.dash = dash

    def set_alpha(self, alpha: float) -> None:
        if self.alpha != alpha:
            self.canvas.global_alpha = alpha
            self.alpha = alpha


#: Directions every 22.5 degrees on which the painter measures how far apart two things are
#: (a slanting plank is measured about as tightly as a level one).
_DIRECTIONS: Final = tuple((math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(8))

#: How far apart (device pixels) two things must be for the painter to draw them in another
#: order than the drawing's: then no pixel is touched by both.
GAP_PX: Final = 1.0

#: The side of the squares (scene units) in which the painter looks for things that may touch.
_CELL: Final = 64.0

Key = tuple[Any, ...]
Extent = tuple[float, ...]  # the low ends on the eight directions, then the high ends

#: Every kind of vectorised call met so far (a shape and fill, or a shape, outline width and
#: dash, or a line's cap, width and dash; texts are a kind of their own), numbered.
_KIND_NUMBERS: dict[Key, int] = {}
_KINDS: list[Key] = []
_TEXT: Final = ("text",)
_ALONE: Final = -1  # a rounded rectangle: a path of its own


def _kind(key: Key) -> int:
    number = _KIND_NUMBERS.get(key)
    if number is None:
        number = _KIND_NUMBERS[key] = len(_KINDS)
        _KINDS.append(key)
    return number


class _Entry:
    """What the painter needs of one primitive, worked out once: its operations (a fill, an
    outline, a text) with their kinds, and their common extent on the directions of
    :data:`_DIRECTIONS`, grown by what they paint beyond the points (a radius, half an
    outline)."""

    __slots__ = ("primitive", "kinds", "extent")

    def __init__(self, p: Primitive) -> None:
        self.primitive = p
        r = 0.0
        kinds: list[int] = []
        if isinstance(p, Line):
            points: list[tuple[float, float]] = [(p.x1, p.y1), (p.x2, p.y2)]
            kinds.append(_kind(("line", p.cap, p.line_width, p.dash)))
            r = p.line_width / 2
        elif isinstance(p, Text):
            x0, y0, x1, y1 = _text_box(p)
            points = [(x0, y0), (x1, y1), (x0, y1), (x1, y0)]
            kinds.append(_kind(_TEXT))
        else:
            if isinstance(p, Circle):
                points, r, shape = [(p.cx, p.cy)], p.r, "Circle"
            elif isinstance(p, Polygon):
                points, shape = list(p.points), "Polygon"
            elif isinstance(p, Rect):
                points = [(p.x, p.y), (p.x + p.w, p.y + p.h), (p.x, p.y + p.h), (p.x + p.w, p.y)]
                shape = "Rect"
            else:
                raise TypeError(f"not a primitive: {p!r}")
            if p.stroke:
                r += p.line_width / 2
            if isinstance(p, Rect) and p.rx:
                kinds.append(_ALONE)
            else:
                if p.fill:
                    kinds.append(_kind((shape, "fill")))
                if p.stroke:
                    kinds.append(_kind((shape, "stroke", p.line_width, p.dash)))
        self.kinds = tuple(kinds)
        projections = [[x * c + y * s for x, y in points] for c, s in _DIRECTIONS]
        self.extent: Extent = tuple(min(v) - r for v in projections) + tuple(
            max(v) + r for v in projections
        )


_ENTRIES: dict[int, _Entry] = {}  # by the primitive's id (checked: ``entry.primitive is p``)
_CACHE_SIZE: Final = 50_000


def _remember(p: Primitive) -> _Entry:
    entry = _ENTRIES[id(p)] = _Entry(p)
    return entry


def _touch(a: Extent, b: Extent, m: float) -> bool:
    """Whether two extents come closer than ``m`` on every direction."""
    return (
        a[0] < b[8] + m
        and b[0] < a[8] + m
        and a[4] < b[12] + m
        and b[4] < a[12] + m
        and a[2] < b[10] + m
        and b[2] < a[10] + m
        and a[6] < b[14] + m
        and b[6] < a[14] + m
        and a[1] < b[9] + m
        and b[1] < a[9] + m
        and a[3] < b[11] + m
        and b[3] < a[11] + m
        and a[5] < b[13] + m
        and b[5] < a[13] + m
        and a[7] < b[15] + m
        and b[7] < a[15] + m
    )


class _Plan:
    """How to draw a list of primitives in few calls without changing the picture.

    Every primitive becomes one or two operations (a shape with a fill and an outline: its
    fill, then its outline; a text; a rounded rectangle, drawn alone). A run of primitives
    sharing one tag is one *thing* (a tile, a bridge, a space). Two things *may touch* when
    their extents (:class:`_Entry`, grown by half of :data:`GAP_PX`) overlap on every
    direction. Each operation joins the earliest batch of its kind that comes after every
    batch holding an operation of an earlier thing it may touch (in that very batch it is
    drawn after it) and after the batch of the operation before it in its thing. A batch is
    one vectorised call (texts: one call each, with no state sent again), and batches are
    drawn in order: every pair of operations that may touch keeps the drawing's order.
    """

    __slots__ = ("batches",)

    def __init__(self, primitives: Sequence[Primitive], margin: float) -> None:
        if len(_ENTRIES) > _CACHE_SIZE:
            _ENTRIES.clear()
        get = _ENTRIES.get
        entries = [
            e if (e := get(id(p))) is not None and e.primitive is p else _remember(p)
            for p in primitives
        ]
        # things (the very same tag tuple in a row; an empty tag: each its own) and extents
        things: list[list[int]] = []  # per thing: its primitives
        extents: list[Extent] = []
        tag: Any = None
        for i, (p, e) in enumerate(zip(primitives, entries)):
            if p.tag is not tag or not p.tag:
                tag = p.tag
                things.append([i])
                extents.append(e.extent)
            else:
                things[-1].append(i)
                x, g = e.extent, extents[-1]
                extents[-1] = (*map(min, g[:8], x[:8]), *map(max, g[8:], x[8:]))
        # the earlier things each thing may touch, found through the squares it covers
        cells: dict[tuple[int, int], list[int]] = {}
        touched: list[list[int]] = []
        for t, x in enumerate(extents):
            near: set[int] = set()
            columns = range(int((x[0] - margin) // _CELL), int((x[8] + margin) // _CELL) + 1)
            for row in range(int((x[4] - margin) // _CELL), int((x[12] + margin) // _CELL) + 1):
                for column in columns:
                    here = cells.get((row, column))
                    if here is None:
                        cells[(row, column)] = [t]
                    else:
                        near.update(here)
                        here.append(t)
            touched.append([o for o in near if _touch(extents[o], x, margin)])
        # first fit: after the batch of the operation before it in its thing, and after the
        # last batch of every primitive of an earlier thing it may touch
        members: list[list[Primitive]] = []
        batch_kinds: list[int] = []
        of_kind: list[list[int]] = [[] for _ in _KINDS]
        placed = [0] * len(primitives)  # per primitive: the batch of its last operation
        for t, inside in enumerate(things):
            last = -1
            others = [q for o in touched[t] for q in things[o]]
            for i in inside:
                if others:
                    x = entries[i].extent
                    for q in others:
                        if placed[q] > last and _touch(entries[q].extent, x, margin):
                            last = placed[q]
                p = primitives[i]
                for kind in entries[i].kinds:
                    found = of_kind[kind] if kind != _ALONE else None
                    if found and found[-1] >= last:
                        last = found[bisect_left(found, last)]
                        members[last].append(p)
                    else:
                        last = len(members)
                        members.append([p])
                        batch_kinds.append(kind)
                        if found is not None:
                            found.append(last)
                placed[i] = last
        self.batches: list[tuple[int, list[Primitive]]] = list(zip(batch_kinds, members))


def _text_box(p: Text) -> tuple[float, float, float, float]:
    """A box sure to hold the glyphs of ``p`` (wider and taller than any glyph of the font,
    accents and descenders included)."""
    width = 1.05 * p.size * len(p.text)
    x0 = {"start": p.x, "middle": p.x - width / 2, "end": p.x - width}[p.anchor]
    return (x0, p.y - 1.05 * p.size, x0 + width, p.y + 0.35 * p.size)


def paint(
    canvas: Canvas, primitives: Sequence[Primitive], *, scale: float = 1.0, clear: bool = True
) -> None:
    """Draw ``primitives`` on ``canvas``, ``scale`` canvas pixels per scene unit.

    With ``clear`` the canvas is wiped first. Wrap the call in :func:`batch` (or
    ``hold_canvas``) to send it as one message. The picture is that of the primitives drawn
    one after another, in few vectorised calls (see :class:`_Plan`).
    """
    plan = _Plan(primitives, GAP_PX / scale)
    if clear:
        canvas.reset_transform()
        canvas.clear()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    canvas.line_cap = "round"
    canvas.line_join = "round"
    pen = _Pen(canvas)
    pen.set_alpha(1.0)
    for kind, run in plan.batches:
        if kind == _ALONE or _KINDS[kind] == _TEXT:
            for p in run:
                _scalar(pen, p)
            continue
        pen.set_alpha(1.0)
        _vector(pen, _KINDS[kind], run)
    pen.set_alpha(1.0)


def _colours(run: Sequence[Primitive], stroke: bool) -> tuple[np.ndarray, np.ndarray | float]:
    """Per-item colours, and the alphas (one number when they are all the same)."""
    colours = np.array(
        [_rgb((p.stroke if stroke else p.fill) or "#000000") for p in run], dtype=np.uint8
    )
    first = run[0].opacity
    if all(p.opacity == first for p in run):
        return colours, first
    return colours, np.array([p.opacity for p in run], dtype=np.float32)


def _vector(pen: _Pen, key: Key, run: Sequence[Primitive]) -> None:
    """One vectorised call: the fills (or outlines) of ``run``'s shapes, or its lines."""
    canvas = pen.canvas
    shape, mode = key[0], key[1]
    stroke = shape == "line" or mode == "stroke"
    if stroke:
        pen.set_line(key[-2], key[-1])
        pen.set_cap(mode if shape == "line" else "round")
    colours, alphas = _colours(run, stroke)
    if shape == "Circle":
        circles: Sequence[Circle] = run  # type: ignore[assignment]
        xyr = np.array([(c.cx, c.cy, c.r) for c in circles], dtype=np.float32)
        draw = canvas.stroke_styled_circles if stroke else canvas.fill_styled_circles
        draw(xyr[:, 0], xyr[:, 1], xyr[:, 2], colours, alphas)
    elif shape == "Polygon":
        polygons: Sequence[Polygon] = run  # type: ignore[assignment]
        points = np.array([xy for poly in polygons for xy in poly.points], dtype=np.float32)
        counts = np.array([len(poly.points) for poly in polygons], dtype=np.int32)
        if stroke:
            canvas.stroke_styled_polygons(points, colours, alphas, points_per_polygon=counts)
        else:
            canvas.fill_styled_polygons(points, colours, alphas, points_per_polygon=counts)
    elif shape == "line":
        lines: Sequence[Line] = run  # type: ignore[assignment]
        segments = np.array([((ln.x1, ln.y1), (ln.x2, ln.y2)) for ln in lines], dtype=np.float32)
        canvas.stroke_styled_line_segments(segments, colours, alphas)
    elif shape == "Rect":
        rects: Sequence[Rect] = run  # type: ignore[assignment]
        xywh = np.array([(r.x, r.y, r.w, r.h) for r in rects], dtype=np.float32)
        draw = canvas.stroke_styled_rects if stroke else canvas.fill_styled_rects
        draw(xywh[:, 0], xywh[:, 1], xywh[:, 2], xywh[:, 3], colours, alphas)
    else:  # pragma: no cover - _Entry only makes the kinds above
        raise TypeError(f"cannot batch {shape}")


@lru_cache(maxsize=64)
def _font(weight: str, size: float) -> str:
    return Text(0, 0, "", size=size, weight=weight).font()  # type: ignore[arg-type]


def _scalar(pen: _Pen, p: Primitive) -> None:
    """A text, or a rounded rectangle (its fill and outline)."""
    canvas = pen.canvas
    pen.set_alpha(p.opacity)
    if isinstance(p, Text):
        pen.set_fill(p.fill)
        font = _font(p.weight, p.size)
        if pen.font != font:
            canvas.font = font
            pen.font = font
        align = _ALIGN[p.anchor]
        if pen.align != align:
            canvas.text_align = align
            pen.align = align
        canvas.fill_text(p.text, p.x, p.y)
        return
    assert isinstance(p, Rect)
    _rounded_rect_path(canvas, p)
    if p.fill:
        pen.set_fill(p.fill)
        canvas.fill()
    if p.stroke:
        pen.set_stroke(p.stroke, p.line_width, p.dash)
        canvas.stroke()


def _rounded_rect_path(canvas: Canvas, p: Rect) -> None:
    r = min(p.rx, p.w / 2, p.h / 2)
    x0, y0, x1, y1 = p.x, p.y, p.x + p.w, p.y + p.h
    canvas.begin_path()
    canvas.move_to(x0 + r, y0)
    canvas.arc_to(x1, y0, x1, y1, r)
    canvas.arc_to(x1, y1, x0, y1, r)
    canvas.arc_to(x0, y1, x0, y0, r)
    canvas.arc_to(x0, y0, x1, y0, r)
    canvas.close_path()

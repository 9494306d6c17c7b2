"""What the ipycanvas painter's commands draw, read back from a captured message.

:func:`replay` follows the canvas state (fill and stroke colours, alpha, line width, dash,
cap, font, alignment) through the decoded commands and lists every mark they make as a
:class:`Mark` (one per circle, polygon, line, rectangle or text of a vectorised or single
call), in the order the canvas paints them. :func:`expected_marks` lists the marks a sequence
of primitives asks for (a shape with a fill and an outline: its fill, then its outline), in
the drawing's order. :func:`as_primitive` turns a mark back into a one-paint primitive, so a
replayed stream can be drawn again with the SVG painter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from ipycanvas.canvas import Canvas as CanvasClass

from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text

ATTRS = {index: name for name, index in CanvasClass.ATTRS.items()}
ALIGN = {"left": "start", "center": "middle", "right": "end"}


@dataclass(frozen=True)
class Mark:
    """One mark on the canvas. ``geometry``: a circle's (cx, cy, r), a polygon's points, a
    line's (x1, y1, x2, y2), a rectangle's (x, y, w, h, rx), a text's (x, y, text, font,
    anchor); all numbers to two decimals."""

    shape: str  # "circle", "polygon", "line", "rect", "text"
    paint: str  # "fill" or "stroke"
    geometry: tuple[Any, ...]
    colour: str
    alpha: float
    line_width: float | None = None
    dash: tuple[float, ...] | None = None
    cap: str | None = None


def _r(value: Any) -> float:
    return round(float(value), 2)


def _hex(rgb: Sequence[Any]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(int(c) for c in rgb))


def replay(commands: list[tuple[str, list[Any], list[Any]]]) -> dict[str, list[Mark]]:
    """The marks of decoded commands, per canvas (the ``switchCanvas`` argument)."""
    out: dict[str, list[Mark]] = {}
    marks: list[Mark] = out.setdefault("", [])
    state: dict[str, Any] = {"global_alpha": 1.0, "line_width": 1.0, "line_cap": "butt"}
    dash: tuple[float, ...] = ()
    path: list[tuple[str, list[Any]]] = []

    def stroke_style() -> dict[str, Any]:
        return {"line_width": _r(state["line_width"]), "dash": dash, "cap": state["line_cap"]}

    for name, args, _ in commands:
        if name == "switchCanvas":
            marks = out.setdefault(str(args[0]), [])
        elif name == "set":
            state[ATTRS[args[0]]] = args[1]
        elif name == "setLineDash":
            dash = tuple(_r(d) for d in args[0])
        elif name in ("fillStyledCircles", "strokeStyledCircles"):
            x, y, r, colours, alpha = args
            rgb = np.asarray(colours).reshape(-1, 3)
            alphas = np.broadcast_to(np.asarray(alpha, dtype=float), (len(x),))
            paint = "fill" if name.startswith("fill") else "stroke"
            extra = stroke_style() if paint == "stroke" else {}
            if paint == "stroke":
                extra["cap"] = None  # a circle has no ends
            for k in range(len(x)):
                geometry = (_r(x[k]), _r(y[k]), _r(r[k]))
                alpha_k = _r(alphas[k] * state["global_alpha"])
                marks.append(Mark("circle", paint, geometry, _hex(rgb[k]), alpha_k, **extra))
        elif name in ("fillStyledPolygons", "strokeStyledPolygons", "strokeStyledLineSegments"):
            count, points, per_item, colours, alpha = args
            flat = np.asarray(points, dtype=float).reshape(-1, 2)
            sizes = np.broadcast_to(np.asarray(per_item), (count,))
            rgb = np.asarray(colours).reshape(-1, 3)
            alphas = np.broadcast_to(np.asarray(alpha, dtype=float), (count,))
            line = name.endswith("LineSegments")
            paint = "stroke" if line or name.startswith("stroke") else "fill"
            extra = stroke_style() if paint == "stroke" else {}
            if paint == "stroke" and not line:
                extra["cap"] = None
            at = 0
            for k in range(count):
                pts = tuple((_r(px), _r(py)) for px, py in flat[at : at + int(sizes[k])])
                at += int(sizes[k])
                geometry: tuple[Any, ...] = (
                    (pts[0][0], pts[0][1], pts[1][0], pts[1][1]) if line else pts
                )
                alpha_k = _r(alphas[k] * state["global_alpha"])
                shape = "line" if line else "polygon"
                marks.append(Mark(shape, paint, geometry, _hex(rgb[k]), alpha_k, **extra))
        elif name in ("fillStyledRects", "strokeStyledRects"):
            x, y, w, h, colours, alpha = args
            rgb = np.asarray(colours).reshape(-1, 3)
            alphas = np.broadcast_to(np.asarray(alpha, dtype=float), (len(x),))
            paint = "fill" if name.startswith("fill") else "stroke"
            extra = stroke_style() if paint == "stroke" else {}
            if paint == "stroke":
                extra["cap"] = None
            for k in range(len(x)):
                geometry = (_r(x[k]), _r(y[k]), _r(w[k]), _r(h[k]), 0.0)
                alpha_k = _r(alphas[k] * state["global_alpha"])
                marks.append(Mark("rect", paint, geometry, _hex(rgb[k]), alpha_k, **extra))
        elif name == "fillText":
            text, x, y = args[0], args[1], args[2]
            geometry = (_r(x), _r(y), text, state["font"], ALIGN[state["text_align"]])
            colour = str(state["fill_style"]).upper()
            marks.append(Mark("text", "fill", geometry, colour, _r(state["global_alpha"])))
        elif name in ("beginPath", "moveTo", "arcTo", "closePath"):
            if name == "beginPath":
                path = []
            path.append((name, args))
        elif name in ("fill", "stroke"):
            arcs = [a for n, a in path if n == "arcTo"]
            x1, y0 = arcs[0][0], arcs[0][1]
            x0, y1 = arcs[2][0], arcs[2][1]
            geometry = (_r(x0), _r(y0), _r(x1 - x0), _r(y1 - y0), _r(arcs[0][4]))
            style = state["fill_style"] if name == "fill" else state["stroke_style"]
            extra = stroke_style() if name == "stroke" else {}
            if name == "stroke":
                extra["cap"] = None
            marks.append(
                Mark("rect", name, geometry, str(style).upper(), _r(state["global_alpha"]), **extra)
            )
        elif name in (
            "fillCircle",
            "strokeCircle",
            "fillPolygon",
            "strokePolygon",
            "fillRect",
            "strokeRect",
            "strokeLine",
        ):
            raise AssertionError(f"the painter draws {name} one by one")
    return {canvas: found for canvas, found in out.items() if canvas or found}


def expected_marks(primitives: Iterable[Primitive]) -> list[Mark]:
    """The marks ``primitives`` ask for, in their order."""
    out: list[Mark] = []
    for p in primitives:
        if isinstance(p, Text):
            geometry: tuple[Any, ...] = (_r(p.x), _r(p.y), p.text, p.font(), p.anchor)
            out.append(Mark("text", "fill", geometry, p.fill.upper(), _r(p.opacity)))
            continue
        if isinstance(p, Line):
            geometry = (_r(p.x1), _r(p.y1), _r(p.x2), _r(p.y2))
            style = {"line_width": _r(p.line_width), "dash": p.dash, "cap": p.cap}
            out.append(Mark("line", "stroke", geometry, p.stroke.upper(), _r(p.opacity), **style))
            continue
        if isinstance(p, Circle):
            shape, geometry = "circle", (_r(p.cx), _r(p.cy), _r(p.r))
        elif isinstance(p, Polygon):
            shape, geometry = "polygon", tuple((_r(x), _r(y)) for x, y in p.points)
        else:
            assert isinstance(p, Rect)
            shape, geometry = "rect", (_r(p.x), _r(p.y), _r(p.w), _r(p.h), _r(p.rx))
        if p.fill:
            out.append(Mark(shape, "fill", geometry, p.fill.upper(), _r(p.opacity)))
        if p.stroke:
            style = {"line_width": _r(p.line_width), "dash": p.dash, "cap": None}
            out.append(Mark(shape, "stroke", geometry, p.stroke.upper(), _r(p.opacity), **style))
    return out


def as_primitive(mark: Mark) -> Primitive:
    """A primitive that paints exactly ``mark``."""
    g = mark.geometry
    paint: dict[str, Any] = {"opacity": mark.alpha}
    if mark.paint == "fill":
        paint["fill"] = mark.colour
    else:
        paint.update(stroke=mark.colour, line_width=mark.line_width, dash=mark.dash)
    if mark.shape == "circle":
        return Circle(g[0], g[1], g[2], **paint)
    if mark.shape == "polygon":
        return Polygon(g, **paint)
    if mark.shape == "line":
        return Line(g[0], g[1], g[2], g[3], cap=mark.cap, **paint)  # type: ignore[arg-type]
    if mark.shape == "rect":
        return Rect(g[0], g[1], g[2], g[3], rx=g[4], **paint)
    size = float(g[3].split("px")[0].split()[-1])
    weight = "bold" if g[3].startswith("bold") else "normal"
    return Text(
        g[0],
        g[1],
        g[2],
        size=size,
        fill=mark.colour,
        weight=weight,
        anchor=g[4],
        opacity=mark.alpha,
    )

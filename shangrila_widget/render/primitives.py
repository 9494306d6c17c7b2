"""The drawing primitives a scene is made of: a small closed set of frozen dataclasses.

Every picture of the board (SVG, PNG, the ipycanvas widget) is drawn from these and nothing
else: :class:`Rect`, :class:`Circle`, :class:`Line`, :class:`Polygon` and :class:`Text`.
Each carries its own style as data:

- ``fill`` / ``stroke``: a colour ``"#rrggbb"`` or None (no fill / no outline);
- ``line_width``, ``dash`` (a tuple of on/off lengths, empty for solid) and ``opacity``
  (strokes have round caps and joins; a :class:`Line` may ask for butt caps);
- ``tag``: what the shape belongs to, as a tuple of strings, for example
  ``("master", "A", "healer", "red")``. Shapes of one tag form one element in SVG (a
  ``<g>``); tests use tags to find what is drawn where. An empty tag means decoration.

A shape with both ``fill`` and ``stroke`` is filled, then outlined; with ``outline_element``
the SVG painter writes the outline as an element of its own after the fill (the same picture;
the board's outlined pieces are written that way).

Coordinates are logical scene units (y down); painters scale them.

Order: a drawing lists its shapes once each, in painting order (later over earlier), the
shapes of one tag one after another. Painters may group their work as they like as long as
every pair of shapes that can touch the same pixel keeps this order (the SVG painter writes
one ``<g>`` per tag; the ipycanvas painter moves shapes that touch nothing in between into
one vectorised call).

>>> Circle(10, 10, 5, fill="#ff0000").bbox()
(5, 5, 15, 15)
>>> Text(0, 0, "A", size=12).font()
'bold 12px DejaVu Sans, Verdana, Arial, sans-serif'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

Point = tuple[float, float]
Tag = tuple[str, ...]
Anchor = Literal["start", "middle", "end"]
Weight = Literal["normal", "bold"]
Cap = Literal["round", "butt"]

#: The font stack used for every text of the board (DejaVu Sans ships with cairosvg setups).
FONT_FAMILY: Final = "DejaVu Sans, Verdana, Arial, sans-serif"


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle with top-left ``(x, y)``; ``rx`` rounds its corners."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    rx: float = 0.0
    tag: Tag = ()
    outline_element: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        return (self.x, self.y, self.x + self.w, self.y + self.h)


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle of radius ``r`` centred on ``(cx, cy)``."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    tag: Tag = ()
    outline_element: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        return (self.cx - self.r, self.cy - self.r, self.cx + self.r, self.cy + self.r)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight stroke from ``(x1, y1)`` to ``(x2, y2)``.

    ``cap`` is ``"round"`` (the default) or ``"butt"``: a wide butt-capped dashed line
    draws a row of bars across itself (a plank's slats).
    """

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    cap: Cap = "round"
    tag: Tag = ()

    @property
    def fill(self) -> None:
        """Lines have no fill."""
        return None

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        return (
            min(self.x1, self.x2),
            min(self.y1, self.y2),
            max(self.x1, self.x2),
            max(self.y1, self.y2),
        )


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon through ``points`` (round joins)."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    tag: Tag = ()
    outline_element: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``(x, y)`` is the anchor point on the alphabetic baseline.

    ``anchor`` aligns it horizontally (``"start"``, ``"middle"``, ``"end"``). Scenes place
    the baseline themselves (see :func:`baseline_for_centre`) so that every painter puts the
    glyphs in the same place.
    """

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000000"
    weight: Weight = "bold"
    anchor: Anchor = "middle"
    opacity: float = 1.0
    tag: Tag = ()

    @property
    def stroke(self) -> None:
        """Texts are filled, never outlined."""
        return None

    def font(self) -> str:
        """The CSS font shorthand of this text."""
        prefix = "bold " if self.weight == "bold" else ""
        return f"{prefix}{self.size:g}px {FONT_FAMILY}"

    def bbox(self) -> tuple[float, float, float, float]:
        """An estimate (0.62 em per character, cap height 0.73 em)."""
        width = 0.62 * self.size * len(self.text)
        x0 = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        return (x0, self.y - 0.73 * self.size, x0 + width, self.y)


Primitive = Rect | Circle | Line | Polygon | Text
PRIMITIVE_TYPES: Final = (Rect, Circle, Line, Polygon, Text)


def baseline_for_centre(cy: float, size: float) -> float:
    """The baseline that centres capitals and digits of ``size`` on ``cy``.

    >>> baseline_for_centre(100, 20)
    107.3
    """
    return round(cy + 0.365 * size, 2)


def moved(p: Primitive, dx: float, dy: float) -> Primitive:
    """``p`` moved by ``(dx, dy)`` (the same shape, style and tag).

    >>> c = moved(Circle(1, 2, 3, tag=("stone", "A")), 10, 20)
    >>> (c.cx, c.cy, c.r, c.tag)
    (11, 22, 3, ('stone', 'A'))
    """
    if isinstance(p, Rect):
        return replace(p, x=round(p.x + dx, 2), y=round(p.y + dy, 2))
    if isinstance(p, Circle):
        return replace(p, cx=round(p.cx + dx, 2), cy=round(p.cy + dy, 2))
    if isinstance(p, Line):
        return replace(
            p,
            x1=round(p.x1 + dx, 2),
            y1=round(p.y1 + dy, 2),
            x2=round(p.x2 + dx, 2),
            y2=round(p.y2 + dy, 2),
        )
    if isinstance(p, Polygon):
        points = tuple((round(x + dx, 2), round(y + dy, 2)) for x, y in p.points)
        return replace(p, points=points)
    return replace(p, x=round(p.x + dx, 2), y=round(p.y + dy, 2))


class Layers:
    """What a scene and a legend share: primitives in two layers (``static`` drawn once,
    ``dynamic`` redrawn with the state), found by their tags."""

    __slots__ = ()
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]

    @property
    def primitives(self) -> tuple[Primitive, ...]:
        """Everything, in drawing order."""
        return self.static + self.dynamic

    def tagged(self, *prefix: str) -> list[Primitive]:
        """The primitives whose tag starts with ``prefix`` (in drawing order)."""
        n = len(prefix)
        return [p for p in self.primitives if p.tag[:n] == prefix]

"""WCAG contrast, from colours and from a scene's primitives (what a text is drawn on).

:func:`contrast_ratio` is WCAG 2's ratio of two sRGB colours (1 to 21). :func:`scene_texts`
finds, for every text of a drawing (a scene, a legend, a review chart), the colour under it
and the colour of its glyphs as painted: every filled shape listed before the text that
covers the text's centre is composited in painting order (with its opacity), then the text,
then every filled shape listed after it (a highlight's tint over an empty space's letter
tints the letter and its disc alike). A text covered by a later opaque shape is hidden (an
occupied space's letter under its tile) and left out.

>>> round(contrast_ratio((255, 255, 255), (0, 0, 0)), 1)
21.0
>>> round(contrast_ratio(hex_rgb("#777777"), hex_rgb("#ffffff")), 2)
4.48
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text

RGB = tuple[float, float, float]

#: WCAG 2.x AA: normal text, and marks that are not text (graphical objects).
TEXT_MINIMUM = 4.5
MARK_MINIMUM = 3.0


def hex_rgb(colour: str) -> RGB:
    """``"#rrggbb"`` (or ``"#rgb"``) as three 0-255 floats."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return (float(int(digits[0:2], 16)), float(int(digits[2:4], 16)), float(int(digits[4:6], 16)))


def luminance(rgb: Sequence[float]) -> float:
    """WCAG relative luminance of a 0-255 sRGB colour."""

    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Sequence[float], second: Sequence[float]) -> float:
    """WCAG contrast ratio of two colours (order does not matter)."""
    a, b = sorted((luminance(first), luminance(second)))
    return (b + 0.05) / (a + 0.05)


def lab(rgb: Sequence[float]) -> RGB:
    """CIELAB (D65) of a 0-255 sRGB colour."""

    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(first: Sequence[float], second: Sequence[float]) -> float:
    """CIEDE2000 colour difference of two CIELAB colours (about 2: just seen side by side;
    20 and more: told apart at a glance).

    >>> round(ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4)  # Sharma's pair 1
    2.0425
    >>> round(ciede2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)), 4)  # Sharma's pair 19
    27.1492
    """
    (l1, a1, b1), (l2, a2, b2) = first[:3], second[:3]
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * (
        2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    )
    dl = (l2 - l1) / (1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2))
    dc = (c2 - c1) / (1 + 0.045 * c_mean)
    dhh = d_hue / (1 + 0.015 * c_mean * t)
    return math.sqrt(dl**2 + dc**2 + dhh**2 + rotation * dc * dhh)


def colour_difference(first: str, second: str) -> float:
    """CIEDE2000 difference of two ``"#rrggbb"`` colours (see :func:`ciede2000`)."""
    return ciede2000(lab(hex_rgb(first)), lab(hex_rgb(second)))


def _covers(shape: Primitive, x: float, y: float) -> bool:
    """Whether the filled part of ``shape`` (a line's stroke) covers ``(x, y)``."""
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return math.hypot(x - shape.cx, y - shape.cy) <= shape.r
    if isinstance(shape, Polygon):
        inside = False
        points = shape.points
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside
    if isinstance(shape, Line):
        dx, dy = shape.x2 - shape.x1, shape.y2 - shape.y1
        length2 = dx * dx + dy * dy or 1e-9
        t = max(0.0, min(1.0, ((x - shape.x1) * dx + (y - shape.y1) * dy) / length2))
        return math.hypot(x - shape.x1 - t * dx, y - shape.y1 - t * dy) <= shape.line_width / 2
    return False


def _paint(under: RGB, colour: str, opacity: float) -> RGB:
    top = hex_rgb(colour)
    r, g, b = (u * (1 - opacity) + t * opacity for u, t in zip(under, top, strict=True))
    return (r, g, b)


def _colour(shape: Primitive) -> str | None:
    return shape.stroke if isinstance(shape, Line) else shape.fill


@dataclass(frozen=True)
class Painted:
    """A text (or mark) as painted: its glyphs' colour, the colour under it, their ratio."""

    item: Primitive
    ink: RGB
    ground: RGB

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.ink, self.ground)

    def describe(self) -> str:
        text = getattr(self.item, "text", "")
        return f"{self.item.tag} {text!r} {self.ratio:.2f}:1"


def painted_at(
    primitives: Sequence[Primitive], index: int, x: float, y: float, page: RGB = (255, 255, 255)
) -> Painted | None:
    """The ``index``-th primitive as painted at ``(x, y)``, or None where a later opaque shape
    hides it there."""
    ground = page
    for shape in primitives[:index]:
        colour = _colour(shape)
        if colour is not None and not isinstance(shape, Text) and _covers(shape, x, y):
            ground = _paint(ground, colour, shape.opacity)
    item = primitives[index]
    colour = _colour(item)
    assert colour is not None, item
    ink = _paint(ground, colour, item.opacity)
    for shape in primitives[index + 1 :]:
        over = _colour(shape)
        if over is None or isinstance(shape, Text) or not _covers(shape, x, y):
            continue
        if shape.opacity >= 1:
            return None
        ink = _paint(ink, over, shape.opacity)
        ground = _paint(ground, over, shape.opacity)
    return Painted(item, ink, ground)


def _painted_centres(
    primitives: Sequence[Primitive], chosen: Callable[[Primitive], bool]
) -> list[Painted]:
    """The ``chosen`` primitives as painted at their boxes' centres (those not hidden)."""
    out: list[Painted] = []
    for index, item in enumerate(primitives):
        if chosen(item):
            x0, y0, x1, y1 = item.bbox()
            painted = painted_at(primitives, index, (x0 + x1) / 2, (y0 + y1) / 2)
            if painted is not None:
                out.append(painted)
    return out


def scene_texts(primitives: Sequence[Primitive]) -> list[Painted]:
    """Every visible text of a drawing with its colours as painted (at its box's centre)."""
    return _painted_centres(primitives, lambda p: isinstance(p, Text) and bool(p.text.strip()))


def tile_symbols(primitives: Sequence[Primitive]) -> list[Painted]:
    """Every visible symbol of a tile (a filled polygon of a master's or student's tag that
    is not its body: the body is outlined, its symbol is not) with its colours as painted
    at its centre."""
    return _painted_centres(
        primitives,
        lambda p: (
            isinstance(p, Polygon) and p.tag[:1] in (("master",), ("student",)) and p.stroke is None
        ),
    )


def highlight_rings(primitives: Sequence[Primitive]) -> list[Painted]:
    """Every coloured ring of a highlight (a space's circle, a village's hexagon; white inner
    rings are the edging of a black one) with the board under it (other highlights left
    out): the median over twelve points around it, so that a ring crossing a plank or a
    tile for a short way still counts by what most of it is drawn on."""
    out: list[Painted] = []
    board = [p for p in primitives if p.tag[:1] != ("highlight",)]
    for item in primitives:
        if item.tag[:1] != ("highlight",) or item.fill is not None or item.stroke is None:
            continue
        if item.stroke.upper() == "#FFFFFF" or not isinstance(item, (Circle, Polygon)):
            continue
        below = board[: _count_before(primitives, item, board)]
        painted = []
        for x, y in _around(item):
            ground: RGB = (255.0, 255.0, 255.0)
            for shape in below:
                colour = _colour(shape)
                if colour is not None and not isinstance(shape, Text) and _covers(shape, x, y):
                    ground = _paint(ground, colour, shape.opacity)
            painted.append(Painted(item, _paint(ground, item.stroke, item.opacity), ground))
        painted.sort(key=lambda p: p.ratio)
        out.append(painted[len(painted) // 2])
    return out


def _count_before(primitives: Sequence[Primitive], item: Primitive, board: list[Primitive]) -> int:
    """How many shapes of ``board`` are painted before ``item``."""
    index = next(i for i, p in enumerate(primitives) if p is item)
    ids = {id(p) for p in primitives[:index]}
    return sum(1 for p in board if id(p) in ids)


def _around(item: Circle | Polygon) -> list[tuple[float, float]]:
    """Twelve points on a circle, or a polygon's corners and the middles of its sides."""
    if isinstance(item, Circle):
        return [
            (
                item.cx + item.r * math.cos(k * math.pi / 6),
                item.cy + item.r * math.sin(k * math.pi / 6),
            )
            for k in range(12)
        ]
    points = item.points
    middles = [
        ((x1 + x2) / 2, (y1 + y2) / 2)
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)
    ]
    return list(points) + middles


#: ``page.evaluate(PAINTED_CONTRAST_JS, [canvas, boxes])``: for each backing-store box
#: ``[x0, y0, x1, y1]`` of the canvas, the colour most of its pixels have (what the letter
#: is drawn on), the tenth most contrasting pixel (the letter's core: a glyph has dozens, a
#: stray edge pixel does not count) and their WCAG ratio.
PAINTED_CONTRAST_JS = """([canvas, boxes]) => {
    const lum = (r, g, b) => { const f = (v) => { v /= 255;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const ctx = canvas.getContext('2d');
    return boxes.map(([x0, y0, x1, y1]) => {
        const w = Math.max(1, x1 - x0), h = Math.max(1, y1 - y0);
        const d = ctx.getImageData(x0, y0, w, h).data;
        const count = new Map();
        for (let i = 0; i < d.length; i += 4) {
            const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
            count.set(key, (count.get(key) || 0) + 1);
        }
        let ground = 0, best = -1;
        for (const [key, n] of count) if (n > best) { best = n; ground = key; }
        const g = lum(ground >> 16, (ground >> 8) & 255, ground & 255) + 0.05;
        const ratios = [];
        for (let i = 0; i < d.length; i += 4) {
            const l = lum(d[i], d[i + 1], d[i + 2]) + 0.05;
            ratios.push(Math.max(l, g) / Math.min(l, g));
        }
        ratios.sort((a, b) => b - a);
        const ground_rgb = [ground >> 16, (ground >> 8) & 255, ground & 255];
        return {ratio: ratios[Math.min(9, ratios.length - 1)], ground: ground_rgb};
    });
}"""

#: ``page.evaluate(TEXT_CONTRAST_JS, selector)``: every element matching ``selector`` that
#: shows text of its own, with its text colour, the first opaque background behind it (the
#: page's white if none) and their WCAG ratio.
TEXT_CONTRAST_JS = """(sel) => {
    const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const field = el.matches('input:not([type=checkbox]):not([type=radio]), select, textarea')
            && (el.value || el.placeholder);
        if ((!own && !field) || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        const fg = parse(style.color);
        let bg = null;
        for (let n = el; n; n = n.parentElement) {
            const c = parse(getComputedStyle(n).backgroundColor);
            if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) { bg = c; break; }
        }
        bg = bg || [255, 255, 255];
        const [a, b] = [lum(fg) + 0.05, lum(bg) + 0.05];
        const text = (own ? el.textContent : (el.value || el.placeholder)).trim().slice(0, 40);
        out.push({text, cls: el.className && String(el.className).slice(0, 60),
                  ratio: Math.max(a, b) / Math.min(a, b), fg, bg});
    }
    return out;
}"""

"""The ipycanvas painter: scene primitives onto a canvas, in one message per redraw.

Two pieces, for the board widget to build on:

``paint(canvas, primitives, *, scale=1.0, clear=True)``
    Draws primitives (:mod:`.primitives`) on an ``ipycanvas.Canvas`` at ``scale`` device
    pixels per scene unit. Runs of consecutive fill-only (or stroke-only, same line width and
    dash) circles, polygons, lines and rectangles go out as one vectorised ipycanvas call
    (``fill_styled_polygons``, ...), which keeps a full redraw a few milliseconds of Python
    and one compact message. Call it inside :func:`batch` (or ``hold_canvas``).

``BoardCanvas(width=900.0, height=910.0, *, pixel_ratio=2.0)``
    Owns an ``ipycanvas.MultiCanvas`` (``.widget``, put it in your layout) with a static
    layer under a dynamic one, at ``pixel_ratio`` backing pixels per scene unit and a CSS
    size that fits the notebook width and the screen height (only the CSS width is set:
    ``min(<width>px, (100vh - var(--shangrila-reserved)) * width / height)``, ``max-width:
    100%``; the height follows the aspect ratio), so it is crisp on high-DPI screens, never
    overflows and is never distorted:

    .. code-block:: python

        board = BoardCanvas(scene.width, scene.height)
        board.draw(scene)                  # static if it changed, then dynamic: ONE message
        board.draw_dynamic(new_scene)      # after a move: ONE message
        board.on_click(print)              # ("space", "A", "healer"), ("village", "B"), None
        board.widget.on_client_ready(lambda: board.redraw())   # Voila / reloaded page

    ``draw_static(scene)`` and ``draw_dynamic(scene)`` each send exactly one message (one
    ``hold_canvas`` batch, beginning with its own canvas switch so a freshly connected page
    can draw it). ``draw(scene)`` redraws the static layer only when ``scene.static`` is a
    different tuple, both layers in one message. ``to_scene(x, y)`` maps mouse-event
    coordinates (ipycanvas reports them in backing pixels, whatever the CSS size) to scene
    units; ``hit_test(x, y)`` does that and asks the last drawn scene what is there.

    ``on_click(callback)`` calls ``callback(target)`` with the hit-test target of every press
    on the board (a mouse button, a tap, a pen), ``on_key(callback)`` calls ``callback(key,
    shift, ctrl, meta)`` for every key pressed while the board has the focus. Touch, pen and
    the wheel only work with a :class:`~shangrila_widget.render.pointer.PointerGuard` on the
    page (the board's stylesheet widget carries one): ipycanvas's front end cancels them.
    A front-end message with a point that is not two finite numbers on the canvas, or a key
    that is not a short string with three booleans, is logged and dropped.

Everything else (traits, buttons, keys, what a click means) is the widget's business.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from ipycanvas import Canvas, MultiCanvas
from ipywidgets import Layout

from shangrila_widget.render.ipycanvas_compat import batch
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text
from shangrila_widget.render.scene import Scene
from shangrila_widget.rules.errors import excerpt

__all__ = ["CANVAS_CLASS", "POINTER_CLASS", "RESERVED_VAR", "BoardCanvas", "batch", "paint"]

CANVAS_CLASS = "shangrila-canvas"
"""The class of the board's ``<canvas>`` element (``widget/style.py`` styles it)."""

POINTER_CLASS = "shangrila-pointer"
"""The class of the canvases whose touch, pen, wheel and key input a
:class:`~shangrila_widget.render.pointer.PointerGuard` sets right (the board's has it)."""

RESERVED_VAR = "--shangrila-reserved"
"""CSS custom property: the viewport height kept free for everything but the picture."""

DEFAULT_RESERVED = "150px"

_ALIGN = {"start": "left", "middle": "center", "end": "right"}

log = logging.getLogger(__name__)

KeyHandler = Callable[[str, bool, bool, bool], Any]
"""``callback(key, shift, ctrl, meta)``: a key pressed on the board (DOM ``KeyboardEvent.key``)."""

_MAX_KEY = 40  # the longest DOM key name is about 25 characters


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


def _run_key(p: Primitive) -> tuple[Any, ...] | None:
    """Primitives with equal keys, one after another, are drawn by one vectorised call."""
    if isinstance(p, Line):
        return ("line", p.cap, p.line_width, p.dash)
    if not isinstance(p, (Circle, Polygon, Rect)):
        return None  # texts (and anything else: _scalar refuses what is not a primitive)
    if p.fill is not None and p.stroke is not None:
        return None
    kind = type(p).__name__
    if isinstance(p, Rect) and p.rx:
        return None
    if p.fill is not None:
        return (kind, "fill")
    return (kind, "stroke", p.line_width, p.dash)


def paint(
    canvas: Canvas, primitives: Sequence[Primitive], *, scale: float = 1.0, clear: bool = True
) -> None:
    """Draw ``primitives`` on ``canvas``, ``scale`` canvas pixels per scene unit.

    With ``clear`` the canvas is wiped first. Wrap the call in :func:`batch` (or
    ``hold_canvas``) to send it as one message.
    """
    if clear:
        canvas.reset_transform()
        canvas.clear()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    canvas.line_cap = "round"
    canvas.line_join = "round"
    pen = _Pen(canvas)
    pen.set_alpha(1.0)
    keys = [_run_key(p) for p in primitives]
    i, n = 0, len(primitives)
    while i < n:
        key = keys[i]
        j = i + 1
        if key is None:
            _scalar(pen, primitives[i])
        else:
            while j < n and keys[j] == key:
                j += 1
            pen.set_alpha(1.0)
            _vector(pen, key, primitives[i:j])
        i = j
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


def _vector(pen: _Pen, key: tuple[Any, ...], run: Sequence[Primitive]) -> None:
    canvas = pen.canvas
    kind, mode = key[0], key[1]
    stroke = kind == "line" or mode == "stroke"
    if stroke:
        pen.set_line(key[-2], key[-1])
    if stroke:
        pen.set_cap(mode if kind == "line" else "round")
    colours, alphas = _colours(run, stroke)
    if kind == "Circle":
        circles: Sequence[Circle] = run  # type: ignore[assignment]
        xyr = np.array([(c.cx, c.cy, c.r) for c in circles], dtype=np.float32)
        draw = canvas.stroke_styled_circles if stroke else canvas.fill_styled_circles
        draw(xyr[:, 0], xyr[:, 1], xyr[:, 2], colours, alphas)
    elif kind == "Polygon":
        polygons: Sequence[Polygon] = run  # type: ignore[assignment]
        points = np.array([xy for poly in polygons for xy in poly.points], dtype=np.float32)
        counts = np.array([len(poly.points) for poly in polygons], dtype=np.int32)
        if stroke:
            canvas.stroke_styled_polygons(points, colours, alphas, points_per_polygon=counts)
        else:
            canvas.fill_styled_polygons(points, colours, alphas, points_per_polygon=counts)
    elif kind == "line":
        lines: Sequence[Line] = run  # type: ignore[assignment]
        segments = np.array([((ln.x1, ln.y1), (ln.x2, ln.y2)) for ln in lines], dtype=np.float32)
        canvas.stroke_styled_line_segments(segments, colours, alphas)
    elif kind == "Rect":
        rects: Sequence[Rect] = run  # type: ignore[assignment]
        xywh = np.array([(r.x, r.y, r.w, r.h) for r in rects], dtype=np.float32)
        draw = canvas.stroke_styled_rects if stroke else canvas.fill_styled_rects
        draw(xywh[:, 0], xywh[:, 1], xywh[:, 2], xywh[:, 3], colours, alphas)
    else:  # pragma: no cover - _run_key only makes the keys above
        raise TypeError(f"cannot batch {kind}")


def _scalar(pen: _Pen, p: Primitive) -> None:
    canvas = pen.canvas
    if not isinstance(p, (Text, Circle, Polygon, Rect, Line)):
        raise TypeError(f"not a primitive: {p!r}")
    pen.set_alpha(p.opacity)
    if isinstance(p, Text):
        pen.set_fill(p.fill)
        font = p.font()
        if pen.font != font:
            canvas.font = font
            pen.font = font
        align = _ALIGN[p.anchor]
        if pen.align != align:
            canvas.text_align = align
            pen.align = align
        canvas.fill_text(p.text, p.x, p.y)
        return
    fill, stroke = p.fill, p.stroke
    if isinstance(p, Circle):
        if fill:
            pen.set_fill(fill)
            canvas.fill_circle(p.cx, p.cy, p.r)
        if stroke:
            pen.set_stroke(stroke, p.line_width, p.dash)
            canvas.stroke_circle(p.cx, p.cy, p.r)
    elif isinstance(p, Polygon):
        points = np.array(p.points, dtype=np.float32)
        if fill:
            pen.set_fill(fill)
            canvas.fill_polygon(points)
        if stroke:
            pen.set_stroke(stroke, p.line_width, p.dash)
            canvas.stroke_polygon(points)
    elif isinstance(p, Rect):
        if p.rx:
            _rounded_rect_path(canvas, p)
            if fill:
                pen.set_fill(fill)
                canvas.fill()
            if stroke:
                pen.set_stroke(stroke, p.line_width, p.dash)
                canvas.stroke()
        else:
            if fill:
                pen.set_fill(fill)
                canvas.fill_rect(p.x, p.y, p.w, p.h)
            if stroke:
                pen.set_stroke(stroke, p.line_width, p.dash)
                canvas.stroke_rect(p.x, p.y, p.w, p.h)
    else:
        pen.set_stroke(p.stroke, p.line_width, p.dash)
        pen.set_cap(p.cap)
        canvas.stroke_line(p.x1, p.y1, p.x2, p.y2)


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


def _css_width(width: float, height: float) -> str:
    """The canvas's CSS width: at most ``width`` px, and small enough that the picture (its
    height follows from the backing store's aspect ratio) fits in the viewport height minus
    ``var(--shangrila-reserved)``. Width-only sizing keeps the proportions in every layout."""
    ratio = width / height
    return (
        f"min({width:g}px, calc((100vh - var({RESERVED_VAR}, {DEFAULT_RESERVED})) * {ratio:.6f}))"
    )


class BoardCanvas:
    """A two-layer ipycanvas board (static under dynamic) drawn from scenes; see the module
    docstring for the whole API."""

    def __init__(
        self,
        width: float = 900.0,
        height: float = 910.0,
        *,
        pixel_ratio: float = 2.0,
        css_width: str = "100%",
    ) -> None:
        # ``css_width``: the largest CSS width (default: the width of the enclosing box).
        if pixel_ratio <= 0:
            raise ValueError(f"pixel_ratio must be positive, not {pixel_ratio!r}")
        self.pixel_ratio = float(pixel_ratio)
        self.width = float(width)
        self.height = float(height)
        self.widget = MultiCanvas(
            2,
            width=round(self.width * self.pixel_ratio),
            height=round(self.height * self.pixel_ratio),
            layout=Layout(
                display="block",
                width=_css_width(self.width, self.height),
                max_width=css_width,
                height="auto",
            ),
        )
        self.widget.add_class(CANVAS_CLASS)
        self.widget.add_class(POINTER_CLASS)
        self.scene: Scene | None = None
        self._static: tuple[Primitive, ...] | None = None

    # ------------------------------------------------------------------ layers

    @property
    def static_layer(self) -> Canvas:
        """The bottom canvas (map, blocks, spaces, labels)."""
        return self.widget[0]

    @property
    def dynamic_layer(self) -> Canvas:
        """The top canvas (bridges, tiles, stones, strengths, highlights, footer); it
        receives the mouse events."""
        return self.widget[1]

    def _fit(self, scene: Scene) -> bool:
        """Resize the backing store to the scene; True if it changed (the page clears)."""
        if (scene.width, scene.height) == (self.width, self.height):
            return False
        self.width, self.height = scene.width, scene.height
        self.widget.width = round(self.width * self.pixel_ratio)
        self.widget.height = round(self.height * self.pixel_ratio)
        self.widget.layout.width = _css_width(self.width, self.height)
        self._static = None
        return True

    def draw_static(self, scene: Scene) -> None:
        """Redraw the static layer from ``scene``: one message."""
        self._fit(scene)
        with batch(self.widget):
            paint(self.static_layer, scene.static, scale=self.pixel_ratio)
        self._static = scene.static
        self.scene = scene

    def draw_dynamic(self, scene: Scene) -> None:
        """Redraw the dynamic layer from ``scene``: one message."""
        if self._fit(scene) or self._static is not scene.static:
            self.draw(scene)
            return
        with batch(self.widget):
            paint(self.dynamic_layer, scene.dynamic, scale=self.pixel_ratio)
        self.scene = scene

    def draw(self, scene: Scene, *, force: bool = False) -> None:
        """Redraw what changed (the static layer only if ``scene.static`` is another tuple,
        or with ``force``), all in one message."""
        self._fit(scene)
        with batch(self.widget):
            if force or self._static is not scene.static:
                paint(self.static_layer, scene.static, scale=self.pixel_ratio)
            paint(self.dynamic_layer, scene.dynamic, scale=self.pixel_ratio)
        self._static = scene.static
        self.scene = scene

    def redraw(self) -> None:
        """Draw the last scene again, both layers (for ``on_client_ready``: a page that just
        connected has blank canvases)."""
        if self.scene is not None:
            self.draw(self.scene, force=True)

    # ------------------------------------------------------------------ mouse

    def to_scene(self, x: float, y: float) -> tuple[float, float]:
        """Mouse-event coordinates (backing pixels, as ipycanvas reports them) -> scene."""
        return (x / self.pixel_ratio, y / self.pixel_ratio)

    def hit_test(self, x: float, y: float) -> HitTarget:
        """What the last drawn scene has under the mouse-event point ``(x, y)``."""
        if self.scene is None:
            return None
        return self.scene.hit_test(*self.to_scene(x, y))

    def on_click(self, callback: Callable[[HitTarget], Any]) -> None:
        """Call ``callback(target)`` with the hit-test target of every press on the board: a
        mouse button, a tap or a pen (ipycanvas's ``mouse_down``; the browser makes one from a
        tap, see :mod:`.pointer`). A point that is not on the canvas is logged and dropped."""

        def deliver(x: Any, y: Any) -> None:
            if self._on_canvas(x, y):
                callback(self.hit_test(x, y))

        self.widget.on_mouse_down(deliver)

    def on_key(self, callback: KeyHandler) -> None:
        """Call ``callback(key, shift, ctrl, meta)`` for every key pressed while the board has
        the focus (Tab and the keys with Ctrl, Alt or Meta stay the browser's where the page
        has a :class:`~.pointer.PointerGuard`). Anything else is logged and dropped."""

        def deliver(key: Any, shift: Any, ctrl: Any, meta: Any) -> None:
            flags = (shift, ctrl, meta)
            if (
                isinstance(key, str)
                and 0 < len(key) <= _MAX_KEY
                and all(isinstance(flag, bool) for flag in flags)
            ):
                callback(key, shift, ctrl, meta)
            else:
                log.warning(
                    "board canvas: ignored a key event: key %s, shift %s, ctrl %s, meta %s",
                    *(excerpt(v) for v in (key, *flags)),
                )

        self.dynamic_layer.on_key_down(deliver)

    def _on_canvas(self, x: Any, y: Any) -> bool:
        """True if (x, y) is a point of the canvas in backing pixels; else log it."""
        numbers = all(
            (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, float) and math.isfinite(v))
            for v in (x, y)
        )
        width, height = self.width * self.pixel_ratio, self.height * self.pixel_ratio
        if numbers and -1 <= x <= width + 1 and -1 <= y <= height + 1:
            return True
        log.warning("board canvas: ignored a click at x %s, y %s", excerpt(x), excerpt(y))
        return False

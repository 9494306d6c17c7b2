"""The board's canvas: a two-layer ipycanvas widget drawn from scenes, in one message per redraw.

Two pieces, for the board widget to build on:

``paint(canvas, primitives, *, scale=1.0, clear=True)``
    The painter (:mod:`.painter`, re-exported here): primitives onto an ``ipycanvas.Canvas``
    in few vectorised calls. Call it inside :func:`batch` (or ``hold_canvas``).

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
from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas, MultiCanvas
from ipywidgets import Layout

from shangrila_widget.render.ipycanvas_compat import batch
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.render.painter import paint
from shangrila_widget.render.primitives import Primitive
from shangrila_widget.render.scene import Scene
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem

__all__ = ["CANVAS_CLASS", "POINTER_CLASS", "RESERVED_VAR", "BoardCanvas", "batch", "paint"]

CANVAS_CLASS = "shangrila-canvas"
"""The class of the board's ``<canvas>`` element (``widget/page_css.py`` styles it)."""

POINTER_CLASS = "shangrila-pointer"
"""The class of the canvases whose touch, pen, wheel and key input a
:class:`~shangrila_widget.render.pointer.PointerGuard` sets right (the board's has it)."""

RESERVED_VAR = "--shangrila-reserved"
"""CSS custom property: the viewport height kept free for everything but the picture."""

DEFAULT_RESERVED = "150px"

log = logging.getLogger(__name__)

KeyHandler = Callable[[str, bool, bool, bool], Any]
"""``callback(key, shift, ctrl, meta)``: a key pressed on the board (DOM ``KeyboardEvent.key``)."""

_MAX_KEY = 40  # the longest DOM key name is about 25 characters


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
            raise ShangrilaError(problem("render_pixel_ratio", value=repr(pixel_ratio)))
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
        self._max_css_width = css_width
        #: The rule for the CSS width, from the backing store's width and height (see
        #: :meth:`set_css_width`).
        self.css_width: Callable[[float, float], str] = _css_width
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
        self.widget.layout.width = self.css_width(self.width, self.height)
        self._static = None
        return True

    def set_css_width(self, rule: Callable[[float, float], str] | None) -> None:
        """Size the canvas on the page by ``rule(width, height)`` (a CSS width; None: the
        default, which fits the notebook's width and the screen's height, at most the
        largest width given) from now on, also when a scene of another size comes; with a
        rule, the largest width no longer applies (a presenter's board may grow)."""
        self.css_width = rule or _css_width
        self.widget.layout.max_width = self._max_css_width if rule is None else "none"
        self.widget.layout.width = self.css_width(self.width, self.height)

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

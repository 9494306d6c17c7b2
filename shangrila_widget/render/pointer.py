"""Touch, pen, wheel and keys on the board canvas: the page-side fix for what ipycanvas cancels.

ipycanvas's front end (0.13 to 0.14) listens on the ``<canvas>`` element itself and cancels
every ``touchstart``/``touchmove``/``touchend`` (``preventDefault`` and
``stopImmediatePropagation``), every ``wheel`` event and every key. On a board that meant: a
tap on an interactive whiteboard, a tablet or a touch Chromebook played nothing, a swipe did
not scroll the page, the mouse wheel and the touchpad did not scroll it while the pointer was
over the board, and Tab could not leave the board.

:class:`PointerGuard` is a small invisible `anywidget <https://anywidget.dev>`_ widget whose
ES module (``pointer.js`` beside this file, shipped inline: no network) adds, once per page,
listeners on the *document* in the capture phase, which run before the canvas's own. For
events aimed at a canvas with the class :data:`POINTER_CLASS` (the board's canvas has it; give
it to any ipycanvas widget of ours with ``canvas.add_class(POINTER_CLASS)``) they

* stop touch and wheel events on their way down, without cancelling them: ipycanvas never
  sees them, so the browser scrolls the page on a swipe or a wheel, and turns a tap (or a
  pen's touch) into the standard mouse events, whose ``mousedown`` ipycanvas reports as a
  click at the right point (the browser's own tap detection: a swipe, a pinch or a long press
  plays nothing);
* send Tab and the keys with Ctrl, Alt or Meta round the canvas: its parent gets a copy (so
  JupyterLab's shortcuts still work) and, unless the page takes it, the browser does what it
  does with them (Tab moves the focus on, Ctrl+plus zooms);
* on ``mousedown`` (from a mouse, a tap or a pen), focus the canvas with ``preventScroll``
  before ipycanvas focuses it and then measures the pointer: a focus that scrolled a partly
  visible board would otherwise move it under the pointer, and the click would land elsewhere.

Clicks and keys then arrive in Python the way a mouse's always did: ipycanvas's
``mouse_down`` and ``key_down`` on the MultiCanvas, which
:meth:`.canvas.BoardCanvas.on_click` and :meth:`~.canvas.BoardCanvas.on_key` check and
deliver. Without this widget on the page (its front end missing) the mouse and the keys still
work as before.

The front end reports itself: :attr:`PointerGuard.active` turns true when a page has
installed the listeners, and :attr:`PointerGuard.width` is the CSS width of the board the
guard sits in (its nearest ``.shangrila-board``), measured again whenever it changes: the
board opens a village large on a tap when it is narrower than a phone's
(:data:`~shangrila_widget.widget.board_widget.PHONE_WIDTH`).
``tests/render/test_ipycanvas_compat.py`` checks that ipycanvas's front end still listens
on the canvas element and still cancels what this works around.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from shangrila_widget.render.canvas import POINTER_CLASS

__all__ = ["CSS", "ESM", "POINTER_CLASS", "PointerGuard"]

ESM = (Path(__file__).with_name("pointer.js")).read_text(encoding="utf-8")
"""The ES module of :class:`PointerGuard` (the text of ``pointer.js``)."""


CSS = f"canvas.{POINTER_CLASS} {{ touch-action: manipulation; }}\n"
"""No double-tap zoom on the canvas (two quick taps are two clicks); panning and pinching stay."""


class PointerGuard(anywidget.AnyWidget):
    """Invisible; put one in the page with the board canvas (the board's stylesheet widget
    carries it). See the module docstring."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    _css = traitlets.Unicode(CSS).tag(sync=True)
    active = traitlets.Bool(False, help="a page has installed the listeners").tag(sync=True)
    width = traitlets.Int(
        0, help="the CSS width of the board this guard sits in, measured by the page (0: unknown)"
    ).tag(sync=True)

"""Every use of ipycanvas's private API, in one place.

ipycanvas (0.13.1 to 0.14.x) sends all drawing through one module-level manager widget,
``ipycanvas.canvas._CANVAS_MANAGER`` (reached as ``canvas._canvas_manager``). Two of its
behaviours need us to touch its private members:

* ``hold_canvas()`` sets ``_caching``, yields and flushes without ``try``/``finally``: an
  exception inside leaves the manager caching for ever and keeps the half-built batch, so every
  later drawing of the whole kernel is silently held back.
* The manager remembers, kernel-side, the canvas it drew to last (``_current_canvas``) and
  leaves out the "switch canvas" command when the next command is for the same canvas. A page
  that connects later (Voila, a reloaded notebook) never received that switch and fails with
  "Cannot read properties of undefined" (jupyter-widgets-contrib/ipycanvas#322, open).

:func:`batch` is ``hold_canvas`` with both fixed. ``tests/render/test_ipycanvas_compat.py``
checks that the members used here exist with the meaning assumed, so that an ipycanvas
release that changes them fails a test rather than a classroom. (The dependency range starts
at 0.13.1: 0.13.0's Python side asks for front end ``^0.12`` while shipping 0.13.0, so no
canvas shows; 0.12 has no ``_canvas_manager`` on the canvas.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ipycanvas import Canvas, MultiCanvas

__all__ = ["MANAGER_MEMBERS", "batch", "canvas_manager"]

MANAGER_MEMBERS = ("_caching", "_current_canvas", "_commands_cache", "_buffers_cache", "flush")
"""The members of ipycanvas's canvas manager that :func:`batch` uses."""


def canvas_manager(canvas: Canvas | MultiCanvas) -> Any:
    """The manager widget every draw command of ``canvas`` goes through."""
    return canvas._canvas_manager


@contextmanager
def batch(canvas: Canvas | MultiCanvas) -> Iterator[None]:
    """Like ``ipycanvas.hold_canvas()``: everything drawn inside goes out as one message.

    Unlike it, an exception inside drops the half-built batch and leaves the canvas manager
    as it was (``hold_canvas`` would leave it caching forever); nested batches send once, at
    the outermost. The batch starts with a switch to the canvas drawn first, so a page that
    connected after the last draw still knows where to draw.
    """
    manager = canvas_manager(canvas)
    outer = manager._caching
    manager._caching = True
    if not outer:
        manager._current_canvas = None  # make the batch self-contained (ipycanvas#322)
    try:
        yield
    except BaseException:
        if not outer:
            manager._commands_cache = []
            manager._buffers_cache = []
            manager._caching = False
            manager._current_canvas = None
        raise
    if not outer:
        manager.flush()
        manager._caching = False

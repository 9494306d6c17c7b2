"""The widgets' page stylesheet: how the board sits on a screen (or a projector).

ipywidgets' ``Layout`` cannot express everything the board needs, so every board carries one
small invisible box: a ``<style>`` element (an ``HTML`` widget) with the rules below, and the
:class:`~shangrila_widget.render.pointer.PointerGuard` that lets touch, pen, the wheel and Tab
work on the canvas (see :mod:`shangrila_widget.render.pointer`).

* **The first click is not lost.** ipycanvas's front end calls ``canvas.focus()`` on every
  mouse-down and *then* maps the pointer through ``getBoundingClientRect()``. When the canvas
  is not focused yet (the first click after a page load, or after a button took the focus) and
  only partly visible, the browser scrolls it into view between the event and the measurement,
  and the click lands on another point of the board (measured in Voila: 135 px lower, "Nothing
  to do there"). The pointer guard focuses the canvas without scrolling before ipycanvas does
  (for a tap or a pen too); where its front end is missing, a large negative
  ``scroll-margin`` while the pointer is over the canvas makes the focus scroll a no-op.
  Keyboard focus (no hover) still scrolls the board into view.
* **The picture keeps its proportions and fits the screen height.** The canvas's CSS width is
  ``min(<board width>px, (100vh - reserved) * width / height)`` (set by
  :class:`~shangrila_widget.render.canvas.BoardCanvas`), its height follows from the backing
  store's aspect ratio, and it is never stretched by a taller neighbour (``display: block`` in
  a block box). ``reserved`` is the height of what must stay visible with the board: the
  board's own bars, and the notebook's menus and toolbars in JupyterLab / Notebook 7
  (``.jp-NotebookPanel``; Voila's page has none). Set
  ``--shangrila-reserved`` on an enclosing element to change it. The side panel is never
  taller than that either; its long texts (the tour's narration) scroll inside it, and the
  message line sticks to its bottom edge, so it stays on screen.
"""

from __future__ import annotations

import logging
from functools import cache

import ipywidgets as widgets

from shangrila_widget.render.canvas import CANVAS_CLASS, RESERVED_VAR

__all__ = ["STYLESHEET", "stylesheet"]

log = logging.getLogger(__name__)

STYLESHEET = f"""
.shangrila-board {{ {RESERVED_VAR}: 150px; }}
.shangrila-tour .shangrila-board {{ {RESERVED_VAR}: 190px; }}
.shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 190px; }}
.jp-NotebookPanel .shangrila-board {{ {RESERVED_VAR}: 260px; }}
.jp-NotebookPanel .shangrila-tour .shangrila-board,
.jp-NotebookPanel .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 310px; }}
canvas.{CANVAS_CLASS}:hover {{ scroll-margin: -100000px; }}
.shangrila-board .shangrila-message {{
  position: sticky; bottom: 0; z-index: 1; background: var(--jp-layout-color0, #fff);
}}
"""


def stylesheet() -> widgets.Box:
    """A new invisible box (one per board) holding :data:`STYLESHEET` in an ``HTML`` widget
    and the page's :class:`~shangrila_widget.render.pointer.PointerGuard` (touch, pen,
    wheel)."""
    sheet = widgets.HTML(f"<style>{STYLESHEET}</style>")
    box = widgets.Box([sheet, *_pointer_guard()], layout=widgets.Layout(display="none"))
    box.add_class("shangrila-style")
    return box


# h6-touch: the pointer guard travels with the stylesheet (one per board, in every page).
def _pointer_guard() -> list[widgets.Widget]:
    """A new pointer guard; none where anywidget cannot be imported (a JupyterLite site
    built without it): the mouse and the keys then work as before, touch and wheel do not."""
    try:
        from shangrila_widget.render.pointer import PointerGuard
    except ImportError as error:
        _warn_no_guard(str(error))
        return []
    return [PointerGuard()]


@cache
def _warn_no_guard(reason: str) -> None:
    log.warning("no pointer guard (%s): touch, pen and the wheel do nothing on the board", reason)

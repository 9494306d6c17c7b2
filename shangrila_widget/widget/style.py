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
/* The tour's Exercises button stands out at a chapter's last step. */
.shangrila-tour .shangrila-practise.shangrila-call {{
  font-weight: bold; outline: 2px solid var(--jp-brand-color1, #0072B2);
}}
/* h2-tour-checker */
.shangrila-header, .shangrila-checker-bar {{ gap: 2px 4px; }}
.shangrila-title {{ margin-right: 6px; }}
.shangrila-title .widget-html-content {{ font-size: 15px; }}
.shangrila-tour-panel, .shangrila-checker-panel {{ overflow: hidden !important; }}
.shangrila-tour-panel > *, .shangrila-checker-panel > * {{ flex: 0 0 auto; }}
.shangrila-tour-panel > .shangrila-narration {{
  flex: 1 1 auto; min-height: 8em; overflow-y: auto;
}}
.shangrila-chapter-picker {{ width: 22em; max-width: 100%; }}
.shangrila-tour-panel .shangrila-message, .shangrila-checker-panel .shangrila-message {{
  position: static;
}}
.shangrila-what-if > * {{ flex: 0 0 auto; }}
.shangrila-tour-panel > .shangrila-board-info,
.shangrila-checker-panel > .shangrila-board-info {{
  flex: 0 1 auto; min-height: 0; overflow-y: auto;
}}
.shangrila-tour .shangrila-board, .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 200px; }}
.shangrila-tour > .shangrila-board, .shangrila-checker > .shangrila-board {{
  max-width: none !important;  /* the panel beside the board takes the rest of a wide screen */
}}
.jp-NotebookPanel .shangrila-tour .shangrila-board,
.jp-NotebookPanel .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 330px; }}
@media (max-width: 1180px) {{
  .shangrila-tour .shangrila-board, .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 240px; }}
  .jp-NotebookPanel .shangrila-tour .shangrila-board,
  .jp-NotebookPanel .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 400px; }}
}}
.shangrila-reference {{ max-height: 40vh; overflow-y: auto; }}
button.shangrila-copy {{ width: auto; }}
.shangrila-reference-table {{ font-size: 90%; }}
.shangrila-chapter-title {{ margin: 0 0 6px; }}
.shangrila-events {{ padding-left: 1.1em; }}
.shangrila-rule-line {{ margin: 2px 0 6px; }}
.shangrila-guide summary {{ cursor: pointer; color: var(--jp-ui-font-color2, #555); }}
.shangrila-note {{
  padding: 2px 8px; color: var(--jp-ui-font-color1, #000);
  border-left: 4px solid var(--jp-warn-color1, #E69F00);
  background: #fff7d6;
  background: color-mix(
    in srgb, var(--jp-warn-color1, #E69F00) 16%, var(--jp-layout-color1, #fff)
  );
}}
.shangrila-note-refused {{
  border-left-color: var(--jp-error-color1, #D55E00);
  background: #fff4ec;
  background: color-mix(
    in srgb, var(--jp-error-color1, #D55E00) 14%, var(--jp-layout-color1, #fff)
  );
}}
.shangrila-presenting .shangrila-narration .widget-html-content,
.shangrila-presenting .shangrila-message .widget-html-content {{
  font-size: 22px; line-height: 1.4;
}}
.shangrila-presenting .shangrila-header button, .shangrila-presenting .shangrila-header select,
.shangrila-presenting .shangrila-checker-bar button,
.shangrila-presenting .shangrila-what-if button, .shangrila-presenting .shangrila-what-if select {{
  font-size: 20px; height: auto; min-height: 36px;
}}
.shangrila-presenting .shangrila-step-label .widget-html-content,
.shangrila-presenting .shangrila-what-if .widget-html-content {{ font-size: 20px; }}
.shangrila-presenting .shangrila-title, .shangrila-presenting .shangrila-nav-first,
.shangrila-presenting .shangrila-nav-last, .shangrila-presenting .shangrila-share,
.shangrila-presenting .shangrila-what-if-kinds,
.shangrila-presenting .shangrila-tour-panel > :not(.shangrila-narration):not(.shangrila-message),
.shangrila-presenting .shangrila-checker-panel
  > :not(.shangrila-what-if):not(.shangrila-message):not(.shangrila-edit-tools) {{
  display: none !important;
}}
.shangrila-presenting .shangrila-board {{ {RESERVED_VAR}: 120px; max-width: none !important; }}
.jp-NotebookPanel .shangrila-presenting .shangrila-board {{ {RESERVED_VAR}: 270px; }}
.shangrila-presenting canvas.{CANVAS_CLASS} {{
  width: min(calc(100vw - 380px), calc((100vh - var({RESERVED_VAR})) * {900 / 910:.6f}))
    !important;
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

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
  taller than that either; its long texts (the tour's narration) scroll inside it. The
  message line comes first in it (never pinned over the other texts: pinned, it covered the
  score table at the end of a game and the narration's last lines), and nothing in it
  shrinks (a flex item shrunk to the panel's height showed only the table's header).
* **Presenter mode** (the class ``shangrila-presenter``, the board's ``presenter`` trait):
  the board covers the whole window (fixed, over the page's other cells), in JupyterLab
  and Notebook 7 the notebook's area (the notebook panel's ``contain: strict`` holds a fixed
  element: the board is sized to 100 % of it), as a grid of two columns: the picture as tall
  as the board (the root is a CSS size container; ``cqh``) in the first; the bars, the
  buttons, then the message line and the table (scrolling) in the second, with large text
  and buttons; the click-mode toggle, the speed slider and the line naming the computer
  players are folded away. The bars and the buttons are never squeezed and the side panel
  keeps at least 180 px: where the window is too small for that (JupyterLab with its file
  browser open at 1024x768, where the buttons wrap to five rows), the whole board scrolls
  instead of clipping the side column (issue 23). On a phone's width (:data:`PHONE_MEDIA`)
  the phone layout stands in for it, with the pressed *Presenter* button to leave it.
"""

from __future__ import annotations

import logging
from functools import cache

import ipywidgets as widgets

from shangrila_widget.render.canvas import CANVAS_CLASS, RESERVED_VAR
from shangrila_widget.render.layout import board_layout
from shangrila_widget.render.styles import PRESENTER_LETTERING

PRESENTER = "shangrila-presenter"

#: Width / height of the board picture in presenter mode (its footer is taller).
_PRESENTER_RATIO = 900 / (board_layout(900, 4).board_height + PRESENTER_LETTERING.footer_height)

#: Below this CSS width the presenter board's letters are under 12 px on screen (they are
#: ``space_letter`` design units of a picture 900 wide).
_LEAST_PICTURE = 12 * 900 / PRESENTER_LETTERING.space_letter
#: The presenter board's size (its content box) below which the picture is narrower than
#: :data:`_LEAST_PICTURE`: its side column takes at least 300 px (``PRESENTER_SIDE``).
_TOO_SMALL_WIDTH = _LEAST_PICTURE + 300
_TOO_SMALL_HEIGHT = _LEAST_PICTURE / _PRESENTER_RATIO

#: The media query of the phone layout (the page's width).
PHONE_MEDIA = "(max-width: 600px)"
#: Wider than a phone: presenter mode's layout (a projector's) is laid out only there; on a
#: phone's width the phone layout stands in for it.
_WIDER_THAN_A_PHONE = f"not all and {PHONE_MEDIA}"

__all__ = ["PHONE_MEDIA", "PHONE_STYLESHEET", "STYLESHEET", "page_guard", "stylesheet"]

log = logging.getLogger(__name__)

# Comments about the rules below live here, not in the CSS (every word of the page is
# checked for its language): the tour's Exercises button stands out at a chapter's last
# step; the tour's and the checker's panels keep their own order (narration, then the
# message and the action box), which the board alone puts first; the picture and the side
# panel share a row while there are 320 px for the one and 260 px for the other (the picture
# shrinks to its 320 px first, its max-content width is its full size), and only below that
# does the side panel wrap under it (it pushed the button row out of the window in
# JupyterLab with its file browser open at 1024x768; the phone's rules come first, hence
# the :where); the supply table fits a narrow side panel (a phone, a projector's column,
# that host) in a compact form: smaller gaps, and the headers of its last two columns
# (masters, villages: the widest words) turned to run upwards, and in the narrowest (a phone
# in JupyterLab, whose side bars stay) the colour's swatch above its name; the tour's
# narration is as wide as its panel (at 100 % its margins overflowed it); the what-if list's
# lines wrap (ipywidgets writes them with no-break spaces: they may break anywhere) in a box
# at most 160 px (40 % of the window) tall, so nothing in it needs a sideways scroll (it and the
# exercises' answers, 100 % wide, lose their side margins); the checker's position string
# field shrinks with its panel (its input kept the 186 px of its 20 characters: with its
# label 290 px, wider than the 254 px panel of JupyterLab with its file browser open at
# 1024x768, which then scrolled sideways), the buttons beside it wrap; inside a tour or
# a checker in presenter mode the board keeps its place in the owner's own presenter layout
# (the owner's header stays on screen), only its texts and letters grow; in JupyterLab and
# Notebook 7 a cell whose source is hidden shows its first line in one unbroken line, as wide
# as that line (the checker's and the tour's example notebooks: 440 px), which made the
# notebook scroll sideways on a phone: in the cell of a board it may shrink (cut with an
# ellipsis).
STYLESHEET = f"""
.shangrila-board {{ {RESERVED_VAR}: 150px; }}
.shangrila-tour .shangrila-board {{ {RESERVED_VAR}: 190px; }}
.shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 190px; }}
.jp-NotebookPanel .shangrila-board {{ {RESERVED_VAR}: 330px; }}
.jp-NotebookPanel .shangrila-tour .shangrila-board,
.jp-NotebookPanel .shangrila-checker .shangrila-board {{ {RESERVED_VAR}: 310px; }}
canvas.{CANVAS_CLASS}:hover {{ scroll-margin: -100000px; }}
.shangrila-board .shangrila-main > .shangrila-board-box {{ order: -1; }}
.shangrila-board :where(.shangrila-main > .shangrila-board-box) {{
  flex: 1 1 320px !important; max-width: max-content;
}}
.shangrila-board :where(.shangrila-main > .shangrila-side-panel) {{ flex: 1 1 260px !important; }}
.shangrila-board .shangrila-side-panel > * {{ flex-shrink: 0; }}
.shangrila-board .shangrila-message, .shangrila-board .shangrila-action-box {{ order: -1; }}
.shangrila-board .shangrila-action-box {{ margin: 4px 0; }}
.shangrila-description ul {{ margin: 0; padding-left: 1.1em; }}
.shangrila-board .shangrila-status {{ white-space: nowrap; }}
.shangrila-board, .shangrila-review-chart {{ color: var(--jp-ui-font-color1, #000); }}
.shangrila-feedback {{ padding: 4px 8px; border-left: 4px solid var(--jp-border-color1, #999); }}
.shangrila-feedback ul {{ margin: 0; padding-left: 1.1em; }}
.shangrila-feedback p {{ margin: 0 0 4px; }}
.shangrila-feedback-played {{ border-left-color: #0072B2; }}
.shangrila-feedback-refused {{
  border-left-color: #D55E00; background: var(--jp-warn-color3, #fff4ec);
  color: var(--jp-ui-font-color1, #000);
}}
.shangrila-feedback-selected {{ border-left-color: var(--jp-ui-font-color1, #000); }}
.shangrila-rule-badge {{
  background: var(--jp-layout-color2, #eee); color: var(--jp-content-font-color1, #000);
  padding: 0 3px; border-radius: 3px;
}}
.shangrila-dot {{
  display: inline-block; width: 14px; height: 14px; border-radius: 7px; vertical-align: middle;
}}
.shangrila-swatch {{
  display: inline-block; width: 10px; height: 10px; border: 1px solid; vertical-align: middle;
}}
.shangrila-supply {{ border-collapse: collapse; font-size: 90%; }}
.shangrila-supply th, .shangrila-supply td {{ padding: 1px 6px; text-align: center; }}
.shangrila-supply th[scope=row] {{ text-align: left; }}
.shangrila-side-info {{ container-type: inline-size; }}
@container (max-width: 27em) {{
  .shangrila-supply th, .shangrila-supply td {{ padding: 1px 3px !important; }}
  .shangrila-supply th[scope=col]:nth-last-child(-n+2) {{
    writing-mode: sideways-lr; text-align: left; vertical-align: bottom;
  }}
}}
@container (max-width: 19em) {{
  .shangrila-supply th, .shangrila-supply td {{ padding: 1px 2px !important; }}
  .shangrila-supply th[scope=row] {{ white-space: normal !important; }}
}}
.shangrila-seats span {{ font-size: 90%; color: var(--jp-ui-font-color2, #444); }}
.shangrila-review-caption div {{ padding: 2px 6px; }}
.shangrila-error-details {{
  color: var(--jp-error-color1, #a00); border: 1px solid var(--jp-error-color1, #a00);
  padding: 4px;
}}
.shangrila-error-details pre {{ white-space: pre-wrap; }}
.shangrila-legend-picture {{ width: 100%; height: auto; }}
.jp-Cell:has(.shangrila-style) .jp-Placeholder-content {{ min-width: 0; }}
.jp-Cell:has(.shangrila-style) .jp-PlaceholderText {{ text-overflow: ellipsis; }}
.shangrila-too-small {{ display: none !important; }}
@media {_WIDER_THAN_A_PHONE} {{
.shangrila-board.{PRESENTER} {{
  display: grid !important; column-gap: 16px; row-gap: 6px; container-type: size;
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-rows: max-content max-content max-content minmax(180px, 1fr)
    auto auto auto auto;
  position: fixed !important; top: 0; left: 0; width: 100vw !important; height: 100vh;
  max-width: none !important; margin: 0 !important; padding: 12px; box-sizing: border-box;
  overflow: hidden auto; z-index: 10000; background: var(--jp-layout-color0, #fff);
}}
.jp-Notebook .shangrila-board.{PRESENTER} {{ width: 100% !important; height: 100%; }}
/* h23-projector */
.shangrila-tour.shangrila-presenting, .shangrila-checker.shangrila-presenting {{
  display: flex !important; flex-direction: column; position: fixed !important; top: 0;
  left: 0; width: 100vw !important; height: 100vh; max-width: none !important;
  margin: 0 !important; padding: 8px 12px; box-sizing: border-box; overflow: hidden;
  z-index: 10000; background: var(--jp-layout-color0, #fff); row-gap: 6px;
}}
.jp-Notebook .shangrila-tour.shangrila-presenting,
.jp-Notebook .shangrila-checker.shangrila-presenting {{ width: 100% !important; height: 100%; }}
.shangrila-tour.shangrila-presenting > *, .shangrila-checker.shangrila-presenting > * {{
  flex: 0 0 auto !important; min-width: 0;
}}
.shangrila-tour.shangrila-presenting > .shangrila-board.{PRESENTER},
.shangrila-checker.shangrila-presenting > .shangrila-board.{PRESENTER} {{
  position: static !important; flex: 1 1 0 !important; min-height: 0; width: auto !important;
  height: auto; padding: 0; z-index: auto;
}}
.{PRESENTER} > * {{ grid-column: 2; min-width: 0; }}
.{PRESENTER} > .shangrila-top-bar {{ grid-row: 1; }}
.{PRESENTER} > .shangrila-buttons {{ grid-row: 2; }}
.{PRESENTER} > .shangrila-main {{ display: contents !important; }}
.{PRESENTER} .shangrila-board-box {{ grid-column: 1; grid-row: 1 / -1; }}
.{PRESENTER} .shangrila-side-panel {{
  grid-column: 2; grid-row: 4; max-height: none !important; min-height: 0;
  padding: 0 !important; flex: none !important; align-self: stretch; overflow: auto !important;
}}
.{PRESENTER} .shangrila-kind, .{PRESENTER} .shangrila-seats,
.{PRESENTER} .widget-slider {{ display: none !important; }}
.{PRESENTER} .widget-html-content {{ font-size: inherit; line-height: 1.35; }}
.{PRESENTER} .shangrila-message, .{PRESENTER} .shangrila-status,
.{PRESENTER} .shangrila-narration, .{PRESENTER} .widget-checkbox label {{ font-size: 22px; }}
.{PRESENTER} .shangrila-side-info, .{PRESENTER} .shangrila-action-box input,
.{PRESENTER} .shangrila-action-box label {{ font-size: 20px !important; }}
.{PRESENTER} button {{
  font-size: 20px !important; height: auto !important; min-height: 44px;
  width: auto !important; padding: 4px 12px !important;
}}
.shangrila-presenter :not(svg, svg *), .shangrila-presenting :not(svg, svg *) {{
  font-size: max(20px, 1em);
}}
.shangrila-presenter :is(code, kbd, samp), .shangrila-presenting :is(code, kbd, samp) {{
  font-size: max(20px, 1em) !important;
}}
@container (max-width: {_TOO_SMALL_WIDTH:.0f}px) or (max-height: {_TOO_SMALL_HEIGHT:.0f}px) {{
  .{PRESENTER} > .shangrila-too-small {{
    display: block !important; grid-row: 3; font-weight: bold; padding: 2px 8px;
    border-left: 4px solid var(--jp-warn-color1, #E69F00);
  }}
}}
}}
.shangrila-tour .shangrila-practise.shangrila-call {{
  font-weight: bold; outline: 2px solid var(--jp-brand-color1, #0072B2);
}}
/* h2-tour-checker */
.shangrila-header, .shangrila-checker-bar {{ gap: 2px 4px; }}
.shangrila-title {{ margin-right: 6px; }}
.shangrila-title .widget-html-content {{ font-size: 15px; }}
.shangrila-tour-panel, .shangrila-checker-panel {{ overflow: auto !important; }}
.shangrila-tour-panel > *, .shangrila-checker-panel > * {{ flex: 0 0 auto; }}
.shangrila-tour-panel > .shangrila-narration {{
  flex: 1 1 auto; min-height: 8em; overflow-y: auto; width: auto !important;
}}
.shangrila-chapter-picker {{ width: 22em; max-width: 100%; }}
.shangrila-tour-panel .shangrila-message, .shangrila-checker-panel .shangrila-message {{
  position: static;
}}
.shangrila-what-if > * {{ flex: 0 0 auto; }}
.shangrila-what-if .widget-select, .shangrila-exercise-option {{
  margin-left: 0 !important; margin-right: 0 !important;
}}
.shangrila-what-if select {{ max-height: min(40vh, 160px); }}
.shangrila-share .widget-text {{ min-width: 0; max-width: 100%; }}
.shangrila-share .widget-text input {{ width: 0; min-width: 4em; }}
.shangrila-what-if select option {{ white-space: pre-wrap; overflow-wrap: anywhere; }}
.shangrila-tour-panel > .shangrila-message, .shangrila-tour-panel > .shangrila-action-box,
.shangrila-checker-panel > .shangrila-message,
.shangrila-checker-panel > .shangrila-action-box {{ order: 0; }}
.shangrila-tour-panel > .shangrila-board-info,
.shangrila-checker-panel > .shangrila-board-info {{ flex: 0 0 auto; }}
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
.shangrila-qr-picture svg {{
  display: block; width: 100%; max-width: min(62vh, 520px); height: auto; margin: 4px 0;
}}
.shangrila-qr-link {{
  font-family: monospace; font-size: 11px; overflow-wrap: anywhere;
}}
.shangrila-ruling ul {{ margin: 2px 0 4px; padding-left: 1.2em; }}
.shangrila-verdict {{ font-weight: bold; margin: 2px 0; }}
.shangrila-refused {{ color: var(--jp-error-color1, #B5400B); }}
.shangrila-legal {{ color: var(--jp-success-color1, #2E7D32); }}
.shangrila-ruling-error {{
  padding: 4px 8px; font-weight: bold; color: var(--jp-ui-font-color1, #000);
  border-left: 4px solid var(--jp-error-color1, #D55E00); background: #fff4ec;
}}
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
@media {_WIDER_THAN_A_PHONE} {{
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
  > :not(.shangrila-what-if):not(.shangrila-message):not(.shangrila-edit-tools):not(
    .shangrila-ruling):not(.shangrila-qr-box) {{
  display: none !important;
}}
}}
"""


# ---------------------------------------------------------------------------- phone
# Issue 23, a phone at the table: below PHONE_MEDIA's width every text of our widgets is at
# least 16 px, every control at least 44 px tall, nothing scrolls sideways and no box that
# does not scroll clips anything (the side panels grow with their content and the page
# scrolls), the board is as wide as the page, its button row right under it (the board's row
# is one column: the picture, the buttons, then the side panel and the rest; the side panel
# came first in the page, so the button row was 1,200 px below the picture, out of the
# window), and the checker's ruling comes first (its panel's children join the board's
# column: the ruling before the top bar, the rest after the buttons). The Key button is as
# wide as its word (a toggle button's 148 px put it on a fourth row, below a 360x740 window).
# Presenter mode (a projector's) is not laid out on a phone's width (its rules are wider than
# a phone's only): its button is hidden there, but not while presenter mode is on (a teacher
# who narrows a presenting window to a phone's width sees the phone layout and the pressed
# button first, to leave presenter mode; hidden, presenter mode could not be left, and its grid
# pushed the side column and the buttons out of the window). What a tap does there:
# widget/board_widget.py.
# As loaded, the board and its button row are inside the window (the layout rule): above the
# board stands only a short header, the rest comes after the buttons. The board's top bar
# gives its boxes to the board's column: whose turn it is stays above the picture, EN/PL, the
# click mode and the legal rings go to the board's end (they took 150 px above it). The
# checker's bar and the tour's header give theirs to their owner, which wraps its items in
# rows (a row per item, but the checker's title and Play/Edit share one, as the tour's four
# step buttons do): the tour's chapter, step buttons and step name, then the board, then its
# title and Exercises; the checker's title and Play/Edit, then the board, then its edition,
# Copy link and QR code. Of a ruling only its question and verdict (or why a link could not
# be opened) stand above the board, its reasons under the buttons (the ruling's parts join the
# board's column). Measured as loaded in Voila: the button row's bottom at y 602 (checker),
# 652 (tour) of a 360x740 window; the tour's and the checker's headers took 380 and 850 px.
_ROOTS = ":is(.shangrila-board, .shangrila-checker, .shangrila-tour, .shangrila-exercises)"

PHONE_STYLESHEET = f"""
/* h23-phone */
@media {PHONE_MEDIA} {{
  {_ROOTS} {{
    --jp-widgets-font-size: 16px; --jp-ui-font-size1: 16px; --jp-content-font-size1: 16px;
    --jp-code-font-size: 16px; --jp-widgets-inline-height: 44px;
    --jp-widgets-inline-label-width: auto; font-size: 16px; line-height: 1.4;
  }}
  {_ROOTS} :is(.widget-html-content, .widget-label, label, button, input, select, textarea,
    code, summary, small, table, td, th, .shangrila-qr-link) {{
    font-size: max(16px, 1em) !important;
  }}
  {_ROOTS} :is(button, select, input:not([type=checkbox]), textarea, summary) {{
    min-height: 44px; height: auto !important; box-sizing: border-box;
  }}
  {_ROOTS} .widget-html-content {{ line-height: 1.4 !important; }}
  {_ROOTS} summary {{ display: list-item; padding: 11px 0; }}
  {_ROOTS} .widget-checkbox {{ min-height: 44px; height: auto !important; }}
  {_ROOTS} .widget-checkbox input[type=checkbox] {{ width: 24px; height: 24px; }}
  {_ROOTS} .widget-checkbox label {{ min-height: 44px; display: flex; align-items: center; }}
  {_ROOTS} .widget-hbox, {_ROOTS} .widget-inline-hbox {{ flex-wrap: wrap; max-width: 100%; }}
  {_ROOTS} .widget-inline-hbox > * {{ max-width: 100%; min-width: 0; }}
  {_ROOTS} .widget-toggle-buttons .widget-toggle-button {{ width: auto !important; }}
  {_ROOTS} .widget-dropdown select, {_ROOTS} .widget-text input {{ max-width: 100%; }}
  {_ROOTS} .widget-dropdown, {_ROOTS} .widget-text {{
    width: 100% !important; margin-left: 0 !important; margin-right: 0 !important;
  }}
  .shangrila-board .shangrila-side-panel {{
    max-height: none !important; overflow: visible !important; padding: 0 !important;
    min-width: 0 !important; flex: 1 1 100% !important;
  }}
  .shangrila-board .shangrila-board-box {{ min-width: 0 !important; flex: 1 1 100% !important; }}
  .shangrila-board canvas.{CANVAS_CLASS} {{ width: 100% !important; max-width: 100% !important; }}
  .shangrila-side-info {{ overflow-x: auto; max-width: 100%; }}
  .shangrila-supply th, .shangrila-supply td {{ padding: 2px 3px; }}
  .shangrila-supply th[scope=row] {{ white-space: nowrap; }}
  .shangrila-board > .shangrila-main {{ display: contents !important; }}
  .shangrila-board > .shangrila-main > * {{ flex: none !important; width: auto !important; }}
  .shangrila-board > .shangrila-main > .shangrila-board-box {{ order: 0 !important; }}
  .shangrila-board > .shangrila-main > .shangrila-side-panel,
  .shangrila-board > .shangrila-buttons ~ *, .shangrila-board .shangrila-checker-panel > * {{
    order: 1 !important;
  }}
  .shangrila-board .shangrila-side-panel.shangrila-checker-panel {{ display: contents !important; }}
  .shangrila-checker-panel > * {{ flex: none !important; min-width: 0; max-width: 100%; }}
  .shangrila-board .shangrila-checker-panel > .shangrila-ruling {{ order: -2 !important; }}
  .shangrila-what-if, .shangrila-what-if * {{ max-width: 100%; }}
  .shangrila-what-if select {{ height: auto !important; }}
  .shangrila-what-if select option {{
    white-space: pre-wrap; padding: 12px 4px;
    border-bottom: 1px solid var(--jp-border-color2, #ddd);
  }}
  .shangrila-presenter-button:not(.mod-active) {{ display: none !important; }}
  /* h23-phone-as-loaded */
  .shangrila-board > .shangrila-top-bar {{ display: contents !important; }}
  .shangrila-board > .shangrila-top-bar > * {{ order: 3 !important; margin: 2px 0; }}
  .shangrila-board > .shangrila-top-bar > .shangrila-status {{
    order: 0 !important; white-space: normal; margin: 0 0 2px;
  }}
  .shangrila-board .shangrila-checker-panel > .shangrila-ruling,
  .shangrila-checker-panel > .shangrila-ruling > .widget-html-content {{
    display: contents !important;
  }}
  .shangrila-checker-panel > .shangrila-ruling > .widget-html-content > * {{
    order: 1 !important; max-width: 100%;
  }}
  .shangrila-checker-panel > .shangrila-ruling > .widget-html-content
    > :is(.shangrila-verdict, .shangrila-ruling-question, .shangrila-ruling-error) {{
    order: -2 !important; margin: 0 0 2px;
  }}
  :is(.shangrila-checker, .shangrila-tour) {{
    flex-flow: row wrap !important; align-items: center; column-gap: 4px;
  }}
  :is(.shangrila-checker, .shangrila-tour) > * {{ flex: 1 1 100% !important; min-width: 0; }}
  .shangrila-checker > .shangrila-checker-bar, .shangrila-tour > .shangrila-header {{
    display: contents !important;
  }}
  :is(.shangrila-checker-bar, .shangrila-header) > * {{
    flex: 1 1 100% !important; order: 1; margin: 2px 0;
  }}
  .shangrila-checker-bar > :is(.shangrila-title, .widget-toggle-buttons),
  .shangrila-header > :is([class*=shangrila-nav-]) {{
    flex: 0 0 auto !important; order: -1; margin: 2px 4px 2px 0;
  }}
  .shangrila-header > :is(.shangrila-chapter-picker, .shangrila-step-label) {{ order: -1; }}
  .shangrila-header > .shangrila-chapter-picker {{ order: -2; }}
  :is(.shangrila-checker, .shangrila-tour) > .shangrila-board {{ order: 0; }}
  .shangrila-tour > .shangrila-board ~ * {{ order: 2; }}
  .shangrila-tour > .shangrila-header + :not(.shangrila-board) {{ order: -1; }}
  .shangrila-buttons .shangrila-legend-button {{ width: auto !important; }}
  {_ROOTS} .shangrila-presenter-button.mod-active {{ order: -3 !important; }}
  .shangrila-exercises .shangrila-exercise-question {{ font-size: 18px; }}
}}
"""


def stylesheet() -> widgets.Box:
    """A new invisible box (one per board) holding :data:`STYLESHEET` in an ``HTML`` widget
    and the page's :class:`~shangrila_widget.render.pointer.PointerGuard` (touch, pen,
    wheel)."""
    sheet = widgets.HTML(f"<style>{STYLESHEET}{PHONE_STYLESHEET}</style>")
    box = widgets.Box([sheet, *_pointer_guard()], layout=widgets.Layout(display="none"))
    box.add_class("shangrila-style")
    return box


def page_guard(sheet: widgets.Box) -> widgets.Widget | None:
    """The pointer guard in a box made by :func:`stylesheet` (None without anywidget): its
    ``width`` is the board's width on the page."""
    return next((w for w in sheet.children if w.has_trait("width")), None)


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

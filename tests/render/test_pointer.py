"""The board canvas's input without a browser: the pointer guard widget that the board's page
carries, and what ``BoardCanvas.on_click`` / ``on_key`` make of the front end's messages
(good ones, and missing fields, NaN, strings, points off the canvas, odd keys).

The guard's behaviour in a page (a tap plays, a swipe and the wheel scroll) is checked in
``tests/browser/test_touch_browser.py``."""

from __future__ import annotations

import logging
import math
import sys
from typing import Any

import ipywidgets as widgets
import pytest

from shangrila_widget.render import build_scene
from shangrila_widget.render.canvas import CANVAS_CLASS, POINTER_CLASS, BoardCanvas
from shangrila_widget.render.pointer import CSS, ESM, PointerGuard
from shangrila_widget.rules import Position
from shangrila_widget.widget import ShangriLaBoard
from shangrila_widget.widget.page_css import stylesheet


def from_browser(canvas: BoardCanvas, content: Any) -> None:
    """A custom message on the MultiCanvas comm, as ipycanvas's front end sends it."""
    canvas.widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


@pytest.fixture
def board_canvas() -> BoardCanvas:
    canvas = BoardCanvas(900.0, 910.0)
    canvas.draw(build_scene(Position.new_game(["red", "blue", "yellow"])))
    return canvas


def guards_of(widget: widgets.Widget) -> list[PointerGuard]:
    found: list[PointerGuard] = []
    stack = [widget]
    while stack:
        node = stack.pop()
        if isinstance(node, PointerGuard):
            found.append(node)
        stack.extend(getattr(node, "children", ()))
    return found


# ------------------------------------------------------------------------- the guard widget


def test_the_guard_ships_its_module_inline_and_acts_on_the_board_canvas_class() -> None:
    guard = PointerGuard()
    state = guard.get_state()
    assert state["_esm"] == ESM and "export default" in ESM
    assert f'"canvas.{POINTER_CLASS}"' in ESM, "pointer.js acts on POINTER_CLASS canvases"
    for event in ("touchstart", "touchmove", "touchend", "touchcancel", "wheel"):
        assert f'"{event}"' in ESM
    assert "preventDefault()" not in ESM.replace("event.preventDefault();", ""), (
        "the guard cancels nothing but a key copy the page took"
    )
    assert "focus({ preventScroll: true })" in ESM
    assert "import " not in ESM and "http" not in ESM, "no module or URL to fetch"
    assert state["_css"] == CSS and f"canvas.{POINTER_CLASS}" in CSS
    assert "touch-action: manipulation" in CSS
    assert state["active"] is False and "active" in guard.keys


def test_the_board_canvas_has_the_class_and_every_board_page_a_guard() -> None:
    canvas = BoardCanvas()
    assert {CANVAS_CLASS, POINTER_CLASS} <= set(canvas.widget._dom_classes)
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    assert len(guards_of(board)) == 1
    sheet = stylesheet()
    assert sheet.layout.display == "none"
    assert len(guards_of(sheet)) == 1


def test_without_anywidget_the_stylesheet_has_no_guard_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from shangrila_widget.widget import page_css as style

    monkeypatch.setitem(sys.modules, "shangrila_widget.render.pointer", None)
    style._warn_no_guard.cache_clear()
    with caplog.at_level(logging.WARNING, logger="shangrila_widget.widget.page_css"):
        first, second = stylesheet(), stylesheet()
    style._warn_no_guard.cache_clear()
    assert guards_of(first) == [] and guards_of(second) == []
    assert isinstance(first.children[0], widgets.HTML)
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "no pointer guard" in warnings[0], warnings


# ------------------------------------------------------------------------- clicks


def test_a_press_delivers_the_hit_target_of_its_backing_pixel_point(
    board_canvas: BoardCanvas,
) -> None:
    assert board_canvas.scene is not None
    clicks: list[Any] = []
    board_canvas.on_click(clicks.append)
    space = board_canvas.scene.layout.space("D", "priest")
    from_browser(board_canvas, {"event": "mouse_down", "x": space.cx * 2, "y": space.cy * 2})
    # ints, and the canvas's corners, are points too (nothing is there)
    from_browser(board_canvas, {"event": "mouse_down", "x": 0, "y": 0})
    from_browser(board_canvas, {"event": "mouse_down", "x": 1800, "y": 1820.0})
    assert clicks == [("space", "D", "priest"), None, None]


BAD_POINTS = [
    (math.nan, 10.0),
    (10.0, math.inf),
    (-math.inf, 10.0),
    ("12", 10.0),
    (10.0, None),
    (True, 10.0),
    ([1, 2], 10.0),
    ({"x": 1}, 10.0),
    (-50.0, 10.0),
    (10.0, 1822.5),
    (1e300, 1e300),
    (10**400, 3),
]


@pytest.mark.parametrize("x, y", BAD_POINTS, ids=[repr(p)[:30] for p in BAD_POINTS])
def test_a_press_off_the_canvas_or_not_a_number_is_logged_and_dropped(
    board_canvas: BoardCanvas, x: Any, y: Any, caplog: pytest.LogCaptureFixture
) -> None:
    clicks: list[Any] = []
    board_canvas.on_click(clicks.append)
    with caplog.at_level(logging.WARNING):
        from_browser(board_canvas, {"event": "mouse_down", "x": x, "y": y})
    assert clicks == []
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 1 and "ignored a click" in messages[0], messages
    assert len(messages[0]) < 200


def test_a_press_with_a_field_missing_reaches_nobody(
    board_canvas: BoardCanvas, caplog: pytest.LogCaptureFixture
) -> None:
    clicks: list[Any] = []
    board_canvas.on_click(clicks.append)
    with caplog.at_level(logging.WARNING):
        from_browser(board_canvas, {"event": "mouse_down", "x": 10.0})
        from_browser(board_canvas, {"event": "mouse_down"})
    assert clicks == []
    assert all(len(r.getMessage()) < 300 for r in caplog.records)


def test_garbage_clicks_on_a_board_play_nothing_and_show_no_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    before, message = board.position, board.message_box.value
    with caplog.at_level(logging.WARNING):
        for x, y in BAD_POINTS:
            from_browser(board.canvas, {"event": "mouse_down", "x": x, "y": y})
    assert board.position == before
    assert board.message_box.value == message
    assert board.error == ""


# ------------------------------------------------------------------------- keys


def test_a_key_reaches_the_handler_with_its_modifiers(board_canvas: BoardCanvas) -> None:
    keys: list[tuple[Any, ...]] = []
    board_canvas.on_key(lambda *args: keys.append(args))
    from_browser(
        board_canvas,
        {
            "event": "key_down",
            "key": "ArrowLeft",
            "shift_key": False,
            "ctrl_key": True,
            "meta_key": False,
        },
    )
    from_browser(
        board_canvas,
        {"event": "key_down", "key": "?", "shift_key": True, "ctrl_key": False, "meta_key": False},
    )
    assert keys == [("ArrowLeft", False, True, False), ("?", True, False, False)]


BAD_KEYS = [
    {"key": ["Enter"] * 1000, "shift_key": False, "ctrl_key": False, "meta_key": False},
    {"key": 13, "shift_key": False, "ctrl_key": False, "meta_key": False},
    {"key": "", "shift_key": False, "ctrl_key": False, "meta_key": False},
    {"key": "x" * 10_000, "shift_key": False, "ctrl_key": False, "meta_key": False},
    {"key": "Enter", "shift_key": "yes", "ctrl_key": False, "meta_key": False},
    {"key": "Enter", "shift_key": False, "ctrl_key": 1, "meta_key": None},
]


@pytest.mark.parametrize("fields", BAD_KEYS, ids=[f"bad-key-{i}" for i in range(len(BAD_KEYS))])
def test_an_odd_key_is_logged_and_dropped(
    board_canvas: BoardCanvas, fields: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    keys: list[tuple[Any, ...]] = []
    board_canvas.on_key(lambda *args: keys.append(args))
    with caplog.at_level(logging.WARNING):
        from_browser(board_canvas, {"event": "key_down", **fields})
    assert keys == []
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 1 and "ignored a key" in messages[0], messages
    assert len(messages[0]) < 300


def test_the_board_takes_its_keys_through_on_key() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    board.play("place healer A")
    assert board.record.can_undo()
    from_browser(
        board.canvas,
        {
            "event": "key_down",
            "key": "ArrowLeft",
            "shift_key": False,
            "ctrl_key": False,
            "meta_key": False,
        },
    )
    assert not board.record.can_undo()

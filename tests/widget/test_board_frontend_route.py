"""Front-end messages the way a browser sends them: on the MultiCanvas's comm.

The page shows one ``<canvas>``, the MultiCanvas's view; ipycanvas hands its events to the top
layer's handler, registered on the *MultiCanvas* comm. (``test_board_widget.py`` delivers to
the layer's own comm, which a browser never uses.)

The board used to put a guard of its own in front of ipycanvas's handler (through ipywidgets'
private ``_msg_callbacks``) for malformed messages. A real browser never sends those (the
ipycanvas front end always sends numeric x/y and the key flags), the board's own callbacks
already show their errors under the board, and ipywidgets' callback dispatcher logs what
ipycanvas's handler raises: the guard is gone, and this test checks that a malformed message
still changes nothing and raises nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from shangrila_widget.widget import ShangriLaBoard

FOUR = ["red", "blue", "yellow", "violet"]


def from_browser(board: ShangriLaBoard, content: Any) -> None:
    board.canvas.widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_a_click_through_the_multicanvas_plays() -> None:
    board = ShangriLaBoard(players=FOUR)
    space = board.canvas.scene.layout.space("A", "healer")
    ratio = board.canvas.pixel_ratio
    from_browser(board, {"event": "mouse_down", "x": space.cx * ratio, "y": space.cy * ratio})
    assert board.game.tile("A", "healer") is not None
    assert board.error == ""


def test_malformed_messages_through_the_multicanvas_change_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    board = ShangriLaBoard(players=FOUR)
    before = board.position
    with caplog.at_level(logging.WARNING):
        from_browser(board, {"event": "mouse_down", "x": "left", "y": 3})
        from_browser(board, {"event": "key_down"})
        from_browser(board, "not an object")
    assert board.position == before
    assert board.error == ""


def test_a_key_through_the_multicanvas_is_read() -> None:
    board = ShangriLaBoard(players=FOUR)
    board.play("place healer A")
    key = {"event": "key_down", "key": "ArrowLeft"}
    from_browser(board, {**key, "shift_key": False, "ctrl_key": False, "meta_key": False})
    assert board.game.tile("A", "healer") is None
    assert board.error == ""

"""Front-end messages the way a browser sends them: on the MultiCanvas's comm.

The page shows one ``<canvas>``, the MultiCanvas's view; ipycanvas hands its events to the top
layer's handler, registered on the *MultiCanvas* comm (``tests.support.widget.from_browser``).

The board used to put a guard of its own in front of ipycanvas's handler (through ipywidgets'
private ``_msg_callbacks``) for malformed messages. A real browser never sends those (the
ipycanvas front end always sends numeric x/y and the key flags), the board's own callbacks
already show their errors under the board, and ipywidgets' callback dispatcher logs what
ipycanvas's handler raises: the guard is gone, and this test checks that a malformed message
still changes nothing and raises nothing.
"""

from __future__ import annotations

import logging

import pytest

from shangrila_widget.widget import ShangriLaBoard
from tests.support.positions import FOUR
from tests.support.widget import from_browser


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

"""Front-end messages the way a browser sends them: on the MultiCanvas's comm.

The page shows one ``<canvas>``, the MultiCanvas's view; ipycanvas hands its events to the top
layer's handler, registered on the *MultiCanvas* comm; every widget test sends there
(``widget_helpers.py``). Found with the real-browser tests: the guard against malformed
messages was only on the layer's comm.
"""

from __future__ import annotations

import logging

import pytest
from widget_helpers import from_browser

from shangrila_widget.widget import ShangriLaBoard

FOUR = ["red", "blue", "yellow", "violet"]


def test_a_click_through_the_multicanvas_plays() -> None:
    board = ShangriLaBoard(players=FOUR)
    space = board.canvas.scene.layout.space("A", "healer")
    ratio = board.canvas.pixel_ratio
    from_browser(board, {"event": "mouse_down", "x": space.cx * ratio, "y": space.cy * ratio})
    assert board.game.tile("A", "healer") is not None
    assert board.error == ""


def test_malformed_messages_through_the_multicanvas_are_ignored_by_the_guard(
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
    ignored = [r for r in caplog.records if "ignored a front-end message" in r.getMessage()]
    assert len(ignored) == 3, [r.getMessage() for r in caplog.records]


def test_a_key_without_modifier_flags_is_read() -> None:
    board = ShangriLaBoard(players=FOUR)
    board.play("place healer A")
    from_browser(board, {"event": "key_down", "key": "ArrowLeft"})
    assert board.game.tile("A", "healer") is None
    assert board.error == ""

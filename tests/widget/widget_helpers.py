"""Front-end messages the way a browser sends them, for the headless widget tests.

The page shows one ``<canvas>``, the MultiCanvas's view; ipycanvas hands its events to the top
layer's handler, registered on the *MultiCanvas* comm. Every helper here delivers there, and
clicks are sent at the real pixel point of what they click (as a browser's ``mouse_down``).
"""

from __future__ import annotations

from typing import Any

from shangrila_widget.widget import ShangriLaBoard


def from_browser(board: ShangriLaBoard, content: Any) -> None:
    """Deliver a front-end custom message on the MultiCanvas comm (the browser's route)."""
    board.canvas.widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def press(board: ShangriLaBoard, key: str) -> None:
    """A key pressed while the board has focus, as the browser reports it."""
    from_browser(
        board,
        {"event": "key_down", "key": key, "shift_key": False, "ctrl_key": False, "meta_key": False},
    )


def click_at(board: ShangriLaBoard, x: float, y: float) -> None:
    """A mouse press at scene point (x, y) (scaled to the canvas's backing pixels)."""
    ratio = board.canvas.pixel_ratio
    from_browser(board, {"event": "mouse_down", "x": x * ratio, "y": y * ratio})


def click_space(board: ShangriLaBoard, village: str, master_type: str) -> None:
    """A mouse press on the centre of a space."""
    assert board.canvas.scene is not None
    space = board.canvas.scene.layout.space(village, master_type)
    click_at(board, space.cx, space.cy)


def click_bridge(board: ShangriLaBoard, a: str, b: str) -> None:
    """A mouse press on the middle of the bridge a-b's plank."""
    assert board.canvas.scene is not None
    plank = board.canvas.scene.layout.bridge(a, b)
    click_at(board, (plank.start[0] + plank.end[0]) / 2, (plank.start[1] + plank.end[1]) / 2)

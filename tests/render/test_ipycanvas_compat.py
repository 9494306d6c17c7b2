"""The private ipycanvas members ``render/ipycanvas_compat.py`` relies on still exist and still
mean what it assumes; and the upstream behaviours it works around are still there (if one of
those tests fails, ipycanvas fixed it: the workaround can go)."""

from __future__ import annotations

from typing import Any

import ipycanvas
import pytest
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from shangrila_widget.render.ipycanvas_compat import MANAGER_MEMBERS, batch, canvas_manager
from tests.support.render import Capture, decode


def test_the_manager_has_the_members_batch_uses() -> None:
    from ipycanvas.canvas import _CANVAS_MANAGER

    canvas = Canvas(width=4, height=4)
    layers = MultiCanvas(2, width=4, height=4)
    assert canvas_manager(canvas) is _CANVAS_MANAGER
    assert canvas_manager(layers) is _CANVAS_MANAGER
    for name in MANAGER_MEMBERS:
        assert hasattr(_CANVAS_MANAGER, name), f"ipycanvas {ipycanvas.__version__}: no {name}"
    assert isinstance(_CANVAS_MANAGER._caching, bool)
    assert isinstance(_CANVAS_MANAGER._commands_cache, list)
    assert isinstance(_CANVAS_MANAGER._buffers_cache, list)
    assert callable(_CANVAS_MANAGER.flush)


def test_caching_holds_commands_and_flush_sends_them_in_one_message(captured: Capture) -> None:
    canvas = Canvas(width=4, height=4)
    manager = canvas_manager(canvas)
    manager._caching = True
    try:
        canvas.fill_rect(0, 0, 1, 1)
        canvas.fill_rect(1, 1, 1, 1)
        assert captured.messages == []
        assert len(manager._commands_cache) == 3  # the switch to the canvas, two rectangles
        manager.flush()
    finally:
        manager._caching = False
    (message,) = captured.messages
    assert [name for name, _args, _buffers in decode(message)] == [
        "switchCanvas",
        "fillRect",
        "fillRect",
    ]


def test_the_manager_leaves_out_the_switch_to_the_canvas_it_drew_last(captured: Capture) -> None:
    """ipycanvas#322: what makes a page that connects later draw nowhere. ``batch`` always
    starts with the switch."""
    canvas = Canvas(width=4, height=4)
    with hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)
    with hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)
    assert [name for name, _a, _b in decode(captured.messages[1])] == ["fillRect"]
    with batch(canvas):
        canvas.fill_rect(0, 0, 1, 1)
    assert [name for name, _a, _b in decode(captured.messages[2])][0] == "switchCanvas"


def test_hold_canvas_still_leaves_the_manager_caching_after_an_exception(
    captured: Capture,
) -> None:
    """Upstream ``hold_canvas`` has no try/finally (the reason for ``batch``)."""
    canvas = Canvas(width=4, height=4)
    manager: Any = canvas_manager(canvas)
    try:
        with pytest.raises(RuntimeError):
            with hold_canvas():
                canvas.fill_rect(0, 0, 1, 1)
                raise RuntimeError("inside")
        assert manager._caching is True, "ipycanvas fixed hold_canvas: batch could use it"
    finally:
        manager._caching = False
        manager._commands_cache = []
        manager._buffers_cache = []

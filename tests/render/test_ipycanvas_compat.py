"""The private ipycanvas members ``render/ipycanvas_compat.py`` relies on still exist and still
mean what it assumes; and the upstream behaviours it and ``render/pointer.py`` work around are
still there (if one of those tests fails, ipycanvas fixed it: the workaround can go, or must
change)."""

from __future__ import annotations

import re
from pathlib import Path
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


# ---------------------------------------------------------------- the front end: pointer.py


def _front_end(package: str) -> str:
    """The JavaScript of ``package``'s installed JupyterLab extension (what Voila, JupyterLab
    and Notebook 7 load), all files together."""
    from jupyter_core.paths import jupyter_path

    for folder in jupyter_path("labextensions"):
        static = Path(folder) / package / "static"
        if static.is_dir():
            return "\n".join(p.read_text(encoding="utf-8") for p in sorted(static.glob("*.js")))
    pytest.fail(f"no labextension of {package} installed in {jupyter_path('labextensions')}")


def test_ipycanvas_still_cancels_touch_and_wheel_on_the_canvas_element_itself() -> None:
    """What ``render/pointer.js`` works around: the canvas view's listeners sit on its own
    element (``this.el``), so the document's capture listeners run first; touch is cancelled
    (no tap, no swipe), the wheel too (no scrolling), and mouse-down focuses before measuring."""
    js = _front_end("ipycanvas")
    for event in ("touchstart", "touchmove", "touchend", "wheel", "mousedown", "keydown"):
        assert re.search(rf'this\.el\.addEventListener\("{event}"', js), event
    assert re.search(
        r"onTouchStart\((\w)\)\{\1\.preventDefault\(\),\1\.stopImmediatePropagation", js
    )
    assert re.search(r"onMouseWheel\((\w)\)\{.{0,200}?\1\.preventDefault\(\)\}", js)
    assert re.search(r"onMouseDown\(\w\)\{this\.el\.focus\(\),.{0,120}?getCoordinates", js)
    assert re.search(r"getCoordinates\(\w\)\{const \w=this\.el\.getBoundingClientRect\(\)", js)


def test_anywidget_front_end_is_installed_and_loads_the_module_from_memory() -> None:
    """The pointer guard's front end: anywidget's extension, which imports the ES module it is
    sent from a blob: URL (no network; JupyterLite needs this extension in its build too)."""
    js = _front_end("anywidget")
    assert "createObjectURL(new Blob(" in js

"""Smoke test of the browser test infrastructure itself (no shangrila_widget code involved).

A tiny ipycanvas notebook is served by Voila and driven by headless Chromium: the picture
drawn from Python appears, a real mouse click reaches the Python ``on_mouse_down`` handler
whose redraw becomes visible, and a reload (a new kernel in Voila) draws the picture again.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from tests.support.browser import (
    NON_LOCAL_URL,
    canvas_pixel,
    click_canvas,
    color_close,
    evaluate_within,
    wait_for_canvas_color,
    wait_for_canvas_pixels,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

RED = (255, 0, 0, 255)
BLUE = (0, 0, 255, 255)
TRANSPARENT = (0, 0, 0, 0)
CANVAS = "canvas"

NOTEBOOK_SOURCE = textwrap.dedent(
    """
    from ipycanvas import Canvas, hold_canvas

    # 200x100 backing store shown at 400x200 CSS px: an explicit size stops Voila from
    # stretching it to the page width, and the 2x scale checks the click-coordinate mapping.
    canvas = Canvas(width=200, height=100, layout={"width": "400px", "height": "200px"})
    clicks = []

    def redraw():
        # ipycanvas remembers kernel-side which canvas it drew to last and then omits the
        # "switch canvas" command; a page that connects later never received one and stays
        # blank ("Cannot read properties of undefined (reading 'clearCanvas')"). Forget it.
        canvas._canvas_manager._current_canvas = None
        with hold_canvas():
            canvas.clear()
            canvas.fill_style = "red"
            canvas.fill_rect(0, 0, 100, 100)
            canvas.fill_style = "blue"
            for x, y in clicks:
                canvas.fill_rect(x - 10, y - 10, 20, 20)

    def on_mouse_down(x, y):
        clicks.append((round(x), round(y)))
        redraw()

    canvas.on_mouse_down(on_mouse_down)
    # Drawing done while Voila executes the notebook is lost (no front end yet):
    # draw again when the page's view is ready.
    canvas.on_client_ready(redraw)
    redraw()
    canvas
    """
).strip()


def test_canvas_draw_click_reload(
    browser_page: Page,
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    requested: list[str] = []
    browser_page.on("request", lambda request: requested.append(request.url))
    page = open_board("smoke.ipynb", cells=[NOTEBOOK_SOURCE], timeout=30)
    assert open_board.canvas_index == 0
    timings = dict(open_board.timings)

    assert page.locator(CANVAS).count() == 1
    assert color_close(canvas_pixel(page, CANVAS, 50, 50), RED)
    assert canvas_pixel(page, CANVAS, 150, 50) == TRANSPARENT

    start = time.perf_counter()
    click_canvas(page, CANVAS, 150, 50)
    wait_for_canvas_color(page, CANVAS, 150, 50, BLUE, timeout=10)
    timings["click_to_pixels"] = time.perf_counter() - start
    # The square is centred where Python got the click: coordinates arrive in canvas units.
    assert color_close(canvas_pixel(page, CANVAS, 141, 41), BLUE)
    assert canvas_pixel(page, CANVAS, 135, 50) == TRANSPARENT
    assert color_close(canvas_pixel(page, CANVAS, 50, 50), RED)
    shot = save_screenshot("after-click", always=True)
    assert shot.stat().st_size > 1000

    start = time.perf_counter()
    page.reload()
    wait_for_canvas_pixels(page, timeout=30)
    timings["reload_to_pixels"] = time.perf_counter() - start
    assert color_close(canvas_pixel(page, CANVAS, 50, 50), RED)
    # Voila runs a new kernel per page load: the click is forgotten, the picture is redrawn.
    assert canvas_pixel(page, CANVAS, 150, 50) == TRANSPARENT
    save_screenshot("after-reload")

    assert browser_diagnostics.page_errors == []
    # Hermetic, and only that: the page loaded from 127.0.0.1 and none of those requests was
    # blocked, while a request to another host is aborted before it leaves the browser.
    local = [u for u in requested if urlsplit(u).hostname == "127.0.0.1"]
    assert len(local) > 10, requested
    assert not set(local) & set(browser_diagnostics.blocked_urls)
    probe = "https://example.com/shangrila-hermetic-probe"
    failures: dict[str, str | None] = {}
    page.on("requestfailed", lambda request: failures.update({request.url: request.failure}))
    error = evaluate_within(page, "(url) => fetch(url).then(() => 'fetched', (e) => e.name)", probe)
    assert error == "TypeError", error  # a network error
    assert probe in browser_diagnostics.blocked_urls
    # It failed at the unreachable proxy every non-local request goes to (a bare IP address's
    # too), not only at the host name's resolution.
    assert failures.get(probe) == "net::ERR_PROXY_CONNECTION_FAILED", failures
    assert all(
        urlsplit(u).hostname not in ("127.0.0.1", "localhost")
        for u in browser_diagnostics.blocked_urls
    )
    print("\nbrowser smoke timings (s): " + ", ".join(f"{k}={v:.3f}" for k, v in timings.items()))


@pytest.mark.parametrize(
    ("url", "blocked"),
    [
        ("http://127.0.0.1:8866/voila/static/main.js", False),
        ("ws://127.0.0.1:8866/api/kernels/1/channels", False),
        ("http://localhost:1234/", False),
        ("http://[::1]:80/x", False),
        ("http://127.0.0.1", False),
        ("https://fonts.googleapis.com/css?family=Lato", True),
        ("http://127.0.0.1.example.com/", True),
        ("wss://example.com:443/socket", True),
        ("https://localhost.example.org/", True),
    ],
)
def test_the_non_local_pattern_matches_exactly_the_urls_of_other_hosts(
    url: str, blocked: bool
) -> None:
    assert bool(NON_LOCAL_URL.search(url)) is blocked


def test_a_promise_that_never_settles_is_given_up_and_an_answer_comes_through(
    browser_page: Page,
) -> None:
    """``evaluate_within``: what the teardowns use to stop kernels, so that a page that never
    answers cannot hold the test run for ever (``page.evaluate`` has no timeout)."""
    from playwright.sync_api import Error

    page = browser_page
    assert evaluate_within(page, "async (x) => x + 1", 1) == 2
    started = time.monotonic()
    with pytest.raises(Error, match="not done within 0.5 s"):
        evaluate_within(page, "() => new Promise(() => {})", seconds=0.5)
    assert time.monotonic() - started < 10
    assert evaluate_within(page, "() => 'still answering'") == "still answering"
    with pytest.raises(Error, match="no such board"):
        evaluate_within(page, "async () => { throw new Error('no such board'); }")
    assert evaluate_within(page, "([a, b]) => ({sum: a + b})", [2, 3]) == {"sum": 5}
    # Each call's slot on the page is taken when it ends, the given-up one's too.
    assert page.evaluate("() => window.__shangrilaEvaluations.size") == 0


def test_the_reach_walk_brings_each_line_into_view_and_puts_the_scrolling_back(
    browser_page: Page,
) -> None:
    """``reach_everything`` scrolls a box and the page as a person would to reach a text and
    a button out of view, then leaves both where they were (a screenshot afterwards shows the
    page as the person left it)."""
    from tests.support.reach import reach_everything

    page = browser_page
    page.set_viewport_size({"width": 400, "height": 300})
    page.set_content(
        """<div id="root">
        <div id="box" style="height: 60px; overflow: auto; font-size: 16px">
          <p>first line</p><p style="margin-top: 200px">deep in the box</p></div>
        <div style="height: 900px"></div><button>far below</button></div>"""
    )
    report = reach_everything(page, "#root", controls="button")
    reached = {item.name: item.reached for item in report.items}
    assert reached == {
        "first line": True,
        "deep in the box": True,
        "far below": True,  # the button's text
        "button far below": True,  # the button
    }
    assert [item.scrolled for item in report.items if item.name == "deep in the box"] == [["DIV"]]
    assert page.evaluate("[document.getElementById('box').scrollTop, window.scrollY]") == [0, 0]
    page.evaluate("document.getElementById('box').scrollTop = 30")
    reach_everything(page, "#root", controls="button")
    assert page.evaluate("[document.getElementById('box').scrollTop, window.scrollY]") == [30, 0]

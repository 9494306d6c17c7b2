"""Touch, pen, wheel and keys on the board in a real browser.

ipycanvas's front end cancels every touch and wheel event on its canvas; the board's
:class:`~shangrila_widget.render.pointer.PointerGuard` keeps them from it. These tests open a
notebook whose board sits between a tall introduction and a tall cell after it (the page is
taller than the window, as a lesson's is), in Voila and JupyterLab 4, at 1280x720 and
1024x768, in a browser context with a touch screen (``has_touch=True``), and check

* the first tap on a legal space of a fresh page plays it (the message and the pixels), with
  the board only partly in the window, without scrolling the page, and leaves the board
  focused for the keys;
* a pen (CDP ``pointerType: "pen"``) and a mouse click play; Tab leaves the board;
* a wheel over the board scrolls the page, and so does a swipe that starts on a legal space,
  which plays nothing.

Without the guard the tap and the swipe do nothing and the wheel does not scroll (checked by
removing the guard from ``widget/page_css.py``). The wheel-and-swipe test plays nothing and
needs no fresh page: it gets one page per host, loaded at the first size and kept
(``open_board(..., keep=True)``). Screenshots: ``test-artifacts/browser/``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.rules import Place
from shangrila_widget.rules.compact import from_compact
from tests.browser.conftest import (
    ARTIFACT_DIR,
    BoardOpener,
    BrowserDiagnostics,
    Device,
    artifact_stem,
)
from tests.support.board import (
    CANVAS,
    TARGET_WASH_RGBA,
    BoardGeometry,
    assert_colour,
    player_rgba,
)
from tests.support.browser import (
    hermetic_context,
    save_picture,
    swipe,
    wait_for_canvas_color,
    wait_until_quiet,
    write_notebook,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, CDPSession, Page

    from tests.browser.conftest import VoilaFactory

POSITION = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"
INTRO_PX = 220  # the introduction above the board: the board starts partly below the fold
AFTER_PX = 1600  # and the page goes on after it

NOTEBOOK_SOURCE = (
    textwrap.dedent(
        f"""
        from IPython.display import HTML, display
        display(HTML('<div style="height: {INTRO_PX}px">A lesson: the introduction.</div>'))
        """
    ).strip(),
    textwrap.dedent(
        f"""
        from shangrila_widget.widget import ShangriLaBoard

        board = ShangriLaBoard({POSITION!r})
        board
        """
    ).strip(),
    f"display(HTML('<div style=\"height: {AFTER_PX}px\">What comes after the board.</div>'))",
)

GEOMETRY = BoardGeometry(900.0)
MESSAGE = ".shangrila-message"
LOAD_TIMEOUT = 60.0
RED = player_rgba("red")
RED_STUDENT_A = GEOMETRY.tile_fill_point("A", "rainmaker", student=True)
PRIEST_A = GEOMETRY.space_centre("A", "priest")
PRIEST_A_FILL = GEOMETRY.tile_fill_point("A", "priest", student=False)
PRIEST_A_WASH = GEOMETRY.space_fill_point("A", "priest")
PLACED = from_compact(POSITION).play(Place("priest", "A"))
PLACED_TEXT = " ".join(event.message("en") for event in PLACED.events)

ENVS = ["voila", "lab"]
VIEWPORTS = [(1280, 720), (1024, 768)]
VIEWPORT_IDS = ["1280x720", "1024x768"]
#: The boards' parameters: every host at every window size.
HOSTS_AND_SIZES = [(env, size) for env in ENVS for size in VIEWPORTS]
HOSTS_AND_SIZES_IDS = [f"{env}-{size}" for env in ENVS for size in VIEWPORT_IDS]

# The scroll position of what scrolls the board (Voila: #rendered_cells, JupyterLab: the
# notebook's windowed panel, else the document), whether the canvas has the focus, what the
# page's pointer guard counted, and where a backing-store point of the canvas is on screen.
_SCROLLER_JS = """(canvas) => {
    for (let node = canvas.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if ((style.overflowY === 'auto' || style.overflowY === 'scroll') &&
            node.scrollHeight > node.clientHeight) return node;
    }
    return document.scrollingElement;
}"""
_STATE_JS = (
    """([sel, x, y]) => {
    const canvas = document.querySelector(sel);
    const scroller = ("""
    + _SCROLLER_JS
    + """)(canvas);
    const r = canvas.getBoundingClientRect();
    return {
        scrollTop: scroller.scrollTop,
        scrollRoom: scroller.scrollHeight - scroller.clientHeight,
        focused: document.activeElement === canvas,
        guard: window.__shangrilaPointer || null,
        rect: [r.left, r.top, r.width, r.height],
        point: [r.left + x * r.width / canvas.width, r.top + y * r.height / canvas.height],
        viewport: [innerWidth, innerHeight],
    };
}"""
)
_SCROLL_BY_JS = (
    "([sel, dy]) => { (" + _SCROLLER_JS + ")(document.querySelector(sel)).scrollTop += dy; }"
)


@pytest.fixture(scope="module")
def lesson_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_notebook(tmp_path_factory.mktemp("touch") / "lesson.ipynb", *NOTEBOOK_SOURCE)


@pytest.fixture
def touch_context(
    browser: Browser, browser_diagnostics: BrowserDiagnostics
) -> Iterator[BrowserContext]:
    """A fresh context with a touch screen, every non-local request refused (and failing
    the test)."""
    context = hermetic_context(
        browser,
        browser_diagnostics.blocked_urls,
        viewport={"width": 1280, "height": 720},
        has_touch=True,
    )
    yield context
    context.close()


class TouchBoard:
    """The lesson notebook open in a touch context: ``page``, the CDP session for pens and
    swipes, the page's errors, and helpers."""

    def __init__(
        self,
        page: Page,
        cdp: CDPSession,
        request: pytest.FixtureRequest,
        diagnostics: BrowserDiagnostics | None = None,
    ) -> None:
        """``diagnostics``: a kept page's (its errors go there); None: the page's own."""
        self.page = page
        self.cdp = cdp
        self._stem = artifact_stem(request.node)
        if diagnostics is not None:
            self.errors = diagnostics.page_errors
        else:
            self.errors = []
            page.on("pageerror", lambda error: self.errors.append(str(error)))

    def state(self, point: tuple[float, float] = PRIEST_A) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(_STATE_JS, [CANVAS, *point])
        return result

    def screenshot(self, label: str) -> Path:
        return save_picture(self.page, ARTIFACT_DIR / f"{self._stem}-{label}.png")

    def message(self) -> str:
        return " ".join(self.page.locator(MESSAGE).first.inner_text().split())

    def wait_for_message(self, text: str, timeout: float = 15.0) -> None:
        from playwright.sync_api import expect

        expect(self.page.locator(MESSAGE).first).to_contain_text(text, timeout=timeout * 1000)

    def in_view(self, point: tuple[float, float]) -> tuple[float, float]:
        """The screen point of backing-store ``point``, scrolled into the window if needed
        (by the scroller's scrollTop: no input event)."""
        state = self.state(point)
        x, y = state["point"]
        height = state["viewport"][1]
        if not 40 < y < height - 40:
            self.page.evaluate(_SCROLL_BY_JS, [CANVAS, y - height / 2])
            x, y = self.state(point)["point"]
        return (float(x), float(y))

    def wait_scrolled_past(self, top: float, by: float = 100.0) -> dict[str, Any]:
        """Wait until the page has scrolled more than ``by`` px past ``top``; the state."""
        self.page.wait_for_function(
            "([sel, top]) => (" + _STATE_JS + ")([sel, 0, 0]).scrollTop > top",
            arg=[CANVAS, top + by],
            timeout=10_000,
        )
        return self.state()

    def pen_click(self, x: float, y: float) -> None:
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.cdp.send(
                "Input.dispatchMouseEvent",
                {
                    "type": kind,
                    "x": x,
                    "y": y,
                    "button": "none" if kind == "mouseMoved" else "left",
                    "buttons": 1 if kind == "mousePressed" else 0,
                    "clickCount": 1,
                    "pointerType": "pen",
                },
            )

    def swipe(self, x: float, y: float, dy: float, steps: int = 12) -> None:
        """A finger down at (x, y), moved by ``dy`` (negative: up, the page scrolls down)."""
        swipe(self.page, self.cdp, x, y, dy, steps)


def _wait_until_settled(page: Page) -> None:
    """Wait for the board's first picture, the page's pointer guard and a quiet page."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    wait_for_canvas_color(page, CANVAS, *RED_STUDENT_A, RED, timeout=LOAD_TIMEOUT)
    try:  # a page without the guard fails in the test on what it does, not here
        page.wait_for_function("() => window.__shangrilaPointer", timeout=10_000)
    except PlaywrightTimeoutError:
        pass
    wait_until_quiet(page)


@pytest.fixture(params=HOSTS_AND_SIZES, ids=HOSTS_AND_SIZES_IDS)
def touch_board(
    request: pytest.FixtureRequest,
    touch_context: BrowserContext,
    voila_server: VoilaFactory,
    lesson_notebook: Path,
) -> Iterator[TouchBoard]:
    """The lesson notebook in Voila or JupyterLab at one window size, loaded and drawn."""
    env, viewport = request.param
    page = touch_context.new_page()
    opener = BoardOpener(request, page, voila_server)
    board = TouchBoard(page, touch_context.new_cdp_session(page), request)
    try:
        opener(lesson_notebook, env=env, viewport=viewport, timeout=LOAD_TIMEOUT)
        _wait_until_settled(page)  # the tap must be the page's first input
        yield board
        board.screenshot("last")
    finally:
        opener.close()
        page.close()


#: The touch screen of :func:`kept_touch_board`'s pages (as ``touch_context``'s).
TOUCH = Device(has_touch=True)


@pytest.fixture(params=HOSTS_AND_SIZES, ids=HOSTS_AND_SIZES_IDS)
def kept_touch_board(
    request: pytest.FixtureRequest,
    voila_server: VoilaFactory,
    lesson_notebook: Path,
    browser_diagnostics: BrowserDiagnostics,
) -> Iterator[TouchBoard]:
    """The lesson notebook in Voila or JupyterLab on a touch screen, loaded once per host
    and kept (``open_board(..., keep=True)``): the second window size gets the page loaded
    at the first, resized, its scroll positions as loaded. For the tests that play nothing
    and need no fresh page (one load of each host saved: a JupyterLab load is 10 CPU-s)."""
    env, viewport = request.param
    opener = BoardOpener(request, None, voila_server, device=TOUCH)
    try:
        page = opener(lesson_notebook, env=env, viewport=viewport, keep=True, timeout=LOAD_TIMEOUT)
        board = TouchBoard(page, page.context.new_cdp_session(page), request, browser_diagnostics)
        _wait_until_settled(page)
        yield board
        board.screenshot("last")
        board.cdp.detach()
    finally:
        opener.close()


def test_the_first_tap_plays_then_a_pen_and_a_mouse_play(touch_board: TouchBoard) -> None:
    board = touch_board
    page = board.page
    assert "Red is to move" in board.message()

    # The first input of a fresh page: a tap on Red's legal Priest space in village A, with
    # the board's bottom below the window (a focus that scrolls would move it).
    x, y = board.in_view(PRIEST_A)
    before = board.state()
    _, top, _, css_h = before["rect"]
    assert top + css_h > before["viewport"][1], f"the whole board is in the window: {before}"
    assert not before["focused"]
    page.touchscreen.tap(x, y)
    board.wait_for_message(PLACED_TEXT)
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_FILL, RED, tolerance=10)
    after = board.state()
    assert after["scrollTop"] == before["scrollTop"], "the tap scrolled the page"
    assert after["focused"], "the tap focuses the board (for the keys)"
    assert after["guard"]["passedOn"] >= 2, after  # touchstart, touchend
    board.screenshot("after-first-tap")

    # The keys reach the board focused by the tap: ArrowLeft takes the Priest back.
    page.keyboard.press("ArrowLeft")
    board.wait_for_message("Took back")
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_WASH, TARGET_WASH_RGBA, tolerance=10)

    # A pen plays, as a tap does.
    board.pen_click(*board.in_view(PRIEST_A))
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_FILL, RED, tolerance=10)
    assert_colour(page, "Red priest placed with a pen", PRIEST_A_FILL, RED)
    board.screenshot("after-pen")
    page.keyboard.press("ArrowLeft")
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_WASH, TARGET_WASH_RGBA, tolerance=10)

    # And the mouse, as always.
    page.mouse.click(*board.in_view(PRIEST_A))
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_FILL, RED, tolerance=10)
    board.wait_for_message(PLACED_TEXT)

    # Tab is not the board's: the focus moves on to the next control.
    assert board.state()["focused"]
    page.keyboard.press("Tab")
    assert not board.state()["focused"], "Tab stayed on the board"
    assert board.errors == []


def test_a_wheel_and_a_swipe_over_the_board_scroll_the_page(
    kept_touch_board: TouchBoard,
) -> None:
    board = kept_touch_board
    page = board.page
    x, y = board.in_view(PRIEST_A)
    start = board.state()
    assert start["scrollRoom"] - start["scrollTop"] > 400, f"the page is too short: {start}"

    # A swipe up that starts on a legal space scrolls the page and plays nothing.
    board.swipe(x, y, -240)
    board.wait_scrolled_past(start["scrollTop"])
    page.wait_for_timeout(800)  # time for a (wrong) click to come back from the kernel
    swiped = board.state()
    assert "Red is to move" in board.message(), board.message()
    assert_colour(page, "A priest still empty after the swipe", PRIEST_A_WASH, TARGET_WASH_RGBA)
    board.screenshot("after-swipe")

    # The wheel over the board scrolls the page too.
    centre = board.state((900.0, 910.0))["point"]  # the middle of the 1800x1820 canvas
    height = swiped["viewport"][1]
    assert 0 < centre[1] < height, f"the board's middle is off screen: {centre}"
    page.mouse.move(*centre)
    page.mouse.wheel(0, 300)
    wheeled = board.wait_scrolled_past(swiped["scrollTop"])
    assert wheeled["guard"]["passedOn"] >= 1, wheeled
    assert "Red is to move" in board.message()
    board.screenshot("after-wheel")
    assert board.errors == []

"""The board in Notebook 7 (the classic notebook's successor), as a teacher opens it: a
notebook whose first cell is the board, run, at 1280x720 with a touch screen. The picture
is drawn in proportion and inside the window with the buttons under it, and the first tap on
a legal space plays it. The exercises there too: an option tapped, the verdict, the action
played out step by step, Polish. Nothing is asked of another host.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules import Place, Position
from tests.browser.conftest import ARTIFACT_DIR, LAB_READY_JS, LAB_SHUTDOWN_JS, BrowserDiagnostics
from tests.support.board import CANVAS, BoardGeometry
from tests.support.browser import (
    VoilaServer,
    evaluate_within,
    hermetic_context,
    lab_command,
    write_notebook,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


pytestmark = pytest.mark.skipif(
    shutil.which("jupyter-notebook") is None and not os.environ.get("CI"),
    reason="Notebook 7 (the notebook package) is not installed",
)

GEOMETRY = BoardGeometry(900.0, players=3)
VIEWPORT = {"width": 1280, "height": 720}
SOURCE = (
    "from shangrila_widget.widget import ShangriLaBoard\n\n"
    'board = ShangriLaBoard(players=["red", "blue", "yellow"])\nboard'
)

EXERCISES_SOURCE = (
    "from shangrila_widget.exercises import generate\n"
    "from shangrila_widget.widget import Exercises\n\n"
    'Exercises(generate(2, seed=4, kinds=["what_happens"]))'
)


@pytest.fixture(scope="module")
def notebook7(notebook7_server: VoilaServer) -> str:
    """The session's Notebook 7 server on 127.0.0.1 (no token, no XSRF check, the app
    exposed to the page; started once per worker), serving a folder with the one-cell board
    notebook and the exercises' notebook; its URL."""
    root = notebook7_server.notebook
    write_notebook(root / "notebook7-board.ipynb", SOURCE)
    write_notebook(root / "notebook7-exercises.ipynb", EXERCISES_SOURCE)
    return notebook7_server.url


@contextmanager
def notebook_page(
    browser: Browser, diagnostics: BrowserDiagnostics, url: str, failure: str
) -> Iterator[Page]:
    """A touch page of Notebook 7 at ``url`` (1280x720, non-local requests blocked) with
    every cell run; a screenshot ``failure``.png of the whole page if the block fails."""
    context = hermetic_context(browser, diagnostics.blocked_urls, viewport=VIEWPORT, has_touch=True)
    page = context.new_page()
    page.on("pageerror", lambda error: diagnostics.page_errors.append(str(error)))
    try:
        page.goto(url)
        page.wait_for_function(LAB_READY_JS, timeout=90_000, polling=100)
        lab_command(page, "notebook:run-all-cells", seconds=90)
        yield page
    except Exception:
        ARTIFACT_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACT_DIR / f"{failure}.png"), full_page=True)
        raise
    finally:
        try:  # the server lives for the session: stop this notebook's kernel
            evaluate_within(page, LAB_SHUTDOWN_JS)
        except Exception:  # noqa: BLE001 - best effort, the server stops at the end anyway
            pass
        context.close()


def test_the_board_in_notebook7_is_drawn_in_the_window_and_a_tap_plays(
    notebook7: str, browser: Browser, browser_diagnostics: BrowserDiagnostics
) -> None:
    from playwright.sync_api import expect

    with notebook_page(
        browser,
        browser_diagnostics,
        notebook7 + "notebooks/notebook7-board.ipynb",
        "test_notebook7-failure",
    ) as page:
        canvas = page.locator(CANVAS).first
        expect(canvas).to_be_visible(timeout=60_000)
        message = page.locator(".shangrila-message")
        expect(message).to_contain_text("Click a space to play", timeout=30_000)
        box = canvas.bounding_box()
        assert box is not None
        # In proportion (900 x 910 scene units), whole inside the window, buttons too.
        assert abs(box["width"] / box["height"] - 900 / 910) < 0.02, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"], box
        undo = page.locator(".shangrila-board .widget-button").filter(has_text="Undo").first
        button = undo.bounding_box()
        assert button is not None and button["y"] + button["height"] <= VIEWPORT["height"]
        # The first tap on a legal space (set-up: an empty space) plays it.
        space = GEOMETRY.layout.space("A", "healer")
        scale = box["width"] / GEOMETRY.width
        page.touchscreen.tap(box["x"] + space.cx * scale, box["y"] + space.cy * scale)
        placed = Position.new_game(["red", "blue", "yellow"]).play(Place("healer", "A"))
        expect(message).to_contain_text(placed.events[0].message("en"))
        page.screenshot(path=str(ARTIFACT_DIR / "test_notebook7-tapped.png"))
        ours = [e for e in browser_diagnostics.page_errors if "shangrila" in e.lower()]
        assert ours == [], ours


def test_an_exercise_in_notebook7_answered_by_a_tap_then_played_out_step_by_step(
    notebook7: str, browser: Browser, browser_diagnostics: BrowserDiagnostics
) -> None:
    from playwright.sync_api import expect

    from shangrila_widget.exercises import generate, play_out
    from shangrila_widget.rules.messages import say

    exercise = generate(2, seed=4, kinds=["what_happens"])[0]
    assert exercise.action is not None
    steps = play_out(exercise.position, exercise.action)
    with notebook_page(
        browser,
        browser_diagnostics,
        notebook7 + "notebooks/notebook7-exercises.ipynb",
        "test_notebook7-exercise-failure",
    ) as page:
        root = page.locator(".shangrila-exercises")
        expect(root).to_contain_text(exercise.question.text("en"), timeout=60_000)
        expect(page.locator(CANVAS).first).to_be_visible()
        root.get_by_role("button", name=exercise.answer.text.text("en"), exact=True).tap()
        verdict = page.locator(".shangrila-exercise-verdict")
        expect(verdict).to_contain_text(say("ui.exercise_right", "en"))
        step = page.locator(".shangrila-exercise-step-text")
        expect(step).to_be_visible()
        expect(step).to_contain_text(steps[0].rule)
        root.get_by_role("button", name=say("exercise.step_next", "en")).tap()
        expect(step).to_contain_text(steps[1].rule)
        box = step.bounding_box()
        assert box is not None and box["y"] + box["height"] <= VIEWPORT["height"], box
        page.screenshot(path=str(ARTIFACT_DIR / "test_notebook7-exercise-step.png"))
        root.get_by_role("button", name="PL", exact=True).tap()
        expect(root).to_contain_text(exercise.question.text("pl"))
        expect(step).to_contain_text(steps[1].words("pl")[:30])
        page.screenshot(path=str(ARTIFACT_DIR / "test_notebook7-exercise-pl.png"))
        ours = [e for e in browser_diagnostics.page_errors if "shangrila" in e.lower()]
        assert ours == [], ours

"""Playing without a mouse, in a real browser: Tab to the board's action box, type a
journey, Enter; the message is announced (a live region in the page's accessibility tree);
the position's description opens from the keyboard too. And the board in JupyterLab's
dark theme: its texts keep their contrast, its picture is drawn."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support.browser import lab_command, write_notebook
from tests.support.contrast import TEXT_CONTRAST_JS

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

POSITION = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"
SOURCE = textwrap.dedent(
    f"""
    from shangrila_widget.widget import ShangriLaBoard

    board = ShangriLaBoard({POSITION!r})
    board
    """
)
ROOT = ".shangrila-board"
ACTION_INPUT = ".shangrila-action-box input"


@pytest.fixture(scope="module")
def journey_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_notebook(tmp_path_factory.mktemp("keyboard") / "journey.ipynb", SOURCE)


def tab_to(page: Page, selector: str, presses: int = 80) -> int:
    """Press Tab until the element matching ``selector`` has the focus; the presses."""
    for count in range(1, presses + 1):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(sel) => document.activeElement === document.querySelector(sel)", selector
        ):
            return count
    raise AssertionError(f"{selector} never got the focus in {presses} presses of Tab")


@pytest.mark.parametrize("env", ["voila", "lab"])
def test_a_journey_played_with_the_keyboard_alone_is_announced(
    env: str,
    journey_notebook: Path,
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = open_board(journey_notebook, env=env, viewport=(1280, 720))
    page.locator(ACTION_INPUT).wait_for(timeout=15_000)
    if env == "lab":  # start at the board, not in JupyterLab's menus and cell editor
        page.keyboard.press("Escape")
        page.evaluate("(sel) => document.querySelector(sel).focus()", f"{ROOT} button")
    presses = tab_to(page, ACTION_INPUT)
    assert presses <= 15, f"{presses} presses of Tab to reach the action box"
    page.keyboard.type("journey A B", delay=20)
    page.keyboard.press("Enter")
    status = page.locator(f"{ROOT} [role=status]")
    expect(status).to_contain_text("Red starts a journey from A to B", timeout=15_000)
    expect(page.locator(f"{ROOT} [aria-live=polite]")).to_contain_text("The bridge A-B collapses")
    expect(page.locator(ACTION_INPUT)).to_have_value("")
    tree = page.locator("body").aria_snapshot()
    assert "status:" in tree, "the message line is a status region"
    assert "Red starts a journey from A to B" in tree, "the message is in the accessibility tree"
    save_screenshot(f"{env}-after-journey", full_page=False)
    # The position in words: its button is pressed from the keyboard.
    tab_to(page, f"{ROOT} .shangrila-describe-button")
    page.keyboard.press("Enter")
    description = page.locator(f"{ROOT} .shangrila-description")
    expect(description).to_contain_text("Village B", timeout=10_000)
    expect(description).to_be_visible()
    save_screenshot(f"{env}-description", full_page=False)


def test_the_board_is_readable_in_jupyterlabs_dark_theme(
    journey_notebook: Path, open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    page = open_board(journey_notebook, env="lab", viewport=(1280, 720))
    lab_command(page, "apputils:change-theme", {"theme": "JupyterLab Dark"})
    try:
        page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'false'", timeout=20_000
        )
        # The theme's stylesheet is in force: JupyterLab's darkest layout colour is dark.
        page.wait_for_function(
            """() => { const v = getComputedStyle(document.body)
                    .getPropertyValue('--jp-layout-color0').trim().replace('#', '');
                const hex = v.length === 3 ? [...v].map((c) => c + c).join('') : v;
                const n = parseInt(hex, 16);
                return hex.length === 6 && ((n >> 16) + ((n >> 8) & 255) + (n & 255)) < 200; }""",
            timeout=20_000,
        )
        page.locator(ACTION_INPUT).fill("journey A B")
        page.locator(ACTION_INPUT).press("Enter")
        page.locator(f"{ROOT} [role=status]").get_by_text("collapses").wait_for(timeout=15_000)
        page.wait_for_timeout(500)
        page.mouse.move(5, 700)  # a new frame for the screenshot
        page.wait_for_timeout(1500)
        save_screenshot("dark", full_page=False)
        checks = {
            "message": f"{ROOT} .shangrila-feedback li",
            "rule badge": f"{ROOT} .shangrila-rule-badge",
            "table": f"{ROOT} .shangrila-supply th, {ROOT} .shangrila-supply td",
            "status": f"{ROOT} .shangrila-status b",
        }
        text = page.evaluate(TEXT_CONTRAST_JS, f"{ROOT} .shangrila-feedback li")[0]
        assert sum(text["fg"][:3]) > 450, f"the message is not drawn light on dark: {text}"
        for what, selector in checks.items():
            found = page.evaluate(TEXT_CONTRAST_JS, selector)
            assert found, f"no {what} text found"
            worst = min(found, key=lambda f: f["ratio"])
            assert worst["ratio"] >= 4.5, f"{what} hard to read in the dark theme: {worst}"
        drawn = page.evaluate(
            """() => { const c = document.querySelector('.shangrila-board canvas');
                const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                const seen = new Set();
                for (let i = 0; i < d.length; i += 4 * 997) {
                    seen.add(d[i] + ',' + d[i + 1] + ',' + d[i + 2]);
                }
                return seen.size; }"""
        )
        assert drawn > 20, f"the canvas shows only {drawn} colours: not drawn"
    finally:
        lab_command(page, "apputils:change-theme", {"theme": "JupyterLab Light"})
        page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'true'", timeout=20_000
        )

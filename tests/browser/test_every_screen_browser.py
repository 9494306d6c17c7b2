"""Every screen whole (issue 23): every page at laptop, projector and whiteboard sizes, in
Voila, JupyterLab 4 with its file browser open and Notebook 7, as loaded and in presenter mode.

For every cell of the matrix (:mod:`tests.support.reach`):

* as loaded (nothing scrolled), the board's canvas and its button row are inside what can be
  seen;
* every text line and control of the widget can be brought into view the way a person does
  it (scrolling only boxes a person can scroll, then the page) and is then really shown;
* neither the page nor any box of the widget scrolls sideways;
* in presenter mode every text is at least 20 px and the board's letters at least 12 px on
  screen.

Trimmed, because the cells are identical by construction:

* One page load per page and host; the three window sizes are set on the loaded page with
  ``set_viewport_size``. The layout is CSS only (``vw``/``vh``, container and media
  queries): no Python code knows the window's size, so a resized page is the page loaded at
  that size.
* The ruling opened from a link is a Voila page only: the link opens the page the
  ``serve`` command (Voila) serves; JupyterLab and Notebook 7 do not hand a URL's query to
  the kernel. In the notebooks the same ruling box is the checker's.
* In JupyterLab and Notebook 7 "as loaded" is the notebook scrolled to the widget's cell
  (the notebooks' own texts come first; scrolling the notebook there is what a person does).
* Presenter mode: letters at least 12 px, or the board says in one line that the window is
  too small (JupyterLab with its file browser open in a small window).

Screenshots: ``test-artifacts/browser/test_every_screen-<page>-<host>-<size>-<mode>.png``.
The figures measured are printed (``-s``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules import Position
from shangrila_widget.rules.messages import say
from shangrila_widget.rules.ruling import ruling_link, ruling_string
from tests.support.browser import wait_until_quiet
from tests.support.paths import EXAMPLES
from tests.support.reach import reach_everything, window_cell

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

SIZES = [(1280, 720), (1024, 768), (1920, 1080)]
HOSTS = ["voila", "lab", "notebook7"]
PAGES = {
    "tour": (EXAMPLES / "tour.ipynb", ".shangrila-tour"),
    "hot-seat": (EXAMPLES / "hot-seat.ipynb", ".shangrila-board"),
    "checker": (EXAMPLES / "dispute-checker.ipynb", ".shangrila-checker"),
    "exercises": (EXAMPLES / "exercises.ipynb", ".shangrila-exercises"),
}
CHECKER_START = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"
#: Seconds for a page to load (a busy machine loads slowly).
LOAD_TIMEOUT = 120.0
CASES = [(page, host) for page in PAGES for host in HOSTS] + [("ruling-link", "voila")]

# Scroll positions as a page loads (JupyterLab scrolls to the last cell it ran).
_TO_TOP_JS = """() => {
    for (const e of document.querySelectorAll('*')) if (e.scrollTop || e.scrollLeft) {
        e.scrollTop = 0; e.scrollLeft = 0;
    }
    window.scrollTo(0, 0);
}"""


def _settle(page: Page, root: str, host: str) -> None:
    wait_until_quiet(page, root)  # layout after a resize or a toggle, the last texts
    page.evaluate(_TO_TOP_JS)
    if host != "voila":  # the notebook scrolled to the widget's cell, as a person does
        page.locator(root).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        wait_until_quiet(page, root, quiet_ms=100)  # cells a scrolled notebook draws


def _open(
    page_name: str, host: str, open_board: BoardOpener, voila_server: Callable[..., str]
) -> tuple[Page, str]:
    from playwright.sync_api import expect

    if page_name == "ruling-link":
        base = voila_server(PAGES["checker"][0])
        link = ruling_link(ruling_string(Position.from_compact(CHECKER_START), "journey A B"), base)
        page = open_board(url=link, viewport=SIZES[0], timeout=LOAD_TIMEOUT)
        expect(page.locator(".shangrila-ruling")).to_contain_text("Verdict", timeout=60_000)
        return page, ".shangrila-checker"
    notebook, root = PAGES[page_name]
    page = open_board(
        notebook, env=host, viewport=SIZES[0], file_browser=host == "lab", timeout=LOAD_TIMEOUT
    )
    page.locator(root).first.wait_for(timeout=30_000)
    return page, root


def _presenter_on(page: Page, page_name: str, root: str) -> None:
    word = say("ui.exercise_presenter" if page_name == "exercises" else "ui.presenter", "en")
    page.locator(root).get_by_role("button", name=word).first.click()
    page.locator(f"{root} .shangrila-presenter").or_(
        page.locator(f"{root}.shangrila-presenter")
    ).first.wait_for(timeout=15_000)
    if page_name == "exercises":  # the score line comes after an answer and Reveal
        page.locator(f"{root} .shangrila-exercise-option").first.click()
        page.get_by_role("button", name=say("ui.exercise_reveal", "en")).click()
        page.locator(f"{root} .shangrila-exercise-verdict .widget-html-content > div").wait_for(
            timeout=15_000
        )


def _qr_problems(
    page: Page, root: str, where: str, save_screenshot: Callable[..., Path], presenter: bool
) -> list[str]:
    """Open the QR code: its picture and its link's text can be reached (in presenter mode
    at 20 px or more); close it again."""
    qr = page.locator(root).get_by_role("button", name=say("ui.qr", "en"))
    qr.click()
    page.locator(f"{root} .shangrila-qr-link").wait_for(timeout=15_000)
    _settle(page, root, "voila")
    save_screenshot(where.replace(" ", "-") + "-qr", full_page=False)
    reach = reach_everything(page, root)
    problems = [f"{where}, QR code open: {reach.describe()}"] if reach.unreachable() else []
    link = [i for i in reach.items if i.kind == "text" and i.name.startswith("http")]
    if not link:
        problems.append(f"{where}, QR code open: no link text shown")
    if presenter and reach.small_texts(20):
        small = sorted({f"{i.name!r} {i.font:.0f}px" for i in reach.small_texts(20)})[:8]
        problems.append(f"{where}, QR code open: texts under 20 px: {small}")
    qr.click()
    page.locator(f"{root} .shangrila-qr-link").wait_for(state="hidden", timeout=15_000)
    return problems


@pytest.mark.parametrize(("page_name", "host"), CASES, ids=[f"{p}-{h}" for p, h in CASES])
def test_every_text_and_control_can_be_reached_at_every_size(
    page_name: str,
    host: str,
    open_board: BoardOpener,
    voila_server: Callable[..., str],
    save_screenshot: Callable[..., Path],
) -> None:
    page, root = _open(page_name, host, open_board, voila_server)
    problems: list[str] = []
    reported = 0
    for mode in ("loaded", "presenter"):
        if mode == "presenter":
            page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
            _presenter_on(page, page_name, root)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            where = f"{page_name} {host} {width}x{height} {mode}"
            _settle(page, root, host)
            cell = window_cell(page, root, where, presenter=mode == "presenter")
            save_screenshot(
                f"{page_name}-{host}-{width}x{height}-{mode}",
                full_page=False,
                always=bool(cell.problems or cell.reach.across),
            )
            problems += cell.problems
            figures = cell.figures
            if cell.reach.across:
                problems.append(f"{where}: boxes scroll sideways: {cell.reach.across}")
            if page_name == "ruling-link" and (width, height) == SIZES[0]:
                problems += _qr_problems(page, root, where, save_screenshot, mode == "presenter")
            print(f"\n{where}: {figures}")
            for problem in problems[reported:]:
                print("  PROBLEM " + problem.replace("\n", "\n    "))
            reported = len(problems)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)

"""One language for the whole tour in a real browser.

The tour notebook (``examples/tour.ipynb``) opens in English; a click on the board's EN/PL
switch must turn *every* word of the tour Polish: narration, chapter titles, the navigation
buttons, "Step k of n", the variation bar, the rule texts, tooltips and the chapter list. The
English interface sentences come from the widgets' own tables (``tests.support.widget``), so the
check cannot drift from the code. The same for the dispute checker's notebook.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from shangrila_widget.tour import load_chapters
from tests.support.board import CANVAS, BoardGeometry, player_rgba
from tests.support.browser import (
    canvas_digest,
    wait_for_canvas_change,
    wait_for_canvas_color,
)
from tests.support.paths import EXAMPLES
from tests.support.widget import foreign_sentences

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

TOUR_NOTEBOOK = EXAMPLES / "tour.ipynb"
CHECKER_NOTEBOOK = EXAMPLES / "dispute-checker.ipynb"
GEOMETRY = BoardGeometry(760.0)  # the tour's and the checker's board width
VIEWPORT = (1000, 1400)
LOAD_TIMEOUT = 45.0

# Every word the page shows inside a widget: visible text, tooltips, the options of lists.
SHOWN_WORDS = """(root) => {
    const texts = [root.innerText];
    for (const el of root.querySelectorAll('[title]')) texts.push(el.getAttribute('title'));
    for (const el of root.querySelectorAll('option')) texts.push(el.textContent);
    for (const el of root.querySelectorAll('input, textarea')) {
        if (el.placeholder) texts.push(el.placeholder);
    }
    return texts;
}"""


def shown_words(widget: Locator) -> list[str]:
    return list(widget.evaluate(SHOWN_WORDS))


def language_switch(widget: Locator, label: str) -> Locator:
    return widget.locator(".shangrila-board").get_by_role("button", name=label, exact=True)


def test_after_pl_no_english_interface_string_of_the_tour_is_visible(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    chapter = load_chapters()[0]
    page = open_board(TOUR_NOTEBOOK, viewport=VIEWPORT, timeout=LOAD_TIMEOUT)
    tour = page.locator(".shangrila-tour")
    wait_for_canvas_color(
        page,
        CANVAS,
        *GEOMETRY.tile_fill_point("A", "rainmaker", student=False),
        player_rgba("yellow"),
        tolerance=10,
        timeout=LOAD_TIMEOUT,
    )
    expect(tour.locator(".shangrila-narration")).to_contain_text(chapter.title["en"])
    tour.get_by_role("button", name="Next ▶").click()
    last = len(chapter.frames) - 1
    expect(tour).to_contain_text(f"Step 1 of {last}")
    assert foreign_sentences(shown_words(tour), "en") == []
    save_screenshot("tour-en")

    footer = GEOMETRY.footer_region()
    before_footer = canvas_digest(page, CANVAS, *footer)
    language_switch(tour, "PL").click()
    expect(tour).to_contain_text(f"Krok 1 z {last}")
    expect(tour.locator(".shangrila-narration")).to_contain_text(chapter.title["pl"])
    expect(tour.get_by_role("button", name="Dalej ▶")).to_be_visible()
    # The picture follows too: the footer names the players in Polish.
    wait_for_canvas_change(page, CANVAS, footer, before_footer)
    # The rules reference, opened, is Polish as well.
    tour.get_by_text("Zasady gry", exact=True).click()
    expect(tour.locator("#shangrila-rule-JOURNEY-BRIDGE")).to_be_visible()
    english = foreign_sentences(shown_words(tour), "pl")
    save_screenshot("tour-pl")
    assert english == [], english
    assert browser_diagnostics.page_errors == []


def test_after_pl_no_english_interface_string_of_the_checker_is_visible(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = open_board(CHECKER_NOTEBOOK, viewport=VIEWPORT, timeout=LOAD_TIMEOUT)
    checker = page.locator(".shangrila-checker")
    expect(checker.get_by_role("button", name="Play it")).to_be_visible(timeout=LOAD_TIMEOUT * 1000)
    wait_for_canvas_color(
        page,
        CANVAS,
        *GEOMETRY.tile_fill_point("A", "rainmaker", student=True),
        player_rgba("red"),
        tolerance=12,
        timeout=LOAD_TIMEOUT,
    )
    checker.get_by_role("button", name="Edit", exact=True).click()
    expect(checker.get_by_role("button", name="master + student")).to_be_visible()
    assert foreign_sentences(shown_words(checker), "en") == []
    language_switch(checker, "PL").click()
    expect(checker.get_by_role("button", name="Zagraj")).to_be_visible()
    expect(checker.get_by_role("button", name="Mistrz + Uczeń")).to_be_visible()
    english = foreign_sentences(shown_words(checker), "pl")
    save_screenshot("checker-pl")
    assert english == [], english
    assert browser_diagnostics.page_errors == []

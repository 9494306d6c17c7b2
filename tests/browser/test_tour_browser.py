"""The rulebook tour (``examples/tour.ipynb``) in a real browser: keys walk the frames of the
first chapter, a click on the board starts a variation, "Main line" comes back.

Expected texts come from :func:`shangrila_widget.tour.load_chapters`, expected pixels from the
board geometry (the tour's board is 760 scene units wide, 2 backing pixels per unit).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules import Place
from shangrila_widget.rules.editing import with_to_move
from shangrila_widget.tour import Chapter, load_chapters
from tests.support.board import CANVAS, BoardGeometry, player_rgba
from tests.support.browser import (
    canvas_digest,
    canvas_pixel,
    click_canvas,
    color_close,
    wait_for_canvas_change,
    wait_for_canvas_color,
)
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

TOUR_NOTEBOOK = EXAMPLES / "tour.ipynb"
GEOMETRY = BoardGeometry(760.0)  # RulebookTour's default board width
# Tall enough for the narration under the board to be in the screenshots.
VIEWPORT = (1000, 1400)
NARRATION = ".shangrila-narration"
TOUR = ".shangrila-tour"
LOAD_TIMEOUT = 45.0


@pytest.fixture(scope="module")
def chapter() -> Chapter:
    return load_chapters()[0]


def normalised(text: str) -> str:
    return " ".join(text.split())


def wait_for_narration(page: Page, text: str, timeout: float = 10.0) -> None:
    from playwright.sync_api import expect

    expect(page.locator(NARRATION)).to_contain_text(normalised(text), timeout=timeout * 1000)


def narration_of(chapter: Chapter, index: int) -> str:
    """The sentence the narration panel shows for frame ``index`` (the intro at the start)."""
    step = chapter.frames[index].step
    return chapter.intro["en"] if step is None else step.narrate("en")


def variation_placement(chapter: Chapter, index: int) -> Place:
    """A placement in village A that is legal from frame ``index`` with the next step's player
    to move (where the tour's variation from that frame starts)."""
    following = chapter.frames[index + 1].step
    assert following is not None
    root = with_to_move(chapter.frames[index].position, following.player)
    places = [a for a in root.legal_actions() if isinstance(a, Place) and a.village == "A"]
    assert places, f"no legal placement in A from frame {index}"
    assert root.to_move == "red", "Red places in A, where it has a Priest"
    return places[0]


def test_tour_keys_walk_the_frames_and_a_variation_comes_back(
    chapter: Chapter,
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = open_board(TOUR_NOTEBOOK, viewport=VIEWPORT, timeout=LOAD_TIMEOUT)

    # Frame 0 of chapter 1: Yellow's Rainmaker and Red's Priest in A.
    start = chapter.frames[0].position
    assert start.tile("A", "rainmaker").owner == "yellow"  # type: ignore[union-attr]
    yellow_rainmaker = GEOMETRY.tile_fill_point("A", "rainmaker", student=False)
    red_priest = GEOMETRY.tile_fill_point("A", "priest", student=False)
    wait_for_canvas_color(
        page, CANVAS, *yellow_rainmaker, player_rgba("yellow"), tolerance=10, timeout=LOAD_TIMEOUT
    )
    wait_for_canvas_color(page, CANVAS, *red_priest, player_rgba("red"), tolerance=10)
    wait_for_narration(page, chapter.title["en"])
    wait_for_narration(page, chapter.intro["en"])
    expect(page.locator(TOUR)).to_contain_text("Start position")
    save_screenshot("tour-start")

    # Focus the board with a click on bare background (a click there changes nothing).
    before = canvas_digest(page, CANVAS, 0, 0, 1520, 1520)
    click_canvas(page, CANVAS, *GEOMETRY.background_point())
    expect(page.locator(".shangrila-message")).to_contain_text("Nothing to do there")
    assert canvas_digest(page, CANVAS, 0, 0, 1520, 1520) == before

    # Step 1 places Yellow's Dragon Breeder in A: narration and pixels follow the key.
    last = len(chapter.frames) - 1
    page.keyboard.press("ArrowRight")
    wait_for_narration(page, narration_of(chapter, 1))
    expect(page.locator(TOUR)).to_contain_text(f"Step 1 of {last}")
    first_step = chapter.frames[1].position
    assert first_step.tile("A", "dragon_breeder").owner == "yellow"  # type: ignore[union-attr]
    wait_for_canvas_color(
        page,
        CANVAS,
        *GEOMETRY.tile_fill_point("A", "dragon_breeder", student=False),
        player_rgba("yellow"),
        tolerance=10,
    )
    page.keyboard.press("ArrowRight")
    wait_for_narration(page, narration_of(chapter, 2))
    page.keyboard.press("ArrowLeft")
    wait_for_narration(page, narration_of(chapter, 1))
    page.keyboard.press("End")
    wait_for_narration(page, narration_of(chapter, last))
    expect(page.locator(TOUR)).to_contain_text(f"Step {last} of {last}")
    save_screenshot("tour-last-frame")
    page.keyboard.press("Home")
    wait_for_narration(page, chapter.intro["en"])
    page.keyboard.press("ArrowRight")
    wait_for_narration(page, narration_of(chapter, 1))
    save_screenshot("tour-frame-1")

    # A variation from step 1: Red places a master in A (Red's Priest is its foothold).
    place = variation_placement(chapter, 1)
    fill = GEOMETRY.tile_fill_point("A", place.type, student=False)
    main_line_pixel = canvas_pixel(page, CANVAS, *fill)
    assert not color_close(main_line_pixel, player_rgba("red"), 40), "the space starts empty"
    region = GEOMETRY.village_region("A")
    before_a = canvas_digest(page, CANVAS, *region)
    footer = GEOMETRY.footer_region()
    before_footer = canvas_digest(page, CANVAS, *footer)
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("A", place.type))
    expect(page.locator(TOUR)).to_contain_text("Variation 1 from step 1")
    wait_for_canvas_color(page, CANVAS, *fill, player_rgba("red"), tolerance=10)
    assert canvas_digest(page, CANVAS, *region) != before_a
    # The caption "variation from step 1" is drawn in the picture's footer.
    wait_for_canvas_change(page, CANVAS, footer, before_footer)
    expect(page.locator(".shangrila-message")).to_contain_text("in village A")
    wait_for_narration(page, narration_of(chapter, 1))  # the frame's narration stays
    save_screenshot("tour-variation")

    # "Main line" returns to step 1 as the chapter has it.
    page.get_by_role("button", name="Main line").click()
    expect(page.locator(TOUR)).to_contain_text("Main line. Play on the board")
    expect(page.locator(TOUR)).not_to_contain_text("Variation 1 from step 1")
    wait_for_canvas_color(page, CANVAS, *fill, main_line_pixel, tolerance=10)
    assert canvas_digest(page, CANVAS, *region) == before_a
    wait_for_narration(page, narration_of(chapter, 1))
    save_screenshot("tour-main-line")
    assert browser_diagnostics.page_errors == []

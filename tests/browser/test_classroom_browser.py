"""What a teacher sees on a projector: the example notebooks in Voila and in JupyterLab 4.

* The very first click after a page load plays the space clicked (it is not lost: see
  ``shangrila_widget/widget/page_css.py``).
* The picture keeps its aspect ratio in every layout (every tour chapter, every example
  notebook), and at projector sizes (1280x720, 1024x768) the board with the controls a
  presenter needs (step buttons, undo/redo, the message line) fits the screen without
  scrolling. Screenshots of every case go to ``test-artifacts/browser/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.rules import Place, Position
from shangrila_widget.rules.editing import with_to_move
from shangrila_widget.tour import load_chapters
from tests.support.board import CANVAS, BoardGeometry
from tests.support.browser import wait_until_quiet
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

HOT_SEAT = EXAMPLES / "hot-seat.ipynb"
TOUR = EXAMPLES / "tour.ipynb"
CHECKER = EXAMPLES / "dispute-checker.ipynb"
NOTEBOOKS = {"board": HOT_SEAT, "tour": TOUR, "checker": CHECKER}
ROOTS = {"board": ".shangrila-board", "tour": ".shangrila-tour", "checker": ".shangrila-checker"}
PROJECTOR_SIZES = [(1280, 720), (1024, 768)]
MESSAGE = ".shangrila-message"
NARRATION = ".shangrila-narration"

# The controls a presenter needs on screen with the picture (button texts, English).
BOARD_BUTTONS = ("◀◀ Start", "◀ Undo", "Redo ▶", "End ▶▶")
TOUR_BUTTONS = ("◀ Back", "Next ▶")

# The nearest scrolling ancestor of an element (Voila scrolls #rendered_cells, JupyterLab the
# notebook panel), or null for the document.
_SCROLLER_JS = """
function scrollerOf(el) {
    for (let node = el.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if ((style.overflowY === 'auto' || style.overflowY === 'scroll') &&
            node.scrollHeight > node.clientHeight) return node;
    }
    return null;
}
"""

# Scroll the widget's root to the top of what can be seen, then measure: the visible area
# (the scroller's box within the window), the root's top, the canvas (CSS and backing sizes),
# and the named controls' boxes.
_MEASURE_JS = (
    "([rootSel, buttonTexts]) => {"
    + _SCROLLER_JS
    + """
    const root = document.querySelector(rootSel);
    root.scrollIntoView({block: 'start'});
    const scroller = scrollerOf(root);
    const area = scroller ? scroller.getBoundingClientRect() : {top: 0, bottom: innerHeight};
    const visible = {top: Math.max(0, area.top), bottom: Math.min(innerHeight, area.bottom)};
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
    const canvas = root.querySelector('canvas');
    const r = canvas.getBoundingClientRect();
    const controls = {};
    for (const b of root.querySelectorAll('button')) {
        const text = b.textContent.trim();
        if (buttonTexts.includes(text) && !(text in controls)) controls[text] = box(b);
    }
    controls['canvas'] = [r.top, r.bottom];
    controls['message line'] = box(root.querySelector('.shangrila-message'));
    return {visible, rootTop: root.getBoundingClientRect().top, css: [r.width, r.height],
            backing: [canvas.width, canvas.height], controls};
}"""
)


def measure(page: Page, kind: str) -> dict[str, Any]:
    buttons = list(BOARD_BUTTONS) + (list(TOUR_BUTTONS) if kind == "tour" else [])
    result: dict[str, Any] = page.evaluate(_MEASURE_JS, [ROOTS[kind], buttons])
    missing = set(buttons) - set(result["controls"])
    assert not missing, f"buttons not found: {sorted(missing)}"
    return result


def assert_keeps_its_shape(m: dict[str, Any], where: str) -> None:
    (css_w, css_h), (w, h) = m["css"], m["backing"]
    assert css_w > 100 and css_h > 100, f"{where}: canvas shown at {css_w}x{css_h}"
    css_ratio, backing_ratio = css_w / css_h, w / h
    assert abs(css_ratio / backing_ratio - 1) <= 0.01, (
        f"{where}: canvas {css_w:.0f}x{css_h:.0f} CSS px for a {w}x{h} backing store "
        f"(ratio {css_ratio:.3f} instead of {backing_ratio:.3f}): the picture is distorted"
    )


def assert_fits(m: dict[str, Any], where: str) -> None:
    top, bottom = m["visible"]["top"], m["visible"]["bottom"]
    needed_bottom = max(b for _t, b in m["controls"].values())
    height = needed_bottom - m["rootTop"]
    assert height <= bottom - top + 1, (
        f"{where}: the board with its controls is {height:.0f} px tall, "
        f"{bottom - top:.0f} px can be seen"
    )
    outside = {
        name: (round(t), round(b))
        for name, (t, b) in m["controls"].items()
        if t < top - 1 or b > bottom + 1
    }
    assert not outside, f"{where}: not on screen (visible {top:.0f}..{bottom:.0f}): {outside}"


def select_chapter(page: Page, chapter_id: str, title: str) -> None:
    from playwright.sync_api import expect

    page.locator(".shangrila-tour select").first.select_option(label=title)
    expect(page.locator(NARRATION)).to_contain_text(title, timeout=15_000)


@pytest.mark.parametrize("env", ["voila", "lab"])
@pytest.mark.parametrize("size", PROJECTOR_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(NOTEBOOKS))
def test_the_board_fits_a_projector_and_keeps_its_shape(
    kind: str,
    size: tuple[int, int],
    env: str,
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    """Every tour chapter (at its start and its last step) and every example notebook.

    One page load per notebook and host, kept for both window sizes (``keep=True``: the
    layout is CSS only, a resized page is the page loaded at that size); the tour is left
    at its first chapter's start, as loaded."""
    page = open_board(NOTEBOOKS[kind], env=env, viewport=size, keep=True)
    label = f"{env}-{kind}-{size[0]}x{size[1]}"
    if kind != "tour":
        wait_until_quiet(page, ROOTS[kind])  # the side panel's last texts
        m = measure(page, kind)
        save_screenshot("screen", full_page=False)
        assert_keeps_its_shape(m, label)
        assert_fits(m, label)
        return
    for number, chapter in enumerate(load_chapters(), start=1):
        select_chapter(page, chapter.id, chapter.title["en"])
        for frame in ("start", "last"):
            if frame == "last":
                page.get_by_role("button", name="▶▶", exact=True).click()
                last = len(chapter.frames) - 1
                page.locator(".shangrila-tour").get_by_text(f"Step {last} of {last}").wait_for()
            where = f"{label} chapter {number} ({chapter.id}) {frame}"
            m = measure(page, kind)
            save_screenshot(f"chapter{number}-{frame}", full_page=False)
            assert_keeps_its_shape(m, where)
            assert_fits(m, where)
    first = load_chapters()[0]
    select_chapter(page, first.id, first.title["en"])  # as loaded, for the next test


# --------------------------------------------------------------------------------------------
# The first click after a page load
# --------------------------------------------------------------------------------------------

_SCROLL_CANVAS_JS = (
    "([sel, hidden]) => {"
    + _SCROLLER_JS
    + """
    const canvas = document.querySelector(sel);
    const scroller = scrollerOf(canvas) || document.scrollingElement;
    scroller.scrollTop += canvas.getBoundingClientRect().top + hidden;
    let r = canvas.getBoundingClientRect();
    if (r.top > -hidden / 2 && r.bottom <= innerHeight) {
        // The page ends too soon to hide the canvas's top: hide its bottom instead.
        scroller.scrollTop += r.bottom - innerHeight - hidden;
        r = canvas.getBoundingClientRect();
    }
    return [r.top, r.bottom - innerHeight];
}"""
)

_STATE_JS = (
    "(sel) => {"
    + _SCROLLER_JS
    + """
    const canvas = document.querySelector(sel);
    const scroller = scrollerOf(canvas) || document.scrollingElement;
    const r = canvas.getBoundingClientRect();
    return {scrollTop: scroller.scrollTop, rect: [r.left, r.top, r.width, r.height],
            backing: [canvas.width, canvas.height], focused: document.activeElement === canvas};
}"""
)


def first_click_targets(kind: str) -> tuple[BoardGeometry, list[Place]]:
    """The board geometry and the placements the first click may make."""
    if kind == "board":  # the hot-seat notebook: a new game, then Red's "place healer A"
        start = Position.new_game(["red", "blue", "yellow", "violet"])
        position = start.play("place healer A").position
        geometry = BoardGeometry(900.0)
    else:  # the tour's first chapter at its start, with the next step's player to move
        chapter = load_chapters()[0]
        following = chapter.frames[1].step
        assert following is not None
        position = with_to_move(chapter.frames[0].position, following.player)
        geometry = BoardGeometry(760.0)
    places = [a for a in position.legal_actions() if isinstance(a, Place)]
    assert places
    return geometry, places


# The tour fits any window as loaded (its canvas follows the window's height and nothing
# follows the board), so only the hot-seat board can be scrolled partly out of view.
@pytest.mark.parametrize(
    ("kind", "scrolled"),
    [("board", False), ("board", True), ("tour", False)],
    ids=["board-as-loaded", "board-board-partly-scrolled", "tour-as-loaded"],
)
def test_the_first_click_after_a_page_load_plays(
    kind: str, scrolled: bool, open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    """Voila, a fresh page: the very first click on a legal space plays it (no second try).

    At 1000x600 the hot-seat board as loaded reaches below the window; ``board-partly-scrolled``
    scrolls the page so that 90 px of the canvas are above the window (or, where the page is
    too short for that, below it). A partly hidden canvas is the case where focusing it
    scrolls the page (ipycanvas focuses on mouse-down, then measures where the pointer is):
    without the fix these clicks landed up to 90 px off and said "Nothing to do there".
    """
    from playwright.sync_api import expect

    page = open_board(NOTEBOOKS[kind], env="voila", viewport=(1000, 600))
    wait_until_quiet(page)  # let the page settle: the click must be the first input
    if scrolled:
        above, below = page.evaluate(_SCROLL_CANVAS_JS, [CANVAS, 90])
        assert above < -40 or below > 40, (
            f"the canvas is not partly out of view: {-above:.0f} px above the window, "
            f"{below:.0f} px below it"
        )
    before = page.evaluate(_STATE_JS, CANVAS)
    assert not before["focused"]
    geometry, places = first_click_targets(kind)
    left, top, css_w, css_h = before["rect"]
    width, height = before["backing"]
    for place in places:  # the first legal space whose centre is well inside the window
        x, y = geometry.space_centre(place.village, place.type)
        px, py = left + x * css_w / width, top + y * css_h / height
        if 30 < py < 570:
            break
    else:
        pytest.fail("no legal space on screen")
    page.mouse.click(px, py)
    message = page.locator(MESSAGE).first  # the notebook's first board
    expect(message).to_contain_text(f"in village {place.village}")
    expect(message).not_to_contain_text("Nothing to do there")
    after = page.evaluate(_STATE_JS, CANVAS)
    assert after["focused"], "the click focuses the board (for the keys)"
    save_screenshot("after-first-click", full_page=False)

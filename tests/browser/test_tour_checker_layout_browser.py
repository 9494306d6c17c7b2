"""The rulebook tour and the dispute checker as a page loads, in Voila and JupyterLab 4:
every control inside the viewport (measured bounding boxes, and the control really on top
at its centre), presenter mode (computed font sizes, the folded panel), Next crossing into
the next chapter, the checker's Copy button and its edit-mode message.

The tests that only look at a page keep it (``open_board(..., keep=True)``): one page load
per notebook and host serves every window size (the layout is CSS only). In Voila the tests
that change it (Next, Copy and Edit) come last and take that page too, and let it go
(``open_board.let_go()``).

Screenshots: ``test-artifacts/browser/<test>-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.messages import say
from shangrila_widget.tour import load_chapters
from tests.support.browser import lab_command, wait_until_quiet
from tests.support.paths import EXAMPLES
from tests.support.reach import as_loaded, reach_everything

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

TOUR_NOTEBOOK = EXAMPLES / "tour.ipynb"
CHECKER_NOTEBOOK = EXAMPLES / "dispute-checker.ipynb"
ROOTS = {"tour": ".shangrila-tour", "checker": ".shangrila-checker"}
NOTEBOOKS = {"tour": TOUR_NOTEBOOK, "checker": CHECKER_NOTEBOOK}
CHECKER_START = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"

# Every visible control of the widget, with its box and whether it is the element on top at
# the centre of its box (not covered, not scrolled away inside a panel).
_CONTROLS_JS = """([root, wanted]) => {
    const el = document.querySelector(root);
    if (!el) return null;
    // Inside the narration (it scrolls by itself) only the narration's own box counts.
    const own = e => e.matches('.shangrila-narration') || !e.closest('.shangrila-narration');
    return [...el.querySelectorAll(wanted)].filter(own).filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    }).map(e => {
        const r = e.getBoundingClientRect();
        // The element on top near its upper and its lower edge, in the middle.
        const cx = r.left + r.width / 2, inset = Math.min(r.height / 2, 12);
        const mine = y => {
            const top = document.elementFromPoint(cx, y);
            return !!top && (top === e || e.contains(top) || top.contains(e));
        };
        const name = (e.innerText || e.value || e.className || e.tagName).toString();
        return {tag: e.tagName, name: name.trim().slice(0, 40), left: r.left, top: r.top,
                right: r.right, bottom: r.bottom,
                onTop: mine(r.top + inset) && mine(r.bottom - inset)};
    });
}"""

_FONT_JS = """(selector) => [...document.querySelectorAll(selector)]
    .filter(e => e.getBoundingClientRect().height > 0)
    .map(e => parseFloat(getComputedStyle(e).fontSize))"""


EVERY_CONTROL = (
    "button, select, input, textarea, canvas, summary, .shangrila-narration, .shangrila-message"
)
# What a presenter needs (the board's own bars are the board's presenter mode).
PRESENTER_CONTROLS = {
    "tour": ".shangrila-header button, .shangrila-header select, .shangrila-narration, "
    ".shangrila-message, canvas",
    "checker": ".shangrila-checker-bar button, .shangrila-message, canvas",
}


def controls(page: Page, root: str, wanted: str = EVERY_CONTROL) -> list[dict[str, Any]]:
    found = page.evaluate(_CONTROLS_JS, [root, wanted])
    assert found, f"no {root} in the page"
    return list(found)


def outside(page: Page, root: str, wanted: str = EVERY_CONTROL) -> list[str]:
    """The controls of ``root`` not wholly inside the viewport, or covered at their centre."""
    size = page.viewport_size
    assert size is not None
    width, height = size["width"], size["height"]
    bad = []
    for c in controls(page, root, wanted):
        inside = c["left"] >= 0 and c["top"] >= 0 and c["right"] <= width + 0.5
        inside = inside and c["bottom"] <= height + 0.5
        if not inside or not c["onTop"]:
            bad.append(
                f"{c['tag']} {c['name']!r} at ({c['left']:.0f}, {c['top']:.0f})-"
                f"({c['right']:.0f}, {c['bottom']:.0f}) on top: {c['onTop']}"
            )
    return bad


def wait_for_widget(page: Page, root: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(root)).to_be_visible(timeout=60_000)
    expect(page.locator(f"{root} .shangrila-message")).not_to_be_empty(timeout=30_000)
    wait_until_quiet(page, root)  # the last layout pass (fonts, the canvas's CSS size)


# The cell of a notebook that opens the widget in presenter mode.
PRESENTER_SOURCE = {
    "tour": "from shangrila_widget.widget import RulebookTour\nRulebookTour(presenter=True)",
    "checker": "from shangrila_widget.widget import DisputeChecker\n"
    f"DisputeChecker({CHECKER_START!r}, presenter=True)",
}


# The window size varies fastest: a kept page is used at both sizes before the next is opened
# (in JupyterLab, opening the other notebook closes this one).
@pytest.mark.parametrize("viewport", [(1280, 720), (1024, 768)], ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("kind", ["tour", "checker"])
@pytest.mark.parametrize("env", ["voila", "lab"])
def test_every_control_is_in_the_viewport_as_loaded(
    kind: str,
    viewport: tuple[int, int],
    env: str,
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board(NOTEBOOKS[kind], env=env, viewport=viewport, keep=True)
    root = ROOTS[kind]
    wait_for_widget(page, root)
    save_screenshot("loaded", full_page=False)
    # The one layout rule (tests/support/reach.py): the board and its button row inside the
    # window as loaded; every other control inside it or inside a box a person can scroll.
    loaded = as_loaded(page, root)
    assert loaded.outside() == {}
    reach = reach_everything(page, root)
    assert reach.unreachable() == [], reach.describe()


def test_the_tour_at_1920x1080_uses_the_screen(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    page = open_board(TOUR_NOTEBOOK, env="voila", viewport=(1920, 1080), keep=True)
    wait_for_widget(page, ROOTS["tour"])
    save_screenshot("loaded", full_page=False)
    assert outside(page, ROOTS["tour"]) == []
    narration = page.locator(".shangrila-narration").bounding_box()
    assert narration is not None and narration["width"] >= 600


@pytest.mark.parametrize("kind", ["tour", "checker"])
@pytest.mark.parametrize("env", ["voila", "lab"])
def test_presenter_mode_reads_from_the_back_row(
    kind: str,
    env: str,
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board(
        f"presenter-{kind}.ipynb",
        cells=[PRESENTER_SOURCE[kind]],
        env=env,
        viewport=(1280, 720),
        keep=True,
    )
    root = ROOTS[kind]
    wait_for_widget(page, root)
    page.wait_for_selector(f"{root}.shangrila-presenting")
    save_screenshot("presenter", full_page=False)
    assert outside(page, root, PRESENTER_CONTROLS[kind]) == []
    reach = reach_everything(page, root)  # the what-if list may sit in the side column's scroll
    assert reach.unreachable() == [], reach.describe()
    sizes = page.evaluate(_FONT_JS, f"{root} .shangrila-message .widget-html-content *")
    assert sizes and min(sizes) >= 20, sizes
    if kind == "tour":
        sizes = page.evaluate(_FONT_JS, f"{root} .shangrila-narration p")
        assert sizes and min(sizes) >= 20, sizes
        for name in ("Next ▶", "◀ Back"):
            button = page.locator(root).get_by_role("button", name=name, exact=True)
            assert float(button.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 20
        # Folded: no guide, no rules reference in the panel.
        assert page.locator(f"{root} .shangrila-guide").is_hidden()
        assert page.get_by_text(say("ui.reference", "en")).is_hidden()
    else:
        assert page.locator(f"{root} .shangrila-share").is_hidden()
    # The board is larger than in the normal layout (its picture fills the height).
    canvas = page.locator(f"{root} canvas").bounding_box()
    assert canvas is not None and canvas["height"] >= (560 if env == "voila" else 440)


def test_presenter_mode_at_1920x1080_uses_the_width(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    page = open_board(
        "presenter-tour.ipynb", cells=[PRESENTER_SOURCE["tour"]], viewport=(1920, 1080), keep=True
    )
    wait_for_widget(page, ROOTS["tour"])
    page.wait_for_selector(".shangrila-presenting")
    save_screenshot("presenter", full_page=False)
    assert outside(page, ROOTS["tour"], PRESENTER_CONTROLS["tour"]) == []
    canvas = page.locator("canvas").bounding_box()
    # Far beyond the normal 760 px: as tall as the window leaves room for (the picture is
    # height-bound at 1920x1080), with the narration's panel beside it.
    assert canvas is not None and canvas["width"] > 1.15 * 760, canvas
    assert canvas["y"] + canvas["height"] > 0.95 * 1080, canvas


@pytest.mark.parametrize("env", ["voila", "lab"])
def test_next_crosses_into_the_next_chapter_and_back_returns(
    env: str, open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    first, second = load_chapters()[:2]
    # Voila: the page the layout tests kept, let go at the end (the tour is left on its
    # last step); JupyterLab: a notebook opened in the worker's JupyterLab page.
    page = open_board(TOUR_NOTEBOOK, env=env, viewport=(1280, 720), keep=env == "voila")
    tour = page.locator(ROOTS["tour"])
    wait_for_widget(page, ROOTS["tour"])
    narration = page.locator(".shangrila-narration")
    last = len(first.frames) - 1
    tour.get_by_role("button", name="▶▶", exact=True).click()
    expect(tour).to_contain_text(f"Step {last} of {last}")
    tour.get_by_role("button", name="Next ▶", exact=True).click()
    expect(narration).to_contain_text(second.title["en"])
    expect(tour).to_contain_text("Start position")
    expect(tour.locator("select").first).to_have_value(second.title["en"])
    save_screenshot("next-chapter", full_page=False)
    tour.get_by_role("button", name="◀ Back", exact=True).click()
    expect(narration).to_contain_text(first.title["en"])
    expect(tour).to_contain_text(f"Step {last} of {last}")
    # The keys cross too, once the board has the focus.
    page.locator("canvas").first.focus()
    page.keyboard.press("ArrowRight")
    expect(narration).to_contain_text(second.title["en"])
    page.keyboard.press("ArrowLeft")
    expect(tour).to_contain_text(f"Step {last} of {last}")
    open_board.let_go()


@pytest.mark.parametrize("env", ["voila", "lab"])
def test_the_checker_copies_its_position_string_and_says_how_to_edit(
    env: str, open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    # Voila: the page the layout tests kept, let go at the end (left in edit mode, in
    # Polish, its context allowed the clipboard).
    page = open_board(CHECKER_NOTEBOOK, env=env, viewport=(1280, 720), keep=env == "voila")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    checker = page.locator(ROOTS["checker"])
    wait_for_widget(page, ROOTS["checker"])
    message = checker.locator(".shangrila-message")
    checker.get_by_role("button", name="Copy", exact=True).click()
    expect(message).to_contain_text(say("ui.copied", "en"))
    assert page.evaluate("() => navigator.clipboard.readText()") == CHECKER_START
    checker.get_by_role("button", name="Edit", exact=True).click()
    expect(message).to_contain_text(say("ui.edit_mode_help", "en"))
    expect(message).not_to_contain_text("Click a space to play")
    expect(checker.get_by_label(say("ui.colour", "en"))).to_be_visible()
    save_screenshot("edit-mode", full_page=False)
    checker.get_by_role("button", name="PL", exact=True).click()
    expect(message).to_contain_text(say("ui.edit_mode_help", "pl"))
    expect(checker.get_by_label(say("ui.colour", "pl"))).to_be_visible()
    expect(checker).to_contain_text(say("ui.checker_title", "pl"))
    save_screenshot("edit-mode-pl", full_page=False)
    assert to_compact  # the module's position helpers are what the page shows
    open_board.let_go()


# The contrast ratio (WCAG) of an element's text against the first opaque background behind it.
_CONTRAST_JS = """(el) => {
    const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
        const f = c => {
            c /= 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let node = el, background = null;
    while (node && node.nodeType === 1) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) { background = c; break; }
        node = node.parentElement;
    }
    background = background || [255, 255, 255];
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_tour_is_readable_in_jupyterlabs_dark_theme(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    from tests.support.browser import wait_for_canvas_pixels

    page = open_board(TOUR_NOTEBOOK, env="lab", viewport=(1280, 720))
    lab_command(page, "apputils:change-theme", {"theme": "JupyterLab Dark"})
    page.wait_for_selector("body[data-jp-theme-light='false']", state="attached")
    tour = page.locator(ROOTS["tour"])
    wait_for_widget(page, ROOTS["tour"])
    tour.get_by_role("button", name="Next ▶", exact=True).click()
    tour.get_by_role("button", name="Next ▶", exact=True).click()  # a refused step
    refused = page.locator(".shangrila-note-refused")
    expect(refused).to_be_visible()
    wait_until_quiet(page, ROOTS["tour"])
    save_screenshot("dark", full_page=False)
    assert refused.evaluate(_CONTRAST_JS) >= 4.5
    narration = page.locator(".shangrila-narration p").last
    assert narration.evaluate(_CONTRAST_JS) >= 4.5
    title = page.locator(".shangrila-title b")
    assert title.evaluate(_CONTRAST_JS) >= 4.5
    wait_for_canvas_pixels(page)  # the board is drawn

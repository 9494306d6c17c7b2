"""Every screen whole (issue 23) on the static site (JupyterLite): the static site's cells of
the browser matrix, measured as ``test_every_screen_browser.py`` measures Voila, JupyterLab
and Notebook 7 (:mod:`tests.support.reach`), and on a phone as ``test_phone_browser.py``
does.

Each page of the site (the tour, the hot-seat board, the checker, the exercises, and a
ruling opened from a link) at 1280x720, 1024x768 and 1920x1080, then at a phone's 390x844
and 360x740, as loaded and in presenter mode:

* as loaded (nothing scrolled), the board's canvas and its button row are inside what can be
  seen (at the three window sizes);
* every text line and control of the widget can be brought into view the way a person does
  it and is then really shown; the page never scrolls sideways;
* in presenter mode at the window sizes every text is at least 20 px and the board's letters
  at least 12 px on screen (or the board says in one line that the window is too small);
* on a phone every text is at least 16 px and every control at least 44 px tall, and as
  loaded the board's canvas and its button row are inside the window.

Trimmed, because the cells are identical by construction:

* One site build (the session's) and one page load per page: each load starts Python in the
  page (Pyodide, about 20 s; the tour's and the hot-seat board's pages are the session's,
  shared with ``test_lite_browser.py``), and the sizes are set on the loaded page (the layout is CSS
  only, as in the other hosts). That holds for the phone too: its layout is chosen by the
  window's width alone (``PHONE_MEDIA`` in ``widget/page_css.py``), not by touch or the
  device's pixel ratio, so a desktop page at a phone's size lays out as the phone's page
  (taps and swipes on a phone's browser are ``test_phone_browser.py``'s).
* The phone's figures in presenter mode are printed, and only the phone's rules are
  enforced there: presenter mode is for a projector, not for a phone.

Screenshots: ``test-artifacts/browser/test_every_screen_lite-<page>-<size>-<mode>.png``.
The figures measured are printed (``-s``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.lite import pages as lite_pages
from shangrila_widget.rules import Position
from shangrila_widget.rules.messages import say
from shangrila_widget.rules.ruling import ruling_link, ruling_string
from tests.browser.conftest import ARTIFACT_DIR, artifact_stem
from tests.browser.test_every_screen_browser import CHECKER_START, SIZES, _presenter_on
from tests.browser.test_phone_browser import _MEASURE_JS, _TO_TOP_JS, PHONES
from tests.support.browser import (
    hermetic_context,
    save_picture,
    wait_for_canvas_pixels,
    wait_until_quiet,
)
from tests.support.reach import as_loaded, reach_everything, window_cell

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tests.browser.conftest import BrowserDiagnostics, OfflineLiteSite, SharedLitePages

PAGES = {
    "tour": ("tour.ipynb", ".shangrila-tour"),
    "hot-seat": ("hot-seat.ipynb", ".shangrila-board"),
    "checker": ("dispute-checker.ipynb", ".shangrila-checker"),
    "exercises": ("exercises.ipynb", ".shangrila-exercises"),
    "ruling-link": ("dispute-checker.ipynb", ".shangrila-checker"),
}
#: The pages loaded once for the session and shared with ``test_lite_browser.py``, whose tests
#: on them this matrix does not disturb (it plays nothing and turns presenter mode off again).
SHARED = ("tour", "hot-seat")
LOAD_TIMEOUT = 240.0  # seconds to a drawn board (20-60 s on a busy machine)

# The REPL's kernel is idle (the site exposes the app as window.jupyterapp in the tests).
_IDLE_JS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const session = panel && panel.console && panel.console.sessionContext.session;
    return !!session && !!session.kernel && session.kernel.status === 'idle';
}"""


@pytest.fixture
def lite_screen(browser: Browser, browser_diagnostics: BrowserDiagnostics) -> Iterator[Page]:
    """A hermetic page with service workers allowed (JupyterLite registers one)."""
    context = hermetic_context(
        browser,
        browser_diagnostics.blocked_urls,
        viewport={"width": SIZES[0][0], "height": SIZES[0][1]},
        service_workers="allow",
    )
    page = context.new_page()
    page.on("console", lambda m: browser_diagnostics.console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda error: browser_diagnostics.page_errors.append(str(error)))
    yield page
    context.close()


def _url(site: OfflineLiteSite, page_name: str) -> str:
    notebook, _ = PAGES[page_name]
    if page_name == "ruling-link":
        ruling = ruling_string(Position.from_compact(CHECKER_START), "journey A B")
        return ruling_link(ruling, site.url)  # the root forwards it to the checker's page
    if page_name == "tour":
        return site.url  # the site's address opens the tour
    return site.url + lite_pages.ready_page(notebook)


def _settle(page: Page, root: str) -> None:
    wait_until_quiet(page, root)  # layout after a resize or a toggle, the last texts
    page.evaluate(_TO_TOP_JS)
    wait_until_quiet(page, root, quiet_ms=100)


def _phone_cell(page: Page, root: str, where: str) -> list[str]:
    """The phone's rules (see the module docstring) for the cell ``where``."""
    problems: list[str] = []
    m: dict[str, Any] = page.evaluate(_MEASURE_JS, root)
    if m["texts"] <= 10 or m["controls"] <= 3:
        problems.append(f"{where}: only {m['texts']} texts and {m['controls']} controls shown")
    if m["small"]:
        problems.append(f"{where}: texts under 16 px: {m['small'][:12]}")
    if m["low"]:
        problems.append(f"{where}: controls under 44 px tall: {m['low'][:12]}")
    if m["sideways"]:
        problems.append(f"{where}: scrolls sideways: {m['sideways']}")
    if m["rootWidth"] > m["innerWidth"]:
        problems.append(f"{where}: the widget is {m['rootWidth']:.0f} px wide")
    loaded = as_loaded(page, root)  # the page at its top (_settle)
    if loaded.outside():
        problems.append(
            f"{where}: the board and its button row not in the window as loaded: "
            f"{loaded.outside()} (seen: { {n: i['area'] for n, i in loaded.items.items()} })"
        )
    reach = reach_everything(page, root)
    if reach.unreachable():
        problems.append(f"{where}: {reach.describe()}")
    print(
        f"\n{where}: smallest text {m['least']:.1f} px, {m['controls']} controls, "
        f"{len(reach.items)} reached, widget {m['rootWidth']:.0f} of {m['innerWidth']} px, as "
        f"loaded: "
        + ", ".join(
            f"{n} y {i['box']['top']:.0f}-{i['box']['bottom']:.0f}"
            for n, i in loaded.items.items()
            if n in ("canvas", "button row")
        )
    )
    return problems


def _screenshot(
    page: Page, request: pytest.FixtureRequest, label: str, *, always: bool = False
) -> Path:
    path = ARTIFACT_DIR / f"{artifact_stem(request.node)}-{label}.png"
    return save_picture(page, path, always=always)


@pytest.mark.parametrize("page_name", list(PAGES))
def test_every_text_and_control_of_the_static_site_can_be_reached_at_every_size(
    page_name: str,
    offline_lite_site: OfflineLiteSite,
    shared_lite_pages: SharedLitePages,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    _, root = PAGES[page_name]
    url = _url(offline_lite_site, page_name)
    if page_name in SHARED:
        page, _ = shared_lite_pages.get(
            url, browser_diagnostics, dict(zip(("width", "height"), SIZES[0]))
        )
    else:
        page = request.getfixturevalue("lite_screen")
        page.goto(url, timeout=LOAD_TIMEOUT * 1000)
    wait_for_canvas_pixels(page, timeout=LOAD_TIMEOUT)
    page.locator(root).first.wait_for(timeout=30_000)
    # The notebook's last cells have run (the hot-seat page's second board comes later; the
    # REPL scrolls to its end as outputs arrive).
    page.wait_for_function(_IDLE_JS, timeout=LOAD_TIMEOUT * 1000)
    if page_name == "ruling-link":
        ruling = page.locator(f"{root} .shangrila-ruling")
        ruling.get_by_text("Verdict").first.wait_for(timeout=30_000)
    # A reader's first wheel: the REPL page stops keeping itself at its top (lite.pages).
    page.mouse.move(5, 5)
    page.mouse.wheel(0, 1)
    problems: list[str] = []
    for mode in ("loaded", "presenter"):
        if mode == "presenter":
            page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
            _presenter_on(page, page_name.replace("ruling-link", "checker"), root)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            _settle(page, root)
            cell = window_cell(
                page, root, f"{page_name} {width}x{height} {mode}", presenter=mode == "presenter"
            )
            _screenshot(page, request, f"{width}x{height}-{mode}", always=bool(cell.problems))
            print(f"\n{page_name} {width}x{height} {mode}: {cell.figures}")
            problems += cell.problems
    # The phone, on the same page: presenter mode first (it is on), then as loaded.
    for mode in ("presenter", "loaded"):
        if mode == "loaded":  # presenter mode off, where its button is (not on a phone)
            page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
            word = say(
                "ui.exercise_presenter" if page_name == "exercises" else "ui.presenter", "en"
            )
            page.locator(root).get_by_role("button", name=word).first.click()
            page.locator(f"{root} .shangrila-presenter").or_(
                page.locator(f"{root}.shangrila-presenter")
            ).first.wait_for(state="detached", timeout=15_000)
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            _settle(page, root)
            where = f"{page_name} phone {width}x{height} {mode}"
            found = _phone_cell(page, root, where)
            always = bool(found) and mode == "loaded"
            _screenshot(page, request, f"phone-{width}x{height}-{mode}", always=always)
            if mode == "loaded":
                problems += found
            for problem in found:
                print(("  PROBLEM " if mode == "loaded" else "  (presenter) ") + problem)
    assert browser_diagnostics.page_errors == []
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)

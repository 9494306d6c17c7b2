"""The learning path on the static site (``path.html``, ``Exercises(learner="me")``) in a real
browser, offline: an answer is kept in the browser's storage (``localStorage``, written by the
page side of :class:`~shangrila_widget.widget.learning.BrowserStore`) and, after a reload, the
path goes on from it; the stars and *What to practise next* in English and in Polish.

Slow: the offline site is built once per session (``offline_lite_site``) and each page load
boots Pyodide (about a minute on a busy machine). Screenshots: ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from shangrila_widget.lite import pages as lite_pages
from shangrila_widget.rules.messages import say
from shangrila_widget.widget.learning import STORAGE_PREFIX
from tests.browser.test_lite_browser import (  # noqa: F401 - lite_page is a fixture
    LOAD_TIMEOUT,
    lite_page,
    screenshot,
)
from tests.support.browser import wait_for_canvas_pixels

if TYPE_CHECKING:
    import pytest
    from playwright.sync_api import Page

    from tests.browser.conftest import BrowserDiagnostics, OfflineLiteSite

KEY = STORAGE_PREFIX + "me"


def _stored(page: Page) -> dict[str, object] | None:
    text = page.evaluate(f"() => window.localStorage.getItem({json.dumps(KEY)})")
    return None if text is None else dict(json.loads(text))


def test_lite_path_keeps_progress_in_the_browser_across_a_reload(
    offline_lite_site: OfflineLiteSite,
    lite_page: Page,  # noqa: F811 - the fixture imported above
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    from playwright.sync_api import expect

    page = lite_page
    url = offline_lite_site.url + lite_pages.ready_page("path.ipynb")
    page.goto(url)
    wait_for_canvas_pixels(page, timeout=LOAD_TIMEOUT)
    root = page.locator(".shangrila-exercises")
    panel = root.locator(".shangrila-path")
    expect(panel.locator(".shangrila-path-note")).to_contain_text(
        say("ui.path_in_browser", "en"), timeout=30_000
    )
    expect(root.locator(".shangrila-exercise-top")).to_contain_text(
        say("ui.path_question", "en", number=1)
    )
    assert _stored(page) is None
    # The first option, right or wrong: an answer either way.
    root.locator(".shangrila-exercise-option").first.click()
    expect(page.locator(".shangrila-exercise-verdict")).not_to_be_empty(timeout=30_000)
    expect(panel.locator(".shangrila-path-note")).to_contain_text(
        say("ui.path_saved", "en", answers=1, where=say("ui.path_in_browser", "en"))
    )
    page.wait_for_function(
        f"() => (window.localStorage.getItem({json.dumps(KEY)}) || '').includes('\"at\": 1')",
        timeout=30_000,
    )
    kept = _stored(page)
    assert kept is not None and kept["format"] == "shangrila-learner/1"
    answers = kept["answers"]
    assert isinstance(answers, list) and len(answers) == 1
    stars_before = panel.locator(".shangrila-path-stars").inner_text()

    page.reload()
    wait_for_canvas_pixels(page, timeout=LOAD_TIMEOUT)
    # The page hands the learner kept to Python: the path goes on at question 2.
    expect(root.locator(".shangrila-exercise-top")).to_contain_text(
        say("ui.path_question", "en", number=2), timeout=60_000
    )
    expect(panel.locator(".shangrila-path-note")).to_contain_text(
        say("ui.path_saved", "en", answers=1, where=say("ui.path_in_browser", "en"))
    )
    assert panel.locator(".shangrila-path-stars").inner_text() == stars_before
    panel.get_by_role("button", name=say("ui.path_next", "en")).click()
    expect(panel.locator(".shangrila-path-next")).to_contain_text(say("path.next_title", "en"))
    panel.scroll_into_view_if_needed()
    screenshot(page, request, "path-en")
    root.locator(".shangrila-board").get_by_role("button", name="PL", exact=True).click()
    expect(panel.locator(".shangrila-path-next")).to_contain_text(say("path.next_title", "pl"))
    expect(panel.locator(".shangrila-path-stars")).to_contain_text(
        say("ui.path_title", "pl", name="me")
    )
    expect(root.locator(".shangrila-exercise-top")).to_contain_text(
        say("ui.path_question", "pl", number=2)
    )
    screenshot(page, request, "path-pl")
    assert _stored(page) == kept  # nothing written by the reload itself
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []

"""The key to the board picture in a real browser: Voila serves a Polish board, the key opens
and closes with its button, and follows the board's language."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.browser.conftest import BoardOpener

NOTEBOOK_SOURCE = textwrap.dedent(
    """
    from shangrila_widget.widget import ShangriLaBoard

    board = ShangriLaBoard(players=["red", "blue", "yellow"], lang="pl")
    board
    """
)
LOAD_TIMEOUT = 60_000  # ms: a new kernel, the widgets' JavaScript, the first draw


def test_key_opens_closes_and_follows_the_language(
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board("key.ipynb", cells=[NOTEBOOK_SOURCE], timeout=LOAD_TIMEOUT / 1000)
    button = page.locator(".shangrila-key button")
    button.wait_for(timeout=LOAD_TIMEOUT)
    assert button.inner_text().strip() == "Legenda"
    picture = page.locator(".shangrila-key svg")
    assert picture.count() == 0 or not picture.is_visible()

    button.click()
    picture.wait_for(state="visible", timeout=10_000)
    text = picture.text_content() or ""
    for words in ("Legenda planszy", "Zniszczony most", "Zielony przerywany okrąg"):
        assert words in text
    box = picture.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 250, box
    picture.scroll_into_view_if_needed()
    save_screenshot("key-open-pl")

    page.get_by_role("button", name="EN", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.shangrila-key svg title')?.textContent"
        " === 'Key to the board'",
        timeout=10_000,
    )
    assert button.inner_text().strip() == "Key"
    assert "Broken bridge" in (picture.text_content() or "")
    picture.scroll_into_view_if_needed()
    save_screenshot("key-open-en")

    button.click()
    picture.wait_for(state="hidden", timeout=10_000)

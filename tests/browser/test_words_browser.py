"""After PL, no English word of the interface is visible, board letters included.

Voila serves a board with a few tiles on it. The English-only interface words are generated
from the package's words (every English sentence's words minus those any Polish sentence also
uses); after the PL switch none of them may be visible in the page (text, tooltips, options,
the opened key's SVG). The letters on the spaces are read from the scene the canvas was drawn
from (the notebook writes it out on every redraw), the supply header's and the key's letters
from the page.
"""

from __future__ import annotations

import json
import re
import string
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules.board import MASTER_TYPES
from shangrila_widget.rules.messages import type_letter, words_table
from tests.support.browser import write_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

LOAD_TIMEOUT = 60_000  # ms
NOTEBOOK_SOURCE = """
import json
from pathlib import Path
from shangrila_widget.render.primitives import Text
from shangrila_widget.widget import ShangriLaBoard

board = ShangriLaBoard(players=["red", "blue", "yellow"])
for action in ("place rainmaker A", "place dragon_breeder B", "place yeti_whisperer D",
               "place firekeeper E"):
    board.play(action)

def letters_drawn(board):
    scene = board.canvas.scene
    drawn = [[p.tag[0], p.text] for p in scene.primitives
             if isinstance(p, Text) and p.tag and p.tag[0] in ("space", "master", "student")]
    Path(SCENE_FILE).write_text(json.dumps({"lang": board.lang, "letters": drawn}))

board.on_change(letters_drawn)
letters_drawn(board)
board
"""

SHOWN = """(root) => {
    const texts = [root.innerText];
    for (const el of root.querySelectorAll('[title]')) texts.push(el.getAttribute('title'));
    for (const el of root.querySelectorAll('option')) texts.push(el.textContent);
    for (const el of root.querySelectorAll('svg text, svg title, svg desc'))
        texts.push(el.textContent);
    return texts;
}"""


def _words(template: str) -> set[str]:
    literal = " ".join(
        part + " " + (spec if spec and "|" in spec else "")
        for part, _, spec, _ in string.Formatter().parse(template)
    )
    return {w for w in re.findall(r"[^\W\d_]{2,}", literal) if not w.isupper()}


def english_only_words() -> set[str]:
    """Every word of an English sentence that no Polish sentence uses (rule ids and other
    all-capital tokens aside): what a Polish page must not show."""
    english = set().union(*(_words(t) for t in words_table("en").values()))
    polish = set().union(*(_words(t) for t in words_table("pl").values()))
    return english - polish


def shown_words(page: Page) -> set[str]:
    texts = page.locator("body").evaluate(SHOWN)
    return {w for text in texts for w in re.findall(r"[^\W\d_]{2,}", text or "")}


@pytest.fixture(scope="module")
def words_notebook(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("words")
    scene_file = base / "scene.json"
    source = f"SCENE_FILE = {str(scene_file)!r}\n" + textwrap.dedent(NOTEBOOK_SOURCE)
    return write_notebook(base / "words.ipynb", source), scene_file


def test_the_generated_english_words_are_the_interface_and_the_check_can_fail() -> None:
    english = english_only_words()
    assert {"Undo", "Supply", "Hint", "Key", "master", "masters", "Healer"} <= english
    assert "Auto" not in words_table("pl").values()


def test_after_pl_no_english_word_or_letter_of_the_interface_is_visible(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
    words_notebook: tuple[Path, Path],
) -> None:
    from playwright.sync_api import expect

    notebook, scene_file = words_notebook
    page = open_board(notebook, viewport=(1280, 900), timeout=LOAD_TIMEOUT / 1000)
    board = page.locator(".shangrila-board")
    expect(board.get_by_role("button", name="◀ Undo")).to_be_visible(timeout=LOAD_TIMEOUT)
    english = english_only_words()
    seen_in_english = shown_words(page) & english
    assert {"Undo", "Supply", "Key"} <= seen_in_english, "the check sees English when it is there"
    drawn = json.loads(scene_file.read_text())
    assert drawn["lang"] == "en" and {"R", "D", "Y", "F"} <= {t for _, t in drawn["letters"]}

    board.get_by_role("button", name="PL", exact=True).click()
    expect(board.get_by_role("button", name="◀ Cofnij")).to_be_visible()
    page.locator(".shangrila-key button").click()
    page.locator(".shangrila-key svg").wait_for(state="visible", timeout=10_000)
    left = sorted(shown_words(page) & english)
    save_screenshot("pl")
    page.locator(".shangrila-key svg").scroll_into_view_if_needed()
    save_screenshot("pl-key", full_page=False)
    assert left == [], left

    polish = {type_letter(t, "pl") for t in MASTER_TYPES}
    drawn = json.loads(scene_file.read_text())
    letters = {t for _, t in drawn["letters"]}
    assert drawn["lang"] == "pl" and {"space", "master"} <= {k for k, _ in drawn["letters"]}
    assert letters == polish, letters
    header = [t.strip() for t in board.locator("th").all_inner_texts() if len(t.strip()) == 1]
    assert set(header) == polish, header
    key_letters = {
        t.strip()
        for t in page.locator(".shangrila-key svg text").all_text_contents()
        if len(t.strip()) == 1 and t.strip().isalpha()
    }
    assert key_letters == polish, key_letters
    assert browser_diagnostics.page_errors == []

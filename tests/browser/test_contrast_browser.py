"""The contrast of the board's letters measured from the painted pixels, and of the panel's
texts from the computed styles, in a light and a dark theme (issue 23, defect 7).

Voila serves the board in its light theme and with ``?theme=dark`` (the package's Voila
template loads JupyterLab's dark theme then); JupyterLab 4 switches to "JupyterLab Dark".
For every word the board paints (empty spaces' letters, including those under a legal
target's tint, tiles' letters of the four colours, village letters, strengths, the footer)
the test reads the canvas pixels of the word's box (``getImageData``) and compares the
letter's core with the colour most of the box has: at least 4.5:1. Every text of the
board's panels is at least 4.5:1 against the background behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.render.primitives import Text
from shangrila_widget.render.scene import build_scene
from shangrila_widget.rules.compact import from_compact
from tests.browser.test_keyboard_board_browser import POSITION, SOURCE
from tests.support.board import PIXEL_RATIO
from tests.support.browser import lab_command, write_notebook
from tests.support.contrast import (
    PAINTED_CONTRAST_JS,
    TEXT_CONTRAST_JS,
    TEXT_MINIMUM,
    scene_texts,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

# POSITION: Red to move in the play phase, tiles of the four colours in A and B, A's priest
# and firekeeper empty legal targets (tinted), every other space empty.
ROOT = ".shangrila-board"


@pytest.fixture(scope="module")
def contrast_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_notebook(tmp_path_factory.mktemp("contrast") / "contrast.ipynb", SOURCE)


def _word_boxes() -> list[tuple[str, list[int]]]:
    """Each word the board shows (not hidden under a tile), by what it is, and its box in
    backing-store pixels (the scene's estimate of the glyphs' box, a little inside it)."""
    scene = build_scene(from_compact(POSITION))
    out = []
    for painted in scene_texts(scene.primitives):  # those not hidden under a tile
        item = painted.item
        assert isinstance(item, Text)
        x0, y0, x1, y1 = item.bbox()
        pad_x, pad_y = 0.1 * (x1 - x0), 0.1 * (y1 - y0)
        box = [x0 + pad_x, y0 + pad_y, x1 - pad_x, y1 + 0.05 * item.size]
        out.append((f"{item.tag} {item.text!r}", [round(v * PIXEL_RATIO) for v in box]))
    return out


def _page_is_dark(page: Page) -> bool:
    return bool(
        page.evaluate(
            """() => { const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
                for (let n = document.querySelector('.shangrila-board'); n; n = n.parentElement) {
                    const c = parse(getComputedStyle(n).backgroundColor);
                    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) {
                        return c[0] + c[1] + c[2] < 200; }
                }
                const b = parse(getComputedStyle(document.body).backgroundColor);
                return b.length >= 3 && b[0] + b[1] + b[2] < 200; }"""
        )
    )


def _open(open_board: BoardOpener, voila_server: Any, notebook: Path, theme: str) -> Page:
    if theme == "voila-dark":
        page = open_board(url=voila_server(notebook) + "?theme=dark", viewport=(1280, 1000))
    elif theme == "lab-dark":
        page = open_board(notebook, env="lab", viewport=(1280, 1000))
        lab_command(page, "apputils:change-theme", {"theme": "JupyterLab Dark"})
        page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'false'", timeout=20_000
        )
    else:
        page = open_board(notebook, viewport=(1280, 1000))
    page.locator(f"{ROOT} .shangrila-supply").first.wait_for(timeout=30_000)
    page.wait_for_timeout(1500)  # the theme's stylesheet and the last redraw
    return page


@pytest.mark.parametrize("theme", ["voila-light", "voila-dark", "lab-dark"])
def test_the_board_s_letters_and_the_panel_s_texts_are_at_least_4_5_to_1(
    theme: str,
    contrast_notebook: Path,
    open_board: BoardOpener,
    voila_server: Any,
    browser_page: Page,
    save_screenshot: Callable[..., Path],
) -> None:
    browser_page.set_default_timeout(90_000)  # a busy machine: pages take longer to load
    page = _open(open_board, voila_server, contrast_notebook, theme)
    try:
        assert _page_is_dark(page) == theme.endswith("dark"), "the theme is not in force"
        save_screenshot(theme, full_page=False)
        canvas = page.locator(f"{ROOT} canvas").first.element_handle()
        words = _word_boxes()
        measured: list[dict[str, Any]] = page.evaluate(
            PAINTED_CONTRAST_JS, [canvas, [box for _, box in words]]
        )
        kinds = {name.split("'")[1] for name, _ in words}
        assert {"space", "master", "student", "label", "strength", "legend"} <= kinds
        low = [
            f"{name} {m['ratio']:.2f}:1 on {m['ground']}"
            for (name, _), m in zip(words, measured, strict=True)
            if m["ratio"] < TEXT_MINIMUM
        ]
        assert not low, f"{len(low)} of {len(words)} painted words below 4.5:1: {low[:10]}"
        texts = page.evaluate(TEXT_CONTRAST_JS, f"{ROOT} *")
        assert len(texts) > 10, texts
        dim = [t for t in texts if t["ratio"] < TEXT_MINIMUM]
        assert not dim, f"{len(dim)} of {len(texts)} panel texts below 4.5:1: {dim[:8]}"
    finally:
        if theme == "lab-dark":
            lab_command(page, "apputils:change-theme", {"theme": "JupyterLab Light"})
            page.wait_for_function(
                "() => document.body.dataset.jpThemeLight === 'true'", timeout=20_000
            )

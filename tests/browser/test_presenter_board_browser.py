"""The board as a person sees it when the page loads: Voila and JupyterLab 4, at projector
and screen sizes, in the normal layout and in presenter mode, and in JupyterLab's dark theme.

Measured, not guessed: the boxes of the controls against the viewport (nothing scrolled),
font sizes from computed styles, the size of the letters on the spaces from the canvas scale
(letter size in scene units x CSS width / scene width), the end of a game's message and
table boxes, colour contrast of text against what is behind it. Screenshots of every case go
to ``test-artifacts/browser/``.

The tests that only look at a page keep it (``open_board(..., keep=True)``): one page load
per notebook and host serves every window size (the layout is CSS only).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.render.primitives import Text
from shangrila_widget.render.scene import build_scene
from shangrila_widget.rules import Position
from tests.support.browser import wait_until_quiet, write_notebook
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

HOT_SEAT = EXAMPLES / "hot-seat.ipynb"
SIZES = [(1280, 720), (1024, 768), (1920, 1080)]
ROOT = ".shangrila-board"


def _letter_units(presenter: bool) -> float:
    """The size (scene units) of the letters on the empty spaces."""
    scene = build_scene(Position.new_game(["red", "blue", "yellow"]), presenter=presenter)
    sizes = {p.size for p in scene.static if isinstance(p, Text) and p.tag[:1] == ("space",)}
    assert len(sizes) == 1
    return sizes.pop()


#: A game against the computer that has just ended (Red's move ends it; Blue wins).
ENDGAME = textwrap.dedent(
    """
    from shangrila_widget.bots import choose_action
    from shangrila_widget.rules import GameRecord, Position
    from shangrila_widget.widget import ShangriLaBoard

    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    i = 0
    while not record.position.is_over:
        record.play(choose_action(record.position, level="random", seed=i)); i += 1
    last = record.current.action
    record.undo()
    board = ShangriLaBoard(record=record, bots={"blue": "easy", "yellow": "easy"}, {options})
    board.play(last)
    board
    """
)

PLAIN = textwrap.dedent(
    """
    from shangrila_widget.widget import ShangriLaBoard

    board = ShangriLaBoard(players=["red", "blue", "yellow"], {options})
    board
    """
)


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("presenter")
    sources = {
        "endgame": ENDGAME.replace("{options}", ""),
        "endgame-presenter": ENDGAME.replace("{options}", "presenter=True"),
        "presenter": PLAIN.replace("{options}", "presenter=True"),
        "plain": PLAIN.replace("{options}", ""),
    }
    return {name: write_notebook(base / f"{name}.ipynb", src) for name, src in sources.items()}


# Everything a person needs to see, as boxes in the window: every visible button of the
# board, its toggles, the message line, the canvas; and computed font sizes.
_MEASURE_JS = """(rootSel) => {
    const root = document.querySelector(rootSel);
    // What can be seen: the window, within the nearest scrolling ancestor (JupyterLab's
    // notebook panel ends above its status bar).
    let area = {top: 0, bottom: innerHeight, left: 0, right: innerWidth};
    const panel = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
    if (panel) {
        const r = panel.getBoundingClientRect();
        area = {top: Math.max(0, r.top), bottom: Math.min(innerHeight, r.bottom),
                left: Math.max(0, r.left), right: Math.min(innerWidth, r.right)};
    }
    const box = (el) => { const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                width: r.width, height: r.height}; };
    const shown = (el) => { const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
    const controls = {};
    for (const b of root.querySelectorAll('button')) {
        if (!shown(b)) continue;
        const name = (b.textContent.trim() || b.title || 'button');
        controls['button ' + name] = box(b);
    }
    const message = root.querySelector('.shangrila-message');
    controls['message line'] = box(message);
    const canvas = root.querySelector('canvas');
    controls['canvas'] = box(canvas);
    const font = (el) => el ? parseFloat(getComputedStyle(el).fontSize) : 0;
    const content = message.querySelector('.widget-html-content') || message;
    const table = root.querySelector('.shangrila-supply');
    return {
        viewport: [innerWidth, innerHeight], area, controls,
        canvas: {css: canvas.getBoundingClientRect().width, backing: canvas.width},
        fonts: {
            message: font(content.querySelector('li, p, div') || content),
            buttons: Math.min(...[...root.querySelectorAll('button')].filter(shown).map(font)),
        },
        table: table ? box(table) : null,
        messageBox: box(message),
        presenter: root.classList.contains('shangrila-presenter'),
    };
}"""


def measure(page: Page) -> dict[str, Any]:
    wait_until_quiet(page, ROOT)  # the last texts of the side panel
    result: dict[str, Any] = page.evaluate(_MEASURE_JS, ROOT)
    return result


def assert_in_view(m: dict[str, Any], where: str) -> None:
    a = m["area"]
    outside = {
        name: (round(b["left"]), round(b["top"]), round(b["right"]), round(b["bottom"]))
        for name, b in m["controls"].items()
        if b["top"] < a["top"] - 1
        or b["bottom"] > a["bottom"] + 1
        or b["left"] < a["left"] - 1
        or b["right"] > a["right"] + 1
    }
    assert not outside, f"{where}: outside what can be seen ({a}) as loaded: {outside}"


def letters_on_screen(m: dict[str, Any], presenter: bool) -> float:
    """CSS px of the letters on the spaces: scene units x CSS width / scene width."""
    scene_width = m["canvas"]["backing"] / 2  # BoardCanvas: 2 backing pixels per unit
    return float(_letter_units(presenter) * m["canvas"]["css"] / scene_width)


def scroll_lab_to_top(page: Page, env: str) -> None:
    """JupyterLab scrolls to the last cell it ran: a person opening the notebook sees its top."""
    if env == "lab":
        page.evaluate(
            "() => { for (const el of document.querySelectorAll('.jp-WindowedPanel-outer,"
            " .jp-Notebook')) el.scrollTop = 0; }"
        )
        wait_until_quiet(page, ROOT, quiet_ms=100)  # the cells a scrolled notebook draws


@pytest.mark.parametrize("env", ["voila", "lab"])
@pytest.mark.parametrize("size", SIZES[:2], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hot_seat_notebook_shows_every_control_as_loaded(
    env: str, size: tuple[int, int], open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    page = open_board(HOT_SEAT, env=env, viewport=size, keep=True)  # one load per host
    scroll_lab_to_top(page, env)
    m = measure(page)
    save_screenshot(f"{env}-{size[0]}x{size[1]}", full_page=False)
    where = f"{env} {size[0]}x{size[1]}"
    assert "button Key" in m["controls"], f"{where}: the Key button is there"
    assert_in_view(m, where)


@pytest.mark.parametrize("env", ["voila", "lab"])
@pytest.mark.parametrize("size", [SIZES[0], SIZES[2]], ids=lambda s: f"{s[0]}x{s[1]}")
def test_presenter_mode_reads_from_the_back_row(
    env: str,
    size: tuple[int, int],
    notebooks: dict[str, Path],
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board(notebooks["presenter"], env=env, viewport=size, keep=True)
    scroll_lab_to_top(page, env)
    page.locator(f"{ROOT}.shangrila-presenter").wait_for(timeout=15_000)
    m = measure(page)
    save_screenshot(f"{env}-{size[0]}x{size[1]}", full_page=False)
    where = f"presenter, {env} {size[0]}x{size[1]}"
    assert_in_view(m, where)
    assert m["fonts"]["message"] >= 20, f"{where}: message at {m['fonts']['message']} px"
    assert m["fonts"]["buttons"] >= 20, f"{where}: buttons at {m['fonts']['buttons']} px"
    letters = letters_on_screen(m, presenter=True)
    assert letters >= 12, f"{where}: letters on the spaces {letters:.1f} px on screen"
    canvas = m["controls"]["canvas"]
    width, height = m["viewport"]
    assert canvas["height"] >= 0.75 * height, f"{where}: the board is {canvas['height']} px tall"
    if size == (1920, 1080):
        used = max(b["right"] for b in m["controls"].values()) - canvas["left"]
        assert used >= 0.8 * width, f"{where}: the board and its panel use {used:.0f} px"


def test_the_presenter_button_switches_the_layout(
    notebooks: dict[str, Path], open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    page = open_board(notebooks["plain"], env="voila", viewport=(1280, 720))
    before = measure(page)
    assert not before["presenter"] and before["fonts"]["message"] < 20
    page.get_by_role("button", name="Presenter").click()
    page.locator(f"{ROOT}.shangrila-presenter").wait_for(timeout=10_000)
    after = measure(page)
    save_screenshot("on", full_page=False)
    assert after["fonts"]["message"] >= 20
    assert after["controls"]["canvas"]["height"] > before["controls"]["canvas"]["height"]
    assert letters_on_screen(after, presenter=True) >= 12
    assert letters_on_screen(before, presenter=False) < 12, "normal mode is not for a room"


def _boxes_intersect(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


@pytest.mark.parametrize("variant", ["endgame", "endgame-presenter"])
@pytest.mark.parametrize("env", ["voila", "lab"])
def test_the_end_of_a_game_message_and_table_do_not_overlap(
    variant: str,
    env: str,
    notebooks: dict[str, Path],
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = open_board(notebooks[variant], env=env, viewport=(1280, 720), keep=True)
    scroll_lab_to_top(page, env)
    status = page.locator(f"{ROOT} .shangrila-status")
    expect(status).to_contain_text("Winner: Blue", timeout=15_000)
    m = measure(page)
    save_screenshot(f"{env}", full_page=False)
    assert m["table"] is not None
    message, table = m["messageBox"], m["table"]
    assert not _boxes_intersect(message, table), f"message {message} over table {table}"
    assert table["height"] > 60, f"the table is clipped to {table['height']} px"
    winner = page.locator(f"{ROOT} .shangrila-winner")
    expect(winner).to_contain_text("Winner: Blue")

"""The board widget in a real browser: Voila serves a notebook with a ``ShangriLaBoard``, headless
Chromium shows it, and the tests look at real canvas pixels and the texts of the page.

The position (4 players, play phase, Red to move)::

    rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -

Village A: Red Rainmaker with a student, Yellow Astrologer, Red Dragon Breeder with a student,
Blue Yeti Whisperer, Violet Healer; Priest and Firekeeper empty (Red may place there, and may
journey from A). Village B holds Yellow and Blue masters; the other villages are empty.
"""

from __future__ import annotations

import json
import statistics
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules import Place
from shangrila_widget.rules.compact import from_compact
from tests.support.board import (
    BACKGROUND_RGBA,
    BLOCK_RGBA,
    CANVAS,
    SPACE_RGBA,
    TARGET_WASH_RGBA,
    BoardGeometry,
    assert_colour,
    player_rgba,
)
from tests.support.browser import (
    RGBA,
    canvas_digest,
    canvas_point_to_page,
    click_canvas,
    measure_input_to_pixel,
    wait_for_canvas_change,
    wait_for_canvas_color,
    write_notebook,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

POSITION = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"

NOTEBOOK_SOURCE = textwrap.dedent(
    f"""
    from shangrila_widget.widget import ShangriLaBoard

    board = ShangriLaBoard({POSITION!r})
    board
    """
).strip()

GEOMETRY = BoardGeometry(900.0)  # ShangriLaBoard's default width
# Tall enough that the whole widget (and so every screenshot) fits without scrolling.
VIEWPORT = (1000, 1000)
MESSAGE = ".shangrila-message"
LOAD_TIMEOUT = 45.0  # seconds: Voila starts a kernel and runs the notebook per page load
RED, YELLOW, BLUE, VIOLET = (player_rgba(c) for c in ("red", "yellow", "blue", "violet"))


def _tile(village: str, master_type: str, student: bool = False) -> tuple[int, int]:
    return GEOMETRY.tile_fill_point(village, master_type, student=student)


# What the first picture must show: (what, backing-store point, colour).
FIRST_PAINT: list[tuple[str, tuple[int, int], RGBA]] = [
    ("background", GEOMETRY.background_point(), BACKGROUND_RGBA),
    ("block of village G", GEOMETRY.block_point("G"), BLOCK_RGBA),
    ("empty space G rainmaker", GEOMETRY.space_fill_point("G", "rainmaker"), SPACE_RGBA),
    ("Red student on A rainmaker", _tile("A", "rainmaker", student=True), RED),
    ("Red student on A dragon breeder", _tile("A", "dragon_breeder", student=True), RED),
    ("Yellow master A astrologer", _tile("A", "astrologer"), YELLOW),
    ("Blue master A yeti", _tile("A", "yeti_whisperer"), BLUE),
    ("Violet master A healer", _tile("A", "healer"), VIOLET),
    ("Yellow master B priest", _tile("B", "priest"), YELLOW),
    ("Blue master B healer", _tile("B", "healer"), BLUE),
    ("legal target A priest", GEOMETRY.space_fill_point("A", "priest"), TARGET_WASH_RGBA),
    ("legal target A firekeeper", GEOMETRY.space_fill_point("A", "firekeeper"), TARGET_WASH_RGBA),
    ("not a target: B astrologer", GEOMETRY.space_fill_point("B", "astrologer"), SPACE_RGBA),
]
RED_STUDENT_A = GEOMETRY.tile_fill_point("A", "rainmaker", student=True)
PRIEST_A_CLICK = GEOMETRY.space_centre("A", "priest")
PRIEST_A_FILL = GEOMETRY.tile_fill_point("A", "priest", student=False)


@pytest.fixture(scope="module")
def board_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_notebook(tmp_path_factory.mktemp("board") / "board.ipynb", NOTEBOOK_SOURCE)


@pytest.fixture
def board_page(board_notebook: Path, open_board: BoardOpener) -> Iterator[Page]:
    """The board notebook, loaded, with the board drawn (its Red student pixels are there):
    one page kept for the file's tests, as a person finds it after loading it. Each leaves it
    as it found it (the first paint looks; the clicks end with a reload, a new kernel and the
    start again; the latency rounds take every placement back) but the last, the language
    toggle, which lets it go (``open_board.let_go()``)."""
    page = open_board(board_notebook, viewport=VIEWPORT, timeout=LOAD_TIMEOUT, keep=True)
    wait_until_drawn(page)
    yield page


def wait_until_drawn(page: Page) -> None:
    """Wait for the first picture (one batch draws both layers: one pixel of the dynamic layer
    being there means the whole board is)."""
    wait_for_canvas_color(page, CANVAS, *RED_STUDENT_A, RED, timeout=LOAD_TIMEOUT)


def assert_first_paint(page: Page) -> None:
    for what, point, colour in FIRST_PAINT:
        assert_colour(page, what, point, colour)


def message_text(page: Page) -> str:
    return " ".join(page.locator(MESSAGE).inner_text().split())


def wait_for_message(page: Page, *texts: str, timeout: float = 10.0) -> str:
    """Wait until the side message holds every one of ``texts``; return the message."""
    from playwright.sync_api import expect

    locator = page.locator(MESSAGE)
    for text in texts:
        expect(locator).to_contain_text(text, timeout=timeout * 1000)
    return message_text(page)


def test_first_paint_shows_the_position_in_its_colours(
    board_page: Page, browser_diagnostics: BrowserDiagnostics, save_screenshot: Callable[..., Path]
) -> None:
    page = board_page
    shot = save_screenshot("first-paint", always=True)
    assert_first_paint(page)
    width, height = page.locator(CANVAS).first.evaluate("(el) => [el.width, el.height]")
    assert (width, height) == (1800, 1820), "2 backing pixels per unit of a 900x910 picture"
    css_width = page.locator(CANVAS).first.bounding_box()["width"]  # type: ignore[index]
    assert 320 <= css_width <= 900, f"the canvas is shown {css_width} CSS px wide"
    assert "Red is to move" in message_text(page)
    assert page.locator(CANVAS).count() == 1
    assert browser_diagnostics.page_errors == []
    assert shot.stat().st_size > 20_000


def test_clicks_play_refuse_journey_and_reload(
    board_page: Page, browser_diagnostics: BrowserDiagnostics, save_screenshot: Callable[..., Path]
) -> None:
    page = board_page
    position = from_compact(POSITION)

    # A refused click: Yellow's Astrologer in A is not Red's to recruit on, so the click is
    # tried as a placement there and refused (the space is taken).
    refusal = position.check(Place("astrologer", "A"))
    assert refusal is not None
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("A", "astrologer"))
    text = wait_for_message(page, refusal.rule, refusal.message("en"))
    assert refusal.rule == "PLACE-SPACE", text
    priest_a_empty = GEOMETRY.space_fill_point("A", "priest")
    assert_colour(page, "refused: A priest unchanged", priest_a_empty, TARGET_WASH_RGBA)
    save_screenshot("refused")

    # A legal click: Red places a Priest in A; its pixels turn Red and the message says so.
    outcome = position.play(Place("priest", "A"))
    click_canvas(page, CANVAS, *PRIEST_A_CLICK)
    wait_for_canvas_color(page, CANVAS, *PRIEST_A_FILL, RED, tolerance=10)
    assert_colour(page, "placed Red priest in A", PRIEST_A_FILL, RED)
    wait_for_message(page, *(event.message("en") for event in outcome.events))
    save_screenshot("after-click")

    # Undo with the keyboard (the canvas has the focus since the click): the space is empty
    # again and a legal target, so it is washed green.
    page.keyboard.press("ArrowLeft")
    wait_for_canvas_color(page, CANVAS, *priest_a_empty, TARGET_WASH_RGBA, tolerance=10)
    wait_for_message(page, "Took back: a new Priest master in village A")

    # A journey takes two clicks: Red's master with a student in A, then village B.
    journey = position.play("journey A B")
    region = GEOMETRY.village_region("B")
    before = canvas_digest(page, CANVAS, *region)
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("A", "rainmaker"))
    wait_for_message(page, "Start village A chosen")
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("B", "astrologer"))
    wait_for_message(page, *(event.message("en") for event in journey.events))
    wait_for_canvas_change(page, CANVAS, region, before)
    # Red's students became masters in B (driving Yellow and Blue out): B's tiles, as the
    # engine has them after the journey, are in their owners' colours.
    tiles_b = journey.position.tiles("B")
    assert any(tile.owner == "red" for tile in tiles_b.values()), tiles_b
    for master_type, tile in tiles_b.items():
        point = GEOMETRY.tile_fill_point("B", master_type, student=tile.student)
        assert_colour(page, f"B {master_type} after the journey", point, player_rgba(tile.owner))
    save_screenshot("after-journey")

    # A reload is a new page and a new kernel: the start position is drawn again (the
    # "blank canvas after reload" trap), not a blank canvas and not the journey.
    page.reload()
    wait_until_drawn(page)
    assert_first_paint(page)
    assert "Red is to move" in message_text(page)
    save_screenshot("after-reload")
    assert browser_diagnostics.page_errors == []


ROUNDS = 10


def test_click_to_pixels_latency(
    board_page: Page, browser_diagnostics: BrowserDiagnostics, save_screenshot: Callable[..., Path]
) -> None:
    """Click -> kernel -> redraw -> pixels, measured by the page's own clock, ROUNDS times:
    a click places Red's Priest in A (pixels turn Red), ArrowLeft takes it back (pixels turn
    back to the green wash of a legal target)."""
    page = board_page
    wash_point = GEOMETRY.space_fill_point("A", "priest")
    page_x, page_y = canvas_point_to_page(page, CANVAS, *PRIEST_A_CLICK)
    clicks: list[float] = []
    keys: list[float] = []
    wall: list[float] = []

    for _ in range(ROUNDS):
        start = time.perf_counter()
        clicks.append(
            measure_input_to_pixel(
                page,
                CANVAS,
                *PRIEST_A_FILL,
                RED,
                lambda: page.mouse.click(page_x, page_y),
                tolerance=10,
            )
        )
        wall.append((time.perf_counter() - start) * 1000)
        keys.append(
            measure_input_to_pixel(
                page,
                CANVAS,
                *wash_point,
                TARGET_WASH_RGBA,
                lambda: page.keyboard.press("ArrowLeft"),
                tolerance=10,
            )
        )
    artifact_dir = save_screenshot("after-latency", always=True).parent  # test-artifacts/browser

    def summary(samples: list[float]) -> dict[str, float]:
        ordered = sorted(samples)
        return {
            "median": round(statistics.median(ordered), 1),
            # nearest rank: the 9th of 10 samples
            "p90": round(ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))], 1),
            "min": round(ordered[0], 1),
            "max": round(ordered[-1], 1),
        }

    figures = {
        "what": "ms from a real mousedown/keydown on the board canvas to the first animation "
        "frame showing the redrawn pixels (page clock, rAF resolution); wall = Python's view "
        "of the whole click round trip including Playwright",
        "rounds": ROUNDS,
        "click_to_pixels_ms": {**summary(clicks), "samples": [round(v, 1) for v in clicks]},
        "key_to_pixels_ms": {**summary(keys), "samples": [round(v, 1) for v in keys]},
        "click_wall_ms": {**summary(wall), "samples": [round(v, 1) for v in wall]},
        "viewport": VIEWPORT,
        "canvas_backing_px": [1800, 1820],
    }
    (artifact_dir / "latency.json").write_text(json.dumps(figures, indent=2) + "\n")
    c, k = figures["click_to_pixels_ms"], figures["key_to_pixels_ms"]
    print(f"\nclick_to_pixels_ms median={c['median']} p90={c['p90']}")
    print(f"key_to_pixels_ms median={k['median']} p90={k['p90']}")
    assert c["median"] < 1000 and k["median"] < 1000, figures
    assert browser_diagnostics.page_errors == []


def test_language_toggle_to_polish(
    board_page: Page,
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    """The last of the file's tests on the kept page (it leaves the board in Polish: the page
    is let go at the end)."""
    from playwright.sync_api import expect

    page = board_page
    board = page.locator(".shangrila-board")
    expect(board).to_contain_text("◀ Undo")
    expect(board).to_contain_text("Red to move")  # the status bar
    expect(board).to_contain_text("show legal moves")  # the checkbox's label
    footer = GEOMETRY.footer_region()
    before = canvas_digest(page, CANVAS, *footer)

    page.get_by_role("button", name="PL", exact=True).click()
    polish_texts = ("◀ Cofnij", "Ponów ▶", "na ruchu", "rozgrywka", "Zapas", "Mistrz", "Podróż")
    for polish in (*polish_texts, "pokaż dozwolone ruchy"):
        expect(board).to_contain_text(polish)
    expect(board).not_to_contain_text("◀ Undo")
    expect(board).not_to_contain_text("Red to move")
    expect(board).not_to_contain_text("show legal moves")
    # (The side message keeps the text it had, "Click a space to play. Red is to move.": it is
    # not translated after the fact; the next message is in Polish.)
    # The picture's footer (player names, phase) is redrawn in Polish.
    wait_for_canvas_change(page, CANVAS, footer, before)

    # Refusals now come in Polish too.
    refusal = from_compact(POSITION).check(Place("astrologer", "A"))
    assert refusal is not None
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("A", "astrologer"))
    wait_for_message(page, refusal.rule, refusal.message("pl"))
    save_screenshot("polish")
    assert_colour(page, "Red student after the language switch", RED_STUDENT_A, RED)
    assert browser_diagnostics.page_errors == []
    open_board.let_go()

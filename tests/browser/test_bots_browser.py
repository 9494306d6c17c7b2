"""Computer players in a real browser: a bots-only game watched with Play and Pause, its
review chart clicked, and a hint drawn on the board.

Screenshots (``test-artifacts/browser/``): the watched game while a bot thinks, the review
chart, the hint, the review opened on the person's costliest move and its better move.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from shangrila_widget.bots import hint
from shangrila_widget.render.styles import HINT_ARROW
from shangrila_widget.rules.compact import from_compact
from tests.browser.test_board_browser import (
    POSITION,
    message_text,
    wait_for_message,
    wait_until_drawn,
)
from tests.support.board import BLOCK_RGBA, CANVAS, BoardGeometry, player_rgba, rgba
from tests.support.browser import (
    canvas_color_fraction,
    canvas_digest,
    click_canvas,
    wait_for_canvas_color,
)

VIEWPORT = (1000, 1000)

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics

BOARD = f"{CANVAS} >> nth=0"  # the board's canvas comes first; the chart's is under it
CHART = ".shangrila-review-chart canvas"
FOUR = ["red", "blue", "yellow", "violet"]

WATCH_SOURCE = textwrap.dedent(
    f"""
    from shangrila_widget.bots import Budget
    from shangrila_widget.widget import Bot, ShangriLaBoard

    players = {FOUR!r}
    board = ShangriLaBoard(
        players=players,
        bots={{c: Bot("medium", Budget(seconds=0.4), seed=i) for i, c in enumerate(players)}},
    )
    board.computer.speed = "fast"
    board
    """
).strip()

HINT_SOURCE = textwrap.dedent(
    f"""
    from shangrila_widget.bots import Budget
    from shangrila_widget.widget import Bot, ShangriLaBoard

    board = ShangriLaBoard(
        {POSITION!r},
        bots={{c: Bot("easy", seed=1) for c in ["blue", "yellow", "violet"]}},
        hint_bot=Bot("easy", seed=1),
    )
    board.computer.speed = "fast"
    board
    """
).strip()

LESSON_SOURCE = textwrap.dedent(
    """
    import random
    from shangrila_widget.rules import GameRecord, Position, legal_actions
    from shangrila_widget.widget import Bot, ShangriLaBoard

    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    rng = random.Random(4)
    for _ in range(33):  # 12 moves of the play phase: two of them confirmed costly
        record.play(rng.choice(legal_actions(record.position)))
    board = ShangriLaBoard(
        players=["red", "blue", "yellow"], bots={"blue": Bot("easy"), "yellow": Bot("easy")}
    )
    board.show(record)
    board
    """
).strip()

_COUNT_JS = """([el, want, tol]) => {
    const data = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - want[0]) <= tol && Math.abs(data[i + 1] - want[1]) <= tol &&
            Math.abs(data[i + 2] - want[2]) <= tol && data[i + 3] > 200) n++;
    }
    return n;
}"""


def _count(page: Page, selector: str, colour: tuple[int, int, int, int], tol: int = 12) -> int:
    handle = page.locator(selector).first.element_handle(timeout=10_000)
    return int(page.evaluate(_COUNT_JS, [handle, list(colour), tol]))


def test_a_bots_only_game_is_watched_paused_and_reviewed(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board("watch.ipynb", cells=[WATCH_SOURCE], viewport=VIEWPORT)
    board = BOARD
    geometry = BoardGeometry(900.0)
    # the empty board is drawn: a village block's colour
    wait_for_canvas_color(page, board, *geometry.block_point("G"), BLOCK_RGBA, timeout=45)
    assert "Every seat is a computer player" in message_text(page)
    before = canvas_digest(page, board, 0, 0, 1800, 1700)

    page.locator("button.shangrila-watch-play").click()
    thinking = page.locator(".shangrila-thinking")
    from playwright.sync_api import expect

    # One look at the line while a bot thinks (it clears when the move comes: reading it
    # again after the wait raced with a quick move on a slow machine).
    expect(thinking).to_contain_text(
        re.compile(r"\(computer, medium\) is thinking.*\(budget: 0\.4 s\)", re.S),
        timeout=15_000,
    )
    expect(page.locator(".shangrila-board")).to_contain_text("thinking…")
    save_screenshot("watch-thinking")
    wait_for_message(page, "Violet (computer, medium) plays", timeout=30)
    page.locator("button.shangrila-watch-pause").click()
    expect(thinking).to_have_text("Paused.", timeout=10_000)
    assert "(computer, medium) plays" in message_text(page), "the last move's story stays"
    after = canvas_digest(page, board, 0, 0, 1800, 1700)
    assert after != before, "the bots' moves are drawn"
    for colour in FOUR:  # every seat has placed a master by now
        assert _count(page, board, player_rgba(colour)) > 200, colour
    save_screenshot("watch-paused")

    page.locator("button.shangrila-review").click()
    chart = page.locator(CHART)
    expect(chart).to_have_count(1, timeout=30_000)
    page.wait_for_function(
        f"""() => {{
            const el = document.querySelector({CHART!r});
            if (!el) return false;
            const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
            for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true;
            return false;
        }}""",
        timeout=30_000,
    )
    for colour in FOUR:  # a line per player, in the player's colour
        assert _count(page, CHART, player_rgba(colour), tol=16) > 50, colour
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None
    # the right end of the plot is the last move; its left end is the start
    page.mouse.click(box["x"] + box["width"] * (640 - 13) / 640, box["y"] + box["height"] / 2)
    message = wait_for_message(page, "Move ", "plays", timeout=15)
    assert "chance to win" in message
    page.mouse.click(box["x"] + box["width"] * 45 / 640, box["y"] + box["height"] / 2)
    wait_for_message(page, "Start of the game", timeout=15)
    page.mouse.click(box["x"] + box["width"] * (640 - 13) / 640, box["y"] + box["height"] / 2)
    wait_for_message(page, "Move ", timeout=15)
    save_screenshot("review")
    assert browser_diagnostics.page_errors == []


def test_a_hint_is_drawn_on_the_board(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    page = open_board("hint.ipynb", cells=[HINT_SOURCE], viewport=VIEWPORT)
    wait_until_drawn(page)
    expected = hint(from_compact(POSITION), level="easy", seed=1)
    assert str(expected.action) == "journey A B"  # the same thinking the kernel does
    plank = BoardGeometry(900.0).layout.bridge("A", "B")
    middle = BoardGeometry(900.0).canvas_point(
        (plank.start[0] + plank.end[0]) / 2, (plank.start[1] + plank.end[1]) / 2
    )
    assert canvas_color_fraction(page, BOARD, *middle, rgba(HINT_ARROW), radius=1) < 0.5

    page.locator("button.shangrila-hint").click()
    hint_said = "Hint for Red: a journey from village A to village B"
    wait_for_message(page, hint_said, "estimated chance", timeout=20)
    wait_for_canvas_color(page, BOARD, *middle, rgba(HINT_ARROW), tolerance=12, timeout=10)
    assert canvas_color_fraction(page, BOARD, *middle, rgba(HINT_ARROW), tolerance=12) > 0.6
    save_screenshot("hint")

    # Red follows the hint with two clicks; the three computer seats answer, one by one
    geometry = BoardGeometry(900.0)
    click_canvas(page, BOARD, *geometry.space_centre("A", "rainmaker"))
    click_canvas(page, BOARD, *geometry.space_centre("B", "astrologer"))
    wait_for_message(page, "Violet (computer, easy) plays", timeout=30)
    assert "Red to move" in " ".join(page.locator(".shangrila-board").inner_text().split())
    save_screenshot("bots-answered")
    page.keyboard.press("ArrowLeft")  # back past the three replies to Red's decision
    wait_for_message(page, "Took back: a journey from village A to village B", timeout=10)
    wait_for_canvas_color(page, BOARD, *middle, rgba(HINT_ARROW), tolerance=12, timeout=10)
    assert browser_diagnostics.page_errors == []


def test_the_review_opens_on_the_person_s_costliest_move(
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    """Red is the person: the finished review shows the players' figures, goes to Red's
    costliest move with its words, and shows the better move on the board."""
    from playwright.sync_api import expect

    page = open_board("lesson.ipynb", cells=[LESSON_SOURCE], viewport=VIEWPORT)
    geometry = BoardGeometry(900.0)
    wait_for_canvas_color(page, BOARD, *geometry.block_point("G"), BLOCK_RGBA, timeout=45)
    page.locator("button.shangrila-review").click()
    wait_for_message(page, "Red plays", "Better was", timeout=60)
    expect(page.locator(".shangrila-review-summary")).to_contain_text("Red:", timeout=10_000)
    expect(page.locator(".shangrila-review-chart")).to_contain_text("Costly move 1 of")
    played = canvas_digest(page, BOARD, 0, 0, 1800, 1700)
    page.locator(".shangrila-review-chart").scroll_into_view_if_needed()
    save_screenshot("review-lesson")
    page.locator("button.shangrila-review-better").click()
    expect(page.locator("button.shangrila-review-better")).to_have_text(
        "Show the move played", timeout=10_000
    )
    for _ in range(100):  # the board's redraw comes after the button's answer
        if canvas_digest(page, BOARD, 0, 0, 1800, 1700) != played:
            break
        page.wait_for_timeout(100)
    assert canvas_digest(page, BOARD, 0, 0, 1800, 1700) != played, "the better move is shown"
    page.locator(CANVAS).first.scroll_into_view_if_needed()
    save_screenshot("review-better")
    page.locator("button.shangrila-review-next").click()
    expect(page.locator(".shangrila-review-chart")).to_contain_text("Costly move 2 of")
    assert browser_diagnostics.page_errors == []

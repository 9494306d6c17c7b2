"""The dispute checker (``examples/dispute-checker.ipynb``) in Voila and Chromium, as a teacher
uses it: set up a position by clicking, ask what an action would do, copy the position
string, paste it into a new checker (a second page: another kernel) and get the same board.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from shangrila_widget.rules import Position, Tile
from shangrila_widget.rules.analysis import what_if
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_tile
from shangrila_widget.rules.messages import TYPE_NAMES, say
from tests.support.board import CANVAS, BoardGeometry, player_rgba
from tests.support.browser import canvas_pixel, click_canvas, color_close
from tests.support.browser import wait_for_canvas_color as wait_colour
from tests.support.paths import EXAMPLES

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

CHECKER = EXAMPLES / "dispute-checker.ipynb"
START = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"  # the notebook's position
GEOMETRY = BoardGeometry(760.0)  # DisputeChecker's default board width
ROOT = ".shangrila-checker"
MESSAGE = ".shangrila-message"
STRING = "Position string"

# The edits, made by clicking: (colour, piece button, village, master type).
EDITS = [("Blue", "master + student", "F", "priest"), ("Red", "master", "G", "healer")]


def expected_position() -> Position:
    position = Position.from_compact(START)
    position = with_tile(position, "F", "priest", Tile("blue", True))
    return with_tile(position, "G", "healer", Tile("red", False))


def edit_by_clicking(page: Page) -> None:
    from playwright.sync_api import expect

    root = page.locator(ROOT)
    root.get_by_role("button", name="Edit", exact=True).click()
    colour = root.locator(".shangrila-edit-tools select").first  # colour (the second: who moves)
    expect(colour).to_be_visible()
    for name, piece, village, master_type in EDITS:
        colour.select_option(label=name)
        root.get_by_role("button", name=piece, exact=True).click()
        click_canvas(page, CANVAS, *GEOMETRY.space_centre(village, master_type))
        kind = say("ui.pair" if piece != "master" else "ui.master", "en")
        what = f"{village} {TYPE_NAMES['en'][master_type]} = {kind}"
        expect(page.locator(MESSAGE)).to_contain_text(say("ui.edited", "en", what=what))
    root.get_by_role("button", name="Play", exact=True).click()


def assert_edited_board(page: Page) -> None:
    """The two edited spaces show their tiles (a Blue student on F's Priest, Red's Healer in
    G) and an untouched one still shows its tile (Yellow's Astrologer in A)."""
    student = GEOMETRY.tile_fill_point("F", "priest", student=True)
    wait_colour(page, CANVAS, *student, player_rgba("blue"), tolerance=10)
    healer = GEOMETRY.tile_fill_point("G", "healer", student=False)
    wait_colour(page, CANVAS, *healer, player_rgba("red"), tolerance=10)
    astrologer = GEOMETRY.tile_fill_point("A", "astrologer", student=False)
    assert color_close(canvas_pixel(page, CANVAS, *astrologer), player_rgba("yellow"), 10)


def test_set_up_ask_copy_and_paste_into_a_new_checker(
    open_board: BoardOpener, save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    page = open_board(CHECKER, env="voila", viewport=(1280, 1000))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    root = page.locator(ROOT)
    expect(root.get_by_label(STRING)).to_have_value(START)

    # 1. Set up the position by clicking on the board in Edit mode.
    edit_by_clicking(page)
    assert_edited_board(page)
    position = expected_position()
    string = root.get_by_label(STRING)
    expect(string).to_have_value(to_compact(position))
    save_screenshot("edited")

    # 2. What happens if...: the first journey of the list, previewed on the board.
    prediction = what_if(position, ["journey"])[0]
    options = root.locator(".shangrila-what-if select")
    expect(options.locator("option").first).to_contain_text(str(prediction.action))
    options.select_option(index=0)
    first_sentence = prediction.outcome.messages("en")[0]
    expect(page.locator(MESSAGE)).to_contain_text(first_sentence)
    for event in prediction.outcome.events:
        expect(page.locator(MESSAGE)).to_contain_text(event.rule)
    save_screenshot("what-if")
    root.get_by_role("button", name="Back to the position").click()
    assert_edited_board(page)

    # 3. Copy the position string (select it, Ctrl+C) ...
    string.click()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.press("ControlOrMeta+C")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == to_compact(position)

    # 4. ... and paste it into a new checker: a second page, a new kernel, the notebook's
    # own position until the string is loaded.
    second = page.context.new_page()
    second.goto(page.url)
    other = second.locator(ROOT)
    expect(other.get_by_label(STRING)).to_have_value(START, timeout=60_000)
    other.get_by_label(STRING).click()
    second.keyboard.press("ControlOrMeta+A")
    second.keyboard.press("ControlOrMeta+V")
    expect(other.get_by_label(STRING)).to_have_value(copied)
    other.get_by_role("button", name="Load", exact=True).first.click()
    expect(second.locator(MESSAGE)).to_contain_text("Position loaded.")
    assert_edited_board(second)
    expect(other.get_by_label(STRING)).to_have_value(copied)
    folder = save_screenshot("copied-from", always=True).parent
    second.screenshot(
        path=str(folder / "test_set_up_ask_copy_and_paste_into_a_new_checker-pasted.png")
    )
    second.close()

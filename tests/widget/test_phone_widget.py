"""The board on a phone, headless: the page's measured width makes it a phone's, a tap on a
village opens it large, a tap there plays, Back (or a tap beside the village) closes it; on a
wide page a click still plays at once. The hot-seat board, the checker and the exercises.
"""

from __future__ import annotations

import pytest

from shangrila_widget.render.layout import ZoomView
from shangrila_widget.widget import DisputeChecker, Exercises, ShangriLaBoard
from shangrila_widget.widget.board_widget import PHONE_WIDTH
from shangrila_widget.widget.page_css import page_guard
from tests.support.render import Capture
from tests.support.widget import click_at, click_space, press

POSITION = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"


def guard_of(board: ShangriLaBoard) -> object:
    sheet = board.children[-1]
    guard = page_guard(sheet)
    assert guard is not None, "the board's stylesheet box carries the pointer guard"
    return guard


def on_a_phone(board: ShangriLaBoard, width: int = 360) -> ShangriLaBoard:
    """The page reports the board's width, as the guard's front end does."""
    guard_of(board).set_state({"width": width})  # type: ignore[attr-defined]
    return board


def view(board: ShangriLaBoard) -> ZoomView:
    scene = board.canvas.scene
    assert scene is not None and scene.zoom is not None, "a village is open large"
    return scene.zoom


def tap_space(board: ShangriLaBoard, master_type: str) -> None:
    x, y, _ = view(board).space(master_type)
    click_at(board, x, y)


def tap_block(board: ShangriLaBoard) -> None:
    """A corner of the open village's block, between no spaces."""
    zoom = view(board)
    block = zoom.layout.villages[zoom.village]
    click_at(board, block.cx + zoom.dx - block.radius * 0.9, block.cy + zoom.dy)


def tap_destination(board: ShangriLaBoard, village: str) -> None:
    disc = next(d for d in view(board).destinations if d[0] == village)
    click_at(board, disc[1], disc[2])


def tap_back(board: ShangriLaBoard) -> None:
    x0, y0, x1, y1 = view(board).back
    click_at(board, (x0 + x1) / 2, (y0 + y1) / 2)


@pytest.mark.parametrize(("width", "phone"), [(0, False), (360, True), (599, True), (600, False)])
def test_the_pages_measured_width_makes_a_board_a_phones(width: int, phone: bool) -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    assert not board.phone
    on_a_phone(board, width)
    assert board.phone is phone
    assert PHONE_WIDTH == 600


def test_on_a_wide_page_a_click_still_plays_at_once() -> None:
    board = on_a_phone(ShangriLaBoard(players=["red", "blue", "yellow"]), 1280)
    click_space(board, "A", "healer")
    assert board.zoomed == "" and board.game.tile("A", "healer") is not None


def test_a_tap_opens_the_village_large_and_a_tap_there_plays(captured: Capture) -> None:
    board = on_a_phone(ShangriLaBoard(players=["red", "blue", "yellow"]))
    before = board.game
    captured.clear()
    click_space(board, "A", "priest")  # a 16 px space: the tap only opens its village
    assert board.zoomed == "A" and board.game == before
    assert "open large" in board.message
    assert len(captured.messages) == 1, "opening it is one redraw"
    zoom = view(board)
    assert zoom.village == "A" and zoom.destinations == ()
    captured.clear()
    tap_space(board, "healer")
    assert board.game.tile("A", "healer") is not None and board.game.to_move == "blue"
    assert board.zoomed == "" and board.canvas.scene is not None
    assert board.canvas.scene.zoom is None, "the whole board again after a move"
    assert len(captured.messages) == 1, "the move and the whole board: one redraw"


@pytest.mark.parametrize("how", ["back", "beside", "escape"])
def test_back_a_tap_beside_the_village_or_escape_closes_it(how: str) -> None:
    board = on_a_phone(ShangriLaBoard(players=["red", "blue", "yellow"]))
    click_space(board, "B", "priest")
    assert board.zoomed == "B"
    if how == "back":
        tap_back(board)
    elif how == "beside":
        click_at(board, 890, 900)
    else:
        press(board, "Escape")
    assert board.zoomed == "" and board.game.tile("B", "priest") is None
    assert board.canvas.scene is not None and board.canvas.scene.zoom is None


def test_a_journey_is_chosen_in_the_village_open_large() -> None:
    board = on_a_phone(ShangriLaBoard(POSITION))
    click_space(board, "A", "healer")
    assert board.zoomed == "A"
    tap_block(board)
    assert board.selection == "journey:A"
    assert {d[0] for d in view(board).destinations} == {"B", "D", "F", "K"}
    tap_destination(board, "B")
    assert board.zoomed == "" and board.selection == ""
    assert board.record.current.action is not None
    assert str(board.record.current.action) == "journey A B"


def test_with_a_journey_waiting_a_tap_on_another_village_is_its_destination() -> None:
    board = on_a_phone(ShangriLaBoard(POSITION))
    board.click(("village", "A"))  # opens A
    tap_block(board)
    tap_back(board)
    assert board.zoomed == "" and board.selection == "journey:A"
    click_space(board, "B", "healer")  # B's villages are a finger wide on the whole board
    assert str(board.record.current.action) == "journey A B"


def test_presenter_mode_never_opens_a_village() -> None:
    board = on_a_phone(ShangriLaBoard(players=["red", "blue", "yellow"]))
    board.presenter = True
    click_space(board, "A", "healer")
    assert board.zoomed == "" and board.game.tile("A", "healer") is not None


def test_a_page_grown_wide_shows_the_whole_board_again() -> None:
    board = on_a_phone(ShangriLaBoard(players=["red", "blue", "yellow"]))
    click_space(board, "A", "healer")
    on_a_phone(board, 900)
    assert board.zoomed == "" and board.canvas.scene is not None
    assert board.canvas.scene.zoom is None


def test_the_checker_edits_a_space_of_a_village_open_large() -> None:
    checker = DisputeChecker(POSITION)
    board = on_a_phone(checker.board)
    checker.mode = "edit"
    before = checker.game.tile("D", "healer")
    click_space(board, "D", "healer")
    assert board.zoomed == "D" and checker.game.tile("D", "healer") == before
    tap_space(board, "healer")
    assert checker.game.tile("D", "healer") != before


def test_the_exercises_find_a_journey_in_the_village_open_large() -> None:
    exercises = Exercises(seed=3, kinds=["find_journey"], count=1)
    board = on_a_phone(exercises.board)
    exercise = exercises.current
    _, start, end = str(exercise.answer.claims["action"]).split()
    board.click(("village", start))
    assert board.zoomed == start
    tap_block(board)
    assert {d[0] for d in view(board).destinations}, "the start's neighbours to tap"
    tap_destination(board, end)
    assert exercises.rule_scores and all(right == 1 for right, _ in exercises.rule_scores.values())

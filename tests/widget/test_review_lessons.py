"""The review chart as a lesson (issue 26): how well each player played on top, and the
review opens on the costliest move of the person's own seat, shows the played and the better
move on the board with their facts, and steps through the other costly moves."""

from __future__ import annotations

import random

import pytest

from shangrila_widget.bots import Bot, review
from shangrila_widget.rules import GameRecord, Position, ShangrilaError, legal_actions
from shangrila_widget.widget import ReviewChart, ShangriLaBoard

THREE = ["red", "blue", "yellow"]


@pytest.fixture(scope="module")
def record_json() -> str:
    """33 random moves (the set-up and 12 of the play phase), Red to move next."""
    record = GameRecord(Position.new_game(THREE))
    rng = random.Random(4)
    for _ in range(33):
        record.play(rng.choice(legal_actions(record.position)))
    assert record.position.to_move == "red"
    return record.to_json()


def test_the_review_opens_on_the_person_s_costliest_move_and_steps_through_the_others(
    record_json: str,
) -> None:
    record = GameRecord.from_json(record_json)
    board = ShangriLaBoard(players=THREE, bots={"blue": Bot("easy"), "yellow": Bot("easy")})
    board.show(record)
    rev = review(record, iterations=4)
    chart = board.review(iterations=4)  # reviewed at once: no running loop
    assert chart.review == rev and chart.own_seats() == ("red",)
    moves = chart.costly_moves()
    red = rev.costliest("red")
    assert red and moves[: len(red)] == red, "the person's costliest first"
    assert {m.player for m in moves[len(red) :]} <= {"blue", "yellow"}
    # opened on Red's costliest move: the board is there, the words say what it did
    first = moves[0]
    assert chart.lesson == 0 and chart.selected == first.index
    assert board.record.current.ply == first.index and board.preview is None
    assert "Better was" in board.message and "loss" in board.message
    assert all(f"{c.capitalize()}:" in chart.summary.value for c in THREE)
    assert chart.lessons_bar.layout.display == "flex"
    assert chart.lesson_label.value == f"Costly move 1 of {len(moves)}"
    assert chart.previous_button.disabled and not chart.next_button.disabled
    # the better move on the board, as a preview of the position before the move
    better = first.better or first.best
    chart.better_button.click()
    assert board.preview is not None and board.preview.action == better
    assert board.preview.before == board.record.current.parent.position  # type: ignore[union-attr]
    assert chart.showing_better and chart.better_button.description == "Show the move played"
    chart.better_button.click()
    assert board.preview is None and board.record.current.ply == first.index
    # the next costly move, and the words in Polish
    chart.next_button.click()
    assert chart.lesson == 1 and board.record.current.ply == moves[1].index
    board.lang = "pl"
    assert "Lepiej było" in chart.caption.value and "w zasięgu" in chart.summary.value
    assert chart.next_button.description == "Następny ▶"
    assert chart.lesson_label.value == f"Kosztowny ruch 2 z {len(moves)}"
    with pytest.raises(ShangrilaError):
        chart.show_lesson(len(moves))


def test_a_table_of_bots_has_no_person_to_open_on(record_json: str) -> None:
    record = GameRecord.from_json(record_json)
    board = ShangriLaBoard(players=THREE, bots={c: Bot("easy") for c in THREE})
    board.show(record)
    chart = board.review(iterations=4)
    assert chart.own_seats() == () and chart.lesson == -1
    assert board.record.current.ply == 33, "the board stays where it was"
    assert chart.costly_moves() and chart.lessons_bar.layout.display == "flex"
    chart.next_button.click()  # stepping starts at the first costly move
    assert chart.lesson == 0 and chart.selected == chart.costly_moves()[0].index
    # a chart made by hand, without the people's seats: every seat may be the person's
    alone = ReviewChart(review(record, iterations=4, seed=1))
    assert alone.own_seats() == tuple(THREE) and alone.lesson == 0

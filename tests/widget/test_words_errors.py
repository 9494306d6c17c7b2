"""Errors a user of the widgets can cause with bad input speak both languages (the words
files), and the widget sentences name colours through ``say`` in the reader's language."""

from __future__ import annotations

import pytest

from shangrila_widget.exercises import generate
from shangrila_widget.rules import GameRecord, Position, ShangrilaError
from shangrila_widget.widget import ReviewChart, ShangriLaBoard
from shangrila_widget.widget.controller import BoardController
from shangrila_widget.widget.seats import as_bot


def both(error: ShangrilaError) -> tuple[str, str]:
    english, polish = error.text("en"), error.text("pl")
    assert english == str(error) and polish != english
    return english, polish


def test_a_bad_bot_spec_is_said_in_polish_too() -> None:
    with pytest.raises(ShangrilaError) as caught:
        as_bot(3)  # type: ignore[arg-type]
    assert both(caught.value)[1].startswith("to nie jest opis komputerowego gracza: 3")


def test_a_missing_review_move_is_said_in_polish_too() -> None:
    chart = ReviewChart(GameRecord(Position.new_game(["red", "blue", "yellow"])), iterations=2)
    with pytest.raises(ShangrilaError) as caught:
        chart.go(9)
    english, polish = both(caught.value)
    assert english == "no move 9 in this review: expected 0 to 0"
    assert polish == "w tej analizie nie ma ruchu 9: podaj liczbę od 0 do 0"


def test_a_bad_click_target_is_said_in_the_boards_language() -> None:
    controller = BoardController(GameRecord(Position.new_game(["red", "blue", "yellow"])))
    feedback = controller.click(("village", "Z"))  # type: ignore[arg-type]
    assert "Z" in feedback.text("pl") and "nie ma wioski 'Z'" in feedback.text("pl")
    assert "no village 'Z'" in feedback.text("en")


def test_unknown_exercise_kinds_are_said_in_polish_too() -> None:
    with pytest.raises(ShangrilaError) as caught:
        generate(2, kinds=["nope"])
    assert both(caught.value)[1].startswith("kinds: nieznane 'nope'")


def test_the_welcome_names_the_colour_in_the_boards_language() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"], lang="pl")
    assert "Czerwony" in board.message
    board.lang = "en"
    assert "Red is to move" in board.message

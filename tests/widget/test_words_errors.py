"""Errors a user of the widgets can cause with bad input speak both languages (the words
files), and the widget sentences name colours through ``say`` in the reader's language."""

from __future__ import annotations

import pytest

from shangrila_widget.bots.levels import as_bot
from shangrila_widget.exercises import generate
from shangrila_widget.rules import GameRecord, Position, ShangrilaError
from shangrila_widget.widget import ReviewChart, ShangriLaBoard
from shangrila_widget.widget.controller import BoardController


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


def test_opening_a_village_that_does_not_exist_is_said_in_polish_too() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    with pytest.raises(ShangrilaError) as caught:
        board.open_zoom("Z")
    english, polish = both(caught.value)
    assert english == "unknown village 'Z': expected A-M"
    assert polish == "nieznana wioska 'Z': oczekiwano A-M"
    assert board.zoomed == ""  # nothing opened


def test_a_tour_state_that_is_not_json_is_said_in_polish_too() -> None:
    from shangrila_widget.widget import RulebookTour

    tour = RulebookTour()
    before = tour.save_state()
    with pytest.raises(ShangrilaError) as caught:
        tour.load_state("{not json")
    english, polish = both(caught.value)
    assert english.startswith("not valid JSON: ") and polish.startswith("to nie jest poprawny JSON")
    assert tour.save_state() == before

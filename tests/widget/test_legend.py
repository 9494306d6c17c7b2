"""The board's legend of its picture: hidden behind a toggle, in the board's language."""

from __future__ import annotations

from shangrila_widget.widget import ShangriLaBoard
from shangrila_widget.widget.legend_toggle import Legend


def test_the_key_opens_and_closes_with_its_button() -> None:
    key = Legend()
    assert key.button.description == "Key" and key.picture.layout.display == "none"
    key.button.value = True
    assert key.shown and key.picture.layout.display is None
    assert "Key to the board" in key.picture.value and key.picture.value.startswith("<svg")
    key.button.value = False
    assert not key.shown and key.picture.layout.display == "none"


def test_the_board_shows_a_key_that_follows_its_language() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    key = board.legend
    assert key.picture_box in board.children and key.toggle in board.button_bar.children
    key.shown = True
    assert key.lang == "en" and "Broken bridge" in key.picture.value
    board.lang = "pl"
    assert key.lang == "pl" and key.button.description == "Legenda"
    assert "Zniszczony most" in key.picture.value and "Broken bridge" not in key.picture.value

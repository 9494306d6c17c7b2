"""One language for a whole widget: whichever control changes it, every word follows.

Issue 7: the tour's EN/PL switch translated only the board. These tests walk every child widget
(descriptions, values, option labels, tooltips, accordion titles, the board's caption) and look
for any English interface sentence once the language is Polish, and the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shangrila_widget.widget import DisputeChecker, RulebookTour, ShangriLaBoard
from tests.support.widget import click_space, foreign_words, walk


def langs(root: Any) -> set[str]:
    return {w.lang for w in walk(root) if hasattr(w, "lang")}


def _toggle(tour_or_checker: Any, lang: str) -> None:
    tour_or_checker.board.lang_toggle.value = lang  # the EN/PL switch a user clicks


SWITCHES: dict[str, Callable[[Any, str], None]] = {
    "the board's EN/PL toggle": _toggle,
    "the widget's trait": lambda widget, lang: setattr(widget, "lang", lang),
    "the board's trait": lambda widget, lang: setattr(widget.board, "lang", lang),
}


def test_the_english_tour_has_no_polish_and_the_polish_tour_no_english() -> None:
    assert foreign_words(RulebookTour(chapter="journey-situation-1"), "en") == []
    assert foreign_words(RulebookTour(lang="pl", chapter="journey-situation-1"), "pl") == []


@pytest.mark.parametrize("switch", SWITCHES)
def test_every_way_to_switch_the_tour_translates_all_of_it(switch: str) -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(3)
    SWITCHES[switch](tour, "pl")
    assert tour.lang == "pl" and langs(tour) == {"pl"}
    assert foreign_words(tour, "pl") == []
    assert tour.frame == 3 and tour.chapter == "placing-a-master"
    assert "Krok 3 z" in tour.step_label.value
    SWITCHES[switch](tour, "en")
    assert langs(tour) == {"en"}
    assert foreign_words(tour, "en") == []


@pytest.mark.parametrize("switch", SWITCHES)
def test_switching_inside_a_variation_translates_the_caption_and_the_bar(switch: str) -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(1)
    tour.board.click(("space", "A", "healer"))
    assert tour.in_variation and tour.board.caption == "variation from step 1"
    SWITCHES[switch](tour, "pl")
    assert tour.in_variation, "a language switch keeps the variation on show"
    assert tour.board.caption == "wariant od kroku 1"
    assert "Wariant 1 od kroku 1" in tour.variation_note.value
    assert foreign_words(tour, "pl") == []


@pytest.mark.parametrize("switch", SWITCHES)
def test_every_way_to_switch_the_checker_translates_all_of_it(switch: str) -> None:
    checker = DisputeChecker("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    checker.mode = "edit"
    click_space(checker.board, "D", "healer")  # an edit: "Edited: ..."
    SWITCHES[switch](checker, "pl")
    assert checker.lang == "pl" and langs(checker) == {"pl"}
    assert checker.board.message.startswith("Zmieniono: D Uzdrowiciel")
    assert foreign_words(checker, "pl") == []
    checker.mode = "play"
    checker.kind_buttons.value = "all"
    checker.preview(0)
    assert foreign_words(checker, "pl") == []
    SWITCHES[switch](checker, "en")
    assert langs(checker) == {"en"}
    assert foreign_words(checker, "en") == []


def test_the_board_alone_switches_every_word() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    click_space(board, "A", "healer")
    board.lang_toggle.value = "pl"
    assert board.lang == "pl"
    assert foreign_words(board, "pl") == []


def test_the_walk_finds_english_left_in_a_polish_tour() -> None:
    """The check can fail: an English label left behind is reported."""
    tour = RulebookTour(lang="pl")
    tour.nav_buttons["next"].description = "Next ▶"
    assert any("Next ▶" in found for found in foreign_words(tour, "pl"))


def test_a_language_switch_keeps_choices_and_selections() -> None:
    """ipywidgets selects the first option when labels change: nothing of that may leak."""
    checker = DisputeChecker("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    checker.mode = "edit"
    checker.piece_buttons.value = "pair"
    checker.colour_picker.value = "blue"
    checker.kind_buttons.value = "recruit"
    checker.board.action_kind = "journey"
    checker.lang = "pl"
    assert checker.mode == "edit" and checker.mode_buttons.value == "edit"
    assert checker.piece_buttons.value == "pair" and checker.colour_picker.value == "blue"
    assert checker.kind_buttons.value == "recruit"
    assert checker.board.action_kind == "journey"
    board = ShangriLaBoard(checker.game)
    click_space(board, "A", "rainmaker")  # Red's master with a student: a journey from A
    assert board.selection == "journey:A"
    board.lang_toggle.value = "pl"
    assert board.selection == "journey:A" and board.action_kind == "auto"
    tour = RulebookTour(chapter="recruiting-students")
    tour.lang = "pl"
    assert (
        tour.chapter == "recruiting-students" and tour.chapter_picker.value == "recruiting-students"
    )

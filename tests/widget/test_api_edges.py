"""The edges a new user trips on first (issue 24, point 6): each ends in a clear error that
names what was wrong, in English and Polish where a learner may read it."""

from __future__ import annotations

import pytest

from shangrila_widget.exercises import generate
from shangrila_widget.rules import PositionError, ShangrilaError
from shangrila_widget.widget import Exercises, RulebookTour, ShangriLaBoard


def test_an_unknown_chapter_is_named_in_both_languages() -> None:
    with pytest.raises(ShangrilaError) as caught:
        RulebookTour(chapter="bogus")
    assert "unknown chapter 'bogus'" in str(caught.value)
    assert "placing-a-master" in str(caught.value)  # a chapter it could have been
    assert "'bogus'" in caught.value.text("pl") and caught.value.text("pl") != str(caught.value)


def test_go_to_says_the_same_of_an_unknown_chapter_and_refuses_a_frame_it_lacks() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    with pytest.raises(Exception, match="unknown chapter 'bogus'"):
        tour.go_to("bogus")
    last = len(tour.current_chapter.frames) - 1
    for frame in (999, -1):
        with pytest.raises(ShangrilaError) as caught:
            tour.go_to("placing-a-master", frame)
        assert f"0-{last}" in str(caught.value) and str(frame) in str(caught.value)
        assert caught.value.text("pl") != str(caught.value)
    other = tour.chapters[1]
    with pytest.raises(ShangrilaError, match=f"0-{len(other.frames) - 1}"):
        tour.go_to(other.id, len(other.frames))
    assert (tour.chapter, tour.frame) == ("placing-a-master", 0)  # nothing moved
    tour.go_to(other.id, len(other.frames) - 1)
    assert (tour.chapter, tour.frame) == (other.id, len(other.frames) - 1)


def test_load_state_of_something_that_is_no_text_is_a_type_error_naming_it() -> None:
    tour = RulebookTour()
    with pytest.raises(TypeError, match=r"load_state: expected the text save_state\(\) wrote"):
        tour.load_state({})  # type: ignore[arg-type]
    tour.load_state(tour.save_state())  # the text itself still loads


def test_kinds_given_as_one_text_is_refused_not_read_letter_by_letter() -> None:
    for make in (lambda: generate(2, kinds="legal"), lambda: Exercises(kinds="legal", count=2)):
        with pytest.raises(TypeError) as caught:
            make()
        assert "kinds=['legal']" in str(caught.value)
        assert "'l'" not in str(caught.value)
    assert {e.kind for e in generate(2, kinds=["legal"])} == {"legal"}


def test_players_given_as_one_text_says_a_list_is_expected() -> None:
    with pytest.raises(PositionError) as caught:
        ShangriLaBoard(players="red")  # type: ignore[arg-type]
    assert "expected a list of 3 or 4 colours, got 'red'" in str(caught.value)
    assert "'r'" not in str(caught.value)


def test_answering_with_a_number_says_what_an_answer_is() -> None:
    stronger = next(e for e in generate(12, seed=1) if e.kind == "stronger")
    widget = Exercises(exercises=[stronger])
    with pytest.raises(TypeError) as caught:
        widget.answer(0)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "got 0" in message and "not an option of the exercise on show: spaces" not in message
    assert "widget.current.options[0]" in message
    with pytest.raises(ValueError) as refused:
        widget.answer([["A", "healer"]])
    assert "stronger" in str(refused.value)  # the kind on show, not "spaces"
    assert widget.answer(stronger.answer) == widget.reveal()

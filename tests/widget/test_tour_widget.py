"""The rulebook tour widget driven headlessly: stepping, narration, variations, saving."""

from __future__ import annotations

import pytest

from shangrila_widget.rules import RecordError
from shangrila_widget.rules.messages import say
from shangrila_widget.tour import load_chapters
from shangrila_widget.widget import RulebookTour
from tests.support.widget import press


def key(tour: RulebookTour, name: str) -> None:
    press(tour.board, name)


def test_every_chapter_steps_to_the_exact_frames_of_its_data() -> None:
    tour = RulebookTour()
    for chapter in load_chapters():
        tour.chapter = chapter.id
        assert tour.frame == 0
        for index, frame in enumerate(chapter.frames):
            tour.go(index)
            assert tour.board.game.to_dict()["villages"] == frame.position.to_dict()["villages"]
            assert tour.board.game.bridges == frame.position.bridges
            if frame.step is not None:
                assert frame.step.narration["en"] in tour.narration.value.replace("&#x27;", "'")


def test_refused_step_shows_rule_and_reason() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(2)  # Red tries a Rainmaker in A
    assert "PLACE-SPACE" in tour.narration.value
    assert "already taken by Yellow" in tour.narration.value
    assert any(h["kind"] == "refused" for h in tour.board.highlights)


def test_keyboard_steps_frames_and_home_end_jump() -> None:
    tour = RulebookTour(chapter="journey-situation-1")
    key(tour, "ArrowRight")
    assert tour.frame == 1
    key(tour, "End")
    assert tour.frame == len(tour.current_chapter.frames) - 1
    key(tour, "Home")
    assert tour.frame == 0
    key(tour, "ArrowLeft")  # before the start: the previous chapter's last step
    assert tour.chapter == "recruiting-students"
    assert tour.frame == len(tour.current_chapter.frames) - 1


def test_polish_narration_and_labels() -> None:
    tour = RulebookTour(lang="pl", chapter="journey-situation-2")
    tour.go(1)
    assert "Podróż" in tour.narration.value or "wioski" in tour.narration.value
    assert tour.nav_buttons["next"].description == "Dalej ▶"
    assert tour.chapter_picker.options[0][0] == "Umieszczenie Mistrza"


def test_playing_on_the_board_makes_a_variation_and_main_line_returns() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(1)
    main_position = tour.board.game
    feedback = tour.board.click(("space", "A", "healer"))  # Red, instead of the rulebook
    assert feedback.kind == "played"
    assert tour.in_variation
    assert "Variation 1 from step 1" in tour.variation_note.value
    assert tour.board.caption == "variation from step 1"
    key(tour, "ArrowLeft")  # inside a variation the arrows undo/redo
    assert not tour.in_variation and tour.frame == 1
    key(tour, "ArrowRight")  # ...but at the main line they step frames
    assert tour.frame == 2
    tour.go(1)
    assert tour.board.game.to_dict()["villages"] == main_position.to_dict()["villages"]
    tour.board.redo()  # the variation was kept
    assert tour.in_variation
    tour.main_line()
    assert not tour.in_variation
    assert tour.variations[("placing-a-master", 1)].root.children


def test_promote_and_delete_variations() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(1)
    tour.board.click(("space", "A", "healer"))
    tour.main_line()
    tour.board.click(("space", "A", "firekeeper"))
    record = tour.variations[("placing-a-master", 1)]
    assert [str(n.action) for n in record.root.children] == ["place healer A", "place firekeeper A"]
    tour.promote()
    assert [str(n.action) for n in record.root.children] == ["place firekeeper A", "place healer A"]
    tour.delete_variation()
    assert [str(n.action) for n in record.root.children] == ["place healer A"]
    assert not tour.in_variation


def test_save_and_load_state_keep_variations() -> None:
    tour = RulebookTour(chapter="recruiting-students")
    tour.go(3)
    first_legal = tour.board.game.legal_actions()[0]
    assert tour.board.play(str(first_legal)).kind == "played"
    saved = tour.save_state()
    other = RulebookTour()
    other.load_state(saved)
    assert other.chapter == "recruiting-students" and other.frame == 3
    record = other.variations[("recruiting-students", 3)]
    assert record.root.children and record.root.children[0].position == (
        tour.variations[("recruiting-students", 3)].root.children[0].position
    )


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "[]",
        '{"format": "nope"}',
        '{"format": "shangrila-tour/1", "chapter": "missing"}',
        '{"format": "shangrila-tour/1", "chapter": "placing-a-master", "variations": [{"chapter": '
        '"placing-a-master", "frame": 99, "record": {}}]}',
    ],
)
def test_bad_saved_state_is_refused_and_changes_nothing(garbage: str) -> None:
    tour = RulebookTour(chapter="journey-situation-1")
    tour.go(1)
    with pytest.raises(RecordError):
        tour.load_state(garbage)
    assert tour.chapter == "journey-situation-1" and tour.frame == 1


def test_reference_panel_lists_every_rule_in_both_languages() -> None:
    from shangrila_widget.rules.messages import rules_reference

    tour = RulebookTour()
    ids = [entry["id"] for entry in rules_reference()]
    for rule in ids:
        assert f"shangrila-rule-{rule}" in tour.reference_html.value
    tour.lang = "pl"
    assert "Kamień Mędrców" in tour.reference_html.value


def test_chapter_trait_rejects_unknown_ids() -> None:
    import traitlets

    tour = RulebookTour()
    with pytest.raises(traitlets.TraitError):
        tour.chapter = "no-such-chapter"


def test_next_at_a_chapters_last_step_enters_the_next_chapter_and_back_returns() -> None:
    chapters = load_chapters()
    first, second = chapters[0], chapters[1]
    tour = RulebookTour(chapter=first.id)
    tour.go(len(first.frames) - 1)
    assert not tour.nav_buttons["next"].disabled
    tour.nav_buttons["next"].click()
    assert (tour.chapter, tour.frame) == (second.id, 0)
    assert tour.board.game == second.frames[0].position
    tour.nav_buttons["prev"].click()
    assert (tour.chapter, tour.frame) == (first.id, len(first.frames) - 1)
    key(tour, "ArrowRight")  # the keys cross too
    assert (tour.chapter, tour.frame) == (second.id, 0)
    key(tour, "ArrowLeft")
    assert (tour.chapter, tour.frame) == (first.id, len(first.frames) - 1)


def test_back_at_the_first_start_and_next_at_the_last_step_stay() -> None:
    chapters = load_chapters()
    tour = RulebookTour(chapter=chapters[0].id)
    assert tour.nav_buttons["prev"].disabled
    tour.previous()
    assert (tour.chapter, tour.frame) == (chapters[0].id, 0)
    last = chapters[-1]
    tour.go_to(last.id, len(last.frames) - 1)
    assert tour.nav_buttons["next"].disabled
    tour.next()
    assert (tour.chapter, tour.frame) == (last.id, len(last.frames) - 1)


def test_an_error_while_showing_a_frame_is_shown_under_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tour = RulebookTour()

    def broken() -> None:
        raise RuntimeError("the frame cannot be drawn")

    monkeypatch.setattr(tour, "_show", broken)
    tour.chapter_picker.value = "recruiting-students"  # as the front end sets it
    assert "the frame cannot be drawn" in tour.board.error


def test_the_title_and_guide_are_in_the_widget_and_follow_the_language() -> None:
    from shangrila_widget.rules.messages import say

    tour = RulebookTour()
    assert say("ui.tour_title", "en") in tour.title_line.title.value
    assert say("ui.tour_guide_summary", "en") in tour.title_line.guide.value
    assert tour.title_line.guide in tour.board.side_panel.children
    tour.board.lang = "pl"
    assert say("ui.tour_title", "pl") in tour.title_line.title.value
    assert "„Dalej”" in tour.title_line.guide.value
    assert tour.title_line.presenter_button.description == "Prezentacja"
    assert tour.chapter == "placing-a-master"  # the relabelled picker changed no chapter
    assert tour.chapter_picker.label == "Umieszczenie Mistrza"


def test_main_line_is_said_once_and_the_variation_bar_shows_only_in_a_variation() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(1)
    assert tour.variation_bar.layout.display == "none"
    assert "Main line" in tour.board.message
    tour.board.click(("space", "A", "healer"))
    assert tour.variation_bar.layout.display == "flex"
    assert "Variation 1 from step 1" in tour.variation_note.value
    assert "style=" not in tour.variation_note.value  # a class with theme colours
    tour.main_line()
    assert tour.variation_bar.layout.display == "none"
    assert tour.variation_note.value == ""


def test_presenter_option_trait_and_toggle_are_one_setting() -> None:
    from shangrila_widget.widget.presenting import PRESENTING_CLASS

    tour = RulebookTour(presenter=True)
    assert tour.presenter and PRESENTING_CLASS in tour._dom_classes
    assert tour.title_line.presenter_button.value
    tour.title_line.presenter_button.value = False
    assert not tour.presenter and PRESENTING_CLASS not in tour._dom_classes


def test_the_refused_note_is_a_themed_class_not_a_fixed_light_colour() -> None:
    tour = RulebookTour(chapter="placing-a-master")
    tour.go(2)  # a refused step
    assert "shangrila-note-refused" in tour.narration.value
    assert "#fff4ec" not in tour.narration.value and "<h3 style" not in tour.narration.value


def test_presenter_is_one_switch_for_the_tour_and_its_board() -> None:
    tour = RulebookTour()
    tour.title_line.presenter_button.value = True  # the tour's own toggle
    assert tour.presenter and tour.board.presenter
    tour.board.presenter = False  # the board's switch (Python) turns the tour's off too
    assert not tour.presenter and not tour.title_line.presenter_button.value
    # One toggle on the page: the board's own is left out of its bar.
    assert tour.board.presenter_button not in tour.board.top_bar.children


def test_the_tour_shows_as_svg_where_no_kernel_runs() -> None:
    tour = RulebookTour()
    assert tour._repr_svg_().startswith("<svg")


def test_a_chapter_ends_with_exercises_on_its_rules() -> None:
    tour = RulebookTour(chapter="tie-broken-by-masters")
    assert "shangrila-call" not in tour.practise_button._dom_classes
    tour.go(len(tour.current_chapter.frames) - 1)
    assert "shangrila-call" in tour.practise_button._dom_classes
    tour.practise_button.click()
    exercises = tour.exercises
    assert exercises is not None and tour.exercises_box.children == (exercises,)
    assert len(exercises.exercises) == 3
    assert all("JOURNEY-TIE-MASTERS" in e.rules for e in exercises.exercises)
    tour.lang = "pl"
    assert exercises.lang == "pl" and exercises.board.lang == "pl"
    assert tour.practise_button.description == say("ui.practise", "pl")
    tour.next()  # into the next chapter: its own exercises, on request
    assert tour.exercises is None and tour.exercises_box.children == ()


def test_every_chapter_has_exercises_on_its_rules() -> None:
    tour = RulebookTour()
    for chapter in tour.chapters:
        tour.chapter = chapter.id
        taught = {r for step in chapter.steps for r in step.teaches}
        for exercise in tour.practise().exercises:
            assert taught & set(exercise.rules), (chapter.id, exercise.rules)

"""The dispute checker: editing, previews, the position string, driven headlessly (clicks
as the browser sends them)."""

from __future__ import annotations

from shangrila_widget.rules import Position, from_compact
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.widget import DisputeChecker
from tests.support.paths import EXAMPLE_POSITIONS
from tests.support.widget import click_bridge, click_space


def situation_one() -> Position:
    return Position.from_json(
        (EXAMPLE_POSITIONS / "03-journey-situation-1.json").read_text("utf-8")
    )


def test_what_if_lists_journeys_with_predictions_and_preview_changes_nothing() -> None:
    checker = DisputeChecker(situation_one())
    labels = [label for label, _ in checker.action_list.options]
    assert any(label.startswith("journey A B · situation 1 · J1-OTHER J-EMPTY") for label in labels)
    before = checker.game
    index = next(i for i, p in enumerate(checker.predictions) if str(p.action) == "journey A B")
    checker.action_list.value = index  # choosing previews it
    assert checker.board.preview is not None
    assert checker.game == before, "a preview plays nothing"
    assert checker.board.canvas.scene is not None
    drawn = [p.tag for p in checker.board.canvas.scene.dynamic if p.tag[:1] == ("master",)]
    assert ("master", "B", "dragon_breeder", "red") in drawn, "the board shows the preview"
    assert "J1-OTHER" in checker.board.message_rules
    checker.end_preview()
    assert checker.board.preview is None
    checker.action_list.value = index
    checker.play_preview()
    assert checker.game.tile("B", "dragon_breeder") == ("red", False)


def test_edit_mode_puts_tiles_breaks_bridges_and_refuses_impossible_edits() -> None:
    checker = DisputeChecker(situation_one())
    checker.mode = "edit"
    checker.colour_picker.value = "blue"
    checker.piece_buttons.value = "pair"
    click_space(checker.board, "D", "healer")
    assert checker.game.tile("D", "healer") == ("blue", True)
    click_bridge(checker.board, "A", "B")
    assert not checker.game.bridge_intact("A", "B")
    click_bridge(checker.board, "A", "B")
    assert checker.game.bridge_intact("A", "B")
    before = checker.game
    checker.colour_picker.value = "red"
    checker.piece_buttons.value = "master"
    for village in "CDEFGHIJ":  # the seventh Red Healer is impossible
        click_space(checker.board, village, "healer")
    assert (
        sum(
            1 for v in "ABCDEFGHIJKLM" if (t := checker.game.tile(v, "healer")) and t.owner == "red"
        )
        == 6
    )
    assert checker.board.message_rules == [] and "only 6 exist" in checker.board.message
    assert checker.game != before


def test_to_move_dropdown_and_string_round_trip() -> None:
    checker = DisputeChecker(situation_one())
    checker.to_move_picker.value = "violet"
    assert checker.game.to_move == "violet"
    assert from_compact(checker.string_field.value) == checker.game
    other = DisputeChecker()
    other.string_field.value = checker.string_field.value
    other.load_string_button.click()
    assert other.game == checker.game


def test_a_bad_position_string_is_refused_and_the_board_keeps_its_position() -> None:
    checker = DisputeChecker(situation_one())
    before = checker.game
    checker.load("rbyv r play 7/7 - -")
    assert checker.game == before
    assert "13 villages" in checker.board.message
    checker.load('{"format": "shangrila-position/1", "players": ["red"]}')
    assert checker.game == before


def test_play_mode_clicks_still_play() -> None:
    checker = DisputeChecker(situation_one())
    click_space(checker.board, "A", "rainmaker")  # Red's student: start a journey
    assert checker.board.selection == "journey:A"


def test_polish_labels() -> None:
    checker = DisputeChecker(situation_one(), lang="pl")
    assert checker.play_it_button.description == "Zagraj"
    labels = [label for label, _ in checker.action_list.options]
    assert any("sytuacja 1" in label for label in labels)


def test_edit_mode_says_how_to_edit_and_play_mode_who_is_to_move() -> None:
    from shangrila_widget.widget.texts import ui_text

    checker = DisputeChecker(situation_one())
    checker.mode_buttons.value = "edit"  # as the front end sets it
    assert checker.mode == "edit"
    assert checker.board.message == ui_text("edit_mode_help", "en")
    assert "Click a space to play" not in checker.board.message
    assert checker.edit_tools.layout.display == "flex"
    assert checker.colour_picker.description == "Colour"
    checker.board.lang = "pl"
    assert checker.board.message == ui_text("edit_mode_help", "pl")
    assert checker.colour_picker.description == "Kolor"
    assert checker.mode == "edit", "the relabelled toggle changed no mode"
    checker.mode = "play"
    assert checker.mode_buttons.value == "play"
    assert checker.board.message.startswith("Kliknij pole")


def test_the_copy_button_holds_the_string_and_says_what_the_browser_did() -> None:
    from shangrila_widget.widget.texts import ui_text

    checker = DisputeChecker(situation_one())
    button = checker.copy_button
    assert button is not None and button.text == checker.string_field.value
    assert button.description == "Copy"
    click_space(checker.board, "A", "rainmaker")
    click_space(checker.board, "B", "rainmaker")  # a journey: a new position, a new string
    assert button.text == checker.string_field.value != to_compact(situation_one())

    def front_end(ok: bool) -> None:  # what the page sends after the click
        message = {"method": "custom", "content": {"event": "copied", "ok": ok}}
        button._handle_msg({"content": {"data": message}, "buffers": []})

    front_end(True)
    assert checker.board.message == ui_text("copied", "en")
    front_end(False)
    assert checker.board.message == ui_text("copy_failed", "en")


def test_the_checker_title_guide_and_svg() -> None:
    from shangrila_widget.widget.texts import ui_text

    checker = DisputeChecker(lang="pl")
    assert ui_text("checker_title", "pl") in checker.title_line.title.value
    assert checker.title_line.guide in checker.board.side_panel.children
    assert checker._repr_svg_().startswith("<svg")


def test_a_callback_error_of_the_checker_is_shown_under_the_board() -> None:
    checker = DisputeChecker(situation_one())
    checker.predictions = []  # the list no longer matches its options
    checker.action_list.value = 0  # as the front end chooses the first line
    assert "IndexError" in checker.board.error

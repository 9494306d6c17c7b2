"""The board widget driven headlessly: front-end messages in (on the MultiCanvas comm, the
route a browser uses), canvas messages and traits out."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest
import traitlets

from shangrila_widget.rules import GameRecord, Position
from shangrila_widget.widget import ShangriLaBoard
from tests.support.paths import EXAMPLES as NOTEBOOKS
from tests.support.positions import FOUR, make
from tests.support.render import Capture, decode
from tests.support.widget import click_space, from_browser, press


def red_to_play() -> Position:
    """Red to move, with a student on A's Healer space and Blue's Healer in B."""
    return make({"A": "H:r+", "B": "H:b"})


def test_a_click_on_a_space_places_and_redraws_in_one_message(captured: Capture) -> None:
    board = ShangriLaBoard(players=FOUR)
    captured.clear()
    click_space(board, "A", "healer")
    assert board.game.tile("A", "healer") == ("red", False)
    assert board.message_rules == ["SETUP-SPACE"]
    assert "Red places a Healer master in village A." in board.message
    assert len(captured.messages) == 1, "one redraw = one canvas message"
    commands = [name for name, _, _ in decode(captured.messages[0])]
    assert commands[0] == "switchCanvas"
    assert Position.from_json(board.position) == board.game


def test_refused_click_shows_rule_and_reason_in_both_languages() -> None:
    board = ShangriLaBoard(players=FOUR)
    click_space(board, "A", "healer")
    click_space(board, "A", "healer")
    assert board.message_rules == ["SETUP-SPACE"]
    assert "already taken by Red's master" in board.message
    assert "SETUP-SPACE" in board.message_box.value
    board.lang = "pl"
    click_space(board, "A", "healer")
    assert "zajmuje już Mistrz gracza Czerwonego" in board.message
    assert board.buttons["undo"].description == "◀ Cofnij"
    assert board.game.to_move == "blue"


def test_journey_by_clicks_explains_and_highlights_what_moved() -> None:
    board = ShangriLaBoard(red_to_play())
    click_space(board, "A", "healer")
    assert board.selection == "journey:A"
    assert {h["village"] for h in board.highlights if h["kind"] == "target"} == {"B", "D", "F", "K"}
    click_space(board, "B", "rainmaker")  # any spot of village B
    assert board.message_rules[:2] == ["JOURNEY-ALL", "JOURNEY-STRENGTH"]
    # A (red master + student: strength 2) is stronger than B (blue master: 1)
    assert board.message_rules[2:] == ["J1-OTHER", "BRIDGE-COLLAPSE"]
    assert "situation 1" in board.message
    assert board.game.tile("B", "healer") == ("red", False)
    assert not board.game.bridge_intact("A", "B")
    assert any(h["kind"] == "moved" and h["bridge"] == ["A", "B"] for h in board.highlights)
    assert board.selection == ""


@pytest.mark.parametrize(
    "content",
    [
        {"event": "mouse_down"},
        {"event": "mouse_down", "x": "ten", "y": 3},
        {"event": "mouse_down", "x": float("nan"), "y": 3},
        {"event": "teleport", "x": 1, "y": 2},
        {"event": "key_down"},
        {"event": "touch_start", "touches": "many"},
        "not even an object",
        None,
        {"event": "mouse_down", "x": -5000, "y": 99999},
        {"event": "key_down", "key": "F13"},
    ],
)
def test_strange_front_end_messages_change_nothing_and_raise_nothing(content: Any) -> None:
    board = ShangriLaBoard(red_to_play())
    before = board.position
    from_browser(board, content)
    assert board.position == before
    assert board.error == ""


def test_a_burst_of_clicks_keeps_the_game_consistent(captured: Capture) -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    for _ in range(30):
        click_space(board, "D", "priest")
    assert board.game.tile("D", "priest") == ("red", False)
    assert board.game.to_move == "blue"
    assert board.record.current.ply == 1
    assert len(captured.messages) == 31  # construction + one per click


def test_position_trait_from_python_redraws_and_bad_json_is_refused() -> None:
    board = ShangriLaBoard(players=FOUR)
    board.position = red_to_play().to_json()
    assert board.game == red_to_play()
    assert board.canvas.scene is not None
    assert any(p.tag[:2] == ("master", "B") for p in board.canvas.scene.dynamic)
    with pytest.raises(traitlets.TraitError, match="only 6 exist"):
        board.position = (
            '{"format": "shangrila-position/1", "players": ["red", "blue", "yellow"], '
            '"to_move": "red", "phase": "play", "villages": {'
            + ", ".join(
                f'"{v}": {{"healer": {{"owner": "red", "student": true}}}}' for v in "ABDEFG"
            )
            + "}}"
        )
    assert board.game == red_to_play()
    board.position = board.share()  # the one-line form is accepted too
    assert board.game == red_to_play()


def test_buttons_and_keys_step_through_history() -> None:
    board = ShangriLaBoard(players=FOUR)
    click_space(board, "A", "healer")
    click_space(board, "B", "healer")
    board.buttons["undo"].click()
    assert board.record.current.ply == 1
    press(board, "ArrowLeft")
    assert board.record.current.ply == 0
    assert board.buttons["undo"].disabled
    press(board, "End")
    assert board.record.current.ply == 2
    board.buttons["start"].click()
    assert board.record.current.ply == 0
    board.buttons["redo"].click()
    assert board.game.tile("A", "healer") is not None


def test_errors_inside_callbacks_are_shown_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    board = ShangriLaBoard(players=FOUR)

    def broken(target: Any) -> None:
        raise RuntimeError("the controller broke")

    monkeypatch.setattr(board.controller, "click", broken)
    click_space(board, "A", "healer")
    assert "RuntimeError: the controller broke" in board.error
    assert board.error_box.layout.display == "block"
    assert "the controller broke" in board.error_box.value


def test_client_ready_redraws_both_layers_in_one_message(captured: Capture) -> None:
    board = ShangriLaBoard(players=FOUR)
    captured.clear()
    from_browser(board, {"event": "client_ready"})
    assert len(captured.messages) == 1
    switches = [args for name, args, _ in decode(captured.messages[-1]) if name == "switchCanvas"]
    assert len(switches) == 2, "static and dynamic layers are both redrawn"


def test_recorded_game_loads_into_a_board() -> None:
    record = GameRecord(Position.new_game(FOUR))
    record.play("place healer A")
    board = ShangriLaBoard(record=record)
    assert board.game.tile("A", "healer") is not None
    assert board.record is record


def test_static_picture_for_saved_notebooks() -> None:
    board = ShangriLaBoard(red_to_play(), lang="pl")
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and "Czerwony" in svg


def test_switching_language_translates_the_message_on_show() -> None:
    board = ShangriLaBoard(players=FOUR)
    click_space(board, "A", "healer")
    click_space(board, "A", "healer")  # refused: SETUP-SPACE
    board.lang = "pl"
    assert board.message_rules == ["SETUP-SPACE"]
    assert "zajmuje już Mistrz gracza Czerwonego" in board.message
    board.lang = "en"
    assert "already taken by Red's master" in board.message
    board.undo()
    board.lang = "pl"
    assert board.message == "Cofnięto: nowy Mistrz Uzdrowiciel w wiosce A."
    board.lang = "en"
    board.cancel()
    board.lang = "pl"
    assert board.message == "Wybór anulowany."


def test_a_whole_hot_seat_game_through_front_end_clicks() -> None:
    """Set-up to scores, every action made by mouse_down messages at real pixel points."""
    import random

    from shangrila_widget.rules import Journey, Place, Recruit

    rng = random.Random(11)
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    for _ in range(1500):
        pos = board.game
        if pos.is_over:
            break
        action = rng.choice(pos.legal_actions())
        ply = board.record.current.ply
        if isinstance(action, Place):
            board.action_kind = "place"
            click_space(board, action.village, action.type)
        elif isinstance(action, Recruit):
            board.action_kind = "recruit"
            for master_type, village in action.students:
                click_space(board, village, master_type)
            if len(action.students) == 1:
                click_space(board, action.students[0][1], action.students[0][0])
        elif isinstance(action, Journey):
            board.action_kind = "journey"
            click_space(board, action.origin, "priest")
            click_space(board, action.destination, "priest")
        else:
            board.buttons["pass"].click()
        assert board.record.current.ply == ply + 1, (str(action), board.message)
        assert board.record.current.action == action
    assert board.game.is_over
    assert "Winner" in board.side_info.value
    assert board.error == ""


def test_question_mark_shows_the_help_in_the_board_language() -> None:
    board = ShangriLaBoard(players=FOUR, lang="pl")
    before = board.game
    press(board, "?")
    assert board.message.startswith("Kliknij wolne pole")
    assert board.game == before


def test_legal_moves_are_ringed_in_play_but_not_during_set_up() -> None:
    """Issue 7: at the start of set-up every one of the 91 spaces is legal, so rings would
    cover the board; from the first turn of play they show real choices."""
    board = ShangriLaBoard(players=FOUR)
    assert board.show_legal and board.show_legal_box.value
    assert [h for h in board.highlights if h["kind"] == "target"] == []
    board.position = red_to_play().to_json()
    targets = {(h["village"], h["type"]) for h in board.highlights if h["kind"] == "target"}
    assert ("A", None) in targets, "Red's student in A can start a journey"
    assert ("A", "priest") in targets, "Red may place a master where it has one"
    assert ("C", "priest") not in targets, "...and nowhere else"
    assert len(targets) < 20
    board.show_legal_box.value = False  # the checkbox
    assert not board.show_legal
    assert [h for h in board.highlights if h["kind"] == "target"] == []
    assert not ShangriLaBoard(red_to_play(), show_legal=False).highlights


def test_public_show_marks_one_node_and_the_caption_follows_the_language() -> None:
    from shangrila_widget.render.highlight import Highlight

    board = ShangriLaBoard(red_to_play(), show_legal=False)
    seen: list[str] = []
    board.on_change(lambda b: seen.append(b.game.to_move))
    mark = Highlight("refused", village="C", type="healer")
    board.show(highlights=[mark], caption={"en": "look here", "pl": "spójrz tutaj"})
    assert board.highlights[-1]["kind"] == "refused" and board.caption == "look here"
    board.lang = "pl"
    assert board.caption == "spójrz tutaj"
    assert board.play("place priest A").kind == "played"
    assert all(h["kind"] != "refused" for h in board.highlights), "the marks were for that node"
    board.undo()
    assert board.highlights[-1]["kind"] == "refused", "...and come back with it"
    assert seen[-1] == "red" and len(seen) >= 3
    board.show(red_to_play().to_json())  # JSON, a Position or a record
    assert board.caption is None and board.record.current.ply == 0


def test_click_callbacks_and_key_callbacks_come_first() -> None:
    board = ShangriLaBoard(players=FOUR)
    clicks: list[Any] = []

    def take(target: Any) -> bool:
        clicks.append(target)
        return True

    board.on_click(take)
    click_space(board, "A", "healer")
    assert clicks == [("space", "A", "healer")] and board.game.tile("A", "healer") is None
    board.on_click(take, remove=True)
    keys: list[str] = []
    board.on_key(lambda key: keys.append(key) or key == "Home")
    click_space(board, "A", "healer")
    press(board, "Home")  # taken by the callback
    assert keys == ["Home"] and board.record.current.ply == 1
    press(board, "ArrowLeft")  # not taken: the board undoes
    assert board.record.current.ply == 0


def test_the_error_guard_shows_errors_of_any_callback() -> None:
    import ipywidgets as widgets

    board = ShangriLaBoard(players=FOUR)
    button = widgets.Button()

    def broken(_button: Any) -> None:
        raise ValueError("a teacher's button broke")

    button.on_click(board.guarded(broken))
    button.click()
    assert "ValueError: a teacher's button broke" in board.error
    assert board.error_box.layout.display == "block"


def test_a_busy_board_refuses_clicks_keys_and_buttons_but_python_plays() -> None:
    """The state a computer player's seat needs while it thinks."""
    board = ShangriLaBoard(players=FOUR)
    changes: list[int] = []
    board.on_change(lambda b: changes.append(b.record.current.ply))
    board.busy = True
    assert "thinking" in board.status.value
    assert board.buttons["pass"].disabled and board.buttons["cancel"].disabled
    click_space(board, "A", "healer")
    press(board, "End")
    assert board.game.tile("A", "healer") is None and board.message.startswith("Please wait")
    feedback = board.play("place healer A")  # the seat plays as the board would
    assert feedback.kind == "played" and changes[-1] == 1
    assert any(h["kind"] == "moved" for h in board.highlights), "what it played is ringed"
    board.busy = False
    assert "thinking" not in board.status.value
    click_space(board, "B", "healer")
    assert board.game.tile("B", "healer") is not None


def test_output_traits_are_read_only_and_controls_are_linked() -> None:
    board = ShangriLaBoard(players=FOUR)
    for name in ("message", "message_rules", "error", "selection", "highlights"):
        with pytest.raises(traitlets.TraitError, match="read-only"):
            setattr(board, name, [] if name in ("message_rules", "highlights") else "x")
    board.lang_toggle.value = "pl"
    assert board.lang == "pl"
    board.kind_toggle.value = "journey"
    assert board.action_kind == "journey" and board.controller.kind == "journey"
    board.lang = "en"  # the labels change, the chosen mode stays
    assert board.kind_toggle.value == "journey" and board.kind_toggle.label == "Journey"
    board.show_legal = False
    assert board.show_legal_box.value is False


def test_no_fixed_light_colour_is_written_into_the_shown_html() -> None:
    """Colours come from the stylesheet's classes (JupyterLab's theme variables); only the
    players' own colours (the dot and the swatches) are written into the HTML."""
    import re

    from tests.support.widget import walk

    board = ShangriLaBoard(players=FOUR)
    board.play("place priest A")
    board.play("place priest A")  # refused: a refusal's colours
    board.show_error(ValueError("shown"))
    htmls = [w.value for w in walk(board) if isinstance(w, widgets.HTML)]
    htmls = [h for h in htmls if not h.startswith("<style>")]
    styles = [s for h in htmls for s in re.findall(r"<(\w+)([^>]*style=[^>]*)>", h)]
    assert styles, "the players' colours are there"
    for tag, attributes in styles:
        assert "shangrila-dot" in attributes or "shangrila-swatch" in attributes, (tag, attributes)


def test_presenter_mode_is_a_trait_an_option_and_a_button() -> None:
    from shangrila_widget.render.primitives import Text

    board = ShangriLaBoard(players=FOUR)
    assert not board.presenter and "shangrila-presenter" not in board._dom_classes
    normal_width = board.canvas.widget.layout.width
    letters = {
        p.size for p in board.canvas.scene.static if isinstance(p, Text) and p.tag[0] == "space"
    }
    board.presenter_button.value = True  # the button a teacher presses
    assert board.presenter and "shangrila-presenter" in board._dom_classes
    assert "100cqw" in board.canvas.widget.layout.width, "the board may grow past 900 px"
    larger = {
        p.size for p in board.canvas.scene.static if isinstance(p, Text) and p.tag[0] == "space"
    }
    assert min(larger) >= 1.5 * max(letters), "the letters on the spaces grow"
    board.presenter = False
    assert not board.presenter_button.value and "shangrila-presenter" not in board._dom_classes
    assert board.canvas.widget.layout.width == normal_width
    assert ShangriLaBoard(players=FOUR, presenter=True).presenter
    board.lang = "pl"
    assert board.presenter_button.description == "Prezentacja"


def test_the_status_line_names_the_winners_at_the_end() -> None:
    start = (NOTEBOOKS / "positions" / "11-everyone-must-pass.json").read_text("utf-8")
    board = ShangriLaBoard(start)
    for _ in range(4):
        board.play("pass")
    assert board.game.is_over
    names = ", ".join(c.capitalize() for c in board.game.winners())
    assert f"Winner: {names}" in board.status.value and "game over" in board.status.value
    board.lang = "pl"
    assert "Wygrywa:" in board.status.value


def test_the_controls_that_change_stay_last_in_the_top_bar() -> None:
    """The EN/PL switch does not move sideways when the status text changes length."""
    board = ShangriLaBoard(players=FOUR)
    bar = board.top_bar.children
    assert bar[0] is board.lang_toggle and bar[-1] is board.status


def test_hint_rings_stand_out_on_every_players_tiles() -> None:
    from shangrila_widget.render.styles import HIGHLIGHT_COLOURS, PLAYER_STYLES

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    def contrast(a: str, b: str) -> float:
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    hint = HIGHLIGHT_COLOURS["hint"]
    assert contrast(hint, PLAYER_STYLES["red"].fill) >= 2.5, "on Red's orange tiles"
    assert min(contrast(hint, s.fill) for s in PLAYER_STYLES.values()) >= 1.9


def test_an_action_typed_in_the_box_plays_on_enter() -> None:
    from tests.support.widget import commit

    board = ShangriLaBoard(red_to_play())
    box = board.action_box
    assert "place priest A" in box.options, "it offers the legal actions"
    assert all(str(a) in box.options for a in board.game.legal_actions())
    assert not box.continuous_update, "the text arrives when committed (Enter), not per key"
    commit(box, "place priest A")  # Enter, as the page sends it
    assert board.record.current.ply == 1 and board.message.startswith("Red places")
    assert box.value == "" and "place priest A" not in box.options
    commit(box, "journey A Q")
    assert board.record.current.ply == 1 and board.error == ""
    assert box.value == "journey A Q", "a refusal keeps the text to correct"
    board.busy = True
    commit(box, "pass")
    assert board.message == "Please wait: the board is busy (thinking)."


def test_the_message_is_a_live_region_and_the_position_is_described() -> None:
    board = ShangriLaBoard(players=FOUR)
    board.play("place healer A")
    assert "role='status'" in board.message_box.value
    assert "aria-live='polite'" in board.message_box.value
    assert board.describe_button.description == "Describe the board"
    assert board.description_text.layout.display == "none", "folded until asked for"
    board.describe_button.value = True
    assert board.description_text.layout.display is None
    assert "Village A (strength 1)" in board.description_text.value
    board.lang = "pl"
    assert board.describe_button.description == "Opis planszy"
    assert "Wioska A" in board.description_text.value
    assert board.action_box.description == "Akcja"


def test_the_too_small_line_of_presenter_mode_speaks_the_boards_language() -> None:
    """The line a presenter board shows where the window leaves its letters under 12 px
    (the stylesheet decides when) has its words from the first draw, in EN and in PL."""
    from shangrila_widget.widget.texts import ui_text

    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    assert board.too_small in board.children
    assert board.too_small.value == ui_text("presenter_too_small", "en")
    board.lang = "pl"
    assert board.too_small.value == ui_text("presenter_too_small", "pl")

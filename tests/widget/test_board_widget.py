"""The board widget driven headlessly: front-end messages in, canvas messages and traits out."""

from __future__ import annotations

from typing import Any

import pytest
import traitlets
from render_helpers import Capture, decode

from shangrila_widget.rules import GameRecord, Position
from shangrila_widget.widget import ShangriLaBoard

FOUR = ["red", "blue", "yellow", "violet"]


def front_end(board: ShangriLaBoard, content: Any) -> None:
    """Deliver a front-end custom message to the board's clickable canvas layer (a key with
    the modifier flags ipycanvas's front end always sends)."""
    if isinstance(content, dict) and content.get("event") == "key_down" and "key" in content:
        content = {"shift_key": False, "ctrl_key": False, "meta_key": False, **content}
    board.canvas.dynamic_layer._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def click_space(board: ShangriLaBoard, village: str, master_type: str) -> None:
    space = board.canvas.scene.layout.space(village, master_type)
    ratio = board.canvas.pixel_ratio
    front_end(board, {"event": "mouse_down", "x": space.cx * ratio, "y": space.cy * ratio})


def play_position() -> Position:
    return Position.from_dict(
        {
            "format": "shangrila-position/1",
            "players": FOUR,
            "to_move": "red",
            "phase": "play",
            "villages": {
                "A": {"healer": {"owner": "red", "student": True}},
                "B": {"healer": {"owner": "blue", "student": False}},
            },
        }
    )


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
    assert "SETUP-SPACE" in board._message.value
    board.lang = "pl"
    click_space(board, "A", "healer")
    assert "zajmuje już Mistrz gracza Czerwonego" in board.message
    assert board._button_widgets["undo"].description == "◀ Cofnij"
    assert board.game.to_move == "blue"


def test_journey_by_clicks_explains_and_highlights_what_moved() -> None:
    board = ShangriLaBoard(play_position())
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
    board = ShangriLaBoard(play_position())
    before = board.position
    front_end(board, content)
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
    board.position = play_position().to_json()
    assert board.game == play_position()
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
    assert board.game == play_position()
    board.position = board.share()  # the one-line form is accepted too
    assert board.game == play_position()


def test_buttons_and_keys_step_through_history() -> None:
    board = ShangriLaBoard(players=FOUR)
    click_space(board, "A", "healer")
    click_space(board, "B", "healer")
    board._button_widgets["undo"].click()
    assert board.record.current.ply == 1
    front_end(
        board,
        {
            "event": "key_down",
            "key": "ArrowLeft",
            "shift_key": False,
            "ctrl_key": False,
            "meta_key": False,
        },
    )
    assert board.record.current.ply == 0
    assert board._button_widgets["undo"].disabled
    front_end(board, {"event": "key_down", "key": "End"})
    assert board.record.current.ply == 2
    board._button_widgets["start"].click()
    assert board.record.current.ply == 0
    board._button_widgets["redo"].click()
    assert board.game.tile("A", "healer") is not None


def test_errors_inside_callbacks_are_shown_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    board = ShangriLaBoard(players=FOUR)

    def broken(target: Any) -> None:
        raise RuntimeError("the controller broke")

    monkeypatch.setattr(board.controller, "click", broken)
    click_space(board, "A", "healer")
    assert "RuntimeError: the controller broke" in board.error
    assert board._error_box.layout.display == "block"
    assert "the controller broke" in board._error_box.value


def test_client_ready_redraws_both_layers_in_one_message(captured: Capture) -> None:
    board = ShangriLaBoard(players=FOUR)
    captured.clear()
    board.canvas.widget._canvases[0]._handle_msg(
        {
            "content": {"data": {"method": "custom", "content": {"event": "client_ready"}}},
            "buffers": [],
        }
    )
    front_end(board, {"event": "client_ready"})
    assert len(captured.messages) >= 1
    switches = [args for name, args, _ in decode(captured.messages[-1]) if name == "switchCanvas"]
    assert len(switches) == 2, "static and dynamic layers are both redrawn"


def test_recorded_game_loads_into_a_board() -> None:
    record = GameRecord(Position.new_game(FOUR))
    record.play("place healer A")
    board = ShangriLaBoard(record=record)
    assert board.game.tile("A", "healer") is not None
    assert board.record is record


def test_static_picture_for_saved_notebooks() -> None:
    board = ShangriLaBoard(play_position(), lang="pl")
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
    assert board.message == "Kliknij pole, aby zagrać. Na ruchu: Czerwony."


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
            board._button_widgets["pass"].click()
        assert board.record.current.ply == ply + 1, (str(action), board.message)
        assert board.record.current.action == action
    assert board.game.is_over
    assert "Winner" in board._side_info.value
    assert board.error == ""


def test_question_mark_shows_the_help_in_the_board_language() -> None:
    board = ShangriLaBoard(players=FOUR, lang="pl")
    before = board.game
    front_end(board, {"event": "key_down", "key": "?"})
    assert board.message.startswith("Kliknij wolne pole")
    assert board.game == before

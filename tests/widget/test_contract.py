"""The board's contract (``widget/contract.py``), read from the source and tried on a board:
the widgets built on the board read of it only the names of :class:`BoardContract`, put their
widgets into its slots and hide its controls by name; board, seats and review import each
other in one direction only."""

from __future__ import annotations

import ast
from pathlib import Path

import ipywidgets as widgets
import pytest

import shangrila_widget
from shangrila_widget.widget import ShangriLaBoard
from shangrila_widget.widget.contract import CONTRACT, CONTROLS, SLOTS

WIDGET = Path(shangrila_widget.__file__).resolve().parent / "widget"
#: The board's own modules: they may read the board's every part.
BOARD_MODULES = {"board_widget.py", "board_layout.py", "board_input.py", "board_drawing.py"}


def board_reads(source: str) -> list[tuple[int, str]]:
    """Every ``board.x`` / ``<anything>.board.x`` of ``source`` whose ``x`` is not in the
    contract, as (line, name)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        on_board = (isinstance(base, ast.Name) and base.id == "board") or (
            isinstance(base, ast.Attribute) and base.attr == "board"
        )
        if on_board and node.attr not in CONTRACT:
            found.append((node.lineno, node.attr))
    return found


def imported(path: Path) -> set[str]:
    """The package modules ``path`` imports anywhere (TYPE_CHECKING blocks, functions)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return {n.rsplit(".", 1)[-1] for n in names if n.startswith("shangrila_widget.widget.")}


def test_no_widget_module_reads_more_of_the_board_than_its_contract() -> None:
    outside = {
        path.name: board_reads(path.read_text(encoding="utf-8"))
        for path in sorted(WIDGET.glob("*.py"))
        if path.name not in BOARD_MODULES
    }
    assert {name: reads for name, reads in outside.items() if reads} == {}
    assert len(outside) >= 8, "the walk found the widget modules"


def test_the_walk_sees_a_reach_past_the_contract() -> None:
    source = (
        "message, *rest = self.board.side_panel.children\n"
        "board.computer.clock\n"
        "self.board.show()\n"
        "board.go_to(node)\n"
    )
    assert board_reads(source) == [(1, "side_panel"), (2, "computer")]


def test_every_name_of_the_contract_is_the_boards() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    assert [name for name in sorted(CONTRACT) if not hasattr(board, name)] == []


def test_board_seats_and_review_import_each_other_one_way_only() -> None:
    board = set().union(*(imported(WIDGET / name) for name in BOARD_MODULES))
    seats, review = (imported(WIDGET / f"{m}.py") for m in ("seats", "game_review"))
    assert "seats" in board and "game_review" not in board
    own = {name.removesuffix(".py") for name in BOARD_MODULES}
    assert not own & seats and not own & review
    assert "seats" not in review
    for path in WIDGET.glob("*.py"):  # the composites take helpers from where they live
        if path.name not in BOARD_MODULES:  # the board's own modules build it
            tree = ast.parse(path.read_text(encoding="utf-8"))
            from_board = [
                alias.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                and node.module == "shangrila_widget.widget.board_widget"
                for alias in node.names
            ]
            assert set(from_board) <= {"ShangriLaBoard"}, path.name


def test_slots_hold_what_they_are_given_in_their_place() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    made = {slot: widgets.HTML(slot) for slot in SLOTS}
    for slot, child in made.items():
        board.fill(slot, child)
    panel = board.side_panel.children
    order = [panel.index(made[s]) for s in ("side_top", "under_message", "side_middle")]
    assert order == sorted(order) and panel[0] is made["side_top"]
    assert panel[-1] is made["side_bottom"]
    assert panel.index(board.message_box) < panel.index(made["under_message"])
    assert panel.index(made["side_middle"]) < panel.index(board.side_info)
    assert board.button_bar.children[-1] is made["buttons"]
    assert board.children[0] is made["above"]
    assert board.children.index(made["below"]) > board.children.index(board.button_bar)
    board.fill("side_top")
    assert made["side_top"] not in board.side_panel.children
    with pytest.raises(ValueError, match="no slot 'nowhere'"):
        board.fill("nowhere", widgets.HTML())


def test_hidden_controls_leave_the_layout_and_come_back() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    board.hide_controls("presenter", "action_box", "undo")
    assert board.presenter_button not in board.top_bar.children
    assert board.action_box not in board.side_panel.children
    assert board.buttons["undo"] not in board.button_bar.children
    assert board.buttons["redo"] in board.button_bar.children
    assert board.hidden_controls == {"presenter", "action_box", "undo"}
    board.show_controls("action_box")
    assert board.action_box in board.side_panel.children
    with pytest.raises(ValueError, match="no control 'nonesuch'"):
        board.hide_controls("nonesuch")
    assert set(CONTROLS) >= board.hidden_controls


def test_go_to_shows_a_node_with_its_move_ringed() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    board.play("place healer A")
    first = board.record.current
    board.play("place healer B")
    seen = []
    board.on_change(lambda b: seen.append(b.game))
    board.go_to(first)
    assert board.game == first.position and seen == [first.position]
    assert {"kind": "moved", "village": "A", "type": "healer", "bridge": None} in (board.highlights)
    other = ShangriLaBoard(players=["red", "blue", "yellow"])
    with pytest.raises(Exception, match=r"(?i)record"):
        other.go_to(first)


def test_on_node_tells_of_another_node_not_of_a_redraw_of_the_same() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    told = []
    board.on_node(lambda b: told.append(b.record.current))
    board.show(caption="a caption")  # the same node, redrawn
    board.lang = "pl"
    board.show_hint([])
    assert told == []
    board.play("place healer A")
    board.undo()
    assert told == [board.record.root.children[0], board.record.root]


def test_the_tour_entering_a_variation_redraws_once_for_its_caption() -> None:
    from shangrila_widget.widget import RulebookTour

    tour = RulebookTour(chapter="placing-a-master")
    tour.go(1)
    redraws, nodes = [], []
    tour.board.on_change(lambda b: redraws.append(b.caption))
    tour.board.on_node(lambda b: nodes.append(b.record.current))
    tour.board.click(("space", "A", "healer"))  # a variation: the tour captions it
    assert tour.in_variation and tour.board.caption == "variation from step 1"
    # The move's redraw and the caption's: the caption's redraw tells no node again.
    assert redraws == [None, "variation from step 1"] and len(nodes) == 1

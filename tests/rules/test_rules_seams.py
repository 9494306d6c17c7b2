"""The rules layer's seams: one home for the position's codes and for its ten fields (the
packed view fast readers use), no import circle, and no display state in the game record
(underscore names and private attributes: ``tests/test_module_seams.py``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from shangrila_widget.rules import (
    GameRecord,
    Position,
    PositionError,
    PositionParts,
    codes,
    engine,
    position,
)

RULES = Path(position.__file__).resolve().parent


def module_imports(path: Path) -> list[ast.ImportFrom]:
    """The ``from ... import`` statements run when the module loads (not those inside
    functions or under ``if TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            found.append(node)
    return found


def rules_dependencies() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(RULES.glob("*.py")):
        name = path.stem
        graph[name] = set()
        for node in module_imports(path):
            module = node.module or ""
            if module.startswith("shangrila_widget.rules."):
                graph[name].add(module.rsplit(".", 1)[1])
            elif module == "shangrila_widget.rules":
                graph[name] |= {alias.name for alias in node.names}
    return graph


def test_the_rules_modules_import_each_other_without_a_circle() -> None:
    graph = rules_dependencies()
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, " -> ".join((*trail, name))
        if name in done or name not in graph:
            return
        for child in graph[name]:
            visit(child, (*trail, name))
        done.add(name)

    for name in graph:
        if name != "__init__":
            visit(name, ())


def test_the_codes_have_one_home() -> None:
    for name in ("SETUP", "PLAY", "OVER", "STUDENT_OFFSET", "STRENGTH", "EMPTY", "C_INDEX"):
        for module in RULES.glob("*.py"):
            if module.name == "codes.py":
                continue
            for node in ast.parse(module.read_text("utf-8")).body:
                targets = []
                if isinstance(node, ast.Assign):
                    targets = [t for t in node.targets if isinstance(t, (ast.Name, ast.Tuple))]
                elif isinstance(node, ast.AnnAssign):
                    targets = [node.target]
                names = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                assert name not in names and f"_{name}" not in names, (module.name, name)
    assert engine.setup_caps is codes.setup_caps


def test_the_record_keeps_no_language() -> None:
    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    assert "lang" not in record.to_dict()


def test_the_positions_fields_are_written_once() -> None:
    """The ten fields are the fields of ``PositionParts``; the position holds one of them."""
    assert Position.__slots__ == {"packed": Position.__slots__["packed"]}
    source = (RULES / "position.py").read_text("utf-8")
    for field in PositionParts._fields:
        assert not re.search(rf"(?<!\w)_{field}\b", source), field


def test_the_packed_view_is_the_positions_own_and_read_only() -> None:
    pos = Position.new_game(["red", "blue", "yellow"]).play("place healer A").position
    packed = pos.packed
    assert isinstance(packed, PositionParts) and packed is pos.packed
    assert packed.players == (0, 1, 2) and packed.turn == 1 and packed.phase == codes.SETUP
    healer_a = 0 * 7 + 6  # village A, the seventh type
    assert packed.cells[healer_a] == 1 and packed.supply[6] == 5 and packed.setup_turns == 1
    assert packed.stones == 1 << codes.C_INDEX and not packed.end_eleven
    assert Position.from_packed(packed) == pos
    with pytest.raises(AttributeError):
        pos.packed = packed  # type: ignore[misc]
    with pytest.raises(AttributeError):
        packed.turn = 0  # type: ignore[misc]


def test_positions_compare_by_their_parts() -> None:
    a = Position.new_game(["red", "blue", "yellow"])
    b = Position.from_json(a.to_json())
    assert a == b and hash(a) == hash(b) and a.packed == b.packed
    assert a != a.play("place healer A").position


def test_winners_only_once_the_game_is_over_and_scores_as_a_method() -> None:
    start = Position.new_game(["red", "blue", "yellow", "violet"])
    assert start.winners() == () and engine.winners(start) == ()
    assert start.leaders() == start.players  # all level at the start
    assert start.scores() == engine.scores(start) == {c: (0, 0) for c in start.players}
    after = start.play("place healer A").position
    assert after.winners() == () and after.leaders() == ("red",)
    finished = Position.from_dict(
        {
            "format": "shangrila-position/1",
            "players": ["red", "blue", "yellow"],
            "to_move": "red",
            "phase": "over",
            "villages": {"A": {"healer": {"owner": "blue", "student": False}}},
            "bridges": [],
            "stones": list("ABCDEFGHIJKL"),
        }
    )
    assert finished.winners() == finished.leaders() == ("blue",)
    assert finished.scores()["blue"] == (1, 1)


def test_as_position_lives_in_the_rules() -> None:
    from shangrila_widget import rules
    from shangrila_widget.widget import board_widget as board

    assert board.as_position is rules.as_position is position.as_position
    pos = Position.new_game(["red", "blue", "yellow"])
    assert rules.as_position(pos) is pos
    assert rules.as_position(pos.to_json()) == pos == rules.as_position(pos.to_compact())
    assert rules.as_position(None).players == ("red", "blue", "yellow", "violet")
    with pytest.raises(PositionError):
        rules.as_position("not a position")
    with pytest.raises(TypeError, match="expected a Position, JSON text or a position string"):
        rules.as_position(5)  # type: ignore[arg-type]

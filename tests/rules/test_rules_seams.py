"""The rules layer's seams (issue 8): one home for the position codes, no import circle, and
no display state in the game record (underscore names: ``tests/test_module_seams.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

from shangrila_widget.rules import GameRecord, Position, codes, engine, position

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
    assert not hasattr(engine, "_IS_MASTER")


def test_the_record_keeps_no_language() -> None:
    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    assert not hasattr(record, "lang")
    assert "lang" not in record.to_dict()

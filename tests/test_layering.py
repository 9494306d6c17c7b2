"""The rules engine and the bots stay pure: importing and using them loads no widget library,
no module outside ``widget/`` imports ``widget/`` (the widgets build on the rest, never the
other way), and none of the pure layers reads the environment (the program's entry points
do, and pass what they read on as arguments)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import shangrila_widget

PACKAGE = Path(shangrila_widget.__file__).resolve().parent
PURE_LAYERS = ("rules", "bots", "render", "exercises")

CODE = """
import sys
from shangrila_widget.rules import Position
from shangrila_widget.rules.analysis import what_if
from shangrila_widget.tour import load_chapters
from shangrila_widget.render.legend import legend_svg
pos = Position.new_game(["red", "blue", "yellow", "violet"])
pos._repr_svg_()
what_if(pos)
from shangrila_widget.rules.ruling import ruling
ruling(pos, "journey A B").to_dict("pl")
load_chapters()
legend_svg("pl")
from shangrila_widget.bots import choose_action, hint, review_svg
from shangrila_widget.rules import GameRecord
choose_action(pos, level="hard", iterations=5, seed=1)
hint(pos, iterations=5, seed=1)
record = GameRecord(pos)
record.play("place healer A")
from shangrila_widget.bots import review
review_svg(review(record, iterations=5))
widget_libraries = ("ipywidgets", "ipycanvas", "traitlets", "IPython")
loaded = sorted(m for m in sys.modules if m.split(".")[0] in widget_libraries)
print(",".join(loaded))
"""


def test_rules_tour_and_svg_import_no_widget_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "", result.stdout


def environment_reads(source: str) -> list[int]:
    """The lines of ``source`` that read the environment: ``os.environ``, ``os.getenv``,
    ``from os import environ/getenv``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "environb"):
            found.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            if {a.name for a in node.names} & {"environ", "getenv", "environb"}:
                found.append(node.lineno)
    return found


def test_the_finder_of_environment_reads_can_fail() -> None:
    assert environment_reads("import os\nx = os.environ.get('A')\n") == [2]
    assert environment_reads("from os import getenv\n") == [1]
    assert environment_reads("import os\nos.path.join('a')\n") == []


def test_no_pure_module_reads_the_environment() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for layer in PURE_LAYERS
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for line in environment_reads(path.read_text("utf-8"))
    ]
    assert not found, "read the environment where the program starts: " + ", ".join(found)


def widget_imports(source: str, module: str) -> list[int]:
    """The lines of ``source`` (the module ``module``, dotted) that import from
    ``shangrila_widget.widget``: at the top or inside a function, absolute or relative."""
    package = module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [base])])
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        if any(
            n == "shangrila_widget.widget" or n.startswith("shangrila_widget.widget.")
            for n in names
        ):
            found.append(node.lineno)
    return found


def test_the_finder_of_widget_imports_can_fail() -> None:
    here = "shangrila_widget.lite.runner"
    assert widget_imports("def f():\n    from shangrila_widget.widget.x import y\n", here) == [2]
    assert widget_imports("import shangrila_widget.widget\n", here) == [1]
    assert widget_imports("from shangrila_widget import widget\n", here) == [1]
    assert widget_imports("from ..widget import board_widget\n", here) == [1]
    assert widget_imports("from .widget import x\n", here) == []  # lite.widget: not it
    assert widget_imports("from shangrila_widget.widgets_of import x\n", here) == []


def test_no_module_outside_widget_imports_widget() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "widget"
        for module in [
            ".".join(("shangrila_widget", *path.relative_to(PACKAGE).with_suffix("").parts))
        ]
        for line in widget_imports(path.read_text("utf-8"), module)
    ]
    assert not found, "the widgets build on the rest, not the other way: " + ", ".join(found)

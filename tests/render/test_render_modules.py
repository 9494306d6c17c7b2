"""How the render package is split: each module has one job, loads only what it needs, and no
module reaches into another's private (underscore) names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import shangrila_widget.render as render

RENDER = Path(render.__file__).resolve().parent


def loaded_after(statement: str) -> list[str]:
    code = (
        f"import sys\n{statement}\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('shangrila_widget.render'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return result.stdout.split()


def test_the_tour_model_loads_highlight_not_the_scene_builder() -> None:
    assert loaded_after("import shangrila_widget.tour") == [
        "shangrila_widget.render",
        "shangrila_widget.render.highlight",
    ]


def test_the_package_names_load_on_first_use() -> None:
    loaded = loaded_after("from shangrila_widget.render import Highlight, HIGHLIGHT_KINDS")
    assert "shangrila_widget.render.scene" not in loaded
    loaded = loaded_after("from shangrila_widget.render import build_scene")
    assert "shangrila_widget.render.scene" in loaded


def test_every_exported_name_resolves_to_its_module() -> None:
    assert set(render._HOMES) == set(render.__all__)
    for name in render.__all__:
        value = getattr(render, name)
        home = getattr(value, "__module__", None)
        if home is not None and home.startswith("shangrila_widget.render."):
            assert home == f"shangrila_widget.render.{render._HOMES[name]}", name


def test_no_render_module_imports_another_module_s_private_names() -> None:
    for path in sorted(RENDER.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports {private} from {node.module}"

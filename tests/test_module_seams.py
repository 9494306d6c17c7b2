"""The package's seams (issue 8): no module reaches into another module's underscore names,
and only ``render/ipycanvas_compat.py`` touches the private parts of ipycanvas/ipywidgets.

Checked on the source with ``ast``: ``from x import _name`` and ``x._name`` where ``x`` is a
name bound to another module of the package by an import (``import shangrila_widget.y as x``,
``from shangrila_widget import y``, ...). A module's own underscore names, ``self._x`` and
dunder names are its own business.
"""

from __future__ import annotations

import ast
from pathlib import Path

import shangrila_widget

PACKAGE = Path(shangrila_widget.__file__).resolve().parent
MODULES = sorted(PACKAGE.rglob("*.py"))
COMPAT = PACKAGE / "render" / "ipycanvas_compat.py"
WIDGET_LIBRARIES = ("ipycanvas", "ipywidgets", "traitlets", "comm")
#: Private attributes of ipycanvas/ipywidgets objects (the package's widgets included, as they
#: inherit them); only the compat module may touch them.
PRIVATE_WIDGET_ATTRIBUTES = (
    "_canvas_manager",
    "_CANVAS_MANAGER",
    "_msg_callbacks",
    "_handle_",
    "_current_canvas",
    "_commands_cache",
    "_buffers_cache",
    "_caching",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def absolute(module: str | None, level: int, here: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``here``."""
    if level == 0:
        return module or ""
    base = here.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def seams(path: Path, source: str | None = None) -> list[str]:
    """Every reach into another module's underscore names or a widget library's privates in
    the module at ``path`` (its text, or ``source`` in its place)."""
    here = module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text("utf-8") if source is None else source)
    found: list[str] = []
    bound: dict[str, str] = {}  # local name -> module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                bound[alias.asname or root] = alias.name if alias.asname else root
        elif isinstance(node, ast.ImportFrom):
            source = absolute(node.module, node.level, here, is_package)
            for alias in node.names:
                if source.split(".")[0] in ("shangrila_widget", *WIDGET_LIBRARIES):
                    if private(alias.name) and source != here:
                        found.append(f"{here}:{node.lineno} imports {alias.name} from {source}")
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            widget_private = any(node.attr.startswith(p) for p in PRIVATE_WIDGET_ATTRIBUTES)
            if widget_private and path != COMPAT:
                found.append(f"{here}:{node.lineno} touches .{node.attr}")
                continue
            if isinstance(node.value, ast.Name) and node.value.id in bound:
                target = bound[node.value.id]
                if target != here and target.split(".")[0] in (
                    "shangrila_widget",
                    *WIDGET_LIBRARIES,
                ):
                    if path != COMPAT or target.split(".")[0] == "shangrila_widget":
                        found.append(f"{here}:{node.lineno} uses {node.value.id}.{node.attr}")
    return found


def test_the_check_sees_every_module() -> None:
    names = {module_name(p) for p in MODULES}
    assert {"shangrila_widget.rules.engine", "shangrila_widget.render.ipycanvas_compat"} <= names
    assert len(names) >= 30


def test_the_check_finds_what_it_forbids() -> None:
    """The checker itself can fail: each forbidden form is reported, allowed forms are not."""
    source = (
        "from shangrila_widget.rules.engine import _private\n"
        "from . import _sibling\n"
        "from shangrila_widget.rules import engine\n"
        "import ipycanvas\n"
        "engine._helper()\n"
        "ipycanvas._x\n"
        "self.canvas._msg_callbacks\n"
        "self._mine\n"
        "engine.__name__\n"
    )
    found = seams(PACKAGE / "widget" / "example.py", source)  # a name only, never written
    joined = "\n".join(found)
    assert "imports _private" in joined and "imports _sibling" in joined
    assert "engine._helper" in joined and "ipycanvas._x" in joined
    assert "._msg_callbacks" in joined
    assert len(found) == 5, found
    # the compat module may touch ipycanvas's privates, still not another module's
    assert seams(COMPAT, "import ipycanvas\nipycanvas._x\nself.c._msg_callbacks\n") == []
    assert seams(COMPAT, "from shangrila_widget.rules import engine\nengine._y\n")


def test_no_module_reaches_into_another_modules_underscore_names() -> None:
    found = [seam for path in MODULES for seam in seams(path)]
    assert not found, "\n".join(found)

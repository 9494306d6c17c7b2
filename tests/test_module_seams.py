"""The package's seams: no module reaches into another module's underscore names or into the
private attributes of objects made elsewhere, and only ``render/ipycanvas_compat.py`` touches
the private parts of ipycanvas/ipywidgets.

Checked on the source with ``ast``: ``from x import _name``; ``x._name`` where ``x`` is a name
bound to another module of the package by an import (``import shangrila_widget.y as x``,
``from shangrila_widget import y``, ...); and ``x._name`` for any other ``x`` but ``self`` and
``cls`` (``pos._cells``, ``node.parent._last``) unless the module itself defines ``_name``:
in a class body (a method, an assignment, an annotation, a ``__slots__`` entry) or by
assigning ``self._name``. A module's own underscore names, ``self._x``, dunder names and the
public methods of named tuples (``_replace``, ``_asdict``, ...) are allowed.
"""

from __future__ import annotations

import ast
from collections import defaultdict
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
#: The named tuples' public methods and attributes, underscored so as not to clash with fields.
NAMED_TUPLE_API = ("_make", "_replace", "_asdict", "_fields", "_field_defaults")


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


def own_attributes(tree: ast.Module) -> set[str]:
    """The attribute names a module defines: what its class bodies define (methods, assigned
    or annotated names, ``__slots__`` entries) and what it assigns to ``self.x`` or ``cls.x``."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    own.add(item.name)
                elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    own |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                    if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                        own |= {
                            c.value
                            for c in ast.walk(item.value or ast.Constant(None))
                            if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        }
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            own |= {
                n.attr
                for t in targets
                for n in ast.walk(t)
                if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id in ("self", "cls")
            }
    return own


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
    own = own_attributes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            widget_private = any(node.attr.startswith(p) for p in PRIVATE_WIDGET_ATTRIBUTES)
            if widget_private:
                if path != COMPAT:
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
                continue
            is_self = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if not is_self and node.attr not in own and node.attr not in NAMED_TUPLE_API:
                found.append(f"{here}:{node.lineno} reads {ast.unparse(node)}")
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
    # a private attribute of an object made elsewhere, read through any name but self/cls
    reads = (
        "pos._cells\n"
        "node.parent._last\n"
        "self.record.position._phase\n"
        "class Mine:\n"
        "    __slots__ = ('_slot',)\n"
        "    _note: int\n"
        "    def _key(self): return self._slot\n"
        "    def same(self, other): return self._key() == other._key()\n"
        "def f(x):\n"
        "    x._slot, x._note, x._new_thing, y._replace\n"
        "    self._new_thing = 1\n"
    )
    found = seams(PACKAGE / "bots" / "example.py", reads)
    assert [seam.split(" ", 1)[1] for seam in found] == [
        "reads pos._cells",
        "reads node.parent._last",
        "reads self.record.position._phase",
    ], found
    # the compat module may touch ipycanvas's privates, still not another module's
    assert seams(COMPAT, "import ipycanvas\nipycanvas._x\nself.c._msg_callbacks\n") == []
    assert seams(COMPAT, "from shangrila_widget.rules import engine\nengine._y\n")


def test_no_module_reaches_into_another_modules_underscore_names() -> None:
    found = [seam for path in MODULES for seam in seams(path)]
    assert not found, "\n".join(found)


def test_no_two_public_classes_share_a_name() -> None:
    package = Path(shangrila_widget.__file__).resolve().parent
    homes: dict[str, list[str]] = defaultdict(list)
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                homes[node.name].append(str(path.relative_to(package)))
    clashes = {name: where for name, where in homes.items() if len(where) > 1}
    assert not clashes, clashes

"""Old public names kept for one release with a :class:`DeprecationWarning` (see
``docs/api.md``, *Deprecated names*): a module's ``__getattr__`` made by
:func:`old_names` serves each old name as the new object and says what to use instead, and
:func:`old_modules` lets an old module path import as the renamed module (no file is kept
under the old name).

>>> import warnings
>>> __getattr__ = old_names("demo", {"Old": ("demo.New", int)})
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     __getattr__("Old") is int, seen[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, Final

#: The release in which the old names go.
REMOVED_IN: Final = "0.3"


def deprecated(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``."""
    warnings.warn(
        f"{old} is deprecated: use {new} (the old name goes in release {REMOVED_IN})",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def old_names(module: str, names: Mapping[str, tuple[str, object]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving ``names`` (old name -> (new name, object)) with a
    warning; any other name raises :class:`AttributeError` as usual."""

    def __getattr__(name: str) -> Any:
        if name in names:
            new, value = names[name]
            deprecated(f"{module}.{name}", new)
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


class _RenamedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds each old module path (old full name -> new full name) and loads it as the
    renamed module itself, with a warning; other names are left to the other finders."""

    def __init__(self, renamed: Mapping[str, str]) -> None:
        self.renamed = dict(renamed)
        self.specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.renamed:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = self.renamed[spec.name]
        # The caller's frame is far below the import machinery: name no line.
        deprecated(f"the module {spec.name}", new, stacklevel=2)
        module = importlib.import_module(new)
        self.specs[new] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The renamed module has run already; the import machinery gave it the old name's
        spec, so it gets its own back."""
        module.__spec__ = self.specs[module.__name__]


def old_modules(package: str, renamed: Mapping[str, str]) -> None:
    """Let ``package.old`` import (with a warning) as ``package.new`` for each old -> new
    of ``renamed``: ``import package.old`` and ``from package import old`` give the very
    module object of ``package.new`` (a ``new`` with a dot is a full module name, for a
    module moved out of ``package``). Called once, by the package's ``__init__``."""
    finder = _RenamedModules(
        {
            f"{package}.{old}": new if "." in new else f"{package}.{new}"
            for old, new in renamed.items()
        }
    )
    known = [f for f in sys.meta_path if isinstance(f, _RenamedModules)]
    if not any(f.renamed == finder.renamed for f in known):
        sys.meta_path.append(finder)

"""Names that moved: a module keeps answering to them for one release, with a warning.

>>> import warnings
>>> __getattr__ = moved_names("old.place", {"sqrt": ("math", "sqrt", None)})
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     root = __getattr__("sqrt")
>>> root(9.0), str(seen[0].message)
(3.0, 'old.place.sqrt is deprecated: import it from math')
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import import_module

#: A moved name's new home: (module, name there, advice; None: "import it from <module>").
Home = tuple[str, str, str | None]


def moved_names(module: str, homes: Mapping[str, Home]) -> Callable[[str], object]:
    """A module-level ``__getattr__`` for ``module``: each name of ``homes`` is read from its
    new home with a :class:`DeprecationWarning` that says where it is now (or ``advice``);
    any other name is an :class:`AttributeError`."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        where, there, advice = home
        warnings.warn(
            f"{module}.{name} is deprecated: {advice or f'import it from {where}'}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(import_module(where), there)

    return __getattr__


__all__ = ["Home", "moved_names"]

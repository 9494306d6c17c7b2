"""Old public names kept for one release with a :class:`DeprecationWarning` (see
``docs/api.md``, *Deprecated names*): a module's ``__getattr__`` made by
:func:`old_names` serves each old name as the new object and says what to use instead.

>>> import warnings
>>> __getattr__ = old_names("demo", {"Old": ("demo.New", int)})
>>> with warnings.catch_warnings(record=True) as seen:
...     warnings.simplefilter("always")
...     __getattr__("Old") is int, seen[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
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

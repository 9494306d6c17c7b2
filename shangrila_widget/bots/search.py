"""Deprecated: the evaluation is :mod:`~shangrila_widget.bots.evaluation`, the playouts are
:mod:`~shangrila_widget.bots.playouts` (the search is :mod:`~shangrila_widget.bots.tree`).

Every name this module held is still found here for one release, with a
:class:`DeprecationWarning` that says where it lives now.
"""

from __future__ import annotations

from shangrila_widget.bots import evaluation, playouts
from shangrila_widget.deprecation import old_names

__getattr__ = old_names(
    __name__,
    {
        name: (f"{module.__name__}.{name}", getattr(module, name))
        for module in (playouts, evaluation)  # a name in both: the evaluation's own
        for name in dir(module)
        if not name.startswith("__") and name not in ("annotations", "TYPE_CHECKING")
    },
)

"""Deprecated: the evaluation is :mod:`~shangrila_widget.bots.evaluation`, the playouts are
:mod:`~shangrila_widget.bots.playouts` (the search is :mod:`~shangrila_widget.bots.tree`).

Every name this module held is still found here for one release, with a
:class:`DeprecationWarning` that says where it lives now.
"""

from __future__ import annotations

import warnings
from importlib import import_module

_MOVED: dict[str, str] = {
    name: "playouts" for name in ("ROLLOUT_WEIGHTS", "greedy_playout", "playout", "rollout_action")
}


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    home = _MOVED.get(name, "evaluation")
    module = import_module(f"shangrila_widget.bots.{home}")
    if not hasattr(module, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"shangrila_widget.bots.search.{name} is deprecated: "
        f"import it from shangrila_widget.bots.{home}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(module, name)

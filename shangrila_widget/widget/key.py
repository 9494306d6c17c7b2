"""Deprecated: the board picture's legend widget is :mod:`shangrila_widget.widget.legend`.

Importing this module warns (one release, then it goes; see ``docs/api.md``).
"""

from shangrila_widget.deprecation import deprecated
from shangrila_widget.widget.legend import Legend

deprecated("shangrila_widget.widget.key", "shangrila_widget.widget.legend", stacklevel=2)

#: The earlier name of :class:`Legend`.
PictureKey = Legend

__all__ = ["Legend", "PictureKey"]

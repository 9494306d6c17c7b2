"""shangrila_widget: teach and referee The Bridges of Shangri-La in Jupyter.

The rules live in :mod:`shangrila_widget.rules` (pure Python); the board widget and the
rulebook tour build on them.

>>> from shangrila_widget import Position
>>> Position.new_game(["red", "blue", "yellow"]).to_move
'red'
"""

from shangrila_widget.rules import *  # noqa: F403
from shangrila_widget.rules import __all__ as _rules_all

__version__ = "0.1.0"
__all__ = [*_rules_all, "__version__"]

"""The Jupyter widgets: the playable board and the rulebook tour.

>>> from shangrila_widget.widget import ShangriLaBoard
>>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
>>> board.click(("space", "A", "healer")).rules
('SETUP-SPACE',)
"""

from shangrila_widget.widget.board import ShangriLaBoard
from shangrila_widget.widget.checker import DisputeChecker
from shangrila_widget.widget.controller import BoardController, Feedback
from shangrila_widget.widget.tour import RulebookTour

__all__ = [
    "BoardController",
    "DisputeChecker",
    "Feedback",
    "RulebookTour",
    "ShangriLaBoard",
]

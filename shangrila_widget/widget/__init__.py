"""The Jupyter widgets: the playable board, the rulebook tour and the dispute checker.

>>> from shangrila_widget.widget import ShangriLaBoard
>>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
>>> board.click(("space", "A", "healer")).rules
('SETUP-SPACE',)
"""

from shangrila_widget.bots.levels import Bot
from shangrila_widget.widget.board import Highlight, ShangriLaBoard, visible_errors
from shangrila_widget.widget.checker import DisputeChecker, ruling_or
from shangrila_widget.widget.controller import BoardController, Feedback
from shangrila_widget.widget.exercises import Exercises
from shangrila_widget.widget.review import ReviewChart
from shangrila_widget.widget.tour import RulebookTour

__all__ = [
    "Exercises",
    "BoardController",
    "Bot",
    "DisputeChecker",
    "Feedback",
    "Highlight",
    "ReviewChart",
    "RulebookTour",
    "ShangriLaBoard",
    "ruling_or",
    "visible_errors",
]

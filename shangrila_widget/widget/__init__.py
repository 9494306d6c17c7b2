"""The Jupyter widgets: the playable board and the rulebook tour.

>>> from shangrila_widget.widget import ShangriLaBoard
>>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
>>> board.click(("space", "A", "healer")).rules
('SETUP-SPACE',)
"""

from shangrila_widget.widget.board import ShangriLaBoard, board_for_record_json
from shangrila_widget.widget.controller import BoardController, Feedback

__all__ = ["BoardController", "Feedback", "ShangriLaBoard", "board_for_record_json"]

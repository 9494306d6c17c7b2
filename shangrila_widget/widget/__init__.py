"""The Jupyter widgets: the playable board, the rulebook tour and the dispute checker.

>>> from shangrila_widget.widget import ShangriLaBoard
>>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
>>> board.click(("space", "A", "healer")).rules
('SETUP-SPACE',)
"""

from shangrila_widget.bots.levels import Bot
from shangrila_widget.deprecation import old_modules
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.checker import DisputeChecker, ruling_or
from shangrila_widget.widget.common import visible_errors
from shangrila_widget.widget.controller import BoardController, Feedback
from shangrila_widget.widget.exercises import Exercises
from shangrila_widget.widget.game_review import ReviewChart
from shangrila_widget.widget.rulebook_tour import RulebookTour

#: The modules renamed in release 0.2 (their names clashed with modules of render/, rules/
#: and the tour's data), importable under the old name for one release with a warning.
RENAMED_MODULES = {
    "board": "board_widget",
    "legend": "legend_toggle",
    "key": "legend_toggle",
    "review": "game_review",
    "style": "page_css",
    "tour": "rulebook_tour",
}
old_modules(__name__, RENAMED_MODULES)

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

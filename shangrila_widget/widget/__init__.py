"""The Jupyter widgets: the playable board, the rulebook tour and the dispute checker.

>>> from shangrila_widget.widget import ShangriLaBoard
>>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
>>> board.click(("space", "A", "healer")).rules
('SETUP-SPACE',)

Each name is imported from its module on first use (PEP 562), so that a page showing only
the board does not import the checker, the tour or the exercises (the static site's Python
in the browser compiles and runs every module it imports: a cold page is shorter by them).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from shangrila_widget.deprecation import old_modules

if TYPE_CHECKING:
    from shangrila_widget.bots.levels import Bot
    from shangrila_widget.render.highlight import Highlight
    from shangrila_widget.widget.board_widget import ShangriLaBoard
    from shangrila_widget.widget.checker import DisputeChecker, ruling_or
    from shangrila_widget.widget.common import visible_errors
    from shangrila_widget.widget.controller import BoardController, Feedback
    from shangrila_widget.widget.exercises import Exercises
    from shangrila_widget.widget.game_review import ReviewChart
    from shangrila_widget.widget.rulebook_tour import RulebookTour

_HOMES = {
    "Bot": "shangrila_widget.bots.levels",
    "Highlight": "shangrila_widget.render.highlight",
    "ShangriLaBoard": "shangrila_widget.widget.board_widget",
    "DisputeChecker": "shangrila_widget.widget.checker",
    "ruling_or": "shangrila_widget.widget.checker",
    "visible_errors": "shangrila_widget.widget.common",
    "BoardController": "shangrila_widget.widget.controller",
    "Feedback": "shangrila_widget.widget.controller",
    "Exercises": "shangrila_widget.widget.exercises",
    "ReviewChart": "shangrila_widget.widget.game_review",
    "RulebookTour": "shangrila_widget.widget.rulebook_tour",
}

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

#: The modules moved out of ``widget/`` in release 0.2 (they hold no widget, and the static
#: site's start needs them: no module outside ``widget/`` imports it), importable under the
#: old path for one release with a warning.
MOVED_MODULES = {
    "address": "shangrila_widget.page_address",
    "kernel_start": "shangrila_widget.kernel_start",
}
old_modules(__name__, MOVED_MODULES)

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


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

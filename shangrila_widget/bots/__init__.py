"""Bots for The Bridges of Shangri-La: pure Python, typed, no widget imports.

- :func:`choose_action` plays a level (``random``, ``easy``, ``medium``, ``hard``);
- :func:`hint` ranks the best few actions with a win chance and a reason (EN and PL);
- :func:`review` estimates every player's win chance through a game and marks mistakes;
  :func:`review_svg` draws it as a chart.
"""

from shangrila_widget.bots.levels import DEFAULT_BUDGETS, LEVELS, Level, choose_action

__all__ = ["DEFAULT_BUDGETS", "LEVELS", "Level", "choose_action"]

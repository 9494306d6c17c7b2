"""Bots for The Bridges of Shangri-La: pure Python, typed, no widget imports.

- :func:`choose_action` plays a level (``random``, ``easy``, ``medium``, ``hard``);
- :func:`hint` ranks the best few actions with a win chance and a reason (EN and PL);
- :func:`review` estimates every player's win chance through a game and marks mistakes.

The bots draw nothing: the review's chart, :func:`review_svg` (:func:`review_scene` gives the
primitives), lives in :mod:`shangrila_widget.render.review_chart` and is named here too.
"""

from shangrila_widget.bots.hint import Candidate, Hint, explain_action, hint
from shangrila_widget.bots.levels import DEFAULT_BUDGETS, LEVELS, Level, choose_action
from shangrila_widget.bots.review import MoveReview, Review, review
from shangrila_widget.render.review_chart import review_scene, review_svg

__all__ = [
    "Candidate",
    "DEFAULT_BUDGETS",
    "Hint",
    "LEVELS",
    "Level",
    "MoveReview",
    "Review",
    "choose_action",
    "explain_action",
    "hint",
    "review",
    "review_scene",
    "review_svg",
]

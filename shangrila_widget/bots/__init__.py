"""Bots for The Bridges of Shangri-La: pure Python, typed, no widget imports.

- :class:`Thinker` (or :func:`think`) is the one thinking API: a level thinking about a
  position, in slices or at once, within a :class:`Budget`, giving a :class:`Thought` of
  ranked actions (:class:`RankedAction`: values, visits, standard errors, expected replies);
- :func:`choose_action` plays a level (``random``, ``easy``, ``medium``, ``hard``): the first
  line of its thinking;
- :func:`hint` ranks the best few actions with a win chance and a reason (EN and PL), from
  the same thinking;
- :func:`review` (or :class:`Reviewer`, in slices) gives every player's win chance through a
  game and flags the moves that a search shows lost something.

The bots draw nothing: the review's chart, :func:`review_svg` (:func:`review_scene` gives the
primitives), lives in :mod:`shangrila_widget.render.review_chart` and is named here too.
"""

from shangrila_widget.bots.hint import Candidate, Hint, explain_action, hint
from shangrila_widget.bots.levels import LEVELS, Level, choose_action
from shangrila_widget.bots.review import MoveReview, Review, Reviewer, review
from shangrila_widget.bots.thinking import (
    DEFAULT_BUDGETS,
    Budget,
    RankedAction,
    SearchConfig,
    Thinker,
    Thought,
    think,
)
from shangrila_widget.deprecation import old_names
from shangrila_widget.render.review_chart import review_scene, review_svg

__all__ = [
    "Budget",
    "Candidate",
    "DEFAULT_BUDGETS",
    "Hint",
    "LEVELS",
    "Level",
    "RankedAction",
    "MoveReview",
    "Review",
    "Reviewer",
    "SearchConfig",
    "Thinker",
    "Thought",
    "choose_action",
    "explain_action",
    "hint",
    "review",
    "review_scene",
    "review_svg",
    "think",
]

__getattr__ = old_names("shangrila_widget.bots", {"Line": ("RankedAction", RankedAction)})

"""Bots for The Bridges of Shangri-La: pure Python, typed, no widget imports.

- :class:`Bot` is the one bot spec: a level (``random``, ``easy``, ``medium``, ``hard``), a
  :class:`Budget` and a seed, checked once; every entry point below takes one;
- :class:`Thinker` (or :func:`think`) is the one thinking API: a bot thinking about a
  position, in slices or at once, giving a :class:`Thought` of ranked :class:`RankedAction` s
  (values, visits, standard errors, expected replies);
- :func:`choose_action` plays a bot: the first line of its thinking;
- :func:`hint` ranks the best few actions with a win chance and a reason (EN and PL), from
  the same thinking;
- :func:`review` (or :class:`Reviewer`, in slices) gives every player's win chance through a
  game and flags the moves that a search shows lost something.

The bots draw nothing: the review's chart, :func:`review_svg` (:func:`review_scene` gives the
primitives), lives in :mod:`shangrila_widget.render.review_chart` and is named here too.
"""

from shangrila_widget.bots.hint import Candidate, Hint, explain_action, hint
from shangrila_widget.bots.levels import (
    DEFAULT_BUDGETS,
    LEVEL_CONFIGS,
    LEVELS,
    Bot,
    BotSpec,
    Budget,
    Level,
    SearchConfig,
)
from shangrila_widget.bots.review import MoveReview, Review, Reviewer, review
from shangrila_widget.bots.thinking import RankedAction, Thinker, Thought, choose_action, think
from shangrila_widget.deprecation import old_names
from shangrila_widget.render.review_chart import review_scene, review_svg

__all__ = [
    "Bot",
    "BotSpec",
    "Budget",
    "Candidate",
    "DEFAULT_BUDGETS",
    "Hint",
    "LEVELS",
    "LEVEL_CONFIGS",
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

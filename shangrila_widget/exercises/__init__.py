"""Exercises: predict what the rules do, then see why (pure Python, no widget imports).

Every exercise is made from the engine: a position, a question and options, exactly one of
them right under the rules; each wrong option is right under a named *misreading* of one rule
(:data:`MISREADINGS`), so the feedback can say what was misread.

>>> from shangrila_widget.exercises import generate
>>> exercise = generate(count=1, seed=3)[0]
>>> exercise.kind, exercise.answer.correct
('what_happens', True)
"""

from shangrila_widget.deprecation import old_names
from shangrila_widget.exercises.generate import (
    ASKABLE_RULES,
    KIND_LEVELS,
    KINDS,
    LEVELS,
    Exercise,
    Option,
    Sentence,
    exercises_on,
    generate,
    spaces_text,
)
from shangrila_widget.exercises.model import MISREADINGS, Misreading
from shangrila_widget.exercises.playout import PlayStep, play_out
from shangrila_widget.exercises.truth import agrees, engine_claims

__all__ = [
    "ASKABLE_RULES",
    "KINDS",
    "KIND_LEVELS",
    "LEVELS",
    "MISREADINGS",
    "Exercise",
    "Misreading",
    "Option",
    "PlayStep",
    "Sentence",
    "agrees",
    "engine_claims",
    "exercises_on",
    "generate",
    "play_out",
    "spaces_text",
]

__getattr__ = old_names("shangrila_widget.exercises", {"Text": ("Sentence", Sentence)})

"""Exercises made from the engine: a position, a question, options; one right under the rules.

This module draws them (:func:`generate`, :func:`exercises_on`): which kind comes next, on
which rule, at which step. What an exercise is lives in
:mod:`~shangrila_widget.exercises.exercise`, the positions it is asked on in
:mod:`~shangrila_widget.exercises.positions`, and the six kinds of question in
:mod:`~shangrila_widget.exercises.journey_questions` and
:mod:`~shangrila_widget.exercises.turn_questions`; the names below are all importable from
here as before.

>>> exercises = generate(count=4, seed=7)
>>> tuple(e.kind for e in exercises)
('what_happens', 'stronger', 'legal', 'who_wins')
>>> sum(o.correct for o in exercises[0].options)
1
>>> generate(count=4, seed=7) == exercises
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from shangrila_widget.deprecation import old_names
from shangrila_widget.exercises.exercise import (
    KIND_LEVELS,
    KINDS,
    LEVELS,
    Exercise,
    Option,
    Sentence,
    level_of,
    phrase,
    text_before_0_2,
)
from shangrila_widget.exercises.journey_questions import (
    find_changes,
    find_journey,
    spaces_text,
    stronger_village,
    what_happens,
)
from shangrila_widget.exercises.model import MISREADINGS
from shangrila_widget.exercises.positions import TRIES
from shangrila_widget.exercises.turn_questions import legal, who_wins
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Message, problem


def generate(
    count: int = 10,
    seed: int = 0,
    *,
    players: int = 4,
    kinds: Sequence[str] | None = None,
    rules: Sequence[str] | None = None,
    level: int | None = None,
) -> list[Exercise]:
    """``count`` exercises, the same ones for the same arguments, on positions from random
    games of ``players`` (3 or 4): cycling through ``kinds`` (default :data:`KINDS`), or,
    with ``rules``, each asking about the next of those rule ids in turn (kinds chosen to
    fit; a rule no exercise can ask about is refused). ``level`` (1, 2 or 3, see
    :data:`LEVELS`): only exercises of that step, of the kinds that reach it.

    >>> tuple((e.kind, e.level) for e in generate(3, seed=2, level=1))
    (('stronger', 1), ('legal', 1), ('who_wins', 1))
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ShangrilaError(problem("exercise_count", value=excerpt(count)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ShangrilaError(problem("exercise_seed", value=excerpt(seed)))
    if players not in (3, 4) or isinstance(players, bool):
        raise ShangrilaError(problem("exercise_players", value=excerpt(players)))
    if isinstance(kinds, str):  # not read letter by letter
        raise TypeError(
            f"kinds: expected a list of kinds such as kinds=[{kinds[:24]!r}], got the text "
            f"{excerpt(kinds)}"
        )
    chosen = tuple(KINDS if kinds is None else kinds)
    unknown = [k for k in chosen if k not in KINDS]
    if unknown or not chosen:
        said = ", ".join(excerpt(k) for k in unknown)
        raise ShangrilaError(problem("exercise_kinds", value=said, known=KINDS))
    if level is not None:
        if isinstance(level, bool) or level not in LEVELS:
            raise ShangrilaError(problem("exercise_level", value=excerpt(level)))
        chosen = tuple(k for k in chosen if level in KIND_LEVELS[k])
        if not chosen:
            raise ShangrilaError(problem("exercise_level_kinds", level=level))
    targets: tuple[str | None, ...] = (None,)
    if rules is not None:
        targets = tuple(dict.fromkeys(rules))
        unaskable = [r for r in targets if r not in ASKABLE_RULES]
        if unaskable or not targets:
            asked = ", ".join(map(str, unaskable)) or Message("error.no_rule")
            known = sorted(ASKABLE_RULES)
            raise ShangrilaError(problem("exercise_rules", value=asked, known=known))
        three_only = [r for r in targets if r in _THREE_PLAYER_RULES]
        if three_only and players != 3:
            asked = ", ".join(map(str, three_only))
            raise ShangrilaError(problem("exercise_three_only", value=asked))
    colours = ("red", "blue", "yellow", "violet")[:players]
    result = []
    for number in range(count):
        target = targets[number % len(targets)]
        fitting = chosen if target is None else _kinds_for(target)
        if level is not None:
            fitting = tuple(k for k in fitting if level in KIND_LEVELS[k])
            if not fitting:
                raise ShangrilaError(problem("exercise_level_rule", rule=target, level=level))
        kind = fitting[number % len(fitting)]
        step = "" if level is None else f"/{level}"  # sets without a level stay as they were
        rng = Random(f"{seed}/{players}/{number}/{kind}/{target}{step}")
        exercise = None
        for attempt in range(TRIES):
            # A kind that missed the level is tried a few times more before the next kind.
            turn = attempt if level is None else attempt // 6
            kind = fitting[(number + turn) % len(fitting)]
            ident = f"{seed}-{players}-{number}" + ("" if level is None else f"-{level}")
            exercise = MAKERS[kind](rng, colours, ident, target)
            if (
                exercise is not None
                and (target is None or target in exercise.rules)
                and (level is None or exercise.level == level)
            ):
                break
            exercise = None
        if exercise is None:
            raise ShangrilaError(
                problem("no_exercise_found", target=str(target), seed=seed, n=players)
            )
        result.append(exercise)
    return result


MAKERS: Final = {
    "what_happens": what_happens,
    "stronger": stronger_village,
    "legal": legal,
    "who_wins": who_wins,
    "find_journey": find_journey,
    "find_changes": find_changes,
}

#: The rule ids an exercise can ask about: every rule of the spec (``SETUP-THREE`` and
#: ``SETUP-PLAYERS`` in 3-player games only).
ASKABLE_RULES: Final = frozenset(
    {r for m in MISREADINGS.values() for r in m.rules}
    | {"J-EMPTY", "J1-OWN", "J1-OWN-FULL", "J1-OTHER", "J2-OCCUPIED", "JOURNEY-ALL"}
    | {"JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER", "STONE", "END"}
    | {"BRIDGE-COLLAPSE", "SCORE", "SCORE-TIE"}
)

#: Rules an exercise can put in a 3-player game only (village C, the 3-player caps).
_THREE_PLAYER_RULES: Final = frozenset({"SETUP-THREE", "SETUP-PLAYERS"})

_STRENGTH_RULES: Final = frozenset(
    {"JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER"}
)
_SCORE_RULES: Final = frozenset({"SCORE", "SCORE-TIE"})


def _kinds_for(rule: str) -> tuple[str, ...]:
    """The kinds of exercise most likely to ask about ``rule``, likeliest first."""
    if rule in _STRENGTH_RULES:
        return ("stronger", "what_happens")
    if rule in _SCORE_RULES:
        return ("who_wins",)
    if rule == "END-ELEVEN":
        return ("what_happens",)
    if any(rule in m.rules for m in MISREADINGS.values() if m.kind in ("legal", "turn")):
        return ("legal", "what_happens")
    return ("what_happens", "find_journey", "find_changes", "legal")


def exercises_on(
    rules: Sequence[str], count: int = 3, seed: int = 0, *, players: int = 4
) -> list[Exercise]:
    """``count`` exercises on ``rules`` (a tour chapter's rules, a rule a learner missed):
    the rules that an exercise can ask about, each in turn.

    >>> [("JOURNEY-TIE-MASTERS" in e.rules) for e in exercises_on(["JOURNEY-TIE-MASTERS"], 2)]
    [True, True]
    """
    askable = [r for r in rules if r in ASKABLE_RULES]
    if not askable:
        asked = ", ".join(rules) or Message("error.no_rule")
        raise ShangrilaError(problem("exercise_rules_none", value=asked))
    return generate(count, seed, players=players, rules=askable)


__all__ = [
    "ASKABLE_RULES",
    "KINDS",
    "KIND_LEVELS",
    "LEVELS",
    "Exercise",
    "Option",
    "Sentence",
    "phrase",
    "exercises_on",
    "generate",
    "level_of",
    "spaces_text",
]

__getattr__ = old_names(
    "shangrila_widget.exercises.generate", {"Text": ("phrase", text_before_0_2)}
)

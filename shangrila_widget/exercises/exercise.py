"""What an exercise is: a question on a position, options that each say something checkable,
exactly one right under the rules, kept as words to be said in any language; its kind and its
step of difficulty; and how a kind's options become one exercise.

>>> from shangrila_widget.exercises import generate
>>> exercise = generate(count=1, seed=3)[0]
>>> exercise.kind, exercise.level, exercise.answer.correct
('what_happens', 3, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any, Final

from shangrila_widget.exercises.model import MISREADINGS
from shangrila_widget.exercises.words import check_language, colour_name, words
from shangrila_widget.rules import VILLAGES, Journey, Position
from shangrila_widget.rules.actions import parse_action
from shangrila_widget.rules.messages import Language, action_words, rule_title

#: The kinds of exercise, in the order :func:`generate` cycles through them.
KINDS: Final = ("what_happens", "stronger", "legal", "who_wins", "find_journey", "find_changes")

#: The steps of difficulty: 1 one rule, 2 rules together, 3 whole journeys with several
#: colours.
LEVELS: Final = (1, 2, 3)

#: The levels each kind can reach (see :func:`level_of`).
KIND_LEVELS: Final[Mapping[str, frozenset[int]]] = {
    "what_happens": frozenset({2, 3}),
    "stronger": frozenset({1, 2}),
    "legal": frozenset({1}),
    "who_wins": frozenset({1, 2}),
    "find_journey": frozenset({3}),
    "find_changes": frozenset({2, 3}),
}


@dataclass(frozen=True)
class Sentence:
    """A sentence kept as its key and parameters until it is shown in a language (called
    ``Text`` before 0.2, like the drawing's text)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    parts: tuple[Sentence, ...] = ()

    def say(self, lang: Language) -> str:
        """The sentence in ``lang``."""
        check_language(lang)
        if self.key == "list":
            return "; ".join(p.say(lang) for p in self.parts)
        if self.key == "commas":
            return ", ".join(p.say(lang) for p in self.parts)
        params = {k: _word(k, v, lang) for k, v in self.params.items()}
        return words(self.key, lang, **params)


def _word(name: str, value: Any, lang: Language) -> Any:
    if isinstance(value, Sentence):
        return value.say(lang)
    if name == "names":
        return ", ".join(colour_name(c, lang) for c in value)
    if name == "rule_title":
        return f"{rule_title(value, lang)} ({value})"
    if name == "action":
        return action_words(parse_action(value), lang)
    return value  # a colour or type key is named by the words themselves


@dataclass(frozen=True)
class Option:
    """One answer: its words, whether the rules make it right, the misreading that makes it
    right otherwise, and the checkable facts it asserts."""

    text: Sentence
    correct: bool
    misreading: str | None
    claims: Mapping[str, Any]

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The option as JSON (``shangrila exercises``)."""
        return {
            "text": self.text.say(lang),
            "correct": self.correct,
            "misreading": self.misreading,
            "claims": dict(self.claims),
        }


@dataclass(frozen=True)
class Exercise:
    """A question on a position, with its options (exactly one right under the rules)."""

    id: str
    kind: str
    rules: tuple[str, ...]
    question: Sentence
    position: Position
    action: str | None
    options: tuple[Option, ...]
    level: int = 1

    @property
    def answer(self) -> Option:
        """The right option."""
        return next(o for o in self.options if o.correct)

    def explain(self, option: Option, lang: Language = "en") -> str:
        """Why ``option`` is wrong (what was misread), or an empty text for the right one."""
        if option.misreading is None:
            return ""
        return words(f"m_{option.misreading}", lang)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The exercise as JSON (``shangrila exercises``; documented in docs/formats.md)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "level": self.level,
            "rules": list(self.rules),
            "question": self.question.say(lang),
            "position": self.position.to_dict(),
            "action": self.action,
            "options": [o.to_dict(lang) for o in self.options],
        }


def distinct(options: Iterable[Option]) -> list[Option]:
    """Options with different claims, the first of each kept (the right one comes first)."""
    seen: list[Mapping[str, Any]] = []
    kept = []
    for option in options:
        if option.claims not in seen:
            seen.append(option.claims)
            kept.append(option)
    return kept


def finish(
    rng: Random,
    ident: str,
    kind: str,
    question: Sentence,
    pos: Position,
    action: str | None,
    options: list[Option],
    most: int = 4,
) -> Exercise:
    right, wrong = options[0], options[1:]
    rng.shuffle(wrong)
    # Misreadings of a rule this very action puts to work come first (a student arriving on
    # its own master: the "second master"), then the others.
    at_work = set(rules_at_work(pos, action or right.claims.get("action"))) - _EVERY_JOURNEY
    wrong.sort(key=lambda o: not at_work & set(MISREADINGS[str(o.misreading)].rules))
    chosen = [right, *wrong[: most - 1]]
    rng.shuffle(chosen)
    misread = {
        str(o.claims["rule"]) if o.claims.get("rule") else r
        for o in chosen
        if o.misreading
        for r in MISREADINGS[o.misreading].rules
    }
    rules = sorted(misread | set(rules_at_work(pos, action)))
    level = level_of(kind, pos, action or right.claims.get("action"), right)
    return Exercise(ident, kind, tuple(rules), question, pos, action, tuple(chosen), level)


#: The rules every journey puts to work: they do not make a misreading more pertinent.
_EVERY_JOURNEY: Final = frozenset({"JOURNEY-ALL", "JOURNEY-STRENGTH", "BRIDGE-COLLAPSE"})


def level_of(kind: str, pos: Position, action: str | None, answer: Option) -> int:
    """The step of an exercise: 1 for one rule (legality; a village stronger by strength
    alone; a winner with the most masters), 2 for rules together (a tie broken; a journey
    whose travellers are of one colour), 3 for whole journeys with travellers of several
    colours (and every *find the journey*)."""
    if kind == "legal":
        return 1
    if kind == "stronger":
        return 1 if answer.claims["strength_rule"] == "JOURNEY-STRENGTH" else 2
    if kind == "who_wins":
        masters = Counter(t.owner for v in VILLAGES for t in pos.tiles(v).values())
        best = max(masters.get(c, 0) for c in pos.players)
        return 1 if sum(1 for c in pos.players if masters.get(c, 0) == best) == 1 else 2
    if kind == "find_journey" or action is None:
        return 3
    journey = parse_action(action)
    if not isinstance(journey, Journey):
        return 1
    colours = {tile.owner for tile in pos.tiles(journey.origin).values() if tile.student}
    return 3 if len(colours) > 1 else 2


def rules_at_work(pos: Position, action: str | None) -> tuple[str, ...]:
    """The rule ids the engine names for the action (its refusal or its events), or the
    scoring rules for a finished game."""
    if action is None:
        return ("SCORE", "SCORE-TIE") if pos.is_over else ("JOURNEY-ALL", "J1-OTHER")
    refusal = pos.check(action)
    if refusal is not None:
        return (refusal.rule,)
    return tuple(e.rule for e in pos.play(action).events)


__all__ = [
    "KINDS",
    "KIND_LEVELS",
    "LEVELS",
    "Exercise",
    "Option",
    "Sentence",
    "distinct",
    "finish",
    "level_of",
    "rules_at_work",
]

"""A class's lesson: which exercises, what a phone may see of one, and how an answer is judged.

A :class:`LessonSpec` names the exercises (the same ones for the same spec, so a restarted
server rebuilds them from the spec it stored); :func:`public_question` is everything a phone
is sent while the question is open (never which option is right, nor any option's
misreading or claims); :func:`judge` weighs a phone's answer; :func:`revealed_question` is
what everyone may see after Reveal.

>>> spec = LessonSpec.from_json({"seed": 3, "count": 2})
>>> [e.kind for e in build_questions(spec)]
['what_happens', 'stronger']
>>> shown = public_question(build_questions(spec)[0], 0, 2, "en")
>>> sorted(shown)
['board', 'id', 'index', 'kind', 'options', 'question', 'total', 'zoom']
>>> "correct" in str(shown["options"])
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Final

from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.exercises import (
    ASKABLE_RULES,
    KINDS,
    Exercise,
    Option,
    exercises_on,
    generate,
    play_out,
    spaces_text,
)
from shangrila_widget.render.svg import position_svg, scene_to_svg
from shangrila_widget.render.zoom import zoom_scene
from shangrila_widget.rules.board import MASTER_TYPES, VILLAGES
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Language, problem, say

__all__ = [
    "MOST_QUESTIONS",
    "Judged",
    "LessonError",
    "LessonSpec",
    "build_questions",
    "judge",
    "public_question",
    "revealed_question",
    "spaces_in_board_order",
    "spaces_verdict",
    "why",
]

#: The most questions one lesson asks.
MOST_QUESTIONS: Final = 30


class LessonError(ShangrilaError, ValueError):
    """A lesson spec or an answer that cannot be used, with its words key (``error.*``)."""


@dataclass(frozen=True)
class LessonSpec:
    """Which exercises a lesson asks: ``count`` of them from ``seed`` for ``players``
    (3 or 4); of ``kinds`` and on ``rules`` (``None``: any), at ``level`` (1-3 or ``None``),
    or the practice of the tour chapter ``chapter`` (its rules)."""

    seed: int = 0
    count: int = 5
    players: int = 4
    kinds: tuple[str, ...] | None = None
    rules: tuple[str, ...] | None = None
    level: int | None = None
    chapter: str | None = None

    def __post_init__(self) -> None:
        def bad(field: str, value: object) -> LessonError:
            return LessonError(problem("class_spec", field=field, value=excerpt(value)))

        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise bad("seed", self.seed)
        if isinstance(self.count, bool) or not isinstance(self.count, int):
            raise bad("count", self.count)
        if not 1 <= self.count <= MOST_QUESTIONS:
            raise bad("count", self.count)
        if self.players not in (3, 4) or isinstance(self.players, bool):
            raise bad("players", self.players)
        if self.kinds is not None and (not self.kinds or any(k not in KINDS for k in self.kinds)):
            raise bad("kinds", self.kinds)
        if self.rules is not None and (
            not self.rules or any(r not in ASKABLE_RULES for r in self.rules)
        ):
            raise bad("rules", self.rules)
        if self.level is not None and (isinstance(self.level, bool) or self.level not in (1, 2, 3)):
            raise bad("level", self.level)
        if self.chapter is not None and self.chapter not in _chapter_rules():
            raise bad("chapter", self.chapter)

    @classmethod
    def from_json(cls, data: object) -> LessonSpec:
        """The spec of a JSON object (unknown fields refused)."""
        if not isinstance(data, Mapping):
            raise LessonError(problem("class_spec", field="spec", value=excerpt(data)))
        known = {"seed", "count", "players", "kinds", "rules", "level", "chapter"}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise LessonError(problem("class_spec", field=unknown[0], value="?"))
        values = dict(data)
        for name in ("kinds", "rules"):
            if values.get(name) is not None:
                listed = values[name]
                if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
                    raise LessonError(problem("class_spec", field=name, value=excerpt(listed)))
                values[name] = tuple(listed)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON object (lists for ``kinds`` and ``rules``)."""
        data = asdict(self)
        for name in ("kinds", "rules"):
            if data[name] is not None:
                data[name] = list(data[name])
        return data


@lru_cache(maxsize=1)
def _chapter_rules() -> dict[str, tuple[str, ...]]:
    from shangrila_widget.tour import load_chapters

    return {c.id: tuple(r for r in c.rules if r in ASKABLE_RULES) for c in load_chapters()}


@lru_cache(maxsize=16)
def build_questions(spec: LessonSpec) -> tuple[Exercise, ...]:
    """The lesson's exercises, the same ones for the same spec."""
    if spec.chapter is not None:
        rules = _chapter_rules()[spec.chapter]
        return tuple(exercises_on(rules, spec.count, spec.seed, players=spec.players))
    return tuple(
        generate(
            spec.count,
            spec.seed,
            players=spec.players,
            kinds=spec.kinds,
            rules=spec.rules,
            level=spec.level,
        )
    )


def _board_svg(exercise: Exercise, lang: Language) -> str:
    return position_svg(exercise.position, lang=lang, footer=True)


def public_question(exercise: Exercise, index: int, total: int, lang: Language) -> dict[str, Any]:
    """What a phone may see of ``exercise`` while it is open: the question, the options'
    words (none for *every space that changes*, answered on the board), the kind, the board
    as SVG and, for *every space that changes*, each village opened large (SVG).

    Never which option is right, nor any option's misreading or claims.
    """
    finding = exercise.kind == "find_changes"
    options = [] if finding else [o.text.text(lang) for o in exercise.options]
    zoom: dict[str, str] = {}
    if finding:
        for village in VILLAGES:
            if village == "C" and len(exercise.position.players) == 3:
                continue  # out of play with three
            zoom[village] = scene_to_svg(zoom_scene(exercise.position, village, lang=lang))
    return {
        "index": index,
        "total": total,
        "id": exercise.id,
        "kind": exercise.kind,
        "question": exercise.question.text(lang),
        "options": options,
        "board": _board_svg(exercise, lang),
        "zoom": zoom,
    }


@dataclass(frozen=True)
class Judged:
    """An answer weighed: the option it is (``None``: none of them), whether it is right and
    the misreading it comes from."""

    option_index: int | None
    correct: bool
    misreading: str | None


def spaces_in_board_order(spaces: Sequence[Sequence[str]]) -> list[list[str]]:
    """Spaces ``[village, type]`` sorted by village, then by the board's order of types."""
    return sorted(
        ([str(v), str(t)] for v, t in spaces), key=lambda s: (s[0], MASTER_TYPES.index(s[1]))
    )


def _bad_answer(value: object) -> LessonError:
    return LessonError(problem("class_answer", value=excerpt(value)))


def _checked_spaces(value: object) -> list[list[str]]:
    if not isinstance(value, list) or len(value) > 4 * len(VILLAGES) * len(MASTER_TYPES):
        raise _bad_answer(value)
    seen: list[list[str]] = []
    for space in value:
        if (
            not isinstance(space, list)
            or len(space) != 2
            or space[0] not in VILLAGES
            or space[1] not in MASTER_TYPES
        ):
            raise _bad_answer(space)
        if space in seen:
            raise _bad_answer(space)
        seen.append([space[0], space[1]])
    return spaces_in_board_order(seen)


def option_for(exercise: Exercise, answer: object) -> tuple[int | None, Option]:
    """The option ``answer`` is (its index, or ``None`` and an option made for it: spaces or
    a journey none of the options names, both wrong); :class:`LessonError` for an answer
    that does not fit the exercise."""
    if not isinstance(answer, Mapping) or len(answer) != 1:
        raise _bad_answer(answer)
    options = exercise.options
    if "option" in answer:
        index = answer["option"]
        if exercise.kind == "find_changes":
            raise _bad_answer(answer)
        if isinstance(index, bool) or not isinstance(index, int):
            raise _bad_answer(index)
        if not 0 <= index < len(options):
            raise _bad_answer(index)
        return index, options[index]
    if "spaces" in answer:
        if exercise.kind != "find_changes":
            raise _bad_answer(answer)
        spaces = _checked_spaces(answer["spaces"])
        for i, option in enumerate(options):
            if option.claims.get("spaces") == spaces:
                return i, option
        return None, Option(spaces_text(spaces), False, None, {"spaces": spaces})
    if "action" in answer:
        text = answer["action"]
        if exercise.kind != "find_journey" or not isinstance(text, str) or len(text) > 80:
            raise _bad_answer(answer)
        text = text.strip()
        for i, option in enumerate(options):
            if text == option.claims.get("action"):
                return i, option
        from shangrila_widget.exercises import phrase

        return None, Option(
            phrase("exercise.o_action", {"action": text}), False, None, {"action": text}
        )
    raise _bad_answer(answer)


def judge(exercise: Exercise, answer: object) -> Judged:
    """Weigh a phone's answer: ``{"option": i}``, ``{"spaces": [[village, type], ...]}``
    (*every space that changes*) or ``{"action": text}`` (*find the journey*).

    >>> exercise = build_questions(LessonSpec(seed=3, count=1))[0]
    >>> right = next(i for i, o in enumerate(exercise.options) if o.correct)
    >>> judge(exercise, {"option": right}).correct
    True
    >>> judge(exercise, {"option": 99})
    Traceback (most recent call last):
    ...
    shangrila_widget.class_session.lesson.LessonError: ...
    """
    index, option = option_for(exercise, answer)
    return Judged(index, option.correct, option.misreading)


def spaces_verdict(exercise: Exercise, option: Option, lang: Language) -> list[str]:
    """For *every space that changes*: the spaces missed and those chosen that do not change,
    in words (the exercise widget says the same)."""
    wanted = [tuple(s) for s in exercise.answer.claims["spaces"]]
    chosen = [tuple(s) for s in option.claims["spaces"]]
    said = []
    missed = [s for s in wanted if s not in chosen]
    extra = [s for s in chosen if s not in wanted]
    if missed:
        said.append(say("exercise.missed", lang, spaces=spaces_text(missed).text(lang)))
    if extra:
        said.append(say("exercise.not_changing", lang, spaces=spaces_text(extra).text(lang)))
    return said


def why(exercise: Exercise, answer: object, lang: Language) -> str:
    """Why the answer is wrong, in ``lang`` (the misreading it comes from; for *every space
    that changes*, the spaces missed and those that do not change), or an empty text when it
    is right."""
    _index, option = option_for(exercise, answer)
    if option.correct:
        return ""
    if exercise.kind != "find_changes":
        return exercise.explain(option, lang) or say("ui.exercise_no_misreading", lang)
    return " ".join(
        [*spaces_verdict(exercise, option, lang), exercise.explain(option, lang)]
    ).strip()


def revealed_question(exercise: Exercise, lang: Language) -> dict[str, Any]:
    """What everyone may see after Reveal: each option with whether it is right, its
    misreading (key and short name) and why it is wrong; the right option's index; the
    explanation and the play-out's steps (their words and rule ids)."""
    options = []
    for option in exercise.options:
        options.append(
            {
                "text": option.text.text(lang),
                "correct": option.correct,
                "misreading": option.misreading,
                "misreading_name": (
                    misreading_name(option.misreading, lang) if option.misreading else None
                ),
                "why": exercise.explain(option, lang),
            }
        )
    right = exercise.answer
    action = exercise.action or right.claims.get("action")
    steps = [] if action is None else play_out(exercise.position, str(action))
    return {
        "id": exercise.id,
        "kind": exercise.kind,
        "question": exercise.question.text(lang),
        "correct": exercise.options.index(right),
        "answer": right.text.text(lang),
        "spaces": right.claims.get("spaces"),
        "options": options,
        "rules": list(exercise.rules),
        "explanation": say("ui.exercise_answer_was", lang, answer=right.text.text(lang)),
        "steps": [{"words": s.words(lang), "rule": s.rule} for s in steps],
        "action": action,
    }

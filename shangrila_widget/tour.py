"""The rulebook tour as data: chapters of steps replayed on the engine, with narration.

Each chapter is a JSON file in ``data/tour/``: a start position and steps. A step names the
player who acts (the tour makes that player the one to move, as the rulebook's stories let
players act in the order they need), the action, what the engine must say (``"legal"`` or
the refusing rule id), the rule ids it teaches, narration in English and Polish, and what to
highlight. Loading a chapter replays it and checks every expectation, so a chapter that
disagrees with the engine cannot load.

>>> chapters = load_chapters()
>>> chapter = chapters[0]
>>> chapter.frames[0].step is None  # frame 0 is the start position
True
>>> [f.step.expect for f in chapter.frames[1:3]]
['legal', 'PLACE-SPACE']

Pure Python: no widget imports.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from shangrila_widget.render.highlight import HIGHLIGHT_KINDS, Highlight
from shangrila_widget.rules import (
    Action,
    IllegalActionError,
    Outcome,
    Position,
    Refusal,
    ShangrilaError,
    parse_action,
)
from shangrila_widget.rules.board import MASTER_TYPES, VILLAGES
from shangrila_widget.rules.editing import with_to_move
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Language, problem


class TourDataError(ShangrilaError):
    """A tour chapter file is malformed or disagrees with the engine."""


@dataclass(frozen=True)
class TourStep:
    """One step of a chapter as written in its data file."""

    player: str
    action: Action
    expect: str  # "legal" or the rule id that refuses the action
    narration: dict[str, str]
    teaches: tuple[str, ...] = ()
    out_of_turn: bool = False
    highlights: tuple[Highlight, ...] = ()

    def narrate(self, lang: Language = "en") -> str:
        return self.narration[lang]


@dataclass(frozen=True)
class Frame:
    """What the tour shows at one point: the position and how it came to be."""

    position: Position
    step: TourStep | None = None
    before: Position | None = None
    outcome: Outcome | None = None
    refusal: Refusal | None = None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule ids this frame speaks of: the refusal's or the events', then those taught."""
        ids: list[str] = []
        if self.refusal is not None:
            ids.append(self.refusal.rule)
        if self.outcome is not None:
            ids += [e.rule for e in self.outcome.events]
        if self.step is not None:
            ids += list(self.step.teaches)
        return tuple(dict.fromkeys(ids))


@dataclass(frozen=True)
class Chapter:
    """A worked example or scenario of the tour, replayed into frames."""

    id: str
    title: dict[str, str]
    intro: dict[str, str]
    rules: tuple[str, ...]
    start: Position
    steps: tuple[TourStep, ...]
    frames: tuple[Frame, ...] = field(repr=False)


def _texts(value: object, path: str) -> dict[str, str]:
    if not (
        isinstance(value, dict)
        and set(value) == {"en", "pl"}
        and all(isinstance(v, str) and v for v in value.values())
    ):
        raise TourDataError(problem("tour_texts", path=path))
    return dict(value)


def _highlight(data: object, path: str) -> Highlight:
    if not isinstance(data, dict) or data.get("kind") not in HIGHLIGHT_KINDS:
        raise TourDataError(problem("tour_highlight", path=path))
    village, master_type, bridge = data.get("village"), data.get("type"), data.get("bridge")
    if village is not None and village not in VILLAGES:
        raise TourDataError(problem("tour_village", path=path, value=excerpt(village)))
    if master_type is not None and master_type not in MASTER_TYPES:
        raise TourDataError(problem("tour_type", path=path, value=excerpt(master_type)))
    if bridge is not None and not (
        isinstance(bridge, list) and len(bridge) == 2 and all(v in VILLAGES for v in bridge)
    ):
        raise TourDataError(problem("tour_bridge", path=path, value=excerpt(bridge)))
    return Highlight(
        data["kind"],
        village,
        master_type,
        (bridge[0], bridge[1]) if bridge is not None else None,
    )


def _names(value: object, path: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TourDataError(problem("tour_rule_ids", path=path, value=excerpt(value)))
    return tuple(value)


def chapter_from_dict(data: object) -> Chapter:
    """Build and replay a chapter; raises :class:`TourDataError` on any disagreement."""
    if not isinstance(data, dict):
        raise TourDataError(problem("tour_chapter", value=excerpt(data)))
    chapter_id = data.get("id", "?")
    if not isinstance(chapter_id, str) or not re.fullmatch(r"[a-z0-9-]{1,60}|\?", chapter_id):
        raise TourDataError(problem("tour_id", value=excerpt(chapter_id)))
    try:
        start = Position.from_dict(data["start"])
    except (KeyError, ShangrilaError) as error:
        raise TourDataError(problem("tour_at", path=f"{chapter_id}.start", problem=error)) from None
    steps: list[TourStep] = []
    frames = [Frame(start)]
    position = start
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list):
        raise TourDataError(
            problem("tour_list", path=f"{chapter_id}.steps", value=excerpt(raw_steps))
        )
    for i, raw in enumerate(raw_steps):
        path = f"{chapter_id}.steps[{i}]"
        try:
            if not isinstance(raw, dict):
                raise TourDataError(problem("tour_step_object", value=excerpt(raw)))
            for key in ("player", "expect"):
                if not isinstance(raw.get(key, "legal"), str):
                    raise TourDataError(problem("tour_text", path=key, value=excerpt(raw[key])))
            highlights = raw.get("highlights", [])
            if not isinstance(highlights, list):
                raise TourDataError(
                    problem("tour_list", path="highlights", value=excerpt(highlights))
                )
            step = TourStep(
                player=raw["player"],
                action=parse_action(raw["action"]),
                expect=raw.get("expect", "legal"),
                narration=_texts(raw.get("narration"), f"{path}.narration"),
                teaches=_names(raw.get("teaches", []), f"{path}.teaches"),
                out_of_turn=raw.get("out_of_turn", False) is True,
                highlights=tuple(
                    _highlight(h, f"{path}.highlights[{j}]") for j, h in enumerate(highlights)
                ),
            )
            before = position if step.out_of_turn else with_to_move(position, step.player)
        except KeyError as error:
            raise TourDataError(problem("tour_missing_key", path=path, key=str(error))) from None
        except ShangrilaError as error:
            raise TourDataError(problem("tour_at", path=path, problem=error)) from None
        steps.append(step)
        try:
            outcome = before.play(step.action, step.player)
        except IllegalActionError as error:
            if step.expect != error.rule:
                raise TourDataError(
                    problem("tour_refused_instead", path=path, expect=step.expect, rule=error.rule)
                ) from None
            frames.append(Frame(position, step, before, refusal=error.refusal))
            continue
        except ShangrilaError as error:
            raise TourDataError(problem("tour_at", path=path, problem=error)) from None
        if step.expect != "legal":
            raise TourDataError(
                problem("tour_allowed_instead", path=path, expect=excerpt(step.expect))
            )
        position = outcome.position
        frames.append(Frame(position, step, before, outcome=outcome))
    return Chapter(
        id=chapter_id,
        title=_texts(data.get("title"), f"{chapter_id}.title"),
        intro=_texts(data.get("intro"), f"{chapter_id}.intro"),
        rules=_names(data.get("rules", []), f"{chapter_id}.rules"),
        start=start,
        steps=tuple(steps),
        frames=tuple(frames),
    )


@lru_cache(maxsize=1)
def load_chapters() -> tuple[Chapter, ...]:
    """Every chapter shipped in ``data/tour/``, in file-name order."""
    folder = resources.files("shangrila_widget").joinpath("data/tour")
    chapters = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            chapters.append(chapter_from_dict(json.loads(entry.read_text("utf-8"))))
    return tuple(chapters)

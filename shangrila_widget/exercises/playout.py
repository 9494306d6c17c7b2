"""An action played out step by step: one step per event the engine reports, with its rule id.

After an exercise is answered, the board shows the action happening: the journey set off,
the strengths compared, each traveller arriving (the board changing one space at a time), the
bridge falling, the stones, the end. Each step is the position to show, the event (its words
and its rule id) and what to point at.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
>>> steps = play_out(pos, "journey A B")
>>> tuple(s.rule for s in steps)
('JOURNEY-ALL', 'JOURNEY-STRENGTH', 'J1-OTHER', 'J-EMPTY', 'J1-OTHER', 'BRIDGE-COLLAPSE')
>>> steps[-1].position == pos.play("journey A B").position
True
>>> play_out(pos, "journey A M")[0].rule
'JOURNEY-BRIDGE'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shangrila_widget.render.highlight import Highlight
from shangrila_widget.rules import Event, Journey, Place, Position, Recruit, Refusal
from shangrila_widget.rules.actions import parse_action
from shangrila_widget.rules.messages import Language


@dataclass(frozen=True)
class PlayStep:
    """One step of an action played out: the position to show at that point, the event
    that happens (or the refusal of an illegal action) and the highlights."""

    position: Position
    event: Event | None
    refusal: Refusal | None = None
    highlights: tuple[Highlight, ...] = ()

    @property
    def rule(self) -> str:
        """The rule id behind this step."""
        if self.event is not None:
            return self.event.rule
        assert self.refusal is not None
        return self.refusal.rule

    def words(self, lang: Language = "en") -> str:
        """What happens at this step, in ``lang``."""
        if self.event is not None:
            return self.event.message(lang)
        assert self.refusal is not None
        return self.refusal.message(lang)


def play_out(pos: Position, action: str) -> tuple[PlayStep, ...]:
    """The steps of ``action`` on ``pos``: one per event (a refused action has one step, its
    refusal, on the position as it is). A journey's travellers arrive one at a time, and so
    do the students of a recruit; the last step shows the position after the action."""
    parsed = parse_action(action)
    refusal = pos.check(parsed)
    if refusal is not None:
        return (PlayStep(pos, None, refusal, _action_highlights(parsed, "refused")),)
    outcome = pos.play(parsed)
    after = outcome.position
    marks: tuple[Highlight, ...]
    steps: list[PlayStep] = []
    if isinstance(parsed, Recruit):  # the students arrive one at a time
        now = pos.to_dict()
        for event in outcome.events:
            shown = after
            if event.kind == "recruited":
                village, master_type = str(event.params["village"]), str(event.params["type"])
                now["villages"][village][master_type]["student"] = True
                shown = Position.from_dict(now) if event is not outcome.events[-1] else after
                marks = (Highlight("moved", village=village, type=master_type),)
            else:
                marks = _action_highlights(parsed, "moved")
            steps.append(PlayStep(shown, event, None, marks))
        if steps:
            steps[-1] = PlayStep(after, steps[-1].event, None, steps[-1].highlights)
        return tuple(steps)
    if not isinstance(parsed, Journey):
        done = _action_highlights(parsed, "moved")
        return tuple(PlayStep(after, event, None, done) for event in outcome.events)
    origin, destination = parsed.origin, parsed.destination
    now = pos.to_dict()
    now.setdefault("villages", {})
    final = after.to_dict().get("villages", {})
    shown = pos
    for event in outcome.events:
        if event.kind == "journey":
            marks = (Highlight("moved", bridge=(origin, destination)),) + tuple(
                Highlight("selected", village=origin, type=t)
                for t, tile in pos.tiles(origin).items()
                if tile.student
            )
        elif event.kind == "strength":
            marks = (
                Highlight("target", village=origin),
                Highlight("target", village=destination),
            )
        elif event.kind == "traveller":
            master_type = str(event.params["type"])
            for village in (origin, destination):
                _set_space(now["villages"], village, master_type, final.get(village, {}))
            shown = Position.from_dict(now)
            marks = (
                Highlight("moved", village=destination, type=master_type),
                Highlight("selected", village=origin, type=master_type),
            )
        else:  # the bridge, the stones, the end: the position after the journey
            shown = after
            if event.kind == "bridge":
                marks = (Highlight("refused", bridge=(origin, destination)),)
            elif event.kind == "stone":
                marks = (Highlight("target", village=str(event.params["village"])),)
            else:
                marks = ()
        steps.append(PlayStep(shown, event, None, marks))
    if steps and steps[-1].position != after:  # every traveller bounced, nothing else
        steps[-1] = PlayStep(after, steps[-1].event, None, steps[-1].highlights)
    return tuple(steps)


def _set_space(
    villages: dict[str, Any], village: str, master_type: str, final: dict[str, Any]
) -> None:
    spaces = villages.setdefault(village, {})
    if master_type in final:
        spaces[master_type] = dict(final[master_type])
    else:
        spaces.pop(master_type, None)


def _action_highlights(action: object, kind: str) -> tuple[Highlight, ...]:
    if isinstance(action, Place):
        return (Highlight(kind, village=action.village, type=action.type),)
    if isinstance(action, Recruit):
        return tuple(Highlight(kind, village=v, type=t) for t, v in action.students)
    if isinstance(action, Journey):
        return (Highlight(kind, bridge=(action.origin, action.destination)),)
    return ()


__all__ = ["PlayStep", "play_out"]

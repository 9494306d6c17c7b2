"""Works out the events of an action from the position before it: the slow, explained path.

The engine's :func:`~shangrila_widget.rules.applying.apply_unchecked` plays fast and says
nothing; this module replays the same rules with a log, only when someone reads the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shangrila_widget.rules.actions import Action, Journey, Pass, Place, Recruit
from shangrila_widget.rules.applying import origin_is_stronger, resolve_journey
from shangrila_widget.rules.board import COLOURS, MASTER_TYPES, VILLAGE_INDEX, VILLAGES
from shangrila_widget.rules.codes import OVER, SETUP, STUDENT_OFFSET
from shangrila_widget.rules.engine import scores, winners
from shangrila_widget.rules.results import Event

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


def describe(before: Position, action: Action, after: Position) -> tuple[Event, ...]:
    """The events of the legal ``action`` that turned ``before`` into ``after``."""
    player = before.to_move
    events: list[Event] = []
    if isinstance(action, Place):
        rule = "SETUP-SPACE" if before.packed.phase == SETUP else "PLACE-SPACE"
        events.append(
            Event(
                "placed", rule, {"player": player, "type": action.type, "village": action.village}
            )
        )
    elif isinstance(action, Recruit):
        events += [
            Event("recruited", "RECRUIT-OWN", {"player": player, "type": t, "village": v})
            for t, v in action.students
        ]
    elif isinstance(action, Journey):
        events += _journey_events(before, action, after)
    elif isinstance(action, Pass):
        if before.packed.phase == SETUP:
            events.append(Event("skipped", "SETUP-STUCK", {"player": player}))
        else:
            events.append(
                Event("passed", "TURN-PASS", {"player": player, "in_a_row": after.passes})
            )
    if before.packed.phase == SETUP and after.packed.phase != SETUP:
        events.append(Event("setup_over", "SETUP-ORDER", {"player": after.to_move}))
    if after.packed.phase == OVER:
        if isinstance(action, Pass):
            end_rule = "END-STALL"
        elif after.end_eleven and after.bridges:
            end_rule = "END-ELEVEN"
        else:
            end_rule = "END"
        events.append(Event("game_over", end_rule, {"stones": len(after.stones)}))
        table = scores(after)
        best = winners(after)
        top_masters = table[best[0]][0]
        tie_on_masters = sum(1 for m, _ in table.values() if m == top_masters) > 1
        events.append(
            Event(
                "score",
                "SCORE-TIE" if tie_on_masters else "SCORE",
                {"scores": {c: list(s) for c, s in table.items()}, "winners": list(best)},
            )
        )
    return tuple(events)


def _journey_events(before: Position, action: Journey, after: Position) -> list[Event]:
    player = before.to_move
    origin = VILLAGE_INDEX[action.origin]
    destination = VILLAGE_INDEX[action.destination]
    cells_before = before.packed.cells
    cells = list(cells_before)
    travellers = [
        (COLOURS[(c - 1 - STUDENT_OFFSET) % 4], MASTER_TYPES[t])
        for t, c in enumerate(cells[origin * 7 : origin * 7 + 7])
        if c > STUDENT_OFFSET
    ]
    events = [
        Event(
            "journey",
            "JOURNEY-ALL",
            {
                "player": player,
                "origin": action.origin,
                "destination": action.destination,
                "travellers": [list(t) for t in travellers],
            },
        )
    ]
    origin_wins, rule = origin_is_stronger(cells, origin, destination)
    events.append(
        Event(
            "strength",
            rule,
            {
                "origin": action.origin,
                "destination": action.destination,
                "origin_strength": before.strength(action.origin),
                "destination_strength": before.strength(action.destination),
                "origin_masters": before.masters_in(action.origin),
                "destination_masters": before.masters_in(action.destination),
                "situation": 1 if origin_wins else 2,
                "stronger": action.origin if origin_wins else action.destination,
            },
        )
    )
    log: list[tuple[str, int, int, int]] = []
    resolve_journey(cells, list(before.packed.supply), origin, destination, log)
    for traveller_rule, colour, t, displaced in log:
        params = {
            "colour": COLOURS[colour],
            "type": MASTER_TYPES[t],
            "destination": action.destination,
            "situation": 1 if origin_wins else 2,
        }
        if displaced >= 0:
            params["owner"] = COLOURS[displaced]
            params["had_student"] = cells_before[destination * 7 + t] > STUDENT_OFFSET
        events.append(Event("traveller", traveller_rule, params))
    events.append(Event("bridge", "BRIDGE-COLLAPSE", {"a": action.origin, "b": action.destination}))
    new_stones = after.packed.stones & ~before.packed.stones
    events += [
        Event("stone", "STONE", {"village": village, "count": len(after.stones)})
        for v, village in enumerate(VILLAGES)
        if new_stones >> v & 1
    ]
    return events

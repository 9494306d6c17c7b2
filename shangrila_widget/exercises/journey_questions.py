"""The questions on a journey: what happens, which village is stronger, which journey drives a
colour out of a village, and which spaces change; each wrong option right under a misreading.

>>> from random import Random
>>> exercise = find_changes(Random(4), ("red", "blue", "yellow", "violet"), "x")
>>> exercise.kind, sum(o.correct for o in exercise.options)
('find_changes', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from random import Random
from typing import Any, Final

from shangrila_widget.exercises.exercise import Exercise, Option, Sentence, distinct, finish
from shangrila_widget.exercises.model import Claims, journey_claims, stronger
from shangrila_widget.exercises.positions import (
    JOURNEY_READINGS,
    TRIES,
    before_eleventh,
    ends_at_eleven,
    journey_at_work,
    journeys_of,
    random_position,
)
from shangrila_widget.rules import MASTER_TYPES, Journey, Position

_STRENGTH_READINGS: Final = (
    "strength-masters-only",
    "travellers-not-counted",
    "tie-to-start",
    "no-masters-tiebreak",
)


def _journey_summary(
    pos: Position, action: Journey, claims: Claims, misreading: str | None
) -> Sentence:
    """An outcome in words: the destination's changed spaces, the bridge, stones, the end."""
    origin, destination = action.origin, action.destination
    before = pos.tiles(destination)
    after = claims["villages"][destination]
    spaces = []
    for master_type in MASTER_TYPES:
        old, new = before.get(master_type), after.get(master_type)
        if new is None and old is None:
            continue
        if (
            new is not None
            and old is not None
            and (old.owner, old.student) == (new["owner"], new["student"])
        ):
            continue
        if new is None:
            spaces.append(Sentence("space_empty", {"type": master_type}))
            continue
        key = "space_pair" if new["student"] else "space_master"
        if (
            misreading == "student-becomes-master"
            and new["student"]
            and old is not None
            and old.owner == new["owner"]
            and claims["situation"] == 1
        ):
            key = "space_two_masters"
        spaces.append(Sentence(key, {"type": master_type, "colour": new["owner"]}))
    parts = []
    if pos.tiles(origin) and not claims["villages"][origin]:
        parts.append(Sentence("village_emptied", {"village": origin}))
    parts.append(
        Sentence(
            "in_village", {"village": destination, "spaces": Sentence("list", parts=tuple(spaces))}
        )
        if spaces
        else Sentence("nothing_changes", {"village": destination})
    )
    bridge = f"{min(origin, destination)}-{max(origin, destination)}"
    stands = [min(origin, destination), max(origin, destination)] in claims["bridges"]
    parts.append(Sentence("bridge_stays" if stands else "bridge_falls", {"bridge": bridge}))
    new_stones = sorted(set(claims["stones"]) - set(pos.stones))
    if new_stones:
        parts.append(Sentence("new_stones", {"villages": ", ".join(new_stones)}))
    if misreading == "displaced-student-stays":
        for master_type in MASTER_TYPES:
            old = before.get(master_type)
            new = after.get(master_type)
            if old is not None and old.student and new is not None and new["owner"] != old.owner:
                parts.append(Sentence("student_stays", {"colour": old.owner, "type": master_type}))
    returned = [
        Sentence("tile_count", {"colour": c, "type": t, "count": n})
        for c, n_by_type in sorted(_returned(pos, action, claims, misreading).items())
        for t, n in n_by_type.items()
    ]
    if returned:
        key = "lost_tiles" if misreading == "tiles-lost" else "to_supply"
        parts.append(Sentence(key, {"tiles": Sentence("list", parts=tuple(returned))}))
    if claims["over"]:
        parts.append(Sentence("game_ends"))
    return Sentence("list", parts=tuple(parts))


def _returned(
    pos: Position, action: Journey, claims: Claims, misreading: str | None
) -> dict[str, dict[str, int]]:
    """The tiles a journey sends back to a supply by colour (or, ``tiles-lost``, loses: the
    tiles taken off the two villages)."""
    result: dict[str, dict[str, int]] = {}
    for colour in pos.players:
        for master_type in MASTER_TYPES:
            if misreading == "tiles-lost":
                gone = _on(pos, action, colour, master_type) - _on_claims(
                    claims, action, colour, master_type
                )
            else:
                gone = claims["supply"][colour][master_type] - pos.supply(colour, master_type)
            if gone > 0:
                result.setdefault(colour, {})[master_type] = gone
    return result


def _on(pos: Position, action: Journey, colour: str, master_type: str) -> int:
    count = 0
    for village in (action.origin, action.destination):
        tile = pos.tile(village, master_type)
        if tile is not None and tile.owner == colour:
            count += 2 if tile.student else 1
    return count


def _on_claims(claims: Claims, action: Journey, colour: str, master_type: str) -> int:
    count = 0
    for village in (action.origin, action.destination):
        tile = claims["villages"][village].get(master_type)
        if tile is not None and tile["owner"] == colour:
            count += 2 if tile["student"] else 1
    return count


def what_happens(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    for _ in range(TRIES):
        if target == "END-ELEVEN":
            pos = before_eleventh(rng, colours)
            journeys = [j for j in journeys_of(pos) if ends_at_eleven(pos, j)]
        else:
            pos = random_position(rng, colours, last=target == "END")
            journeys = journeys_of(pos)
        action = journey_at_work(rng, pos, journeys, target)
        if action is None:
            continue
        o, d = action.origin, action.destination
        truth = journey_claims(pos, o, d)
        keys = ("situation", "villages", "bridges", "stones", "over", "supply", "masters")
        options = [
            Option(
                _journey_summary(pos, action, truth, None),
                True,
                None,
                {k: truth[k] for k in keys},
            )
        ]
        for reading in JOURNEY_READINGS:
            claims = journey_claims(pos, o, d, reading)
            text = _journey_summary(pos, action, claims, reading)
            options.append(Option(text, False, reading, {k: claims[k] for k in keys}))
        options = distinct(options)
        options = [o_ for o_ in options if o_.correct or o_.text != options[0].text]
        if len(options) >= 3:
            key = "q_what_happens_eleven" if pos.end_eleven else "q_what_happens"
            question = Sentence(key, {"player": pos.to_move, "action": str(action)})
            return finish(rng, ident, "what_happens", question, pos, str(action), options)
    return None


def stronger_village(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    target = rng.choice(("JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER"))
    fallback: Exercise | None = None
    for _ in range(TRIES):
        pos = random_position(rng, colours)
        for action in journeys_of(pos):
            o, d = action.origin, action.destination
            wins, rule = stronger(pos, o, d)
            options = [_stronger_option(o, d, wins, rule, None)]
            for reading in _STRENGTH_READINGS:
                w, r = stronger(pos, o, d, reading)
                options.append(_stronger_option(o, d, w, r, reading))
            options = distinct(options)
            if len(options) < 2:
                continue
            question = Sentence(
                "q_stronger", {"player": pos.to_move, "origin": o, "destination": d}
            )
            exercise = finish(rng, ident, "stronger", question, pos, str(action), options)
            if rule == target:
                return exercise
            fallback = fallback or exercise
    return fallback


def _stronger_option(o: str, d: str, wins: bool, rule: str, reading: str | None) -> Option:
    village = o if wins else d
    return Option(
        Sentence(f"o_stronger_{rule}", {"village": village}),
        reading is None,
        reading,
        {"situation": 1 if wins else 2, "strength_rule": rule},
    )


def _drives_out(villages: Mapping[str, Any], village: str, colour: str) -> bool:
    return all(tile["owner"] != colour for tile in villages.get(village, {}).values())


def find_journey(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    """ "Find the journey that drives Blue out of D": exactly one legal journey does it under
    the rules; the wrong options are journeys that do it under a misreading."""
    for _ in range(TRIES):
        pos = random_position(rng, colours)
        journeys = journeys_of(pos)
        targets = sorted(
            {
                (j.destination, tile.owner)
                for j in journeys
                for tile in pos.tiles(j.destination).values()
                if tile.owner != pos.to_move
            }
        )
        rng.shuffle(targets)
        after = {j: journey_claims(pos, j.origin, j.destination)["villages"] for j in journeys}
        for village, colour in targets:
            into = [j for j in journeys if j.destination == village]
            right = [j for j in into if _drives_out(after[j], village, colour)]
            if len(right) != 1:
                continue
            options = [_find_option(pos, right[0], None)]
            for j in into:
                if j == right[0]:
                    continue
                for reading in JOURNEY_READINGS:
                    claims = journey_claims(pos, j.origin, village, reading)
                    if _drives_out(claims["villages"], village, colour):
                        options.append(_find_option(pos, j, reading))
                        break
            if len(options) < 2:
                continue
            question = Sentence(
                "q_find_journey", {"player": pos.to_move, "colour": colour, "village": village}
            )
            return finish(rng, ident, "find_journey", question, pos, None, options)
    return None


def _find_option(pos: Position, journey: Journey, reading: str | None) -> Option:
    claims = journey_claims(pos, journey.origin, journey.destination, reading)
    village = journey.destination
    return Option(
        Sentence("o_action", {"action": str(journey)}),
        reading is None,
        reading,
        {"action": str(journey), "villages": {village: claims["villages"][village]}},
    )


def find_changes(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    """ "Find every space that changes": a journey, and the set of spaces whose tile changes
    (compared before and after by the engine); the wrong options are the sets a misreading
    changes."""
    for _ in range(TRIES):
        pos = random_position(rng, colours, last=target == "END")
        action = journey_at_work(rng, pos, journeys_of(pos), target)
        if action is None:
            continue
        options = [_changes_option(pos, action, None)]
        seen = [options[0].claims["spaces"]]
        for reading in JOURNEY_READINGS:
            option = _changes_option(pos, action, reading)
            if option.claims["spaces"] not in seen:
                seen.append(option.claims["spaces"])
                options.append(option)
        if len(options) >= 2:
            question = Sentence("q_find_changes", {"player": pos.to_move, "action": str(action)})
            return finish(rng, ident, "find_changes", question, pos, str(action), options)
    return None


def _changes_option(pos: Position, journey: Journey, reading: str | None) -> Option:
    claims = journey_claims(pos, journey.origin, journey.destination, reading)
    spaces = claims["spaces"]
    return Option(
        spaces_text(spaces),
        reading is None,
        reading,
        {"spaces": spaces, "villages": claims["villages"]},
    )


def spaces_text(spaces: Iterable[Sequence[str]]) -> Sentence:
    """Spaces ``[village, type]`` in words, by village ("in A: Rainmaker; in B: Healer,
    Priest").

    >>> spaces_text([["A", "rainmaker"], ["B", "healer"], ["B", "priest"]]).say("en")
    'in A: Rainmaker; in B: Healer, Priest'
    """
    by_village: dict[str, list[str]] = {}
    for village, master_type in spaces:
        by_village.setdefault(village, []).append(master_type)
    parts = tuple(
        Sentence(
            "in_village",
            {
                "village": village,
                "spaces": Sentence(
                    "commas", parts=tuple(Sentence("type_name", {"type": t}) for t in types)
                ),
            },
        )
        for village, types in by_village.items()
    )
    return Sentence("list", parts=parts) if parts else Sentence("no_spaces")


__all__ = ["find_changes", "find_journey", "spaces_text", "stronger_village", "what_happens"]

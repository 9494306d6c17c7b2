"""The single edits of a position that may lift a refusal (a bridge that still stood, a
master of one's own, another player to move, ...), each with its words and how it is made on
the position's public JSON; whether one does lift it, the engine decides
(:func:`~shangrila_widget.rules.legal_if.legal_if`).

>>> from shangrila_widget.rules import Journey, Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> refusal = pos.check("journey B A")
>>> refusal.key, [c.text("en") for c in changes_for(pos, Journey("B", "A"), refusal)]
('bridge_gone', ['the bridge A-B still stood'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from shangrila_widget.rules.actions import Action, Journey, Place, Recruit
from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    BRIDGES,
    MASTER_TYPES,
    VILLAGE_BRIDGES,
    VILLAGE_INDEX,
    VILLAGES,
)
from shangrila_widget.rules.codes import SETUP
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Language
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.results import Refusal
from shangrila_widget.rules.ruling_words import say


@dataclass(frozen=True)
class Change:
    """One edit of a position: its words (a key of :data:`WORDS` and the facts) and what it
    does to the public JSON of the position."""

    key: str
    params: Mapping[str, str]
    apply: Callable[[dict[str, Any]], None] = field(compare=False, repr=False)

    def text(self, lang: Language = "en") -> str:
        """The change as a clause ("the bridge A-B still stood")."""
        return say(self.key, lang, **self.params)


def edited(pos: Position, changes: tuple[Change, ...]) -> Position | None:
    """``pos`` with ``changes`` made, or None where the position reader refuses the result.

    The edits work on the public JSON (like :mod:`~shangrila_widget.rules.editing`), with
    one difference: during set-up the set-up turns taken are kept, so that taking a tile
    off the board does not hand the turn to another player (``with_tile`` lets the turn
    follow the tiles)."""
    data = pos.to_dict()
    if pos.packed.phase == SETUP:
        data["setup_turns"] = pos.packed.setup_turns
    for change in changes:
        change.apply(data)
    try:
        return Position.from_dict(data)
    except ShangrilaError:
        return None


def _set_space(village: str, master_type: str, owner: str | None, student: bool = False) -> Any:
    def apply(data: dict[str, Any]) -> None:
        spaces = data["villages"].setdefault(village, {})
        if owner is None:
            spaces.pop(master_type, None)
        else:
            spaces[master_type] = {"owner": owner, "student": student}

    return apply


def to_play_phase(data: dict[str, Any]) -> None:
    data["phase"] = "play"
    data.pop("setup_turns", None)
    data.pop("passes", None)


def turn_change(colour: str) -> Change:
    def apply(data: dict[str, Any]) -> None:
        data["to_move"] = colour

    return Change("change.turn", {"player": colour}, apply)


def _bridge_change(bridge: int) -> Change:
    a, b = BRIDGES[bridge]

    def apply(data: dict[str, Any]) -> None:
        if [a, b] not in data["bridges"]:
            data["bridges"].append([a, b])
        data.pop("stones", None)  # derived again from the bridges
        if data["phase"] == "over":  # a bridge still standing: the game goes on
            to_play_phase(data)

    return Change("change.bridge", {"a": a, "b": b}, apply)


def _standard_change(data: dict[str, Any]) -> None:
    data.pop("options", None)
    if data["phase"] == "over":
        to_play_phase(data)


def _space_change(key: str, village: str, master_type: str, **params: str) -> Change:
    """A change of one space, by the kind of change its words name."""
    owner = params.get("owner") or params.get("player")
    apply = {
        "change.empty_space": _set_space(village, master_type, None),
        "change.remove_master": _set_space(village, master_type, None),
        "change.remove_student": _set_space(village, master_type, owner, False),
        "change.supply_student": _set_space(village, master_type, owner, False),
        "change.supply_master": _set_space(village, master_type, None),
        "change.add_master": _set_space(village, master_type, owner, False),
        "change.own_master": _set_space(village, master_type, owner, False),
        "change.add_student": _set_space(village, master_type, owner, True),
        "change.add_pair": _set_space(village, master_type, owner, True),
    }[key]
    return Change(key, {"type": master_type, "village": village, **params}, apply)


def _supply_changes(pos: Position, colour: str, master_type: str) -> Iterator[Change]:
    """Each way of taking one of ``colour``'s tiles of ``master_type`` off the board."""
    for village in VILLAGES:
        tile = pos.tile(village, master_type)
        if tile is None or tile.owner != colour:
            continue
        key = "change.supply_student" if tile.student else "change.supply_master"
        yield _space_change(key, village, master_type, player=colour)


def changes_for(pos: Position, action: Action, refusal: Refusal) -> Iterator[Change]:
    """The single edits of ``pos`` that could lift ``refusal`` (one of
    :func:`failing_conditions`); whether one does, the engine decides (:func:`legal_if`)."""
    rule, key, params = refusal.rule, refusal.key, refusal.params
    player = str(params.get("player", pos.to_move))
    if rule == "TURN-ORDER":
        yield turn_change(player)
    elif rule == "END":
        if pos.end_eleven:
            yield Change("change.standard", {}, _standard_change)
        yield Change("change.not_over", {}, to_play_phase)
        for village in _villages_of(action):
            yield from _bridges_of(pos, village)
    elif rule == "PEACE":
        yield from _bridges_of(pos, str(params["village"]))
    elif rule == "SETUP-ORDER":
        yield Change("change.play_phase", {}, to_play_phase)
    elif key == "setup_type_used":
        master_type = str(params["type"])
        for village in VILLAGES:
            if pos.tile(village, master_type) == (player, False):
                yield _space_change("change.remove_master", village, master_type, owner=player)
    elif key == "space_taken":
        yield _space_change("change.empty_space", str(params["village"]), str(params["type"]))
    elif key in ("setup_cap_colour", "setup_cap_total"):
        village = str(params["village"])
        for master_type, tile in pos.tiles(village).items():
            if key == "setup_cap_total" or tile.owner == player:
                yield _space_change("change.remove_master", village, master_type, owner=tile.owner)
    elif key in ("no_supply", "recruit_supply"):
        yield from _supply_changes(pos, player, str(params["type"]))
    elif key == "no_presence":
        village = str(params["village"])
        for master_type in MASTER_TYPES:
            if master_type != params["type"] and pos.tile(village, master_type) is None:
                yield _space_change("change.add_master", village, master_type, player=player)
    elif key == "master_has_student":
        yield _space_change(
            "change.remove_student", str(params["village"]), str(params["type"]), owner=player
        )
    elif key == "no_master_here":
        yield _space_change(
            "change.add_master", str(params["village"]), str(params["type"]), player=player
        )
    elif key == "not_own_master":
        yield _space_change(
            "change.own_master", str(params["village"]), str(params["type"]), player=player
        )
    elif key == "bridge_gone":
        yield _bridge_change(BRIDGE_INDEX[(str(params["origin"]), str(params["destination"]))])
    elif key == "no_student":
        village = str(params["origin"])
        tiles = pos.tiles(village)
        for master_type, tile in tiles.items():  # a student on a master of the player's
            if tile == (player, False):
                yield _space_change("change.add_student", village, master_type, player=player)
        for master_type in MASTER_TYPES:  # else a new master with its student
            if master_type not in tiles:
                yield _space_change("change.add_pair", village, master_type, player=player)
    # SETUP-THREE, RECRUIT-COUNT, same_master_twice, same_village, not_neighbours, TURN-PASS
    # and SETUP-STUCK: no change of the position lifts them (the action itself is wrong)


def _villages_of(action: Action) -> tuple[str, ...]:
    if isinstance(action, Place):
        return (action.village,)
    if isinstance(action, Recruit):
        return tuple(dict.fromkeys(v for _, v in action.students))
    if isinstance(action, Journey):
        return (action.origin, action.destination)
    return ()


def _bridges_of(pos: Position, village: str) -> Iterator[Change]:
    for bridge, _ in VILLAGE_BRIDGES[VILLAGE_INDEX[village]]:
        if not pos.packed.bridges >> bridge & 1:
            yield _bridge_change(bridge)


__all__ = ["Change", "changes_for", "edited", "to_play_phase", "turn_change"]

"""Editing a position: one space, one bridge or the player to move changed.

Every edit goes through the same checks as the JSON reader, so an impossible edit is refused
with a :class:`~shangrila_widget.rules.errors.PositionError` and the position it was tried on
stays as it was (an argument of the wrong Python type, such as a tile that is no
:class:`~shangrila_widget.rules.position.Tile`, is a ``TypeError``):

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow"]).play("place healer A").position
>>> edited = with_tile(pos, "B", "priest", Tile("blue", False))
>>> edited.tile("B", "priest")
Tile(owner='blue', student=False)
>>> with_tile(pos, "C", "priest", Tile("blue", False))
Traceback (most recent call last):
...
shangrila_widget.rules.errors.PositionError: villages.C: village C is out of play with 3 \
players and stays empty
"""

from __future__ import annotations

from typing import Any

from shangrila_widget.rules.board import BRIDGE_INDEX, BRIDGES, MASTER_TYPES, VILLAGE_INDEX
from shangrila_widget.rules.errors import PositionError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position, Tile


def _edited(pos: Position, change: dict[str, Any]) -> Position:
    data = pos.to_dict()
    data.update(change)
    return Position.from_dict(data)


def with_tile(pos: Position, village: str, master_type: str, tile: Tile | None) -> Position:
    """The position with one space set to ``tile`` (or emptied with None).

    During set-up the turn follows the tiles placed, so the player to move moves with them.
    """
    if not isinstance(village, str) or village not in VILLAGE_INDEX:
        raise PositionError("village", problem("unknown_village", value=excerpt(village)))
    if not isinstance(master_type, str) or master_type not in MASTER_TYPES:
        raise PositionError("type", problem("unknown_master_type", value=excerpt(master_type)))
    if tile is not None and not isinstance(tile, Tile):
        raise TypeError(f"tile: expected a Tile or None, got {excerpt(tile)}")
    villages = pos.to_dict()["villages"]
    spaces = villages.setdefault(village, {})
    if tile is None:
        spaces.pop(master_type, None)
    else:
        spaces[master_type] = {"owner": tile.owner, "student": tile.student}
    change: dict[str, Any] = {"villages": villages}
    if pos.phase == "setup":
        placed = sum(1 for v in villages.values() for _ in v)
        change["to_move"] = pos.players[placed % len(pos.players)]
    return _edited(pos, change)


def with_bridge(pos: Position, a: str, b: str, intact: bool) -> Position:
    """The position with the bridge a-b standing or broken; stones follow the bridges
    (a village left without a bridge gets one, a village given one back loses it)."""
    if not (isinstance(a, str) and isinstance(b, str) and (a, b) in BRIDGE_INDEX):
        raise PositionError(
            "bridges", problem("no_bridge", bridge=f"{excerpt(a, 8)}-{excerpt(b, 8)}")
        )
    if not isinstance(intact, bool):
        raise TypeError(f"intact: expected True or False, got {excerpt(intact)}")
    key = (a, b)
    pair = BRIDGES[BRIDGE_INDEX[key]]
    bridges = set(pos.bridges) - {pair} | ({pair} if intact else set())
    data = pos.to_dict()
    data["bridges"] = [list(x) for x in BRIDGES if x in bridges]
    del data["stones"]  # derived again from the bridges
    return Position.from_dict(data)


def with_to_move(pos: Position, colour: str) -> Position:
    """The position with ``colour`` to move (the rulebook's examples let players act in the
    order their story needs)."""
    return _edited(pos, {"to_move": colour})


__all__ = ["with_bridge", "with_tile", "with_to_move"]

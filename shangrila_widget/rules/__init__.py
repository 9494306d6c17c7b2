"""The rules of The Bridges of Shangri-La: pure Python, typed, no widget imports.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> outcome = pos.play("place healer A")
>>> outcome.events[0].message("en")
'Red places a Healer master in village A.'
"""

from shangrila_widget.rules.actions import (
    Action,
    Journey,
    Pass,
    Place,
    Recruit,
    parse_action,
)
from shangrila_widget.rules.board import (
    BRIDGES,
    COLOURS,
    MASTER_TYPES,
    VILLAGES,
    Colour,
    MasterType,
)
from shangrila_widget.rules.compact import from_compact, to_compact
from shangrila_widget.rules.editing import with_bridge, with_tile, with_to_move
from shangrila_widget.rules.engine import (
    apply_unchecked,
    check,
    leaders,
    legal_actions,
    play,
    random_action,
    scores,
    winners,
)
from shangrila_widget.rules.errors import (
    ActionParseError,
    IllegalActionError,
    PositionError,
    RecordError,
    ShangrilaError,
)
from shangrila_widget.rules.messages import Language
from shangrila_widget.rules.position import Position, PositionParts, Tile, as_position
from shangrila_widget.rules.record import GameRecord, Node
from shangrila_widget.rules.results import Event, Outcome, Refusal

__all__ = [
    "Action",
    "ActionParseError",
    "BRIDGES",
    "COLOURS",
    "Colour",
    "Event",
    "GameRecord",
    "Node",
    "IllegalActionError",
    "Journey",
    "Language",
    "MASTER_TYPES",
    "MasterType",
    "Outcome",
    "Pass",
    "Place",
    "Position",
    "PositionError",
    "PositionParts",
    "Recruit",
    "RecordError",
    "Refusal",
    "ShangrilaError",
    "Tile",
    "VILLAGES",
    "apply_unchecked",
    "as_position",
    "check",
    "from_compact",
    "to_compact",
    "with_bridge",
    "with_tile",
    "with_to_move",
    "leaders",
    "legal_actions",
    "parse_action",
    "play",
    "random_action",
    "scores",
    "winners",
]

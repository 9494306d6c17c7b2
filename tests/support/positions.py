"""Positions for the tests: the players, compact position building, seeded random games and
the rulebook's worked examples as the package's tour data holds them.

A village is written compactly as space-separated ``<type letter>:<colour letter>[+]``
items, ``+`` meaning the master has a student: ``"R:y+ P:r"`` is a Yellow Rainmaker master
with its student and a Red Priest master. Type letters are the rules' R A D P Y F H, colour
letters r b y v. A village may also be given as its JSON spaces (``{"healer": MS("red")}``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from shangrila_widget.rules import COLOURS, MASTER_TYPES, VILLAGES, Position
from shangrila_widget.rules.board import TYPE_LETTERS
from shangrila_widget.tour import Chapter, load_chapters

FOUR = ("red", "blue", "yellow", "violet")
THREE = ("red", "blue", "yellow")
FORMAT = "shangrila-position/1"

LETTER_TYPE = {letter: t for t, letter in TYPE_LETTERS.items()}
LETTER_COLOUR = {c[0]: c for c in COLOURS}


def M(owner: str) -> dict[str, Any]:
    """The JSON of a master without a student."""
    return {"owner": owner, "student": False}


def MS(owner: str) -> dict[str, Any]:
    """The JSON of a master with its student."""
    return {"owner": owner, "student": True}


def spaces(spec: str) -> dict[str, dict[str, Any]]:
    """The JSON spaces of one village from its compact form."""
    result: dict[str, dict[str, Any]] = {}
    for item in spec.split():
        letter, tile = item.split(":")
        master_type = LETTER_TYPE[letter]
        assert master_type not in result, f"space {master_type} written twice in {spec!r}"
        result[master_type] = {"owner": LETTER_COLOUR[tile[0]], "student": tile.endswith("+")}
    return result


def position_dict(
    villages: Mapping[str, str | Mapping[str, Any]],
    *,
    players: Sequence[str] = FOUR,
    to_move: str | None = None,
    phase: str = "play",
    bridges: Iterable[Sequence[str]] | None = None,
    stones: Iterable[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A public JSON position (as a dict) from compact (or JSON) villages."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": list(players),
        "to_move": to_move or players[0],
        "phase": phase,
        "villages": {
            v: spaces(spec) if isinstance(spec, str) else dict(spec)
            for v, spec in villages.items()
            if not isinstance(spec, str) or spec.strip()
        },
    }
    if bridges is not None:
        data["bridges"] = [list(b) for b in bridges]
    if stones is not None:
        data["stones"] = list(stones)
    data.update(extra)
    return data


def make(villages: Mapping[str, str | Mapping[str, Any]], **kwargs: Any) -> Position:
    """A position from compact villages (see :func:`position_dict`); four players, Red to
    move and the play phase unless told otherwise."""
    return Position.from_dict(position_dict(villages, **kwargs))


def village(pos: Position, v: str) -> str:
    """The compact form of one village of ``pos``, in type order."""
    return " ".join(
        f"{TYPE_LETTERS[t]}:{tile.owner[0]}{'+' if tile.student else ''}"
        for t, tile in pos.tiles(v).items()
    )


def board(pos: Position) -> dict[str, str]:
    """Every occupied village of ``pos`` in compact form."""
    return {v: village(pos, v) for v in VILLAGES if pos.tiles(v)}


def normal(spec: str) -> str:
    """A compact village spec rewritten in type order (for exact comparison)."""
    order = {TYPE_LETTERS[t]: i for i, t in enumerate(MASTER_TYPES)}
    return " ".join(sorted(spec.split(), key=lambda item: order[item.split(":")[0]]))


def as_mover(pos: Position, colour: str) -> Position:
    """``pos`` with ``colour`` to move (the tour's stepper lets the story's player act)."""
    data = pos.to_dict()
    data["to_move"] = colour
    return Position.from_dict(data)


def random_game(seed: int, moves: int, players: Sequence[str] = FOUR) -> Position:
    """``moves`` random legal actions from a new game (or fewer if it ends first)."""
    rng = random.Random(seed)
    pos = Position.new_game(list(players))
    for _ in range(moves):
        if pos.is_over:
            break
        pos = pos.play(rng.choice(pos.legal_actions())).position
    return pos


# ------------------------------------------------------------------ the rulebook's examples

#: The tour chapters of the rulebook's four worked examples (``data/tour/01..04``).
WORKED_EXAMPLES = (
    "placing-a-master",
    "recruiting-students",
    "journey-situation-1",
    "journey-situation-2",
)


@cache
def chapter(chapter_id: str) -> Chapter:
    """One chapter of the package's tour, by id."""
    return {c.id: c for c in load_chapters()}[chapter_id]


def worked_example(number: int) -> Position:
    """The start of the rulebook's worked example ``number`` (1-4), from the tour data."""
    return chapter(WORKED_EXAMPLES[number - 1]).start


def tour_positions() -> list[tuple[str, Position]]:
    """Every worked example's start and the position after its first step."""
    out: list[tuple[str, Position]] = []
    for chapter_id in WORKED_EXAMPLES:
        frames = chapter(chapter_id).frames
        out.append((f"{chapter_id}-start", frames[0].position))
        out.append((f"{chapter_id}-after", frames[1].position))
    return out

"""The words of a board picture: its accessible title and description, and the few words
drawn on it (phase, out of play), in English and Polish.

The SVG painter puts :func:`position_title` and :func:`position_description` into
``<title>``/``<desc>`` and each tile's :func:`describe_tile` into its group's ``<title>``, so a
screen reader can read the whole position.

>>> from shangrila_widget.rules import Position
>>> position_title(Position.new_game(["red", "blue", "yellow"]), "pl")
'Mosty Shangri-La: graczy 3, rozmieszczanie, ruch: Czerwony'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shangrila_widget.rules.board import BRIDGES, VILLAGES, board_bridges
from shangrila_widget.rules.messages import check_language, colour_name, say

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


def scene_text(lang: str, key: str, **params: object) -> str:
    """One of the picture's own words (``scene.<key>``) in ``lang``, filled in."""
    return say(f"scene.{key}", check_language(lang), **params)


def position_title(position: Position, lang: str) -> str:
    """One line: the game, the player count, the phase and who moves."""
    to_move = scene_text(lang, "to_move", colour=position.to_move)
    if position.is_over:
        to_move = ""
    title = scene_text(
        lang,
        "title",
        players=len(position.players),
        phase=scene_text(lang, position.phase),
        to_move=to_move,
    )
    return title.rstrip(", ")


def describe_tile(colour: str, master_type: str, role: str, lang: str = "en") -> str:
    """Accessible text for one tile (``role``: "master", "with_student" or "student").

    >>> describe_tile("red", "healer", "with_student")
    'Red Healer master with a student'
    """
    return scene_text(lang, role, colour=colour, type=master_type)


def position_description(position: Position, lang: str) -> str:
    """The whole position in words: each village, the broken bridges, stones, masters."""
    lines: list[str] = []
    for village in VILLAGES:
        head = scene_text(lang, "village", v=village)
        if not position.in_play(village):
            lines.append(f"{head}: {scene_text(lang, 'out_of_play')}.")
            continue
        tiles = position.tiles(village)
        parts = [
            describe_tile(t.owner, mt, "with_student" if t.student else "master", lang)
            for mt, t in tiles.items()
        ]
        stone = f", {scene_text(lang, 'stone')}" if position.has_stone(village) else ""
        body = "; ".join(parts) if parts else scene_text(lang, "empty")
        lines.append(
            f"{head} ({scene_text(lang, 'strength', n=position.strength(village))}{stone}): {body}."
        )
    broken = [
        f"{a}-{b}"
        for a, b in BRIDGES
        if (a, b) in board_bridges(len(position.players)) and not position.bridge_intact(a, b)
    ]
    lines.append(
        scene_text(lang, "broken", list=", ".join(broken))
        if broken
        else scene_text(lang, "no_broken")
    )
    if position.stones:
        lines.append(scene_text(lang, "stones", list=", ".join(sorted(position.stones))))
    masters = [
        f"{colour_name(c, check_language(lang))}: "
        f"{scene_text(lang, 'masters', n=position.masters_of(c))}"
        for c in position.players
    ]
    lines.append("; ".join(masters) + ".")
    return "\n".join(lines)

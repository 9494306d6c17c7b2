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


def position_title(position: Position, lang: str) -> str:
    """One line: the game, the player count, the phase and who moves."""
    language = check_language(lang)
    to_move = say("scene.to_move", language, colour=position.to_move)
    if position.is_over:
        to_move = ""
    title = say(
        "scene.title",
        language,
        players=len(position.players),
        phase=say(f"scene.{position.phase}", language),
        to_move=to_move,
    )
    return title.rstrip(", ")


def describe_tile(colour: str, master_type: str, role: str, lang: str = "en") -> str:
    """Accessible text for one tile (``role``: "master", "with_student" or "student").

    >>> describe_tile("red", "healer", "with_student")
    'Red Healer master with a student'
    """
    language = check_language(lang)
    return say(f"scene.{role}", language, colour=colour, type=master_type)


def position_description(position: Position, lang: str) -> str:
    """The whole position in words: each village, the broken bridges, stones, masters."""
    language = check_language(lang)
    lines: list[str] = []
    for village in VILLAGES:
        head = say("scene.village", language, v=village)
        if not position.in_play(village):
            lines.append(f"{head}: {say('scene.out_of_play', language)}.")
            continue
        tiles = position.tiles(village)
        parts = [
            describe_tile(t.owner, mt, "with_student" if t.student else "master", lang)
            for mt, t in tiles.items()
        ]
        stone = f", {say('scene.stone', language)}" if position.has_stone(village) else ""
        body = "; ".join(parts) if parts else say("scene.empty", language)
        strength = say("scene.strength", language, n=position.strength(village))
        lines.append(f"{head} ({strength}{stone}): {body}.")
    broken = [
        f"{a}-{b}"
        for a, b in BRIDGES
        if (a, b) in board_bridges(len(position.players)) and not position.bridge_intact(a, b)
    ]
    lines.append(
        say("scene.broken", language, list=", ".join(broken))
        if broken
        else say("scene.no_broken", language)
    )
    if position.stones:
        lines.append(say("scene.stones", language, list=", ".join(sorted(position.stones))))
    masters = [
        f"{colour_name(c, language)}: {say('scene.masters', language, n=position.masters_of(c))}"
        for c in position.players
    ]
    lines.append("; ".join(masters) + ".")
    return "\n".join(lines)

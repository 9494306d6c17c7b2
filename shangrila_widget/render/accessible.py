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

from typing import TYPE_CHECKING, Final

from shangrila_widget.rules.board import BRIDGES, VILLAGES, board_bridges
from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

#: The scene's own words, by language and key (``str.format`` templates).
SCENE_TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "setup": "set-up",
        "play": "play",
        "over": "game over",
        "to_move": "{colour} to move",
        "out_of_play": "out of play",
        "title": "The Bridges of Shangri-La: {players} players, {phase}, {to_move}",
        "strength": "strength {n}",
        "masters": "{n} masters",
        "empty": "empty",
        "stone": "stone",
        "broken": "Broken bridges: {list}.",
        "no_broken": "All bridges stand.",
        "stones": "Stones: {list}.",
        "master": "{colour} {type} master",
        "with_student": "{colour} {type} master with a student",
        "student": "{colour} {type} student",
        "village": "Village {v}",
    },
    "pl": {
        "setup": "rozmieszczanie",
        "play": "gra",
        "over": "koniec gry",
        "to_move": "ruch: {colour}",
        "out_of_play": "poza grą",
        "title": "Mosty Shangri-La: graczy {players}, {phase}, {to_move}",
        "strength": "siła {n}",
        "masters": "Mistrzów: {n}",
        "empty": "pusta",
        "stone": "Kamień Mędrców",
        "broken": "Zniszczone mosty: {list}.",
        "no_broken": "Wszystkie mosty stoją.",
        "stones": "Kamienie Mędrców: {list}.",
        "master": "Mistrz {type} ({colour})",
        "with_student": "Mistrz {type} z Uczniem ({colour})",
        "student": "Uczeń {type} ({colour})",
        "village": "Wioska {v}",
    },
}


def scene_text(lang: str, key: str, **params: object) -> str:
    """One of :data:`SCENE_TEXTS` in ``lang`` (English for an unknown one), filled in."""
    return SCENE_TEXTS[lang if lang in SCENE_TEXTS else "en"][key].format(**params)


def position_title(position: Position, lang: str) -> str:
    """One line: the game, the player count, the phase and who moves."""
    to_move = scene_text(lang, "to_move", colour=COLOUR_NAMES[lang][position.to_move])
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
    colour_name = COLOUR_NAMES[lang][colour]
    type_name = TYPE_NAMES[lang][master_type]
    return scene_text(lang, role, colour=colour_name, type=type_name)


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
        f"{COLOUR_NAMES[lang][c]}: {scene_text(lang, 'masters', n=position.masters_of(c))}"
        for c in position.players
    ]
    lines.append("; ".join(masters) + ".")
    return "\n".join(lines)

"""The key to the board picture (its legend): every mark the board draws, named, EN and PL.

:func:`legend_scene` builds the key as pure data, like :func:`.scene.build_scene` builds a
board: rows of an example drawn by the very pieces the board is drawn with (:mod:`.pieces`,
in the look of :mod:`.styles`) and a title and a short note beside it. :func:`legend_svg`
paints it with the SVG painter. Every primitive of a row is tagged ``("key", item_id)``;
``Legend.items`` lists the rows with their words.

>>> legend = legend_scene("pl")
>>> legend.item("stone").title
'Kamień Mędrców'
>>> legend_svg("en").startswith("<svg")
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from shangrila_widget.render.highlight import HIGHLIGHT_KINDS
from shangrila_widget.render.layout import (
    BADGE_R,
    PLANK_WIDTH,
    SPACE_R,
    BridgeGeometry,
    SpaceGeometry,
    VillageGeometry,
    hexagon_points,
)
from shangrila_widget.render.pieces import (
    badge_parts,
    block_edge,
    block_fill,
    bridge_mark,
    bridge_parts,
    hatch,
    space_mark,
    space_parts,
    stone_parts,
    tile_parts,
    walls,
)
from shangrila_widget.render.primitives import Layers, Primitive, Rect, Text, baseline_for_centre
from shangrila_widget.render.styles import (
    BACKGROUND,
    FOOTER_INK,
    FRAME,
    HIGHLIGHT_COLOURS,
    LABEL_INK,
    STACK_OFFSET,
    rounded,
)
from shangrila_widget.render.svg import scene_to_svg
from shangrila_widget.rules.board import MASTER_TYPES
from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES

__all__ = ["LEGEND_ITEMS", "LEGEND_TEXTS", "Legend", "LegendItem", "legend_scene", "legend_svg"]

PLAYERS: Final = ("red", "blue", "yellow", "violet")

#: The rows of the key, by section, in reading order (the master types come last, in a grid).
SECTIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (
        "pieces",
        (
            "player-red",
            "player-blue",
            "player-yellow",
            "player-violet",
            "master",
            "student",
            "space",
            "strength",
            "stone",
        ),
    ),
    (
        "board",
        (
            "bridge",
            "bridge-broken",
            "walls",
            "out-of-play",
        ),
    ),
    (
        "highlights",
        tuple(f"highlight-{kind}" for kind in HIGHLIGHT_KINDS) + ("highlight-journey",),
    ),
    ("types", tuple(f"type-{t}" for t in MASTER_TYPES)),
)

#: Every item of the key, in reading order.
LEGEND_ITEMS: Final[tuple[str, ...]] = tuple(i for _, items in SECTIONS for i in items)

#: The key's own words: headings, and (title, note) per item; the player and type rows take
#: their names from the rules' vocabulary.
LEGEND_TEXTS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "en": {
        "heading": ("Key to the board", ""),
        "button": ("Key", "Show or hide the key to the board picture"),
        "pieces": ("Players and tiles", ""),
        "board": ("Villages and bridges", ""),
        "highlights": ("What the board points at", ""),
        "types": ("The seven master types", ""),
        "player-red": ("", "disc-shaped tiles"),
        "player-blue": ("", "tiles with rounded square corners"),
        "player-yellow": ("", "six-sided tiles"),
        "player-violet": ("", "diamond-shaped tiles"),
        "master": ("Master", "a single tile on its space"),
        "student": ("Master with a student", "the student is the tile stacked on top"),
        "space": ("Empty space", "its letter tells which master may sit there"),
        "strength": ("Strength", "how many tiles the village holds"),
        "stone": ("Stone of the Wise Men", "grey badge: the village is at peace for good"),
        "bridge": ("Bridge", "students may travel across it"),
        "bridge-broken": ("Broken bridge", "it fell after a journey; no one crosses"),
        "walls": ("Red walls", "they mark village C"),
        "out-of-play": ("Out of play", "village C when only three people play"),
        "highlight-target": ("Green dashed ring", "a move you may make here"),
        "highlight-selected": ("Black ring", "your first click, waiting for the second"),
        "highlight-moved": ("Blue ring", "what the last move changed"),
        "highlight-refused": ("Ring with a cross", "not allowed here; the message says why"),
        "highlight-journey": ("Arrow over a bridge", "the way the last journey went"),
        "highlight-hint": ("Magenta dashed ring", "the computer's suggestion (Hint)"),
    },
    "pl": {
        "heading": ("Legenda planszy", ""),
        "button": ("Legenda", "Pokaż lub ukryj legendę obrazka planszy"),
        "pieces": ("Gracze i żetony", ""),
        "board": ("Wioski i mosty", ""),
        "highlights": ("Co wskazuje plansza", ""),
        "types": ("Siedem rodzajów Mistrzów", ""),
        "player-red": ("", "okrągłe żetony"),
        "player-blue": ("", "kwadratowe żetony o zaokrąglonych rogach"),
        "player-yellow": ("", "sześciokątne żetony"),
        "player-violet": ("", "żetony w kształcie rombu"),
        "master": ("Mistrz", "pojedynczy żeton na swoim polu"),
        "student": ("Mistrz z Uczniem", "Uczeń to żeton położony na wierzchu"),
        "space": ("Puste pole", "litera mówi, który Mistrz może tu stanąć"),
        "strength": ("Siła", "ile żetonów jest w wiosce"),
        "stone": ("Kamień Mędrców", "szara plakietka: w wiosce już na zawsze spokój"),
        "bridge": ("Most", "Uczniowie mogą po nim wędrować"),
        "bridge-broken": ("Zniszczony most", "runął po podróży; nikt już nie przejdzie"),
        "walls": ("Czerwone mury", "oznaczają wioskę C"),
        "out-of-play": ("Poza grą", "wioska C, gdy gra tylko trzech graczy"),
        "highlight-target": ("Zielony przerywany okrąg", "tu możesz wykonać ruch"),
        "highlight-selected": ("Czarny okrąg", "pierwsze kliknięcie, czeka na drugie"),
        "highlight-moved": ("Niebieski okrąg", "co zmienił ostatni ruch"),
        "highlight-refused": ("Okrąg z krzyżykiem", "tu nie wolno; komunikat mówi dlaczego"),
        "highlight-journey": ("Strzałka nad mostem", "kierunek ostatniej podróży"),
        "highlight-hint": ("Purpurowy przerywany okrąg", "podpowiedź komputera"),
    },
}

DESIGN_WIDTH: Final = 900.0
ROW: Final = 54.0  # height of a row of the two columns
TYPE_ROW: Final = 50.0  # height of a row of the master-type grid
ICON_X: Final = 42.0  # centre of a row's example, from its column's left edge
TEXT_X: Final = 84.0  # where a row's words start, from its column's left edge
TYPE_ICON_X: Final = 30.0  # the same in a cell of the master-type grid
TYPE_TEXT_X: Final = 56.0


@dataclass(frozen=True, slots=True)
class LegendItem:
    """One row of the key: its id (see :data:`LEGEND_ITEMS`), title and note."""

    id: str
    title: str
    note: str


@dataclass(frozen=True, slots=True)
class Legend(Layers):
    """The key as a picture: drawn like a :class:`~.scene.Scene` (``static``: background
    and headings, under ``dynamic``: the rows, each row's drawing then its words), with
    ``items`` saying what each row shows."""

    width: float
    height: float
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]
    items: tuple[LegendItem, ...]
    title: str
    description: str
    lang: str

    def item(self, item_id: str) -> LegendItem:
        """The row ``item_id`` (KeyError if the key has none)."""
        for item in self.items:
            if item.id == item_id:
                return item
        raise KeyError(item_id)


def _words(lang: str, item_id: str) -> tuple[str, str]:
    if item_id.startswith("type-"):
        master_type = item_id.removeprefix("type-")
        return TYPE_NAMES[lang][master_type], ""
    title, note = LEGEND_TEXTS[lang][item_id]
    if item_id.startswith("player-"):
        title = COLOUR_NAMES[lang][item_id.removeprefix("player-")]
    return title, note


def legend_button_text(lang: str) -> tuple[str, str]:
    """The (label, tooltip) of a button that shows the key."""
    return LEGEND_TEXTS[lang]["button"]


# ---------------------------------------------------------------------------- examples


def _space(cx: float, cy: float, u: float, master_type: str = "healer") -> SpaceGeometry:
    return SpaceGeometry("", master_type, rounded(cx), rounded(cy), rounded(SPACE_R * u))


def _tile(space: SpaceGeometry, u: float, owner: str = "red") -> list[Primitive]:
    parts = tile_parts(space, owner, "master", 0.0, u)
    return [parts.fill, parts.edge, parts.symbol, parts.letter]


def _block(cx: float, cy: float, radius: float, u: float, out: bool) -> list[Primitive]:
    village = VillageGeometry(
        "C", cx, cy, radius, hexagon_points(cx, cy, radius), {}, (cx, cy), (cx, cy), (cx, cy), True
    )
    body = [block_fill(village, u, out)]
    if out:
        body += hatch(village, u)
    body.append(block_edge(village, u, out))
    if not out:
        body += walls(village, u, muted=False)
    return body


def _bridge(cx: float, cy: float, u: float) -> BridgeGeometry:
    half = 27 * u
    return BridgeGeometry("A", "B", (cx - half, cy), (cx + half, cy), PLANK_WIDTH * u)


def _example(item_id: str, cx: float, cy: float, u: float) -> list[Primitive]:
    """The drawing of one row's example, centred on ``(cx, cy)``."""
    if item_id.startswith("player-"):
        return _tile(_space(cx, cy, u), u, item_id.removeprefix("player-"))
    if item_id.startswith("type-"):
        return _tile(_space(cx, cy, u, item_id.removeprefix("type-")), u, "blue")
    space = _space(cx, cy, u)
    if item_id == "master":
        return [*space_parts(space, u), *_tile(space, u)]
    if item_id == "student":
        offset = STACK_OFFSET * u
        master = tile_parts(space, "red", "master", offset, u)
        student = tile_parts(space, "red", "student", -offset, u)
        return [
            *space_parts(space, u),
            master.fill,
            master.edge,
            student.fill,
            student.edge,
            student.symbol,
            student.letter,
        ]
    if item_id == "space":
        return list(space_parts(space, u))
    r = BADGE_R * u
    if item_id == "strength":
        return list(badge_parts(cx, cy, r, u, 5, False, ()))
    if item_id == "stone":
        return [
            *stone_parts(cx - 13 * u, cy, r, u, ()),
            *badge_parts(cx + 15 * u, cy, r, u, 3, True, ()),
        ]
    if item_id in ("bridge", "bridge-broken"):
        bodies, slats, rails, gaps = bridge_parts(_bridge(cx, cy, u), item_id == "bridge", u)
        return [*bodies, *slats, *rails, *gaps]
    if item_id in ("walls", "out-of-play"):
        return _block(cx, cy, 19 * u, u, out=item_id == "out-of-play")
    if item_id == "highlight-journey":
        geometry = _bridge(cx, cy, u)
        bodies, slats, rails, gaps = bridge_parts(geometry, True, u)
        arrow = bridge_mark(geometry, "A", "B", "moved", HIGHLIGHT_COLOURS["moved"], u, ())
        return [*bodies, *slats, *rails, *arrow]
    if item_id.startswith("highlight-"):
        kind = item_id.removeprefix("highlight-")
        empty = kind in ("target", "refused")
        mark = space_mark(space, kind, u, (), wash=kind == "target")
        tile = [] if empty else _tile(space, u)
        return [
            *space_parts(space, u),
            *mark.washes,
            *tile,
            mark.ring,
            *mark.inner,
            *mark.crosses,
        ]
    raise ValueError(f"no such key item: {item_id!r}")


# ---------------------------------------------------------------------------- the key


def legend_scene(lang: str = "en", *, width: float = DESIGN_WIDTH) -> Legend:
    """The key to the board picture in ``lang`` (``"en"`` or ``"pl"``), ``width`` units
    wide: players and tiles, villages and bridges in a two-column part, the highlights, and
    the seven master types in a grid below."""
    if lang not in LEGEND_TEXTS:
        raise ValueError(f"lang must be 'en' or 'pl', not {lang!r}")
    u = width / DESIGN_WIDTH
    column = width / 2
    words: list[Primitive] = []
    drawings: list[Primitive] = []
    items: list[LegendItem] = []
    heading_size = rounded(20 * u)
    section_size = rounded(15 * u)
    title_size = rounded(14 * u)
    note_size = rounded(12 * u)
    type_size = rounded(13 * u)
    words.append(
        Text(
            rounded(20 * u),
            baseline_for_centre(26 * u, heading_size),
            LEGEND_TEXTS[lang]["heading"][0],
            size=heading_size,
            fill=LABEL_INK,
            anchor="start",
            tag=("heading",),
        )
    )

    def section(title_id: str, x: float, y: float) -> None:
        words.append(
            Text(
                rounded(x + 12 * u),
                baseline_for_centre(y, section_size),
                LEGEND_TEXTS[lang][title_id][0],
                size=section_size,
                fill=LABEL_INK,
                anchor="start",
                tag=("section", title_id),
            )
        )

    def row(item_id: str, x: float, y: float, note: bool = True) -> None:
        title, text = _words(lang, item_id)
        items.append(LegendItem(item_id, title, text))
        tag = ("key", item_id)
        icon_x, text_x = (ICON_X, TEXT_X) if note else (TYPE_ICON_X, TYPE_TEXT_X)
        drawings.extend(replace(p, tag=tag) for p in _example(item_id, x + icon_x * u, y, u))
        title_y = y - 8 * u if note else y
        size = title_size if note else type_size
        drawings.append(
            Text(
                rounded(x + text_x * u),
                baseline_for_centre(title_y, size),
                title,
                size=size,
                fill=FOOTER_INK,
                anchor="start",
                tag=tag,
            )
        )
        if note:
            drawings.append(
                Text(
                    rounded(x + TEXT_X * u),
                    baseline_for_centre(y + 10 * u, note_size),
                    text,
                    size=note_size,
                    fill=FOOTER_INK,
                    weight="normal",
                    anchor="start",
                    tag=tag,
                )
            )

    # left column: players and tiles; right column: villages and bridges, then highlights
    top = 64 * u
    columns: tuple[tuple[str, ...], ...] = (("pieces",), ("board", "highlights"))
    bottom = top
    sections = dict(SECTIONS)
    for index, names in enumerate(columns):
        x = index * column
        y = top
        for name in names:
            section(name, x, y)
            y += 34 * u
            for item_id in sections[name]:
                row(item_id, x, y)
                y += ROW * u
            y += 4 * u
        bottom = max(bottom, y)
    # the master types: a grid of four columns
    section("types", 0, bottom)
    y0 = bottom + 34 * u
    cell = width / 4
    for i, item_id in enumerate(sections["types"]):
        row(item_id, (i % 4) * cell, y0 + (i // 4) * TYPE_ROW * u, note=False)
    height = rounded(y0 + 2 * TYPE_ROW * u - 8 * u)
    background: tuple[Primitive, ...] = (
        Rect(0, 0, rounded(width), height, fill=BACKGROUND, tag=("background",)),
        Rect(
            rounded(4 * u),
            rounded(4 * u),
            rounded(width - 8 * u),
            rounded(height - 8 * u),
            stroke=FRAME,
            line_width=rounded(1.5 * u),
            rx=rounded(10 * u),
            tag=("background",),
        ),
    )
    description = "\n".join(
        f"{item.title}: {item.note}." if item.note else f"{item.title}." for item in items
    )
    return Legend(
        width=rounded(width),
        height=height,
        static=background + tuple(words),
        dynamic=tuple(drawings),
        items=tuple(items),
        title=LEGEND_TEXTS[lang]["heading"][0],
        description=description,
        lang=lang,
    )


def legend_svg(lang: str = "en", *, display_width: float | None = None) -> str:
    """The key as a standalone SVG document (see :func:`.svg.scene_to_svg`)."""
    return scene_to_svg(legend_scene(lang), display_width=display_width)

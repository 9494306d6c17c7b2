"""The key to the board picture (its legend): every mark the board draws, named, EN and PL.

:func:`legend_scene` builds the key as pure data, like :func:`.scene.build_scene` builds a
board: rows of an example drawn by the very pieces the board is drawn with (:mod:`.pieces`,
in the look of :mod:`.styles`) and a title and a short note beside it. :func:`legend_svg`
paints it with the SVG painter. Every primitive of a row is tagged ``("key", item_id)``;
``LegendScene.items`` lists the rows with their words.

>>> legend = legend_scene("pl")
>>> legend.item("stone").title
'Kamień Mędrców'
>>> legend_svg("en").startswith("<svg")
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from shangrila_widget.deprecation import old_names
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
    block,
    bridge_mark,
    bridge_parts,
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
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import (
    Language,
    check_language,
    colour_name,
    has_words,
    problem,
    say,
    type_name,
)

__all__ = ["LEGEND_ITEMS", "LegendItem", "LegendScene", "legend_scene", "legend_svg"]

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
class LegendScene(Layers):
    """The key as a picture (called ``Legend`` before 0.2, like the board's legend
    widget): drawn like a :class:`~.scene.Scene` (``static``: background and headings, under
    ``dynamic``: the rows, each row's drawing then its words), with ``items`` saying what
    each row shows."""

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


def _words(lang: Language, item_id: str) -> tuple[str, str]:
    """A row's (title, note); the player and type rows are named by the rules' names."""
    if item_id.startswith("type-"):
        return type_name(item_id.removeprefix("type-"), lang), ""
    if item_id.startswith("player-"):
        title = colour_name(item_id.removeprefix("player-"), lang)
    else:
        title = say(f"legend.{item_id}", lang)
    note = f"legend.{item_id}.note"
    return title, say(note, lang) if has_words(note) else ""


def legend_button_text(lang: str) -> tuple[str, str]:
    """The (label, tooltip) of a button that shows the key."""
    return _words(check_language(lang), "button")


# ---------------------------------------------------------------------------- examples


def _space(cx: float, cy: float, u: float, master_type: str = "healer") -> SpaceGeometry:
    return SpaceGeometry("", master_type, rounded(cx), rounded(cy), rounded(SPACE_R * u))


def _tile(space: SpaceGeometry, u: float, lang: Language, owner: str = "red") -> list[Primitive]:
    return list(tile_parts(space, owner, "master", 0.0, u, lang=lang).shapes)


def _block(cx: float, cy: float, radius: float, u: float, out: bool) -> list[Primitive]:
    village = VillageGeometry(
        "C", cx, cy, radius, hexagon_points(cx, cy, radius), {}, (cx, cy), (cx, cy), (cx, cy), True
    )
    body = block(village, u, out)
    if not out:
        body += walls(village, u, muted=False)
    return body


def _bridge(cx: float, cy: float, u: float) -> BridgeGeometry:
    half = 27 * u
    return BridgeGeometry("A", "B", (cx - half, cy), (cx + half, cy), PLANK_WIDTH * u)


def _example(item_id: str, cx: float, cy: float, u: float, lang: Language) -> list[Primitive]:
    """The drawing of one row's example, centred on ``(cx, cy)``."""
    if item_id.startswith("player-"):
        return _tile(_space(cx, cy, u), u, lang, item_id.removeprefix("player-"))
    if item_id.startswith("type-"):
        return _tile(_space(cx, cy, u, item_id.removeprefix("type-")), u, lang, "blue")
    space = _space(cx, cy, u)
    if item_id == "master":
        return [*space_parts(space, u, lang=lang), *_tile(space, u, lang)]
    if item_id == "student":
        offset = STACK_OFFSET * u
        master = tile_parts(space, "red", "master", offset, u, lang=lang)
        student = tile_parts(space, "red", "student", -offset, u, lang=lang)
        return [*space_parts(space, u, lang=lang), master.body, *student.shapes]
    if item_id == "space":
        return list(space_parts(space, u, lang=lang))
    r = BADGE_R * u
    if item_id == "strength":
        return list(badge_parts(cx, cy, r, u, 5, False, ()))
    if item_id == "stone":
        return [
            *stone_parts(cx - 13 * u, cy, r, u, ()),
            *badge_parts(cx + 15 * u, cy, r, u, 3, True, ()),
        ]
    if item_id in ("bridge", "bridge-broken"):
        return list(bridge_parts(_bridge(cx, cy, u), item_id == "bridge", u))
    if item_id in ("walls", "out-of-play"):
        return _block(cx, cy, 19 * u, u, out=item_id == "out-of-play")
    if item_id == "highlight-journey":
        geometry = _bridge(cx, cy, u)
        arrow = bridge_mark(geometry, "A", "B", "moved", HIGHLIGHT_COLOURS["moved"], u, ())
        return [*bridge_parts(geometry, True, u), *arrow]
    if item_id.startswith("highlight-"):
        kind = item_id.removeprefix("highlight-")
        empty = kind in ("target", "refused")
        mark = space_mark(space, kind, u, (), wash=kind == "target")
        tile = [] if empty else _tile(space, u, lang)
        return [*space_parts(space, u, lang=lang), *tile, *mark]
    raise ShangrilaError(problem("render_no_key_item", value=repr(item_id)))


# ---------------------------------------------------------------------------- the key


def legend_scene(lang: str = "en", *, width: float = DESIGN_WIDTH) -> LegendScene:
    """The key to the board picture in ``lang`` (``"en"`` or ``"pl"``), ``width`` units
    wide: players and tiles, villages and bridges in a two-column part, the highlights, and
    the seven master types in a grid below."""
    language = check_language(lang)
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
            say("legend.heading", language),
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
                say(f"legend.{title_id}", language),
                size=section_size,
                fill=LABEL_INK,
                anchor="start",
                tag=("section", title_id),
            )
        )

    def row(item_id: str, x: float, y: float, note: bool = True) -> None:
        title, text = _words(language, item_id)
        items.append(LegendItem(item_id, title, text))
        tag = ("key", item_id)
        icon_x, text_x = (ICON_X, TEXT_X) if note else (TYPE_ICON_X, TYPE_TEXT_X)
        drawings.extend(
            replace(p, tag=tag) for p in _example(item_id, x + icon_x * u, y, u, language)
        )
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
    return LegendScene(
        width=rounded(width),
        height=height,
        static=background + tuple(words),
        dynamic=tuple(drawings),
        items=tuple(items),
        title=say("legend.heading", language),
        description=description,
        lang=lang,
    )


def legend_svg(lang: str = "en", *, display_width: float | None = None) -> str:
    """The key as a standalone SVG document (see :func:`.svg.scene_to_svg`)."""
    return scene_to_svg(legend_scene(lang), display_width=display_width)


__getattr__ = old_names("shangrila_widget.render.legend", {"Legend": ("LegendScene", LegendScene)})

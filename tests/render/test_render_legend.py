"""The key to the board picture: every mark of the board named and drawn, in EN and PL."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from shangrila_widget.render.highlight import HIGHLIGHT_KINDS
from shangrila_widget.render.legend import LEGEND_ITEMS, LegendScene, legend_scene, legend_svg
from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Text
from shangrila_widget.render.styles import (
    BADGE_PEACE,
    GAP_LINE,
    HIGHLIGHT_COLOURS,
    OUT_FILL,
    OUT_HATCH,
    PLANK,
    PLAYER_STYLES,
    STONE_FILL,
    SYMBOLS,
    TILE_SHAPES,
    WALL,
)
from shangrila_widget.rules.board import MASTER_TYPES
from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES
from tests.render.replay import expected_marks, replay
from tests.support.render import Capture, decode

LANGS = ("en", "pl")

#: What the key must show, by the item ids that show it.
REQUIRED = {
    "player colours and shapes": [f"player-{c}" for c in PLAYER_STYLES],
    "masters and students": ["master", "student"],
    "the strength badge": ["strength"],
    "village C's walls": ["walls"],
    "stones": ["stone"],
    "broken bridges": ["bridge-broken"],
    "villages out of play": ["out-of-play"],
    "every highlight ring": [f"highlight-{kind}" for kind in HIGHLIGHT_KINDS],
}


@pytest.fixture(scope="module", params=LANGS)
def legend(request: pytest.FixtureRequest) -> LegendScene:
    return legend_scene(request.param)


def is_words(p: Primitive) -> bool:
    """A row's title or note (letters on tiles are centred, words start at their x)."""
    return isinstance(p, Text) and p.anchor == "start"


def drawing(legend: LegendScene, item: str) -> list[Primitive]:
    return [p for p in legend.tagged("key", item) if not is_words(p)]


def words(legend: LegendScene, item: str) -> list[str]:
    return [p.text for p in legend.tagged("key", item) if isinstance(p, Text) and is_words(p)]


def test_every_required_mark_has_a_row_with_a_drawing_and_words(legend: LegendScene) -> None:
    ids = [item.id for item in legend.items]
    assert ids == list(LEGEND_ITEMS)
    for what, items in REQUIRED.items():
        for item in items:
            assert item in ids, what
            assert drawing(legend, item), f"{item} has no drawing"
            assert words(legend, item), f"{item} has no words"


def test_both_languages_fill_the_same_items_with_their_own_words() -> None:
    en, pl = legend_scene("en"), legend_scene("pl")
    assert [i.id for i in en.items] == [i.id for i in pl.items]
    for a, b in zip(en.items, pl.items):
        assert a.title and b.title, a.id
        if not a.id.startswith("type-"):
            assert a.note and b.note, a.id
            assert a.note != b.note, a.id  # each language has its own sentence
        assert words(en, a.id) == [t for t in (a.title, a.note) if t]
        assert words(pl, b.id) == [t for t in (b.title, b.note) if t]
    assert {i.title for i in pl.items} >= set(COLOUR_NAMES["pl"].values())
    assert {i.title for i in pl.items} >= set(TYPE_NAMES["pl"][t] for t in MASTER_TYPES)
    assert en.title == "Key to the board" and pl.title == "Legenda planszy"


def test_the_pictures_of_the_rows_are_the_board_s_own(legend: LegendScene) -> None:
    for colour, style in PLAYER_STYLES.items():
        tile = drawing(legend, f"player-{colour}")
        body = [p for p in tile if p.fill == style.fill]
        if style.shape == "circle":
            assert isinstance(body[0], Circle)
        else:
            assert isinstance(body[0], Polygon)
            assert len(body[0].points) == len(TILE_SHAPES[style.shape])
    for master_type in MASTER_TYPES:
        symbols = [
            p
            for p in drawing(legend, f"type-{master_type}")
            if isinstance(p, Polygon) and len(p.points) == len(SYMBOLS[master_type])
        ]
        assert symbols, master_type
    student = drawing(legend, "student")
    assert sum(p.fill == PLAYER_STYLES["red"].fill for p in student) == 2  # two stacked tiles
    assert any(p.fill == STONE_FILL for p in drawing(legend, "stone"))
    assert any(p.fill == BADGE_PEACE for p in drawing(legend, "stone"))
    assert any(p.stroke == WALL for p in drawing(legend, "walls"))
    out = drawing(legend, "out-of-play")
    assert any(p.fill == OUT_FILL for p in out) and any(p.stroke == OUT_HATCH for p in out)
    broken = drawing(legend, "bridge-broken")
    assert sum(p.fill == PLANK for p in broken) == 2  # two stubs
    assert any(isinstance(p, Line) and p.stroke == GAP_LINE and p.dash for p in broken)
    assert sum(p.fill == PLANK for p in drawing(legend, "bridge")) == 1
    assert any(isinstance(p, Text) and p.text == "5" for p in legend.tagged("key", "strength"))


def test_every_highlight_ring_is_drawn_in_its_colour_and_style(legend: LegendScene) -> None:
    rings = {}
    for kind in HIGHLIGHT_KINDS:
        found = [
            p
            for p in drawing(legend, f"highlight-{kind}")
            if isinstance(p, Circle) and p.stroke == HIGHLIGHT_COLOURS[kind]
        ]
        assert found, kind
        rings[kind] = found[0]
    assert rings["target"].dash and rings["refused"].dash
    assert not rings["selected"].dash and not rings["moved"].dash
    crosses = [p for p in drawing(legend, "highlight-refused") if isinstance(p, Line)]
    assert len(crosses) == 4  # two strokes, each white under black
    arrow = [p for p in drawing(legend, "highlight-journey") if isinstance(p, Polygon)]
    assert any(p.fill == "#1D4F6E" for p in arrow)


def test_words_stay_inside_their_column_and_the_picture(legend: LegendScene) -> None:
    texts = [p for p in legend.primitives if isinstance(p, Text)]
    column = legend.width / 2
    for p in texts:
        x0, y0, x1, y1 = p.bbox()
        assert 0 < x0 and x1 < legend.width - 8 and 0 < y0 and y1 < legend.height - 8, p.text
        if p.tag[:1] == ("key",) and not p.tag[1].startswith("type-"):
            assert (x0 < column) == (x1 < column), f"{p.text!r} crosses the middle"
        if p.tag[:1] == ("key",) and p.tag[1].startswith("type-"):
            cell = legend.width / 4
            assert int(x0 // cell) == int((x1 - 0.01) // cell), f"{p.text!r} leaves its cell"


def test_no_two_rows_overlap(legend: LegendScene) -> None:
    boxes = {}
    for item in legend.items:
        shapes = legend.tagged("key", item.id)
        xs0, ys0, xs1, ys1 = zip(*(p.bbox() for p in shapes))
        boxes[item.id] = (min(xs0), min(ys0), max(xs1), max(ys1))
    ids = list(boxes)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            overlap = ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1
            assert not overlap, (a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_svg_has_one_group_per_item_and_is_well_formed(lang: str) -> None:
    svg = legend_svg(lang, display_width=600)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    items = [g.get("data-item") for g in root.iter(f"{ns}g") if g.get("class") == "key"]
    assert items == list(LEGEND_ITEMS)
    assert root.get("width") == "600" and root.get(f"{{{ET_XML}}}lang") == lang
    assert root.find(f"{ns}title").text == legend_scene(lang).title  # type: ignore[union-attr]


ET_XML = "http://www.w3.org/XML/1998/namespace"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de': known languages are 'en'"):
        legend_scene("de")


def test_the_canvas_painter_draws_the_key_too(captured: Capture) -> None:
    from ipycanvas import Canvas

    from shangrila_widget.render.canvas import batch, paint

    legend = legend_scene("pl")
    canvas = Canvas(width=int(legend.width), height=int(legend.height))
    with batch(canvas):
        paint(canvas, legend.primitives)
    (message,) = captured.messages
    sent = [args[0] for name, args, _ in decode(message) if name == "fillText"]
    assert sorted(sent) == sorted(p.text for p in legend.primitives if isinstance(p, Text))
    assert "Zniszczony most" in sent
    (marks,) = replay(decode(message)).values()
    assert Counter(marks) == Counter(expected_marks(legend.primitives))

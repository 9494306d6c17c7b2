"""Contrast of the board's words and marks against what they are drawn on (issue 23, defect 7).

Every text of every picture (the board at the usual and the presenter sizes, with every kind
of highlight, three and four players, EN and PL; the legend) is at least 4.5:1 against the
colour under it as painted (WCAG AA for text); every tile's symbol and every highlight's
ring at least 3:1 (marks that are not text). The board paints its own opaque background, so
the page's theme (light or dark) cannot change these figures;
tests/browser/test_contrast_browser.py measures them from the painted pixels in both themes.

The last action's ring is told apart from every player's colour and every other ring at a
glance (CIEDE2000 at least :data:`DISTINCT`); the review chart's lines (a player's colour,
yellow too) are at least 3:1 against the chart's background, its texts 4.5:1.
"""

from __future__ import annotations

import pytest

from shangrila_widget.bots import review, review_scene
from shangrila_widget.render.highlight import HIGHLIGHT_KINDS, Highlight
from shangrila_widget.render.legend import legend_scene
from shangrila_widget.render.primitives import Layers, Line, Rect
from shangrila_widget.render.scene import build_scene
from shangrila_widget.render.styles import HIGHLIGHT_COLOURS, PLAYER_STYLES
from shangrila_widget.rules import GameRecord, Position
from shangrila_widget.rules.board import MASTER_TYPES, VILLAGES
from tests.support.contrast import (
    MARK_MINIMUM,
    TEXT_MINIMUM,
    colour_difference,
    contrast_ratio,
    hex_rgb,
    highlight_rings,
    scene_texts,
    tile_symbols,
)
from tests.support.positions import random_game

#: CIEDE2000 difference from which two colours are told apart at a glance.
DISTINCT = 20.0


def _highlights(position: Position) -> list[Highlight]:
    """Every kind of highlight somewhere: on empty spaces, on tiles and on villages."""
    marks: list[Highlight] = []
    kinds = HIGHLIGHT_KINDS
    for i, village in enumerate(v for v in VILLAGES if position.in_play(v)):
        for j, master_type in enumerate(MASTER_TYPES):
            marks.append(Highlight(kinds[(i + j) % len(kinds)], village, master_type))
        marks.append(Highlight(kinds[i % len(kinds)], village))
    return marks


def _pictures() -> dict[str, Layers]:
    midgame = random_game(3, 60)
    finished = random_game(5, 400, ["blue", "red", "violet"])
    fresh = Position.new_game(["red", "blue", "yellow", "violet"])
    pictures: dict[str, Layers] = {}
    for lang in ("en", "pl"):
        for presenter in (False, True):
            size = "presenter" if presenter else "usual"
            for name, position in (("midgame", midgame), ("finished", finished)):
                pictures[f"{name}-{size}-{lang}"] = build_scene(
                    position, lang=lang, presenter=presenter, caption="Caption"
                )
            pictures[f"highlights-{size}-{lang}"] = build_scene(
                midgame, lang=lang, presenter=presenter, highlights=_highlights(midgame)
            )
            pictures[f"new-{size}-{lang}"] = build_scene(
                fresh, lang=lang, presenter=presenter, highlights=_highlights(fresh)
            )
        pictures[f"legend-{lang}"] = legend_scene(lang)
    return pictures


PICTURES = _pictures()


def test_the_pictures_hold_every_kind_of_text() -> None:
    """The pictures checked below show empty spaces' letters, tiles' letters of all four
    colours, village letters, badges, out-of-play words and the footer (else the test could
    pass by checking nothing)."""
    tags = {p.item.tag[0] for picture in PICTURES.values() for p in scene_texts(picture.primitives)}
    assert {"space", "master", "student", "label", "strength", "village", "legend"} <= tags
    owners = {
        p.item.tag[3]
        for picture in PICTURES.values()
        for p in scene_texts(picture.primitives)
        if p.item.tag[0] in ("master", "student")
    }
    assert owners == {"red", "blue", "yellow", "violet"}


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_text_is_at_least_4_5_to_1(name: str) -> None:
    picture = PICTURES[name]
    texts = scene_texts(picture.primitives)
    assert texts
    low = [t.describe() for t in texts if t.ratio < TEXT_MINIMUM]
    assert not low, f"{len(low)} of {len(texts)} texts below {TEXT_MINIMUM}:1: {low[:12]}"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_tile_symbol_is_at_least_3_to_1(name: str) -> None:
    symbols = tile_symbols(PICTURES[name].primitives)
    low = [s.describe() for s in symbols if s.ratio < MARK_MINIMUM]
    assert not low, f"{len(low)} of {len(symbols)} symbols below {MARK_MINIMUM}:1: {low[:12]}"


@pytest.mark.parametrize(
    "name", [n for n in sorted(PICTURES) if n.startswith(("highlights", "new"))]
)
def test_every_highlight_ring_is_at_least_3_to_1(name: str) -> None:
    """A ring (legal target, selected, last action, hint, ...) stands out from the block or
    the background it is drawn on."""
    rings = highlight_rings(PICTURES[name].primitives)
    assert {r.item.tag[1] for r in rings} >= {"target", "moved", "hint", "selected"}
    low = [r.describe() for r in rings if r.ratio < MARK_MINIMUM]
    assert not low, f"{len(low)} of {len(rings)} rings below {MARK_MINIMUM}:1: {low[:12]}"


def test_the_ratio_is_wcag_s() -> None:
    """Known figures: black on white 21:1, #777 on white just under 4.5:1, equal colours 1:1."""
    assert contrast_ratio(hex_rgb("#000"), hex_rgb("#fff")) == pytest.approx(21.0)
    assert contrast_ratio(hex_rgb("#777777"), hex_rgb("#FFFFFF")) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio(hex_rgb("#D55E00"), hex_rgb("#D55E00")) == pytest.approx(1.0)


def test_the_last_action_ring_is_unlike_every_player_colour_and_every_other_ring() -> None:
    """The last action's ring around a tile of any colour reads as the last action, not as
    a player's edge (it was 2.0 from Blue's tiles) or another ring."""
    moved = HIGHLIGHT_COLOURS["moved"]
    others = {f"{c} tiles": style.fill for c, style in PLAYER_STYLES.items()}
    others |= {f"{k} ring": v for k, v in HIGHLIGHT_COLOURS.items() if v != moved}
    close = {name: round(colour_difference(moved, c), 1) for name, c in others.items()}
    assert min(close.values()) >= DISTINCT, close


def test_the_review_chart_lines_and_texts_stand_out() -> None:
    """Every player's line (as painted: its outermost stroke) is at least 3:1 against the
    chart's background, every text 4.5:1: yellow's line was 1.2:1 on white."""
    players = ["red", "blue", "yellow", "violet"]
    record = GameRecord(Position.new_game(players))
    for action in ("place healer A", "place priest B", "place rainmaker C", "place healer D"):
        record.play(action)
    chart = review_scene(review(record, iterations=4, seed=1))
    background = next(p for p in chart.primitives if isinstance(p, Rect)).fill
    assert background is not None
    outer: dict[str, tuple[float, str]] = {}
    for p in chart.primitives:
        if isinstance(p, Line) and p.tag[:1] == ("series",) and p.stroke is not None:
            # the widest stroke of a player's line is what meets the background
            outer[p.tag[1]] = max(outer.get(p.tag[1], (0.0, "")), (p.line_width, p.stroke))
    assert set(outer) == set(players)
    ratios = {
        c: round(contrast_ratio(hex_rgb(s), hex_rgb(background)), 2) for c, (_, s) in outer.items()
    }
    assert min(ratios.values()) >= MARK_MINIMUM, ratios
    texts = scene_texts(chart.primitives)
    low = [t.describe() for t in texts if t.ratio < TEXT_MINIMUM]
    assert texts and not low, low

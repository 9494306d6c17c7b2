"""A village opened large (render/zoom.py, layout.ZoomView): the scene and its hit-testing,
as data.

On a phone the board picture (900 units) is about 340-375 CSS px wide in Voila, 244 in
JupyterLab at 360 px (its side bars stay); opened large, every space of the village and
every destination disc must be at least 44 CSS px across (its drawn disc and its hit area), the
village's own pieces must be the board's, moved and enlarged, and a tap anywhere must mean
exactly one thing: a space, the village, a journey's destination, or Back.
"""

from __future__ import annotations

import math

import pytest

from shangrila_widget.render.canvas import BoardCanvas
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import ZOOM, board_layout, zoom_view
from shangrila_widget.render.primitives import Circle, Text
from shangrila_widget.render.scene import build_scene, hit_test
from shangrila_widget.render.svg import scene_to_svg
from shangrila_widget.render.zoom import zoom_scene
from shangrila_widget.rules import Position
from shangrila_widget.rules.board import VILLAGES, board_bridges
from tests.support.render import Capture, decode

POSITION = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"
#: The canvas on a 360 or 390 px wide phone: Voila; JupyterLab 4 at 360 and 390 px.
PHONE_CSS_WIDTHS = (340.0, 360.0, 375.0, 244.0, 274.0)
NARROWEST = min(PHONE_CSS_WIDTHS)


def position() -> Position:
    return Position.from_compact(POSITION)


@pytest.mark.parametrize("village", VILLAGES)
@pytest.mark.parametrize("width", [900.0, 760.0, 640.0])  # board, checker, exercises
def test_every_space_of_a_village_opened_large_is_a_finger_wide(village: str, width: float) -> None:
    view = zoom_view(width, round(width * 910 / 900, 2), 4, village)
    height = width * 910 / 900
    for master_type in board_layout(width).villages[village].spaces:
        cx, cy, r = view.space(master_type)
        assert r <= cx <= width - r and 0 <= cy - r and cy + r <= height, (master_type, cx, cy)
        for css in PHONE_CSS_WIDTHS:
            assert 2 * r * css / width >= 44, (village, master_type, css)
        # the hit area reaches further than the disc, and its centre answers this space
        assert view.hit_test(cx, cy) == ("space", village, master_type)
        assert view.hit_test(cx + r * 0.95, cy) == ("space", village, master_type)


def test_the_zoomed_scene_draws_the_villages_own_pieces_moved_and_larger() -> None:
    pos = position()
    board = build_scene(pos, width=900 * ZOOM, footer=False)
    scene = zoom_scene(pos, "A")
    view = scene.zoom
    assert view is not None
    # the same tiles as the board's (of A only), moved by (dx, dy)
    tiles = {p.tag for p in scene.dynamic if p.tag[0] in ("master", "student")}
    assert tiles == {
        p.tag for p in board.dynamic if p.tag[0] in ("master", "student") and p.tag[1] == "A"
    }
    assert not any(p.tag[1:2] == ("B",) for p in scene.primitives if p.tag[0] != "destination")
    big = [p for p in board.dynamic if p.tag == ("strength", "A") and isinstance(p, Circle)][0]
    small = [p for p in scene.dynamic if p.tag == ("strength", "A") and isinstance(p, Circle)][0]
    assert (small.cx, small.cy, small.r) == pytest.approx(
        (big.cx + view.dx, big.cy + view.dy, big.r), abs=0.02
    )
    letters = [p for p in scene.static if p.tag[:2] == ("space", "A") and isinstance(p, Text)]
    plain = build_scene(pos).static
    normal = [p for p in plain if p.tag[:2] == ("space", "A") and isinstance(p, Text)]
    assert letters and letters[0].size == pytest.approx(normal[0].size * ZOOM, abs=0.02)
    # the picture keeps the board's size: the canvas does not change on the page
    assert (scene.width, scene.height) == (900.0, 910.0)


def test_back_and_a_tap_off_the_village_close_it_and_the_block_is_the_village() -> None:
    scene = zoom_scene(position(), "G")
    view = scene.zoom
    assert view is not None
    x0, y0, x1, y1 = view.back
    assert hit_test(scene, (x0 + x1) / 2, (y0 + y1) / 2) == ("back",)
    assert (x1 - x0) * 360 / 900 >= 44 and (y1 - y0) * 360 / 900 >= 44  # a finger's button
    assert scene.hit_test(890, 900) == ("back",)  # the corner: off the village
    block = view.layout.villages["G"]
    # a corner of the block, between no spaces: the village itself
    corner = (block.cx + view.dx - block.radius * 0.9, block.cy + view.dy)
    assert scene.hit_test(*corner) == ("village", "G")
    words = [p.text for p in scene.static if p.tag == ("back",) and isinstance(p, Text)]
    assert words == ["Back"]
    assert [
        p.text
        for p in zoom_scene(position(), "G", lang="pl").static
        if p.tag == ("back",) and isinstance(p, Text)
    ] == ["Wróć"]


@pytest.mark.parametrize("village", VILLAGES)
def test_every_destination_disc_is_a_finger_wide_and_covers_nothing(village: str) -> None:
    scene = zoom_scene(position(), village, journey_from=village)
    view = scene.zoom
    assert view is not None
    block = view.layout.villages[village]
    dx, dy = view.dx, view.dy
    mark = next(iter(block.spaces.values())).r * 0.75  # the letter, the badge, the stone
    marks = [(x + dx, y + dy, mark) for x, y in (block.label_at, block.strength_at, block.stone_at)]
    spaces = [view.space(t) for t in block.spaces]
    discs = view.destinations
    assert len(discs) >= 3
    for i, (other, cx, cy, r) in enumerate(discs):
        assert 2 * r * NARROWEST / 900 >= 44, (other, r)
        assert r <= cx <= 900 - r and view.back[3] < cy - r and cy + r <= 910, other
        assert scene.hit_test(cx, cy) == ("village", other)
        for x, y, rr in spaces + marks:
            assert math.hypot(cx - x, cy - y) >= r + rr, (other, x, y)
        for _, ox, oy, orr in discs[i + 1 :]:
            assert math.hypot(cx - ox, cy - oy) >= r + orr, other


def test_a_journey_waiting_draws_its_destinations_each_a_tap_target() -> None:
    pos = position()
    marks = [Highlight("selected", village="A"), Highlight("target", village="B")]
    plain = zoom_scene(pos, "A", highlights=marks)
    assert plain.zoom is not None and plain.zoom.destinations == ()
    scene = zoom_scene(pos, "A", highlights=marks, journey_from="A")
    view = scene.zoom
    assert view is not None
    neighbours = {b if a == "A" else a for a, b in board_bridges(4) if "A" in (a, b)}
    assert {d[0] for d in view.destinations} == neighbours
    discs = view.destinations
    for i, (village, cx, cy, r) in enumerate(discs):
        assert scene.hit_test(cx, cy) == ("village", village)
        assert 2 * r * 360 / 900 >= 44
        assert r <= cx <= 900 - r and view.back[3] < cy - r and cy + r <= 910
        for other in discs[i + 1 :]:  # apart: a tap means one of them
            assert math.hypot(cx - other[1], cy - other[2]) >= r + other[3]
        # not over the block's spaces
        for master_type in view.layout.villages["A"].spaces:
            sx, sy, sr = view.space(master_type)
            assert math.hypot(cx - sx, cy - sy) >= r + sr
    rings = [p for p in scene.dynamic if p.tag[:3] == ("highlight", "target", "B")]
    assert rings, "the legal destination is ringed"
    # a journey from elsewhere: no destinations drawn here
    assert zoom_scene(pos, "B", journey_from="A").zoom.destinations == ()  # type: ignore[union-attr]


def test_both_painters_draw_the_zoomed_scene(captured: Capture) -> None:
    scene = zoom_scene(position(), "A", journey_from="A")
    board = BoardCanvas()
    board.draw(build_scene(position()))
    captured.clear()
    board.draw(scene)  # the same canvas, the same size: one message, every text sent
    assert len(captured.messages) == 1
    sent = [args[0] for name, args, _ in decode(captured.messages[0]) if name == "fillText"]
    assert sorted(sent) == sorted(p.text for p in scene.primitives if isinstance(p, Text))
    assert board.hit_test(*(2 * v for v in scene.zoom.space("healer")[:2])) == (  # type: ignore[union-attr]
        "space",
        "A",
        "healer",
    )
    svg = scene_to_svg(scene)
    assert 'class="back"' in svg and ">Back</text>" in svg and 'class="destination"' in svg
    assert 'data-village="A"' in svg

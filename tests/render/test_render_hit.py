"""hit_test: what lies under a point, for the widget's clicks."""

from __future__ import annotations

import math

import pytest

from shangrila_widget.render import build_scene, hit_test
from shangrila_widget.render.layout import PITCH, board_layout
from shangrila_widget.rules import Position
from shangrila_widget.rules.board import BRIDGES, MASTER_TYPES, VILLAGES, board_bridges
from tests.support.positions import make


@pytest.mark.parametrize("width", [900.0, 450.0, 1300.0])
def test_every_space_answers_itself_at_centre_and_edge(width: float) -> None:
    layout = board_layout(width, 4)
    for v in VILLAGES:
        for t in MASTER_TYPES:
            s = layout.space(v, t)
            assert hit_test(layout, s.cx, s.cy) == ("space", v, t)
            for angle in range(0, 360, 45):
                x = s.cx + 0.97 * s.r * math.cos(math.radians(angle))
                y = s.cy + 0.97 * s.r * math.sin(math.radians(angle))
                assert hit_test(layout, x, y) == ("space", v, t), (v, t, angle)


def test_block_between_spaces_and_labels_answer_the_village() -> None:
    layout = board_layout(900, 4)
    for v in VILLAGES:
        block = layout.villages[v]
        # a block corner, beyond the outer spaces
        x, y = block.hexagon[0]
        assert hit_test(layout, x - 3, y) == ("village", v)
        assert hit_test(layout, *block.label_at) == ("village", v)
        # the hollow between three neighbouring spaces (R, A and P)
        trio = [block.spaces[t] for t in ("rainmaker", "astrologer", "priest")]
        hollow = (sum(s.cx for s in trio) / 3, sum(s.cy for s in trio) / 3)
        assert hit_test(layout, *hollow) == ("village", v)


def test_bridges_answer_in_board_order_from_either_end() -> None:
    layout = board_layout(900, 4)
    for a, b in BRIDGES:
        bridge = layout.bridges[(a, b)]
        (x1, y1), (x2, y2) = bridge.start, bridge.end
        for t in (0.2, 0.5, 0.8):
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            assert hit_test(layout, x, y) == ("bridge", a, b)
            # a little beside the plank still counts
            length = bridge.length
            nx, ny = -(y2 - y1) / length, (x2 - x1) / length
            side = bridge.width / 2 + 4
            assert hit_test(layout, x + nx * side, y + ny * side) == ("bridge", a, b)


def test_nothing_outside_the_board() -> None:
    layout = board_layout(900, 4)
    assert hit_test(layout, -5, -5) is None
    assert hit_test(layout, 3, 3) is None
    assert hit_test(layout, 450, 880) is None  # the footer
    assert hit_test(layout, 10_000, 10_000) is None
    # open ground between villages (left of I, right of F, below D)
    f, i = layout.villages["F"], layout.villages["I"]
    assert hit_test(layout, (f.cx + i.cx) / 2, i.cy + 60) is None


def test_three_players_c_is_only_a_village_and_has_no_bridges() -> None:
    layout = board_layout(900, 3)
    c = layout.villages["C"]
    for t in MASTER_TYPES:
        s = c.spaces[t]
        assert hit_test(layout, s.cx, s.cy) == ("village", "C")
    four = board_layout(900, 4)
    for pair in (("B", "C"), ("C", "E"), ("C", "H")):
        bridge = four.bridges[pair]
        mid = ((bridge.start[0] + bridge.end[0]) / 2, (bridge.start[1] + bridge.end[1]) / 2)
        assert hit_test(four, *mid) == ("bridge", *pair)
        assert hit_test(layout, *mid) is None
    assert len(layout.bridges) == len(board_bridges(3)) == 20


def test_scene_and_layout_answer_the_same() -> None:
    scene = build_scene(make({"A": {"healer": {"owner": "red"}}}))
    s = scene.layout.space("A", "healer")
    assert hit_test(scene, s.cx, s.cy) == hit_test(scene.layout, s.cx, s.cy)
    assert scene.hit_test(s.cx, s.cy) == ("space", "A", "healer")


def test_space_slack_never_reaches_a_neighbour() -> None:
    layout = board_layout(900, 4)
    a = layout.villages["A"]
    left, middle = a.spaces["dragon_breeder"], a.spaces["priest"]
    halfway = ((left.cx + middle.cx) / 2, left.cy)
    assert hit_test(layout, halfway[0] - 0.6, halfway[1]) == ("space", "A", "dragon_breeder")
    assert hit_test(layout, halfway[0] + 0.6, halfway[1]) == ("space", "A", "priest")
    assert middle.cx - left.cx == pytest.approx(PITCH)


def test_hit_test_matches_what_the_scene_draws(midgame: Position) -> None:
    """Every tile's centre answers its own space."""
    scene = build_scene(midgame)
    for p in scene.tagged("master") + scene.tagged("student"):
        x0, y0, x1, y1 = p.bbox()
        _, v, t, _ = p.tag
        assert hit_test(scene, (x0 + x1) / 2, (y0 + y1) / 2) == ("space", v, t)

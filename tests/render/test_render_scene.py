"""The scene model: what is drawn where, for given positions."""

from __future__ import annotations

import math

import pytest

from shangrila_widget.render import Highlight, build_scene
from shangrila_widget.render.layout import board_layout
from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text
from shangrila_widget.render.styles import (
    HIGHLIGHT_COLOURS,
    OUT_FILL,
    PLAYER_STYLES,
    STONE_FILL,
    SYMBOLS,
)
from shangrila_widget.rules import Position
from shangrila_widget.rules.board import BRIDGES, MASTER_TYPES, TYPE_LETTERS, VILLAGES
from tests.support.positions import MS, M, make, random_game, tour_positions


def inside(
    box: tuple[float, float, float, float], rect: tuple[float, float, float, float], slack: float
) -> bool:
    return (
        box[0] >= rect[0] - slack
        and box[1] >= rect[1] - slack
        and box[2] <= rect[2] + slack
        and box[3] <= rect[3] + slack
    )


def fills(primitives: list[Primitive]) -> set[str]:
    return {p.fill for p in primitives if p.fill is not None and not isinstance(p, Text)}


def texts(primitives: list[Primitive]) -> list[str]:
    return [p.text for p in primitives if isinstance(p, Text)]


# ---------------------------------------------------------------------------- tiles


def test_red_healer_master_in_a_lies_in_its_space_with_red_fill_symbol_and_letter() -> None:
    pos = make({"A": {"healer": M("red")}})
    scene = build_scene(pos)
    tile = scene.tagged("master", "A", "healer", "red")
    space = scene.layout.space("A", "healer")
    assert tile, "the master is drawn"
    assert all(p in scene.dynamic for p in tile)
    for p in tile:
        assert inside(p.bbox(), space.rect, 0.01), p
    assert fills(tile) == {PLAYER_STYLES["red"].fill, PLAYER_STYLES["red"].ink}
    assert texts(tile) == ["H"]
    assert any(isinstance(p, Circle) and p.fill == PLAYER_STYLES["red"].fill for p in tile)
    symbol = [p for p in tile if isinstance(p, Polygon) and p.fill == PLAYER_STYLES["red"].ink]
    assert len(symbol) == 1 and len(symbol[0].points) == len(SYMBOLS["healer"])
    # nothing else of another colour or space
    assert not scene.tagged("student")
    assert len(scene.tagged("master")) == len(tile)


@pytest.mark.parametrize("colour", ["red", "blue", "yellow", "violet"])
@pytest.mark.parametrize("master_type", MASTER_TYPES)
def test_every_colour_and_type_has_its_fill_letter_and_symbol(
    colour: str, master_type: str
) -> None:
    pos = make({"G": {master_type: M(colour)}})
    scene = build_scene(pos)
    tile = scene.tagged("master", "G", master_type, colour)
    style = PLAYER_STYLES[colour]
    assert style.fill in fills(tile)
    assert texts(tile) == [TYPE_LETTERS[master_type]]  # type: ignore[index]
    outline = [p for p in tile if p.stroke == style.edge]
    assert len(outline) == 1
    space = scene.layout.space("G", master_type)
    for p in tile:
        assert inside(p.bbox(), space.rect, 2.5), p  # shapes may reach just past the disc


def test_colours_differ_in_shape_not_only_hue() -> None:
    shapes = {style.shape for style in PLAYER_STYLES.values()}
    assert len(shapes) == 4
    assert len({style.fill for style in PLAYER_STYLES.values()}) == 4


def test_symbols_are_distinct_shapes_per_type() -> None:
    assert set(SYMBOLS) == set(MASTER_TYPES)
    assert len({SYMBOLS[t] for t in MASTER_TYPES}) == 7


def test_student_is_stacked_on_top_of_its_master() -> None:
    pos = make({"A": {"rainmaker": MS("yellow")}})
    scene = build_scene(pos)
    master = scene.tagged("master", "A", "rainmaker", "yellow")
    student = scene.tagged("student", "A", "rainmaker", "yellow")
    assert master and student
    order = list(scene.dynamic)
    # the student's body comes after the master's: it is drawn on top
    assert min(order.index(p) for p in student) > min(order.index(p) for p in master)
    assert min(order.index(p) for p in student) > max(order.index(p) for p in master)
    # the top tile carries the letter; the master's edge shows below-right
    assert texts(student) == ["R"] and texts(master) == []
    master_body = next(p for p in master if p.fill == PLAYER_STYLES["yellow"].fill)
    student_body = next(p for p in student if p.fill == PLAYER_STYLES["yellow"].fill)
    mb, sb = master_body.bbox(), student_body.bbox()
    assert sb[0] < mb[0] and sb[1] < mb[1]
    space = scene.layout.space("A", "rainmaker")
    for p in master + student:
        assert inside(p.bbox(), space.rect, 3.0), p


def test_one_tag_per_tile_and_every_tile_drawn(midgame: Position) -> None:
    scene = build_scene(midgame)
    masters = {p.tag for p in scene.tagged("master")}
    students = {p.tag for p in scene.tagged("student")}
    expected_masters = {
        ("master", v, t, tile.owner) for v in VILLAGES for t, tile in midgame.tiles(v).items()
    }
    expected_students = {
        ("student", v, t, tile.owner)
        for v in VILLAGES
        for t, tile in midgame.tiles(v).items()
        if tile.student
    }
    assert masters == expected_masters
    assert students == expected_students
    assert len(masters) + len(students) == sum(midgame.strength(v) for v in VILLAGES)


# ---------------------------------------------------------------------------- bridges, stones


def test_intact_and_broken_bridges() -> None:
    pos = make(
        {"A": {"healer": M("red")}},
        bridges=[list(b) for b in BRIDGES if b != ("A", "B")],
    )
    scene = build_scene(pos)
    broken = scene.tagged("bridge", "A", "B", "broken")
    assert broken and not scene.tagged("bridge", "A", "B", "intact")
    gap = [p for p in broken if isinstance(p, Line) and p.dash and p.cap == "round"]
    assert len(gap) == 1, "a dashed line over the gap"
    stubs = [p for p in broken if isinstance(p, Polygon)]
    assert len(stubs) == 2, "a stub at each end"
    geometry = scene.layout.bridge("A", "B")
    covered = sum(abs(p.bbox()[2] - p.bbox()[0]) for p in stubs)
    assert covered < 0.75 * geometry.length, "a gap between the stubs"
    for a, b in BRIDGES:
        if (a, b) != ("A", "B"):
            intact = scene.tagged("bridge", a, b, "intact")
            assert intact, (a, b)
            lines = [p for p in intact if isinstance(p, Line)]
            assert not any(p.dash for p in lines if p.cap == "round"), "no gap line"
            slats = [p for p in lines if p.cap == "butt"]
            assert len(slats) == 1 and slats[0].dash, "slats: one dashed stroke across"
            plank = next(p for p in intact if isinstance(p, Polygon))
            start, end = scene.layout.bridge(a, b).start, scene.layout.bridge(a, b).end
            # the plank reaches both blocks
            for x, y in (start, end):
                assert min(math.dist((x, y), q) for q in plank.points) < 12


def test_planks_run_between_blocks_and_miss_other_blocks() -> None:
    layout = board_layout(900, 4)
    for (a, b), bridge in layout.bridges.items():
        assert layout.villages[a].contains(*bridge.start, 0.5)
        assert layout.villages[b].contains(*bridge.end, 0.5)
        for v, block in layout.villages.items():
            if v in (a, b):
                continue
            for corner in block.hexagon:
                assert bridge.distance(*corner) > bridge.width / 2 + 2, (a, b, v)


def test_stone_on_an_isolated_village_and_strengths() -> None:
    pos = make(
        {"K": {"healer": MS("blue"), "priest": M("red")}, "A": {"healer": M("red")}},
        bridges=[list(b) for b in BRIDGES if "K" not in b],
    )
    assert pos.has_stone("K")
    scene = build_scene(pos)
    stone = scene.tagged("stone", "K")
    assert stone and STONE_FILL in fills(stone)
    x, y = scene.layout.villages["K"].stone_at
    assert any(inside((x, y, x, y), p.bbox(), 0) for p in stone)
    assert {p.tag[1] for p in scene.tagged("stone")} == {"K"}
    strengths = {p.tag[1]: p.text for p in scene.tagged("strength") if isinstance(p, Text)}
    assert strengths == {v: str(pos.strength(v)) for v in VILLAGES}
    assert strengths["K"] == "3" and strengths["A"] == "1"


def test_strengths_and_stones_of_a_finished_three_player_game(finished_three: Position) -> None:
    scene = build_scene(finished_three)
    strengths = {p.tag[1]: p.text for p in scene.tagged("strength") if isinstance(p, Text)}
    assert strengths == {v: str(finished_three.strength(v)) for v in VILLAGES if v != "C"}
    assert {p.tag[1] for p in scene.tagged("stone")} == set(finished_three.stones)


# ---------------------------------------------------------------------------- three players


def test_three_players_show_c_out_of_play() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    scene = build_scene(pos)
    block = [p for p in scene.static if p.tag == ("village", "C")]
    assert OUT_FILL in fills(block)
    assert "out of play" in texts(block)
    assert not scene.tagged("space", "C")
    assert scene.tagged("space", "A") and len(scene.tagged("space")) == 12 * 7 * 2
    for pair in (("B", "C"), ("C", "E"), ("C", "H")):
        assert not scene.tagged("bridge", *pair)
    assert len({p.tag[1:3] for p in scene.tagged("bridge")}) == 20
    assert scene.tagged("stone", "C")
    assert not scene.tagged("strength", "C")
    assert scene.tagged("walls", "C"), "C keeps its walls, muted"
    four = build_scene(Position.new_game(["red", "blue", "yellow", "violet"]))
    assert OUT_FILL not in fills([p for p in four.static if p.tag == ("village", "C")])
    assert len(four.tagged("space")) == 13 * 7 * 2
    assert not four.tagged("stone")


def test_c_has_red_walls() -> None:
    scene = build_scene(Position.new_game(["red", "blue", "yellow", "violet"]))
    walls = scene.tagged("walls")
    assert {p.tag[1] for p in walls} == {"C"}
    assert all(p.stroke == "#A8321E" for p in walls)


# ---------------------------------------------------------------------------- highlights


def test_highlights_appear_where_asked() -> None:
    pos = make({"A": {"healer": M("red")}, "B": {"priest": MS("blue")}})
    marks = [
        Highlight("target", "D", "rainmaker"),
        Highlight("selected", "A", "healer"),
        Highlight("moved", "B", "priest"),
        Highlight("refused", "E", "healer"),
        Highlight("target", "F"),
        Highlight("moved", bridge=("B", "A")),
    ]
    scene = build_scene(pos, highlights=marks)
    for mark in marks:
        tag_bridge = "-".join(mark.bridge) if mark.bridge else ""
        drawn = scene.tagged(
            "highlight", mark.kind, mark.village or "", mark.type or "", tag_bridge
        )
        assert drawn, mark
        assert all(p in scene.dynamic for p in drawn)
        colour = HIGHLIGHT_COLOURS[mark.kind]
        assert any(p.stroke == colour or p.fill == colour for p in drawn), mark
        if mark.type is not None and mark.village is not None:
            centre = scene.layout.space(mark.village, mark.type)
            rings = [p for p in drawn if isinstance(p, Circle)]
            assert any((p.cx, p.cy) == (centre.cx, centre.cy) for p in rings)
    # highlights are drawn over the tiles
    order = list(scene.dynamic)
    last_tile = max(order.index(p) for p in scene.tagged("master") + scene.tagged("student"))
    first_mark = min(order.index(p) for p in scene.tagged("highlight"))
    assert first_mark > last_tile
    # the journey arrow points from B to A
    arrow = next(
        p for p in scene.tagged("highlight", "moved", "", "", "B-A") if isinstance(p, Polygon)
    )
    tip = arrow.points[0]
    a, b = scene.layout.villages["A"], scene.layout.villages["B"]
    assert math.dist(tip, (a.cx, a.cy)) < math.dist(tip, (b.cx, b.cy))
    # a target on an empty space is washed; the refused one is crossed
    target = scene.tagged("highlight", "target", "D", "rainmaker")
    assert any(isinstance(p, Circle) and p.fill and p.opacity < 1 for p in target)
    refused = scene.tagged("highlight", "refused", "E", "healer")
    assert sum(isinstance(p, Line) for p in refused) == 4


def test_selection_argument_marks_a_hit_target() -> None:
    pos = make({"A": {"healer": M("red")}})
    scene = build_scene(pos, selection=("space", "A", "healer"))
    assert scene.tagged("highlight", "selected", "A", "healer")
    scene = build_scene(pos, selection=("village", "B"))
    assert scene.tagged("highlight", "selected", "B", "")
    with pytest.raises(ValueError):
        build_scene(pos, selection=("nonsense",))


def test_bad_highlights_are_refused() -> None:
    pos = Position.new_game(["red", "blue", "yellow", "violet"])
    with pytest.raises(ValueError, match="kind"):
        build_scene(pos, highlights=[Highlight("glow", "A")])
    with pytest.raises(ValueError, match="no bridge"):
        build_scene(pos, highlights=[Highlight("target", bridge=("A", "M"))])


def test_highlight_of_an_absent_bridge_is_ignored_with_three_players() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    scene = build_scene(pos, highlights=[Highlight("target", bridge=("B", "C"))])
    assert not scene.tagged("highlight")


def test_tour_highlights_are_accepted() -> None:
    from shangrila_widget.tour import Highlight as TourHighlight

    pos = Position.new_game(["red", "blue", "yellow", "violet"])
    scene = build_scene(pos, highlights=[TourHighlight("target", village="A", type="healer")])
    assert scene.tagged("highlight", "target", "A", "healer")


# ---------------------------------------------------------------------------- whole scene


@pytest.mark.parametrize(("name", "pos"), tour_positions())
def test_scene_stays_inside_its_bounds(name: str, pos: Position) -> None:
    scene = build_scene(pos, caption=f"example {name}")
    for p in scene.primitives:
        x0, y0, x1, y1 = p.bbox()
        assert -1 <= x0 and x1 <= scene.width + 1 and -1 <= y0 and y1 <= scene.height + 1, p


def test_static_layer_is_shared_and_depends_only_on_size_players_language() -> None:
    one = build_scene(random_game(1, 30))
    two = build_scene(random_game(2, 50))
    assert one.static is two.static
    assert one.dynamic != two.dynamic
    three = build_scene(Position.new_game(["red", "blue", "yellow"]))
    assert three.static is not one.static
    polish = build_scene(random_game(1, 30), lang="pl")
    assert polish.static is not one.static
    assert "Czerwony" in " ".join(texts(list(polish.dynamic)))


def test_scenes_are_deterministic_values(midgame: Position) -> None:
    marks = [Highlight("target", "A", "healer")]
    assert build_scene(midgame, highlights=marks) == build_scene(midgame, highlights=marks)
    hash(build_scene(midgame).dynamic)  # frozen primitives: hashable


def test_scene_scales_with_width(midgame: Position) -> None:
    big = build_scene(midgame)
    small = build_scene(midgame, width=450)
    assert (small.width, small.height) == (450, big.height / 2)
    assert len(small.dynamic) == len(big.dynamic)
    a_big = big.layout.space("A", "healer")
    a_small = small.layout.space("A", "healer")
    assert a_small.cx == pytest.approx(a_big.cx / 2, abs=0.02)
    assert a_small.r == pytest.approx(a_big.r / 2)


def test_footer_lists_players_and_who_moves(midgame: Position) -> None:
    scene = build_scene(midgame, caption="Hello")
    legend = scene.tagged("legend")
    assert {p.tag[1] for p in legend} == set(midgame.players)
    moving = [
        p
        for p in scene.tagged("legend", midgame.to_move)
        if isinstance(p, Text) and p.weight == "bold"
    ]
    assert moving and str(midgame.masters_of(midgame.to_move)) in moving[0].text
    assert texts(scene.tagged("caption")) == ["Hello"]
    assert texts(scene.tagged("phase")) == ["play"]
    bare = build_scene(midgame, footer=False)
    assert not bare.tagged("legend") and bare.height == bare.layout.board_height


def test_every_village_is_labelled_and_has_seven_spaces() -> None:
    scene = build_scene(Position.new_game(["red", "blue", "yellow", "violet"]))
    labels = {p.text for p in scene.tagged("label") if isinstance(p, Text)}
    assert labels == set(VILLAGES)
    for v in VILLAGES:
        letters = sorted(p.text for p in scene.tagged("space", v) if isinstance(p, Text))
        assert letters == sorted("RADPYFH")
        rows = sorted({round(s.cy, 1) for s in scene.layout.villages[v].spaces.values()})
        assert len(rows) == 3  # 2-3-2
        counts = [
            sum(1 for s in scene.layout.villages[v].spaces.values() if round(s.cy, 1) == y)
            for y in rows
        ]
        assert counts == [2, 3, 2]


def test_spaces_of_a_block_do_not_overlap_and_stay_inside_it() -> None:
    layout = board_layout(900, 4)
    for block in layout.villages.values():
        spaces = list(block.spaces.values())
        for i, s in enumerate(spaces):
            for corner in (
                (s.cx - s.r, s.cy),
                (s.cx + s.r, s.cy),
                (s.cx, s.cy - s.r),
                (s.cx, s.cy + s.r),
            ):
                assert block.contains(*corner)
            for t in spaces[i + 1 :]:
                assert math.dist((s.cx, s.cy), (t.cx, t.cy)) > s.r + t.r


def test_blocks_labels_and_badges_do_not_collide() -> None:
    layout = board_layout(900, 4)
    spots = []
    for block in layout.villages.values():
        spots += [block.label_at, block.strength_at, block.stone_at]
        for spot in (block.label_at, block.strength_at, block.stone_at):
            for other in layout.villages.values():
                assert not other.contains(*spot), (block.id, other.id)
            for bridge in layout.bridges.values():
                assert bridge.distance(*spot) > bridge.width / 2 + 8, (block.id, bridge)
    for i, p in enumerate(spots):
        for q in spots[i + 1 :]:
            assert math.dist(p, q) > 20


def test_primitive_kinds_are_the_closed_set(midgame: Position) -> None:
    scene = build_scene(midgame, highlights=[Highlight("moved", bridge=("A", "B"))])
    assert {type(p) for p in scene.primitives} <= {Rect, Circle, Line, Polygon, Text}


def test_bad_arguments() -> None:
    pos = Position.new_game(["red", "blue", "yellow", "violet"])
    with pytest.raises(ValueError, match="lang"):
        build_scene(pos, lang="de")
    with pytest.raises(ValueError, match="width"):
        build_scene(pos, width=0)


def test_accessible_text(finished_three: Position) -> None:
    scene = build_scene(finished_three)
    assert "3 players" in scene.title and "game over" in scene.title
    assert "Village C: out of play." in scene.description
    for v in VILLAGES:
        assert f"Village {v}" in scene.description
    polish = build_scene(finished_three, lang="pl")
    assert "Wioska C: poza grą." in polish.description

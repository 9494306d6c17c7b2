"""The scene says what is drawn, once each, in painting order; the ipycanvas painter groups it
into vectorised calls itself and paints the same picture (read back from its commands)."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from shangrila_widget.render import Highlight, build_scene
from shangrila_widget.render.canvas import BoardCanvas, batch, paint
from shangrila_widget.render.legend import legend_scene
from shangrila_widget.render.primitives import Circle, Line, Polygon, Primitive, Rect, Text
from shangrila_widget.render.scene import Scene
from shangrila_widget.render.svg import scene_to_svg
from shangrila_widget.rules import Position
from tests.render.replay import Mark, as_primitive, expected_marks, replay
from tests.support.positions import random_game
from tests.support.render import Capture, decode

VECTOR_CALLS = {
    "fillStyledCircles",
    "strokeStyledCircles",
    "fillStyledPolygons",
    "strokeStyledPolygons",
    "strokeStyledLineSegments",
    "fillStyledRects",
    "strokeStyledRects",
}


def marked(pos: Position) -> list[Highlight]:
    """Every kind of mark, some on tiles, some next to each other, two on one space."""
    targets = [
        Highlight("target", a.village, a.type) for a in pos.legal_actions() if hasattr(a, "type")
    ]
    return [
        *targets[:25],
        Highlight("hint", "B", "priest"),
        Highlight("target", "B", "priest"),
        Highlight("selected", "D"),
        Highlight("selected", "A", "healer"),
        Highlight("moved", "C", "healer"),
        Highlight("refused", "E", "priest"),
        Highlight("refused", "F"),
        Highlight("moved", bridge=("A", "B")),
        Highlight("hint", bridge=("G", "H")),
        Highlight("refused", bridge=("I", "L")),
    ]


def scenes() -> list[tuple[str, Scene]]:
    mid = random_game(3, 60)
    over = random_game(5, 400, ["blue", "red", "violet"])
    return [
        ("midgame", build_scene(mid, caption="a caption")),
        ("marked", build_scene(mid, highlights=marked(mid), lang="pl")),
        ("finished three", build_scene(over, highlights=marked(over))),
        ("new game", build_scene(Position.new_game(["violet", "red", "yellow", "blue"]))),
        ("presenter", build_scene(mid, highlights=marked(mid), presenter=True, caption="x")),
        ("small", build_scene(mid, width=520, footer=False)),
    ]


SCENES = scenes()


def painted(captured: Capture, scene: Any) -> dict[str, list[Mark]]:
    board = BoardCanvas(scene.width, scene.height)
    captured.clear()
    board.draw(scene)  # type: ignore[arg-type]
    (message,) = captured.messages
    found = replay(decode(message))
    return {
        "static": found[f"IPY_MODEL_{board.static_layer.model_id}"],
        "dynamic": found[f"IPY_MODEL_{board.dynamic_layer.model_id}"],
    }


DIRECTIONS = np.array(
    [[np.cos(k * np.pi / 32), np.sin(k * np.pi / 32)] for k in range(32)]
).T  # 32 directions over half a turn


def reach(mark: Mark) -> tuple[np.ndarray, float]:
    """``mark``'s points and how far its paint reaches beyond them (a radius, half a line)."""
    g = mark.geometry
    half = (mark.line_width or 0) / 2
    if mark.shape == "circle":
        return np.array([g[:2]]), g[2] + half
    if mark.shape == "polygon":
        return np.array(g), half
    if mark.shape == "line":
        return np.array([g[:2], g[2:]]), half
    if mark.shape == "rect":
        x, y, w, h = g[:4]
        return np.array([(x, y), (x + w, y + h), (x, y + h), (x + w, y)]), half
    size = float(g[3].split("px")[0].split()[-1])
    width = size * len(g[2])  # wider than any glyph of the font
    x0 = {"start": g[0], "middle": g[0] - width / 2, "end": g[0] - width}[g[4]]
    return np.array([(x0, g[1] - size), (x0 + width, g[1] + 0.3 * size)]), 0.0


def apart(one: Mark, two: Mark, gap: float) -> bool:
    """Whether a direction separates the two marks' paint by ``gap`` (then no pixel of a
    picture at 1 / ``gap`` px per unit or more is touched by both)."""
    (p, r), (q, s) = reach(one), reach(two)
    a, b = p @ DIRECTIONS, q @ DIRECTIONS
    return bool(
        np.any(
            (a.max(axis=0) + r + gap <= b.min(axis=0) - s)
            | (b.max(axis=0) + s + gap <= a.min(axis=0) - r)
        )
    )


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[n for n, _ in SCENES])
def test_the_canvas_paints_every_primitive_of_the_scene_once(
    captured: Capture, name: str, scene: Scene
) -> None:
    layers = painted(captured, scene)
    for layer, primitives in (("static", scene.static), ("dynamic", scene.dynamic)):
        assert Counter(layers[layer]) == Counter(expected_marks(primitives)), layer


@pytest.mark.parametrize(("name", "scene"), SCENES, ids=[n for n, _ in SCENES])
def test_marks_that_can_touch_keep_the_scene_s_order(
    captured: Capture, name: str, scene: Scene
) -> None:
    """The painter only reorders marks that cannot touch one pixel."""
    layers = painted(captured, scene)
    for layer, primitives in (("static", scene.static), ("dynamic", scene.dynamic)):
        wanted = expected_marks(primitives)
        places: dict[Mark, list[int]] = {}
        for index, mark in enumerate(wanted):
            places.setdefault(mark, []).append(index)
        order = [places[mark].pop(0) for mark in layers[layer]]  # scene index, in paint order
        seq = np.array(order)
        swapped = np.nonzero(
            np.triu(seq[:, None] > seq[None, :], 1)
        )  # painted before, listed after
        wrong = [
            (wanted[order[i]], wanted[order[j]])
            for i, j in zip(*swapped)
            if not apart(wanted[order[i]], wanted[order[j]], 0.5)
        ]
        assert wrong == [], wrong[:3]


@dataclass(frozen=True)
class Flat:
    """A drawing of given primitives, for the SVG painter."""

    width: float
    height: float
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]
    title: str = "t"
    description: str = "d"
    lang: str = "en"


@pytest.mark.parametrize("name", ["marked", "finished three", "presenter"])
def test_the_canvas_order_paints_the_svg_picture(captured: Capture, name: str) -> None:
    """Pixel by pixel: the marks in the canvas's order, drawn again by the SVG painter, are
    the scene's SVG picture."""
    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    scene = dict(SCENES)[name]
    layers = painted(captured, scene)
    again = Flat(
        scene.width,
        scene.height,
        tuple(as_primitive(m) for m in layers["static"]),
        tuple(as_primitive(m) for m in layers["dynamic"]),
    )

    def pixels(svg: str) -> Any:
        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=1)
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)

    flat = Flat(scene.width, scene.height, scene.static, scene.dynamic)
    a, b = pixels(scene_to_svg(again, grouped=False)), pixels(scene_to_svg(flat, grouped=False))
    assert int(np.abs(a - b).max()) == 0


def test_outlined_pieces_are_listed_once(midgame: Position) -> None:
    """A tile, a space, a block, a badge, a stone is one primitive with fill and outline, not
    a fill and a copy with the outline."""
    scene = build_scene(midgame)
    for layer in (scene.static, scene.dynamic):
        shapes = [p for p in layer if isinstance(p, (Circle, Polygon))]
        filled = {
            (type(p), str(p.points if isinstance(p, Polygon) else (p.cx, p.cy, p.r)), p.tag)
            for p in shapes
            if p.fill
        }
        outlines = [
            p
            for p in shapes
            if p.fill is None
            and (type(p), str(p.points if isinstance(p, Polygon) else (p.cx, p.cy, p.r)), p.tag)
            in filled
        ]
        assert outlines == []
    tile = scene.tagged("master")[0]
    assert tile.fill and tile.stroke and tile.outline_element  # type: ignore[union-attr]
    svg = scene_to_svg(scene)
    assert svg.count('fill="none" stroke="#A89A7A"') == len(scene.tagged("space")) // 2


@pytest.mark.parametrize(
    "drawing", [*(s for _, s in SCENES), legend_scene("en"), legend_scene("pl")]
)
def test_the_shapes_of_one_tag_come_one_after_another(drawing: Any) -> None:
    for layer in (drawing.static, drawing.dynamic):
        seen: set[tuple[str, ...]] = set()
        previous: tuple[str, ...] | None = None
        for p in layer:
            if p.tag and p.tag != previous:
                assert p.tag not in seen, p.tag
                seen.add(p.tag)
            previous = p.tag


@pytest.mark.parametrize(("name", "most"), [("legal targets", 20), ("marked", 40)])
def test_a_redraw_is_a_few_vectorised_calls(captured: Capture, name: str, most: int) -> None:
    """Runs the painter finds itself: all tiles' fills of one shape in one call, and so on."""
    mid = random_game(3, 60)
    if name == "marked":
        scene = build_scene(mid, highlights=marked(mid), lang="pl")
    else:
        targets = [
            Highlight("target", a.village, a.type)
            for a in mid.legal_actions()
            if hasattr(a, "type")
        ]
        scene = build_scene(mid, highlights=targets)
    board = BoardCanvas()
    board.draw(scene)
    captured.clear()
    board.draw_dynamic(scene)
    (message,) = captured.messages
    commands = decode(message)
    vector = [name for name, _, _ in commands if name in VECTOR_CALLS]
    texts = sum(isinstance(p, Text) for p in scene.dynamic)
    assert [name for name, _, _ in commands].count("fillText") == texts
    runs = 1 + sum(
        type(p) is not type(q) or bool(p.fill) != bool(q.fill) or p.tag[:1] != q.tag[:1]
        for p, q in zip(scene.dynamic, scene.dynamic[1:])
    )
    assert runs > 100  # the scene's own order: far more runs than calls
    assert len(vector) <= most, Counter(vector)
    fills = [args for name, args, _ in commands if name == "fillStyledPolygons"]
    assert max(int(args[0]) for args in fills) >= 40  # planks, tiles, symbols together


def test_paint_keeps_the_order_of_overlapping_shapes_of_one_kind(captured: Capture) -> None:
    """Two overlapping discs of one kind with a square between them: three calls, in order."""
    from ipycanvas import Canvas

    canvas = Canvas(width=100, height=100)
    red = Circle(30, 30, 20, fill="#FF0000", tag=("a",))
    square = Rect(25, 25, 30, 30, fill="#00FF00", tag=("b",))
    blue = Circle(50, 50, 20, fill="#0000FF", tag=("c",))
    far = Circle(90, 90, 5, fill="#0000FF", tag=("d",))
    with batch(canvas):
        paint(canvas, [red, square, far, blue])
    (message,) = captured.messages
    marks = replay(decode(message))
    (found,) = marks.values()
    assert [m.colour for m in found] == ["#FF0000", "#0000FF", "#00FF00", "#0000FF"]
    assert found[1].geometry == (90.0, 90.0, 5.0)  # the far one joined the first call


def test_an_empty_drawing_paints_nothing_but_the_clear(captured: Capture) -> None:
    from ipycanvas import Canvas

    canvas = Canvas(width=10, height=10)
    with batch(canvas):
        paint(canvas, [])
    (message,) = captured.messages
    assert not any(name in VECTOR_CALLS or name == "fillText" for name, _, _ in decode(message))


def test_a_line_between_two_fills_keeps_its_place(captured: Capture) -> None:
    from ipycanvas import Canvas

    canvas = Canvas(width=100, height=100)
    shapes: list[Primitive] = [
        Polygon(((0, 0), (50, 0), (50, 50)), fill="#111111", tag=("a",)),
        Line(0, 30, 100, 30, stroke="#222222", line_width=4, tag=("b",)),
        Polygon(((10, 0), (60, 0), (60, 50)), fill="#333333", tag=("c",)),
    ]
    with batch(canvas):
        paint(canvas, shapes)
    (message,) = captured.messages
    (found,) = replay(decode(message)).values()
    assert [m.colour for m in found] == ["#111111", "#222222", "#333333"]

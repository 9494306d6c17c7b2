"""The ipycanvas painter, checked on the command stream it sends (no kernel, no browser)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import Canvas as CanvasClass

from shangrila_widget.render import Highlight, build_scene
from shangrila_widget.render.canvas import BoardCanvas, batch, paint
from shangrila_widget.render.primitives import Circle, Line, Polygon, Rect, Text
from shangrila_widget.render.styles import PLAYER_STYLES
from shangrila_widget.rules import Position
from tests.render.replay import expected_marks, replay
from tests.support.positions import random_game
from tests.support.render import Capture, decode

FILL_STYLE = CanvasClass.ATTRS["fill_style"]


def hex_colours(commands: list[tuple[str, list[Any], list[Any]]]) -> set[str]:
    """Every fill colour the commands use: styled batches and fill_style sets."""
    colours: set[str] = set()
    for name, args, _ in commands:
        if name in ("fillStyledPolygons", "fillStyledCircles", "fillStyledRects"):
            colour_arg = args[3] if name != "fillStyledRects" else args[4]
            if name == "fillStyledCircles":
                colour_arg = args[3]
            rgb = np.asarray(colour_arg, dtype=np.uint8).reshape(-1, 3)
            colours |= {"#{:02X}{:02X}{:02X}".format(*map(int, c)) for c in rgb}
        elif name == "set" and args[0] == FILL_STYLE:
            colours.add(str(args[1]).upper())
    return colours


def names(commands: list[tuple[str, list[Any], list[Any]]]) -> list[str]:
    return [name for name, _, _ in commands]


def widget_ref(canvas: Any) -> str:
    return f"IPY_MODEL_{canvas.model_id}"


def test_dynamic_redraw_is_exactly_one_message_with_the_tile_colours(captured: Capture) -> None:
    pos = random_game(3, 60)
    board = BoardCanvas()
    board.draw(build_scene(pos))
    assert len(captured.messages) == 1, "first draw: both layers in one message"
    captured.clear()

    scene = build_scene(pos, highlights=[Highlight("target", "A", "healer")])
    board.draw_dynamic(scene)
    assert len(captured.messages) == 1
    commands = decode(captured.messages[0])
    # the batch starts by switching to the dynamic layer, and only draws there
    assert commands[0][0] == "switchCanvas"
    assert commands[0][1] == [widget_ref(board.dynamic_layer)]
    assert names(commands).count("switchCanvas") == 1
    assert ("setTransform", [2.0, 0, 0, 2.0, 0, 0]) in [(n, a) for n, a, _ in commands]
    assert "clear" in names(commands)
    used = hex_colours(commands)
    for colour in pos.players:
        assert PLAYER_STYLES[colour].fill in used, colour
    # vectorised: texts one by one, everything else in a few batches
    text_count = sum(isinstance(p, Text) for p in scene.dynamic)
    assert names(commands).count("fillText") == text_count
    paints = sum(bool(p.fill) + bool(p.stroke) for p in scene.dynamic if not isinstance(p, Text))
    assert len(commands) < text_count + 90 < (paints + text_count) / 2
    assert "fillStyledPolygons" in names(commands)
    assert "strokeStyledLineSegments" in names(commands)
    assert "fillText" in names(commands)


def test_every_text_of_the_scene_is_sent(captured: Capture) -> None:
    scene = build_scene(random_game(3, 60), caption="A caption")
    board = BoardCanvas()
    board.draw(scene)
    sent = [args[0] for name, args, _ in decode(captured.messages[0]) if name == "fillText"]
    expected = [p.text for p in scene.static + scene.dynamic if isinstance(p, Text)]
    assert sorted(sent) == sorted(expected)  # the order: test_render_batching


def test_polygon_batches_carry_every_point(captured: Capture) -> None:
    scene = build_scene(random_game(3, 60))
    board = BoardCanvas()
    board.draw(scene)
    captured.clear()
    board.draw_dynamic(scene)
    commands = decode(captured.messages[0])
    sent_points = sum(
        int(np.sum(args[2])) for name, args, _ in commands if name.endswith("StyledPolygons")
    )
    polygons = [p for p in scene.dynamic if isinstance(p, Polygon)]
    batched = sum(len(p.points) * (bool(p.fill) + bool(p.stroke)) for p in polygons)
    assert sent_points == batched


def test_static_layer_is_redrawn_only_when_it_changes(captured: Capture) -> None:
    board = BoardCanvas()
    first = build_scene(random_game(3, 60))
    board.draw(first)
    commands = decode(captured.messages[0])
    switches = [args[0] for name, args, _ in commands if name == "switchCanvas"]
    assert switches == [widget_ref(board.static_layer), widget_ref(board.dynamic_layer)]
    captured.clear()

    board.draw(build_scene(random_game(4, 60)))  # same size, players, language
    (message,) = captured.messages
    switches = [args[0] for name, args, _ in decode(message) if name == "switchCanvas"]
    assert switches == [widget_ref(board.dynamic_layer)]
    captured.clear()

    board.draw_dynamic(build_scene(random_game(4, 60), lang="pl"))  # the static layer changed
    (message,) = captured.messages
    switches = [args[0] for name, args, _ in decode(message) if name == "switchCanvas"]
    assert switches == [widget_ref(board.static_layer), widget_ref(board.dynamic_layer)]
    captured.clear()

    board.redraw()  # a page connected: everything again, one message
    (message,) = captured.messages
    switches = [args[0] for name, args, _ in decode(message) if name == "switchCanvas"]
    assert len(switches) == 2


def test_draw_static_alone_is_one_message(captured: Capture) -> None:
    board = BoardCanvas()
    board.draw_static(build_scene(Position.new_game(["red", "blue", "yellow"])))
    (message,) = captured.messages
    commands = decode(message)
    assert commands[0][1] == [widget_ref(board.static_layer)]
    assert "#C9C6C0" in hex_colours(commands)  # C out of play


def test_backing_store_is_device_pixel_ratio_and_css_fits_the_page(captured: Capture) -> None:
    board = BoardCanvas(900, 910, pixel_ratio=2)
    assert (board.widget.width, board.widget.height) == (1800, 1820)
    # Width only: at most the board's width, at most what fits the viewport height at the
    # picture's aspect ratio; never wider than its box; the height follows the backing store.
    ratio = 900 / 910
    assert board.widget.layout.width == (
        f"min(900px, calc((100vh - var(--shangrila-reserved, 150px)) * {ratio:.6f}))"
    )
    assert board.widget.layout.max_width == "100%"
    assert board.widget.layout.height == "auto"
    assert board.widget.layout.display == "block"
    assert "shangrila-canvas" in board.widget._dom_classes
    small = build_scene(random_game(3, 60), width=600)
    board.draw(small)
    assert (board.widget.width, board.widget.height) == (1200, round(small.height * 2))
    assert board.widget.layout.width.startswith("min(600px, ")
    assert f"{600 / small.height:.6f}" in board.widget.layout.width
    with pytest.raises(ValueError):
        BoardCanvas(pixel_ratio=0)


def test_mouse_coordinates_map_back_to_the_scene(captured: Capture) -> None:
    board = BoardCanvas(pixel_ratio=2)
    assert board.hit_test(10, 10) is None  # nothing drawn yet
    scene = build_scene(random_game(3, 60))
    board.draw(scene)
    space = scene.layout.space("D", "priest")
    assert board.to_scene(space.cx * 2, space.cy * 2) == (space.cx, space.cy)
    assert board.hit_test(space.cx * 2, space.cy * 2) == ("space", "D", "priest")

    clicks: list[Any] = []
    board.on_click(clicks.append)
    event = {
        "content": {
            "data": {
                "method": "custom",
                "content": {"event": "mouse_down", "x": space.cx * 2, "y": space.cy * 2},
            }
        },
        "buffers": [],
    }
    board.widget._handle_msg(event)
    assert clicks == [("space", "D", "priest")]


def test_paint_covers_every_primitive_kind(captured: Capture) -> None:
    canvas = Canvas(width=200, height=200)
    primitives = [
        Rect(0, 0, 200, 200, fill="#EEEEEE"),
        Rect(10, 10, 50, 30, fill="#FF0000", stroke="#000000", rx=6),
        Rect(70, 10, 50, 30, stroke="#00FF00", line_width=2),
        Circle(30, 80, 10, fill="#0000FF", stroke="#000000", opacity=0.5),
        Circle(60, 80, 10, stroke="#0000FF", dash=(2.0, 2.0)),
        Polygon(((0, 0), (10, 0), (5, 8)), fill="#123456", stroke="#654321"),
        Line(0, 0, 100, 100, stroke="#333333", line_width=3),
        Text(100, 150, "Żółty", size=14, anchor="end", weight="normal"),
    ]
    with batch(canvas):
        paint(canvas, primitives, scale=1.5)
    (message,) = captured.messages
    used = names(decode(message))
    for command in (
        "arcTo",
        "fill",
        "stroke",
        "fillStyledCircles",
        "fillStyledPolygons",
        "strokeStyledPolygons",
        "fillText",
        "setLineDash",
        "fillStyledRects",
        "strokeStyledRects",
        "strokeStyledCircles",
        "strokeStyledLineSegments",
    ):
        assert command in used, command
    texts = [args for name, args, _ in decode(message) if name == "fillText"]
    assert texts == [["Żółty", 100, 150]]
    (marks,) = replay(decode(message)).values()
    assert Counter(marks) == Counter(expected_marks(primitives))


def test_a_failed_batch_sends_nothing_and_leaves_the_manager_usable(captured: Capture) -> None:
    canvas = Canvas(width=10, height=10)
    with pytest.raises(TypeError):
        with batch(canvas):
            paint(canvas, [Rect(0, 0, 1, 1, fill="#000000"), "not a primitive"])  # type: ignore[list-item]
    assert captured.messages == []
    assert canvas._canvas_manager._caching is False
    with batch(canvas):
        paint(canvas, [Rect(0, 0, 1, 1, fill="#000000")])
    assert len(captured.messages) == 1


def test_nested_batches_send_once(captured: Capture) -> None:
    board = BoardCanvas()
    scene = build_scene(random_game(3, 60))
    with batch(board.widget):
        board.draw_static(scene)
        board.draw_dynamic(scene)
    assert len(captured.messages) == 1


def test_redraw_is_small(captured: Capture) -> None:
    board = BoardCanvas()
    scene = build_scene(random_game(3, 60))
    board.draw(scene)
    captured.clear()
    board.draw_dynamic(scene)
    assert captured.nbytes < 40_000

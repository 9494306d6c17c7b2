"""How long a board redraw takes in Python, and how big its message to the front end is.

Plays a seeded random 4-player game into the middle of play, then redraws the dynamic layer
for each of the following positions (with every legal target highlighted, as the widget's
"show legal moves" does), painting into an ipycanvas canvas whose manager's ``send`` is
replaced by a recorder (no kernel, no browser). Reported figures are medians:

- ``scene_ms``: ``build_scene`` alone;
- ``redraw_ms``: ``build_scene`` + ``BoardCanvas.draw_dynamic`` (one ``hold_canvas`` batch);
- ``bytes_per_redraw`` / ``messages_per_redraw`` / ``commands_per_redraw`` /
  ``vector_calls_per_redraw``: what that batch sends (canvas commands; of them, vectorised
  ``*Styled*`` calls);
- ``static_ms`` / ``static_bytes``: a full redraw of the static layer;
- ``svg_ms``: ``position_svg`` of the same positions.

The last line printed is one JSON object with those keys.

    python benchmarks/redraw.py --repeat 200
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from ipycanvas import canvas as ipycanvas_canvas
from ipycanvas.canvas import COMMANDS

from shangrila_widget.render import build_scene, position_svg
from shangrila_widget.render.canvas import BoardCanvas
from shangrila_widget.rules import Position
from shangrila_widget.widget.controller import legal_targets

SEATS = ["red", "blue", "yellow", "violet"]


def game_positions(seed: int, skip: int, count: int) -> list[Position]:
    """``count`` consecutive positions of a random game, after ``skip`` actions."""
    rng = random.Random(seed)
    pos = Position.new_game(SEATS)
    out: list[Position] = []
    for i in range(skip + count):
        if pos.is_over:
            break
        if i >= skip:
            out.append(pos)
        pos = pos.play(rng.choice(pos.legal_actions())).position
    return out


def command_names(messages: list[tuple[Any, list[Any]]]) -> list[str]:
    """The canvas commands of captured messages, by name."""
    names = {index: name for name, index in COMMANDS.items()}
    out: list[str] = []
    for _, buffers in messages:
        batch = json.loads(bytes(memoryview(buffers[0])))
        if batch and not isinstance(batch[0], list):
            batch = [batch]
        out += [names[command[0]] for command in batch]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="redraws to time")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    sent: list[tuple[Any, list[Any]]] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    manager.send = lambda content=None, buffers=None, **_: sent.append((content, buffers or []))

    positions = game_positions(args.seed, skip=50, count=40)
    marks = [legal_targets(p) for p in positions]
    board = BoardCanvas()
    board.draw(build_scene(positions[0]))

    def size(messages: list[tuple[Any, list[Any]]]) -> int:
        return sum(
            len(json.dumps(content)) + sum(memoryview(b).nbytes for b in buffers)
            for content, buffers in messages
        )

    scene_ms: list[float] = []
    redraw_ms: list[float] = []
    sizes: list[int] = []
    counts: list[int] = []
    commands: list[int] = []
    vector: list[int] = []
    for i in range(args.repeat):
        pos, highlights = positions[i % len(positions)], marks[i % len(positions)]
        sent.clear()
        start = time.perf_counter()
        scene = build_scene(pos, highlights=highlights)
        built = time.perf_counter()
        board.draw_dynamic(scene)
        done = time.perf_counter()
        scene_ms.append((built - start) * 1000)
        redraw_ms.append((done - start) * 1000)
        sizes.append(size(sent))
        counts.append(len(sent))
        names = command_names(sent)
        commands.append(len(names))
        vector.append(sum("Styled" in name for name in names))

    static_ms: list[float] = []
    static_bytes = 0
    for _ in range(20):
        sent.clear()
        start = time.perf_counter()
        board.draw_static(scene)
        static_ms.append((time.perf_counter() - start) * 1000)
        static_bytes = size(sent)

    svg_ms: list[float] = []
    for pos in positions:
        start = time.perf_counter()
        position_svg(pos)
        svg_ms.append((time.perf_counter() - start) * 1000)

    print(
        json.dumps(
            {
                "scene_ms": round(statistics.median(scene_ms), 3),
                "redraw_ms": round(statistics.median(redraw_ms), 3),
                "redraw_ms_p95": round(sorted(redraw_ms)[int(0.95 * len(redraw_ms))], 3),
                "bytes_per_redraw": int(statistics.median(sizes)),
                "messages_per_redraw": max(counts),
                "commands_per_redraw": int(statistics.median(commands)),
                "vector_calls_per_redraw": int(statistics.median(vector)),
                "primitives_per_redraw": len(scene.dynamic),
                "static_ms": round(statistics.median(static_ms), 3),
                "static_bytes": static_bytes,
                "svg_ms": round(statistics.median(svg_ms), 3),
            }
        )
    )


if __name__ == "__main__":
    main()

"""Fixtures of the render tests: two seeded random games (mid-game, finished) and the
ipycanvas capture (positions themselves come from :mod:`tests.support.positions`).

``captured``: replaces the ipycanvas canvas manager's ``send`` to record every message the
painter would send to the front end (no kernel, no browser), and resets the manager's
current canvas so tests do not depend on each other. ``decode(message)`` turns a captured
message back into ``[(command name, args, buffers), ...]`` with ipycanvas's own table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from shangrila_widget.rules import Position
from tests.support.positions import random_game


@pytest.fixture(scope="session")
def midgame() -> Position:
    pos = random_game(3, 60)
    assert pos.phase == "play"
    return pos


@pytest.fixture(scope="session")
def finished_three() -> Position:
    pos = random_game(5, 400, ["blue", "red", "violet"])
    assert pos.is_over
    return pos


# ---------------------------------------------------------------------------- ipycanvas


@dataclass
class Capture:
    """Messages the canvas manager would have sent: (content, buffers) pairs."""

    messages: list[tuple[Any, list[Any]]] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()

    @property
    def nbytes(self) -> int:
        return sum(memoryview(b).nbytes for _, buffers in self.messages for b in buffers)


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> Iterator[Capture]:
    from ipycanvas import canvas as ipycanvas_canvas

    manager = ipycanvas_canvas._CANVAS_MANAGER
    capture = Capture()

    def send(content: Any = None, buffers: list[Any] | None = None, **_: Any) -> None:
        capture.messages.append((content, list(buffers or [])))

    monkeypatch.setattr(manager, "send", send)
    monkeypatch.setattr(manager, "_current_canvas", None)
    monkeypatch.setattr(manager, "_caching", False)
    yield capture
    manager._commands_cache = []
    manager._buffers_cache = []


def decode(message: tuple[Any, list[Any]]) -> list[tuple[str, list[Any], list[Any]]]:
    """One captured message -> [(command name, args with arrays filled in, buffers)]."""
    from ipycanvas.canvas import COMMANDS

    names = {index: name for name, index in COMMANDS.items()}
    _, buffers = message
    commands = json.loads(bytes(memoryview(buffers[0])))
    if commands and not isinstance(commands[0], list):
        commands = [commands]  # a single command, not a batch
    rest = buffers[1:]
    out: list[tuple[str, list[Any], list[Any]]] = []
    cursor = 0
    for command in commands:
        index, args = command[0], command[1]
        count = command[2] if len(command) > 2 else 0
        own = rest[cursor : cursor + count]
        cursor += count
        filled: list[Any] = []
        for arg in args:
            if isinstance(arg, dict) and "idx" in arg and "dtype" in arg:
                array = np.frombuffer(bytes(memoryview(own[arg["idx"]])), dtype=arg["dtype"])
                filled.append(array.reshape(arg["shape"]))
            else:
                filled.append(arg)
        out.append((names[index], filled, own))
    assert cursor == len(rest), "every buffer belongs to a command"
    return out

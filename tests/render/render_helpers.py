"""Positions and ipycanvas capture shared by the render tests (fixtures in conftest.py).

Positions: the rulebook tour's four worked examples (``rulebook-tour.md``, as concrete
positions), seeded random games (set-up, mid-game, finished) and a few hand-made boards.

``captured``: replaces the ipycanvas canvas manager's ``send`` to record every message the
painter would send to the front end (no kernel, no browser), and resets the manager's
current canvas so tests do not depend on each other. ``decode(message)`` turns a captured
message back into ``[(command name, args, buffers), ...]`` with ipycanvas's own table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from shangrila_widget.rules import Position

FOUR = ["red", "blue", "yellow", "violet"]
FORMAT = "shangrila-position/1"


def M(owner: str) -> dict[str, Any]:
    return {"owner": owner, "student": False}


def MS(owner: str) -> dict[str, Any]:
    return {"owner": owner, "student": True}


def play_position(villages: dict[str, Any], to_move: str = "red", **extra: Any) -> Position:
    return Position.from_dict(
        {
            "format": FORMAT,
            "players": FOUR,
            "to_move": to_move,
            "phase": "play",
            "villages": villages,
            **extra,
        }
    )


#: The start positions of the rulebook's four worked examples (rulebook-tour.md).
TOUR_STARTS: dict[str, Position] = {
    "1-place": play_position(
        {
            "A": {"rainmaker": M("yellow"), "priest": M("red")},
            "D": {"priest": M("blue")},
            "E": {"firekeeper": M("violet")},
        },
        to_move="yellow",
    ),
    "2-recruit": play_position(
        {
            "A": {"rainmaker": M("yellow"), "yeti_whisperer": M("yellow"), "healer": M("blue")},
            "B": {"firekeeper": M("blue")},
            "D": {"priest": M("red")},
            "E": {"firekeeper": M("violet")},
        },
        to_move="yellow",
    ),
    "3-journey-stronger": play_position(
        {
            "A": {
                "dragon_breeder": MS("red"),
                "rainmaker": MS("red"),
                "healer": MS("violet"),
                "astrologer": M("yellow"),
                "yeti_whisperer": M("blue"),
            },
            "B": {
                "rainmaker": MS("yellow"),
                "healer": M("blue"),
                "firekeeper": M("blue"),
                "priest": M("yellow"),
            },
        }
    ),
    "4-journey-weaker": play_position(
        {
            "A": {
                "healer": MS("violet"),
                "rainmaker": MS("red"),
                "priest": M("violet"),
                "astrologer": M("violet"),
                "firekeeper": M("yellow"),
            },
            "B": {
                "rainmaker": M("violet"),
                "dragon_breeder": M("violet"),
                "priest": MS("blue"),
                "astrologer": MS("yellow"),
                "yeti_whisperer": MS("yellow"),
                "firekeeper": M("blue"),
            },
        },
        to_move="violet",
    ),
}

#: The first legal action of each example, as the rulebook tells it.
TOUR_ACTIONS = {
    "1-place": "place dragon_breeder A",
    "2-recruit": "recruit rainmaker A yeti_whisperer A",
    "3-journey-stronger": "journey A B",
    "4-journey-weaker": "journey A B",
}


def tour_positions() -> list[tuple[str, Position]]:
    """Every example's start and the position after its first action."""
    out: list[tuple[str, Position]] = []
    for name, start in TOUR_STARTS.items():
        out.append((f"{name}-start", start))
        out.append((f"{name}-after", start.play(TOUR_ACTIONS[name]).position))
    return out


def random_game(seed: int, moves: int, players: list[str] | None = None) -> Position:
    """``moves`` random legal actions from a new game (or fewer if it ends first)."""
    rng = random.Random(seed)
    pos = Position.new_game(players or FOUR)
    for _ in range(moves):
        if pos.is_over:
            break
        pos = pos.play(rng.choice(pos.legal_actions())).position
    return pos


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

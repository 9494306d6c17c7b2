"""Bad input set from Python or sent by the page (issue 11): the widgets refuse it with a
short message and keep what they had."""

from __future__ import annotations

import logging
from typing import Any

import pytest
import traitlets

from shangrila_widget.rules import Position
from shangrila_widget.widget import ShangriLaBoard
from tests.support.widget import from_browser


def deep(n: int) -> str:
    return "[" * n + "]" * n


BASE = '{"format": "shangrila-position/1", "players": ["red", "blue", "yellow"], '


@pytest.mark.parametrize(
    "value",
    [
        "junk",
        "",
        "rby b setup 6r/²5/7/7/7/7/7/7/7/7/7/7/7 - C",
        "rby r setup rrrrrrrb/7/7/7/7/7/7/7/7/7/7/7/7 - C",
        BASE + '"to_move": "red", "phase": "setup", "villages": ' + deep(990) + "}",
        BASE + '"to_move": "red", "phase": "setup", "villages": {}, "passes": ' + "1" * 5000 + "}",
        "{" + "x" * 100_000,
        deep(100_000),
    ],
    ids=lambda v: v[:30],
)
def test_a_bad_position_trait_is_refused_and_changes_nothing(value: str) -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow", "violet"])
    board.controller.record.play("place healer A")
    board.position = board.controller.position.to_json()
    before, ply = board.position, board.record.current.ply
    with pytest.raises(traitlets.TraitError, match="not a valid position") as info:
        board.position = value
    assert len(str(info.value)) < 300 and "\n" not in str(info.value)
    assert board.position == before
    assert board.record.current.ply == ply == 1
    assert board.game == Position.from_json(before)


@pytest.mark.parametrize(
    "content",
    [
        {"event": "x" * 100_000},
        {"event": ["mouse_down"] * 10_000},
        {"event": {"a": 1}},
        {"event": "mouse_down", "x": "x" * 100_000, "y": 3},
        {"event": "mouse_down"},
        {"event": "key_down", "key": ["Enter"] * 10_000},
    ],
    ids=["long event", "event list", "event object", "long x", "no x", "key list"],
)
def test_a_strange_front_end_message_changes_nothing_and_logs_briefly(
    content: Any, caplog: pytest.LogCaptureFixture
) -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    before = board.position
    with caplog.at_level(logging.WARNING):
        from_browser(board, content)  # the MultiCanvas comm: the browser's route
    assert board.position == before
    assert all(len(r.getMessage()) < 300 for r in caplog.records)

"""Every file in examples/positions/ reads, round-trips, and teaches what its name says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shangrila_widget.rules import Position
from tests.support.paths import EXAMPLE_POSITIONS
from tests.support.positions import worked_example

FILES = sorted(EXAMPLE_POSITIONS.glob("*.json"))


def test_there_are_example_files() -> None:
    names = {p.name for p in FILES}
    assert {
        "01-placing-a-master.json",
        "02-recruiting.json",
        "03-journey-situation-1.json",
        "04-journey-situation-2.json",
        "05-tie-masters.json",
        "06-tie-defender.json",
        "08-last-bridge.json",
    } <= names


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example_file_round_trips(path: Path) -> None:
    text = path.read_text("utf-8")
    pos = Position.from_json(text)
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_json(pos.to_json(indent=2)) == pos
    assert Position.from_dict(json.loads(text)) == pos
    # the files are written in the canonical form, so they read back byte for byte
    assert pos.to_json(indent=2) + "\n" == text
    assert pos.legal_actions(), "every example leaves its player something to do"


# What each scenario file shows when its first listed action is played.
EXPECTED = {
    "03-journey-situation-1.json": ("journey A B", 1, "JOURNEY-STRENGTH"),
    "04-journey-situation-2.json": ("journey A B", 2, "JOURNEY-STRENGTH"),
    "05-tie-masters.json": ("journey A B", 1, "JOURNEY-TIE-MASTERS"),
    "06-tie-defender.json": ("journey A B", 2, "JOURNEY-TIE-DEFENDER"),
    "07-own-master-and-full.json": ("journey A B", 1, "J1-OWN-FULL"),
    "08-last-bridge.json": ("journey A B", 1, "END"),
    "09-score-tie.json": ("journey A B", 1, "SCORE-TIE"),
    "10-setup-stuck-three-players.json": ("pass", None, "SETUP-STUCK"),
    "11-everyone-must-pass.json": ("pass", None, "TURN-PASS"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scenario_files_show_their_rule(name: str) -> None:
    action, situation, rule = EXPECTED[name]
    pos = Position.from_json((EXAMPLE_POSITIONS / name).read_text("utf-8"))
    outcome = pos.play(action)
    assert outcome.situation == situation
    assert rule in [event.rule for event in outcome.events]


@pytest.mark.parametrize(
    ("number", "example"),
    [
        (1, "01-placing-a-master.json"),
        (2, "02-recruiting.json"),
        (3, "03-journey-situation-1.json"),
        (4, "04-journey-situation-2.json"),
    ],
)
def test_example_files_are_the_tour_starts(number: int, example: str) -> None:
    """The example files and the package's tour chapters start from the same positions."""
    text = (EXAMPLE_POSITIONS / example).read_text("utf-8")
    assert Position.from_json(text) == worked_example(number)


def test_plain_text_board_of_a_journey_example() -> None:
    """``str(position)``: one line per village, students marked, stones, broken bridges."""
    pos = Position.from_json((EXAMPLE_POSITIONS / "03-journey-situation-1.json").read_text("utf-8"))
    after = pos.play("journey A B").position
    text = str(after)
    lines = text.splitlines()
    assert lines[0] == "Shangri-La, 4 players, phase play, blue to move"
    assert lines[1] == "A  R:r A:y D:r P:. Y:b F:. H:v  strength 5"
    assert lines[2] == "B  R:r A:. D:r P:y Y:. F:b H:v  strength 5"
    assert "broken bridges: A-B" in lines
    assert "strength 8" in str(pos).splitlines()[1] and "R:r+" in str(pos).splitlines()[1]
    assert lines[-1].startswith("key: R Rainmaker")

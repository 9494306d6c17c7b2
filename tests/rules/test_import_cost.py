"""Importing the rules stays cheap: no table of the 4,095 recruits of two is built at import
(they are made on first look-up, then kept), and no heavy library is loaded. The time itself is
measured by ``benchmarks/import_time.py``; these tests guard the mechanism, not a figure."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from itertools import combinations

import pytest

from shangrila_widget.rules import Position, Recruit, legal_actions
from shangrila_widget.rules.actions import RECRUIT_TWO_BY_SLOTS, RecruitsOfTwo
from shangrila_widget.rules.board import MASTER_TYPES, VILLAGES

#: Libraries the rules never need: loading one at import would cost more than the rules do.
HEAVY = ("numpy", "segno", "anywidget", "ipywidgets", "ipycanvas", "traitlets", "IPython")
#: The package's own layers above the rules.
ABOVE = ("bots", "render", "widget", "exercises", "cli", "serve", "lite")

FRESH = """
import json, sys
import shangrila_widget.rules
from shangrila_widget.rules import actions, engine
print(json.dumps({
    "modules": sorted(sys.modules),
    "recruits_of_two": len(actions.RECRUIT_TWO_BY_SLOTS),
    "by_numbers": len(engine._RECRUIT_TWO.__self__),
}))
"""


def fresh_import() -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", FRESH], capture_output=True, text=True, check=True, timeout=60
    )
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


def test_importing_the_rules_builds_no_recruit_table_and_loads_nothing_heavy() -> None:
    figures = fresh_import()
    assert figures["recruits_of_two"] == 0
    assert figures["by_numbers"] == 0
    modules = figures["modules"]
    assert isinstance(modules, list)
    heavy = [m for m in modules if m.split(".")[0] in HEAVY]
    above = [m for m in modules if m.split(".")[:2] in (["shangrila_widget", a] for a in ABOVE)]
    assert heavy == [] and above == [], (heavy, above)


def student(slot: int) -> tuple[str, str]:
    return MASTER_TYPES[slot % 7], VILLAGES[slot // 7]


def test_every_recruit_of_two_is_made_right_once() -> None:
    table = RecruitsOfTwo()
    wrong = []
    pairs = list(combinations(range(len(VILLAGES) * 7), 2))
    for a, b in pairs:
        made = table[a, b]
        if made != Recruit((student(a), student(b))) or made.slots != (a, b):
            wrong.append((a, b, made))
        if table[a, b] is not made:
            wrong.append((a, b, "made twice"))
    assert wrong == []
    assert len(table) == len(pairs) == 4095


@pytest.mark.parametrize("slots", [(8, 0), (3, 3), (-1, 4), (0, 91), (90, 91)])
def test_a_pair_that_is_no_recruit_of_two_is_a_key_error(slots: tuple[int, int]) -> None:
    table = RecruitsOfTwo()
    with pytest.raises(KeyError):
        table[slots]
    assert len(table) == 0


def midgame(seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.new_game(["red", "blue", "yellow", "violet"])
    for _ in range(30):
        pos = pos.play(rng.choice(legal_actions(pos))).position
    return pos


def test_the_engine_lists_the_kept_recruits_not_new_ones() -> None:
    pos = next(p for p in map(midgame, range(50)) if any(_two(a) for a in legal_actions(p)))
    first = [a for a in legal_actions(pos) if _two(a)]
    again = [a for a in legal_actions(pos) if _two(a)]
    assert first and all(x is y for x, y in zip(first, again))
    assert all(RECRUIT_TWO_BY_SLOTS[a.slots] is a for a in first if isinstance(a, Recruit))


def _two(action: object) -> bool:
    return isinstance(action, Recruit) and len(action.students) == 2

"""The decision-regret benchmark: its oracle picks with one half of the playouts and values
with the other, its positions are real choices, and a small run reports every bot."""

from __future__ import annotations

import json
import random

import pytest

from benchmarks import decision_regret
from benchmarks.decision_regret import BOTS, game_positions, hard_width, judge, main
from shangrila_widget.rules import Position, legal_actions


def test_the_oracle_picks_by_the_first_half_and_values_by_the_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pos = Position.new_game(["red", "blue", "yellow", "violet"])
    actions = legal_actions(pos)
    # per action, 3 playouts that pick and 3 that value: action 2 looks best to the first
    # half, action 5 is best by the second
    results: list[float] = []
    for i in range(len(actions)):
        results += [1.0 if i == 2 else 0.0] * 3
        results += [1.0 if i == 5 else 0.25] * 3
    draws = iter(results)
    monkeypatch.setattr(decision_regret, "random_share", lambda *args: next(draws))
    judged = judge(pos, 6, random.Random(1))
    assert judged.actions == actions
    assert judged.best == 2
    assert judged.values[2] == 0.25 and judged.values[5] == 1.0
    assert next(draws, None) is None  # every action got exactly 6 playouts


def test_positions_are_real_choices_and_repeat_by_seed() -> None:
    first = game_positions(2, 4, 5, random.Random(3))
    again = game_positions(2, 4, 5, random.Random(3))
    assert first == again and len(first) > 10
    assert all(not pos.is_over and len(legal_actions(pos)) > 1 for pos in first)


def test_hard_searches_twelve_of_the_legal_actions() -> None:
    pos = game_positions(1, 4, 3, random.Random(4))[-5]
    actions = legal_actions(pos)
    width = hard_width(pos, actions)
    assert set(width) <= set(actions) and len(width) == min(12, len(actions))


def test_a_small_run_reports_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--positions", "2", "--playouts", "2", "--seconds", "0.01", "--every", "9"]
    assert main([*argv, "--quiet", "--seed", "5"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["positions"] == 2 and set(report["bots"]) == set(BOTS)
    for figures in report["bots"].values():
        assert -1.0 <= figures["regret"] <= 1.0 and 0.0 <= figures["oracle_share"] <= 1.0
    assert report["bots"]["random"]["oracle_share"] == 0.0


@pytest.mark.parametrize("args", [["--positions", "1"], ["--playouts", "1"], ["--seconds", "0"]])
def test_nonsense_budgets_are_refused(args: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2

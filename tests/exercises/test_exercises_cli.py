"""``shangrila exercises``: one JSON list whose right answers the ``check`` command confirms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shangrila_widget.__main__ import main
from tests.test_cli import assert_one_line_error, run


def test_the_list_is_json_and_the_check_command_confirms_the_right_options(
    tmp_path: Path,
) -> None:
    kinds = ["what_happens", "legal", "find_changes"]
    result = run("exercises", "--count", "6", "--seed", "4", *[f"--kind={k}" for k in kinds])
    assert result.returncode == 0, result.stderr
    exercises = json.loads(result.stdout)
    assert [e["kind"] for e in exercises] == kinds * 2
    for exercise in exercises:
        assert set(exercise) == {
            "id",
            "kind",
            "level",
            "rules",
            "question",
            "position",
            "action",
            "options",
        }
        (right,) = [o for o in exercise["options"] if o["correct"]]
        assert right["misreading"] is None
        assert all(o["misreading"] for o in exercise["options"] if not o["correct"])
        path = tmp_path / f"{exercise['id']}.json"
        path.write_text(json.dumps(exercise["position"]), encoding="utf-8")
        verdict = json.loads(run("check", str(path), exercise["action"]).stdout)
        claims = right["claims"]
        assert verdict["legal"] == claims.get("legal", True)
        if "rule" in claims:
            assert verdict["rule"] == claims["rule"]
        if "situation" in claims:
            assert verdict["situation"] == claims["situation"]
        for village, spaces in claims.get("villages", {}).items():
            assert verdict["position"]["villages"].get(village, {}) == spaces
        if "stones" in claims:
            assert sorted(verdict["position"].get("stones", [])) == claims["stones"]
        if "masters" in claims:
            after = verdict["position"]["villages"].values()
            for colour, count in claims["masters"].items():
                assert count == sum(1 for v in after for t in v.values() if t["owner"] == colour)
        if "spaces" in claims:  # the spaces whose tile differs before and after
            before, after = exercise["position"]["villages"], verdict["position"]["villages"]
            changed = [
                [v, t]
                for v in sorted(set(before) | set(after))
                for t in {*before.get(v, {}), *after.get(v, {})}
                if before.get(v, {}).get(t) != after.get(v, {}).get(t)
            ]
            assert sorted(changed) == sorted(claims["spaces"])


def test_the_same_seed_prints_the_same_list_in_both_languages_alike() -> None:
    first = run("exercises", "--count", "3", "--seed", "9", "--players", "3")
    again = run("exercises", "--count", "3", "--seed", "9", "--players", "3", "--lang", "pl")
    en, pl = json.loads(first.stdout), json.loads(again.stdout)
    assert [e["position"] for e in en] == [e["position"] for e in pl]
    assert [e["question"] for e in en] != [e["question"] for e in pl]


@pytest.mark.parametrize(
    "args",
    [
        ["--count", "-1"],
        ["--count", "x"],
        ["--seed", "1.5"],
        ["--players", "5"],
        ["--kind", "nope"],
        ["--rule", "NOT-A-RULE"],
        ["--lang", "de"],
        ["--level", "4"],
        ["--level", "x"],
        ["--level", "1", "--kind", "find_journey"],
    ],
)
def test_bad_options_end_in_one_line_and_exit_2(args: list[str]) -> None:
    assert_one_line_error(run("exercises", *args))


def test_main_returns_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exercises", "--count", "1", "--rule", "SCORE-TIE"]) == 0
    (exercise,) = json.loads(capsys.readouterr().out)
    assert "SCORE-TIE" in exercise["rules"]


def test_level_gives_exercises_of_that_step_only() -> None:
    for level in ("1", "2", "3"):
        result = run("exercises", "--count", "4", "--seed", "3", "--level", level)
        assert result.returncode == 0, result.stderr
        assert {e["level"] for e in json.loads(result.stdout)} == {int(level)}

"""No exercise contradicts the package's own ruling (issue 27): for every *is it legal?*
exercise, the right option says what ``check --ruling`` says, and no wrong option is true
by any rule the ruling lists (an action refused by several rules offered a wrong option
naming one of the others in 13 of 360 exercises)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from shangrila_widget.exercises import generate
from shangrila_widget.rules.refusing import refusing_rules


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_exercises_agree_with_every_refusing_rule(seed: int, players: int) -> None:
    checked = 0
    for exercise in generate(count=60, seed=seed, players=players):
        if exercise.kind != "legal" or exercise.action is None:
            continue
        refusing = [r.rule for r in refusing_rules(exercise.position, exercise.action)]
        right = exercise.answer.claims
        if "legal" not in right:
            continue  # a turn question (who moves next), not a legality claim
        checked += 1
        assert right["legal"] == (not refusing), exercise.id
        assert right["rule"] == (refusing[0] if refusing else None), exercise.id
        for option in exercise.options:
            if option.correct:
                continue
            claims = option.claims
            # the claims beside legality (who moves next) are the right option's, from the
            # engine, when the option is true
            rest_agrees = _rest(claims) == _rest(right)
            true_by_ruling = (
                rest_agrees
                and claims["legal"] == (not refusing)
                and (claims["rule"] is None or claims["rule"] in refusing)
            )
            assert not true_by_ruling, (exercise.id, exercise.action, refusing, claims)
    assert checked >= 5  # the seeds hold legality questions to check


def _rest(claims: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in claims.items() if key not in ("legal", "rule")}

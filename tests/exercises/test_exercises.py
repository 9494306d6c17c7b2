"""Exercises: the right option is the engine's, every wrong one is its misreading's."""

from __future__ import annotations

from random import Random

import pytest

from shangrila_widget.exercises import KINDS, MISREADINGS, agrees, engine_claims, generate
from shangrila_widget.exercises.model import (
    journey_claims,
    legal_claims,
    turn_claims,
    winner_claims,
)
from shangrila_widget.rules import Journey, Position, apply_unchecked, random_action

# The claim keys each journey misreading may change: anywhere else it must agree with the rules.
_BOARD = {"villages", "spaces", "supply", "masters", "winners"}  # what the tiles change
_STRENGTH = {"situation", "strength_rule", *_BOARD}
_MAY_CHANGE = {
    "strength-masters-only": _STRENGTH,
    "travellers-not-counted": _STRENGTH,
    "tie-to-start": _STRENGTH - {"strength_rule"},
    "no-masters-tiebreak": _STRENGTH,
    "only-own-students-travel": _BOARD,
    "masters-travel": _BOARD,
    "empty-space-bounces": _BOARD,
    "student-becomes-master": {"masters", "winners"},
    "displaced-student-stays": {"supply"},
    "bridge-stays": {"bridges", "stones", "over", "winners"},
    "one-stone-only": {"stones", "over", "winners"},  # the end, with END-ELEVEN only
    "end-at-eleven": {"over", "winners"},
    "eleven-ignored": {"over", "winners"},
    "tiles-lost": {"supply"},
}


def _journeys(games: int, seed: int, eleven: bool = False) -> list[tuple[Position, Journey]]:
    rng = Random(seed)
    found = []
    for players in (3, 4):
        for _ in range(games):
            colours = ["red", "blue", "yellow", "violet"][:players]
            pos = Position.new_game(colours, end_eleven=eleven)
            while not pos.is_over:
                action = random_action(pos, rng)
                if isinstance(action, Journey):
                    found.append((pos, action))
                pos = apply_unchecked(pos, action)
    return found


# Standard games, and a few played with the option END-ELEVEN.
JOURNEYS = _journeys(40, 1) + _journeys(8, 2, eleven=True)


def test_the_model_without_misreading_is_the_engine() -> None:
    assert len(JOURNEYS) > 1500
    for pos, action in JOURNEYS:
        model = journey_claims(pos, action.origin, action.destination)
        truth = engine_claims(pos, str(action))
        assert model == truth, (pos.to_compact(), str(action))


@pytest.mark.parametrize("reading", sorted(_MAY_CHANGE))
def test_a_journey_misreading_differs_only_where_it_should(reading: str) -> None:
    differed = 0
    for pos, action in JOURNEYS:
        truth = engine_claims(pos, str(action))
        misread = journey_claims(pos, action.origin, action.destination, reading)
        changed = {k for k in truth.keys() | misread.keys() if truth.get(k) != misread.get(k)}
        assert changed <= _MAY_CHANGE[reading], (reading, changed, pos.to_compact(), str(action))
        differed += bool(changed)
    assert differed > 0, f"{reading} never changed an outcome in {len(JOURNEYS)} journeys"


def test_every_misreading_has_a_rule_and_a_kind() -> None:
    assert MISREADINGS
    for reading in MISREADINGS.values():
        assert reading.rules and reading.kind in ("journey", "legal", "turn", "score")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_one_right_option_the_engine_s_and_wrong_ones_their_misreading_s(
    seed: int, players: int
) -> None:
    for exercise in generate(count=8, seed=seed, players=players):
        assert sum(o.correct for o in exercise.options) == 1
        assert len(exercise.options) >= 2
        assert exercise.rules
        texts = [o.text.say("en") for o in exercise.options]
        assert len(set(texts)) == len(texts), texts
        if exercise.kind == "find_journey":
            _check_find(exercise)
        for option in exercise.options:
            truth = engine_claims(exercise.position, option.claims.get("action", exercise.action))
            if option.correct:
                assert option.misreading is None
                assert agrees(truth, _facts(option.claims)), (exercise.id, option)
                continue
            assert option.misreading in MISREADINGS
            assert not agrees(truth, _facts(option.claims)), (exercise.id, option)
            claims = {k: v for k, v in option.claims.items() if k != "action"}
            assert agrees(
                _misread(exercise, option.misreading, option.claims.get("action")), claims
            )
            assert exercise.explain(option, "pl") and exercise.explain(option, "en")


def _facts(claims):  # type: ignore[no-untyped-def]
    return {k: v for k, v in claims.items() if k != "action"}


def _check_find(exercise) -> None:  # type: ignore[no-untyped-def]
    """Exactly one legal journey does what the question asks, by the engine."""
    ((village, spaces),) = exercise.answer.claims["villages"].items()
    colour = exercise.question.params["colour"]
    doing = []
    for action in exercise.position.legal_actions():
        if isinstance(action, Journey):
            after = exercise.position.play(action).position
            before_had = any(t.owner == colour for t in exercise.position.tiles(village).values())
            if before_had and all(t.owner != colour for t in after.tiles(village).values()):
                doing.append(str(action))
    assert doing == [exercise.answer.claims["action"]]


def _misread(exercise, reading: str, action: str | None = None) -> dict[str, object]:  # type: ignore[no-untyped-def]
    pos = exercise.position
    action = action or exercise.action
    kind = MISREADINGS[reading].kind
    if kind == "score":
        return winner_claims(pos, reading)
    if kind == "legal":
        return legal_claims(pos, action, reading)
    if kind == "turn":
        return turn_claims(pos, action, reading)
    words = action.split()
    return journey_claims(pos, words[1], words[2], reading)


def test_the_same_seed_gives_the_same_exercises_and_others_differ() -> None:
    first = [e.to_dict() for e in generate(count=6, seed=5)]
    assert [e.to_dict() for e in generate(count=6, seed=5)] == first
    assert [e.to_dict() for e in generate(count=6, seed=6)] != first


def test_kinds_cycle_and_can_be_chosen() -> None:
    assert [e.kind for e in generate(count=len(KINDS) * 2, seed=1)] == list(KINDS) * 2
    assert {e.kind for e in generate(count=3, seed=1, kinds=["legal"])} == {"legal"}


def test_both_languages_say_every_exercise() -> None:
    for exercise in generate(count=8, seed=2):
        en, pl = exercise.to_dict("en"), exercise.to_dict("pl")
        assert en["question"] != pl["question"]
        assert [o["correct"] for o in en["options"]] == [o["correct"] for o in pl["options"]]
        assert all(o["text"] for o in pl["options"])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"count": -1},
        {"count": True},
        {"count": 1.5},
        {"seed": "x"},
        {"players": 5},
        {"players": True},
        {"kinds": ["nope"]},
        {"kinds": []},
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        generate(**kwargs)  # type: ignore[arg-type]


def test_an_unknown_language_is_refused() -> None:
    exercise = generate(count=1, seed=0)[0]
    with pytest.raises(ValueError, match="language"):
        exercise.to_dict("de")  # type: ignore[arg-type]


def _positions(games: int, seed: int) -> list[Position]:
    rng = Random(seed)
    found = []
    for players in (3, 4):
        for _ in range(games):
            pos = Position.new_game(["red", "blue", "yellow", "violet"][:players])
            while True:
                if rng.random() < 0.08 or pos.is_over:
                    found.append(pos)
                if pos.is_over:
                    break
                pos = apply_unchecked(pos, random_action(pos, rng))
    return found


def test_the_legality_model_without_misreading_is_the_engine_s_check() -> None:
    from shangrila_widget.exercises.model import model_check
    from shangrila_widget.exercises.turn_questions import action_pool as _action_pool
    from shangrila_widget.rules.actions import parse_action

    rng = Random(3)
    checked = rules = 0
    seen: set[str] = set()
    for pos in _positions(12, 2):
        for text in _action_pool(pos, rng):
            refusal = pos.check(text)
            expected = refusal.rule if refusal is not None else None
            assert model_check(pos, parse_action(text)) == expected, (pos.to_compact(), text)
            checked += 1
            seen.add(str(expected))
    rules = len(seen)
    assert checked > 10_000 and rules >= 14, (checked, sorted(seen))


def test_every_askable_rule_gets_exercises_that_ask_about_it() -> None:
    from shangrila_widget.exercises import ASKABLE_RULES

    for rule in sorted(ASKABLE_RULES):
        players = 3 if rule in ("SETUP-THREE", "SETUP-PLAYERS") else 4
        for exercise in generate(1, seed=1, players=players, rules=[rule]):
            assert rule in exercise.rules, rule
            assert sum(o.correct for o in exercise.options) == 1


def test_the_askable_rules_are_every_rule_of_the_spec() -> None:
    import json
    from importlib import resources

    from shangrila_widget.exercises import ASKABLE_RULES

    spec = {
        r["id"]
        for r in json.loads(
            resources.files("shangrila_widget.data").joinpath("rules.json").read_text()
        )["rules"]
    }
    assert ASKABLE_RULES <= spec
    assert spec - ASKABLE_RULES == set()


@pytest.mark.parametrize("rule", ["SETUP-THREE", "SETUP-PLAYERS"])
def test_a_3_player_rule_asked_of_4_players_is_refused_at_once(rule: str) -> None:
    with pytest.raises(ValueError, match=f"{rule} is asked in 3-player games only"):
        generate(1, players=4, rules=[rule])


def test_a_rule_no_exercise_asks_about_is_refused() -> None:
    with pytest.raises(ValueError, match="NOT-A-RULE"):
        generate(1, rules=["NOT-A-RULE"])


def test_the_docs_list_every_misreading_with_its_words() -> None:
    from shangrila_widget.exercises.words import words
    from tests.support.paths import REPO_ROOT

    page = (REPO_ROOT / "docs" / "exercises.md").read_text("utf-8")
    for key in MISREADINGS:
        assert f"| `{key}` |" in page and words(f"m_{key}", "en") in page, key


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_level_gives_exercises_of_that_step(level: int) -> None:
    from shangrila_widget.exercises import KIND_LEVELS

    exercises = generate(count=6, seed=11, players=3 if level == 2 else 4, level=level)
    assert {e.level for e in exercises} == {level}
    assert all(level in KIND_LEVELS[e.kind] for e in exercises)
    for exercise in exercises:
        assert sum(o.correct for o in exercise.options) == 1
        if exercise.kind == "legal":
            assert level == 1
        if exercise.kind == "stronger":
            assert (exercise.answer.claims["strength_rule"] == "JOURNEY-STRENGTH") is (level == 1)
        if exercise.kind in ("what_happens", "find_changes"):
            origin = exercise.action.split()[1]
            colours = {t.owner for t in exercise.position.tiles(origin).values() if t.student}
            assert (len(colours) > 1) is (level == 3)


def test_every_exercise_carries_its_level_and_levels_can_be_mixed() -> None:
    exercises = generate(count=12, seed=4)
    assert all(e.level in (1, 2, 3) for e in exercises)
    assert all(e.to_dict()["level"] == e.level for e in exercises)
    assert len({e.level for e in exercises}) > 1


@pytest.mark.parametrize(
    "kwargs",
    [{"level": 0}, {"level": 4}, {"level": True}, {"level": 1, "kinds": ["find_journey"]}],
)
def test_a_bad_level_is_refused_by_name(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="level"):
        generate(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4])
def test_find_changes_the_right_spaces_are_the_engine_s_cells_before_and_after(
    players: int,
) -> None:
    exercises = generate(count=8, seed=21, players=players, kinds=["find_changes"])
    for exercise in exercises:
        pos = exercise.position
        before = pos.to_dict()["villages"]
        after = pos.play(exercise.action).position.to_dict()["villages"]
        cells = sorted(
            [v, t]
            for v in set(before) | set(after)
            for t in {*before.get(v, {}), *after.get(v, {})}
            if before.get(v, {}).get(t) != after.get(v, {}).get(t)
        )
        from shangrila_widget.rules import MASTER_TYPES

        spaces = exercise.answer.claims["spaces"]
        assert sorted(spaces) == cells
        assert spaces == sorted(spaces, key=lambda s: (s[0], MASTER_TYPES.index(s[1])))
        for option in exercise.options:
            if not option.correct:
                assert sorted(option.claims["spaces"]) != cells
                assert option.misreading is not None

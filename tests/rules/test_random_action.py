"""``random_action``: a uniform draw from exactly the actions ``legal_actions`` lists.

Membership is checked on every position of random games (hypothesis picks seats, option and
seed); uniformity with a chi-square test on fixed positions and fixed seeds, so the verdict is
the same on every run.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shangrila_widget.rules import (
    Action,
    IllegalActionError,
    Journey,
    Pass,
    Position,
    Recruit,
    ShangrilaError,
    apply_unchecked,
    legal_actions,
    play,
    random_action,
)
from tests.support.positions import FOUR, THREE, make, random_game

SEATINGS = st.sampled_from(
    [FOUR, THREE, ("violet", "yellow", "blue", "red"), ("blue", "violet", "red")]
)

# Red holds healers in A, B (no student), D (with its student) and F: five healer tiles on
# the board, one left, so no recruit may put two students on healers.
ONE_HEALER_LEFT = {"A": "H:r R:b", "B": "H:r P:r", "D": "H:r+ Y:b+", "F": "H:r", "G": "P:b+ R:r"}


def chi_square_p(counts: list[int], expected: float) -> float:
    """The p-value of a chi-square test of ``counts`` against a uniform ``expected`` each
    (Wilson-Hilferty's normal approximation of the chi-square law, close for 10+ degrees of
    freedom)."""
    statistic = sum((n - expected) ** 2 / expected for n in counts)
    df = len(counts) - 1
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def draw_counts(
    pos: Position, draw: Callable[[Position, random.Random], Action], per_action: int, seed: int
) -> tuple[list[Action], Counter[Action]]:
    legal = legal_actions(pos)
    rng = random.Random(seed)
    return legal, Counter(draw(pos, rng) for _ in range(per_action * len(legal)))


def fixed_positions() -> list[tuple[str, Position]]:
    return [
        ("set-up, four players", Position.new_game(list(FOUR))),
        ("set-up, three players, late", random_game(3, 16, THREE)),
        ("play, four players", random_game(11, 40)),
        ("play, three players", random_game(5, 45, THREE)),
        ("play, later", random_game(8, 80)),
        ("one healer left", make(ONE_HEALER_LEFT)),
    ]


# ------------------------------------------------------------------ membership


@settings(max_examples=40)
@given(seats=SEATINGS, seed=st.integers(0, 2**32 - 1), end_eleven=st.booleans())
def test_every_drawn_action_is_legal_in_every_phase(
    seats: tuple[str, ...], seed: int, end_eleven: bool
) -> None:
    rng = random.Random(seed)
    pos = Position.new_game(list(seats), end_eleven=end_eleven)
    phases = set()
    while not pos.is_over:
        phases.add(pos.phase)
        legal = legal_actions(pos)
        drawn = [random_action(pos, rng) for _ in range(3)]
        assert set(drawn) <= set(legal), (pos.to_compact(), drawn)
        if legal == [Pass()]:
            assert drawn == [Pass()] * 3
        # move on half the time with the sampler, half with a choice from the list
        pos = apply_unchecked(pos, drawn[0] if rng.random() < 0.5 else rng.choice(legal))
    assert phases == {"setup", "play"}
    assert legal_actions(pos) == []


def test_a_pair_of_one_type_with_one_tile_left_is_never_drawn() -> None:
    pos = make(ONE_HEALER_LEFT)
    rng = random.Random(7)
    for _ in range(3000):
        action = random_action(pos, rng)
        if isinstance(action, Recruit) and len(action.students) == 2:
            assert [t for t, _ in action.students].count("healer") < 2, action


def test_the_only_legal_action_pass_is_drawn() -> None:
    # Red has no tile in an open village and no supply move: nothing but a pass
    pos = make({"A": "H:b R:y"}, to_move="red")
    assert legal_actions(pos) == [Pass()]
    assert random_action(pos, random.Random(1)) == Pass()


# ------------------------------------------------------------------ uniformity


@pytest.mark.parametrize(("name", "pos"), fixed_positions(), ids=lambda x: str(x)[:30])
def test_draws_are_uniform_over_the_legal_actions(name: str, pos: Position) -> None:
    legal, counts = draw_counts(pos, random_action, per_action=300, seed=2024)
    assert len(legal) >= 10, name  # enough actions for the test (and its approximation)
    assert set(counts) == set(legal), f"{name}: drawn {len(counts)} of {len(legal)} actions"
    p = chi_square_p([counts[a] for a in legal], 300)
    assert p > 0.001, f"{name}: chi-square p-value {p:.2g} against uniform"


def test_the_uniformity_test_catches_a_biased_draw() -> None:
    def biased(pos: Position, rng: random.Random) -> Action:
        legal = legal_actions(pos)
        return legal[0] if rng.random() < 2 / len(legal) else rng.choice(legal)

    legal, counts = draw_counts(make(ONE_HEALER_LEFT), biased, per_action=300, seed=2024)
    assert set(counts) == set(legal)
    assert chi_square_p([counts[a] for a in legal], 300) < 0.001


def test_journeys_and_every_kind_are_drawn() -> None:
    rng = random.Random(3)
    kinds = {type(random_action(make(ONE_HEALER_LEFT), rng)).__name__ for _ in range(500)}
    assert kinds == {"Place", "Recruit", "Journey"}
    journeys = [a for a in legal_actions(make(ONE_HEALER_LEFT)) if isinstance(a, Journey)]
    assert {a.origin for a in journeys} == {"D"}  # the village of Red's student


def test_the_same_seed_gives_the_same_game() -> None:
    def game(seed: int) -> list[Action]:
        rng = random.Random(seed)
        pos = Position.new_game(list(FOUR))
        actions = []
        while not pos.is_over:
            actions.append(random_action(pos, rng))
            pos = apply_unchecked(pos, actions[-1])
        return actions

    assert game(42) == game(42)
    assert game(42) != game(43)


# ------------------------------------------------------------------ refusals


def test_a_finished_game_is_refused_like_play_refuses_it() -> None:
    pos = random_game(1, 1000)
    assert pos.is_over
    with pytest.raises(IllegalActionError) as played:
        play(pos, "pass")
    with pytest.raises(IllegalActionError) as drawn:
        random_action(pos, random.Random(1))
    assert drawn.value.rule == played.value.rule == "END"


@pytest.mark.parametrize("bad_pos", [None, "red to move", Position.new_game(list(FOUR)).to_dict()])
def test_a_value_that_is_no_position_is_a_type_error(bad_pos: object) -> None:
    with pytest.raises(TypeError, match="expected a Position"):
        random_action(bad_pos, random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad_rng", [None, 7, random, "seed"])
def test_a_value_that_is_no_generator_is_a_type_error(bad_rng: object) -> None:
    pos = Position.new_game(list(FOUR))
    with pytest.raises(TypeError, match="rng: expected a random.Random"):
        random_action(pos, bad_rng)  # type: ignore[arg-type]


# ------------------------------------------------------------------ weighted by kind


def kind_of(action: Action) -> str:
    return {"Place": "place", "Recruit": "recruit", "Journey": "journey"}.get(
        type(action).__name__, "pass"
    )


def test_weights_draw_a_kind_in_proportion_then_uniformly_within_it() -> None:
    pos = make(ONE_HEALER_LEFT)
    legal = legal_actions(pos)
    rng = random.Random(7)
    weights = {"place": 0.7, "recruit": 0.3}
    draws = [random_action(pos, rng, weights=weights) for _ in range(20_000)]
    kinds = Counter(kind_of(a) for a in draws)
    assert kinds["journey"] == 0  # weight 0 while other kinds have actions
    assert abs(kinds["place"] / len(draws) - 0.7) < 0.015  # 0.7 +- 4.6 standard errors
    for kind in ("place", "recruit"):
        of_kind = [a for a in legal if kind_of(a) == kind]
        counts = Counter(a for a in draws if kind_of(a) == kind)
        assert set(counts) == set(of_kind)  # the single-healer pair is never drawn
        p = chi_square_p([counts[a] for a in of_kind], kinds[kind] / len(of_kind))
        assert p > 0.001, f"{kind}: chi-square p-value {p:.2g} against uniform"


def test_a_kind_of_weight_zero_is_drawn_when_nothing_weighted_is_legal() -> None:
    # weigh only journeys where they exist, then where none is legal
    pos = make(ONE_HEALER_LEFT)
    rng = random.Random(1)
    only_journeys = {random_action(pos, rng, weights={"journey": 1}) for _ in range(200)}
    assert only_journeys == {a for a in legal_actions(pos) if isinstance(a, Journey)}
    setup = Position.new_game(list(FOUR))  # only placements exist: the zero weight is drawn
    assert kind_of(random_action(setup, rng, weights={"journey": 1})) == "place"
    assert random_action(make({"A": "H:b R:y"}, to_move="red"), rng, weights={}) == Pass()


@settings(max_examples=25)
@given(seats=SEATINGS, seed=st.integers(0, 2**32 - 1))
def test_weighted_draws_are_legal_in_every_phase(seats: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    pos = Position.new_game(list(seats))
    weights = {"place": rng.random(), "recruit": rng.random(), "journey": rng.random()}
    while not pos.is_over:
        action = random_action(pos, rng, weights=weights)
        assert action in legal_actions(pos)
        pos = apply_unchecked(pos, action)


@pytest.mark.parametrize(
    ("weights", "error", "message"),
    [
        ([("place", 1)], TypeError, "weights: expected a mapping"),
        ({"pass": 1}, ShangrilaError, "unknown kind 'pass'"),
        ({"Place": 1}, ShangrilaError, "unknown kind 'Place'"),
        ({"place": -0.5}, ShangrilaError, r"weights\[place\]: expected a number of at least 0"),
        ({"place": float("nan")}, ShangrilaError, r"weights\[place\]"),
        ({"place": float("inf")}, ShangrilaError, r"weights\[place\]"),
        ({"place": True}, TypeError, r"weights\[place\]: expected a number"),
        ({"place": "0.7"}, TypeError, r"weights\[place\]: expected a number"),
    ],
)
def test_bad_weights_are_refused_by_kind_of_problem(
    weights: object, error: type[Exception], message: str
) -> None:
    pos = random_game(11, 40)
    with pytest.raises(error, match=message):
        random_action(pos, random.Random(1), weights=weights)  # type: ignore[arg-type]

"""The ladder's rating maths on made-up results: Bradley-Terry recovers the order, the
bootstrap interval holds the fitted value, the round robin seats everyone fairly, and the
entrant specs refuse garbage with a clear error."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from benchmarks.ladder import (
    Entrant,
    SpecError,
    anchor_of,
    bradley_terry,
    game_pairs,
    parse_entrants,
    parse_spec,
    rate,
    seatings,
    tables,
    tally,
    versus_tables,
    with_seconds,
)

#: Made-up strengths (Elo): entrant i beats entrant j with the Bradley-Terry chance.
TRUE = [0.0, 150.0, 300.0, 450.0]


def made_up_games(count: int, seed: int) -> list[list[tuple[int, int, float]]]:
    """Games of four at one table, each a full set of pairwise results drawn from TRUE."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        pairs = []
        for a in range(4):
            for b in range(a + 1, 4):
                chance = 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))
                pairs.append((a, b, 1.0 if rng.random() < chance else 0.0))
        games.append(pairs)
    return games


def test_bradley_terry_recovers_the_order_and_roughly_the_gaps() -> None:
    wins, met = tally(4, made_up_games(400, seed=3))
    ratings = bradley_terry(wins, met, anchor=0)
    assert ratings[0] == 0
    assert ratings == sorted(ratings)
    for fitted, true in zip(ratings, TRUE):
        assert abs(fitted - true) < 60


def test_bradley_terry_of_exact_results() -> None:
    # 3 of 4 won: a strength ratio of 3, 400 log10(3) = 190.8 Elo; the prior's half game
    # each way pulls it in to 3.5 of 5.
    wins = [[0.0, 3.0], [1.0, 0.0]]
    met = [[0.0, 4.0], [4.0, 0.0]]
    assert bradley_terry(wins, met, prior=0, anchor=1)[0] == pytest.approx(400 * math.log10(3))
    assert bradley_terry(wins, met, anchor=1)[0] == pytest.approx(400 * math.log10(3.5 / 1.5))


def test_a_clean_sweep_stays_finite_with_the_prior() -> None:
    wins = [[0.0, 0.0], [20.0, 0.0]]
    met = [[0.0, 20.0], [20.0, 0.0]]
    gap = bradley_terry(wins, met, anchor=0)[1]
    assert gap == pytest.approx(400 * math.log10(20.5 / 0.5), rel=1e-6)


def test_bootstrap_interval_holds_the_fit_and_the_clear_steps() -> None:
    games = made_up_games(300, seed=5)
    rating = rate(4, games, [0] * len(games), resamples=200, rng=random.Random(1), anchor=0)
    for fitted, (low, high) in zip(rating.ratings, rating.intervals):
        assert low <= fitted <= high
    assert rating.intervals[0] == (0.0, 0.0)  # the anchor
    assert len(rating.fits) == 200
    assert all(rating.clearly_above)
    assert all(share > 0.975 for share in rating.order_share)


def test_equal_entrants_are_not_clearly_apart() -> None:
    rng = random.Random(9)
    games = [[(0, 1, float(rng.random() < 0.5))] for _ in range(60)]
    rating = rate(2, games, [0] * 60, resamples=200, rng=random.Random(2), anchor=0)
    low, high = rating.intervals[1]
    assert low < 0 < high
    assert rating.clearly_above == [False]


def test_game_pairs_win_and_draw_by_share() -> None:
    # seats: entrant 2 lost, 0 won, 1 lost; the two losers draw; two seats of one entrant
    # are no result
    assert game_pairs((2, 0, 1), (0.0, 1.0, 0.0)) == [(0, 2, 1.0), (1, 2, 0.5), (0, 1, 1.0)]
    assert game_pairs((0, 0, 1), (0.5, 0.5, 0.0)) == [(0, 1, 1.0), (0, 1, 1.0)]


def test_round_robin_seats_every_entrant_in_every_seat_equally() -> None:
    assert tables(4, 4) == [(0, 1, 2, 3)]
    assert len(tables(5, 4)) == 5
    assert tables(3, 4) == [(0, 0, 1, 2), (0, 1, 1, 2), (0, 1, 2, 2)]
    plan = seatings((0, 1, 2, 3), random.Random(4))
    assert len(plan) == len(set(plan)) == 24
    for turn in range(0, 24, 4):  # every turn of four games is balanced
        block = plan[turn : turn + 4]
        assert all(sorted(s[seat] for s in block) == [0, 1, 2, 3] for seat in range(4))
    repeats = seatings((0, 0, 1, 2), random.Random(1))
    per_seat = Counter((seat, e) for s in repeats for seat, e in enumerate(s))
    assert len(repeats) == 12
    assert all(per_seat[seat, 0] == 6 and per_seat[seat, 1] == 3 for seat in range(4))


def test_specs() -> None:
    assert parse_spec("hard") == Entrant("hard", "hard")
    assert parse_spec("hard@200") == Entrant("hard@200", "hard", iterations=200)
    assert parse_spec("medium@0.3s") == Entrant("medium@0.3s", "medium", seconds=0.3)
    assert [e.spec for e in parse_entrants(["random,easy", "hard@0.3s"])] == [
        "random",
        "easy",
        "hard@0.3s",
    ]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("expert", "unknown level 'expert'"),
        ("hard@", "budget '' is neither"),
        ("hard@fast", "budget 'fast' is neither"),
        ("hard@-3", "budget '-3' is neither"),
        ("hard@0", "iterations must be from 1"),
        ("hard@0s", "seconds must be above 0"),
        ("easy@100", "easy takes no budget"),
        ("random@0.3s", "random takes no budget"),
        ("Hard", "expected a level"),
        ("hard@1@2", "expected a level"),
    ],
)
def test_specs_refuse_garbage_clearly(spec: str, says: str) -> None:
    with pytest.raises(SpecError, match=says) as refused:
        parse_spec(spec)
    assert repr(spec) in str(refused.value)


def test_entrant_lists_refuse_repeats_and_a_lone_entrant() -> None:
    with pytest.raises(SpecError, match="given twice: hard"):
        parse_entrants(["hard", "easy", "hard"])
    with pytest.raises(SpecError, match="at least two"):
        parse_entrants(["hard"])


def test_the_outside_anchor_is_an_entrant_with_playouts_or_seconds() -> None:
    assert parse_spec("flatmc") == Entrant("flatmc", "flatmc")
    assert parse_spec("flatmc@500") == Entrant("flatmc@500", "flatmc", iterations=500)
    assert parse_spec("flatmc@0.2s") == Entrant("flatmc@0.2s", "flatmc", seconds=0.2)
    names = ["random", "easy", "hard", "flatmc@0.2s"]
    assert anchor_of(names, versus=False) == 3  # the outside anchor before random
    assert anchor_of(["random", "hard"], versus=False) == 0
    assert anchor_of(["easy", "random"], versus=False) == 1
    assert anchor_of(["hard", "flatmc"], versus=True) == 0


def test_versus_seats_one_entrant_against_the_anchor_and_equal_seconds() -> None:
    assert versus_tables(3, 4) == [(0, 0, 0, 1), (0, 0, 0, 2)]
    assert versus_tables(2, 3) == [(0, 0, 1)]
    plan = seatings(versus_tables(2, 4)[0], random.Random(1))
    assert sorted(s.index(1) for s in plan) == [0, 1, 2, 3]  # the entrant in every seat
    assert [with_seconds(parse_spec(s), 0.25).spec for s in ("hard", "medium@48", "easy")] == [
        "hard@0.25s",
        "medium@48",
        "easy",
    ]
    assert with_seconds(parse_spec("flatmc"), 0.25) == Entrant(
        "flatmc@0.25s", "flatmc", seconds=0.25
    )

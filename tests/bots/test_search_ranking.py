"""The search's ranking and its seeds: ``Search.ranked`` puts an action that ends the game as
the mover's sole win first, then the well-visited actions (at least a quarter of the most
visited one's visits) by the mover's mean result, then the others by mean (its documented
order); the same seed repeats a search and different seeds can differ."""

from __future__ import annotations

import random

from shangrila_widget.bots import choose_action, hint, review
from shangrila_widget.bots.evaluation import final_shares
from shangrila_widget.bots.tree import Search, SearchNode
from shangrila_widget.rules import GameRecord, Journey, Position
from tests.bots.test_bots import FOUR, LAST_JOURNEY, make, random_position


def ranking_key(search: Search, node: SearchNode) -> tuple[bool, bool, float, int]:
    """The documented order, written out: a sole win that ends the game, well visited, mean."""
    seat = search.root.seat
    won = node.position.is_over and final_shares(node.position)[seat] == 1.0
    most = max(child.visits for _, child in search.root.children)
    thin = node.visits * 4 < most or node.visits == 0
    return (not won, thin, -node.mean(seat), -node.visits)


def test_the_winning_last_journey_ranks_first_even_with_fewer_visits() -> None:
    pos = make(LAST_JOURNEY, [("A", "B")])
    search = Search(pos, random.Random(1), root_width=len(pos.legal_actions()))
    search.run(iterations=60)
    ranked = search.ranked()
    assert ranked[0][0] == Journey("A", "B")
    winning = ranked[0][1]
    assert winning.position.is_over and winning.position.winners() == ("red",)
    # however the visits fall, the sole win stays first
    for _, node in ranked[1:]:
        node.visits = winning.visits + 100
        node.value[search.root.seat] = node.visits  # a perfect mean, too
    assert search.ranked()[0][0] == Journey("A", "B")
    assert search.ranked()[0][0] == Journey("A", "B")


def test_the_ranking_is_by_the_movers_mean_among_the_well_visited() -> None:
    pos = random_position(FOUR, 11, 60)
    assert not pos.is_over
    search = Search(pos, random.Random(3), root_width=4)
    search.run(iterations=40)
    children = search.root.children
    assert len(children) >= 4
    seat = search.root.seat
    # set the visits and values by hand: means 0.2, 0.22, 0.67 well visited; 1.0 on 2 visits
    plan = [(5, 1.0), (9, 2.0), (9, 6.0), (2, 2.0)]
    for (_, node), (visits, value) in zip(children, plan):
        node.visits = visits
        node.value[seat] = value
    for _, node in children[len(plan) :]:
        node.visits = 0
    order = [action for action, _ in search.ranked()]
    expected = [children[i][0] for i in (2, 1, 0, 3)]  # the thin 1.0 last
    assert order[:4] == expected
    assert search.ranked()[0][0] == children[2][0]
    keys = [ranking_key(search, node) for _, node in search.ranked()]
    assert keys == sorted(keys)


def test_after_a_real_search_the_order_is_the_documented_one() -> None:
    for seed, moves in ((1, 45), (2, 70), (3, 100)):
        pos = random_position(FOUR, seed, moves)
        if pos.is_over:
            continue
        search = Search(pos, random.Random(seed))
        search.run(iterations=80)
        keys = [ranking_key(search, node) for _, node in search.ranked()]
        assert keys == sorted(keys)
        assert search.ranked()[0][0] == search.ranked()[0][0]


def test_the_same_seed_repeats_and_different_seeds_can_differ() -> None:
    pos = random_position(FOUR, 3, 50)
    assert len(pos.legal_actions()) > 10
    for level in ("random", "medium", "hard"):
        first = [choose_action(pos, level=level, iterations=40, seed=s) for s in range(6)]
        again = [choose_action(pos, level=level, iterations=40, seed=s) for s in range(6)]
        assert first == again, level
        assert len(set(first)) > 1, f"{level}: six seeds all chose {first[0]}"


def test_hint_and_review_seeds_repeat_and_can_differ() -> None:
    pos = random_position(FOUR, 7, 40)
    chances = [hint(pos, iterations=30, seed=s).win_chances for s in range(4)]
    assert chances == [hint(pos, iterations=30, seed=s).win_chances for s in range(4)]
    assert len({tuple(c.values()) for c in chances}) > 1
    record = GameRecord(Position.new_game(FOUR))
    rng = random.Random(4)
    for _ in range(90):  # into the play phase, where random moves are searched
        record.play(rng.choice(record.position.legal_actions()))
    first = [review(record, iterations=10, seed=s).to_dict() for s in (0, 50)]
    assert first == [review(record, iterations=10, seed=s).to_dict() for s in (0, 50)]
    assert any(m["searched"] for m in first[0]["moves"])
    assert first[0] != first[1]


def planned_search(trust_first: float, plan: list[tuple[int, float]]) -> Search:
    """A search of four root children whose visits and 0/1 results are set by hand: the
    first child is the heuristic's first choice."""
    pos = random_position(FOUR, 11, 60)
    search = Search(pos, random.Random(3), root_width=4, trust_first=trust_first)
    search.run(iterations=40)
    seat = search.root.seat
    for (_, node), (visits, wins) in zip(search.root.children, plan):
        node.visits, node.value[seat], node.squares = visits, wins, wins  # 0/1: r*r == r
    return search


def test_trust_first_keeps_the_heuristics_choice_unless_clearly_beaten() -> None:
    # means 0.5 (the heuristic's first), 0.6, 0.3, 0.2 on 20 visits each: standard errors
    # about 0.115 and 0.112, so 0.6 leads 0.5 by 0.1, 0.62 standard errors of the difference
    close = [(20, 10.0), (20, 12.0), (20, 6.0), (20, 4.0)]
    by_mean = planned_search(0.0, close)
    first, second = (action for action, _ in by_mean.root.children[:2])
    assert by_mean.ranked()[0][0] == second
    assert planned_search(1.0, close).ranked()[0][0] == first
    assert [a for a, _ in planned_search(1.0, close).ranked()[1:3]] == [
        second,
        by_mean.root.children[2][0],
    ]
    assert planned_search(0.5, close).ranked()[0][0] == second  # 0.62 > 0.5 errors
    clear = [(20, 10.0), (20, 19.0), (20, 6.0), (20, 4.0)]  # 0.95 against 0.5: clear
    assert planned_search(1.0, clear).ranked()[0][0] == second
    thin = [(3, 2.0), (20, 12.0), (20, 6.0), (20, 4.0)]  # the first barely looked at
    assert planned_search(1.0, thin).ranked()[0][0] == second


def test_trust_first_never_passes_over_a_winning_last_journey() -> None:
    pos = make(LAST_JOURNEY, [("A", "B")])
    search = Search(pos, random.Random(1), root_width=len(pos.legal_actions()), trust_first=9)
    search.run(iterations=60)
    children = search.root.children
    assert children[0][0] == Journey("A", "B")  # the heuristic sees the win, too
    children[0], children[1] = children[1], children[0]  # say it had put another first
    other = children[0][1]
    other.visits, other.value[search.root.seat], other.squares = 200, 190.0, 190.0
    assert search.ranked()[0][0] == Journey("A", "B")
    search.trust_first = 0.0
    assert search.ranked()[0][0] == Journey("A", "B")


def test_trust_first_leaves_a_reviews_kept_action_to_the_means() -> None:
    pos = random_position(FOUR, 11, 60)
    kept = pos.legal_actions()[-1]
    search = Search(pos, random.Random(3), root_width=4, trust_first=9.0, keep=kept)
    search.run(iterations=40)
    assert search.root.children[0][0] == kept  # opened first, in the heuristic's place
    seat = search.root.seat
    plan = [(20, 10.0), (20, 12.0), (20, 6.0), (20, 4.0)]  # the kept 0.5, another 0.6
    for (_, node), (visits, wins) in zip(search.root.children, plan):
        node.visits, node.value[seat], node.squares = visits, wins, wins
    assert search.ranked()[0][0] == search.root.children[1][0]

"""The bots: legal actions at every level and in every phase, repeatable seeds, the search's
choice in hand-made end positions, hints that name the real events of their action, the
review and its chart, and the ``hint`` command."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrila_widget.__main__ import main
from shangrila_widget.bots import LEVELS, choose_action, hint, review, review_scene, review_svg
from shangrila_widget.bots.levels import MAX_ITERATIONS
from shangrila_widget.rules import (
    GameRecord,
    Journey,
    Pass,
    Position,
    ShangrilaError,
    apply_unchecked,
    legal_actions,
)
from shangrila_widget.rules.board import TYPE_LETTERS
from shangrila_widget.rules.messages import Language

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "positions").glob("*.json"))
FOUR = ["red", "blue", "yellow", "violet"]
THREE = ["red", "blue", "yellow"]
LETTER_TYPE = {letter: t for t, letter in TYPE_LETTERS.items()}
COLOUR_OF = {"r": "red", "b": "blue", "y": "yellow", "v": "violet"}
SMALL = 12  # iterations: enough to exercise the search, quick enough for hypothesis


def make(
    villages: dict[str, str], bridges: list[tuple[str, str]], to_move: str = "red"
) -> Position:
    """A play-phase 4-player position: villages as ``"R:r+ P:b"`` (type:colour, + student);
    every in-play village without an intact bridge gets its stone."""
    spaces: dict[str, Any] = {}
    for v, spec in villages.items():
        spaces[v] = {
            LETTER_TYPE[item[0]]: {"owner": COLOUR_OF[item[2]], "student": item.endswith("+")}
            for item in spec.split()
        }
    ends = {v for b in bridges for v in b}
    stones = [v for v in "ABCDEFGHIJKLM" if v not in ends]
    return Position.from_dict(
        {
            "format": "shangrila-position/1",
            "players": FOUR,
            "to_move": to_move,
            "phase": "play",
            "villages": spaces,
            "bridges": [list(b) for b in bridges],
            "stones": stones,
        }
    )


def random_position(players: list[str], seed: int, moves: int) -> Position:
    rng = random.Random(seed)
    pos = Position.new_game(players)
    for _ in range(moves):
        actions = legal_actions(pos)
        if not actions:
            break
        pos = apply_unchecked(pos, rng.choice(actions))
    return pos


@settings(
    max_examples=25,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.sampled_from([THREE, FOUR]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 150),
)
def test_every_level_plays_a_legal_action_in_random_positions(
    players: list[str], seed: int, moves: int
) -> None:
    pos = random_position(players, seed, moves)
    if pos.is_over:
        with pytest.raises(ShangrilaError):
            choose_action(pos, level="easy")
        return
    for level in LEVELS:
        action = choose_action(pos, level=level, iterations=SMALL, seed=seed)
        assert pos.check(action) is None, (level, str(action))


def test_the_phases_are_all_covered() -> None:
    """Set-up, play and the last bridges all appear among the random positions above."""
    phases = {random_position(FOUR, s, m).phase for s in range(3) for m in (5, 60, 125)}
    assert {"setup", "play"} <= phases
    late = random_position(FOUR, 1, 125)
    assert late.phase == "play" and len(late.bridges) <= 6
    assert pos_check_all_levels(late)


def pos_check_all_levels(pos: Position) -> bool:
    return all(
        pos.check(choose_action(pos, level=level, iterations=SMALL, seed=3)) is None
        for level in LEVELS
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_level_plays_a_legal_action_in_every_example(path: Path) -> None:
    pos = Position.from_json(path.read_text(encoding="utf-8"))
    assert pos_check_all_levels(pos)


@pytest.mark.parametrize("level", LEVELS)
def test_a_fixed_seed_repeats(level: str) -> None:
    pos = random_position(FOUR, 7, 40)
    first = [choose_action(pos, level=level, iterations=40, seed=s) for s in range(4)]
    again = [choose_action(pos, level=level, iterations=40, seed=s) for s in range(4)]
    assert first == again


@pytest.mark.parametrize("name", ["10-setup-stuck-three-players", "11-everyone-must-pass"])
def test_the_only_legal_action_comes_back_without_a_search(name: str) -> None:
    pos = Position.from_json((EXAMPLES[0].parent / f"{name}.json").read_text(encoding="utf-8"))
    assert legal_actions(pos) == [Pass()]
    # a search of the largest size allowed would run for hours: it must not start
    assert choose_action(pos, level="hard", iterations=MAX_ITERATIONS) == Pass()
    assert hint(pos, iterations=MAX_ITERATIONS).action == Pass()


# The last bridge A-B. Red's Priest student in A; A (5 tiles) is stronger than B (3).
# Blue leads 3 masters to 2; the journey takes Blue's Priest master in B and ends the game
# with Red ahead (3 to 2), anything else leaves Blue the chance to journey first.
LAST_JOURNEY = {
    "A": "P:r+ R:r H:y",
    "B": "P:b Y:b F:b",
    "C": "A:y",
}


def test_the_search_plays_the_last_journey_that_wins() -> None:
    pos = make(LAST_JOURNEY, [("A", "B")])
    for level in ("medium", "hard"):
        assert choose_action(pos, level=level, iterations=150, seed=1) == Journey("A", "B")


# The last bridge A-B, but B (4 tiles) is stronger than A (3): Red's journey wins nothing and
# ends the game with Blue ahead. Red should place or recruit instead.
LOSING_JOURNEY = {
    "A": "P:r+ R:r",
    "B": "P:b Y:b F:b D:b",
    "C": "A:r",
}


def test_the_search_avoids_the_journey_that_loses() -> None:
    pos = make(LOSING_JOURNEY, [("A", "B")])
    assert Journey("A", "B") in legal_actions(pos)
    for level in ("easy", "medium", "hard"):
        action = choose_action(pos, level=level, iterations=150, seed=1)
        assert action != Journey("A", "B"), level


# The last bridge A-D. Blue leads (4 masters to Red's 3); its only master in D is the Healer.
# Red's Healer student in A (the stronger village) can take it: D stops being Blue's village
# and Red wins. Placing instead would let Blue recruit in D and make it the stronger.
TAKE_FROM_LEADER = {
    "A": "H:r+ R:r P:r",
    "D": "H:b",
    "E": "R:b P:b A:b",
    "I": "F:y D:v",
}
LAST_BRIDGE_A_D = [("A", "D")]


def test_the_search_takes_a_village_from_the_leader() -> None:
    pos = make(TAKE_FROM_LEADER, LAST_BRIDGE_A_D)
    before = pos.villages_of("blue")
    best = choose_action(pos, level="hard", iterations=300, seed=2)
    assert best == Journey("A", "D")
    after = pos.play(best).position
    assert after.villages_of("blue") == before - 1
    found = hint(pos, iterations=300, seed=2)
    assert found.action == Journey("A", "D")
    assert "Blue's Healer" in found.candidates[0].reason


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_hints_name_the_real_events_of_their_actions(lang: Language) -> None:
    for pos in (
        make(TAKE_FROM_LEADER, LAST_BRIDGE_A_D),
        random_position(FOUR, 11, 80),
        random_position(THREE, 12, 10),
    ):
        found = hint(pos, iterations=60, seed=1, lang=lang, count=5)
        assert found.action == found.candidates[0].action
        assert 1 <= len(found.candidates) <= 5
        for candidate in found.candidates:
            events = pos.play(candidate.action).events
            assert candidate.rules == tuple(dict.fromkeys(e.rule for e in events))
            assert 0.0 <= candidate.win_chance <= 1.0 and candidate.reason
            if isinstance(candidate.action, Journey):
                a, b = candidate.action.origin, candidate.action.destination
                assert f"{a}–{b}" in candidate.reason and "BRIDGE-COLLAPSE" in candidate.reason
                for stone in (e for e in events if e.kind == "stone"):
                    assert f" {stone.params['village']} " in candidate.reason
        assert abs(sum(found.win_chances.values()) - 1.0) < 1e-6


def test_polish_hint_words() -> None:
    pos = make(TAKE_FROM_LEADER, LAST_BRIDGE_A_D)
    reason = hint(pos, iterations=300, seed=2, lang="pl").candidates[0].reason
    assert "Zajmuje pole Uzdrowiciela należące do gracza Niebieskiego (J1-OTHER)" in reason
    assert "Most A–D zawali się" in reason


def test_bad_requests_are_refused() -> None:
    pos = Position.new_game(FOUR)
    with pytest.raises(ShangrilaError, match="level"):
        choose_action(pos, level="grandmaster")
    with pytest.raises(ShangrilaError, match="iterations"):
        choose_action(pos, level="hard", iterations=0)
    with pytest.raises(ShangrilaError, match="seconds"):
        hint(pos, seconds=-1)
    with pytest.raises(ShangrilaError, match="count"):
        hint(pos, count=0)
    with pytest.raises(ShangrilaError, match="language"):
        hint(pos, lang="de")  # type: ignore[arg-type]
    over = make({"A": "P:r+ R:r", "B": "P:b"}, [("A", "B")]).play("journey A B").position
    assert over.is_over
    with pytest.raises(ShangrilaError, match="over"):
        hint(over)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"level": ["hard"]}, TypeError),
        ({"level": "x" * 100_000}, ShangrilaError),
        ({"level": "hard", "iterations": True}, TypeError),
        ({"level": "hard", "iterations": 10**5000}, ShangrilaError),
        ({"level": "hard", "seconds": "1"}, TypeError),
        ({"level": "hard", "seconds": float("nan")}, ShangrilaError),
    ],
    ids=["level list", "long level", "bool iterations", "huge iterations", "text", "nan"],
)
def test_strange_arguments_get_a_short_error_of_their_kind(
    arguments: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error) as info:
        choose_action(Position.new_game(FOUR), **arguments)
    assert len(str(info.value)) < 120


def test_review_marks_the_losing_move_and_draws_a_chart() -> None:
    record = GameRecord(make(LOSING_JOURNEY, [("A", "B")]))
    record.play("journey A B")
    rev = review(record, iterations=150, seed=1)
    (move,) = rev.moves
    assert move.player == "red" and move.mistake
    assert move.after["red"] == 0.0 and move.after["blue"] == 1.0
    assert move.better is not None and move.better != Journey("A", "B") and move.reason
    assert rev.mistakes == [move]
    svg = review_svg(rev, lang="pl")
    assert 'data-index="1"' in svg and "Szansa na wygraną" in svg
    points = [p for p in review_scene(rev).primitives if p.tag[:1] == ("move",)]
    assert {p.tag[1] for p in points} == {"1"}


def test_review_of_a_random_game() -> None:
    record = GameRecord(Position.new_game(THREE))
    rng = random.Random(5)
    for _ in range(30):
        record.play(rng.choice(legal_actions(record.position)))
    rev = review(record, iterations=10, seed=1)
    assert [m.index for m in rev.moves] == list(range(1, 31))
    for m in rev.moves:
        assert abs(sum(m.before.values()) - 1) < 1e-6 and abs(sum(m.after.values()) - 1) < 1e-6
    scene = review_scene(rev)
    series = {p.tag[1] for p in scene.primitives if p.tag[:1] == ("series",)}
    assert series == set(THREE)
    json.dumps(rev.to_dict())


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_hint_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos.json"
    path.write_text(make(LAST_JOURNEY, [("A", "B")]).to_json(), encoding="utf-8")
    status, out, _ = _run(["hint", str(path), "--iterations", "100", "--seed", "1"], capsys)
    answer = json.loads(out)
    assert status == 0 and answer["action"] == "journey A B"
    assert answer["candidates"][0]["action"] == "journey A B"
    assert answer["candidates"][0]["win_chance"] == 1.0
    status, out, _ = _run(["hint", str(path), "--level", "easy", "--lang", "pl"], capsys)
    assert status == 0 and "Most A–B zawali się" in json.loads(out)["candidates"][0]["reason"]
    over = make(LAST_JOURNEY, [("A", "B")]).play("journey A B").position
    path.write_text(over.to_json(), encoding="utf-8")
    status, out, _ = _run(["hint", str(path)], capsys)
    assert status == 1 and json.loads(out)["game_over"] is True
    path.write_text("{not json", encoding="utf-8")
    status, out, err = _run(["hint", str(path)], capsys)
    assert status == 2 and out == "" and " hint: error: not valid JSON" in err
    status, _, err = _run(["hint", str(tmp_path / "missing.json")], capsys)
    assert status == 2 and "cannot read" in err


def test_the_cheap_ordering_matches_the_one_move_evaluation() -> None:
    """The search orders placements and recruits without replaying them; the order must be
    the one of :func:`action_score` on the replayed position."""
    from shangrila_widget.bots.evaluation import action_score, material, ordering_score

    for players, seed, moves in ((FOUR, 1, 10), (FOUR, 2, 60), (THREE, 3, 90), (FOUR, 4, 110)):
        pos = random_position(players, seed, moves)
        values = material(pos)
        mine = values.pop(pos.packed.turn)
        base = mine - max(values)
        for action in legal_actions(pos):
            if isinstance(action, Journey):
                continue
            expected = action_score(pos, action, cheap=True)
            assert ordering_score(pos, action, True, base) == pytest.approx(expected), action


def test_the_greedy_search_first_looks_once_at_each_of_its_root_width_actions() -> None:
    """With the ``greedy`` policy the root opens its ``root_width`` best actions by the easy
    bot's heuristic before anything else, each with one playout of the easy bot's moves."""
    from shangrila_widget.bots.evaluation import action_score
    from shangrila_widget.bots.playouts import greedy_playout
    from shangrila_widget.bots.tree import Search

    pos = random_position(FOUR, 5, 70)
    actions = legal_actions(pos)
    assert len(actions) > 6
    search = Search(pos, random.Random(3), depth=3, policy="greedy", root_width=6)
    search.run(iterations=6)
    opened = [action for action, _ in search.root.children]
    scores = sorted((-action_score(pos, a), i) for i, a in enumerate(actions))
    assert opened == [actions[i] for _, i in scores[:6]]
    assert [child.visits for _, child in search.root.children] == [1] * 6
    # each look is the easy bot's three answers (ties broken by the search's generator)
    first_action, first = search.root.children[0]
    replay = greedy_playout(pos.play(first_action).position, random.Random(3), 3)
    assert first.value == pytest.approx(replay)
    search.run(iterations=20)  # further iterations go deeper: the best-looking get more looks
    assert sum(child.visits for _, child in search.root.children) == 26
    assert max(child.visits for _, child in search.root.children) > 1


def test_a_callers_budget_changes_how_long_not_how_the_level_searches() -> None:
    """The budget (iterations, seconds) is apart from the search's configuration: naming a
    budget keeps the level's playouts, width and exploration."""
    from shangrila_widget.bots import DEFAULT_BUDGETS, LEVEL_CONFIGS, Bot, Thinker

    pos = random_position(FOUR, 5, 40)
    for level in ("medium", "hard"):
        budget = Bot.of(level, iterations=40).search_budget
        assert budget is not None and (budget.iterations, budget.seconds) == (40, None)
        thinker = Thinker(pos, Bot(level, budget, seed=1))
        search = thinker.search
        assert search is not None
        config = LEVEL_CONFIGS[level]
        assert (search.policy, search.depth, search.root_width, search.exploration) == (
            config.policy,
            config.depth,
            config.root_width,
            config.exploration,
        )
        assert thinker.run().iterations == 40
    medium, hard = DEFAULT_BUDGETS["medium"].iterations, DEFAULT_BUDGETS["hard"].iterations
    assert medium is not None and hard is not None and medium < hard


@settings(max_examples=30, derandomize=True, database=None, deadline=None)
@given(
    players=st.sampled_from([THREE, FOUR]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 160),
)
def test_the_incremental_scores_are_the_replayed_ones(
    players: list[str], seed: int, moves: int
) -> None:
    """``action_scores`` looks again only at the villages a placement or a recruit changes;
    its numbers must be exactly those of replaying each action (``action_score``)."""
    from shangrila_widget.bots.evaluation import action_score, action_scores, ordering_score

    pos = random_position(players, seed, moves)
    actions = legal_actions(pos)
    replayed = [
        ordering_score(pos, a, False, 0.0) if pos.play(a).position.is_over else action_score(pos, a)
        for a in actions
    ]
    assert action_scores(pos, actions) == replayed

"""The one thinking API: the bots, the hints and the review agree because they think alike.

``Thinker`` in slices equals one run; ``choose_action`` and ``hint`` give the same first
action at the same level, seed and budget; a kept action gets its share of the visits; the
expected replies are legal in turn; the chances of a finished game are exact.
"""

from __future__ import annotations

import random

import pytest

from shangrila_widget.bots import (
    Bot,
    Budget,
    Thinker,
    choose_action,
    hint,
    review,
    think,
)
from shangrila_widget.bots.evaluation import final_shares, win_chances
from shangrila_widget.bots.thinking import ABOUT_EQUAL, RankedAction, Thought
from shangrila_widget.rules import GameRecord, Position, ShangrilaError, legal_actions
from tests.bots.test_bots import FOUR, THREE, random_position


def positions() -> list[Position]:
    found = []
    for players, seed, moves in (
        (FOUR, 1, 5),
        (FOUR, 2, 40),
        (THREE, 3, 30),
        (FOUR, 4, 80),
        (THREE, 5, 70),
        (FOUR, 6, 110),
    ):
        pos = random_position(players, seed, moves)
        if not pos.is_over and len(legal_actions(pos)) > 1:
            found.append(pos)
    assert len(found) >= 5
    return found


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_hint_and_choose_action_agree_at_the_same_level_seed_and_budget(level: str) -> None:
    for i, pos in enumerate(positions()):
        chosen = choose_action(pos, level=level, iterations=40, seed=i)
        found = hint(pos, level=level, iterations=40, seed=i)
        assert found.action == chosen == found.candidates[0].action, (level, i)
        assert think(pos, Bot(level, Budget(iterations=40), seed=i)).best.action == chosen


def test_slices_give_what_one_run_gives_and_progress_fills_up() -> None:
    pos = positions()[1]
    whole = think(pos, Bot("hard", Budget(iterations=120), seed=9))
    thinker = Thinker(pos, Bot("hard", Budget(iterations=120), seed=9))
    seen = []
    while not thinker.step(0.002):
        seen.append(thinker.progress)
        assert not thinker.done and thinker.thought().done is False
    assert thinker.progress == 1.0 and seen == sorted(seen)
    assert thinker.thought() == whole
    assert whole.iterations == 120 and whole.done


def test_the_lines_are_ranked_by_value_and_their_replies_are_legal_in_turn() -> None:
    for pos in positions():
        # medium's search (the hints'): hard's random playouts expect no answers
        thought = think(pos, Bot("medium", Budget(iterations=200), seed=3))
        most = max(line.visits for line in thought.lines)
        well = [line for line in thought.lines if line.visits * 4 >= most]
        values = [line.value for line in well]
        if not any(ln.value == 1.0 and ln.visits for ln in thought.lines):
            assert thought.lines[: len(well)] == tuple(well)
            assert values == sorted(values, reverse=True)
        for line in thought.lines:
            assert sum(line.chances) == pytest.approx(1.0)
            assert line.chances[pos.packed.turn] == line.value
            after = pos.play(line.action).position
            for reply in line.replies:
                after = after.play(reply).position  # raises if the reply were illegal
        assert thought.best.replies, "200 iterations expect an answer to the best action"


def test_about_equal_is_within_noise_or_two_hundredths() -> None:
    pos = positions()[0]
    thought = think(pos, "easy")

    def line(value: float, visits: int, spread: float) -> RankedAction:
        return RankedAction(pos.legal_actions()[0], value, (value,), visits, spread, ())

    assert thought.about_equal(line(0.30, 0, 0.0), line(0.30 + ABOUT_EQUAL / 2, 0, 0.0))
    assert not thought.about_equal(line(0.30, 0, 0.0), line(0.35, 0, 0.0))
    assert thought.about_equal(line(0.30, 50, 0.03), line(0.37, 50, 0.03))  # 0.07 < 2 x 0.042
    assert not thought.about_equal(line(0.30, 50, 0.01), line(0.37, 50, 0.01))


def test_a_kept_action_gets_its_share_of_the_visits_even_when_it_looks_bad() -> None:
    pos = positions()[3]
    easy = think(pos, "easy")
    worst = easy.lines[-1].action  # the one-move evaluation's last
    thought = think(pos, Bot("hard", Budget(iterations=100), seed=1), keep=worst)
    kept = thought.line_of(worst)
    assert kept is not None and kept.visits >= 30
    with pytest.raises(ValueError, match="not legal"):
        Thinker(positions()[0], "hard", keep=positions()[1].legal_actions()[0])


def test_the_levels_that_do_not_search_are_ready_at_once() -> None:
    pos = positions()[2]
    for level in ("random", "easy"):
        thinker = Thinker(pos, Bot(level, seed=4))
        assert thinker.done and thinker.progress == 1.0 and thinker.step()
        thought = thinker.thought()
        assert {line.action for line in thought.lines} == set(legal_actions(pos))
        assert thought.best.action == choose_action(pos, level=level, seed=4)
    with pytest.raises(ShangrilaError, match="the game is over"):
        over = random_position(FOUR, 1, 400)
        assert over.is_over
        Thinker(over)


def test_the_chances_of_a_finished_game_are_exact() -> None:
    rng = random.Random(12)
    for players in (THREE, FOUR):
        record = GameRecord(Position.new_game(players))
        while not record.current.position.is_over:
            pos = record.current.position
            record.play(choose_action(pos, level="easy", seed=rng.randrange(100)))
        final = record.current.position
        shares = final_shares(final)
        assert win_chances(final) == shares and sum(shares) == 1.0
        last = review(record, iterations=4).moves[-1]
        assert list(last.after.values()) == shares
        assert set(shares) <= {0.0, 1.0, 0.5, 1 / 3, 0.25}


def test_a_thought_is_a_value_and_repeats_with_its_seed() -> None:
    pos = positions()[4]
    first = think(pos, Bot("hard", Budget(iterations=60), seed=5))
    assert isinstance(first, Thought)
    assert first == think(pos, Bot("hard", Budget(iterations=60), seed=5))


def test_hard_is_a_bandit_of_random_playouts_over_its_best_looking_actions() -> None:
    """``hard``: every playout starts at one of the root's 12 best-looking actions (the
    tree does not grow below them) and is played to the end at random, so its lines expect
    no answers; legal, and the same for a seed and an iteration budget."""
    from shangrila_widget.bots import LEVEL_CONFIGS

    config = LEVEL_CONFIGS["hard"]
    assert (config.policy, config.grow, config.widen) == ("uniform", False, False)
    for pos in positions():
        bot = Bot("hard", Budget(iterations=90), seed=4)
        thought = think(pos, bot)
        assert thought == think(pos, bot)
        assert sum(line.visits for line in thought.lines) == 90
        assert len(thought.lines) <= min(config.root_width, len(legal_actions(pos)))
        assert all(not line.replies for line in thought.lines)
        assert thought.best.action in legal_actions(pos)
        assert choose_action(pos, bot) == thought.best.action


def test_hard_plays_the_heuristics_first_action_unless_the_playouts_clearly_beat_it() -> None:
    """``hard`` (``trust_first=1.0``): its first line is the root's first opened action (the
    one-move heuristic's best) unless a line ahead of it by mean leads it by more than one
    standard error of the difference; a clear lead is followed, and the two about equal
    otherwise (so a learner is not shown a worse action as clearly better)."""
    from shangrila_widget.bots import LEVEL_CONFIGS
    from shangrila_widget.bots.thinking import new_search

    assert LEVEL_CONFIGS["hard"].trust_first == 1.0
    kept = followed = 0
    for seed, moves in [(s, m) for s in range(1, 9) for m in (20, 60, 100)]:
        pos = random_position(FOUR, seed, moves)
        if pos.is_over or len(legal_actions(pos)) < 3:
            continue
        bot = Bot("hard", Budget(iterations=150), seed=seed)
        thought = think(pos, bot)
        search = new_search(pos, LEVEL_CONFIGS["hard"], seed)
        search.run(iterations=150)
        first_action = search.root.children[0][0]
        heuristic = thought.line_of(first_action)
        assert heuristic is not None
        by_mean = max(thought.lines, key=lambda line: (line.value, line.visits))
        if thought.best.action == first_action:
            kept += 1
            lead = by_mean.value - heuristic.value
            assert lead <= (by_mean.spread**2 + heuristic.spread**2) ** 0.5 + 1e-12 or (
                by_mean.visits * 4 < max(line.visits for line in thought.lines)
            )
            if by_mean is not heuristic:
                assert thought.about_equal(by_mean, heuristic)
        else:
            followed += 1
            best = thought.best
            assert best.value - heuristic.value > (best.spread**2 + heuristic.spread**2) ** 0.5
    assert kept and followed, (kept, followed)  # both happen in these positions


def test_the_hints_keep_medium_s_search_for_hard_s_time() -> None:
    """A hint with no bot named thinks with ``HINT_BOT``: ``medium``'s search (the greedy
    playouts, the answers it expects) for ``hard``'s 0.8 s; a budget given replaces its own."""
    from shangrila_widget.bots import DEFAULT_BUDGETS
    from shangrila_widget.bots.levels import HINT_BOT

    assert HINT_BOT.level == "medium" and HINT_BOT.search_budget == DEFAULT_BUDGETS["hard"]
    pos = positions()[1]
    found = hint(pos, iterations=60, seed=5)
    assert found == hint(pos, Bot("medium", Budget(iterations=60), seed=5))
    assert found.level == "medium" and found.iterations == 60
    assert found.candidates[0].replies

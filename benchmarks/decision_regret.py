"""How close each bot's move comes to the best move by random play's judgement.

Flat Monte Carlo (the ladder's outside anchor) judges an action by the mover's mean share
of the win in uniformly random playouts from it; with unlimited time it would play the
action that judgement ranks first. This benchmark asks how close each bot gets to that
action at a given CPU time a move, on positions of real games:

- positions: every ``--every``-th position of games of the ``easy`` bot in every seat, a
  tenth of its moves uniformly random (seeded), set-up and play, with at least two legal
  actions;
- the oracle: every legal action of a position played out ``--playouts`` times to the end
  with uniformly random actions, in two independent halves. The first half names the best
  action, the second half values every action: so the oracle's own luck (the largest of
  forty noisy means is too high) does not flatter it, and a bot's ``regret`` (the second
  half's value of the oracle's action minus that of the bot's action) is unbiased, and
  can be below 0 in one position;
- the bots, each at ``--seconds`` of this process's CPU time a move: ``hard`` (as the
  ladder runs it, :func:`benchmarks.ladder.think_for_cpu`), ``flatmc`` (flat Monte Carlo,
  the CPU clock), ``easy`` (the one-move heuristic, its own time), and ``random`` (the mean
  value of all the legal actions: the regret of a uniformly random move).

It prints, per bot, the mean regret with its standard error over the positions, how often
it played the oracle's action, and its regret minus ``hard``'s (paired: the same positions
and oracle), and how often the oracle's action was among the 12 that ``hard`` searched; the
last line is one JSON object with the figures.

    nice -n 5 python benchmarks/decision_regret.py --positions 40 --seconds 0.8 --seed 1

The oracle's playouts are most of the time (about 45 actions x ``--playouts`` playouts of
0.3-1.5 ms a position). What it does not measure: random play's judgement is not the game's
value against players who think, so a small regret here says a bot estimates that
judgement well, not that it plays well; the ladder's games say that.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ladder import think_for_cpu
from shangrila_widget.bots.evaluation import action_scores, greedy_action
from shangrila_widget.bots.flat_monte_carlo import flat_monte_carlo_action
from shangrila_widget.bots.levels import LEVEL_CONFIGS
from shangrila_widget.bots.playouts import uniform_playout
from shangrila_widget.rules import Action, Position, apply_unchecked, legal_actions

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}
BOTS = ("hard", "flatmc", "easy", "random")


@dataclass(frozen=True)
class Judged:
    """One position's legal actions, the oracle's pick (by the first half of the
    playouts) and every action's value by the second half (the mover's mean share)."""

    actions: list[Action]
    best: int
    values: list[float]


def game_positions(games: int, players: int, every: int, rng: random.Random) -> list[Position]:
    """Every ``every``-th position with two or more legal actions of ``games`` games of the
    ``easy`` bot in every seat, a tenth of its moves uniformly random."""
    found: list[Position] = []
    for _ in range(games):
        pos = Position.new_game(SEATS[players])
        step = rng.randrange(every)
        while not pos.is_over:
            actions = legal_actions(pos)
            if step % every == 0 and len(actions) > 1:
                found.append(pos)
            step += 1
            action = rng.choice(actions) if rng.random() < 0.1 else greedy_action(pos, rng)
            pos = apply_unchecked(pos, action)
    return found


def random_share(pos: Position, seat: int, rng: random.Random) -> float:
    """The seat's share of the win after uniformly random play from ``pos`` to the end
    (``hard``'s own playout, :func:`uniform_playout`)."""
    return uniform_playout(pos, rng)[seat]


def judge(pos: Position, playouts: int, rng: random.Random) -> Judged:
    """The oracle for one position (see the module docstring): ``playouts`` per action, the
    first half picking, the second half valuing."""
    actions = legal_actions(pos)
    seat = pos.packed.turn
    half = max(1, playouts // 2)
    picks, values = [], []
    for action in actions:
        after = apply_unchecked(pos, action)
        picks.append(sum(random_share(after, seat, rng) for _ in range(half)) / half)
        values.append(sum(random_share(after, seat, rng) for _ in range(half)) / half)
    best = max(range(len(actions)), key=lambda i: (picks[i], -i))
    return Judged(actions, best, values)


def hard_width(pos: Position, actions: Sequence[Action]) -> list[Action]:
    """The actions ``hard`` searches: its root's first ``root_width`` by the heuristic."""
    width = LEVEL_CONFIGS["hard"].root_width
    scores = action_scores(pos, actions)
    order = sorted(range(len(actions)), key=lambda i: (-scores[i], i))
    return [actions[i] for i in order[:width]]


def bot_choices(seconds: float, seed: int) -> dict[str, Callable[[Position], Action | None]]:
    """What each bot plays in a position (None for ``random``, valued as the mean)."""
    return {
        "hard": lambda pos: think_for_cpu(pos, "hard", seconds, seed),
        "flatmc": lambda pos: flat_monte_carlo_action(
            pos, seconds=seconds, seed=seed, clock=time.process_time
        ),
        "easy": lambda pos: greedy_action(pos, random.Random(seed)),
        "random": lambda pos: None,
    }


def summarise(regrets: dict[str, list[float]], hits: dict[str, int]) -> dict[str, dict[str, float]]:
    """Per bot: mean regret, its standard error, and the share of the oracle's actions."""
    out: dict[str, dict[str, float]] = {}
    for bot, values in regrets.items():
        n = len(values)
        # the same positions for every bot: the difference to hard's regret, paired
        apart = [mine - hard for mine, hard in zip(values, regrets["hard"], strict=True)]
        out[bot] = {
            "regret": round(statistics.fmean(values), 4),
            "se": round(standard_error(values), 4),
            "oracle_share": round(hits[bot] / n, 3),
            "minus_hard": round(statistics.fmean(apart), 4),
            "minus_hard_se": round(standard_error(apart), 4),
        }
    return out


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (NaN for fewer than two).

    >>> round(standard_error([0.0, 1.0, 0.0, 1.0]), 4)
    0.2887
    """
    if len(values) < 2:
        return math.nan
    return statistics.stdev(values) / math.sqrt(len(values))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--every", type=int, default=7, help="take every N-th position")
    parser.add_argument("--playouts", type=int, default=200, help="per action, both halves")
    parser.add_argument("--seconds", type=float, default=0.8, help="CPU seconds a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.positions < 2 or args.playouts < 2 or args.every < 1 or args.seconds <= 0:
        parser.error("--positions and --playouts at least 2, --every at least 1, --seconds > 0")
    rng = random.Random(args.seed)
    pool: list[Position] = []
    while len(pool) < args.positions:
        pool += game_positions(1, args.players, args.every, rng)
    positions = rng.sample(pool, args.positions)
    choose = bot_choices(args.seconds, args.seed)
    regrets: dict[str, list[float]] = {bot: [] for bot in BOTS}
    hits = dict.fromkeys(BOTS, 0)
    in_width = 0
    started = time.perf_counter()
    for n, pos in enumerate(positions, 1):
        judged = judge(pos, args.playouts, rng)
        oracle = judged.values[judged.best]
        best_action = judged.actions[judged.best]
        in_width += best_action in hard_width(pos, judged.actions)
        for bot in BOTS:
            action = choose[bot](pos)
            if action is None:
                value = statistics.fmean(judged.values)
            else:
                value = judged.values[judged.actions.index(action)]
                hits[bot] += action == best_action
            regrets[bot].append(oracle - value)
        if not args.quiet:
            line = "  ".join(f"{b} {statistics.fmean(regrets[b]):.3f}" for b in BOTS)
            print(f"{n}/{len(positions)} ({len(judged.actions)} actions)  {line}", flush=True)
    figures = summarise(regrets, hits)
    report: dict[str, object] = {
        "positions": len(positions),
        "players": args.players,
        "playouts_per_action": args.playouts,
        "seconds": args.seconds,
        "seed": args.seed,
        "bots": figures,
        "oracle_in_hard_width": round(in_width / len(positions), 3),
        "wall_s": round(time.perf_counter() - started, 1),
    }
    for bot, row in figures.items():
        print(
            f"{bot:>7}: regret {row['regret']:.4f} ± {row['se']:.4f}, "
            f"the oracle's action {row['oracle_share']:.0%}, "
            f"minus hard's {row['minus_hard']:+.4f} ± {row['minus_hard_se']:.4f}"
        )
    print(
        f"the oracle's action among hard's {LEVEL_CONFIGS['hard'].root_width}: "
        f"{report['oracle_in_hard_width']:.0%}"
    )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

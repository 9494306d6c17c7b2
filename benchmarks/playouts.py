"""Playouts per second: uniform random play and the bots' two playout policies.

Plays complete games from the empty board with each sampled policy for the given seconds
(uniform random play twice: choosing from the listed legal actions, and drawing with the
engine's ``random_action`` sampler, which lists nothing; then the ``sampled`` rollout
policy, which draws with the same sampler weighted by kind). The ``greedy`` policy of the
``medium`` and ``hard`` levels plays the ``easy`` bot's move for every seat: its playouts
are 3 actions long, counted from positions of random games. Then each search runs for a
while to count its iterations per second (an iteration is one descent, one expansion and
one playout, evaluated at its end): the ``sampled`` search (playouts of up to 30 actions,
used by the review) and the ``hard`` level's. The last line printed is one JSON object; the
``per_cpu_s`` figures count this process's CPU time only, which a busy machine disturbs less
than the wall clock.

    python benchmarks/playouts.py --players 4 --seconds 5
"""

from __future__ import annotations

import argparse
import json
import random
import time

from shangrila_widget.bots.levels import LEVEL_CONFIGS, SearchConfig
from shangrila_widget.bots.playouts import greedy_playout, rollout_action
from shangrila_widget.bots.thinking import new_search
from shangrila_widget.rules import Position, apply_unchecked, legal_actions, random_action

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def games_per_s(
    players: int, policy: str, seconds: float, rng: random.Random
) -> tuple[float, float, float]:
    """(games per wall-clock second, games per CPU second of this process, actions per game)."""
    games = actions_played = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        pos = Position.new_game(SEATS[players])
        if policy == "random":
            while actions := legal_actions(pos):
                pos = apply_unchecked(pos, rng.choice(actions))
                actions_played += 1
        else:
            draw = random_action if policy == "sampler" else rollout_action
            while not pos.is_over:
                pos = apply_unchecked(pos, draw(pos, rng))
                actions_played += 1
        games += 1
    return games / elapsed, games / (time.process_time() - cpu), actions_played / games


def greedy_playouts_per_s(players: int, seconds: float, rng: random.Random) -> float:
    """Playouts of the ``greedy`` policy (3 actions each) per CPU second of this process,
    from positions of random games (every phase)."""
    starts: list[Position] = []
    while len(starts) < 200:
        pos = Position.new_game(SEATS[players])
        for _ in range(rng.randrange(0, 140)):
            if pos.is_over:
                break
            pos = apply_unchecked(pos, random_action(pos, rng))
        if not pos.is_over:
            starts.append(pos)
    done = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        greedy_playout(starts[done % len(starts)], rng, 3)
        done += 1
    return done / (time.process_time() - cpu)


def iterations_per_s(
    players: int, seconds: float, rng: random.Random, config: SearchConfig
) -> tuple[float, float]:
    """(search iterations per wall-clock second, per CPU second of this process)."""
    pos = Position.new_game(SEATS[players])
    for _ in range(60):  # a position early in the play phase
        pos = apply_unchecked(pos, rng.choice(legal_actions(pos)))
    search = new_search(pos, config, rng.randrange(2**32))
    cpu = time.process_time()
    start = time.perf_counter()
    search.run(seconds=seconds)
    wall = time.perf_counter() - start
    return search.iterations / wall, search.iterations / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random_wall, random_cpu, random_length = games_per_s(args.players, "random", args.seconds, rng)
    sampler_wall, sampler_cpu, sampler_length = games_per_s(
        args.players, "sampler", args.seconds, rng
    )
    rollout_wall, rollout_cpu, rollout_length = games_per_s(
        args.players, "rollout", args.seconds, rng
    )
    greedy_cpu = greedy_playouts_per_s(args.players, args.seconds, rng)
    search_wall, search_cpu = iterations_per_s(
        args.players,
        args.seconds,
        rng,
        SearchConfig(depth=30, policy="sampled", root_width=2, exploration=0.6),
    )
    hard_wall, hard_cpu = iterations_per_s(args.players, args.seconds, rng, LEVEL_CONFIGS["hard"])
    figures = {
        "players": args.players,
        "random_games_per_s": round(random_wall, 1),
        "sampler_games_per_s": round(sampler_wall, 1),
        "rollout_games_per_s": round(rollout_wall, 1),
        "random_games_per_cpu_s": round(random_cpu, 1),
        "sampler_games_per_cpu_s": round(sampler_cpu, 1),
        "rollout_games_per_cpu_s": round(rollout_cpu, 1),
        "random_actions_per_game": round(random_length, 1),
        "rollout_actions_per_game": round(rollout_length, 1),
        "random_actions_per_cpu_s": round(random_cpu * random_length),
        "sampler_actions_per_cpu_s": round(sampler_cpu * sampler_length),
        "rollout_actions_per_cpu_s": round(rollout_cpu * rollout_length),
        "greedy_playouts_per_cpu_s": round(greedy_cpu, 1),
        "sampled_search_iterations_per_s": round(search_wall, 1),
        "sampled_search_iterations_per_cpu_s": round(search_cpu, 1),
        "hard_search_iterations_per_s": round(hard_wall, 1),
        "hard_search_iterations_per_cpu_s": round(hard_cpu, 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()

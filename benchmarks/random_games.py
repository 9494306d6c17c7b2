"""Play complete games with uniformly random legal actions and print the speed.

Two paths, each for the given seconds: the enumerating one lists all legal actions at every
decision (as a player would see them) and picks one uniformly; the sampler one draws the same
distribution with ``random_action`` without listing anything. The last line printed is one
JSON object with the keys players, games, games_per_s, games_per_cpu_s (per second of this
process's CPU time, which a busy machine disturbs less than the wall clock), actions_per_game
and journeys_per_game for the enumerating path, the same figures prefixed ``sampler_`` for
the sampler path, and the memory figures.

    python benchmarks/random_games.py --players 4 --seconds 10
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from shangrila_widget.rules import (
    Journey,
    Position,
    apply_unchecked,
    legal_actions,
    random_action,
)

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def play_random_game(players: int, rng: random.Random) -> tuple[int, int]:
    """One complete game; returns (actions played, journeys played)."""
    pos = Position.new_game(SEATS[players])
    actions = journeys = 0
    choice = rng.choice
    while True:
        legal = legal_actions(pos)
        if not legal:
            return actions, journeys
        action = choice(legal)
        if type(action) is Journey:
            journeys += 1
        pos = apply_unchecked(pos, action)
        actions += 1


def play_sampled_game(players: int, rng: random.Random) -> tuple[int, int]:
    """The same as :func:`play_random_game`, drawing each action with ``random_action``."""
    pos = Position.new_game(SEATS[players])
    actions = journeys = 0
    while not pos.is_over:
        action = random_action(pos, rng)
        if type(action) is Journey:
            journeys += 1
        pos = apply_unchecked(pos, action)
        actions += 1
    return actions, journeys


def run(
    play: Callable[[int, random.Random], tuple[int, int]],
    players: int,
    seconds: float,
    rng: random.Random,
) -> dict[str, float]:
    """Play games with ``play`` for ``seconds``; the speed and length figures."""
    games = actions = journeys = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        a, j = play(players, rng)
        games += 1
        actions += a
        journeys += j
    return {
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "games_per_cpu_s": round(games / (time.process_time() - cpu), 1),
        "actions_per_game": round(actions / games, 1),
        "journeys_per_game": round(journeys / games, 2),
    }


def memory_figures(players: int, seed: int) -> dict[str, float]:
    """Peak Python memory while one game is played, and the size of one position."""
    tracemalloc.start()
    play_random_game(players, random.Random(seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    pos = Position.new_game(SEATS[players])
    packed = pos.packed
    position_bytes = (
        sys.getsizeof(pos) + sys.getsizeof(packed) + sum(sys.getsizeof(part) for part in packed)
    )
    return {"peak_kib_per_game": round(peak / 1024, 1), "bytes_per_position": position_bytes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    enumerating = run(play_random_game, args.players, args.seconds, random.Random(args.seed))
    sampler = run(play_sampled_game, args.players, args.seconds, random.Random(args.seed))
    figures = {
        "players": args.players,
        **enumerating,
        **{f"sampler_{key}": value for key, value in sampler.items()},
        **memory_figures(args.players, args.seed),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()

"""Our engine against a plain mutable-state engine (``mutable_engine.py``), in one run.

Both play complete random games the same way: list every legal action, choose one uniformly,
play it (ours: ``legal_actions`` and ``apply_unchecked`` on immutable positions; the mutable
one: its ``legal_actions`` and ``apply`` in place). The two take turns in short rounds (about
``--round`` seconds each) for ``--seconds`` in all, so that a change of the machine's load
disturbs both alike; each round is timed by this process's CPU time. The last line printed
is one JSON object: per engine games, games_per_cpu_s and actions_per_game, and ``ratio``,
ours / mutable in games per CPU second (above 1 is faster than the mutable engine).

    python benchmarks/engine_compare.py --players 4 --seconds 10
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from shangrila_widget.rules import Position, apply_unchecked, legal_actions

try:
    from benchmarks.mutable_engine import MutableGame
except ModuleNotFoundError:  # run as a script: the benchmarks folder is on the path
    from mutable_engine import MutableGame  # type: ignore[no-redef]

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def ours(players: int, rng: random.Random) -> int:
    """One random game with our engine; the actions played."""
    pos = Position.new_game(SEATS[players])
    actions = 0
    choice = rng.choice
    while legal := legal_actions(pos):
        pos = apply_unchecked(pos, choice(legal))
        actions += 1
    return actions


def mutable(players: int, rng: random.Random) -> int:
    """One random game with the mutable engine; the actions played."""
    game = MutableGame(SEATS[players])
    actions = 0
    choice = rng.choice
    while legal := game.legal_actions():
        game.apply(choice(legal))
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--round", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engines: dict[str, Callable[[int, random.Random], int]] = {"ours": ours, "mutable": mutable}
    rngs = {name: random.Random(args.seed) for name in engines}
    games = dict.fromkeys(engines, 0)
    actions = dict.fromkeys(engines, 0)
    cpu = dict.fromkeys(engines, 0.0)
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        for name, play in engines.items():
            rng = rngs[name]
            began = time.process_time()
            while (spent := time.process_time() - began) < args.round:
                actions[name] += play(args.players, rng)
                games[name] += 1
            cpu[name] += spent
    figures: dict[str, float] = {"players": args.players}
    for name in engines:
        figures[f"{name}_games"] = games[name]
        figures[f"{name}_games_per_cpu_s"] = round(games[name] / cpu[name], 1)
        figures[f"{name}_actions_per_game"] = round(actions[name] / games[name], 1)
    figures["ratio"] = round(
        figures["ours_games_per_cpu_s"] / figures["mutable_games_per_cpu_s"], 3
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()

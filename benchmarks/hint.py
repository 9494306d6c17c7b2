"""How long a hint takes at the default level (what the hint button and the CLI use).

Asks for a hint in every example position and in positions of random games (set-up, early
play, late play), with the default budget, and prints the latencies. The last line printed
is one JSON object with level, positions, median_s, max_s and iterations (the median).

    python benchmarks/hint.py --random 12
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from shangrila_widget.bots import hint
from shangrila_widget.rules import Position, apply_unchecked, legal_actions

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "positions"


def positions(count: int, seed: int) -> list[Position]:
    found = [
        Position.from_json(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))
    ]
    rng = random.Random(seed)
    for i in range(count):
        pos = Position.new_game(["red", "blue", "yellow", "violet"][: 3 + i % 2])
        for _ in range(rng.randrange(0, 130)):
            actions = legal_actions(pos)
            if not actions:
                break
            pos = apply_unchecked(pos, rng.choice(actions))
        found.append(pos)
    return [p for p in found if not p.is_over]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--random", type=int, default=12, help="random positions to add")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: list[float] = []
    iterations: list[int] = []
    for pos in positions(args.random, args.seed):
        start = time.perf_counter()
        found = hint(pos, level=args.level, seed=1)
        times.append(time.perf_counter() - start)
        iterations.append(found.iterations)
    print(
        json.dumps(
            {
                "level": args.level,
                "positions": len(times),
                "median_s": round(statistics.median(times), 3),
                "max_s": round(max(times), 3),
                "iterations": int(statistics.median(iterations)),
            }
        )
    )


if __name__ == "__main__":
    main()

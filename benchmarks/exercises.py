"""How many exercises of each kind, level and misreading the seeds give, and how long one takes.

For every seed and both player counts, one exercise of each kind (``generate(count=6)``
cycles through the six kinds), then one set of each level (``generate(3, level=L)``). Run
from the checkout:

    python -m benchmarks.exercises --seeds 1000

The last line printed is one JSON object: exercises, ms_each (mean), per_second, by kind,
by level, and the wrong options offered per misreading (the by-level sets too).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from shangrila_widget.exercises import KINDS, LEVELS, MISREADINGS, generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    kinds: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    misreadings: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    made = 0
    started = time.perf_counter()
    for seed in range(args.seeds):
        for players in (3, 4):
            for level in (None, *LEVELS):
                began = time.perf_counter()
                count = len(KINDS) if level is None else 3
                exercises = generate(count, seed, players=players, level=level)
                seconds[f"level {level}"] += time.perf_counter() - began
                for exercise in exercises:
                    made += 1
                    if level is None:
                        kinds[exercise.kind] += 1
                    levels[exercise.level] += 1
                    for option in exercise.options:
                        if option.misreading:
                            misreadings[option.misreading] += 1
    total = time.perf_counter() - started
    per_set = {k: round(v * 1000 / (2 * args.seeds), 1) for k, v in seconds.items()}
    print(f"{made} exercises in {total:.1f} s: {total * 1000 / made:.1f} ms each")
    print("ms per set (6 kinds, or 3 of a level):", per_set)
    print("never offered:", sorted(set(MISREADINGS) - set(misreadings)) or "none")
    print(
        json.dumps(
            {
                "exercises": made,
                "ms_each": round(total * 1000 / made, 1),
                "per_second": round(made / total, 1),
                "kinds": dict(kinds),
                "levels": {str(k): v for k, v in sorted(levels.items())},
                "misreadings": dict(misreadings.most_common()),
            }
        )
    )


if __name__ == "__main__":
    main()

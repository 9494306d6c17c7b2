"""How long a ruling takes, and what the "legal if" search finds for each refusing rule.

Random refusals (the tests' random questions: 3 and 4 players, both editions, set-up, play
and finished games) are each ruled once; per rule of ``check``, how many got a "legal if"
change and which kinds of change (``bridge+add_pair``: two edits). Run from the checkout:

    python -m benchmarks.rulings --refusals 1000 --seed 11

The last line printed is one JSON object: refusals, median_ms, p90_ms, max_ms, to_dict_ms
(the median of ``Ruling.to_dict("pl")``) and, per rule, found / of / kinds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter, defaultdict

from shangrila_widget.rules import check
from shangrila_widget.rules.ruling import ruling
from tests.support.questions import random_question


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refusals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times: list[float] = []
    to_dict_times: list[float] = []
    found: Counter[str] = Counter()
    total: Counter[str] = Counter()
    kinds: defaultdict[str, Counter[str]] = defaultdict(Counter)
    while len(times) < args.refusals:
        pos, action, player = random_question(rng)
        first = check(pos, action, player)
        if first is None:
            continue
        start = time.perf_counter()
        answer = ruling(pos, action, player)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        answer.to_dict("pl")
        to_dict_times.append(time.perf_counter() - start)
        total[first.rule] += 1
        found[first.rule] += bool(answer.legal_if)
        for entry in answer.legal_if:
            kinds[first.rule]["+".join(c.key.removeprefix("change.") for c in entry.changes)] += 1
    for rule in sorted(total):
        print(f"{rule:24} {found[rule]:4} of {total[rule]:<4} {dict(kinds[rule].most_common(4))}")
    times.sort()
    print(
        json.dumps(
            {
                "refusals": len(times),
                "median_ms": round(statistics.median(times) * 1000, 2),
                "p90_ms": round(times[int(0.9 * len(times))] * 1000, 2),
                "max_ms": round(times[-1] * 1000, 1),
                "to_dict_ms": round(statistics.median(to_dict_times) * 1000, 2),
                "rules": {
                    rule: {"found": found[rule], "of": total[rule], "kinds": dict(kinds[rule])}
                    for rule in sorted(total)
                },
            }
        )
    )


if __name__ == "__main__":
    main()

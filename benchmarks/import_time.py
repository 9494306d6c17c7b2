"""How long ``import shangrila_widget.rules`` takes in a fresh interpreter.

Runs ``python -X importtime -c "import MODULE"`` ``--repeat`` times and reads the
interpreter's own figures: the cumulative microseconds of the top-level imports that the
statement triggers (the interpreter's start-up, ``site`` and ``encodings``, is left out).
Compiled bytecode is kept in a temporary ``PYTHONPYCACHEPREFIX`` (never in the checkout) and
made by one run before those measured, as an installed package has it; ``--source`` runs
with ``PYTHONDONTWRITEBYTECODE`` instead, so that the package's modules are compiled from
source in every run when the checkout holds no bytecode (the standard library's is used).
Reported in milliseconds: the best run (the figure to compare, least disturbed by other work
on the machine) and the median, with the modules that took the most time on their own in the
best run.

The last line printed is one JSON object with module, bytecode, repeat, best_ms, median_ms
and slowest (module name to self milliseconds).

    python benchmarks/import_time.py --repeat 15
    python benchmarks/import_time.py --module shangrila_widget.bots
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

#: What the interpreter imports before the ``-c`` statement runs.
START_UP = ("site", "encodings")


def import_figures(module: str, env: dict[str, str]) -> tuple[float, dict[str, float]]:
    """One fresh interpreter's import of ``module``: (total ms, each module's self ms)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    total_us = 0
    own: dict[str, float] = {}
    started = False
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative_us, name = line.removeprefix("import time:").split("|")
        depth = (len(name) - len(name.lstrip())) // 2
        name = name.strip()
        if depth == 0 and name in START_UP:
            started = True
            own.clear()
            total_us = 0
            continue
        if not started:
            continue
        own[name] = int(self_us) / 1000
        if depth == 0:
            total_us += int(cumulative_us)
    return total_us / 1000, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", default="shangrila_widget.rules")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--top", type=int, default=8, help="how many slowest modules to list")
    parser.add_argument("--source", action="store_true", help="compile from source every run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        if args.source:
            env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
            env.pop("PYTHONPYCACHEPREFIX", None)
        else:
            env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            import_figures(args.module, env)  # writes the bytecode
        runs = [import_figures(args.module, env) for _ in range(args.repeat)]
    totals = [total for total, _ in runs]
    best_total, best_own = min(runs, key=lambda run: run[0])
    slowest = dict(sorted(best_own.items(), key=lambda item: -item[1])[: args.top])
    bytecode = "none" if args.source else "cached"
    median = statistics.median(totals)
    print(f"import {args.module} ({bytecode} bytecode): best {best_total:.1f} ms,", end=" ")
    print(f"median {median:.1f} ms")
    for name, ms in slowest.items():
        print(f"  {ms:7.1f} ms  {name}")
    print(
        json.dumps(
            {
                "module": args.module,
                "bytecode": bytecode,
                "repeat": args.repeat,
                "best_ms": round(best_total, 1),
                "median_ms": round(median, 1),
                "slowest": {name: round(ms, 1) for name, ms in slowest.items()},
            }
        )
    )


if __name__ == "__main__":
    main()

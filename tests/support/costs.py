"""What the browser tests pay for, counted: with ``SHANGRILA_COST_LOG=FILE`` in the
environment, every server start, kernel start, browser context and Pyodide boot appends a
line to FILE (time, process, kind, detail, the running test), so that a run of one file shows
where its time went::

    SHANGRILA_COST_LOG=costs.log python -m pytest tests/browser/test_x.py -n 0
    python -m tests.support.costs costs.log     # counts and seconds per kind and per file

Without the variable nothing is written and nothing is listened to."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

COST_LOG = "SHANGRILA_COST_LOG"

#: Requests that mean a page is starting Pyodide (the static site's Python).
PYODIDE_BOOT = "pyodide.asm.wasm"


def enabled() -> bool:
    return bool(os.environ.get(COST_LOG))


def note(kind: str, detail: str = "", seconds: float | None = None) -> None:
    """Append one line (``kind``: server, kernel, context, pyodide, ...) to the cost log."""
    path = os.environ.get(COST_LOG)
    if not path:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
    took = "" if seconds is None else f"{seconds:.2f}"
    line = "\t".join([f"{time.time():.3f}", str(os.getpid()), kind, detail, took, test])
    with Path(path).open("a", encoding="utf-8") as log:
        log.write(line + "\n")


def summary(lines: list[str]) -> str:
    """Counts (and seconds where known) per kind, then per kind and test file."""
    counts: Counter[str] = Counter()
    seconds: defaultdict[str, float] = defaultdict(float)
    per_file: Counter[tuple[str, str]] = Counter()
    for line in lines:
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 6:
            continue
        _, _, kind, detail, took, test = parts[:6]
        # a "kernels" line counts the kernels one server started ("LOG: N")
        n = int(detail.rsplit(": ", 1)[1]) if kind == "kernels" else 1
        counts[kind] += n
        if took:
            seconds[kind] += float(took)
        per_file[(kind, test.split("::")[0] or "(session)")] += n
    out = [f"{kind:10} {n:5} {seconds.get(kind, 0.0):8.1f} s" for kind, n in counts.most_common()]
    out += [f"  {kind:10} {n:5}  {name}" for (kind, name), n in sorted(per_file.items())]
    return "\n".join(out)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]).read_text(encoding="utf-8").splitlines()))

"""What a run of the test suite costs the machine: its wall time, and where the CPU went.

Runs a command (the README's ``python -m pytest`` unless one is given after ``--``) and reads
``/proc`` once a second while it runs: the whole machine's busy CPU seconds
(``/proc/stat``) and every process's own (``/proc/PID/stat``), summed by kind (Chromium's
processes by their ``--type``, Jupyter kernels, Voila, Jupyter servers, the Playwright
driver, the pytest processes, the Linux kernel's threads by name, everything else). Prints a
table and, last, one JSON object.

Why: the suite is CPU-bound on a 2-core machine (the cores are over 90 % busy for a whole
run), so its wall time moves with whatever else takes CPU, and the same code has taken
520 s and 784 s on one machine some hours apart. The CPU seconds by kind say what a change
saved, and how much of the machine went to other things (``other`` kinds, kernel threads
such as ``kdamond.0``) in that run. Linux only (it reads ``/proc``).

    python benchmarks/suite_cost.py                            # the README's test command
    python benchmarks/suite_cost.py -- python -m pytest tests/browser -q

A process that starts and ends between two readings is not seen, and one that ends is
counted up to its last reading (at most a second of CPU each): the kinds' sum is a little
below the machine's busy time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

#: The README's test command.
README_COMMAND = (sys.executable, "-m", "pytest")

#: A process as read from ``/proc``: its name, its command line and its CPU seconds so far.
Seen = tuple[str, str, float]

_CHROMIUM_TYPE = re.compile(r"--type=([\w-]+)")

#: How execnet starts a pytest-xdist worker: ``python -c "import sys;exec(eval(...))"``.
_EXECNET_WORKER = "exec(eval(sys.stdin.readline()))"


def kind_of(command_line: str, name: str) -> str:
    """The kind a process is counted under, from its command line (``\\0``-separated
    arguments joined by spaces; empty for a kernel thread) and its name.

    >>> kind_of("/usr/lib/chromium/chromium --type=renderer --lang=en", "chromium")
    'chromium:renderer'
    >>> kind_of("/usr/lib/chromium/chromium --headless --no-sandbox", "chromium")
    'chromium:browser'
    >>> kind_of("python -m ipykernel_launcher -f k.json", "python")
    'jupyter kernel'
    >>> kind_of("", "kdamond.0")
    '[kdamond.0]'
    >>> kind_of("/usr/bin/python3 -u /tmp/ladder.py --seed 3", "python3")
    'other: python3 ladder.py'
    """
    if not command_line:
        return f"[{name}]"
    program, *arguments = command_line.split(" ")
    program_name = Path(program).name
    if "chrom" in program:
        found = _CHROMIUM_TYPE.search(command_line)
        return "chromium:" + (found.group(1) if found else "browser")
    if "ipykernel" in command_line:
        return "jupyter kernel"
    if "voila" in command_line:
        return "voila"
    if "jupyter" in command_line or "notebook" in command_line:
        return "jupyter server"
    if "playwright" in command_line or program.endswith("node"):
        return "playwright driver (node)"
    if any(word in command_line for word in ("pytest", "xdist", "execnet", _EXECNET_WORKER)):
        return "pytest"
    if program_name.startswith("python"):  # python SCRIPT or python -m MODULE
        words = iter(arguments)
        for word in words:
            if word == "-m":
                return f"other: {program_name} -m {next(words, '')}"
            if word == "-c":
                return f"other: {program_name} -c"
            if not word.startswith("-"):
                return f"other: {program_name} {Path(word).name}"
    return f"other: {program_name}"


def busy_seconds() -> float:
    """The machine's busy CPU seconds since boot (all but idle and iowait, all cores)."""
    fields = [int(v) for v in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / TICKS


def processes() -> dict[int, Seen]:
    """Every process now: pid -> (name, command line, CPU seconds so far)."""
    found: dict[int, Seen] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # it ended in between
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry.name)] = (
            name,
            command.strip(),
            (int(fields[11]) + int(fields[12])) / TICKS,
        )
    return found


def remember(last: dict[int, Seen], now: dict[int, Seen]) -> None:
    """Keep each process's latest CPU seconds in ``last``, and the command line it had while
    it ran: an ended process not yet reaped (a zombie) shows an empty one."""
    for pid, (name, command_line, cpu) in now.items():
        before = last.get(pid)
        if not command_line and before is not None and before[0] == name:
            command_line = before[1]
        last[pid] = (name, command_line, cpu)


def measure(command: Sequence[str], interval: float = 1.0) -> dict[str, object]:
    """Run ``command``, reading ``/proc`` every ``interval`` seconds; the figures."""
    start_load = os.getloadavg()
    uptime = float((PROC / "uptime").read_text().split()[0])
    before = processes()
    busy_start = busy_seconds()
    started = time.monotonic()
    last: dict[int, Seen] = {}
    with subprocess.Popen(command) as child:
        while child.poll() is None:
            remember(last, processes())
            time.sleep(interval)
        status = child.returncode
    wall = time.monotonic() - started
    busy = busy_seconds() - busy_start
    remember(last, processes())
    by_kind: dict[str, float] = {}
    for pid, (name, command_line, cpu) in last.items():
        already = before.get(pid)
        used = cpu - already[2] if already is not None and already[0] == name else cpu
        if used > 0:
            kind = kind_of(command_line, name)
            by_kind[kind] = by_kind.get(kind, 0.0) + used
    cores = os.cpu_count() or 1
    return {
        "command": " ".join(command).replace("\n", "\\n"),
        "exit_status": status,
        "wall_s": round(wall, 1),
        "cores": cores,
        "busy_cpu_s": round(busy, 1),
        "busy_share": round(busy / (wall * cores), 3) if wall else None,
        "uptime_at_start_min": round(uptime / 60),
        "load_at_start": [round(v, 2) for v in start_load],
        "load_at_end": [round(v, 2) for v in os.getloadavg()],
        "cpu_s_by_kind": {
            kind: round(s, 1)
            for kind, s in sorted(by_kind.items(), key=lambda item: -item[1])
            if s >= 0.5
        },
    }


def report(figures: dict[str, object]) -> str:
    """The figures as a short table (the JSON object follows it)."""
    lines = [
        f"{figures['command']}: exit {figures['exit_status']}, {figures['wall_s']} s wall, "
        f"{figures['busy_cpu_s']} CPU-s busy on {figures['cores']} cores "
        f"({figures['busy_share']:.0%} of them), the machine up "
        f"{figures['uptime_at_start_min']} min at the start, load {figures['load_at_start']} "
        f"-> {figures['load_at_end']}",
        "CPU seconds by kind of process:",
    ]
    kinds = figures["cpu_s_by_kind"]
    assert isinstance(kinds, dict)
    lines += [f"{seconds:9.1f}  {kind}" for kind, seconds in kinds.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between readings")
    parser.add_argument("command", nargs="*", help="the command to run (after --)")
    args = parser.parse_args(argv)
    if not (PROC / "stat").exists():
        parser.error("this benchmark reads /proc: it runs on Linux only")
    figures = measure(args.command or README_COMMAND, args.interval)
    print(report(figures))
    print(json.dumps(figures))
    status = figures["exit_status"]
    return status if isinstance(status, int) else 1


if __name__ == "__main__":
    sys.exit(main())

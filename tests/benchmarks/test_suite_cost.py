"""``benchmarks/suite_cost.py``: the CPU a command's processes used is found and counted by
kind; the machine's busy time covers it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks.suite_cost import kind_of, measure, remember, report

BUSY_LOOP = "import time\nend = time.process_time() + 1.5\nwhile time.process_time() < end: pass"


@pytest.mark.skipif(not Path("/proc/stat").exists(), reason="reads /proc (Linux)")
def test_a_busy_child_is_counted_under_its_kind() -> None:
    figures = measure([sys.executable, "-c", BUSY_LOOP], interval=0.1)
    assert figures["exit_status"] == 0
    kinds = figures["cpu_s_by_kind"]
    assert isinstance(kinds, dict)
    child = kinds[f"other: {Path(sys.executable).name} -c"]
    assert 1.2 <= child <= 2.0, kinds  # its 1.5 s, less what it used after the last reading
    busy = figures["busy_cpu_s"]
    assert isinstance(busy, float) and busy >= child
    assert "exit 0" in report(figures).splitlines()[0]


def test_kinds_name_the_test_suites_processes() -> None:
    assert kind_of("/usr/lib/chromium/chromium --type=gpu-process --x", "chromium") == (
        "chromium:gpu-process"
    )
    assert kind_of("python -m voila tour.ipynb --no-browser", "python") == "voila"
    assert kind_of("python -m jupyterlab --port=1", "python") == "jupyter server"
    assert kind_of("python -c from xdist import x", "python") == "pytest"
    assert kind_of("node /x/playwright/driver/cli.js run-driver", "node") == (
        "playwright driver (node)"
    )
    assert kind_of("python -m pytest -q", "python") == "pytest"
    worker = "python -c import sys;exec(eval(sys.stdin.readline()))"  # an xdist worker
    assert kind_of(worker, "python") == "pytest"
    assert kind_of("python3", "python3") == "other: python3"


def test_a_process_that_ended_keeps_the_command_line_it_ran_with() -> None:
    last = {7: ("chromium", "/usr/lib/chromium/chromium --type=renderer", 1.0)}
    remember(last, {7: ("chromium", "", 3.5), 8: ("kdamond.0", "", 0.2)})
    assert last == {
        7: ("chromium", "/usr/lib/chromium/chromium --type=renderer", 3.5),
        8: ("kdamond.0", "", 0.2),
    }

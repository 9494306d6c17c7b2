"""``voila_app``: Ctrl+C stops Voila's event loop instead of raising inside a running task.

Each case runs in a child process, so that an interrupt that goes wrong cannot stop the test
run. The real command with Voila and a browser is tested in
``tests/browser/test_serve_browser.py``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

#: A task interrupted in the middle of its work, as a kernel's shutdown was when a closed page's
#: beacon and Ctrl+C came together.
INTERRUPTED_TASK = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from shangrila_widget.voila_app import stop_running_loop

    # (A child started in the background may inherit SIGINT ignored: set it either way.)
    if sys.argv[1] == "graceful":
        signal.signal(signal.SIGINT, stop_running_loop)
    else:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    async def shutting_down():
        os.kill(os.getpid(), signal.SIGINT)  # lands while this task runs
        total = sum(range(100_000))
        await asyncio.sleep(0)
        return total

    loop = asyncio.new_event_loop()
    task = loop.create_task(shutting_down())
    try:
        loop.run_forever()
    except KeyboardInterrupt:
        print("loop interrupted")
    if task.done() and task.exception() is not None:
        print("task keeps the interrupt:", isinstance(task.exception(), KeyboardInterrupt))
    else:
        print("task:", loop.run_until_complete(task))
    try:
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(100_000))
    except KeyboardInterrupt:
        print("second interrupt raises")
    """
)


def run(mode: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_TASK, mode],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.splitlines()


def test_the_first_interrupt_stops_the_loop_and_the_task_finishes() -> None:
    assert run("graceful") == [f"task: {sum(range(100_000))}", "second interrupt raises"]


def test_without_it_the_interrupted_task_keeps_the_interrupt() -> None:
    """What Voila 0.5 does by itself: the reason for ``voila_app`` (and what this test sees)."""
    assert run("default") == [
        "loop interrupted",
        "task keeps the interrupt: True",
        "second interrupt raises",
    ]


def test_an_interrupt_before_the_loop_runs_interrupts_as_python_would() -> None:
    code = textwrap.dedent(
        """
        import os, signal
        from shangrila_widget.voila_app import stop_running_loop
        signal.signal(signal.SIGINT, stop_running_loop)
        try:
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(100_000))
        except KeyboardInterrupt:
            print("interrupted")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.split() == ["interrupted"]

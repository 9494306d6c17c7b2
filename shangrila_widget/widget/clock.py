"""When the widgets' later work runs: :class:`Clock` schedules a callback on the running
asyncio loop (the kernel's in JupyterLab and Voila, the browser's under Pyodide), or runs it
at once from a queue where there is none (a plain script, the tests).

>>> clock, seen = Clock(use_loop=False), []
>>> clock.later(0.5, lambda: seen.append("ran"))
>>> seen
['ran']
"""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import Callable


class Clock:
    """Runs callbacks later: on the kernel's running asyncio loop (or Pyodide's), else at
    once, one after another from a queue (never nested, so a whole game cannot overflow the
    stack).

    ``use_loop``: None (default) schedules on a running loop only inside a Jupyter kernel or
    under Pyodide (a loop some other library runs, such as Playwright's, never runs our
    callbacks); True on any running loop (tests); False never.
    """

    def __init__(self, use_loop: bool | None = None) -> None:
        self.use_loop = use_loop
        self._queue: deque[Callable[[], None]] = deque()
        self._draining = False

    def loop(self) -> asyncio.AbstractEventLoop | None:
        """The loop to schedule on, or None to run at once."""
        if self.use_loop is False:
            return None
        if sys.platform == "emscripten":  # pragma: no cover - Pyodide only
            # comm handlers are called from JavaScript, outside any coroutine
            loop = asyncio.get_event_loop()
            return loop if loop.is_running() else None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop if self.use_loop or _in_kernel() else None

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``delay`` seconds on the loop, else now (after the
        callbacks queued before it)."""
        loop = self.loop()
        if loop is not None:
            loop.call_later(delay, callback)
            return
        self._queue.append(callback)
        if self._draining:
            return
        self._draining = True
        try:
            while self._queue:
                self._queue.popleft()()
        finally:
            self._draining = False


def _in_kernel() -> bool:
    """True inside a Jupyter kernel (JupyterLab, Voila, nbclient)."""
    shell_module = sys.modules.get("IPython")
    if shell_module is None:
        return False
    shell = shell_module.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


__all__ = ["Clock"]

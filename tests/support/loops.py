"""Running a coroutine in a test, whatever loop the test process already runs."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_loop(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(scenario())`` in a thread of its own: the test process may already run
    a loop in this thread (Playwright's sync API does, after the browser tests on the same
    worker), and ``asyncio.run`` refuses to start inside a running loop."""
    results: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            results.append(asyncio.run(scenario()))
        except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return results[0]

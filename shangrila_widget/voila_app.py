"""Voila as the package runs it: Ctrl+C stops it the way SIGTERM does.

Run as ``python -m shangrila_widget.voila_app`` with Voila's own arguments
(:func:`shangrila_widget.serve.voila_command` builds them).

Voila 0.5 lets SIGINT raise ``KeyboardInterrupt`` wherever its main thread happens to be.
When that is inside a kernel's shutdown (a page was closed a moment before), asyncio keeps the
interrupt as that shutdown's outcome, and Voila's own stop, which waits for every shutdown,
raises it again: a traceback and exit status 254 instead of a clean stop. On SIGTERM Voila
instead asks its event loop to stop and then shuts its kernels down. Here the first SIGINT
does the same (and logs ``Stopping...`` as Voila does); a second one interrupts as before.

>>> issubclass(GracefulVoila, Voila)
True
"""

from __future__ import annotations

import asyncio
import signal
from types import FrameType
from typing import Any

from voila.app import Voila


def stop_running_loop(signum: int, frame: FrameType | None) -> None:
    """Ask the event loop running in this thread to stop after its current step.

    Outside a running loop (Voila still starting up) it interrupts as Python would. The next
    SIGINT interrupts as Python would too.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        raise KeyboardInterrupt from None
    loop.call_soon_threadsafe(loop.stop)


class GracefulVoila(Voila):  # type: ignore[misc]  # Voila is untyped
    """Voila whose first Ctrl+C stops it as SIGTERM does (see the module docstring)."""

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        signal.signal(signal.SIGINT, self._stop_on_interrupt)

    def _stop_on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.log.info("Stopping...")
        stop_running_loop(signum, frame)


main = GracefulVoila.launch_instance

if __name__ == "__main__":  # pragma: no cover - run as a program by the serve command
    main()

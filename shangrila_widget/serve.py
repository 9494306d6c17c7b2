"""Start Voila on the packaged tour notebook: ``python -m shangrila_widget tour``.

The server listens on 127.0.0.1 only. Voila is an optional dependency (``pip install
shangrila_widget[tour]``); without it the command says how to get it.

Each page load runs the notebook in a new kernel, which Voila's page asks the server to shut
down when it is closed or reloaded (a ``sendBeacon`` POST). Voila 0.5's page sends that POST
without an XSRF token (it never gets the ``_xsrf`` cookie), so the server refuses it (403) and
every closed page would leave its kernel running until the server stops
(voila-dashboards/voila#1458). The command therefore turns the XSRF check off: the server only
listens on 127.0.0.1, has no password, and its only routes that act (POST/DELETE) shut a kernel
down given the kernel's random id, which another site's page cannot learn; the kernel
websockets keep their same-origin check, which does not depend on XSRF.

Ctrl+C (or SIGTERM to this process) stops Voila the way it expects, so it shuts its kernels
down, and the temporary copy of the notebook is removed.
"""

from __future__ import annotations

import importlib.util
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

from shangrila_widget.runtime import browser_message, in_browser, require_cpython

NOTEBOOKS = ("tour.ipynb", "hot-seat.ipynb", "dispute-checker.ipynb")

#: Seconds to let Voila stop on its own after Ctrl+C before it is sent SIGTERM.
INTERRUPT_GRACE = 5.0


def notebook_source(name: str = "tour.ipynb") -> Traversable:
    """Where the example notebook ``name`` is: in an installed wheel, the package data
    ``shangrila_widget/data/notebooks/`` (the build copies ``examples/*.ipynb`` there); in a
    source checkout (an editable install, or the tests), ``examples/`` next to the package.
    """
    if name not in NOTEBOOKS:
        raise ValueError(f"unknown notebook {name!r}: expected one of {', '.join(NOTEBOOKS)}")
    packaged = (
        resources.files("shangrila_widget").joinpath("data").joinpath("notebooks").joinpath(name)
    )
    if packaged.is_file():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "examples" / name
    if checkout.is_file():
        return checkout
    raise FileNotFoundError(
        f"the notebook {name} is neither packaged (shangrila_widget/data/notebooks/) nor in a "
        "source checkout (examples/): reinstall shangrila_widget"
    )


def notebook_path(name: str = "tour.ipynb", folder: Path | None = None) -> Path:
    """Copy an example notebook (see :func:`notebook_source`) into ``folder`` (a new
    temporary one by default)."""
    source = notebook_source(name)
    target_folder = folder or Path(tempfile.mkdtemp(prefix="shangrila-"))
    target = target_folder / name
    with resources.as_file(source) as path:
        shutil.copyfile(path, target)
    return target


def voila_command(notebook: Path, port: int, open_browser: bool) -> list[str]:
    """The Voila command line for ``notebook`` on 127.0.0.1:``port``."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        # Let the page's kernel-shutdown beacon through (see the module docstring).
        "--Voila.tornado_settings=disable_check_xsrf=True",
    ]
    if not open_browser:
        command.append("--no-browser")
    return command


def serve_tour(port: int = 8866, open_browser: bool = True, name: str = "tour.ipynb") -> int:
    """Run Voila on the tour until interrupted; returns its exit status.

    In a browser (JupyterLite) it prints why it cannot and returns 2.
    """
    if in_browser():
        print(browser_message("Starting the tour in Voila"), file=sys.stderr)
        return 2
    if importlib.util.find_spec("voila") is None:
        print(
            "The tour runs in Voila, which is not installed: pip install 'shangrila_widget[tour]'",
            file=sys.stderr,
        )
        return 2
    notebook = notebook_path(name)
    print(f"Serving {name} at http://127.0.0.1:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        return run_until_stopped(voila_command(notebook, port, open_browser), notebook.parent)
    finally:
        shutil.rmtree(notebook.parent, ignore_errors=True)


def run_until_stopped(command: list[str], cwd: Path, *, grace: float = INTERRUPT_GRACE) -> int:
    """Run ``command`` (Voila) until it exits; return its exit status.

    Ctrl+C in a terminal reaches the child too (same process group) and Voila then shuts its
    kernels down by itself: wait for that (``subprocess.call`` would kill it 0.25 s after the
    interrupt, in the middle of the shutdown). If it is still running ``grace`` seconds after
    the interrupt (the SIGINT went to this process alone), or if this process gets SIGTERM,
    Voila gets SIGTERM, on which it stops the same way. A second interrupt kills it.
    In a browser (JupyterLite) it raises :class:`~shangrila_widget.runtime.NotInBrowserError`.
    """
    require_cpython("Running Voila")
    process = subprocess.Popen(command, cwd=cwd)
    sent_term = False

    def stop(signum: int = signal.SIGTERM, frame: object = None) -> None:
        nonlocal sent_term
        if process.poll() is None:
            sent_term = True
            process.send_signal(signal.SIGTERM)

    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, stop) if in_main_thread else None
    interrupted_at: float | None = None
    try:
        while True:
            try:
                if interrupted_at is None:
                    status = process.wait()
                else:
                    left = max(0.0, interrupted_at + grace - time.monotonic())
                    status = process.wait(timeout=left)
                break
            except subprocess.TimeoutExpired:
                stop()
                interrupted_at = None  # now wait for it as long as it takes
            except KeyboardInterrupt:
                if interrupted_at is None:
                    interrupted_at = time.monotonic()
                else:
                    process.kill()
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
    # A SIGTERM that lands while Voila's interpreter is already exiting (Python has put the
    # default handler back) ends it with -SIGTERM: still the stop that was asked for.
    if sent_term and status == -signal.SIGTERM:
        return 0
    return status

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

A page whose beacon never arrives (a crashed browser, a laptop put to sleep) leaves a kernel
with no connection: the server culls such a kernel after :data:`CULL_IDLE_SECONDS` idle (a
kernel with an open page is never culled).

``python -m shangrila_widget serve NOTEBOOK...`` (:func:`serve_notebooks`) serves any
notebooks the same way.

The command picks the port itself (the first free one from the one asked, as Voila would)
and gives it to Voila with no retries, so the address it prints is the one Voila listens on.
Voila's page uses this package's template ``shangrila`` (``data/voila/templates/``, found
through ``JUPYTER_PATH``): Voila's "lab" template with FontAwesome served by this server
instead of a CDN, so the page asks no other host for anything.

Ctrl+C (or SIGTERM to this process) stops Voila the way it expects, so it shuts its kernels
down, and the temporary copy of the notebook is removed. Voila runs as
``python -m shangrila_widget.voila_app``, which makes its first Ctrl+C stop it as SIGTERM
does: Voila's own interrupt could land inside a closed page's kernel shutdown and end the
server with a traceback (exit status 254).
"""

from __future__ import annotations

import errno
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from shangrila_widget.rules.messages import Language, Message, problem

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.runtime import browser_message, in_browser, require_cpython

NOTEBOOKS = (
    "tour.ipynb",
    "hot-seat.ipynb",
    "dispute-checker.ipynb",
    "exercises.ipynb",
    "path.ipynb",
)

#: Seconds to let Voila stop on its own after Ctrl+C before it is sent SIGTERM. A SIGTERM in
#: the middle of its own shutdown aborts it (a traceback, exit status 254): on a loaded machine
#: stopping its kernels took more than 5 s, so the grace is generous.
INTERRUPT_GRACE = 20.0

#: The default port, and how many after it are tried when it is taken (Voila's own default).
DEFAULT_PORT = 8866
PORT_RETRIES = 50

#: A kernel with no page connected is shut down after this long idle (checked every minute).
CULL_IDLE_SECONDS = 600

#: The Voila template of this package (``data/voila/templates/shangrila``).
TEMPLATE = "shangrila"

LOCAL_HOST = "127.0.0.1"

#: Server options for the kernels it starts. A kernel's five ports are chosen free just before
#: it starts, yet another program can take one in between: that kernel dies and is restarted.
#: jupyter_client keeps a tcp kernel's ports (``KernelManager.cache_ports``) and would restart
#: it on the same taken port five times and give up; this makes each restart take new ports.
KERNEL_OPTIONS = ("--KernelManager.cache_ports=False",)


class ServeError(ShangrilaError):
    """The notebooks cannot be served as asked; the message says why."""


class NotebookMissingError(FileNotFoundError):
    """A packaged notebook is neither installed nor in a source checkout (a broken install,
    a problem of the machine); ``str(error)`` is the English text, :meth:`text` says it in
    another language.

    >>> NotebookMissingError("tour.ipynb").text("pl").split(" (")[0]
    'notatnika tour.ipynb nie ma ani w pakiecie'
    """

    def __init__(self, name: str) -> None:
        self.notebook = name
        self.words = problem("tour_notebook_missing", name=name)
        super().__init__(self.words.text("en"))

    def text(self, lang: Language = "en") -> str:
        """What is missing, in ``lang``."""
        return self.words.text(lang)

    def __reduce__(self) -> tuple[type[NotebookMissingError], tuple[str]]:
        return type(self), (self.notebook,)


def jupyter_data_dir() -> Path:
    """The package's Jupyter data folder (``voila/templates/shangrila``), for ``JUPYTER_PATH``."""
    return Path(__file__).resolve().parent / "data"


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voila: ``base`` (default this process's) with the package's data
    folder first on ``JUPYTER_PATH``, where Voila finds the ``shangrila`` template."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(
        filter(None, [str(jupyter_data_dir()), env.get("JUPYTER_PATH")])
    )
    return env


def port_is_free(port: int, host: str = LOCAL_HOST) -> bool:
    """Whether a server could listen on ``host:port`` now (as Tornado binds: address reuse on,
    so only a port someone listens on counts as taken)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as error:
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def choose_port(wanted: int = DEFAULT_PORT, retries: int = PORT_RETRIES) -> int:
    """The first free port of ``wanted`` .. ``wanted + retries`` on 127.0.0.1."""
    for port in range(wanted, min(wanted + retries, 65535) + 1):
        if port_is_free(port):
            return port
    raise ServeError(
        problem(
            "serve_ports_taken", first=wanted, last=min(wanted + retries, 65535), host=LOCAL_HOST
        )
    )


def notebook_source(name: str = "tour.ipynb") -> Traversable:
    """Where the example notebook ``name`` is: in an installed wheel, the package data
    ``shangrila_widget/data/notebooks/`` (the build copies ``examples/*.ipynb`` there); in a
    source checkout (an editable install, or the tests), ``examples/`` next to the package.
    """
    if name not in NOTEBOOKS:
        raise ServeError(
            problem("serve_unknown_notebook", value=repr(name), known=", ".join(NOTEBOOKS))
        )
    packaged = (
        resources.files("shangrila_widget").joinpath("data").joinpath("notebooks").joinpath(name)
    )
    if packaged.is_file():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "examples" / name
    if checkout.is_file():
        return checkout
    raise NotebookMissingError(name)


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
    """The Voila command line for ``notebook`` (a notebook, or a folder to list) on
    127.0.0.1:``port``; run it with :func:`voila_env`."""
    command = [
        sys.executable,
        "-m",
        "shangrila_widget.voila_app",  # Voila, stopped cleanly by Ctrl+C
        str(notebook),
        f"--port={port}",
        f"--Voila.ip={LOCAL_HOST}",
        # The port was chosen free (choose_port): a port lost since is an error, not a move
        # to another port than the one printed.
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
        f"--template={TEMPLATE}",
        # Let the page's kernel-shutdown beacon through (see the module docstring).
        "--Voila.tornado_settings=disable_check_xsrf=True",
        # A kernel whose page vanished without the beacon: shut down once idle that long.
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        *KERNEL_OPTIONS,
    ]
    if not open_browser:
        command.append("--no-browser")
    return command


def _cannot_run_voila(what: Message, lang: Language = "en") -> bool:
    """Say why Voila cannot run here (in a browser, or not installed), if so, in ``lang``."""
    if in_browser():
        print(browser_message(what).text(lang), file=sys.stderr)
        return True
    if importlib.util.find_spec("voila") is None:
        print(problem("tour_no_voila").text(lang), file=sys.stderr)
        return True
    return False


def _announce(port: int, wanted: int) -> str:
    url = f"http://{LOCAL_HOST}:{port}/"
    if port != wanted:
        print(f"Port {wanted} is taken (another server runs there); using {port}.", flush=True)
    return url


def serve_tour(
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    name: str = "tour.ipynb",
    lang: Language = "en",
) -> int:
    """Run Voila on the tour until interrupted; returns its exit status.

    ``port`` is the first port tried (see :func:`choose_port`); the address printed is the one
    Voila listens on. In a browser (JupyterLite), or with no Voila, it prints why it cannot
    (in ``lang``) and returns 2.
    """
    if _cannot_run_voila(problem("tour_what_start"), lang):
        return 2
    chosen = choose_port(port)
    notebook = notebook_path(name)
    try:
        url = _announce(chosen, port)
        print(f"Serving {name} at {url} (Ctrl+C to stop)", flush=True)
        command = voila_command(notebook, chosen, open_browser)
        return run_until_stopped(command, notebook.parent)
    finally:
        shutil.rmtree(notebook.parent, ignore_errors=True)


def _served_paths(notebooks: list[str]) -> tuple[Path, list[Path], Path | None]:
    """What Voila serves for ``notebooks`` (paths, or the names of the packaged examples):
    (the notebook, or the folder holding them all, the notebooks, a temporary folder to
    remove afterwards)."""
    if not notebooks:
        raise ServeError(problem("serve_no_notebook"))
    files = [Path(n) for n in notebooks]
    missing = [f for f in files if not f.is_file()]
    temp: Path | None = None
    if missing and all(not f.exists() and f.name == str(f) and f.name in NOTEBOOKS for f in files):
        temp = Path(tempfile.mkdtemp(prefix="shangrila-"))
        files = [notebook_path(f.name, temp) for f in files]
    elif missing:
        known = ", ".join(NOTEBOOKS)
        raise ServeError(problem("serve_missing_notebook", path=str(missing[0]), known=known))
    bad = [f for f in files if f.suffix != ".ipynb"]
    if bad:
        raise ServeError(problem("serve_not_notebook", path=str(bad[0])))
    files = [f.resolve() for f in files]
    if len(set(files)) == 1:
        return files[0], files[:1], temp
    root = Path(os.path.commonpath([f.parent for f in files]))
    return root, sorted(set(files)), temp


def serve_notebooks(
    notebooks: list[str],
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    lang: Language = "en",
) -> int:
    """Run Voila on ``notebooks`` until interrupted, with the kernel handling of ``tour``
    (see the module docstring); returns its exit status.

    One notebook is served at the server's root; several are listed at the root (Voila's
    tree of the folder that holds them) and each has its own address, which is printed. The
    names of the packaged examples (``hot-seat.ipynb``, ...) serve copies of them when no
    such file is here. In a browser (JupyterLite), or with no Voila, it prints why it cannot
    (in ``lang``) and returns 2.
    """
    if _cannot_run_voila(problem("tour_what_serve"), lang):
        return 2
    target, files, temp = _served_paths(notebooks)
    try:
        chosen = choose_port(port)
        url = _announce(chosen, port)
        if target.is_file():
            print(f"Serving {target.name} at {url} (Ctrl+C to stop)", flush=True)
        else:
            print(f"Serving {len(files)} notebooks of {target} (Ctrl+C to stop):", flush=True)
            for file in files:
                page = "/".join(quote(part) for part in file.relative_to(target).parts)
                print(f"  {url}voila/render/{page}", flush=True)
        command = voila_command(target, chosen, open_browser)
        return run_until_stopped(command, target if target.is_dir() else target.parent)
    finally:
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)


def run_until_stopped(command: list[str], cwd: Path, *, grace: float = INTERRUPT_GRACE) -> int:
    """Run ``command`` (Voila) until it exits; return its exit status.

    Ctrl+C in a terminal reaches the child too (same process group) and Voila then shuts its
    kernels down by itself: wait for that (``subprocess.call`` would kill it 0.25 s after the
    interrupt, in the middle of the shutdown). If it is still running ``grace`` seconds after
    the interrupt (the SIGINT went to this process alone), or if this process gets SIGTERM,
    Voila gets SIGTERM, on which it stops the same way. A second interrupt kills it.
    In a browser (JupyterLite) it raises :class:`~shangrila_widget.runtime.NotInBrowserError`.
    """
    require_cpython(problem("tour_what_voila"))
    process = subprocess.Popen(command, cwd=cwd, env=voila_env())
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

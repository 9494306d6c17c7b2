"""Support code for the real-browser tests: a Voila server runner and canvas pixel helpers.

Kept in a plain module (not only in ``conftest.py``) so that tests can import the helpers::

    from tests.support.browser import canvas_pixel, click_canvas, wait_for_canvas_color

``tests`` is a package and pytest puts the repository root on ``sys.path`` (``rootdir`` of a
package tree), so the import works from ``pytest`` and ``python -m pytest`` alike.

What an ipycanvas canvas looks like in the page (measured: Voila 0.5.13, ipywidgets 8.1.9,
ipycanvas 0.14.3, Chromium 156)
----------------------------------------------------------------------------------------------
* Each *view* of a ``Canvas`` is exactly one ``<canvas>`` element, no wrapper and no
  ipycanvas-specific class::

      <div class="lm-Widget lm-Panel jp-OutputArea-output">
        <canvas class="lm-Widget" width="200" height="100" tabindex="0"
                style="height: 100px; width: 200px;"></canvas>
      </div>

  The ``style`` attribute is only there when the widget has an explicit ``layout`` size. Inside
  a ``VBox``/``HBox`` the parent is the box's ``div.widget-box`` instead of the output area.
* The drawing itself happens on a *detached* ``<canvas>`` owned by the JS model
  (``document.createElement("canvas")``, never inserted into the DOM). After every batch of
  commands the model fires ``new-frame`` and each view copies it with ``drawImage``. So the
  visible element holds the picture and ``getContext('2d').getImageData`` on it returns what
  the user sees. ``getContext('2d')`` returns the context ipycanvas already created, so the
  ``willReadFrequently`` console warning on repeated reads cannot be avoided (it is harmless).
* ``MultiCanvas`` is *not* several stacked DOM canvases in 0.14: its model composites the
  layers' detached canvases into its own detached canvas, and its view is again one
  ``<canvas>``. Read pixels of the composite only; single layers are not in the DOM.
* ``ipycanvas.offscreen_canvas`` views call ``transferControlToOffscreen()``; on those elements
  ``getContext`` throws ``InvalidStateError`` (the board does not use them).
* Without an explicit CSS size Voila stretches the element to the page width, keeping the
  aspect ratio (a 200x100 canvas showed as 970x485 CSS px in a 1000 px wide viewport). The
  backing store keeps its ``width``/``height``. ipycanvas maps mouse positions back into
  backing-store units (``el.width * (clientX - rect.left) / rect.width``), so Python handlers
  get canvas coordinates; tests must click at *page* coordinates, which is what
  :func:`canvas_point_to_page` and :func:`click_canvas` compute.
* Voila's page has no other ``<canvas>`` elements, so the selector ``"canvas"`` (first
  canvas) or ``"canvas >> nth=N"`` is enough.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

from shangrila_widget.serve import KERNEL_OPTIONS
from tests.support import costs
from tests.support.paths import REPO_ROOT

if TYPE_CHECKING:  # Playwright may be missing; conftest.py skips the tests in that case.
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        CDPSession,
        ElementHandle,
        Page,
        Request,
    )

__all__ = [
    "HERMETIC_ARGS",
    "HERMETIC_PROBE",
    "NON_LOCAL_URL",
    "UNREACHABLE_PROXY",
    "RGBA",
    "REPO_ROOT",
    "VoilaServer",
    "VoilaStartError",
    "canvas_color_fraction",
    "canvas_digest",
    "canvas_pixel",
    "canvas_point_to_page",
    "click_canvas",
    "color_close",
    "free_port",
    "measure_input_to_pixel",
    "start_voila",
    "swipe",
    "stop_servers",
    "wait_for_canvas_change",
    "wait_for_canvas_color",
    "wait_for_canvas_pixels",
    "wait_until_quiet",
    "write_notebook",
    "SCREENSHOTS",
    "evaluate_within",
    "picture_wanted",
    "save_picture",
]

RGBA = tuple[int, int, int, int]
"""A pixel as (red, green, blue, alpha), each 0-255."""

LOCAL_HOST = "127.0.0.1"

HERMETIC_PROBE = "shangrila-hermetic-probe"
"""Part of a non-local URL a test requests on purpose to check that it is refused: the
``browser_diagnostics`` fixture does not fail the test for it."""

#: The proxy the tests' Chromium sends every non-local request to (``--proxy-server``): its
#: name resolves nowhere (``--host-resolver-rules``), so such a request fails in the browser.
UNREACHABLE_PROXY = "unreachable-proxy.invalid:9"

#: Chromium's switches that make it hermetic (part of ``CHROMIUM_ARGS`` in
#: tests/browser/conftest.py): nothing but localhost resolves, and every request to another
#: host, a bare IP address too, goes through a proxy whose name resolves nowhere (loopback
#: addresses bypass proxies), so it fails inside the browser: pages, workers, service workers
#: and browser-internal fetches alike. :func:`hermetic_context` records the failures from
#: ``requestfailed`` events; no request is routed through Playwright, which would pause every
#: request of a page for a round trip to its driver (0.3-0.5 s of CPU a page load).
HERMETIC_ARGS = (
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    f"--proxy-server=http://{UNREACHABLE_PROXY}",
)

# http(s)/ws(s) URLs whose host is not local: the ones a test context records as blocked.
NON_LOCAL_URL = re.compile(
    r"^(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:[/?#]|$))"
    r"(?:https?|wss?)://",
    re.IGNORECASE,
)


def hermetic_context(
    browser: Browser,
    blocked_urls: list[str],
    *,
    viewport: Mapping[str, int],
    service_workers: str = "block",
    timeout_ms: int = 30_000,
    has_touch: bool = False,
    is_mobile: bool = False,
    device_scale_factor: float = 1,
) -> BrowserContext:
    """A fresh browser context (no cookies, storage or cache from other tests) with a fixed
    viewport, device scale factor 1 (or ``device_scale_factor``; ``is_mobile``: a phone's
    browser, which honours the page's viewport meta tag), English locale, UTC and light
    colours, in which the URL of every request to another host is appended to
    ``blocked_urls`` when it fails (the browser fails them all: :data:`HERMETIC_ARGS`; the
    ``browser_diagnostics`` fixture fails the test at teardown when that list is not empty;
    a test that must answer some other host's URLs itself routes them on the context, and
    the browser never sends them)."""
    context = browser.new_context(
        viewport=viewport,  # type: ignore[arg-type]
        has_touch=has_touch,  # a touch screen (taps), as a whiteboard or a tablet has
        device_scale_factor=device_scale_factor,
        is_mobile=is_mobile,
        locale="en-US",
        timezone_id="UTC",
        color_scheme="light",
        service_workers=service_workers,  # type: ignore[arg-type]
    )
    context.set_default_timeout(timeout_ms)

    def record_non_local(request: Request) -> None:
        if NON_LOCAL_URL.search(request.url):
            blocked_urls.append(request.url)

    context.on("requestfailed", record_non_local)
    costs.note("context", f"{viewport['width']}x{viewport['height']}")
    if costs.enabled():
        context.on(
            "request",
            lambda r: costs.note("pyodide", r.url) if costs.PYODIDE_BOOT in r.url else None,
        )
    return context


# --------------------------------------------------------------------------------------------
# Voila server
# --------------------------------------------------------------------------------------------


class VoilaStartError(RuntimeError):
    """Voila exited or did not answer HTTP in time; the message ends with its log."""


def free_port(host: str = LOCAL_HOST) -> int:
    """Return a TCP port that was free a moment ago (the OS picks it; a race is possible)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


@dataclass
class VoilaServer:
    """A running ``python -m voila NOTEBOOK`` process bound to 127.0.0.1."""

    notebook: Path
    port: int
    url: str
    log_path: Path
    process: subprocess.Popen[bytes]
    startup_seconds: float
    _log_file: IO[bytes] | None = field(default=None, repr=False)
    _terminated: bool = field(default=False, repr=False)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def log_text(self) -> str:
        """The whole server log so far (kernels inherit the server's stderr, so it has theirs)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            return f"<cannot read {self.log_path}: {exc}>"

    def log_tail(self, max_chars: int = 20_000) -> str:
        text = self.log_text()
        return text if len(text) <= max_chars else "[...]\n" + text[-max_chars:]

    def terminate(self) -> None:
        """Ask the server to stop (SIGTERM) without waiting: :func:`stop_servers` asks every
        server first, so that they shut their kernels down side by side."""
        if self.process.poll() is None and not self._terminated:
            self.process.send_signal(signal.SIGTERM)
            self._terminated = True

    def stop(self, timeout: float = 10.0, *, kill_after: float | None = None) -> None:
        """SIGTERM (Voila then shuts its kernels down), SIGKILL the process group if it has
        not stopped after ``kill_after`` seconds (None: ``timeout``).

        Kernels run in their own sessions but watch their parent and exit when it dies.
        """
        try:
            if self.process.poll() is None:
                self.terminate()
                try:
                    self.process.wait(timeout=timeout if kill_after is None else kill_after)
                except subprocess.TimeoutExpired:
                    try:
                        os.killpg(self.process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    self.process.wait(timeout=timeout)
        finally:
            if self._log_file is not None and not self._log_file.closed:
                self._log_file.close()
            if costs.enabled():
                started = self.log_text().count("Kernel started")
                costs.note("kernels", f"{self.log_path.name}: {started}")


def stop_servers(
    servers: Sequence[VoilaServer], timeout: float = 10.0, *, patience: float | None = None
) -> None:
    """Stop every server in ``servers``: all are asked at once, then each is waited for (one
    after another, each server's own shut-down of its kernels takes a second or more).

    ``patience``: the seconds all of them together are waited for before the ones still
    running are killed with their process groups (the session's end: a JupyterLab server's
    orderly shut-down took 3-5 s there, the last seconds of the run; their kernels watch
    their server's process and exit when it is gone)."""
    for server in servers:
        server.terminate()
    deadline = None if patience is None else time.monotonic() + patience
    for server in servers:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        server.stop(timeout, kill_after=left)


def _http_answers(url: str, timeout: float = 2.0) -> bool:
    """True if something at ``url`` answers HTTP at all (an error status is an answer too)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False


def start_voila(
    notebook: Path,
    log_dir: Path,
    extra_args: Sequence[str] = (),
    *,
    timeout: float = 60.0,
    env: Mapping[str, str] | None = None,
    attempts: int = 3,
) -> VoilaServer:
    """Start Voila on ``notebook`` and wait until it serves HTTP on a free local port.

    ``--Voila.port_retries=0`` makes Voila exit if the port was taken in the meantime (instead
    of silently moving to another port); we then retry with a new port. Readiness needs both
    the "running at http://127.0.0.1:PORT/" log line (so it is *our* process answering) and an
    HTTP answer from a static URL, which, unlike ``/``, does not start a kernel.
    """
    notebook = notebook.resolve()

    def command(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={port}",
            f"--Voila.ip={LOCAL_HOST}",
            "--Voila.port_retries=0",
            "--show_tracebacks=True",
            *KERNEL_OPTIONS,
            *extra_args,
        ]

    return _start_server(
        "voila", notebook, command, "voila/static/", log_dir, timeout, env, attempts
    )


def jupyter_server_command(module: str, port: int, root_dir: Path) -> list[str]:
    """``python -m <module>`` (``jupyterlab``, ``notebook``) as a Jupyter server on
    127.0.0.1:``port`` serving ``root_dir``: no browser, no token or password, no XSRF check,
    no terminals; root allowed (CI containers run as root)."""
    return [
        sys.executable,
        "-m",
        module,
        "--no-browser",
        f"--ServerApp.ip={LOCAL_HOST}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root_dir}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        "--ServerApp.allow_root=True",
        "--ServerApp.terminals_enabled=False",
        *KERNEL_OPTIONS,
    ]


def start_jupyterlab(
    root_dir: Path,
    log_dir: Path,
    extra_args: Sequence[str] = (),
    *,
    timeout: float = 90.0,
    env: Mapping[str, str] | None = None,
    attempts: int = 3,
) -> VoilaServer:
    """Start JupyterLab 4 serving ``root_dir`` on a free 127.0.0.1 port, without auth.

    No token or password (the server only listens on 127.0.0.1 and lives as long as the test
    session), no XSRF check, no news or update checks (no requests to the internet), and the
    application object exposed as ``window.jupyterapp`` so that a test can run commands such
    as ``notebook:run-all-cells``. The page of a notebook is ``url + "lab/tree/" + name``.
    """
    root_dir = root_dir.resolve()

    def command(port: int) -> list[str]:
        return [
            *jupyter_server_command("jupyterlab", port, root_dir),
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.extension_manager=readonly",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.workspaces_dir={root_dir / '.workspaces'}",
            *extra_args,
        ]

    return _start_server(
        "jupyterlab", root_dir, command, "api/status", log_dir, timeout, env, attempts
    )


def start_notebook7(
    root_dir: Path,
    log_dir: Path,
    *,
    timeout: float = 90.0,
    env: Mapping[str, str] | None = None,
    attempts: int = 3,
) -> VoilaServer:
    """Start Notebook 7 serving ``root_dir`` on a free 127.0.0.1 port, without auth (as
    :func:`start_jupyterlab`); the page of a notebook is ``url + "notebooks/" + name``."""
    root_dir = root_dir.resolve()

    def command(port: int) -> list[str]:
        return [
            *jupyter_server_command("notebook", port, root_dir),
            "--JupyterNotebookApp.expose_app_in_browser=True",
        ]

    return _start_server(
        "notebook7", root_dir, command, "api/status", log_dir, timeout, env, attempts
    )


def _start_server(
    kind: str,
    target: Path,
    command: Callable[[int], list[str]],
    ready_path: str,
    log_dir: Path,
    timeout: float,
    env: Mapping[str, str] | None,
    attempts: int,
) -> VoilaServer:
    """Run ``command(port)`` (a Jupyter server on a free port, cwd the target's directory)
    and wait for its "running at" log line and an HTTP answer from ``url + ready_path``;
    retry with another port when the port was lost to a race."""
    log_dir.mkdir(parents=True, exist_ok=True)
    last_error: VoilaStartError | None = None
    for attempt in range(1, attempts + 1):
        port = free_port()
        url = f"http://{LOCAL_HOST}:{port}/"
        log_path = log_dir / f"{kind}-{target.stem}-{port}.log"
        cmd = command(port)
        log_file = log_path.open("wb")
        log_file.write(("$ " + " ".join(cmd) + "\n").encode())
        log_file.flush()
        started = time.perf_counter()
        process = subprocess.Popen(
            cmd,
            cwd=target if target.is_dir() else target.parent,
            env=dict(env) if env is not None else None,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: stop() can kill it without hitting us
        )
        server = VoilaServer(target, port, url, log_path, process, 0.0, log_file)
        deadline = started + timeout
        while time.perf_counter() < deadline:
            if process.poll() is not None:
                break
            if url in server.log_text() and _http_answers(url + ready_path):
                server.startup_seconds = time.perf_counter() - started
                costs.note("server", f"{kind} {target.name}", server.startup_seconds)
                return server
            time.sleep(0.1)
        exited = process.poll() is not None
        server.stop()
        reason = (
            f"exited with code {process.returncode}" if exited else f"no answer in {timeout:.0f} s"
        )
        last_error = VoilaStartError(
            f"{kind} on {target} (port {port}, attempt {attempt}/{attempts}) {reason}.\n"
            f"--- {log_path} ---\n{server.log_tail()}"
        )
        if not (exited and "in use" in server.log_text()):  # retry only a lost port race
            break
    assert last_error is not None
    raise last_error


# The slots of the calls ``evaluate_within`` has started on a page, by token: each holds
# whether its promise settled, and its value or error.
_SLOTS = "window.__shangrilaEvaluations"

# Started as ``"([token, arg]) => { const run = " + function + _START_JS``.
_START_JS = (
    f"; const slots = ({_SLOTS} ||= new Map()); const slot = {{settled: false}}; "
    "slots.set(token, slot); "
    "Promise.resolve().then(() => run(arg)).then("
    "(value) => { slot.value = value; slot.settled = true; }, "
    "(error) => { slot.error = String((error && error.stack) || error); slot.settled = true; }); }"
)
_SETTLED_JS = (
    f"(token) => {{ const slots = {_SLOTS}; "
    "if (!slots || !slots.has(token)) throw new Error('the page was reloaded meanwhile'); "
    "return slots.get(token).settled; }"
)
_TAKE_JS = (
    f"([token, settled]) => {{ const slots = {_SLOTS}; const slot = slots && slots.get(token); "
    "if (slots) slots.delete(token); "
    "if (!settled || !slot) return null; "
    "return 'error' in slot ? {error: slot.error} : {value: slot.value}; }"
)
_tokens = itertools.count()


def evaluate_within(
    page: Page, function: str, arg: object = None, *, seconds: float = 10.0
) -> object:
    """``page.evaluate(function, arg)``, but given up after ``seconds``: Playwright's
    ``Error`` ("not done within ... s"), as for an error the function raised.

    ``page.evaluate`` has no timeout of its own: a promise that never settles (a notebook's
    kernel shut down while its server is stopping, an in-browser kernel that does not
    answer) would hold the test run for ever, as it did at a worker's end (two runs of the
    suite stalled there).

    No promise is awaited over the DevTools protocol either: Chromium now and then reports
    one it awaits as collected ("Resulting promise was garbage collected") while the page
    still holds it, as it did once in CI on opening a notebook in JupyterLab. The call is
    started, its promise kept in a slot on ``window``, and the slot is polled with
    ``page.wait_for_function`` (whose promise Playwright holds by a handle)."""
    from playwright.sync_api import Error
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    token = f"{os.getpid()}-{next(_tokens)}"
    page.evaluate("([token, arg]) => { const run = " + function + _START_JS, [token, arg])
    settled = False
    try:
        page.wait_for_function(_SETTLED_JS, arg=token, polling=25, timeout=seconds * 1000)
        settled = True
    except PlaywrightTimeout:
        pass
    finally:
        outcome = page.evaluate(_TAKE_JS, [token, settled]) if not page.is_closed() else None
    if not settled or not isinstance(outcome, dict):
        raise Error(f"not done within {seconds:g} s")
    if "error" in outcome:
        raise Error(str(outcome["error"]))
    return outcome.get("value")


def lab_command(page: Page, command: str, args: object = None, *, seconds: float = 60.0) -> object:
    """Run JupyterLab's (or Notebook 7's) ``command`` with ``args`` in ``page`` and wait for
    it to finish, at most ``seconds`` (through :func:`evaluate_within`: the command's promise
    is not awaited over the DevTools protocol). ``"notebook:run-all-cells"`` ends when the
    notebook's cells have run."""
    return evaluate_within(
        page,
        "([command, args]) => window.jupyterapp.commands.execute(command, args || {})",
        [command, args],
        seconds=seconds,
    )


#: Whether the browser tests save every screenshot they take as they go: the run's
#: ``--screenshots`` option (tests/conftest.py sets it). Without it a test saves only the ones
#: it reads or that show a problem it found (and the failure hook saves the page of a failed
#: test): a PNG costs a tenth to a third of a second of the browser's time.
SCREENSHOTS = {"every": False}


def picture_wanted(always: bool = False) -> bool:
    """Whether a screenshot is to be saved: the run has ``--screenshots``, or ``always``."""
    return SCREENSHOTS["every"] or always


def save_picture(page: Page, path: Path, *, always: bool = False, full_page: bool = False) -> Path:
    """Save a screenshot of ``page`` to ``path`` if :func:`picture_wanted`; return ``path``
    either way."""
    if picture_wanted(always):
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path


def write_notebook(path: Path, *cell_sources: str, kernel: str = "python3") -> Path:
    """Write a notebook of code cells (``kernel`` kernelspec) to ``path`` and return ``path``.

    The first ``import nbformat`` of a process costs ~0.8 s (3-4 s more with rfc3987-syntax,
    which the tests do without: ``tests.support.imports``); it is paid once per session.
    """
    import nbformat  # lazily: conftest.py skips/fails cleanly when the stack is missing

    new_cell, new_notebook = nbformat.v4.new_code_cell, nbformat.v4.new_notebook
    notebook = new_notebook(cells=[new_cell(source) for source in cell_sources])  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {"name": kernel, "display_name": kernel, "language": "python"}
    nbformat.write(notebook, path)  # type: ignore[no-untyped-call]
    return path


# --------------------------------------------------------------------------------------------
# Canvas pixels
# --------------------------------------------------------------------------------------------

_PIXEL_JS = """([el, x, y]) => {
    if (!(el instanceof HTMLCanvasElement)) {
        throw new Error(`not a <canvas> but <${el.tagName.toLowerCase()}>`);
    }
    let ctx;
    try {
        ctx = el.getContext('2d');
    } catch (e) {
        throw new Error(`getContext('2d') failed (${e}); an OffscreenCanvas view?`);
    }
    if (ctx === null) throw new Error('canvas has a non-2d context');
    if (x < 0 || y < 0 || x >= el.width || y >= el.height) {
        throw new Error(`(${x}, ${y}) outside the ${el.width}x${el.height} canvas`);
    }
    return Array.from(ctx.getImageData(x, y, 1, 1).data);
}"""

_ANY_PIXELS_JS = """() => {
    const canvases = Array.from(document.querySelectorAll('canvas'));
    for (let i = 0; i < canvases.length; i++) {
        const c = canvases[i];
        if (!c.width || !c.height) continue;
        let data;
        try {
            data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        } catch (e) {
            continue;  // offscreen-transferred or non-2d canvas
        }
        for (let k = 3; k < data.length; k += 4) if (data[k] !== 0) return {index: i};
    }
    return null;  // falsy: keep polling (so the index is wrapped in a truthy object above)
}"""

_COLOR_JS = """([el, x, y, want, tol]) => {
    const d = el.getContext('2d').getImageData(x, y, 1, 1).data;
    for (let i = 0; i < 4; i++) if (Math.abs(d[i] - want[i]) > tol) return false;
    return true;
}"""

_RECT_JS = """(el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height, el.width, el.height];
}"""

# Scroll the nearest scrollable ancestor (or the document) so that the viewport point
# (px, py) becomes visible; false if it already was (nothing scrolled).
_SCROLL_POINT_JS = """([el, px, py]) => {
    const margin = 4;
    const off = (v, size) => (v < margin || v > size - margin ? v - size / 2 : 0);
    const dx = off(px, innerWidth), dy = off(py, innerHeight);
    if (!dx && !dy) return false;
    let node = el.parentElement;
    while (node) {
        const style = getComputedStyle(node);
        const scrolls = (v) => v === 'auto' || v === 'scroll';
        if ((dy && scrolls(style.overflowY) && node.scrollHeight > node.clientHeight) ||
            (dx && scrolls(style.overflowX) && node.scrollWidth > node.clientWidth)) break;
        node = node.parentElement;
    }
    const scroller = node || document.scrollingElement;
    scroller.scrollTop += dy;
    scroller.scrollLeft += dx;
    return true;
}"""

# Fraction of the pixels of the square (x - r .. x + r, y - r .. y + r) within tolerance.
_FRACTION_JS = """([el, x, y, r, want, tol]) => {
    const x0 = Math.max(0, x - r), y0 = Math.max(0, y - r);
    const w = Math.min(el.width, x + r + 1) - x0, h = Math.min(el.height, y + r + 1) - y0;
    if (w <= 0 || h <= 0) {
        throw new Error(`(${x}, ${y}) outside the ${el.width}x${el.height} canvas`);
    }
    const d = el.getContext('2d').getImageData(x0, y0, w, h).data;
    let hits = 0;
    for (let k = 0; k < d.length; k += 4) {
        let ok = true;
        for (let i = 0; i < 4; i++) if (Math.abs(d[k + i] - want[i]) > tol) { ok = false; break; }
        if (ok) hits++;
    }
    return hits / (w * h);
}"""

# A 32-bit FNV-1a hash of a region's RGBA bytes, plus how many pixels are not transparent.
_DIGEST_JS = """([el, x, y, w, h]) => {
    const d = el.getContext('2d').getImageData(x, y, w, h).data;
    let hash = 0x811c9dc5, opaque = 0;
    for (let k = 0; k < d.length; k++) {
        hash ^= d[k];
        hash = Math.imul(hash, 0x01000193) >>> 0;
        if ((k & 3) === 3 && d[k] !== 0) opaque++;
    }
    return [hash.toString(16).padStart(8, '0'), opaque];
}"""

# Arm a probe: the time of the next mousedown/keydown on the canvas (the event's own time
# stamp) and of the first animation frame after it in which pixel (x, y) matches ``want``.
_ARM_PROBE_JS = """([el, x, y, want, tol, timeoutMs]) => {
    const ctx = el.getContext('2d');
    const probe = {t0: null, t1: null, frames: 0, error: null};
    const stop = new AbortController();
    const onInput = (event) => {
        if (probe.t0 === null) probe.t0 = event.timeStamp;
        stop.abort();
    };
    el.addEventListener('mousedown', onInput, {capture: true, signal: stop.signal});
    el.addEventListener('keydown', onInput, {capture: true, signal: stop.signal});
    const armed = performance.now();
    const poll = () => {
        if (probe.t0 !== null) {
            probe.frames++;
            const d = ctx.getImageData(x, y, 1, 1).data;
            let ok = true;
            for (let i = 0; i < 4; i++) if (Math.abs(d[i] - want[i]) > tol) ok = false;
            if (ok) { probe.t1 = performance.now(); return; }
        }
        if (performance.now() - armed > timeoutMs) {
            probe.error = `pixel (${x}, ${y}) never matched; last frames ${probe.frames}`;
            stop.abort();
            return;
        }
        requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
    window.__shangrilaProbe = probe;
}"""

_PROBE_DONE_JS = """() => {
    const p = window.__shangrilaProbe;
    return p && (p.t1 !== null || p.error !== null) ? p : null;
}"""


def _canvas_handle(page: Page, selector: str, timeout: float) -> ElementHandle:
    return page.locator(selector).first.element_handle(timeout=timeout * 1000)


def canvas_pixel(page: Page, selector: str, x: int, y: int, *, timeout: float = 10.0) -> RGBA:
    """RGBA of the pixel at *backing-store* coordinates (x, y) of the canvas ``selector``.

    ``selector`` is any Playwright selector (``"canvas"``, ``"canvas >> nth=1"``, ...); the first
    match is used, waiting up to ``timeout`` seconds for it to exist. Coordinates are canvas
    units (the ``width``/``height`` attributes), not CSS pixels.
    """
    handle = _canvas_handle(page, selector, timeout)
    r, g, b, a = page.evaluate(_PIXEL_JS, [handle, int(x), int(y)])
    return (int(r), int(g), int(b), int(a))


def color_close(actual: Sequence[int], expected: Sequence[int], tolerance: int = 8) -> bool:
    """True if every channel of ``actual`` is within ``tolerance`` of ``expected``."""
    return len(actual) == len(expected) and all(
        abs(int(a) - int(e)) <= tolerance for a, e in zip(actual, expected, strict=True)
    )


def wait_for_canvas_pixels(page: Page, timeout: float = 30.0, *, poll_ms: int = 50) -> int:
    """Wait until some ``<canvas>`` in the page has a non-transparent pixel.

    Returns the index (in document order) of the first such canvas. ``timeout`` is in seconds.
    Canvases whose 2d context cannot be read (OffscreenCanvas views) are ignored.
    """
    result = page.wait_for_function(_ANY_PIXELS_JS, polling=poll_ms, timeout=timeout * 1000)
    return int(result.json_value()["index"])


def wait_for_canvas_color(
    page: Page,
    selector: str,
    x: int,
    y: int,
    expected: Sequence[int],
    *,
    tolerance: int = 8,
    timeout: float = 10.0,
) -> RGBA:
    """Wait until the canvas pixel (x, y) is within ``tolerance`` of ``expected`` RGBA.

    Polls once per animation frame, so it is also the tool for latency measurements. Raises
    Playwright's ``TimeoutError`` after ``timeout`` seconds; the message then includes the last
    pixel value seen.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    handle = _canvas_handle(page, selector, timeout)
    want = [int(c) for c in expected]
    try:
        page.wait_for_function(
            _COLOR_JS, arg=[handle, int(x), int(y), want, int(tolerance)], timeout=timeout * 1000
        )
    except PlaywrightTimeoutError as exc:
        last = page.evaluate(_PIXEL_JS, [handle, int(x), int(y)])
        raise PlaywrightTimeoutError(
            f"canvas {selector!r} pixel ({x}, {y}) stayed {tuple(last)}, expected {tuple(want)} "
            f"+-{tolerance} within {timeout} s"
        ) from exc
    return canvas_pixel(page, selector, x, y)


def canvas_point_to_page(
    page: Page, selector: str, x: float, y: float, *, timeout: float = 10.0
) -> tuple[float, float]:
    """Map canvas backing-store coordinates to page (viewport CSS pixel) coordinates.

    The inverse of what ipycanvas does with mouse events, so a click at the returned point
    reaches Python as (x, y) even if Voila stretched the canvas.
    """
    handle = _canvas_handle(page, selector, timeout)
    handle.scroll_into_view_if_needed(timeout=timeout * 1000)
    for _attempt in range(2):
        left, top, css_w, css_h, width, height = page.evaluate(_RECT_JS, handle)
        if not width or not height or not css_w or not css_h:
            raise AssertionError(
                f"canvas {selector!r} has no size: {css_w}x{css_h} CSS, {width}x{height}"
            )
        px, py = left + x * css_w / width, top + y * css_h / height
        # A canvas taller than the viewport can be "in view" with the point itself outside
        # it; Voila scrolls an inner element (#rendered_cells), not the window.
        if not page.evaluate(_SCROLL_POINT_JS, [handle, px, py]):
            return (px, py)
    raise AssertionError(f"cannot scroll canvas point ({x}, {y}) into the viewport")


# Resolves once what ``sel`` shows has not changed for ``quiet`` ms (its box, its text, its
# canvases' sizes, the page's scroll size and the fonts' state, read once per animation
# frame), or after ``most`` ms: true if it was quiet by then.
_QUIET_JS = """([sel, quiet, most]) => new Promise((resolve) => {
    const state = () => {
        const root = sel ? document.querySelector(sel) : document.body;
        if (!root) return 'none';
        const r = root.getBoundingClientRect();
        const page = document.scrollingElement;
        const parts = [innerWidth, innerHeight, document.fonts ? document.fonts.status : '',
                       r.left, r.top, r.width, r.height, page.scrollWidth, page.scrollHeight,
                       root.innerText];
        for (const c of root.querySelectorAll('canvas')) {
            const b = c.getBoundingClientRect();
            parts.push(b.left, b.top, b.width, b.height, c.width, c.height);
        }
        return parts.join('|');
    };
    const start = performance.now();
    let last = state(), since = start;
    const tick = () => {
        const now = performance.now(), seen = state();
        if (seen !== last) { last = seen; since = now; }
        if (now - since >= quiet) return resolve(true);
        if (now - start >= most) return resolve(false);
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
})"""


def wait_until_quiet(
    page: Page, root: str | None = None, *, quiet_ms: int = 200, most_ms: int = 3000
) -> bool:
    """Wait until the widget ``root`` (a CSS selector; the whole page if None) has stopped
    changing: its box, text, canvases and the page's scroll size the same for ``quiet_ms``
    (the layout after a resize or a toggle, the last texts from the kernel), at most
    ``most_ms``. True if it was quiet in time (a fixed sleep waited the same or longer for
    the same, and still guessed)."""
    quiet = bool(
        evaluate_within(page, _QUIET_JS, [root, quiet_ms, most_ms], seconds=most_ms / 1000 + 10)
    )
    if not quiet:
        costs.note("not-quiet", f"{root} {most_ms} ms")
    return quiet


def swipe(page: Page, cdp: CDPSession, x: float, y: float, dy: float, steps: int = 12) -> None:
    """A finger down at (x, y), moved by ``dy`` (negative: up, the page scrolls down), through
    Chrome's touch input (``cdp``: the page's CDP session): no script scrolls anything."""
    send = cdp.send
    send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        point = {"x": x, "y": y + dy * step / steps}
        send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def click_canvas(page: Page, selector: str, x: float, y: float, *, timeout: float = 10.0) -> None:
    """Click the canvas at backing-store coordinates (x, y) with the real mouse."""
    px, py = canvas_point_to_page(page, selector, x, y, timeout=timeout)
    page.mouse.click(px, py)


def canvas_color_fraction(
    page: Page,
    selector: str,
    x: int,
    y: int,
    expected: Sequence[int],
    *,
    radius: int = 2,
    tolerance: int = 8,
    timeout: float = 10.0,
) -> float:
    """Fraction (0..1) of the pixels in the square of side ``2 * radius + 1`` around the
    backing-store point (x, y) that are within ``tolerance`` of ``expected`` RGBA.

    Sturdier than one pixel against anti-aliasing and a rounding of the drawing position.
    """
    handle = _canvas_handle(page, selector, timeout)
    args = [handle, int(x), int(y), int(radius), [int(c) for c in expected], int(tolerance)]
    return float(page.evaluate(_FRACTION_JS, args))


def canvas_digest(
    page: Page, selector: str, x: int, y: int, w: int, h: int, *, timeout: float = 10.0
) -> tuple[str, int]:
    """(hash, opaque pixel count) of a backing-store region: compare two to see a change."""
    handle = _canvas_handle(page, selector, timeout)
    digest, opaque = page.evaluate(_DIGEST_JS, [handle, int(x), int(y), int(w), int(h)])
    return str(digest), int(opaque)


def wait_for_canvas_change(
    page: Page,
    selector: str,
    region: tuple[int, int, int, int],
    before: tuple[str, int],
    *,
    timeout: float = 10.0,
) -> tuple[str, int]:
    """Wait until :func:`canvas_digest` of ``region`` (x, y, w, h) differs from ``before``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    handle = _canvas_handle(page, selector, timeout)
    x, y, w, h = (int(v) for v in region)
    try:
        page.wait_for_function(
            f"([el, x, y, w, h, old]) => ({_DIGEST_JS})([el, x, y, w, h])[0] !== old",
            arg=[handle, x, y, w, h, before[0]],
            timeout=timeout * 1000,
        )
    except PlaywrightTimeoutError as exc:
        raise PlaywrightTimeoutError(
            f"canvas {selector!r} region {region} did not change within {timeout} s"
        ) from exc
    return canvas_digest(page, selector, x, y, w, h)


def measure_input_to_pixel(
    page: Page,
    selector: str,
    x: int,
    y: int,
    expected: Sequence[int],
    trigger: Callable[[], object],
    *,
    tolerance: int = 8,
    timeout: float = 10.0,
) -> float:
    """Milliseconds from a real input on the canvas to the first frame showing the result.

    Arms an in-page probe, runs ``trigger`` (which must click or press a key on the canvas),
    and returns ``t1 - t0``: ``t0`` is the mousedown/keydown event's time stamp, ``t1`` the
    ``requestAnimationFrame`` in which backing-store pixel (x, y) first matched ``expected``.
    Measured by the page's clock, so Playwright's own round trips are not included; the
    resolution is one animation frame (~16.7 ms at 60 Hz).
    """
    handle = _canvas_handle(page, selector, timeout)
    want = [int(c) for c in expected]
    page.evaluate(_ARM_PROBE_JS, [handle, int(x), int(y), want, int(tolerance), timeout * 1000])
    trigger()
    result = page.wait_for_function(_PROBE_DONE_JS, timeout=(timeout + 5) * 1000).json_value()
    if result["error"] is not None:
        raise AssertionError(f"canvas {selector!r}: {result['error']}")
    if result["t0"] is None:
        raise AssertionError(f"canvas {selector!r}: the trigger sent no mousedown/keydown to it")
    return float(result["t1"]) - float(result["t0"])

"""Support code for the real-browser tests: a Voila server runner and canvas pixel helpers.

Kept in a plain module (not only in ``conftest.py``) so that tests can import the helpers::

    from browser_support import canvas_pixel, click_canvas, wait_for_canvas_color

``conftest.py`` puts this directory on ``sys.path``, so the import works with every pytest
``--import-mode``.

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
  ``getContext`` throws ``InvalidStateError``. Use :func:`screenshot_pixel` for them.
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

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:  # Playwright may be missing; conftest.py skips the tests in that case.
    from playwright.sync_api import ElementHandle, Page

__all__ = [
    "RGBA",
    "REPO_ROOT",
    "VoilaServer",
    "VoilaStartError",
    "canvas_pixel",
    "canvas_point_to_page",
    "click_canvas",
    "color_close",
    "free_port",
    "screenshot_pixel",
    "start_voila",
    "wait_for_canvas_color",
    "wait_for_canvas_pixels",
    "write_notebook",
]

RGBA = tuple[int, int, int, int]
"""A pixel as (red, green, blue, alpha), each 0-255."""

REPO_ROOT: Path = Path(__file__).resolve().parents[2]

LOCAL_HOST = "127.0.0.1"


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

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM (Voila then shuts its kernels down), SIGKILL the process group if it hangs.

        Kernels run in their own sessions but watch their parent and exit when it dies.
        """
        try:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    try:
                        os.killpg(self.process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    self.process.wait(timeout=timeout)
        finally:
            if self._log_file is not None and not self._log_file.closed:
                self._log_file.close()


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
    log_dir.mkdir(parents=True, exist_ok=True)
    last_error: VoilaStartError | None = None
    for attempt in range(1, attempts + 1):
        port = free_port()
        url = f"http://{LOCAL_HOST}:{port}/"
        log_path = log_dir / f"voila-{notebook.stem}-{port}.log"
        cmd = [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={port}",
            f"--Voila.ip={LOCAL_HOST}",
            "--Voila.port_retries=0",
            "--show_tracebacks=True",
        ]
        cmd += list(extra_args)
        log_file = log_path.open("wb")
        log_file.write(("$ " + " ".join(cmd) + "\n").encode())
        log_file.flush()
        started = time.perf_counter()
        process = subprocess.Popen(
            cmd,
            cwd=notebook.parent,
            env=dict(env) if env is not None else None,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: stop() can kill it without hitting us
        )
        server = VoilaServer(notebook, port, url, log_path, process, 0.0, log_file)
        deadline = started + timeout
        while time.perf_counter() < deadline:
            if process.poll() is not None:
                break
            if url in server.log_text() and _http_answers(url + "voila/static/"):
                server.startup_seconds = time.perf_counter() - started
                return server
            time.sleep(0.1)
        exited = process.poll() is not None
        server.stop()
        reason = (
            f"exited with code {process.returncode}" if exited else f"no answer in {timeout:.0f} s"
        )
        last_error = VoilaStartError(
            f"Voila on {notebook} (port {port}, attempt {attempt}/{attempts}) {reason}.\n"
            f"--- {log_path} ---\n{server.log_tail()}"
        )
        if not (exited and "in use" in server.log_text()):  # retry only a lost port race
            break
    assert last_error is not None
    raise last_error


def write_notebook(path: Path, *cell_sources: str, kernel: str = "python3") -> Path:
    """Write a notebook of code cells (``kernel`` kernelspec) to ``path`` and return ``path``.

    The first ``import nbformat`` of a process costs ~0.8 s, 2-3 s inside pytest (jsonschema's
    rfc3987-syntax builds a lark grammar at import time); it is paid once per session.
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
        throw new Error(`getContext('2d') failed (${e}); an OffscreenCanvas view? ` +
                        `use screenshot_pixel()`);
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
    left, top, css_w, css_h, width, height = page.evaluate(_RECT_JS, handle)
    if not width or not height or not css_w or not css_h:
        raise AssertionError(
            f"canvas {selector!r} has no size: {css_w}x{css_h} CSS, {width}x{height}"
        )
    return (left + x * css_w / width, top + y * css_h / height)


def click_canvas(page: Page, selector: str, x: float, y: float, *, timeout: float = 10.0) -> None:
    """Click the canvas at backing-store coordinates (x, y) with the real mouse."""
    px, py = canvas_point_to_page(page, selector, x, y, timeout=timeout)
    page.mouse.click(px, py)


def screenshot_pixel(page: Page, x: float, y: float) -> RGBA:
    """RGBA of the *composited* page at viewport CSS pixel (x, y), from a 1x1 screenshot.

    Works for any element (OffscreenCanvas views, CSS-scaled canvases, overlays); slower than
    :func:`canvas_pixel` (~tens of ms). Assumes ``device_scale_factor=1``.
    """
    from PIL import Image

    png = page.screenshot(clip={"x": float(x), "y": float(y), "width": 1, "height": 1})
    with Image.open(BytesIO(png)) as image:
        r, g, b, a = image.convert("RGBA").getpixel((0, 0))
    return (int(r), int(g), int(b), int(a))

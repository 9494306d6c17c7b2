"""The JupyterLite site (``python -m shangrila_widget lite``) in a real browser, offline.

The test builds the site with ``--pyodide DIR`` from a Pyodide folder it assembles from what
the package registries have, serves it on 127.0.0.1, and opens it in Debian's Chromium with
every request to another host refused. It runs the hot-seat notebook (the board's pixels, a
click that places a master) and the tour (its board drawn, the Next button moves it). It also
builds the default site (Pyodide from the public distribution) and opens it with that
distribution *simulated*: the test answers its URLs from the same local Pyodide folder.

The Pyodide folder (cached in ``.lite-cache/``, git-ignored, or ``$SHANGRILA_LITE_CACHE``):

* the Pyodide core from the npm registry's ``pyodide`` package (``npm pack``), in the version
  the installed JupyterLite kernel is built for;
* the pure-Python packages the kernel loads (micropip, IPython and its dependencies, jedi,
  traitlets, ...) as PyPI wheels of the versions Pyodide's list names, their hashes updated;
* **STAND-INS for numpy and Pillow** (``lite_standins.py``): Pyodide's WebAssembly builds of
  them exist only on Pyodide's own distribution, which is not reachable here. The stand-ins
  provide just what ipycanvas and the painter call. So this test does NOT cover: the real
  numpy and Pillow under Pyodide (their download from the public distribution, their import
  time, ipycanvas image functions such as ``put_image_data`` or ``to_file``), and the real
  public distribution (its download times, its own package list and hashes, its CORS
  headers: the simulated one sends ``Access-Control-Allow-Origin: *``).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

import pytest

from shangrila_widget import serve
from shangrila_widget.lite import early as lite_early
from shangrila_widget.lite import kernel as lite_kernel
from shangrila_widget.lite import lock as lite_lock
from shangrila_widget.lite import pages as lite_pages
from shangrila_widget.lite import wheels as lite_wheels
from shangrila_widget.rules import Position
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.messages import say
from tests.support.board import (
    BACKGROUND_RGBA,
    BLOCK_RGBA,
    CANVAS,
    BoardGeometry,
    assert_colour,
    player_rgba,
)
from tests.support.browser import (
    REPO_ROOT,
    canvas_color_fraction,
    canvas_digest,
    click_canvas,
    hermetic_context,
    lab_command,
    save_picture,
    wait_for_canvas_change,
    wait_for_canvas_color,
    wait_for_canvas_pixels,
)
from tests.support.lite_standins import write_standin_wheel
from tests.support.positions import FOUR

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

    from tests.browser.conftest import BrowserDiagnostics, OfflineLiteSite, SharedLitePages

CACHE = Path(os.environ.get("SHANGRILA_LITE_CACHE") or REPO_ROOT / ".lite-cache")
VIEWPORT = {"width": 1100, "height": 1000}
LOAD_TIMEOUT = 180.0  # seconds from navigation to a drawn board (15-35 s cold; 89 s seen loaded)
KERNEL_ROOTS = ("micropip", "packaging", "ipython", "jedi", "traitlets")
STANDIN_NAMES = ("numpy", "pillow")
GEOMETRY = BoardGeometry(900.0)
RED, BLUE = player_rgba("red"), player_rgba("blue")
ARTIFACTS = Path(os.environ.get("SHANGRILA_ARTIFACT_DIR") or REPO_ROOT / "test-artifacts/browser")


# --------------------------------------------------------------------------------------------
# The local Pyodide folder and the site
# --------------------------------------------------------------------------------------------


def _run(command: list[str], **kwargs: object) -> None:
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise RuntimeError(f"{command} failed:\n{result.stdout}\n{result.stderr}")


def pyodide_core(version: str) -> Path:
    """The npm registry's ``pyodide@version`` unpacked (cached)."""
    folder = CACHE / f"pyodide-core-{version}"
    if (folder / "pyodide.asm.wasm").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch the Pyodide core (apt-get install -y npm)")
    packs = CACHE / "npm"
    packs.mkdir(parents=True, exist_ok=True)
    tarball = packs / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        _run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(packs)])
    partial = CACHE / f"pyodide-core-{version}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        archive.extractall(partial, filter="data")
    (partial / "package").rename(folder)
    shutil.rmtree(partial)
    return folder


def assemble_pyodide(target: Path) -> Path:
    """A Pyodide folder for ``--pyodide`` as a school gets it from npm alone: the npm core,
    plus the numpy/Pillow stand-ins where the real WebAssembly builds would be copied in.
    The build fetches the pure-Python wheels from PyPI itself."""
    version = lite_kernel.pyodide_version()
    core = pyodide_core(version)
    target.mkdir(parents=True)
    for name in (*lite_kernel.PYODIDE_CORE, "package.json"):
        shutil.copyfile(core / name, target / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    keys = {lite_kernel.normal(k): k for k in packages}
    for name in STANDIN_NAMES:
        wheel = write_standin_wheel(name, target)
        entry = packages[keys[name]]
        entry.update(file_name=wheel.name, sha256=lite_wheels.sha256_of(wheel), depends=[])
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return target


def from_pyodide(lock: dict[str, object]) -> list[str]:
    """What the site's pages load from Pyodide's package list ``lock`` besides the kernel's
    packages: the requirements there of this package and of the wheels the site adds."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    listed = {lite_kernel.normal(key) for key in packages}
    names = lite_wheels.requirements("shangrila_widget")
    for name in lite_wheels.site_distributions(lock):
        names += lite_wheels.requirements(name)
    return sorted({name for name in names if name in listed})


def full_pyodide(assembled: Path, target: Path) -> Path:
    """``assembled`` with the pure-Python wheels in it too (for the default site's simulated
    public distribution): those the kernel and the pages load (:func:`from_pyodide`), taken
    from the build's cache, their hashes those of the files."""
    shutil.copytree(assembled, target)
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    needed = lite_lock.needed_packages(lock, [*KERNEL_ROOTS, *from_pyodide(lock)])
    names = [lock["packages"][n]["file_name"] for n in needed if n not in STANDIN_NAMES]
    fetched = lite_wheels.pure_wheels_from_pypi(lock, names, CACHE)
    for name, path in fetched.items():
        shutil.copyfile(path, target / name)
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return target


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def _lite_requirement() -> str | None:
    """Why the site cannot be built and served here, or None."""
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:
        return "JupyterLite is not installed (pip install -e '.[test]')"
    core = CACHE / f"pyodide-core-{lite_kernel.pyodide_version()}"
    if shutil.which("npm") is None and not (core / "pyodide.asm.wasm").is_file():
        return "npm is missing, needed once to fetch the Pyodide core (apt-get install -y npm)"
    return None


def expose_app(site: Path) -> None:
    """Let the test reach the app as ``window.jupyterapp`` (JupyterLite's own setting)."""
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config), encoding="utf-8")


def serve_folder(folder: Path, servers: list[http.server.ThreadingHTTPServer]) -> str:
    """Serve ``folder`` on 127.0.0.1 (a new port); returns its URL."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    servers.append(server)
    return f"http://127.0.0.1:{server.server_address[1]}/"


_serve = serve_folder  # the name benchmarks/lite_start.py imports


def require_lite() -> None:
    """Skip (fail under CI) when the site cannot be built and served here."""
    reason = _lite_requirement()
    if reason is not None:
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
            pytest.fail(f"CI=true but the lite test cannot run: {reason}", pytrace=False)
        pytest.skip(reason)


def build(out: Path, *options: str) -> None:
    """``python -m shangrila_widget lite OUT *options`` with this checkout's package."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "shangrila_widget", "lite", str(out), *options]
    _run([*command, "--cache", str(CACHE)], env=env)


@dataclass
class DefaultSite:
    """The default site (Pyodide from the public distribution, given its package list with
    ``--pyodide-lock``), served on 127.0.0.1, and the folder that simulates the distribution."""

    url: str
    folder: Path
    distribution: Path


@pytest.fixture(scope="module")
def default_site(
    offline_lite_site: OfflineLiteSite, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DefaultSite]:
    base = tmp_path_factory.mktemp("lite-default")
    distribution = full_pyodide(offline_lite_site.pyodide, base / "pyodide-full")
    folder = base / "default"
    build(folder, "--pyodide-lock", str(distribution / "pyodide-lock.json"))
    expose_app(folder)
    servers: list[http.server.ThreadingHTTPServer] = []
    try:
        yield DefaultSite(serve_folder(folder, servers), folder, distribution)
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


# --------------------------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------------------------


@pytest.fixture
def lite_page(
    browser: Browser, browser_diagnostics: BrowserDiagnostics, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh hermetic page like ``browser_page``, but with service workers allowed:
    JupyterLite registers one (students' browsers do too), and Playwright's blocking of it
    makes JupyterLite's page report an ``undefined`` error. Every request to another host is
    still aborted (and Chromium resolves no other host at all, see ``CHROMIUM_ARGS``)."""
    context = hermetic_context(
        browser, browser_diagnostics.blocked_urls, viewport=VIEWPORT, service_workers="allow"
    )
    page = context.new_page()
    page.on("console", lambda m: browser_diagnostics.console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda error: browser_diagnostics.page_errors.append(str(error)))
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
        (ARTIFACTS / f"{request.node.name}.console.log").write_text(
            "\n".join(browser_diagnostics.console + browser_diagnostics.page_errors) + "\n",
            encoding="utf-8",
        )
    context.close()


def screenshot(
    page: Page, request: pytest.FixtureRequest, label: str, *, always: bool = False
) -> Path:
    """Save ``test-artifacts/browser/<test>-<label>.png`` of ``page`` now (with
    ``--screenshots`` or ``always``: :func:`tests.support.browser.save_picture`)."""
    return save_picture(page, ARTIFACTS / f"{request.node.name}-{label}.png", always=always)


# The notebook's kernel is up and idle (the site exposes the app as window.jupyterapp to the
# tests: :func:`expose_app`).
_KERNEL_IDLE_JS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const session = panel && panel.sessionContext && panel.sessionContext.session;
    return !!session && !!session.kernel && session.kernel.status === 'idle';
}"""


def run_all(page: Page) -> None:
    """Run > Run All Cells, once the notebook's kernel is idle (a Run All clicked while the
    kernel was still starting once ran nothing: no board within 180 s)."""
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=LOAD_TIMEOUT * 1000, polling=200)
    page.get_by_text("Run", exact=True).first.click()
    page.get_by_text("Run All Cells", exact=True).first.click()


def open_and_run(page: Page, url: str) -> float:
    """Open ``url`` and run every cell; returns the seconds from navigation until the
    notebook was shown."""
    started = time.monotonic()
    page.goto(url)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LOAD_TIMEOUT * 1000)
    shown = time.monotonic() - started
    run_all(page)
    return shown


GREETINGS_NOT_WANTED = ("No Kernel", "Not Trusted", "Run All")


def assert_no_unwanted_greeting(page: Page) -> None:
    """None of the words that must not greet a student (kernel, trust, run-all prompts) is
    visible."""
    for text in GREETINGS_NOT_WANTED:
        visible = [e for e in page.get_by_text(text).all() if e.is_visible()]
        assert not visible, f"{text!r} is visible"


def test_lite_hot_seat_ready_page_draws_and_plays_offline(
    offline_lite_site: OfflineLiteSite,
    shared_lite_pages: SharedLitePages,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """``hot-seat.html``: the board is drawn with nothing to run, and a click plays. (The
    page is the session's, shared with the every-screen matrix, which plays nothing.)"""
    url, out = offline_lite_site.url, offline_lite_site.folder
    build_seconds = offline_lite_site.build_seconds
    started = time.monotonic()
    page, _ = shared_lite_pages.get(url + "hot-seat.html", browser_diagnostics, VIEWPORT)

    # The notebook's last cell plays "place healer A" for Red: the board shows it.
    red_healer_a = GEOMETRY.tile_fill_point("A", "healer", student=False)
    wait_for_canvas_color(page, CANVAS, *red_healer_a, RED, tolerance=10, timeout=LOAD_TIMEOUT)
    drawn = time.monotonic() - started
    assert "repl/index.html" in page.url, page.url
    assert_colour(page, "background", GEOMETRY.background_point(), BACKGROUND_RGBA)
    assert_colour(page, "block of village G", GEOMETRY.block_point("G"), BLOCK_RGBA)
    assert_colour(page, "Red healer in A", red_healer_a, RED)
    assert page.get_by_role("heading", name="A hot-seat game").first.is_visible()
    assert_no_unwanted_greeting(page)
    # The kernel took the worker the page started, with the Python started in it.
    early = page.evaluate("() => document.documentElement.dataset.shangrilaEarly")
    assert early == "taken", early
    assert not [m for m in browser_diagnostics.console if lite_early.MISMATCH in m]
    # The board's picture made at build time was shown until the live board drew, then went.
    page.wait_for_function(PICTURE_REPLACED_JS, timeout=5_000)
    assert page.locator(".shangrila-first-board").count() == 0
    screenshot(page, request, "first-paint")

    # Blue is to move; a click on G's healer space places Blue's healer there.
    position = Position.new_game(FOUR).play("place healer A").position
    assert position.to_move == "blue" and position.check("place healer G") is None
    blue_healer_g = GEOMETRY.tile_fill_point("G", "healer", student=False)
    assert canvas_color_fraction(page, CANVAS, *blue_healer_g, BLUE, tolerance=10) < 0.2
    # A reader scrolls with the wheel (the page keeps itself at its top until the reader
    # scrolls, clicks or types: the REPL would scroll to its end as outputs arrive).
    page.mouse.move(500, 500)
    page.mouse.wheel(0, 200)
    click_canvas(page, CANVAS, *GEOMETRY.space_centre("G", "healer"))
    wait_for_canvas_color(page, CANVAS, *blue_healer_g, BLUE, tolerance=10, timeout=20)
    assert_colour(page, "Blue healer placed in G", blue_healer_g, BLUE)
    page.get_by_text("Blue places a Healer master in village G").first.wait_for(timeout=10_000)
    shot = screenshot(page, request, "after-click", always=True)

    # Enter in the action box plays, the field still focused (the REPL's console would take
    # the key to focus its hidden prompt: the action then waited until the field lost focus).
    assert position.play("place healer G").position.check("place healer M") is None
    box = page.locator(".shangrila-action-box input").first
    box.fill("place healer M")
    box.press("Enter")
    page.get_by_text("Yellow places a Healer master in village M").first.wait_for(timeout=10_000)
    assert box.evaluate("(el) => el === document.activeElement"), "the field lost its focus"
    screenshot(page, request, "after-enter")

    if shutil.which("node"):  # the build compiled the site's Python to bytecode in Node
        with zipfile.ZipFile(out / "static" / "pyodide" / "python_stdlib.zip") as stdlib:
            assert "os.pyc" in stdlib.namelist()
        wheel = next((out / "static" / "pyodide").glob("shangrila_widget-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            assert "shangrila_widget/__pycache__/__init__.cpython-314.pyc" in archive.namelist()

    files = [p for p in out.rglob("*") if p.is_file()]
    print(
        f"\nlite site: {sum(p.stat().st_size for p in files) / 1e6:.1f} MB in {len(files)} "
        f"files, built in {build_seconds:.1f} s; board drawn {drawn:.1f} s after "
        f"navigation, nothing run by hand; screenshot {shot}"
    )
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == [], "the offline site asked another host"


def test_lite_site_root_opens_the_tour_ready_and_next_moves_the_board(
    offline_lite_site: OfflineLiteSite,
    shared_lite_pages: SharedLitePages,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """The site's root opens the tour's ready page; Next moves its board. (The page is the
    session's, shared with the every-screen matrix, which leaves the tour where it began.)"""
    page, _ = shared_lite_pages.get(offline_lite_site.url, browser_diagnostics, VIEWPORT)
    assert "repl/index.html" in page.url and "tour.ipynb" in unquote(page.url), page.url
    wait_for_canvas_pixels(page, timeout=LOAD_TIMEOUT)
    width, height = page.locator(CANVAS).first.evaluate("(el) => [el.width, el.height]")
    region = (0, 0, int(width), int(height))
    before = canvas_digest(page, CANVAS, *region)
    assert before[1] > 0.9 * width * height, "the tour's board is not painted all over"
    screenshot(page, request, "tour")
    # The tour's own title line shows (the notebook is one cell: the widget says its title).
    title = page.locator(".shangrila-tour").get_by_text(say("ui.tour_title", "en"), exact=True)
    assert title.first.is_visible()
    assert_no_unwanted_greeting(page)
    page.get_by_role("button", name="Next").first.click()
    wait_for_canvas_change(page, CANVAS, region, before, timeout=20)
    page.get_by_text("Yellow places a Dragon Breeder master in village A").first.wait_for()
    screenshot(page, request, "tour-next")
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []


def test_lite_ruling_link_opens_the_checker_with_its_verdict(
    offline_lite_site: OfflineLiteSite,
    lite_page: Page,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """A link the command line prints for the static site (``--base-url`` its root) opens
    the checker's ready page on the link's position with the verdict, nothing to run: the
    root forwards the ruling to ``dispute-checker.html``, whose address reaches Python in
    the Web Worker. Its Copy link gives the checker page's link of the same ruling."""
    from tests.browser.test_ruling_link_browser import (
        QUESTION,
        cli_ruling,
        decode_qr,
        linked_position,
    )

    position = linked_position()
    answer = cli_ruling(position, QUESTION, offline_lite_site.url)
    link = str(answer["link"])
    page = lite_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    started = time.monotonic()
    page.goto(link)
    # The verdict is there when the board is first drawn: the page is polled every 50 ms for
    # the checker's canvas having pixels, and the ruling box read in the same poll.
    first = page.wait_for_function(
        _FIRST_DRAW_JS, arg=".shangrila-checker", polling=50, timeout=LOAD_TIMEOUT * 1000
    ).json_value()
    drawn = time.monotonic() - started
    verdict = page.locator(".shangrila-ruling").get_by_text("Verdict: refused.")
    verdict.wait_for(timeout=LOAD_TIMEOUT * 1000)
    shown = time.monotonic() - started
    print(
        f"\nlite ruling link: board drawn {drawn:.1f} s, verdict shown {shown:.1f} s after "
        f"navigation; at the first drawn board the ruling box said {first['ruling'][:60]!r}"
    )
    assert "Verdict: refused." in first["ruling"] and first["visible"], first
    assert first["picture"] is None, "a ruling's page showed the checker's own position first"
    assert "repl/index.html" in page.url and "dispute-checker.ipynb" in unquote(page.url)
    ruling_text = page.locator(".shangrila-ruling").inner_text()
    assert "JOURNEY-START" in ruling_text and "Question: may Red play journey B A?" in ruling_text
    field = page.locator(".shangrila-checker").get_by_label("Position string")
    assert field.input_value() == to_compact(position)
    screenshot(page, request, "opened")
    page.get_by_role("button", name="Copy link").click()
    page.get_by_text("Link copied").first.wait_for()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == f"{offline_lite_site.url}dispute-checker.html?ruling={answer['ruling']}"
    page.get_by_role("button", name="QR code").click()  # segno's wheel runs in the page too
    picture = page.locator(".shangrila-qr-picture svg")
    picture.wait_for()
    assert decode_qr(picture.screenshot()) == [copied]
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []


# None until the canvas under ``root`` has a painted pixel; then the ruling box's text then,
# and whether it is shown.
_FIRST_DRAW_JS = """(root) => {
    const canvas = document.querySelector(root + ' canvas');
    if (!canvas || !canvas.width || !canvas.height) return null;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = false;
    for (let i = 3; i < data.length; i += 4 * 97) if (data[i]) { painted = true; break; }
    if (!painted) return null;
    const box = document.querySelector('.shangrila-ruling');
    const r = box ? box.getBoundingClientRect() : null;
    const picture = document.documentElement.dataset.shangrilaPicture || null;
    return {ruling: box ? box.innerText : '', visible: !!r && r.width > 0 && r.height > 0, picture};
}"""

PICTURE_REPLACED_JS = "() => document.documentElement.dataset.shangrilaPicture === 'replaced'"


_CELL_SOURCE_JS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const cells = panel && panel.content && panel.content.widgets;
    return cells && cells.length > 1 ? cells[1].model.sharedModel.getSource() : null;
}"""


def test_lite_notebook_edits_do_not_outlive_the_page(
    offline_lite_site: OfflineLiteSite,
    lite_page: Page,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """The Notebook app: no "No Kernel" or "Not Trusted"; an edit saved in the browser is
    gone after a reload, which shows the notebook as shipped."""
    page = lite_page
    url = offline_lite_site.url + "notebooks/index.html?path=hot-seat.ipynb"
    shipped = "".join(
        json.loads(serve.notebook_source("hot-seat.ipynb").read_text())["cells"][1]["source"]
    )
    page.goto(url)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LOAD_TIMEOUT * 1000)
    page.wait_for_function(_CELL_SOURCE_JS, timeout=LOAD_TIMEOUT * 1000)
    assert page.evaluate(_CELL_SOURCE_JS) == shipped
    page.get_by_text("Python (Pyodide)").first.wait_for(timeout=LOAD_TIMEOUT * 1000)
    assert_no_unwanted_greeting(page)
    screenshot(page, request, "notebook")

    edited = "# changed by a student\n" + shipped
    page.evaluate(
        "(text) => window.jupyterapp.shell.currentWidget.content.widgets[1]"
        ".model.sharedModel.setSource(text)",
        edited,
    )
    lab_command(page, "docmanager:save")
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=20_000
    )
    assert page.evaluate(_CELL_SOURCE_JS) == edited
    page.reload()
    page.wait_for_function(_CELL_SOURCE_JS, timeout=LOAD_TIMEOUT * 1000)
    assert page.evaluate(_CELL_SOURCE_JS) == shipped
    screenshot(page, request, "after-reload")
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []


def test_lite_default_site_loads_pyodide_from_the_public_distribution(
    default_site: DefaultSite,
    lite_page: Page,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """The default site in the browser, with Pyodide's public distribution *simulated*: the
    test answers its URLs from the assembled Pyodide folder (nothing reaches the network).
    Every file the page asks of it is there (the widgets' requirements that Pyodide has,
    such as anywidget's typing-extensions, too), and every widget model starts."""
    page = lite_page
    cdn = str(lite_kernel.kernel_constants().PYODIDE_CDN_URL).rstrip("/") + "/"
    served: list[str] = []
    absent: list[str] = []

    def public_distribution(route: Route) -> None:
        name = route.request.url[len(cdn) :].split("?")[0]
        path = default_site.distribution / name
        if "/" in name or not path.is_file():
            absent.append(name)
            route.fulfill(status=404, body="not in the simulated distribution")
            return
        served.append(name)
        kind = _Handler.extensions_map.get(path.suffix, "application/octet-stream")
        route.fulfill(
            status=200,
            body=path.read_bytes(),
            headers={"Content-Type": kind, "Access-Control-Allow-Origin": "*"},
        )

    page.context.route(re.compile("^" + re.escape(cdn)), public_distribution)
    started = time.monotonic()
    open_and_run(page, default_site.url + "notebooks/index.html?path=hot-seat.ipynb")
    red_healer_a = GEOMETRY.tile_fill_point("A", "healer", student=False)
    wait_for_canvas_color(page, CANVAS, *red_healer_a, RED, tolerance=10, timeout=LOAD_TIMEOUT)
    drawn = time.monotonic() - started
    assert_colour(page, "block of village G", GEOMETRY.block_point("G"), BLOCK_RGBA)
    screenshot(page, request, "board")
    # The page loaded Pyodide and the packages it has from the distribution, ours from the site.
    assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= set(served)
    assert {"ipython-9.12.0-py3-none-any.whl", "numpy-0.0.0-py3-none-any.whl"} <= set(served)
    assert not [name for name in served if name.startswith(("shangrila", "ipycanvas"))]
    assert absent == [], "the page asked the distribution for files it does not have"
    print(f"\ndefault lite site: board drawn {drawn:.1f} s after navigation")
    failed = [line for line in browser_diagnostics.console if "Failed to initialize" in line]
    if failed:  # a known defect (issue 23 note): anywidget 0.11 gives a model's set-up 2 s
        # (AbortSignal.timeout(2000) in its front end); on a busy machine the public site's
        # set-up takes longer and the model's later messages are dropped. Reported, not failed,
        # until the front end is patched or anywidget lets the set-up take longer.
        warnings.warn(f"known defect, anywidget's 2 s set-up timeout: {failed}", stacklevel=1)
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []


def test_lite_exercises_ready_page_answers_an_exercise_and_plays_it_out(
    offline_lite_site: OfflineLiteSite,
    lite_page: Page,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> None:
    """``exercises.html``: the first exercise answered by a click, its verdict, and the first
    step of the action played out with its rule id."""
    from playwright.sync_api import expect

    from shangrila_widget.exercises import play_out
    from shangrila_widget.widget.exercises import in_steps

    first = in_steps(10, 1)[0]  # the notebook's Exercises(seed=1)
    assert first.action is not None
    page = lite_page
    page.goto(offline_lite_site.url + lite_pages.ready_page("exercises.ipynb"))
    wait_for_canvas_pixels(page, timeout=LOAD_TIMEOUT)
    root = page.locator(".shangrila-exercises")
    root.get_by_role("button", name=first.answer.text.text("en"), exact=True).click()
    expect(page.locator(".shangrila-exercise-verdict")).to_contain_text(
        say("ui.exercise_right", "en"),
        timeout=30_000,  # Python in the page, a busy machine
    )
    step = page.locator(".shangrila-exercise-step-text")
    expect(step).to_contain_text(play_out(first.position, first.action)[0].rule)
    expect(step).to_be_visible()
    screenshot(page, request, "exercise-answered")
    assert browser_diagnostics.page_errors == []
    assert browser_diagnostics.blocked_urls == []

"""Fixtures for real-browser tests: Voila serves a notebook, headless Chromium opens it.

Fixtures
--------
``voila_server``
    Factory: ``url = voila_server(notebook_path, *extra_voila_args, shared=True)`` serves the
    notebook with Voila (``--no-browser --port=<free> --Voila.ip=127.0.0.1 ...``, the
    package's Voila template ``shangrila``: FontAwesome served locally, as
    ``python -m shangrila_widget serve`` does) and returns the page's URL. Without extra
    arguments that is one Voila per worker serving a folder: the notebook is copied there
    (by its own name, in a folder of its own) and its page is ``<server>voila/render/...``,
    as ``serve`` on several notebooks serves them; with extra arguments a server of its
    own on that notebook, whose page is ``<server>``. ``voila_server.servers`` holds the
    :class:`VoilaServer` objects this test used (log, timings). With ``shared=True``
    (default) the copy (or server) is reused by later tests of the session for the same
    notebook, text and arguments (Voila starts a new kernel per page load anyway, so tests
    do not share Python state); ``shared=False`` makes a copy (or a server, stopped when the
    test ends) of the test's own (use that for notebooks written to ``tmp_path``).
``browser_page``
    A Playwright (sync API) ``Page`` in a fresh ``BrowserContext`` (fresh cookies/storage, fixed
    1000x700 viewport, device scale factor 1) of a session-wide headless Chromium, launched
    from ``$SHANGRILA_CHROMIUM`` or ``/usr/bin/chromium`` (Playwright's own browser downloads are
    not used). Playwright gives the browser a fresh temporary user-data dir. Requests to hosts
    other than 127.0.0.1/localhost fail inside the browser (it resolves no host name but
    localhost and sends every other request to a proxy that cannot be reached:
    ``HERMETIC_ARGS``) and are recorded, and the test then FAILS at teardown listing their
    URLs (no page of ours may ask another host for anything: a school network may block it).
``browser_diagnostics``
    Console messages, page errors and blocked URLs of ``browser_page`` (or of any context
    made with ``hermetic_context(browser, browser_diagnostics.blocked_urls, ...)``); at
    teardown it fails the test if ``blocked_urls`` holds a URL other than a deliberate probe
    (one containing ``shangrila-hermetic-probe``, ``HERMETIC_PROBE``).
``save_screenshot``
    ``save_screenshot("label")`` saves ``test-artifacts/browser/<test>-label.png`` now, when
    the run was given ``--screenshots`` (to look at what the tests saw) or the call says
    ``always=True`` (the test reads the picture, or it shows a problem the test found); it
    returns that path either way. A PNG costs a tenth to a third of a second of the
    browser's time; the suite took about 430 of them.
``kept_pages``
    The pages ``open_board(..., keep=True)`` keeps (see ``open_board``).
``lab_server``
    One JupyterLab 4 for the session (started on first use, on a free 127.0.0.1 port, no auth,
    serving a temporary directory; ``tests.support.browser.start_jupyterlab``).
``notebook7_server``
    The same for Notebook 7 (``tests.support.browser.start_notebook7``).
``open_board``
    The one helper that opens a page with a board: ``page = open_board(notebook,
    *voila_args, env="voila" | "lab" | "notebook7", viewport=(w, h), file_browser=False)``
    serves the notebook (with Voila, see ``voila_server``, or a copy of the notebook in
    ``lab_server`` opened in JupyterLab, all cells run, the left side bar folded unless
    ``file_browser=True`` opens the file browser there, or a copy in ``notebook7_server``
    opened in Notebook 7), waits until a canvas has pixels (not with ``wait=False``) and
    returns the page: ``browser_page``, or for JupyterLab the worker's JupyterLab page,
    loaded once (a fresh workspace) and kept, in which each test opens its notebook as a
    person opens another one; the test's end stops that notebook's kernel and closes its tab
    (JupyterLab's scripts are most of a JupyterLab page load; a failed test closes the page).
    ``open_board("name.ipynb", cells=[source, ...])`` first writes a notebook
    of those code cells to the test's ``tmp_path`` (its Voila copy then is not shared);
    ``open_board(url=...)`` opens a page some other server serves (a command under test).
    ``open_board.timings`` holds the seconds each step took (``write_notebook``,
    ``voila_start``, ``goto``, ``load_to_pixels``), ``open_board.canvas_index`` the index of
    the first canvas that had pixels.

    ``open_board(..., keep=True)`` keeps the loaded page for the session's later tests that
    ask for the same notebook (or cells), host and arguments with ``keep=True``: they get it
    at once, at their window size, scrolled as it was when it had loaded (``open_board.reused``
    says so). A page load (a kernel started, the notebook run, JupyterLab's scripts) is most
    of a browser test's time; keep a page for tests that only look at it, or that leave it as
    they found it. The layout is CSS only (no Python code knows the window's size), so a kept
    page resized is the page loaded at that size. ``save_screenshot`` and the failure report
    show the kept page. At most ``KEPT_PAGES`` pages stay open per worker. A kept JupyterLab
    notebook is the worker's JupyterLab page with that notebook left open: it stays open until
    a test opens another notebook there (then opening it again takes 2-3 s, not a JupyterLab
    load of 6-8 s).

On failure (setup or call) the hook below saves ``test-artifacts/browser/<test>.png``, the
Voila logs (``<test>.voila.log``) and the console (``<test>.console.log``) and adds the
diagnostics and the log tail to the failure report.

Without Chromium, Playwright or Voila the tests of this directory are skipped, with the
reason; with ``CI=true`` in the environment they fail instead, so CI cannot pass silently.

Environment: ``SHANGRILA_CHROMIUM`` (browser binary), ``SHANGRILA_ARTIFACT_DIR`` (default
``<repo>/test-artifacts/browser``), ``SHANGRILA_VOILA_TIMEOUT`` (seconds, default 60).

What ipycanvas looks like in the page is documented in ``tests/support/browser.py``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from shangrila_widget.serve import TEMPLATE, voila_env
from tests.support import costs
from tests.support.browser import (  # re-exported for convenience
    HERMETIC_ARGS,
    HERMETIC_PROBE,
    REPO_ROOT,
    VoilaServer,
    canvas_pixel,
    click_canvas,
    evaluate_within,
    hermetic_context,
    lab_command,
    picture_wanted,
    save_picture,
    start_jupyterlab,
    start_voila,
    stop_servers,
    wait_for_canvas_color,
    wait_for_canvas_pixels,
)
from tests.support.imports import without_slow_imports

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright

__all__ = ["canvas_pixel", "click_canvas", "wait_for_canvas_color", "wait_for_canvas_pixels"]

CHROMIUM_ENV = "SHANGRILA_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
ARTIFACT_DIR = Path(
    os.environ.get("SHANGRILA_ARTIFACT_DIR", REPO_ROOT / "test-artifacts" / "browser")
)
VOILA_TIMEOUT = float(os.environ.get("SHANGRILA_VOILA_TIMEOUT", "60"))

VIEWPORT = {"width": 1000, "height": 700}
DEFAULT_TIMEOUT_MS = 30_000

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
    *HERMETIC_ARGS,  # every non-local request fails in the browser (tests.support.browser)
]

_BROWSER_DIR = str(Path(__file__).resolve().parent)


def _in_this_dir(item: pytest.Item) -> bool:
    return str(item.path).startswith(_BROWSER_DIR + os.sep)


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def chromium_path() -> str:
    return os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM


def missing_requirement() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    exe = chromium_path()
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        return (
            f"Chromium not found at {exe} (set ${CHROMIUM_ENV} or `apt-get install chromium`; "
            "`playwright install` is not used)"
        )
    for module, hint in (
        ("playwright", "pip install playwright"),
        ("voila", "pip install 'voila<0.6'"),
        ("jupyterlab", "pip install 'jupyterlab>=4,<5'"),
        ("nbformat", "pip install nbformat"),
        ("ipycanvas", "pip install ipycanvas"),
    ):
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            return f"Python package {module!r} is not importable ({hint})"
    return None


# --------------------------------------------------------------------------------------------
# Hooks
# --------------------------------------------------------------------------------------------


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of this directory ``browser`` (so ``-m 'not browser'`` deselects them)."""
    for item in items:
        if _in_this_dir(item):
            item.add_marker(pytest.mark.browser)


@dataclass
class BrowserDiagnostics:
    """What the page said while the test ran; attached to failure reports."""

    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    blocked_urls: list[str] = field(default_factory=list)

    def console_problems(self) -> list[str]:
        return [line for line in self.console if line.startswith(("[error]", "[warning]"))]

    def summary(self, max_lines: int = 60) -> str:
        parts = [
            f"page errors ({len(self.page_errors)}):",
            *("  " + e for e in self.page_errors[:max_lines]),
            f"blocked non-local requests ({len(self.blocked_urls)}):",
            *("  " + u for u in self.blocked_urls[:max_lines]),
            f"console errors/warnings ({len(self.console_problems())} of {len(self.console)}):",
            *("  " + c for c in self.console_problems()[-max_lines:]),
        ]
        return "\n".join(parts)


_PAGE_KEY = pytest.StashKey["Page"]()
_DIAG_KEY = pytest.StashKey[BrowserDiagnostics]()
_SERVERS_KEY = pytest.StashKey[list[VoilaServer]]()
_KEPT_KEY = pytest.StashKey["tuple[SharedLitePages, str]"]()


def artifact_stem(item: pytest.Item) -> str:
    """File-name-safe test name: ``test_x[param]`` -> ``test_x-param``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", item.name).strip("-")


def _save_failure_artifacts(item: pytest.Item, report: pytest.TestReport) -> None:
    ARTIFACT_DIR.mkdir(parents=True, exist_ok=True)
    stem = artifact_stem(item)
    saved: list[str] = []

    page = item.stash.get(_PAGE_KEY, None)
    if page is not None and not page.is_closed():
        shot = ARTIFACT_DIR / f"{stem}.png"
        try:
            page.screenshot(path=str(shot), full_page=True, timeout=10_000)
            saved.append(str(shot))
        except Exception as exc:  # a hung or crashed page must not hide the real failure
            saved.append(f"<screenshot failed: {exc!r}>")

    servers = item.stash.get(_SERVERS_KEY, [])
    for index, server in enumerate(servers):
        suffix = "" if len(servers) == 1 else f"-{index}"
        dest = ARTIFACT_DIR / f"{stem}.voila{suffix}.log"
        try:
            shutil.copyfile(server.log_path, dest)
            saved.append(str(dest))
        except OSError as exc:
            saved.append(f"<copying {server.log_path} failed: {exc!r}>")
        report.sections.append(
            (f"voila log{suffix} ({server.url}, alive={server.alive})", server.log_tail(8_000))
        )

    diag = item.stash.get(_DIAG_KEY, None)
    if diag is not None:
        console_log = ARTIFACT_DIR / f"{stem}.console.log"
        console_log.write_text(
            "\n".join(diag.console + ["", "page errors:"] + diag.page_errors) + "\n",
            encoding="utf-8",
        )
        saved.append(str(console_log))
        report.sections.append(("browser diagnostics", diag.summary()))

    if saved:
        report.sections.append(("browser artifacts", "\n".join(saved)))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """When setup or call of a test here fails, save the artifacts while the page is alive."""
    outcome: Any = yield
    report: pytest.TestReport = outcome.get_result()
    if report.failed and report.when in ("setup", "call") and _in_this_dir(item):
        _save_failure_artifacts(item, report)
        kept = item.stash.get(_KEPT_KEY, None)
        if kept is not None:  # a failed test may have left its kept page in any state
            pool, key = kept
            pool.discard(key)


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _browser_requirements() -> None:
    """Skip this directory (fail under ``CI=true``) when the browser stack is missing.

    Session-scoped so it runs before the session-scoped browser fixtures; pytest re-raises
    the cached skip/failure for every test.
    """
    reason = missing_requirement()
    if reason is None:
        return
    if _ci():
        pytest.fail(f"CI=true but browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


class VoilaFactory:
    """Callable returned by the ``voila_server`` fixture."""

    def __init__(self, pool: _VoilaPool, item: pytest.Item) -> None:
        self._pool = pool
        self._item = item
        self._owned: list[VoilaServer] = []
        self.servers: list[VoilaServer] = []
        """Servers used by this test, in first-use order."""

    def __call__(
        self, notebook_path: str | os.PathLike[str], *extra_args: str, shared: bool = True
    ) -> str:
        """Serve ``notebook_path`` with Voila and return the page URL (``http://127.0.0.1:P/``)."""
        notebook = Path(notebook_path).resolve()
        if not notebook.is_file():
            raise FileNotFoundError(notebook)
        if not extra_args:  # the worker's one Voila, serving a folder of notebooks
            server, url = self._pool.render(notebook, shared=shared)
        elif shared:
            server = self._pool.get(notebook, tuple(extra_args))
            url = server.url
        else:
            server = self._pool.start(notebook, tuple(extra_args))
            self._owned.append(server)
            url = server.url
        if server not in self.servers:
            self.servers.append(server)
            self._item.stash.setdefault(_SERVERS_KEY, []).append(server)
        return url

    @property
    def server(self) -> VoilaServer:
        """The most recently started/reused server of this test."""
        if not self.servers:
            raise LookupError("voila_server(...) has not been called in this test")
        return self.servers[-1]

    @property
    def env(self) -> dict[str, str]:
        """A copy of the environment the test servers run in (isolated Jupyter config and
        runtime dirs, the checkout on ``PYTHONPATH``): for servers a test starts itself."""
        return dict(self._pool.env)

    def adopt(self, server: VoilaServer) -> None:
        """Attach a server this test did not start through the factory (``python -m
        shangrila_widget tour``, the session's JupyterLab) so that a failure report carries
        its log; whoever started it stops it."""
        if server not in self.servers:
            self.servers.append(server)
            self._item.stash.setdefault(_SERVERS_KEY, []).append(server)

    def close(self) -> None:
        for server in self._owned:
            server.stop()
        self._owned.clear()


class _VoilaPool:
    """Session-wide Voila servers: one serving a folder (``root``) for every notebook served
    with Voila's default arguments, and one per notebook and extra arguments otherwise.

    A Voila server on a folder renders each notebook at ``voila/render/<path>`` and starts a
    kernel per page load, in the notebook's folder, as one on a single notebook does; one
    server for the worker saves a server start (and its stop) per notebook, and per test for
    the notebooks a test writes. Each notebook served is copied into ``root``, under a folder
    of its own, by its own name (the widgets read the page's address: the checker knows its
    page by the name ``dispute-checker.ipynb``)."""

    def __init__(
        self, log_dir: Path, env: dict[str, str], default_args: list[str], root: Path
    ) -> None:
        self.log_dir = log_dir
        self.env = env
        self.default_args = default_args
        self.root = root
        self._shared: dict[tuple[Path, tuple[str, ...]], VoilaServer] = {}
        self._others: list[VoilaServer] = []
        self._folder: VoilaServer | None = None
        self._copies: dict[Path, Path] = {}

    def render(self, notebook: Path, *, shared: bool) -> tuple[VoilaServer, str]:
        """The folder's server and the address of ``notebook`` there: the copy made for the
        notebook before if ``shared`` and its text is the same, else a new copy."""
        if self._folder is None or not self._folder.alive:
            self.root.mkdir(parents=True, exist_ok=True)
            self._folder = self.start(self.root, ())
        text = notebook.read_bytes()
        copy = self._copies.get(notebook) if shared else None
        if copy is None or copy.read_bytes() != text:
            copy = self.root / f"n{len(list(self.root.iterdir()))}" / notebook.name
            copy.parent.mkdir()
            copy.write_bytes(text)
            if shared:
                self._copies[notebook] = copy
        path = copy.relative_to(self.root).as_posix()
        return self._folder, f"{self._folder.url}voila/render/{quote(path)}"

    def start(self, notebook: Path, extra_args: tuple[str, ...]) -> VoilaServer:
        args = [*self.default_args, *extra_args]  # later arguments win
        return start_voila(notebook, self.log_dir, args, timeout=VOILA_TIMEOUT, env=self.env)

    def get(self, notebook: Path, extra_args: tuple[str, ...]) -> VoilaServer:
        key = (notebook, extra_args)
        server = self._shared.get(key)
        if server is None or not server.alive:
            server = self._shared[key] = self.start(notebook, extra_args)
        return server

    def stop_with_the_pool(self, server: VoilaServer) -> None:
        """Ask ``server`` (a session's other server) to stop now; the pool waits for it when
        it stops its own."""
        server.terminate()
        self._others.append(server)

    def close(self) -> None:
        """Stop every server at the session's end (after 1 s, killed)."""
        folder = [self._folder] if self._folder is not None else []
        stop_servers([*folder, *self._shared.values(), *self._others], patience=1.0)
        self._folder = None
        self._shared.clear()
        self._others.clear()


def voila_default_args(base: Path) -> list[str]:
    """Voila options every test server gets (before the test's own ``extra_args``)."""
    return [
        # Kernel connection files in the test's temp dir instead of /tmp/voila_*.
        f"--Voila.connection_dir_root={base}",
        # Voila 0.5.13's page shuts its kernel down on ``beforeunload`` with a sendBeacon POST
        # that carries no XSRF token: 403, the kernel lives on until the server stops
        # (voila-dashboards/voila#1458). On this 127.0.0.1-only test server, accept it.
        "--Voila.tornado_settings=disable_check_xsrf=True",
        # The package's template (FontAwesome from this server, not a CDN), as the commands.
        f"--template={TEMPLATE}",
    ]


@pytest.fixture(scope="session")
def _voila_pool(
    _browser_requirements: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[_VoilaPool]:
    base = tmp_path_factory.mktemp("voila")
    env = dict(os.environ)
    env.update(
        # Keep the user's Jupyter config and runtime files out (system/sys.prefix paths,
        # where the widget labextensions live, still apply).
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
        # Kernels inherit this: notebooks can import the package from the checkout.
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
    )
    env = voila_env(env)  # JUPYTER_PATH: where Voila finds the package's template
    env = without_slow_imports(env, base / "not-imported")  # 3 s less per server start
    pool = _VoilaPool(base / "logs", env, voila_default_args(base), base / "notebooks")
    yield pool
    pool.close()


@pytest.fixture
def voila_server(_voila_pool: _VoilaPool, request: pytest.FixtureRequest) -> Iterator[VoilaFactory]:
    """Factory fixture: ``url = voila_server(path, *voila_args, shared=True)``."""
    factory = VoilaFactory(_voila_pool, request.node)
    yield factory
    factory.close()


@pytest.fixture(scope="session")
def _playwright(_browser_requirements: None) -> Iterator[Playwright]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(_playwright: Playwright) -> Iterator[Browser]:
    """One headless Chromium for the session (each test gets its own context)."""
    browser = _playwright.chromium.launch(
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
    )
    yield browser
    with _browser_killed_after(60.0, "closing the browser"):
        try:
            browser.close()
        except Exception as error:  # noqa: BLE001 - killed above: the session ends anyway
            print(f"\nclosing the browser: {error!r}", file=sys.stderr)


#: A session's teardown waits this long for its shared pages to close before it kills the
#: browser (a Playwright call on a hung page would otherwise wait for ever).
TEARDOWN_SECONDS = 120.0


def _own_chromium_processes() -> list[int]:
    """The Chromium processes this worker started (through Playwright's driver)."""
    parents: dict[int, int] = {}
    names: dict[int, bytes] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                names[int(entry)] = cmdline.read(200)
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
    own = []
    for pid, name in names.items():
        if b"chromium" not in name and b"chrome" not in name:
            continue
        ancestor = parents.get(pid, 0)
        while ancestor > 1 and ancestor != os.getpid():
            ancestor = parents.get(ancestor, 0)
        if ancestor == os.getpid():
            own.append(pid)
    return own


@contextmanager
def _browser_killed_after(seconds: float, what: str) -> Iterator[None]:
    """Run the block; if it has not ended after ``seconds``, kill this worker's Chromium, so
    that the Playwright call it waits on returns (with an error) instead of never."""

    def kill() -> None:
        pids = _own_chromium_processes()
        print(f"\n{what}: not done after {seconds:g} s, killing Chromium {pids}", file=sys.stderr)
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    timer = threading.Timer(seconds, kill)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


@pytest.fixture
def browser_diagnostics(request: pytest.FixtureRequest) -> Iterator[BrowserDiagnostics]:
    """What the page said; fails the test at teardown if the page asked another host."""
    diag = BrowserDiagnostics()
    request.node.stash[_DIAG_KEY] = diag
    yield diag
    # A test that checks the blocking itself asks for a probe URL on purpose.
    urls = sorted({url for url in diag.blocked_urls if HERMETIC_PROBE not in url})
    if urls:
        pytest.fail(
            f"the page requested {len(urls)} URL(s) from a host other than 127.0.0.1 "
            "(refused; a school network may block them too):\n  " + "\n  ".join(urls),
            pytrace=False,
        )


@pytest.fixture
def browser_context(
    browser: Browser, browser_diagnostics: BrowserDiagnostics
) -> Iterator[BrowserContext]:
    """A fresh, hermetic browser context (no cookies, storage or cache from other tests)."""
    context = hermetic_context(
        browser, browser_diagnostics.blocked_urls, viewport=VIEWPORT, timeout_ms=DEFAULT_TIMEOUT_MS
    )
    yield context
    context.close()


@pytest.fixture
def browser_page(
    browser_context: BrowserContext,
    browser_diagnostics: BrowserDiagnostics,
    request: pytest.FixtureRequest,
) -> Iterator[Page]:
    """A Playwright ``Page`` (sync API) in a fresh hermetic context; see the module docstring."""
    page = browser_context.new_page()

    def on_console(message: ConsoleMessage) -> None:
        browser_diagnostics.console.append(f"[{message.type}] {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: browser_diagnostics.page_errors.append(str(error)))
    request.node.stash[_PAGE_KEY] = page
    yield page
    if request.node.stash.get(_PAGE_KEY, None) is page:
        del request.node.stash[_PAGE_KEY]
    if not page.is_closed():
        try:  # JupyterLab and Notebook 7 keep a page's kernel after the page is gone: stop it
            evaluate_within(page, LAB_SHUTDOWN_JS)
        except Exception:  # noqa: BLE001 - best effort, the server stops at the end anyway
            pass
    _leave_page(page)


def _leave_page(page: Page, timeout: float = 5.0) -> None:
    """Close the page *with* ``beforeunload`` so that Voila's handler asks the server to stop
    the page's kernel; otherwise kernels pile up on a shared server until it stops.

    Closing the context skips ``beforeunload``; navigating to ``about:blank`` fires it but,
    with request routing on, the beacon never reached the server (measured). Best effort: a
    broken page must not turn the test result into a teardown error.
    """
    if page.is_closed():
        return
    try:
        # close(run_before_unload=True) returns at once; wait until the page is really gone.
        with page.expect_event("close", timeout=timeout * 1000):
            page.close(run_before_unload=True)
    except Exception:  # noqa: BLE001
        pass


@pytest.fixture
def save_screenshot(request: pytest.FixtureRequest) -> Callable[..., Path]:
    """``save_screenshot(label=None, full_page=True, always=False) -> Path``: save a screenshot
    right now if the run has ``--screenshots`` or ``always`` (see the module docstring)."""

    def save(label: str | None = None, *, full_page: bool = True, always: bool = False) -> Path:
        stem = artifact_stem(request.node)
        if label:
            stem += "-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", label)
        path = ARTIFACT_DIR / f"{stem}.png"
        if not picture_wanted(always):  # and no page made for a picture not taken
            return path
        page = request.node.stash.get(_PAGE_KEY, None)  # the test's page, or a kept one
        if page is None:
            page = request.getfixturevalue("browser_page")
        return save_picture(page, path, always=always, full_page=full_page)

    return save


# --------------------------------------------------------------------------------------------
# JupyterLab, and one way to open a page with a board in either environment
# --------------------------------------------------------------------------------------------

# JupyterLab's own settings for the tests: no news or update toasts over the picture.
_LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": (
        '{"fetchNews": "false", "checkForUpdates": false}'
    ),
}

LAB_READY_JS = """() => {
    const app = window.jupyterapp;
    const panel = app && app.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session &&
        panel.sessionContext.session.kernel;
    return !!(kernel && kernel.status === 'idle' && panel.content && panel.content.widgets.length);
}"""

LAB_SHUTDOWN_JS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return panel && panel.sessionContext ? panel.sessionContext.shutdown() : null;
}"""


@pytest.fixture(scope="session")
def lab_server(
    _voila_pool: _VoilaPool, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VoilaServer]:
    """A session-wide JupyterLab 4 serving an empty temporary directory (see the docstring)."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    settings = base / "settings"
    for name, text in _LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = dict(_voila_pool.env, JUPYTERLAB_SETTINGS_DIR=str(settings))
    server = start_jupyterlab(root, base / "logs", timeout=VOILA_TIMEOUT, env=env)
    yield server
    _voila_pool.stop_with_the_pool(server)  # stopped side by side with the Voila servers


@pytest.fixture(scope="session")
def notebook7_server(
    _voila_pool: _VoilaPool, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[VoilaServer]:
    """A session-wide Notebook 7 serving an empty temporary directory (as ``lab_server``)."""
    from tests.support.browser import start_notebook7

    if shutil.which("jupyter-notebook") is None and importlib.util.find_spec("notebook") is None:
        pytest.skip("Notebook 7 (the notebook package) is not installed")
    base = tmp_path_factory.mktemp("notebook7")
    root = base / "root"
    root.mkdir()
    server = start_notebook7(root, base / "logs", timeout=VOILA_TIMEOUT, env=_voila_pool.env)
    yield server
    _voila_pool.stop_with_the_pool(server)  # stopped side by side with the Voila servers


# The key (``BoardOpener``) of the kept notebook open in the worker's JupyterLab page, if any.
_KEPT_NOTEBOOK_JS = "() => window.__shangrilaKeptNotebook || null"
# The page's scroll state: what scrolls, and by how much (``keep=True`` puts it back).
_SCROLLS_JS = """() => {
    window.__shangrilaScrolls = [...document.querySelectorAll('*')]
        .filter(e => e.scrollTop || e.scrollLeft).map(e => [e, e.scrollTop, e.scrollLeft]);
    window.__shangrilaWindowScroll = [window.scrollX, window.scrollY];
}"""
_RESTORE_SCROLLS_JS = """() => {
    for (const e of document.querySelectorAll('*')) if (e.scrollTop || e.scrollLeft) {
        e.scrollTop = 0; e.scrollLeft = 0;
    }
    for (const [e, top, left] of window.__shangrilaScrolls || []) {
        e.scrollTop = top; e.scrollLeft = left;
    }
    const [x, y] = window.__shangrilaWindowScroll || [0, 0];
    window.scrollTo(x, y);
}"""


class BoardOpener:
    """Callable returned by the ``open_board`` fixture."""

    def __init__(
        self,
        request: pytest.FixtureRequest,
        page: Page | None,
        voila: VoilaFactory,
        device: Device | None = None,
    ) -> None:
        """``page``: the page to load into (a test's own, in a context it made, e.g. with a
        touch screen); None: ``browser_page`` (or, for JupyterLab, the worker's JupyterLab
        page of ``device``: one per device, None a desktop's), made when first needed."""
        self._request = request
        self._page = page
        self._voila = voila
        self._device = device
        self._lab_pages = 0
        self._lab_app_page: Page | None = None
        self._lab_app_fresh = False
        self.env = ""
        self.timings: dict[str, float] = {}
        """Seconds per step of the last page opened (see the module docstring)."""
        self.canvas_index = -1
        """Document-order index of the first canvas that had pixels (-1: not waited for)."""
        self.reused = False
        """Whether the last page opened was a kept page used before (``keep=True``)."""
        self._kept: tuple[str, Page] | None = None  # the kept page's key (see let_go)

    def __call__(
        self,
        notebook: str | os.PathLike[str] | None = None,
        *voila_args: str,
        cells: Sequence[str] | None = None,
        url: str | None = None,
        env: str = "voila",
        viewport: tuple[int, int] | None = None,
        file_browser: bool = False,
        shared: bool | None = None,
        wait: bool = True,
        timeout: float = 60.0,
        keep: bool = False,
    ) -> Page:
        """Open the page (see the module docstring); ``timeout`` is in seconds."""
        self.timings = {}
        self.canvas_index = -1
        self.reused = False
        self._kept = None
        if (notebook is None) == (url is None):
            raise ValueError("open_board needs a notebook or a url, not both")
        if env not in ("voila", "lab", "notebook7"):
            raise ValueError(f"env must be 'voila', 'lab' or 'notebook7', not {env!r}")
        if url is not None and (voila_args or env != "voila"):
            raise ValueError("url=... opens a page as served: no Voila arguments, no Lab")
        if voila_args and env != "voila":
            raise ValueError(f"Voila arguments do not apply to env={env!r}")
        kept_in_lab_app = None  # the key of a kept notebook opened in the JupyterLab page
        if keep:
            if shared is False:
                raise ValueError("keep=True keeps the page of a shared server")
            kept_as = (env, url, notebook and str(notebook), voila_args, cells, file_browser)
            key = repr((*kept_as, self._device))
            if env == "lab" and notebook is not None and self._page is None:
                # A kept JupyterLab notebook stays open in the worker's JupyterLab page until
                # another notebook is opened there (2-3 s, not a JupyterLab load of 6-8 s).
                page = self._lab_app(viewport)
                self._kept = (LAB_APP, page)
                if not self._lab_app_fresh and page.evaluate(_KEPT_NOTEBOOK_JS) == key:
                    self._lab_app_page = None  # it stays open when this test ends
                    self.reused = True
                    self.env = env
                    page.evaluate(_RESTORE_SCROLLS_JS)
                    costs.note("page-kept", key)
                    return page
                kept_in_lab_app = key
            else:
                page, fresh = self._kept_page(key, viewport, self._device)
                self._kept = (key, page)
            if kept_in_lab_app is None and not fresh:
                self.reused = True
                self.env = env
                if notebook is not None and env == "voila":
                    self._voila(self._notebook_file(notebook, cells, kept=True), *voila_args)
                page.evaluate(_RESTORE_SCROLLS_JS)
                costs.note("page-kept", key)
                return page
        elif self._page is None and env == "lab" and notebook is not None:
            page = self._lab_app(viewport)
        else:  # the test's own page (``browser_page`` made when first asked for, or given)
            if self._page is None and self._device is not None:
                raise ValueError("a device's page is kept, its JupyterLab page, or the test's own")
            page = self._page or self._request.getfixturevalue("browser_page")
            if viewport is not None:
                page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        if notebook is not None:
            start = time.perf_counter()
            notebook = self._notebook_file(notebook, cells, kept=keep)
            if cells is not None:
                self.timings["write_notebook"] = time.perf_counter() - start
                if shared is None:
                    shared = keep  # a server per test for a notebook of the test's own
        self.env = env
        if notebook is not None and env == "voila":
            url = self._voila(notebook, *voila_args, shared=True if shared is None else shared)
            self.timings["voila_start"] = self._voila.server.startup_seconds
        start = time.perf_counter()
        if url is not None:
            page.goto(url, timeout=timeout * 1000)
        else:
            assert notebook is not None
            self._open_in_lab(page, Path(notebook), timeout, env, file_browser, kept=keep)
        self.timings["goto"] = time.perf_counter() - start
        if wait:
            from tests.support.browser import wait_for_canvas_pixels

            self.canvas_index = wait_for_canvas_pixels(page, timeout=timeout)
            self.timings["load_to_pixels"] = time.perf_counter() - start
        where = f"{env} {Path(notebook).name}" if notebook is not None else str(url)
        costs.note("page", where, time.perf_counter() - start)
        if keep:
            if env != "voila":  # the notebook has run (JupyterLab scrolls as cells run)
                page.wait_for_function(LAB_READY_JS, timeout=timeout * 1000, polling=100)
                page.wait_for_timeout(300)
            page.evaluate(_SCROLLS_JS)
        if kept_in_lab_app is not None:
            page.evaluate("(key) => { window.__shangrilaKeptNotebook = key; }", kept_in_lab_app)
            self._lab_app_page = None  # it stays open when this test ends
        return page

    def _notebook_file(
        self, notebook: str | os.PathLike[str], cells: Sequence[str] | None, *, kept: bool
    ) -> Path:
        """The notebook to serve: ``notebook``, or one of ``cells`` written for this test
        (into its ``tmp_path``) or, for a kept page, for the session (one file per text)."""
        if cells is None:
            return Path(notebook)
        from tests.support.browser import write_notebook

        if kept:
            folder: Path = self._request.getfixturevalue("_kept_notebooks")
            digest = hashlib.sha256(repr(list(cells)).encode()).hexdigest()[:12]
            path = folder / digest / Path(notebook).name
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                write_notebook(path, *cells)
            return path
        tmp_path: Path = self._request.getfixturevalue("tmp_path")
        return write_notebook(tmp_path / notebook, *cells)

    def _lab_app(self, viewport: tuple[int, int] | None) -> Page:
        """The worker's JupyterLab page (kept with the kept pages, :data:`LAB_APP`): loaded
        once, each notebook opened in it as a person opens another notebook, after the last
        one's kernel is stopped and its tab closed (at the end of the test that opened it).
        JupyterLab's scripts are most of a JupyterLab page load; a failed test closes the
        page (the next test loads it again)."""
        page, fresh = self._kept_page(self._lab_app_key(), viewport, self._device)
        self._lab_app_page, self._lab_app_fresh = page, fresh
        return page

    def _lab_app_key(self) -> str:
        return LAB_APP if self._device is None else f"{LAB_APP} {self._device}"

    def _kept_page(
        self, key: str, viewport: tuple[int, int] | None, device: Device | None = None
    ) -> tuple[Page, bool]:
        """The kept page for ``key`` at ``viewport`` (and whether it is new), named as this
        test's page for screenshots and failure reports, and closed if the test fails."""
        kept: SharedLitePages = self._request.getfixturevalue("kept_pages")
        diagnostics: BrowserDiagnostics = self._request.getfixturevalue("browser_diagnostics")
        size = viewport or (VIEWPORT["width"], VIEWPORT["height"])
        page, fresh = kept.page_for(key, diagnostics, {"width": size[0], "height": size[1]}, device)
        self._request.node.stash[_PAGE_KEY] = page  # screenshots and failure reports
        self._request.node.stash[_KEPT_KEY] = (kept, key)  # closed if the test fails
        return page, fresh

    def let_go(self) -> None:
        """Close the kept page this test was given (``keep=True``) and stop its kernel: the
        test changed it for good (the next test that keeps it loads it again). For a test
        that may take a kept page, as the last to use it, because it changes it."""
        kept, self._kept = self._kept, None
        if kept is None:  # the test's page was not a kept one: nothing to let go
            return
        if kept[0] == LAB_APP:  # a kept notebook in the worker's JupyterLab page: forgotten
            kept[1].evaluate("() => { window.__shangrilaKeptNotebook = null; }")
            return
        pool: SharedLitePages = self._request.getfixturevalue("kept_pages")
        pool.discard(kept[0])

    def close(self) -> None:
        """Stop the kernel of the notebook this test opened in the worker's JupyterLab page
        and close its tab (the next test opens its own there)."""
        page, self._lab_app_page = self._lab_app_page, None
        if page is not None and not page.is_closed():
            try:
                evaluate_within(page, _LAB_CLOSE_ALL_JS)
            except Exception:  # noqa: BLE001 - the next test then loads the page again
                self._request.getfixturevalue("kept_pages").discard(self._lab_app_key())
        if self._page is not None and self._lab_pages and not self._page.is_closed():
            try:  # a page the test gave: stop its notebook's kernel (the server lives on)
                evaluate_within(self._page, LAB_SHUTDOWN_JS)
            except Exception:  # noqa: BLE001 - best effort, the server stops at the end anyway
                pass

    def _open_in_lab(
        self, page: Page, notebook: Path, timeout: float, env: str, file_browser: bool, kept: bool
    ) -> None:
        lab = env == "lab"
        server: VoilaServer = self._request.getfixturevalue(
            "lab_server" if lab else "notebook7_server"
        )
        self._voila.adopt(server)  # its log goes into a failure report
        if not kept:
            self._lab_pages += 1  # its kernel is stopped when the test ends
        # A copy per page: its own kernel session, and Lab never writes into the checkout.
        stem = artifact_stem(self._request.node)[:60]
        name = f"{notebook.stem}-{stem}-{self._lab_pages}{'-kept' if kept else ''}.ipynb"
        shutil.copyfile(notebook, server.notebook / name)
        if lab and page is self._lab_app_page and not self._lab_app_fresh:
            # The worker's JupyterLab page, its last notebook closed: open this one there.
            # The width the last board reported to the page's pointer guard is forgotten, so
            # that a test waiting for it waits for this notebook's board.
            evaluate_within(page, _LAB_CLOSE_ALL_JS)
            page.evaluate(
                "() => { if (window.__shangrilaPointer) window.__shangrilaPointer.boardWidth = 0; }"
            )
            evaluate_within(page, _LAB_OPEN_ONLY_JS, name, seconds=60)
            costs.note("lab-app-reused", name)
        elif lab:
            # A fresh workspace (``?reset``): only this notebook is open, whatever ran before.
            page.goto(
                f"{server.url}lab/workspaces/{Path(name).stem}/tree/{name}?reset",
                timeout=timeout * 1000,
            )
        else:
            page.goto(f"{server.url}notebooks/{name}", timeout=timeout * 1000)
        page.wait_for_function(LAB_READY_JS, timeout=timeout * 1000, polling=100)
        if lab:
            command = "filebrowser:activate" if file_browser else None
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
            if command:
                lab_command(page, command)
        lab_command(page, "notebook:run-all-cells", seconds=timeout)


#: The key of the worker's JupyterLab page among the kept pages (``BoardOpener._lab_app``).
LAB_APP = "jupyterlab-app"

# Stop the kernels of the notebooks open in JupyterLab and close their tabs, without the
# "save your changes?" dialog (running the cells changed the notebook).
_LAB_CLOSE_ALL_JS = """async () => {
    const app = window.jupyterapp;
    window.__shangrilaKeptNotebook = null;
    for (const widget of [...app.shell.widgets('main')]) {
        if (widget.sessionContext) await widget.sessionContext.shutdown();
        if (widget.context && widget.context.model) widget.context.model.dirty = false;
        widget.dispose();
    }
}"""

# Open the notebook ``path`` and close every other tab (the Launcher JupyterLab opens when
# its last tab closed): only this notebook is open, as in a fresh workspace.
_LAB_OPEN_ONLY_JS = """async (path) => {
    const app = window.jupyterapp;
    const opened = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
    for (const widget of [...app.shell.widgets('main')]) if (widget !== opened) widget.dispose();
    app.shell.activateById(opened.id);
}"""


@pytest.fixture
def open_board(request: pytest.FixtureRequest, voila_server: VoilaFactory) -> Iterator[BoardOpener]:
    """``open_board(notebook, *voila_args, cells=None, url=None, env="voila" | "lab",
    viewport=None, shared=None, wait=True, keep=False) -> Page`` (see the module docstring).

    A kept page (``keep=True``) needs no page of the test's own: ``browser_page`` (a fresh
    browser context) is made only for a page this test loads itself; its teardown stops a
    JupyterLab or Notebook 7 page's kernel (the servers live for the session). A JupyterLab
    page that is not kept is the worker's one JupyterLab page (``BoardOpener._lab_app``)."""
    opener = BoardOpener(request, None, voila_server)
    yield opener
    opener.close()


#: How many pages ``open_board(..., keep=True)`` keeps open per worker (each has a kernel),
#: the worker's JupyterLab pages (``LAB_APP``) among them and let go last: with 5, the layout
#: files' kept pages pushed the JupyterLab page out, and 20 of the 30 JupyterLab notebooks a
#: run opens were whole JupyterLab loads (6-8 s; opened in the kept page, 2-3 s).
KEPT_PAGES = 8


@pytest.fixture(scope="session")
def kept_pages(browser: Browser, _voila_pool: _VoilaPool) -> Iterator[SharedLitePages]:
    """The boards ``open_board(..., keep=True)`` keeps loaded for later tests (closed before
    the servers stop: ``_voila_pool`` is set up first, torn down last)."""
    pages = SharedLitePages(browser, service_workers="block", limit=KEPT_PAGES)
    yield pages
    with _browser_killed_after(TEARDOWN_SECONDS, "closing the kept pages"):
        pages.close()


@pytest.fixture(scope="session")
def _kept_notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where ``open_board(name, cells=..., keep=True)`` writes its notebooks (one per text)."""
    return tmp_path_factory.mktemp("kept-notebooks")


# --------------------------------------------------------------------------------------------
# The static site (JupyterLite), built once for the session
# --------------------------------------------------------------------------------------------


@dataclass
class OfflineLiteSite:
    """The offline static site (``lite --pyodide DIR``), served on 127.0.0.1."""

    pyodide: Path
    """The assembled Pyodide folder it was built from."""
    url: str
    folder: Path
    build_seconds: float


@contextmanager
def _built_once(factory: pytest.TempPathFactory, name: str) -> Iterator[tuple[Path, Path]]:
    """A folder for something built once per test run, and the file that says it is built
    (``done``): under pytest-xdist the workers of one run share it (the first to come builds
    it while the others wait; they all only read it then), in one process it is the
    session's. Where ``fcntl`` is missing each worker builds its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        fcntl = None  # type: ignore[assignment]
    if worker is None or fcntl is None:
        base = factory.mktemp(name)
        yield base, base / ".built"
        return
    base = factory.getbasetemp().parent / f"shared-{name}"  # the run's, not the worker's
    base.mkdir(exist_ok=True)
    with (base / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield base, base / ".built"
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def offline_lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OfflineLiteSite]:
    """The offline site, built once for the test run (its workers share it: ``_built_once``)
    and shared by the static site's browser tests (a build takes a minute or two; see
    ``tests/browser/test_lite_browser.py``)."""
    from tests.browser import test_lite_browser as lite

    lite.require_lite()
    with _built_once(tmp_path_factory, "lite") as (base, done):
        pyodide, folder = base / "pyodide", base / "offline"
        if done.exists():  # another worker of this run built it: the same site
            seconds = float(done.read_text(encoding="utf-8"))
        else:
            for partial in (pyodide, folder):  # of a build that failed half-way
                shutil.rmtree(partial, ignore_errors=True)
            lite.assemble_pyodide(pyodide)
            started = time.monotonic()
            lite.build(folder, "--pyodide", str(pyodide))
            seconds = time.monotonic() - started
            lite.expose_app(folder)
            done.write_text(f"{seconds}", encoding="utf-8")
    servers: list[Any] = []
    try:
        yield OfflineLiteSite(pyodide, lite.serve_folder(folder, servers), folder, seconds)
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


class _ToCurrent(list[str]):
    """A list that hands what is appended to the current test's list (``target``)."""

    def __init__(self) -> None:
        super().__init__()
        self.target: list[str] = []

    def append(self, item: str) -> None:
        self.target.append(item)


@dataclass
class _SharedLitePage:
    page: Page
    diagnostics: BrowserDiagnostics
    blocked: _ToCurrent


@dataclass(frozen=True)
class Device:
    """What a browser context is made as: a touch screen, a phone's browser (``is_mobile``:
    the page's viewport meta tag counts) and its device pixels per CSS pixel."""

    has_touch: bool = False
    is_mobile: bool = False
    device_scale_factor: float = 1

    def context_options(self) -> dict[str, Any]:
        """The keywords of :func:`~tests.support.browser.hermetic_context` it sets."""
        return {
            "has_touch": self.has_touch,
            "is_mobile": self.is_mobile,
            "device_scale_factor": self.device_scale_factor,
        }


#: A phone's browser (``test_phone_browser.py``): touch, ``is_mobile``, 3 device pixels.
PHONE = Device(has_touch=True, is_mobile=True, device_scale_factor=3)


class SharedLitePages:
    """Pages loaded once for the session (per worker), one per key, for the tests that do
    not disturb each other on them: the static site's pages (each load starts Python in the
    page: Pyodide, 20-60 s) and the boards ``open_board(..., keep=True)`` keeps (each load
    starts a kernel and runs the notebook). :meth:`get` gives the page (a new one on first
    use: the caller loads it) with what it says from then on going to the calling test's
    ``browser_diagnostics``; the test sets the window's size it needs and leaves the page as
    a person would find it (presenter mode off). At most ``limit`` pages stay open: the one
    used longest ago is closed first (its kernel stopped)."""

    def __init__(self, browser: Browser, *, service_workers: str = "allow", limit: int = 0):
        self._browser = browser
        self._service_workers = service_workers
        self._limit = limit
        self._pages: dict[str, _SharedLitePage] = {}

    def get(
        self, url: str, diagnostics: BrowserDiagnostics, viewport: dict[str, int]
    ) -> tuple[Page, bool]:
        """The page of ``url`` and whether it was loaded just now (False: used before)."""
        page, fresh = self.page_for(url, diagnostics, viewport)
        if fresh:
            costs.note("lite-page", url)
            page.goto(url)
        return page, fresh

    def page_for(
        self,
        key: str,
        diagnostics: BrowserDiagnostics,
        viewport: dict[str, int],
        device: Device | None = None,
    ) -> tuple[Page, bool]:
        """The page kept under ``key`` and whether it is new (blank: the caller loads it),
        in a browser context of ``device`` (None: a desktop's) when it is new."""
        shared = self._pages.pop(key, None)
        if shared is not None and shared.page.is_closed():
            shared = None
        fresh = shared is None
        if shared is None:
            while self._limit and len(self._pages) >= self._limit:
                # the one used longest ago, a worker's JupyterLab page last (every JupyterLab
                # notebook that is not kept opens there: a new one is a whole JupyterLab load)
                oldest = min(self._pages, key=lambda k: k.startswith(LAB_APP))
                self._close(self._pages.pop(oldest))
            blocked = _ToCurrent()
            context = hermetic_context(
                self._browser,
                blocked,
                viewport=viewport,
                service_workers=self._service_workers,
                timeout_ms=DEFAULT_TIMEOUT_MS,
                **(device or Device()).context_options(),
            )
            shared = _SharedLitePage(context.new_page(), diagnostics, blocked)
            holder = shared

            def on_console(message: ConsoleMessage) -> None:
                holder.diagnostics.console.append(f"[{message.type}] {message.text}")

            shared.page.on("console", on_console)
            shared.page.on("pageerror", lambda e: holder.diagnostics.page_errors.append(str(e)))
        self._pages[key] = shared  # the most recently used last
        shared.diagnostics = diagnostics
        shared.blocked.target = diagnostics.blocked_urls
        shared.page.set_viewport_size(viewport)  # type: ignore[arg-type]
        return shared.page, fresh

    def discard(self, key: str) -> None:
        """Close the page kept under ``key`` (a test failed on it): the next test loads it."""
        shared = self._pages.pop(key, None)
        if shared is not None:
            self._close(shared)

    @staticmethod
    def _close(shared: _SharedLitePage) -> None:
        if not shared.page.is_closed():
            try:  # JupyterLab and Notebook 7 keep a kernel after its page is gone: stop it
                evaluate_within(shared.page, LAB_SHUTDOWN_JS)
            except Exception:  # noqa: BLE001 - best effort, the server stops at the end anyway
                pass
        _leave_page(shared.page)  # Voila stops the page's kernel
        shared.page.context.close()

    def close(self) -> None:
        """Close every page at the session's end: only their contexts (best effort). Their
        kernels are not stopped one by one, as when a page is let go during the run: the
        servers stop next and shut every kernel down at once (one by one it took seconds)."""
        for shared in self._pages.values():
            try:
                shared.page.context.close()
            except Exception as error:  # noqa: BLE001
                print(f"\nclosing a kept page: {error!r}", file=sys.stderr)
        self._pages.clear()


@pytest.fixture(scope="session")
def shared_lite_pages(browser: Browser) -> Iterator[SharedLitePages]:
    """See :class:`SharedLitePages`."""
    pages = SharedLitePages(browser)
    yield pages
    with _browser_killed_after(TEARDOWN_SECONDS, "closing the static site's pages"):
        pages.close()

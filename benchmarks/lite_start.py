"""A cold page of the static site to a drawn board, with where the time goes, against Voila.

Builds the offline site (``python -m shangrila_widget lite OUT --pyodide DIR``) from the
Pyodide folder the browser test assembles (npm's Pyodide core, PyPI's pure-Python wheels and
the test's numpy/Pillow stand-ins, all cached in ``.lite-cache/``: offline once cached),
serves it and Voila on 127.0.0.1, and opens each page in a new headless Chromium (nothing
cached) ``--runs`` times. Run from the checkout:

    python -m benchmarks.lite_start --runs 3

The site's page is its ready page (the REPL told to show ``--notebook``), with two
timestamps added to the code it runs, so that the breakdown can say when Python started the
notebook, and the kernel's Web Worker of the site made to log when it starts Pyodide, when
Pyodide has started with its packages, and when the kernel has started
(:func:`instrument_worker`: three ``console.log`` calls in the site's copy, two more where the
page starts Python early, nothing else).
Phases (seconds, each from the end of the one before):

* ``page``: JupyterLab's page (JavaScript) until it starts the kernel's Web Worker (on a site
  whose ready pages start Python early, :mod:`shangrila_widget.lite.early`, the page's first
  script starts it);
* ``worker``: the worker's own start until it calls Pyodide (its JavaScript loaded; with the
  early start, until JupyterLab's page has loaded and its kernel asks for the worker's
  Pyodide, whose start began with the worker);
* ``pyodide``: Pyodide's start (WebAssembly, the standard library) with the packages the
  page preloads (``loadPyodideOptions.packages``): Pyodide fetches them while it starts and
  unpacks them once Python runs, so the two are one phase; ``wheels`` (not a phase) says when
  the last wheel had arrived, from the worker's start;
* ``kernel``: the kernel's start (``piplite``, ``pyodide_kernel``: IPython), until the
  kernel is ready;
* ``code``: until the page's code starts (the REPL sends it once the kernel is idle);
* ``import``: ``from shangrila_widget.lite.runner import show_notebook``;
* ``notebook``: the notebook's cells run (the widgets' imports, the board made) and its first
  board drawn, until the page's canvas has pixels (the two overlap: the page draws the first
  board while Python runs the next cells).

A site whose worker cannot be instrumented (another kernel version) gets the older phases:
``pyodide`` until the first wheel was asked for, ``packages`` until the last arrived,
``kernel`` the rest until the code starts.

* ``early_from``, ``early_to``: not phases but times from navigation, with the early start:
  when the worker began and ended Pyodide's start with the packages (``pyodide`` is then what
  was left of it when the kernel asked);
* ``picture``: not a phase but a time from navigation: when the board's picture made at
  build time (:mod:`shangrila_widget.lite.picture`) is shown, long before the live board;
  absent for a site that has none.

``total`` is the time to the LIVE board (its canvas painted, clicks work), ``picture`` the
time to the first board seen.

``--before REF`` builds a second site from the git revision ``REF`` of this checkout (the
same Pyodide folder) and runs the two in turn, run by run, so that both meet the same load;
it prints each breakdown and then the medians before and after side by side.

The load average is printed with each run: the machine is shared, wall times are noisy; the
browser's CPU time to the drawn board is printed too. The
last line printed is one JSON object (medians per page and phase).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import sync_playwright

from shangrila_widget.lite import pages
from shangrila_widget.serve import notebook_source, voila_env
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, voila_default_args
from tests.browser.test_lite_browser import CACHE, _serve, assemble_pyodide
from tests.support.browser import REPO_ROOT, start_voila, wait_for_canvas_pixels

PHASES = ("page", "worker", "pyodide", "kernel", "code", "import", "notebook")
OLD_PHASES = ("page", "pyodide", "packages", "kernel", "import", "notebook")
MARK = "shangrila-start-marks"
WORKER_MARK = "shangrila-worker-mark"
WORKER_STEPS = (
    "await this.initRuntime(e),",
    "await this.initFilesystem(e),",
    "await this.initKernel(e),",
)
"""Where :func:`instrument_worker` logs a mark in the kernel's worker (0.8's minified code):
before Pyodide's start, after it, after the kernel's."""
EARLY_STEPS = (
    "const started = import(early.pyodideUrl)",
    "started.catch(() => {}).finally(() => { self.fetch = fetchAll; });",
)
"""Where it logs ``e0`` and ``e1`` in a worker that the page started early
(:mod:`shangrila_widget.lite.early`): when Pyodide's start begins, when it has ended."""
PICTURE_JS = """() => {
    const picture = document.querySelector('.shangrila-first-board img');
    return !!picture && picture.complete && picture.naturalWidth > 0;
}"""


def timed_code(name: str) -> str:
    """The ready page's code with ``Date.now()`` logged before and after its import."""
    return (
        "import js as _js; _a = _js.Date.now()\n"
        "try:\n"
        "    from shangrila_widget.lite.runner import show_notebook\n"
        "except ImportError:  # a site built before lite/ was a package\n"
        "    from shangrila_widget.lite import show_notebook\n"
        f'_js.console.log(f"{MARK} {{_a}} {{_js.Date.now()}}")\n'
        f'show_notebook("{name}")'
    )


def instrument_worker(site: Path) -> bool:
    """Make the kernel's Web Worker of ``site`` log :data:`WORKER_MARK` with ``Date.now()``
    at :data:`WORKER_STEPS` (once: a site instrumented already is left as it is). False
    when its code is not the one expected (the benchmark then gives the older phases)."""
    static = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    for worker in sorted(static.glob("comlink.worker.*.js")):
        text = worker.read_text(encoding="utf-8")
        if WORKER_MARK in text:
            return True
        if not all(text.count(step) == 1 for step in WORKER_STEPS):
            return False
        for i, step in enumerate(WORKER_STEPS):
            log = f'console.log("{WORKER_MARK} {i} "+Date.now()),'
            text = text.replace(step, log + step if i < 2 else step + log)
        if all(text.count(step) == 1 for step in EARLY_STEPS):
            begin, end = EARLY_STEPS
            text = text.replace(begin, f'console.log("{WORKER_MARK} e0 "+Date.now()); {begin}')
            done = f'started.then(() => console.log("{WORKER_MARK} e1 "+Date.now()), () => {{}});'
            text = text.replace(end, f"{end} {done}")
        worker.write_text(text, encoding="utf-8")
        return True
    return False


def build(out: Path, site: Path, source: Path = REPO_ROOT) -> Path:
    """The offline site, built as a school builds it (the test's assembled Pyodide), by the
    package in the checkout ``source``."""
    import subprocess

    pyodide = out / "pyodide"
    if not pyodide.is_dir():
        assemble_pyodide(pyodide)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "shangrila_widget", "lite", str(site)]
    command += ["--pyodide", str(pyodide), "--cache", str(CACHE)]
    subprocess.run(command, check=True, env=env, capture_output=True, cwd=source)
    return site


def checkout(ref: str, target: Path) -> Path:
    """The files of this checkout's git revision ``ref`` in ``target``."""
    import subprocess
    import tarfile

    archive = target.with_suffix(".tar")
    with open(archive, "wb") as handle:
        subprocess.run(["git", "archive", ref], cwd=REPO_ROOT, check=True, stdout=handle)
    with tarfile.open(archive) as opened:
        opened.extractall(target, filter="data")
    return target


def cpu_seconds() -> float:
    """The CPU time (user and system) of this process's descendants now (the browser's
    processes), from ``/proc``: a figure that the machine's other work disturbs less than
    wall time."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        times[int(entry.name)] = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total / os.sysconf("SC_CLK_TCK")


def lite_run(browser_type: Any, url: str, timeout: float, pictures: bool) -> dict[str, float]:
    """One cold page of the site: its phases (seconds); with ``pictures``, the time to the
    first picture of the board too."""
    cpu = cpu_seconds()
    browser = browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    events: list[tuple[float, str, str]] = []  # (epoch seconds, kind, text)

    def note(kind: str, text: str) -> None:
        events.append((time.time(), kind, text))

    def on_worker(worker: Any) -> None:
        note("worker", worker.url)
        worker.on("console", lambda message: note("console", message.text))

    try:
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        page.on("worker", on_worker)
        page.on("request", lambda request: note("request", request.url))
        page.on("requestfinished", lambda request: note("fetched", request.url))
        started = time.time()
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        picture: float | None = None
        if pictures:
            page.wait_for_function(PICTURE_JS, polling=50, timeout=timeout * 1000)
            picture = time.time() - started
        wait_for_canvas_pixels(page, timeout=timeout, poll_ms=50)
        drawn = time.time()
        cpu = cpu_seconds() - cpu
    finally:
        browser.close()
    marks = [text.split()[1:] for _, kind, text in events if text.startswith(MARK)]
    if not marks:
        raise RuntimeError("the page drew a board but logged no marks")
    code, imported = (float(m) / 1000 for m in marks[0])
    worker = min(t for t, kind, _ in events if kind == "worker")
    wheels = [t for t, kind, url in events if kind in ("request", "fetched") and ".whl" in url]
    wheels = [t for t in wheels if t <= code]
    first = min(wheels, default=code)
    fetched = max(wheels, default=code)
    steps: dict[str, float] = {}
    for _, kind, text in events:
        if kind == "console" and text.startswith(WORKER_MARK):
            step, stamp = text.split()[1:3]
            steps.setdefault(step, float(stamp) / 1000)
    shown = {} if picture is None else {"picture": picture}
    if "e0" in steps and "e1" in steps:
        shown |= {"early_from": steps["e0"] - started, "early_to": steps["e1"] - started}
    if all(str(i) in steps for i in range(len(WORKER_STEPS))):
        phases = {
            "page": worker - started,
            "worker": steps["0"] - worker,
            "pyodide": steps["1"] - steps["0"],
            "wheels": fetched - worker,
            "kernel": steps["2"] - steps["1"],
            "code": code - steps["2"],
        }
    else:
        phases = {
            "page": worker - started,
            "pyodide": first - worker,
            "packages": fetched - first,
            "kernel": code - fetched,
        }
    return {
        **shown,
        **phases,
        "import": imported - code,
        "notebook": drawn - imported,
        "total": drawn - started,
        "cpu": cpu,
    }


def voila_run(browser_type: Any, url: str, timeout: float) -> tuple[float, float]:
    """One cold Voila page (a new kernel) to a drawn board: seconds, and the CPU seconds of
    the browser, Voila and its kernel."""
    cpu = cpu_seconds()
    browser = browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(viewport={"width": 1100, "height": 1000}).new_page()
        started = time.time()
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        wait_for_canvas_pixels(page, timeout=timeout, poll_ms=50)
        return time.time() - started, cpu_seconds() - cpu
    finally:
        browser.close()


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def has_pictures(site: Path) -> bool:
    """Whether the built ``site`` shows a picture of the board before the live board."""
    return (site / "static" / "first-boards").is_dir()


def site_line(label: str, run: int, phases: dict[str, float]) -> str:
    names = PHASES if "worker" in phases else OLD_PHASES
    shown = "  ".join(f"{name} {phases[name]:.2f}" for name in names)
    if "wheels" in phases:
        shown += f" (wheels in by {phases['wheels']:.2f})"
    picture = f"picture at {phases['picture']:.2f} s, " if "picture" in phases else ""
    if "early_from" in phases:
        picture += (
            f"Pyodide started with the page from {phases['early_from']:.2f} to "
            f"{phases['early_to']:.2f} s, "
        )
    return (
        f"{label} run {run}: {picture}live board at {phases['total']:.2f} s ({shown}; "
        f"{phases['cpu']:.1f} s of the browser's CPU time)"
    )


def medians_of(results: dict[str, list[float]]) -> dict[str, float]:
    return {name: round(statistics.median(v), 2) for name, v in results.items() if v}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--notebook", default="hot-seat.ipynb", choices=pages.NOTEBOOKS)
    parser.add_argument(
        "--site", type=Path, help="the site's folder (built there first if it does not exist)"
    )
    parser.add_argument(
        "--before",
        metavar="REF",
        help="also build the site of the git revision REF and run the two in turn",
    )
    parser.add_argument("--no-voila", action="store_true", help="the static site only")
    parser.add_argument("--timeout", type=float, default=180.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lite-start-") as temp:
        base = Path(temp)
        sites: dict[str, Path] = {}
        if args.before:
            started = time.monotonic()
            old = checkout(args.before, base / "before-checkout")
            sites["before"] = build(base, base / "before-site", old)
            print(f"built the site of {args.before} in {time.monotonic() - started:.1f} s")
        site = args.site
        if site is None or not site.exists():
            started = time.monotonic()
            site = build(base, site or base / "site")
            print(f"built the offline site in {time.monotonic() - started:.1f} s")
        sites["site" if not args.before else "after"] = site
        for built in sites.values():
            instrument_worker(built)
        servers: list[Any] = []
        code = quote(timed_code(args.notebook))
        urls = {
            k: f"{_serve(s, servers)}{pages.READY_OPTIONS}&code={code}" for k, s in sites.items()
        }
        voila = None
        if not args.no_voila:
            env = voila_env({**os.environ, "PYTHONPATH": str(REPO_ROOT)})
            notebook = Path(str(notebook_source(args.notebook)))
            voila = start_voila(notebook, base / "logs", voila_default_args(base), env=env)
        phase_names = dict.fromkeys([*PHASES, "wheels", *OLD_PHASES])
        names = ("picture", "early_from", "early_to", *phase_names, "total", "cpu")
        results: dict[str, dict[str, list[float]]] = {k: {n: [] for n in names} for k in sites}
        voila_results: dict[str, list[float]] = {"voila": [], "voila_cpu": []}
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    for label, url in urls.items():
                        before = load()
                        pictures = has_pictures(sites[label])
                        phases = lite_run(playwright.chromium, url, args.timeout, pictures)
                        for name, value in phases.items():
                            results[label][name].append(value)
                        line = site_line(label, run + 1, phases)
                        print(f"{line}; load average {before} -> {load()}", flush=True)
                    if voila is not None:
                        seconds, cpu = voila_run(playwright.chromium, voila.url, args.timeout)
                        voila_results["voila"].append(seconds)
                        voila_results["voila_cpu"].append(cpu)
                        print(
                            f"Voila run {run + 1}: {seconds:.2f} s ({cpu:.1f} s of CPU time: "
                            f"browser, server, kernel); load average {load()}",
                            flush=True,
                        )
        finally:
            for server in servers:
                server.shutdown()
            if voila is not None:
                voila.stop()
    medians = {label: medians_of(found) for label, found in results.items()}
    if len(medians) > 1:
        print(f"medians of {args.runs} runs (s)   before   after")
        for name in names:
            old_value, new_value = medians["before"].get(name), medians["after"].get(name)
            if old_value is None and new_value is None:
                continue
            cells = [f"{v:8.2f}" if v is not None else "       -" for v in (old_value, new_value)]
            print(f"  {name:27}{cells[0]} {cells[1]}")
    summary = {"runs": args.runs, "notebook": args.notebook, "median_s": medians}
    summary["median_s"].update({"voila": medians_of(voila_results)} if voila else {})
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

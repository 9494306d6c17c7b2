"""The build of the site: JupyterLite's own build, then the wheels and Pyodide's package list
put in its static folder, its settings (where Pyodide is, what a page preloads, storage in
memory only) and its pages (:mod:`~shangrila_widget.lite.pages`)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shangrila_widget.lite.bytecode import compile_site
from shangrila_widget.lite.early import add_early_start
from shangrila_widget.lite.kernel import (
    KERNEL_NEEDS,
    KERNEL_PLUGIN,
    KERNELSPEC,
    PAGE_PRELOAD,
    PYODIDE_CORE,
    LiteBuildError,
    check_pyodide_dir,
    kernel_constants,
    kernel_wheels,
    normal,
    pyodide_version,
)
from shangrila_widget.lite.lock import add_kernel_wheels, merge_lock, needed_packages, read_lock
from shangrila_widget.lite.pages import (
    NOTEBOOKS,
    open_tour_first,
    ready_repl,
    write_ready_pages,
)
from shangrila_widget.lite.picture import add_first_boards
from shangrila_widget.lite.ready import (
    NO_MODULES,
    READY_LOCK,
    STUBS,
    empty_wheel,
    lazy_embed,
    ready_extensions,
    ready_lock,
    trim_pygments,
    write_ready_config,
)
from shangrila_widget.lite.wheels import (
    dependency_wheels,
    package_wheel,
    pure_wheels_from_pypi,
    sha256_of,
    site_distributions,
)
from shangrila_widget.rules.messages import Joined, problem
from shangrila_widget.runtime import require_cpython
from shangrila_widget.serve import notebook_source

MEMORY_DRIVER = "memoryStorageDriver"
"""JupyterLite's storage driver that keeps contents and settings in the page only."""

LAB_EXTENSIONS = {
    "ipywidgets": "@jupyter-widgets/jupyterlab-manager",
    "ipycanvas": "ipycanvas",
    "anywidget": "anywidget",
}
"""The JupyterLab extension (front end) of each widget library the site may carry."""


@dataclass(frozen=True)
class SiteReport:
    """What :func:`build_site` made."""

    out_dir: Path
    offline: bool
    files: int
    bytes: int
    compiled: bool = False
    """Whether the site's Python was compiled to bytecode at build time."""

    def summary(self) -> str:
        where = "carries Pyodide (works offline)" if self.offline else "loads Pyodide online"
        if self.compiled:
            where += ", its Python compiled to bytecode"
        return (
            f"Built {self.out_dir} ({self.files} files, {self.bytes / 1e6:.1f} MB); the site "
            f"{where}. Try it: python -m http.server -d {self.out_dir} 8000 and open "
            "http://127.0.0.1:8000/"
        )


def _prepare_out_dir(out_dir: Path) -> None:
    if out_dir.exists():
        if not out_dir.is_dir():
            raise LiteBuildError(problem("lite_out_not_folder", path=str(out_dir)))
        if any(out_dir.iterdir()) and not (out_dir / "jupyter-lite.json").is_file():
            raise LiteBuildError(problem("lite_out_not_empty", path=str(out_dir)))
        shutil.rmtree(out_dir)


def _jupyter_lite_build(lite_dir: Path, out_dir: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "jupyterlite_core",
        "build",
        "--lite-dir",
        str(lite_dir),
        "--output-dir",
        str(out_dir),
        "--apps",
        "notebooks",
        "--apps",
        "tree",
        "--apps",
        "repl",
        "--no-sourcemaps",
        "--no-unused-shared-packages",
    ]
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if result.returncode != 0:
        tail = (result.stdout + result.stderr).strip()[-2000:]
        raise LiteBuildError(problem("lite_build_failed", tail=tail))


def site_notebook(source: bytes) -> bytes:
    """The site's copy of a packaged notebook: the same cells, its kernel the site's Python
    (:data:`KERNELSPEC`) and its code cells trusted (JupyterLite cannot check a notebook's
    signature, so it would greet the student with "Not Trusted")."""
    notebook = json.loads(source)
    notebook.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell.setdefault("metadata", {})["trusted"] = True
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _copy_notebooks(files: Path) -> None:
    """The packaged notebooks (found the way the ``tour`` command finds them), made the
    site's copies (:func:`site_notebook`)."""
    files.mkdir(parents=True, exist_ok=True)
    for name in NOTEBOOKS:
        (files / name).write_bytes(site_notebook(notebook_source(name).read_bytes()))


def check_front_ends(out: Path, wheels: Mapping[str, Path]) -> None:
    """Every widget library the site carries has its front end in the site."""
    found = {
        json.loads(path.read_text(encoding="utf-8")).get("name")
        for path in (out / "extensions").glob("**/package.json")
    }
    missing = [
        problem("lite_extension_of", extension=LAB_EXTENSIONS[name], package=name)
        for name in wheels
        if name in LAB_EXTENSIONS and LAB_EXTENSIONS[name] not in found
    ]
    if missing:
        listed = Joined(tuple(missing), ", ")
        raise LiteBuildError(problem("lite_no_lab_extension", missing=listed))


ANYWIDGET_SETUP = "AbortSignal.timeout(2000)"
"""anywidget's front end (0.11) gives a model 2 s to load its module and start, then rejects
it ("[anywidget] Failed to initialize model."), dropping its later messages; a page starting
Python in the browser of a busy machine keeps the page's thread busier than that."""

ANYWIDGET_SETUP_SITE = "AbortSignal.timeout(60000)"
"""The site's copy of that front end gives 60 s."""


def patch_anywidget_setup(out: Path) -> int:
    """Give anywidget's models in the site's copy of its front end :data:`ANYWIDGET_SETUP_SITE`
    to start instead of :data:`ANYWIDGET_SETUP`, where the set-up's rejection follows (the
    exact text of 0.11; other versions are left as they are). Returns the files changed."""
    changed = 0
    rejection = '.addEventListener("abort", function() {\n            resolvers.reject('
    for path in sorted((out / "extensions" / "anywidget").glob("**/*.js")):
        text = path.read_text(encoding="utf-8")
        if ANYWIDGET_SETUP + rejection in text:
            fixed = text.replace(ANYWIDGET_SETUP + rejection, ANYWIDGET_SETUP_SITE + rejection)
            path.write_text(fixed, encoding="utf-8")
            changed += 1
    return changed


def _patch_config(out_dir: Path, settings: dict[str, Any]) -> None:
    config_path = out_dir / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config.setdefault("jupyter-config-data", {})
    data["appName"] = "The Bridges of Shangri-La"
    # Nothing a student changes outlives the page: the next visit shows the shipped notebooks.
    # (enableMemoryStorage only adds the in-memory driver; the driver lists make it the one.)
    data["enableMemoryStorage"] = True
    data["contentsStorageDrivers"] = [MEMORY_DRIVER]
    data["settingsStorageDrivers"] = [MEMORY_DRIVER]
    plugins = data.setdefault("litePluginSettings", {})
    merged = dict(plugins.get(KERNEL_PLUGIN, {}))
    merged.update(settings)
    plugins[KERNEL_PLUGIN] = merged
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def _lazy_embed(folder: Path, lock: dict[str, Any]) -> bool:
    """IPython's wheel in ``folder`` made to import its terminal on first use
    (:func:`~shangrila_widget.lite.ready.lazy_embed`), its hash in ``lock`` updated."""
    entry = next((e for k, e in lock["packages"].items() if normal(k) == "ipython"), None)
    if entry is None or not (folder / str(entry["file_name"])).is_file():
        return False
    wheel = folder / str(entry["file_name"])
    if not lazy_embed(wheel):
        return False
    entry["sha256"] = sha256_of(wheel)
    return True


def _ready_pages_lock(
    out: Path,
    folder: Path,
    folder_name: str,
    lock: dict[str, Any],
    preload: dict[str, Any],
    no_terminal: bool,
) -> dict[str, Any]:
    """The ready pages' own package list (:mod:`~shangrila_widget.lite.ready`) beside the
    site's, and their app told to load it; returns their ``loadPyodideOptions``."""
    empties: dict[str, tuple[str, str]] = {}
    for name in (*NO_MODULES, *STUBS):
        wheel = empty_wheel(name, folder / "ready", STUBS.get(name))
        empties[name] = (f"ready/{wheel.name}", sha256_of(wheel))
    trimmed: dict[str, tuple[str, str]] = {}
    pygments = next((e for k, e in lock["packages"].items() if normal(k) == "pygments"), None)
    if pygments is not None and (folder / str(pygments["file_name"])).is_file():
        small = trim_pygments(folder / str(pygments["file_name"]), folder / "ready")
        if small is not None:
            trimmed["pygments"] = (f"ready/{small.name}", sha256_of(small))
    ready = ready_lock(lock, empties, no_terminal=no_terminal, trimmed=trimmed)
    (folder / READY_LOCK).write_text(json.dumps(ready, indent=1), encoding="utf-8")
    options = {**preload, "lockFileURL": f"./static/{folder_name}/{READY_LOCK}"}
    write_ready_config(out, KERNEL_PLUGIN, {"loadPyodideOptions": options})
    wheels = [
        str(ready["packages"][key]["file_name"])
        for key in ready["packages"]
        if normal(key) in set(needed_packages(ready, options["packages"]))
    ]
    # the site's own files (not the public distribution's), which a page fetches early
    options["prefetch"] = [f"./static/{folder_name}/{w}" for w in wheels if "://" not in w]
    return options


def build_site(
    out_dir: str | Path,
    *,
    pyodide_dir: str | Path | None = None,
    pyodide_lock: str | Path | None = None,
    cache_dir: str | Path | None = None,
    node: str | Path | None = None,
) -> SiteReport:
    """Build the site into ``out_dir`` (replaced if it holds an earlier site).

    :param pyodide_dir: a Pyodide distribution on disk (the unpacked full release of the
        version the kernel is built for): the site carries it and works offline.
    :param pyodide_lock: without ``pyodide_dir``, a file or URL of the public distribution's
        ``pyodide-lock.json`` (default: downloaded from the public distribution).
    :param cache_dir: where downloads are kept between builds (the command gives
        :func:`~shangrila_widget.lite.command.default_cache_dir`); without it, a temporary
        folder: everything is downloaded again.
    :param node: with ``pyodide_dir``, a Node.js program (the command gives the one on the
        path): the site's Python is compiled to bytecode with it at build time
        (:mod:`~shangrila_widget.lite.bytecode`), so that pages start faster.
    """
    require_cpython(problem("lite_what_build"))
    if pyodide_dir is not None and pyodide_lock is not None:
        raise LiteBuildError(problem("lite_pyodide_and_lock"))
    version = pyodide_version()
    out = Path(out_dir).resolve()
    local = Path(pyodide_dir).resolve() if pyodide_dir is not None else None
    if local is not None:
        check_pyodide_dir(local, version)
    with tempfile.TemporaryDirectory(prefix="shangrila-lite-") as temp:
        cache = Path(cache_dir) if cache_dir is not None else Path(temp) / "cache"
        cache.mkdir(parents=True, exist_ok=True)
        node_program = str(node) if node is not None else None
        report = _build(out, local, pyodide_lock, cache, Path(temp) / "lite", node_program)
    return report


def _build(
    out: Path,
    local: Path | None,
    pyodide_lock: str | Path | None,
    cache: Path,
    lite_dir: Path,
    node: str | None,
) -> SiteReport:
    constants = kernel_constants()
    version = pyodide_version()
    # Everything that can fail before anything is written.
    base = read_lock(
        local / "pyodide-lock.json"
        if local is not None
        else (pyodide_lock or constants.PYODIDE_LOCK_DEFAULT_URL),
        cache,
    )
    wheels = dependency_wheels(cache, site_distributions(base))

    lite_dir.mkdir(parents=True)
    wheels = {"shangrila-widget": package_wheel(lite_dir / "wheels"), **wheels}
    copies: dict[str, Path] = {}  # file name in the site's folder -> source
    # Every page loads the kernel's packages and ours with Pyodide itself, in one batch.
    preload: dict[str, Any] = {"packages": list(PAGE_PRELOAD)}
    if local is None:
        folder_name = "shangrila"
        lock = merge_lock(base, wheels, base_url=str(constants.PYODIDE_CDN_URL))
        preload["lockFileURL"] = "./static/shangrila/pyodide-lock.json"
        settings: dict[str, Any] = {"loadPyodideOptions": preload}
    else:
        folder_name = "pyodide"
        lock = merge_lock(base, wheels)
        keep = set(needed_packages(lock, [*KERNEL_NEEDS, *wheels]))
        lock["packages"] = {k: v for k, v in lock["packages"].items() if normal(k) in keep}
        for name, entry in lock["packages"].items():
            if name not in wheels:
                copies[str(entry["file_name"])] = local / str(entry["file_name"])
        copies.update({name: local / name for name in PYODIDE_CORE})
        copies.update(
            pure_wheels_from_pypi(lock, [n for n, f in copies.items() if not f.is_file()], cache)
        )
        absent = sorted(name for name, source in copies.items() if not source.is_file())
        if absent:
            raise LiteBuildError(
                problem(
                    "lite_pyodide_lacks",
                    path=str(local),
                    missing=", ".join(absent),
                    version=version,
                )
            )
        settings = {
            "pyodideUrl": "./static/pyodide/pyodide.mjs",
            "disablePyPIFallback": True,
            "loadPyodideOptions": preload,
        }
    copies.update({wheel.name: wheel for wheel in wheels.values()})

    _prepare_out_dir(out)
    _copy_notebooks(lite_dir / "files")
    (lite_dir / "jupyter-lite.json").write_text(
        json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": {}}),
        encoding="utf-8",
    )
    _jupyter_lite_build(lite_dir, out)
    check_front_ends(out, wheels)
    patch_anywidget_setup(out)
    # The kernel's own wheels join the list: the page loads them with the rest instead of
    # installing them with micropip, one resolution at a time, after Python has started.
    kernel = kernel_wheels(out)
    add_kernel_wheels(lock, kernel)
    copies.update({wheel.name: wheel for wheel in kernel.values()})
    folder = out / "static" / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in copies.items():
        shutil.copyfile(source, folder / name)
    # IPython's terminal is imported on first use only (the offline site serves IPython).
    no_terminal = local is not None and _lazy_embed(folder, lock)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    compiled = local is not None and node is not None
    if local is not None and node is not None:
        names = [str(entry["file_name"]) for entry in lock["packages"].values()]
        changed = set(compile_site(folder, node, names, cache))
        for entry in lock["packages"].values():
            if entry["file_name"] in changed:
                entry["sha256"] = sha256_of(folder / str(entry["file_name"]))
        (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    _patch_config(out, settings)
    ready_options = _ready_pages_lock(out, folder, folder_name, lock, preload, no_terminal)
    ready_extensions(out, {*LAB_EXTENSIONS.values(), KERNEL_PLUGIN.split(":")[0]})
    open_tour_first(out / "index.html")
    ready_repl(out)
    # A ready page starts Python while JupyterLab's page loads (lite/early.py).
    pyodide = settings.get("pyodideUrl") or f"{constants.PYODIDE_CDN_URL}/pyodide.mjs"
    prefetch = ready_options.pop("prefetch")
    add_early_start(out, str(pyodide), ready_options, out / "repl" / "index.html", prefetch)
    add_first_boards(out, NOTEBOOKS)
    write_ready_pages(out)
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve _-files too

    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    return SiteReport(out, local is not None, len(files), size, compiled)

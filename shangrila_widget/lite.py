"""Build a static JupyterLite site: ``python -m shangrila_widget lite OUT_DIR``.

The site runs Python in the browser (Pyodide, through the JupyterLite Pyodide kernel): the
rulebook tour, the hot-seat board, the dispute checker and the exercises open from any static
web host with
nothing of ours running anywhere. It holds

* a **ready page** per example notebook (``tour.html``, ``hot-seat.html``,
  ``dispute-checker.html``, ``exercises.html``; the site's root opens the tour's):
  JupyterLite's REPL app told by its address to run :func:`show_notebook` on load, which
  shows the notebook's text and runs its code with the code hidden, as Voila does. Nothing
  to run, no kernel or trust indicator, and nothing kept in the browser, so a new site is
  never hidden by an old copy;
* the JupyterLite Notebook app (``notebooks/``, ``tree/``) with the four example notebooks
  (their kernel set to the site's Python, their code cells trusted) for those who want to read
  and change the code. Its storage is in memory only (``enableMemoryStorage``): a reload shows
  the notebook as shipped again;
* the front ends (JupyterLab extensions) of the widget libraries, taken from the build
  environment (``pip install "shangrila_widget[lite]"``); the build checks they are there;
* a wheel of this package and the pure-Python wheels of its runtime requirements that
  Pyodide's package list lacks (found from the installed metadata, recursively: ipywidgets,
  ipycanvas, comm, and anywidget and psygnal when the package needs them, in the versions
  installed here) in ``static/shangrila/`` or ``static/pyodide/``, listed in a copy of
  Pyodide's package list (``pyodide-lock.json``), so that ``import shangrila_widget`` loads
  them: the notebooks run unchanged, with no ``%pip`` cell.

Pyodide itself comes from one of two places:

* by default from Pyodide's public distribution (as JupyterLite does): the package list is
  downloaded once at build time (or given with ``pyodide_lock``) and the site's copy points at
  the public files, so the site needs internet when it is opened;
* with ``pyodide_dir`` from a Pyodide distribution on disk (the full release, unpacked): the
  site then carries the Pyodide files and exactly the packages the notebooks need and works
  with no network at all.

The build needs CPython (it runs ``pip download`` and ``jupyter lite build``); under Pyodide
:func:`build_site` raises :class:`~shangrila_widget.runtime.NotInBrowserError`.
"""

from __future__ import annotations

import ast
import base64
import csv
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from shangrila_widget.runtime import NotInBrowserError, require_cpython
from shangrila_widget.serve import NOTEBOOKS as EXAMPLE_NOTEBOOKS
from shangrila_widget.serve import notebook_source

if TYPE_CHECKING:
    from importlib.abc import Traversable

NOTEBOOKS = EXAMPLE_NOTEBOOKS
"""The example notebooks the site carries; its root opens the first."""

KERNEL_NAME = "python"
"""The name of the JupyterLite Pyodide kernel."""

KERNELSPEC = {"name": KERNEL_NAME, "display_name": "Python (Pyodide)", "language": "python"}
"""The kernel the site's copies of the notebooks name (the examples name ``python3``, which
the site has not: JupyterLite would show "No Kernel" and ask)."""


def ready_url(name: str) -> str:
    """The address (relative to the site's root) of the ready page of notebook ``name``: the
    REPL app running :func:`show_notebook` on load, its code input and toolbar hidden."""
    code = f'from shangrila_widget.lite import show_notebook; show_notebook("{name}")'
    return f"{READY_OPTIONS}&code={quote(code)}"


# No toolbar parameter: the REPL then removes its toolbar. The prompt on top keeps the
# page scrolled to its beginning (the site hides the prompt: see _ready_repl).
READY_OPTIONS = "repl/index.html?kernel=python&showBanner=0&hideCodeInput=1&promptCellPosition=top"


def ready_script(name: str) -> str:
    """The script of the ready page of ``name``: to the REPL (:func:`ready_url`), with the
    page's own address handed to :func:`show_notebook` (Python runs in a Web Worker, which
    cannot see the page's address), so that a link's ruling reaches the checker. The address
    goes in as a JSON string, which Python reads as the same string literal."""
    start = f'from shangrila_widget.lite import show_notebook; show_notebook("{name}", page='
    return (
        f'const code = {json.dumps(start)} + JSON.stringify(window.location.href) + ")";\n'
        f"window.location.replace({json.dumps(READY_OPTIONS + '&code=')}"
        " + encodeURIComponent(code));"
    )


def ready_page(name: str) -> str:
    """The file name of the small page that sends the browser to :func:`ready_url`."""
    return name.removesuffix(".ipynb") + ".html"


START_URL = ready_url("tour.ipynb")
"""Where the site's root sends the browser: the tour, ready."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

MEMORY_DRIVER = "memoryStorageDriver"
"""JupyterLite's storage driver that keeps contents and settings in the page only."""

FRONT_END_ONLY = frozenset({"widgetsnbextension", "jupyterlab-widgets"})
"""Requirements that only carry front ends: the site has those from the build environment's
JupyterLab extensions, Python in the page does not need them."""

LAB_EXTENSIONS = {
    "ipywidgets": "@jupyter-widgets/jupyterlab-manager",
    "ipycanvas": "ipycanvas",
    "anywidget": "anywidget",
}
"""The JupyterLab extension (front end) of each widget library the site may carry."""

PYODIDE_MARKERS = {
    "python_version": "3.14",
    "python_full_version": "3.14.0",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "extra": "",
}
"""Environment markers of Python in the page, for the requirements that apply there."""

KERNEL_NEEDS = ("micropip", "packaging", "ipython", "jedi", "traitlets", "comm")
"""What the Pyodide kernel loads from the package list before it runs a cell."""

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The files of a Pyodide distribution the page loads besides packages."""

CACHE_ENV = "SHANGRILA_LITE_CACHE"

VOILA_DATA = "shangrila_widget/data/voila/"
"""The package's Voila template (:mod:`shangrila_widget.serve`), left out of the site's wheel."""


class LiteBuildError(RuntimeError):
    """The site cannot be built as asked (a build, tool or environment problem, not bad game
    input); the message says why and what to do."""


@dataclass(frozen=True)
class SiteReport:
    """What :func:`build_site` made."""

    out_dir: Path
    offline: bool
    files: int
    bytes: int

    def summary(self) -> str:
        where = "carries Pyodide (works offline)" if self.offline else "loads Pyodide online"
        return (
            f"Built {self.out_dir} ({self.files} files, {self.bytes / 1e6:.1f} MB); the site "
            f"{where}. Try it: python -m http.server -d {self.out_dir} 8000 and open "
            "http://127.0.0.1:8000/"
        )


def default_cache_dir() -> Path:
    """``$SHANGRILA_LITE_CACHE``, else ``~/.cache/shangrila_widget/lite``."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "shangrila_widget" / "lite"


def pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel is built for."""
    constants = _kernel_constants()
    return str(constants.PYODIDE_VERSION)


def _kernel_constants() -> Any:
    try:
        from jupyterlite_pyodide_kernel import constants
    except ImportError as error:
        raise LiteBuildError(
            "building the site needs JupyterLite: pip install 'shangrila_widget[lite]'"
        ) from error
    return constants


# --------------------------------------------------------------------------------------------
# Wheels
# --------------------------------------------------------------------------------------------


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _walk(node: Traversable, prefix: str) -> Iterator[tuple[str, bytes]]:
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        if child.name == "__pycache__" or child.name.endswith((".pyc", ".pyo")):
            continue
        name = f"{prefix}/{child.name}"
        if child.is_dir():
            yield from _walk(child, name)
        else:
            yield name, child.read_bytes()


def package_wheel(dest: Path) -> Path:
    """Write a wheel of the installed ``shangrila_widget`` (its files as imported, data and
    notebooks included) into ``dest``; works for an installed and an editable package alike."""
    from shangrila_widget import __version__

    dist = f"shangrila_widget-{__version__}.dist-info"
    files = [
        (name, data)
        for name, data in _walk(resources.files("shangrila_widget"), "shangrila_widget")
        if not name.startswith(VOILA_DATA)  # the Voila template: no use in the page
    ]
    # A source checkout keeps the notebooks in examples/ (the wheel build copies them in).
    present = {name for name, _ in files}
    for notebook in NOTEBOOKS:
        name = f"shangrila_widget/data/notebooks/{notebook}"
        if name not in present:
            files.append((name, notebook_source(notebook).read_bytes()))
    requires = "".join(f"Requires-Dist: {name}\n" for name in requirements("shangrila_widget"))
    files.append(
        (
            f"{dist}/METADATA",
            (
                f"Metadata-Version: 2.1\nName: shangrila_widget\nVersion: {__version__}\n{requires}"
            ).encode(),
        )
    )
    files.append(
        (
            f"{dist}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: shangrila_widget.lite\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n",
        )
    )
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist}/RECORD", "", ""])
    files.append((f"{dist}/RECORD", record.getvalue().encode()))

    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"shangrila_widget-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return wheel


def _find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in sorted(folder.glob("*.whl")):
        parts = path.name.split("-")
        if len(parts) >= 5 and parts[0].lower() == stem and parts[1] == version:
            if path.name.endswith("-none-any.whl"):
                return path
    return None


def requirements(name: str) -> list[str]:
    """The (normalized) names the installed distribution ``name`` requires in the page: its
    ``Requires-Dist`` whose markers hold under Pyodide, no extras, no :data:`FRONT_END_ONLY`."""
    from packaging.requirements import Requirement

    texts = _checkout_requirements() if _normal(name) == "shangrila-widget" else None
    if texts is None:
        try:
            texts = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError as error:
            raise LiteBuildError(f"{name} is not installed here: pip install {name}") from error
    found: list[str] = []
    for text in texts:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate(PYODIDE_MARKERS):
            continue
        normal = _normal(requirement.name)
        if normal not in FRONT_END_ONLY and normal not in found:
            found.append(normal)
    return found


def _checkout_requirements() -> list[str] | None:
    """The runtime requirements in ``pyproject.toml`` when this package is imported from a
    source checkout (the site's wheel is made of the files imported: their requirements, not
    those of an older install's metadata), else None."""
    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if sys.version_info < (3, 11) or not project.is_file():
        return None
    import importlib

    tomllib: Any = importlib.import_module("tomllib")  # Python 3.11+
    data = tomllib.loads(project.read_text(encoding="utf-8")).get("project", {})
    if _normal(str(data.get("name", ""))) != "shangrila-widget":
        return None
    return [str(text) for text in data.get("dependencies", [])]


def import_names(name: str) -> list[str]:
    """The top-level modules of the installed distribution ``name`` (``top_level.txt``, else
    the first parts of the paths it installed)."""
    if _normal(name) == "shangrila-widget":
        return ["shangrila_widget"]
    dist = importlib.metadata.distribution(name)
    text = dist.read_text("top_level.txt")
    if text:
        tops = {line.strip() for line in text.splitlines()}
    else:
        tops = set()
        for file in dist.files or []:
            parts = file.parts
            if parts and not parts[0].endswith((".dist-info", ".data")) and parts[0] != "..":
                tops.add(parts[0].removesuffix(".py") if len(parts) == 1 else parts[0])
    return sorted(t for t in tops if t.isidentifier() and not t.startswith("_"))


def site_distributions(lock: Mapping[str, Any], root: str = "shangrila_widget") -> list[str]:
    """The distributions ``root`` needs in the page that Pyodide's package list ``lock``
    lacks, recursively (normalized names, ``root`` not included): the wheels the site adds."""
    listed = {_normal(key) for key in lock["packages"]}
    found: list[str] = []
    todo = list(reversed(requirements(root)))
    while todo:
        name = todo.pop()
        if name in listed or name in found:
            continue
        found.append(name)
        todo.extend(reversed(requirements(name)))
    return found


def dependency_wheels(cache: Path, names: Iterable[str]) -> dict[str, Path]:
    """The pure-Python wheels of ``names`` in their installed versions, from the cache or
    downloaded from the package index with ``pip download`` (the ``py3-none-any`` wheel even
    where this machine has a compiled one, as for psygnal)."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    for name in names:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError as error:
            raise LiteBuildError(f"{name} is not installed here: pip install {name}") from error
        wheel = _find_wheel(folder, name, version)
        if wheel is None:
            result = _pip_download(folder, [f"{name}=={version}"])
            wheel = _find_wheel(folder, name, version)
            if result.returncode != 0 or wheel is None:
                raise LiteBuildError(
                    f"could not download a pure-Python wheel of {name}=={version}, which the "
                    f"page needs and Pyodide lacks (pip said: {result.stderr.strip()[-500:]})"
                )
        found[name] = wheel
    return found


def _pip_download(folder: Path, specs: list[str]) -> subprocess.CompletedProcess[str]:
    """``pip download`` the pure-Python (``py3-none-any``) wheels of ``specs`` into ``folder``,
    for Python in the page, even where this machine would take a compiled one."""
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
    command += ["--only-binary=:all:", "--platform", "any", "--implementation", "py"]
    command += ["--abi", "none", "--python-version", PYODIDE_MARKERS["python_version"]]
    command += ["--dest", str(folder), *specs]
    return subprocess.run(command, capture_output=True, text=True)


def pure_wheels_from_pypi(
    lock: dict[str, Any], file_names: Iterable[str], cache: Path
) -> dict[str, Path]:
    """The entries of Pyodide's package list ``lock`` whose files ``file_names`` are pure
    Python wheels (``*-none-any.whl``), fetched from PyPI in the list's versions (cached in
    ``cache/pyodide-wheels``). Pyodide rebuilds those wheels, so the list's hashes are not
    the hashes of PyPI's files: the entries get the hashes of the files fetched. Returns file
    name -> fetched file; a name PyPI does not have under that name is left out."""
    wanted = {name for name in file_names if name.endswith("-none-any.whl")}
    entries = {str(e["file_name"]): e for e in lock["packages"].values()}
    entries = {name: entries[name] for name in wanted if name in entries}
    folder = cache / "pyodide-wheels"
    folder.mkdir(parents=True, exist_ok=True)
    specs = [
        f"{e['name']}=={e['version']}" for n, e in entries.items() if not (folder / n).is_file()
    ]
    if specs and _pip_download(folder, specs).returncode != 0:
        for spec in specs:  # one at a time: what PyPI lacks stays absent, the caller says so
            _pip_download(folder, [spec])
    found: dict[str, Path] = {}
    for name, entry in entries.items():
        path = folder / name
        if path.is_file():
            entry["sha256"] = sha256_of(path)
            found[name] = path
    return found


# --------------------------------------------------------------------------------------------
# Pyodide's package list
# --------------------------------------------------------------------------------------------


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(source: str | Path, cache: Path) -> dict[str, Any]:
    """Pyodide's ``pyodide-lock.json`` from a file, or from a URL (downloaded once, cached)."""
    text = str(source)
    if re.match(r"^https?://", text):
        cached = cache / "lock" / re.sub(r"[^A-Za-z0-9.]+", "_", text)
        if not cached.is_file():
            cached.parent.mkdir(parents=True, exist_ok=True)
            try:
                with urllib.request.urlopen(text, timeout=60) as response:  # noqa: S310
                    data = response.read()
            except OSError as error:
                raise LiteBuildError(
                    f"could not download Pyodide's package list from {text} ({error}); build "
                    "with --pyodide DIR (a downloaded Pyodide) or --pyodide-lock FILE instead"
                ) from error
            cached.write_bytes(data)
        path = cached
    else:
        path = Path(text)
    try:
        lock: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise LiteBuildError(f"cannot read Pyodide's package list {path}: {error}") from error
    if not isinstance(lock.get("packages"), dict):
        raise LiteBuildError(f"{path} is not a pyodide-lock.json (no 'packages')")
    return lock


def lock_entry(name: str, wheel: Path, version: str, file_name: str) -> dict[str, Any]:
    """The package list's entry of the installed distribution ``name`` served as ``wheel``."""
    imports, depends = import_names(name), requirements(name)
    return {
        "name": name,
        "version": version,
        "file_name": file_name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def merge_lock(
    base: dict[str, Any],
    wheels: dict[str, Path],
    *,
    base_url: str | None = None,
    wheel_prefix: str = "",
) -> dict[str, Any]:
    """A copy of ``base`` with an entry per wheel of ``wheels`` (name -> file), their file
    names prefixed with ``wheel_prefix``; with ``base_url`` the entries of ``base`` point there
    (the public distribution) instead of next to the list."""
    lock: dict[str, Any] = json.loads(json.dumps(base))
    packages: dict[str, Any] = lock["packages"]
    if base_url is not None:
        for entry in packages.values():
            file_name = str(entry["file_name"])
            if "://" not in file_name and not file_name.startswith("/"):
                entry["file_name"] = base_url.rstrip("/") + "/" + file_name
    for name, wheel in wheels.items():
        version = wheel.name.split("-")[1]
        packages[name] = lock_entry(name, wheel, version, wheel_prefix + wheel.name)
    missing = sorted(
        {_normal(dep) for entry in packages.values() for dep in entry.get("depends", [])}
        - {_normal(key) for key in packages}
    )
    if missing:
        raise LiteBuildError(f"Pyodide's package list lacks {', '.join(missing)}")
    return lock


def needed_packages(lock: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """The names of ``roots`` and everything they depend on, in ``lock``."""
    packages: dict[str, Any] = {_normal(k): v for k, v in lock["packages"].items()}
    seen: list[str] = []
    todo = [_normal(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise LiteBuildError(f"Pyodide's package list has no {name!r}")
        seen.append(name)
        todo.extend(_normal(d) for d in packages[name].get("depends", []))
    return sorted(seen)


# --------------------------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------------------------


ROOT_SCRIPT = """<script type="module">
      await import('./config-utils.js');
    </script>"""


def _open_tour_first(index: Path) -> None:
    """Make the site's root open the tour (JupyterLite's root sends the browser to its
    ``appUrl``, which cannot carry a notebook). The page keeps its ``jupyter-config-data``,
    which every app page of the site reads."""
    text = index.read_text(encoding="utf-8")
    if ROOT_SCRIPT not in text:
        raise LiteBuildError(f"unexpected JupyterLite root page {index}: cannot point it")
    links = " ".join(f'<a href="{ready_page(name)}">{name}</a>' for name in NOTEBOOKS)
    # A link to the site's root with a ruling (?ruling=... or #ruling=...) opens the checker.
    checker = ready_page("dispute-checker.ipynb")
    redirect = (
        "<script>const here = window.location;\n"
        '      if ((here.search + here.hash).includes("ruling=")) {\n'
        f'        here.replace("{checker}" + here.search + here.hash);\n'
        f'      }} else {{ here.replace("{START_URL}"); }}</script>\n'
        f"    <noscript>JupyterLite needs JavaScript. {links}</noscript>"
    )
    index.write_text(text.replace(ROOT_SCRIPT, redirect), encoding="utf-8")


def _prepare_out_dir(out_dir: Path) -> None:
    if out_dir.exists():
        if not out_dir.is_dir():
            raise LiteBuildError(f"{out_dir} exists and is not a folder")
        if any(out_dir.iterdir()) and not (out_dir / "jupyter-lite.json").is_file():
            raise LiteBuildError(
                f"{out_dir} is not empty and holds no earlier site: give a new or empty folder"
            )
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
        raise LiteBuildError(f"jupyter lite build failed:\n{tail}")


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


def _check_front_ends(out: Path, wheels: Mapping[str, Path]) -> None:
    """Every widget library the site carries has its front end in the site."""
    found = {
        json.loads(path.read_text(encoding="utf-8")).get("name")
        for path in (out / "extensions").glob("**/package.json")
    }
    missing = [
        f"{LAB_EXTENSIONS[name]} (of {name})"
        for name in wheels
        if name in LAB_EXTENSIONS and LAB_EXTENSIONS[name] not in found
    ]
    if missing:
        raise LiteBuildError(
            f"the site lacks the JupyterLab extension {', '.join(missing)}: install the "
            "package in this environment (its extension comes with it) and build again"
        )


REPL_STYLE = """<style>
      /* shangrila_widget: the REPL shows the ready pages only; no empty input to type in */
      .jp-CodeConsole-input, .jp-CodeConsole .lm-SplitPanel-handle { display: none; }
      .jp-CodeConsole-content { flex: 1 1 auto; height: 100% !important; top: 0 !important; }
    </style>
    <script>
      // shangrila_widget: the REPL scrolls to its end as outputs arrive; show the page from
      // its beginning instead, until the reader scrolls, clicks, taps or types.
      (() => {
        let reader = false;
        for (const name of ["wheel", "mousedown", "touchstart", "keydown"]) {
          addEventListener(name, () => { reader = true; }, { capture: true, once: true });
        }
        const started = Date.now();
        const timer = setInterval(() => {
          if (reader || Date.now() - started > 180000) { clearInterval(timer); return; }
          for (const node of document.querySelectorAll(".jp-CodeConsole-content")) {
            node.scrollTop = 0;
          }
        }, 100);
      })();
    </script>
  </head>"""


def _ready_repl(out: Path) -> None:
    """Hide the REPL's empty input: the site's REPL only shows the ready pages."""
    index = out / "repl" / "index.html"
    text = index.read_text(encoding="utf-8")
    if text.count("</head>") != 1:
        raise LiteBuildError(f"unexpected JupyterLite REPL page {index}")
    index.write_text(text.replace("</head>", REPL_STYLE), encoding="utf-8")


def _write_ready_pages(out: Path) -> None:
    """A small page per notebook that sends the browser to its ready page (REPL)."""
    for name in NOTEBOOKS:
        target = ready_url(name)
        (out / ready_page(name)).write_text(
            '<!doctype html>\n<html><head><meta charset="utf-8">'
            f"<title>{name}</title>"
            f"<script>{ready_script(name)}</script></head>\n"
            f'<body><a href="{target.replace("&", "&amp;")}">{name}</a></body></html>\n',
            encoding="utf-8",
        )


def show_notebook(
    name: str, namespace: dict[str, Any] | None = None, page: str | None = None
) -> None:
    """Show the packaged notebook ``name`` as Voila does: its Markdown cells as text, its
    code cells run (in the IPython user namespace, or ``namespace``) with the code hidden,
    printed output and the value of a cell's last expression shown.

    ``page``: the address of the page showing it (the ready pages give theirs), put where
    the widgets read a page's address (``SHANGRILA_PAGE_URL``, and its query in
    ``QUERY_STRING``, as Voila does: :mod:`shangrila_widget.widget.address`).

    The site's ready pages run it in JupyterLite's REPL on load; it works in any IPython
    kernel. An error in a cell stops there and shows the traceback, like a notebook.
    """
    from IPython.core.getipython import get_ipython
    from IPython.display import Markdown, display  # type: ignore[attr-defined]

    shell: Any = get_ipython()  # type: ignore[no-untyped-call]
    if namespace is None:
        namespace = shell.user_ns if shell is not None else {"__name__": "__main__"}
    if page is not None:
        from urllib.parse import urlsplit

        os.environ["SHANGRILA_PAGE_URL"] = page
        os.environ["QUERY_STRING"] = urlsplit(page).query
    notebook = json.loads(notebook_source(name).read_bytes())
    for cell in notebook.get("cells", []):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown" and source.strip():
            display(Markdown(source))  # type: ignore[no-untyped-call]
        elif cell.get("cell_type") == "code" and source.strip():
            tree = ast.parse(source, filename=name)
            last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            body = tree.body[:-1] if last is not None else tree.body
            exec(compile(ast.Module(body=body, type_ignores=[]), name, "exec"), namespace)  # noqa: S102
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)  # noqa: S307
                if value is not None:
                    display(value)  # type: ignore[no-untyped-call]


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


def _check_pyodide_dir(pyodide_dir: Path, version: str) -> None:
    if not pyodide_dir.is_dir():
        raise LiteBuildError(f"--pyodide {pyodide_dir}: no such folder")
    missing = [n for n in (*PYODIDE_CORE, "pyodide-lock.json") if not (pyodide_dir / n).is_file()]
    if missing:
        raise LiteBuildError(
            f"--pyodide {pyodide_dir} is not a Pyodide distribution: it lacks "
            f"{', '.join(missing)} (unpack pyodide-{version}.tar.bz2 and give its pyodide/ folder)"
        )
    package_json = pyodide_dir / "package.json"
    if package_json.is_file():
        found = json.loads(package_json.read_text(encoding="utf-8")).get("version")
        if found and found != version:
            raise LiteBuildError(
                f"--pyodide {pyodide_dir} is Pyodide {found}, but the installed JupyterLite "
                f"kernel is built for Pyodide {version}"
            )


def build_site(
    out_dir: str | Path,
    *,
    pyodide_dir: str | Path | None = None,
    pyodide_lock: str | Path | None = None,
    cache_dir: str | Path | None = None,
) -> SiteReport:
    """Build the site into ``out_dir`` (replaced if it holds an earlier site).

    :param pyodide_dir: a Pyodide distribution on disk (the unpacked full release of the
        version the kernel is built for): the site carries it and works offline.
    :param pyodide_lock: without ``pyodide_dir``, a file or URL of the public distribution's
        ``pyodide-lock.json`` (default: downloaded from the public distribution).
    :param cache_dir: where downloads are kept between builds (:func:`default_cache_dir`).
    """
    require_cpython("building the JupyterLite site")
    if pyodide_dir is not None and pyodide_lock is not None:
        raise LiteBuildError("give --pyodide DIR or --pyodide-lock, not both: DIR has its own list")
    constants = _kernel_constants()
    version = pyodide_version()
    out = Path(out_dir).resolve()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    local = Path(pyodide_dir).resolve() if pyodide_dir is not None else None
    if local is not None:
        _check_pyodide_dir(local, version)
    # Everything that can fail before anything is written.
    base = read_lock(
        local / "pyodide-lock.json"
        if local is not None
        else (pyodide_lock or constants.PYODIDE_LOCK_DEFAULT_URL),
        cache,
    )
    wheels = dependency_wheels(cache, site_distributions(base))

    with tempfile.TemporaryDirectory(prefix="shangrila-lite-") as temp:
        lite_dir = Path(temp)
        wheels = {"shangrila-widget": package_wheel(lite_dir / "wheels"), **wheels}
        copies: dict[str, Path] = {}  # file name in the site's folder -> source
        if local is None:
            folder_name = "shangrila"
            lock = merge_lock(base, wheels, base_url=str(constants.PYODIDE_CDN_URL))
            settings: dict[str, Any] = {
                "loadPyodideOptions": {"lockFileURL": "./static/shangrila/pyodide-lock.json"}
            }
        else:
            folder_name = "pyodide"
            lock = merge_lock(base, wheels)
            keep = set(needed_packages(lock, [*KERNEL_NEEDS, *wheels]))
            lock["packages"] = {k: v for k, v in lock["packages"].items() if _normal(k) in keep}
            for name, entry in lock["packages"].items():
                if name not in wheels:
                    copies[str(entry["file_name"])] = local / str(entry["file_name"])
            copies.update({name: local / name for name in PYODIDE_CORE})
            copies.update(
                pure_wheels_from_pypi(
                    lock, [n for n, f in copies.items() if not f.is_file()], cache
                )
            )
            absent = sorted(name for name, source in copies.items() if not source.is_file())
            if absent:
                raise LiteBuildError(
                    f"--pyodide {local} lacks {', '.join(absent)}: Pyodide's WebAssembly builds "
                    "are not on PyPI or npm, only in the full Pyodide release "
                    f"(pyodide-{version}.tar.bz2 from github.com/pyodide/pyodide/releases) and "
                    "on Pyodide's CDN: copy these files from it into the folder (docs/lite.md)"
                )
            settings = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
        copies.update({wheel.name: wheel for wheel in wheels.values()})

        _prepare_out_dir(out)
        _copy_notebooks(lite_dir / "files")
        (lite_dir / "jupyter-lite.json").write_text(
            json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": {}}),
            encoding="utf-8",
        )
        _jupyter_lite_build(lite_dir, out)
        _check_front_ends(out, wheels)
        folder = out / "static" / folder_name
        folder.mkdir(parents=True, exist_ok=True)
        for name, source in copies.items():
            shutil.copyfile(source, folder / name)
        (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    _patch_config(out, settings)
    _open_tour_first(out / "index.html")
    _ready_repl(out)
    _write_ready_pages(out)
    (out / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve _-files too

    files = [p for p in out.rglob("*") if p.is_file()]
    return SiteReport(out, local is not None, len(files), sum(p.stat().st_size for p in files))


# --------------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------------


def add_lite_command(commands: Any) -> None:
    """Register ``lite`` on the subcommands (``argparse``) of ``python -m shangrila_widget``."""
    lite = commands.add_parser(
        "lite",
        help="build a static JupyterLite site: the tour and the board in any browser",
        description=(
            "Build a static site that runs the tour, the hot-seat board and the dispute "
            "checker in the browser (JupyterLite + Pyodide). Serve OUT_DIR with any web server."
        ),
    )
    lite.add_argument("out_dir", metavar="OUT_DIR", help="the folder to build the site in")
    lite.add_argument(
        "--pyodide",
        metavar="DIR",
        help="a downloaded Pyodide distribution (its unpacked pyodide/ folder): the site "
        "carries it and works with no internet",
    )
    lite.add_argument(
        "--pyodide-lock",
        metavar="FILE_OR_URL",
        help="without --pyodide: Pyodide's package list (pyodide-lock.json) of the public "
        "distribution, instead of downloading it",
    )
    lite.add_argument(
        "--cache", metavar="DIR", help=f"download cache (default: {default_cache_dir()})"
    )
    lite.set_defaults(run=run_lite_command, errors=(LiteBuildError, NotInBrowserError))


def run_lite_command(args: Any) -> int:
    """``python -m shangrila_widget lite``: 0 when built; a :class:`LiteBuildError` when not
    (the command line prints it as its one error line and exits 2)."""
    from shangrila_widget.cli import write_output

    report = build_site(
        args.out_dir,
        pyodide_dir=args.pyodide,
        pyodide_lock=args.pyodide_lock,
        cache_dir=args.cache,
    )
    write_output(report.summary() + "\n")
    return 0

"""Build a static JupyterLite site: ``python -m shangrila_widget lite OUT_DIR``.

The site runs Python in the browser (Pyodide, through the JupyterLite Pyodide kernel): the
rulebook tour, the hot-seat board and the dispute checker open from any static web host with
nothing of ours running anywhere. It holds

* the JupyterLite Notebook app (``notebooks/``, ``tree/``) with the front ends of ipywidgets
  and ipycanvas, taken from the build environment (``pip install "shangrila_widget[lite]"``);
* the three example notebooks (from the package's data), the site's root opening the tour;
* a wheel of this package and the pure-Python wheels it needs (ipywidgets, ipycanvas, comm,
  in the versions installed here) in ``static/shangrila/`` or ``static/pyodide/``, listed in a
  copy of Pyodide's package list (``pyodide-lock.json``), so that ``import shangrila_widget``
  in a notebook loads them: the notebooks run unchanged, with no ``%pip`` cell.

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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shangrila_widget.runtime import NotInBrowserError, require_cpython
from shangrila_widget.serve import NOTEBOOKS as EXAMPLE_NOTEBOOKS
from shangrila_widget.serve import notebook_source

if TYPE_CHECKING:
    from importlib.abc import Traversable

NOTEBOOKS = EXAMPLE_NOTEBOOKS
"""The example notebooks the site carries; its root opens the first."""

START_URL = "notebooks/index.html?path=tour.ipynb"
"""Where the site's root sends the browser."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

DEPENDENCIES = ("ipywidgets", "ipycanvas", "comm")
"""Pure-Python wheels the site adds to Pyodide's package list (the versions installed here,
so they match the widget front ends the build copies from this environment)."""

LOCK_ENTRIES: dict[str, tuple[list[str], list[str]]] = {
    # name in the list: (import names, names it depends on in the list)
    "shangrila-widget": (["shangrila_widget"], ["ipywidgets", "ipycanvas", "traitlets", "numpy"]),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets"]),
    "ipycanvas": (["ipycanvas"], ["ipywidgets", "numpy", "pillow"]),
    "comm": (["comm"], ["traitlets"]),
}

KERNEL_NEEDS = ("micropip", "packaging", "ipython", "jedi", "traitlets", "comm")
"""What the Pyodide kernel loads from the package list before it runs a cell."""

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The files of a Pyodide distribution the page loads besides packages."""

CACHE_ENV = "SHANGRILA_LITE_CACHE"


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
    files = list(_walk(resources.files("shangrila_widget"), "shangrila_widget"))
    # A source checkout keeps the notebooks in examples/ (the wheel build copies them in).
    present = {name for name, _ in files}
    for notebook in NOTEBOOKS:
        name = f"shangrila_widget/data/notebooks/{notebook}"
        if name not in present:
            files.append((name, notebook_source(notebook).read_bytes()))
    requires = "".join(f"Requires-Dist: {name}\n" for name in ("ipywidgets", "ipycanvas"))
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


def dependency_wheels(cache: Path, names: Iterable[str] = DEPENDENCIES) -> dict[str, Path]:
    """The pure-Python wheels of ``names`` in their installed versions, from the cache or
    downloaded from the package index with ``pip download``."""
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
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
            command += ["--only-binary=:all:", "--dest", str(folder), f"{name}=={version}"]
            result = subprocess.run(command, capture_output=True, text=True)
            wheel = _find_wheel(folder, name, version)
            if result.returncode != 0 or wheel is None:
                raise LiteBuildError(
                    f"could not download the wheel of {name}=={version} "
                    f"(pip said: {result.stderr.strip()[-500:]})"
                )
        found[name] = wheel
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
    imports, depends = LOCK_ENTRIES[name]
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
    links = " ".join(f'<a href="notebooks/index.html?path={name}">{name}</a>' for name in NOTEBOOKS)
    redirect = (
        f'<script>window.location.replace("{START_URL}");</script>\n'
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
        "--no-sourcemaps",
        "--no-unused-shared-packages",
    ]
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if result.returncode != 0:
        tail = (result.stdout + result.stderr).strip()[-2000:]
        raise LiteBuildError(f"jupyter lite build failed:\n{tail}")


def _copy_notebooks(files: Path) -> None:
    """The packaged notebooks, found the way the ``tour`` command finds them."""
    from shangrila_widget.serve import notebook_path

    files.mkdir(parents=True, exist_ok=True)
    for name in NOTEBOOKS:
        notebook_path(name, files)


def _patch_config(out_dir: Path, settings: dict[str, Any]) -> None:
    config_path = out_dir / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config.setdefault("jupyter-config-data", {})
    data["appName"] = "The Bridges of Shangri-La"
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
    wheels = dependency_wheels(cache)
    base = read_lock(
        local / "pyodide-lock.json"
        if local is not None
        else (pyodide_lock or constants.PYODIDE_LOCK_DEFAULT_URL),
        cache,
    )

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
            absent = sorted(name for name, source in copies.items() if not source.is_file())
            if absent:
                raise LiteBuildError(
                    f"--pyodide {local} lacks {', '.join(absent)}: give the full Pyodide "
                    f"{version} distribution (pyodide-{version}.tar.bz2), not only its core"
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
        folder = out / "static" / folder_name
        folder.mkdir(parents=True, exist_ok=True)
        for name, source in copies.items():
            shutil.copyfile(source, folder / name)
        (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    _patch_config(out, settings)
    _open_tour_first(out / "index.html")
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

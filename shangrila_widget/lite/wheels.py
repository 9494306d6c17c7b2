"""The wheels a page of the site installs: one of this package made from its files as
imported, and the pure-Python wheels of its requirements that Pyodide's package list lacks
(from the installed metadata, downloaded with ``pip download``, cached)."""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import io
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from email.parser import Parser
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shangrila_widget.lite.kernel import PYODIDE_MARKERS, LiteBuildError, normal
from shangrila_widget.rules.messages import problem
from shangrila_widget.serve import NOTEBOOKS, notebook_source

if TYPE_CHECKING:
    from importlib.abc import Traversable

FRONT_END_ONLY = frozenset({"widgetsnbextension", "jupyterlab-widgets"})
"""Requirements that only carry front ends: the site has those from the build environment's
JupyterLab extensions, Python in the page does not need them."""

VOILA_DATA = "shangrila_widget/data/voila/"
"""The package's Voila template (:mod:`shangrila_widget.serve`), left out of the site's wheel."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def record_digest(data: bytes) -> str:
    """The digest of ``data`` as a wheel's ``RECORD`` writes it."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


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
        writer.writerow([name, f"sha256={record_digest(data)}", len(data)])
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
    texts = _checkout_requirements() if normal(name) == "shangrila-widget" else None
    if texts is None:
        try:
            texts = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError as error:
            raise LiteBuildError(problem("lite_not_installed", name=name)) from error
    return in_the_page(texts)


def in_the_page(texts: Iterable[str]) -> list[str]:
    """The (normalized) names of the requirements ``texts`` whose markers hold under Pyodide,
    without :data:`FRONT_END_ONLY`, each once."""
    from packaging.requirements import Requirement

    found: list[str] = []
    for text in texts:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate(PYODIDE_MARKERS):
            continue
        name = normal(requirement.name)
        if name not in FRONT_END_ONLY and name not in found:
            found.append(name)
    return found


def _checkout_requirements() -> list[str] | None:
    """The runtime requirements in ``pyproject.toml`` when this package is imported from a
    source checkout (the site's wheel is made of the files imported: their requirements, not
    those of an older install's metadata), else None."""
    project = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if sys.version_info < (3, 11) or not project.is_file():
        return None
    import importlib

    tomllib: Any = importlib.import_module("tomllib")  # Python 3.11+
    data = tomllib.loads(project.read_text(encoding="utf-8")).get("project", {})
    if normal(str(data.get("name", ""))) != "shangrila-widget":
        return None
    return [str(text) for text in data.get("dependencies", [])]


def import_names(name: str) -> list[str]:
    """The top-level modules of the installed distribution ``name`` (``top_level.txt``, else
    the first parts of the paths it installed)."""
    if normal(name) == "shangrila-widget":
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
    listed = {normal(key) for key in lock["packages"]}
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
            raise LiteBuildError(problem("lite_not_installed", name=name)) from error
        wheel = _find_wheel(folder, name, version)
        if wheel is None:
            result = _pip_download(folder, [f"{name}=={version}"])
            wheel = _find_wheel(folder, name, version)
            if result.returncode != 0 or wheel is None:
                why = result.stderr.strip()[-500:]
                raise LiteBuildError(
                    problem("lite_no_wheel_download", name=name, version=version, why=why)
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


def wheel_requirements(wheel: Path) -> tuple[list[str], list[str]]:
    """The top-level modules and the requirements in the page (:func:`in_the_page`) of a
    wheel file not installed here (the kernel's own wheels), read from the wheel itself."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(meta).decode("utf-8"))
    tops = {n.split("/")[0] for n in names if "/" in n and ".dist-info/" not in n}
    imports = sorted(t for t in tops if t.isidentifier())
    return imports, in_the_page(message.get_all("Requires-Dist") or [])

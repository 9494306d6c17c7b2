"""The offline site's Python compiled to bytecode at build time, by the site's own Pyodide run
in Node.js, so that a page imports ``.pyc`` files instead of compiling every module it imports
(the standard library of npm's Pyodide core and PyPI's wheels hold only sources).

The bytecode is "unchecked-hash" (PEP 552): Python uses it without looking at the source,
which stays beside it (for tracebacks). Wheels get ``__pycache__/`` folders as an install
would make; the standard library's zip gets each ``.pyc`` beside its ``.py``, where
``zipimport`` looks.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

from shangrila_widget.lite.kernel import LiteBuildError
from shangrila_widget.lite.wheels import record_digest, sha256_of
from shangrila_widget.rules.messages import problem

STDLIB = "python_stdlib.zip"

NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
const [pyodideDir, workDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdir("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: workDir }, "/work");
pyodide.runPython(`
import compileall, os, py_compile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name in sorted(os.listdir("/work")):
    legacy = name == "stdlib"
    if not compileall.compile_dir(f"/work/{name}", quiet=2, legacy=legacy, invalidation_mode=mode):
        raise SystemExit(f"could not compile {name}")
`);
"""


def compile_site(folder: Path, node: str, wheels: Iterable[str], cache: Path) -> list[str]:
    """Compile the Python of the Pyodide folder ``folder`` (its standard library, and the
    pure-Python ``wheels`` there, by file name) in place with ``node``; returns the names of
    the files that changed (their hashes in the package list must change too). Compiled files
    are kept in ``cache/bytecode`` under the hashes of their sources and of the standard
    library (which says which Python compiled them)."""
    pure = [name for name in wheels if name.endswith("-none-any.whl")]
    python = sha256_of(folder / STDLIB)[:16]
    store = cache / "bytecode"
    store.mkdir(parents=True, exist_ok=True)
    changed: list[str] = []
    todo: dict[str, tuple[Path, Path]] = {}  # work folder -> (file, where its result is kept)
    for i, name in enumerate([STDLIB, *pure]):
        archive = folder / name
        kept = store / f"{python}-{sha256_of(archive)[:32]}-{name}"
        if kept.is_file():
            if kept.stat().st_size:  # an empty file: nothing to compile in it
                shutil.copyfile(kept, archive)
                changed.append(name)
        else:
            todo[f"w{i}" if i else "stdlib"] = (archive, kept)
    if not todo:
        return changed
    with tempfile.TemporaryDirectory(prefix="shangrila-pyc-") as temp:
        work = Path(temp) / "work"
        for key, (archive, _) in todo.items():
            with zipfile.ZipFile(archive) as opened:
                opened.extractall(work / key)
        script = Path(temp) / "compile.mjs"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        result = subprocess.run(
            [node, str(script), str(folder.resolve()), str(work)], capture_output=True, text=True
        )
        if result.returncode != 0:
            tail = (result.stdout + result.stderr).strip()[-1500:]
            raise LiteBuildError(problem("lite_bytecode_failed", tail=tail))
        for key, (archive, kept) in todo.items():
            if _add_bytecode(archive, work / key):
                changed.append(archive.name)
                shutil.copyfile(archive, kept)
            else:
                kept.write_bytes(b"")
    return changed


def _add_bytecode(archive: Path, tree: Path) -> bool:
    """Rewrite ``archive`` with the ``.pyc`` files compiled under ``tree`` added (and listed in
    a wheel's ``RECORD``); False when there were none."""
    with zipfile.ZipFile(archive) as opened:
        infos = opened.infolist()
        contents = {info.filename: opened.read(info) for info in infos}
    added = {
        path.relative_to(tree).as_posix(): path.read_bytes()
        for path in sorted(tree.rglob("*.pyc"))
        if path.relative_to(tree).as_posix() not in contents
    }
    if not added:
        return False
    record = next((n for n in contents if n.endswith(".dist-info/RECORD")), None)
    if record is not None:
        lines = [
            f"{name},sha256={record_digest(data)},{len(data)}\n" for name, data in added.items()
        ]
        contents[record] = contents[record] + "".join(lines).encode()
    partial = archive.with_name(archive.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            out.writestr(info, contents[info.filename])
        for name, data in added.items():
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            out.writestr(entry, data)
    partial.replace(archive)
    return True

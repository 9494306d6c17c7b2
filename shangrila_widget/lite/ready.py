"""What the ready pages load: less than the Notebook app, so that a board shows sooner.

A ready page (:mod:`~shangrila_widget.lite.pages`) runs one call and hides the code input, so
it needs neither code completion nor a terminal. Its app (JupyterLite's REPL) gets its own
package list, ``ready-lock.json`` beside the site's, named in ``repl/jupyter-lite.json``:

* **jedi** (code completion, and parso with it) is a wheel with no modules. The kernel
  installs jedi itself unless the page's preload list names it, and IPython works without it
  (completion only). jedi holds about 2,000 files, and unpacking them was the longest part of
  a page's package loading.
* **prompt_toolkit** (IPython's terminal) is not loaded: with IPython's wheel changed so that
  ``IPython.embed`` is imported on first use (:func:`lazy_embed`), nothing the kernel imports
  needs it. ``import IPython`` imported it on every page before.
* **micropip** is a wheel with no modules and **piplite** a small stand-in
  (:data:`PIPLITE_STUB`): the kernel imports ``piplite.piplite`` (and with it micropip and
  ``unittest.mock``) on every start only to set two names for ``%pip``, which a page with no
  code input never runs.
* **no service worker** (:data:`READY_DISABLED`): with JupyterLite's service worker the
  kernel mounts the site's files as ``/drive``, its working folder, and every ``import``
  then asks the page about that folder by a synchronous request (about 190 before a board
  was drawn). A ready page opens no file: its notebook comes from the package.

* **only the front ends a ready page shows** (:func:`ready_extensions`): the widgets' and the
  kernel's, not the Voila preview's, the Notebook's buttons' or the Pygments theme's; and no
  MathJax (:data:`READY_DISABLED`): the notebooks' texts have no formulas, and JupyterLab
  fetched and ran MathJax (about 110 kB of JavaScript) for the first Markdown cell, while
  the first board was being drawn.
* **Pygments with a few of its lexers** (:func:`trim_pygments`): IPython imports Pygments
  on start, but its 500 lexer modules (7.8 MB of its 8.9 MB) were unpacked on every page,
  the longest part of a page's package loading; a ready page keeps the Python lexer (which
  IPython's tracebacks use), a few common ones (shell, HTML, JavaScript, ...) and the ones
  they import.

The Notebook app keeps the full list, the service worker and every front end: completion,
``%pip`` and the files there work as before.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

from shangrila_widget.lite.kernel import LiteBuildError, normal
from shangrila_widget.lite.wheels import record_digest
from shangrila_widget.rules.messages import problem

READY_LOCK = "ready-lock.json"
"""The ready pages' package list, beside the site's ``pyodide-lock.json``."""

READY_APP = "repl"
"""JupyterLite's app that shows the ready pages."""

NO_MODULES = ("jedi", "micropip")
"""What the kernel preloads that a ready page never uses: served as wheels with no modules."""

NO_INSTALL = "ui.lite_no_install"
"""The words of the ready pages' ``piplite.install``."""

PIPLITE_STUB = {
    "piplite/__init__.py": b"from .piplite import install\n",
    "piplite/piplite.py": f'''"""piplite on a ready page of shangrila_widget's site, which
installs nothing (no code input): the names the kernel sets on start, and install() saying
so."""

_PIPLITE_DISABLE_PYPI = True
_PIPLITE_URLS: list[str] = []


async def install(*args: object, **kwargs: object) -> None:
    from shangrila_widget.rules.messages import say

    raise RuntimeError(say({NO_INSTALL!r}, "en"))
'''.encode(),
}
"""The modules of the ready pages' piplite: what the kernel's start imports of it."""

STUBS = {"piplite": PIPLITE_STUB}
"""What the kernel preloads that a ready page serves as a small stand-in (name -> files)."""

READY_DISABLED = (
    "@jupyterlite/application-extension:service-worker-manager",
    "@jupyterlab/mathjax-extension:plugin",
)
"""JupyterLite plugins the ready pages' app does without."""

TERMINAL_ONLY = "prompt-toolkit"
"""IPython's terminal, which a page's kernel never starts."""

EAGER_EMBED = "from .terminal.embed import embed\n"
LAZY_EMBED = """

def __getattr__(name: str) -> object:
    # shangrila_widget.lite: IPython.embed (the terminal, prompt_toolkit) on first use only
    if name == "embed":
        from .terminal.embed import embed

        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")
"""


def lazy_embed(wheel: Path) -> bool:
    """Rewrite IPython's ``wheel`` in place so that ``import IPython`` no longer imports its
    terminal (``IPython.embed`` then imports it on first use: PEP 562). False when its
    ``__init__.py`` does not hold the eager import this expects (the wheel is unchanged)."""
    init = "IPython/__init__.py"
    with zipfile.ZipFile(wheel) as opened:
        infos = opened.infolist()
        contents = {info.filename: opened.read(info) for info in infos}
    source = contents.get(init, b"").decode("utf-8")
    if source.count(EAGER_EMBED) != 1:
        return False
    contents[init] = source.replace(EAGER_EMBED, LAZY_EMBED).encode("utf-8")
    stale = [name for name in contents if name.startswith("IPython/__pycache__/__init__.")]
    record = next((n for n in contents if n.endswith(".dist-info/RECORD")), None)
    if record is not None:
        lines = []
        for line in contents[record].decode("utf-8").splitlines():
            name = line.split(",", 1)[0]
            if name in stale:
                continue
            if name == init:
                line = f"{init},sha256={record_digest(contents[init])},{len(contents[init])}"
            lines.append(line + "\n")
        contents[record] = "".join(lines).encode("utf-8")
    partial = wheel.with_name(wheel.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            if info.filename not in stale:
                out.writestr(info, contents[info.filename])
    partial.replace(wheel)
    return True


LEXERS_KEPT = ("python", "special", "shell", "html", "javascript", "ruby", "perl", "markup")
"""The Pygments lexer modules a ready page keeps (with those they import, :func:`kept_lexers`):
the Python lexer (IPython's tracebacks, ``IPython.utils.PyColorize``) and a few common ones.
``pygments/lexers/__init__.py`` and ``_mapping.py`` stay, so every lexer is still *named*;
asking for one not kept raises ``ImportError`` (no ready page does: it shows no code)."""

LEXERS = "pygments/lexers/"

_LEXER_IMPORT = re.compile(r"^\s*(?:from|import)\s+pygments\.lexers\.(\w+)", re.MULTILINE)


def kept_lexers(sources: dict[str, str], roots: tuple[str, ...] = LEXERS_KEPT) -> set[str]:
    """The lexer modules (names under ``pygments.lexers``) that ``roots`` need: those and
    every one they import, from ``sources`` (module name -> its source)."""
    kept = {"__init__", "_mapping"}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in kept or name not in sources:
            continue
        kept.add(name)
        todo.extend(_LEXER_IMPORT.findall(sources[name]))
    return kept


def trim_pygments(wheel: Path, dest: Path) -> Path | None:
    """A copy of Pygments' ``wheel`` in ``dest`` (the same file name) with only the lexers of
    :func:`kept_lexers` (their sources and bytecode), its ``RECORD`` to match; None when the
    wheel has no ``pygments/lexers/`` of the expected shape."""
    with zipfile.ZipFile(wheel) as opened:
        infos = opened.infolist()
        contents = {info.filename: opened.read(info) for info in infos}
    sources = {
        name[len(LEXERS) : -3]: data.decode("utf-8", "replace")
        for name, data in contents.items()
        if name.startswith(LEXERS) and name.endswith(".py") and "/" not in name[len(LEXERS) :]
    }
    if "__init__" not in sources or "python" not in sources:
        return None
    kept = kept_lexers(sources)

    def dropped(name: str) -> bool:
        if not name.startswith(LEXERS):
            return False
        rest = name[len(LEXERS) :]
        module = rest.removeprefix("__pycache__/").split(".", 1)[0]
        return module not in kept

    record = next((n for n in contents if n.endswith(".dist-info/RECORD")), None)
    if record is not None:
        lines = contents[record].decode("utf-8").splitlines(keepends=True)
        kept_lines = [line for line in lines if not dropped(line.split(",", 1)[0])]
        contents[record] = "".join(kept_lines).encode()
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / wheel.name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in infos:
            if not dropped(info.filename):
                archive.writestr(info, contents[info.filename])
    return out


def empty_wheel(name: str, dest: Path, modules: dict[str, bytes] | None = None) -> Path:
    """A wheel named ``name`` with no modules (its metadata only), or with ``modules`` (path
    in the wheel -> contents), in ``dest``."""
    stem = name.replace("-", "_")
    dist = f"{stem}-0.0.0.dist-info"
    files = {
        **(modules or {}),
        f"{dist}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
            "Summary: not loaded on this page (shangrila_widget's ready pages)\n"
        ).encode(),
        f"{dist}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: shangrila_widget.lite\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"
        ),
    }
    record = "".join(f"{n},sha256={record_digest(d)},{len(d)}\n" for n, d in files.items())
    files[f"{dist}/RECORD"] = (record + f"{dist}/RECORD,,\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{stem}-0.0.0-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file_name, data in files.items():
            info = zipfile.ZipInfo(file_name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    wheel.write_bytes(buffer.getvalue())
    return wheel


def ready_lock(
    lock: dict[str, Any],
    empties: dict[str, tuple[str, str]],
    *,
    no_terminal: bool,
    trimmed: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """A copy of the site's package list ``lock`` for the ready pages: each package of
    ``empties`` (name -> (file name beside the list, sha256)) its wheel with no modules (a
    stand-in's for :data:`STUBS`) and nothing it depends on; with ``no_terminal``, IPython
    without its terminal (:data:`TERMINAL_ONLY`, which :func:`lazy_embed` made unneeded);
    each package of ``trimmed`` (name -> (file name, sha256)) its smaller wheel
    (:func:`trim_pygments`), its version and dependencies unchanged."""
    ready: dict[str, Any] = json.loads(json.dumps(lock))
    packages: dict[str, Any] = ready["packages"]
    keys = {normal(key): key for key in packages}
    for name, (file_name, sha256) in (trimmed or {}).items():
        if name in keys:
            packages[keys[name]].update(file_name=file_name, sha256=sha256)
    for name, (file_name, sha256) in empties.items():
        if name not in keys:
            raise LiteBuildError(problem("lite_lock_no_package", name=repr(name)))
        entry = packages[keys[name]]
        imports = [name] if name in STUBS else []
        entry.update(file_name=file_name, sha256=sha256, imports=imports, depends=[])
        entry["version"] = "0.0.0"
    if no_terminal:
        ipython = packages[keys["ipython"]]
        ipython["depends"] = [d for d in ipython["depends"] if normal(d) != TERMINAL_ONLY]
    return ready


def write_ready_config(out: Path, plugin: str, settings: dict[str, Any]) -> None:
    """Give the ready pages' app (``repl/jupyter-lite.json``) the kernel plugin's
    ``settings`` (which JupyterLite puts over the site's, key by key), and disable
    :data:`READY_DISABLED` there (JupyterLite adds the list to the site's)."""
    path = out / READY_APP / "jupyter-lite.json"
    if not path.is_file():
        raise LiteBuildError(problem("lite_no_ready_config", path=str(path)))
    config = json.loads(path.read_text(encoding="utf-8"))
    data = config.setdefault("jupyter-config-data", {})
    plugins = data.setdefault("litePluginSettings", {})
    plugins[plugin] = {**plugins.get(plugin, {}), **settings}
    disabled = list(data.get("disabledExtensions", []))
    data["disabledExtensions"] = disabled + [n for n in READY_DISABLED if n not in disabled]
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def ready_extensions(out: Path, keep: set[str]) -> list[str]:
    """Let the ready pages load only the front ends (federated JupyterLab extensions) named in
    ``keep``: the site's list (``jupyter-lite.json``) keeps those, and every other app's
    ``jupyter-lite.json`` gets the rest, which JupyterLite adds to the site's list, so the
    Notebook app loads every front end as before. The REPL loaded each one on every page
    (JavaScript fetched, compiled and started: the Voila preview's, the Notebook's buttons',
    the Pygments theme's), before its kernel started. Returns the names moved."""
    root = out / "jupyter-lite.json"
    config = json.loads(root.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    extensions = data.get("federated_extensions", [])
    others = [e for e in extensions if e.get("name") not in keep]
    if not others:
        return []
    data["federated_extensions"] = [e for e in extensions if e.get("name") in keep]
    root.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    for path in sorted(out.glob("*/jupyter-lite.json")):
        if path.parent.name == READY_APP:
            continue
        app = json.loads(path.read_text(encoding="utf-8"))
        app_data = app.setdefault("jupyter-config-data", {})
        app_data["federated_extensions"] = [*app_data.get("federated_extensions", []), *others]
        path.write_text(json.dumps(app, indent=2) + "\n", encoding="utf-8")
    return [str(e["name"]) for e in others]

"""The JupyterLite site builder (``python -m shangrila_widget lite``) and what the package does
under Pyodide, checked in CPython (the site in a real browser: tests/browser/test_lite_browser.py).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import os
import pickle
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from shangrila_widget import __version__, serve
from shangrila_widget.__main__ import main
from shangrila_widget.lite import early as lite_early
from shangrila_widget.lite import kernel as lite_kernel
from shangrila_widget.lite import lock as lite_lock
from shangrila_widget.lite import pages as lite_pages
from shangrila_widget.lite import runner as lite_runner
from shangrila_widget.lite import site as lite_site
from shangrila_widget.lite import wheels as lite_wheels
from shangrila_widget.page_address import configured, current_page
from shangrila_widget.rules import Position
from shangrila_widget.runtime import NotInBrowserError, in_browser
from tests.support.paths import REPO_ROOT

CACHE = Path(os.environ.get("SHANGRILA_LITE_CACHE") or REPO_ROOT / ".lite-cache")
HAS_LITE = importlib.util.find_spec("jupyterlite_pyodide_kernel") is not None


def _entry(name: str, file_name: str, depends: list[str] | None = None) -> dict[str, object]:
    return {
        "name": name,
        "version": "1.0",
        "file_name": file_name,
        "install_dir": "site",
        "sha256": "0" * 64,
        "package_type": "package",
        "imports": [name],
        "depends": depends or [],
    }


#: A small stand-in of Pyodide's package list with the names the site's entries depend on.
BASE_LOCK = {
    "info": {"arch": "wasm32", "python": "3.14.2"},
    "packages": {
        name: _entry(name, f"{name}-1.0-py3-none-any.whl", deps)
        for name, deps in {
            "micropip": ["packaging"],
            "packaging": [],
            "ipython": ["traitlets", "pygments"],
            "pygments": [],
            "jedi": ["parso"],
            "parso": [],
            "traitlets": [],
            "numpy": [],
            "pillow": [],
            "pandas": ["numpy"],
            "typing-extensions": [],
        }.items()
    },
}


# --------------------------------------------------------------------------------------------
# Under Pyodide
# --------------------------------------------------------------------------------------------


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend to run under Pyodide (JupyterLite)."""
    monkeypatch.setattr(sys, "platform", "emscripten")


def test_in_browser_follows_sys_platform(pyodide: None) -> None:
    assert in_browser()


def test_tour_command_in_a_browser_prints_why_and_exits_2(
    pyodide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tour", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "Starting the tour in Voila is not available here" in err
    assert "JupyterLite" in err and "Traceback" not in err


def test_voila_runner_in_a_browser_raises_the_package_error(pyodide: None, tmp_path: Path) -> None:
    with pytest.raises(NotInBrowserError, match="Running Voila is not available here"):
        serve.run_until_stopped([sys.executable, "-c", "pass"], tmp_path)


def test_png_export_in_a_browser_raises_the_package_error_and_svg_works(
    pyodide: None, tmp_path: Path
) -> None:
    from shangrila_widget import Position
    from shangrila_widget.render import save_png, save_svg

    position = Position.new_game(["red", "blue", "yellow"])
    with pytest.raises(NotInBrowserError, match="Saving a PNG"):
        save_png(position, tmp_path / "board.png")
    assert not (tmp_path / "board.png").exists()
    save_svg(position, tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_lite_command_in_a_browser_prints_why_and_exits_2(
    pyodide: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lite", str(tmp_path / "site")]) == 2
    assert "building the JupyterLite site is not available here" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


# --------------------------------------------------------------------------------------------
# The package list and the wheels
# --------------------------------------------------------------------------------------------


def test_package_wheel_holds_the_package_its_data_and_a_valid_record(tmp_path: Path) -> None:
    wheel = lite_wheels.package_wheel(tmp_path)
    assert wheel.name == f"shangrila_widget-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert "shangrila_widget/__init__.py" in names
        assert "shangrila_widget/data/notebooks/hot-seat.ipynb" in names
        assert "shangrila_widget/data/chances.json" in names  # the bots' win-chance model
        assert "shangrila_widget/render/canvas.py" in names
        assert not [n for n in names if n.startswith(lite_wheels.VOILA_DATA)]
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        dist = f"shangrila_widget-{__version__}.dist-info"
        metadata = archive.read(f"{dist}/METADATA").decode()
        assert f"Version: {__version__}" in metadata
        rows = [line.split(",") for line in archive.read(f"{dist}/RECORD").decode().splitlines()]
        for name, digest, _size in rows:
            if name.endswith("RECORD"):
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == f"sha256={expected.decode()}", name
        assert {row[0] for row in rows} == names


def test_bytecode_joins_a_wheel_and_its_record(tmp_path: Path) -> None:
    """What Pyodide compiled in Node goes into the wheel beside the sources, listed in its
    RECORD with its hash; a tree with nothing compiled leaves the wheel as it was."""
    from shangrila_widget.lite.bytecode import _add_bytecode

    wheel = lite_wheels.package_wheel(tmp_path / "wheel")
    tree = tmp_path / "tree"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tree)
    before = wheel.read_bytes()
    assert not _add_bytecode(wheel, tree) and wheel.read_bytes() == before
    pyc = tree / "shangrila_widget" / "__pycache__" / "__init__.cpython-314.pyc"
    pyc.parent.mkdir()
    pyc.write_bytes(b"bytecode")
    assert _add_bytecode(wheel, tree)
    with zipfile.ZipFile(wheel) as archive:
        name = "shangrila_widget/__pycache__/__init__.cpython-314.pyc"
        assert archive.read(name) == b"bytecode"
        assert "shangrila_widget/__init__.py" in archive.namelist()
        record = archive.read(f"shangrila_widget-{__version__}.dist-info/RECORD").decode()
    digest = base64.urlsafe_b64encode(hashlib.sha256(b"bytecode").digest()).rstrip(b"=")
    assert f"{name},sha256={digest.decode()},8" in record.splitlines()


def _ipython_wheel(path: Path, init: str) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("IPython/__init__.py", init)
        archive.writestr("IPython/__pycache__/__init__.cpython-314.pyc", b"stale")
        record = "IPython/__init__.py,sha256=x,1\nIPython/__pycache__/__init__.cpython-314.pyc,,\n"
        archive.writestr("ipython-9.0.dist-info/RECORD", record)
    return path


def test_lazy_embed_makes_ipython_import_its_terminal_on_first_use(tmp_path: Path) -> None:
    """IPython's wheel, rewritten: ``import IPython`` no longer imports the terminal (which
    loads prompt_toolkit), ``IPython.embed`` still does, and the RECORD lists the new source
    and not the stale bytecode; an ``__init__.py`` of another shape is left as it was."""
    from shangrila_widget.lite.ready import lazy_embed

    init = "import sys\nfrom .terminal.embed import embed\nfrom .core import x\n"
    wheel = _ipython_wheel(tmp_path / "ipython-9.0-py3-none-any.whl", init)
    assert lazy_embed(wheel)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        source = archive.read("IPython/__init__.py").decode()
        record = archive.read("ipython-9.0.dist-info/RECORD").decode()
    assert "IPython/__pycache__/__init__.cpython-314.pyc" not in names
    assert "\nfrom .terminal.embed import embed\n" not in source
    assert source.startswith("import sys\n") and source.endswith("from .core import x\n")
    digest = lite_wheels.record_digest(source.encode())
    assert f"IPython/__init__.py,sha256={digest},{len(source.encode())}" in record.splitlines()
    assert "__pycache__" not in record
    # The module's __getattr__ imports the terminal when asked for embed, only then.
    package = tmp_path / "pkg" / "IPython"
    (package / "terminal").mkdir(parents=True)
    (package / "__init__.py").write_text(source.replace("from .core import x\n", ""))
    (package / "terminal" / "__init__.py").write_text("")
    (package / "terminal" / "embed.py").write_text("def embed():\n    return 'embedded'\n")
    probe = (
        "import sys, IPython\n"
        "assert 'IPython.terminal.embed' not in sys.modules\n"
        "from IPython import embed\n"
        "print(embed(), 'IPython.terminal.embed' in sys.modules)\n"
        "try:\n    IPython.nothing\nexcept AttributeError as e:\n    print(e)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path / "pkg", capture_output=True, text=True
    )
    assert result.stdout.splitlines() == [
        "embedded True",
        "module 'IPython' has no attribute 'nothing'",
    ], result.stderr

    other = _ipython_wheel(tmp_path / "other.whl", "from .terminal import embed\n")
    before = other.read_bytes()
    assert not lazy_embed(other) and other.read_bytes() == before


def test_the_ready_pages_list_loads_no_jedi_and_no_terminal(tmp_path: Path) -> None:
    """The ready pages' package list: jedi a wheel with no modules and nothing it depends on
    (the kernel then installs none), IPython without prompt_toolkit when its terminal is
    lazy; the site's own list is untouched."""
    from shangrila_widget.lite.ready import empty_wheel, ready_lock

    wheel = empty_wheel("jedi", tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert wheel.name == "jedi-0.0.0-py3-none-any.whl"
    assert sorted(names) == [f"jedi-0.0.0.dist-info/{n}" for n in ("METADATA", "RECORD", "WHEEL")]
    lock = {
        "packages": {
            "jedi": _entry("jedi", "jedi-0.19-py3-none-any.whl", ["parso"]),
            "parso": _entry("parso", "parso-0.8-py3-none-any.whl"),
            "ipython": _entry("ipython", "ipython-9-py3-none-any.whl", ["prompt_toolkit", "six"]),
            "prompt_toolkit": _entry("prompt_toolkit", "p-3-py3-none-any.whl"),
            "six": _entry("six", "six-1-py3-none-any.whl"),
        }
    }
    original = json.dumps(lock)
    ready = ready_lock(lock, {"jedi": ("ready/" + wheel.name, "abc")}, no_terminal=True)
    assert json.dumps(lock) == original
    jedi = ready["packages"]["jedi"]
    assert (jedi["file_name"], jedi["sha256"], jedi["depends"], jedi["imports"]) == (
        "ready/jedi-0.0.0-py3-none-any.whl",
        "abc",
        [],
        [],
    )
    assert lite_lock.needed_packages(ready, ["jedi", "ipython"]) == ["ipython", "jedi", "six"]
    kept = ready_lock(lock, {}, no_terminal=False)
    assert lite_lock.needed_packages(kept, ["ipython"]) == ["ipython", "prompt-toolkit", "six"]


def test_the_ready_pages_piplite_is_a_stand_in_that_installs_nothing(tmp_path: Path) -> None:
    """micropip is empty and piplite a stand-in with what the kernel's start sets (its
    ``install`` says in words that the page installs nothing); both keep their import
    names only where there are modules, and depend on nothing."""
    from shangrila_widget.lite.ready import NO_MODULES, STUBS, empty_wheel, ready_lock
    from shangrila_widget.rules.messages import say

    assert "micropip" in NO_MODULES and "piplite" in STUBS
    wheel = empty_wheel("piplite", tmp_path, STUBS["piplite"])
    with zipfile.ZipFile(wheel) as archive:
        record = archive.read("piplite-0.0.0.dist-info/RECORD").decode()
        modules = {n: archive.read(n) for n in archive.namelist() if n.endswith(".py")}
    assert sorted(modules) == ["piplite/__init__.py", "piplite/piplite.py"]
    assert all(f"{name},sha256=" in record for name in modules)
    (tmp_path / "site").mkdir()
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path / "site")
    script = (
        "import asyncio, piplite.piplite as p\n"
        "p._PIPLITE_DISABLE_PYPI = True; p._PIPLITE_URLS = []\n"
        "from piplite import install\n"
        "try:\n    asyncio.run(install('x'))\nexcept RuntimeError as e:\n    print(e)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(REPO_ROOT)])}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.strip() == say("ui.lite_no_install", "en")
    assert "micropip" not in result.stderr
    lock = {
        "packages": {
            "micropip": _entry("micropip", "micropip-0.11-py3-none-any.whl", ["packaging"]),
            "piplite": _entry("piplite", "piplite-0.8-py3-none-any.whl", ["micropip"]),
            "packaging": _entry("packaging", "packaging-26-py3-none-any.whl"),
        }
    }
    empties = {n: (f"ready/{n}-0.0.0-py3-none-any.whl", "abc") for n in ("micropip", "piplite")}
    ready = ready_lock(lock, empties, no_terminal=False)["packages"]
    assert (ready["micropip"]["imports"], ready["piplite"]["imports"]) == ([], ["piplite"])
    assert lite_lock.needed_packages({"packages": ready}, ["piplite"]) == ["piplite"]


def _pygments_wheel(path: Path) -> Path:
    lexers = {
        "__init__": "from pygments.lexers._mapping import LEXERS\n",
        "_mapping": "LEXERS = {}\n",
        "python": "from pygments.lexers.special import TextLexer\n",
        "special": "import pygments.lexers._special_builtins\n",
        "_special_builtins": "X = 1\n",
        "shell": "",
        "html": "from pygments.lexers.css import CssLexer\n",
        "css": "",
        "javascript": "",
        "ruby": "",
        "perl": "",
        "markup": "",
        "fortran": "from pygments.lexers.lisp import X\n",
        "lisp": "",
        "_lisp_builtins": "",
    }
    files = {f"pygments/lexers/{name}.py": text for name, text in lexers.items()}
    files.update(
        {f"pygments/lexers/__pycache__/{n}.cpython-314.pyc": "pyc" for n in ("python", "lisp")}
    )
    files["pygments/__init__.py"] = "__version__ = '2'\n"
    files["pygments/styles/default.py"] = ""
    record = "".join(f"{name},sha256=x,1\n" for name in files)
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        archive.writestr("pygments-2.dist-info/RECORD", record)
    return path


def test_the_ready_pages_pygments_keeps_the_lexers_it_needs(tmp_path: Path) -> None:
    """The ready pages' Pygments: the lexers kept (Python and a few common ones), the ones
    they import (a lexer, a builtins module), the package's list of lexers, and none else
    (their sources and bytecode gone, from the wheel and its RECORD); the rest of Pygments
    as it was, and the site's own wheel untouched."""
    from shangrila_widget.lite.ready import LEXERS_KEPT, trim_pygments

    assert "python" in LEXERS_KEPT
    wheel = _pygments_wheel(tmp_path / "pygments-2-py3-none-any.whl")
    before = wheel.read_bytes()
    small = trim_pygments(wheel, tmp_path / "ready")
    assert small == tmp_path / "ready" / wheel.name and wheel.read_bytes() == before
    with zipfile.ZipFile(small) as archive:
        names = set(archive.namelist())
        record = archive.read("pygments-2.dist-info/RECORD").decode()
    lexers = {n.removeprefix("pygments/lexers/") for n in names if "/lexers/" in n}
    assert lexers == {
        f"{n}.py"
        for n in (
            *("__init__", "_mapping", "python", "special", "_special_builtins", "shell"),
            *("html", "css", "javascript", "ruby", "perl", "markup"),
        )
    } | {"__pycache__/python.cpython-314.pyc"}
    assert {"pygments/__init__.py", "pygments/styles/default.py"} <= names
    listed = {line.split(",", 1)[0] for line in record.splitlines()}
    assert listed == names - {"pygments-2.dist-info/RECORD"}
    other = tmp_path / "other.whl"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("pygments/__init__.py", "")
    assert trim_pygments(other, tmp_path / "elsewhere") is None


def test_the_ready_pages_app_has_no_service_worker(tmp_path: Path) -> None:
    """The ready pages' app disables JupyterLite's service worker (the kernel then mounts
    no /drive, which every import asked about by a synchronous request) and MathJax (no
    formulas in the notebooks' texts), keeping what the file disabled already; the kernel
    plugin's settings go over the file's."""
    from shangrila_widget.lite.ready import READY_DISABLED, write_ready_config

    (tmp_path / "repl").mkdir()
    config = {"jupyter-config-data": {"disabledExtensions": ["other:plugin"]}}
    (tmp_path / "repl" / "jupyter-lite.json").write_text(json.dumps(config))
    write_ready_config(tmp_path, "kernel:plugin", {"loadPyodideOptions": {"packages": ["a"]}})
    data = json.loads((tmp_path / "repl" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert data["disabledExtensions"] == [
        "other:plugin",
        "@jupyterlite/application-extension:service-worker-manager",
        "@jupyterlab/mathjax-extension:plugin",
    ]
    assert list(READY_DISABLED) == data["disabledExtensions"][1:]
    assert data["litePluginSettings"]["kernel:plugin"] == {
        "loadPyodideOptions": {"packages": ["a"]}
    }


def test_the_ready_pages_load_only_the_front_ends_they_show(tmp_path: Path) -> None:
    """The site's list keeps the front ends named; every other app (not the REPL) gets the
    rest added, so that the Notebook app's merged list is the whole list as before."""
    from shangrila_widget.lite.ready import ready_extensions

    every = [{"name": n, "load": f"{n}.js"} for n in ("voila", "widgets", "kernel", "pygments")]
    root = {"jupyter-config-data": {"federated_extensions": every, "appName": "x"}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(root))
    for app in ("repl", "notebooks", "tree"):
        (tmp_path / app).mkdir()
        (tmp_path / app / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {}}))
    assert ready_extensions(tmp_path, {"widgets", "kernel"}) == ["voila", "pygments"]

    def listed(path: Path) -> list[str]:
        data = json.loads(path.read_text())["jupyter-config-data"]
        return [e["name"] for e in data.get("federated_extensions", [])]

    assert listed(tmp_path / "jupyter-lite.json") == ["widgets", "kernel"]
    assert listed(tmp_path / "repl" / "jupyter-lite.json") == []
    for app in ("notebooks", "tree"):
        merged = listed(tmp_path / "jupyter-lite.json") + listed(
            tmp_path / app / "jupyter-lite.json"
        )
        assert sorted(merged) == sorted(e["name"] for e in every)
    assert ready_extensions(tmp_path, {"widgets", "kernel"}) == []  # nothing more to move


def test_the_site_gives_anywidget_models_longer_to_start(tmp_path: Path) -> None:
    """The site's copy of anywidget's front end gives a model 60 s to start, not 2 s (a busy
    page dropped the model: "Failed to initialize model"); other text is left alone."""
    from shangrila_widget.lite.site import patch_anywidget_setup

    folder = tmp_path / "extensions" / "anywidget" / "static"
    folder.mkdir(parents=True)
    setup = (
        'AbortSignal.timeout(2000).addEventListener("abort", function() {\n'
        '            resolvers.reject(new Error("[anywidget] Failed to initialize model."));'
    )
    (folder / "528.js").write_text(f"var a = 1;\n{setup}\nAbortSignal.timeout(3000);\n")
    (folder / "other.js").write_text("AbortSignal.timeout(2000); // not the set-up\n")
    assert patch_anywidget_setup(tmp_path) == 1
    patched = (folder / "528.js").read_text()
    assert "AbortSignal.timeout(60000).addEventListener" in patched and "(2000)" not in patched
    assert "AbortSignal.timeout(3000);" in patched
    assert (folder / "other.js").read_text() == "AbortSignal.timeout(2000); // not the set-up\n"
    assert patch_anywidget_setup(tmp_path) == 0


def _kernel_front_end(site: Path, worker_text: str) -> tuple[Path, Path, Path]:
    """A site's kernel worker, the kernel extension's chunk that makes it, and its REPL page."""
    static = site / lite_kernel.KERNEL_PYPI.parent
    static.mkdir(parents=True)
    worker = static / "comlink.worker.abc123.js"
    worker.write_text(f"var a=1;async initRuntime(e){{{worker_text},more()}}\n")
    chunk = static / "393.def456.js"
    chunk.write_text(f"initWorker(e){{{lite_early.EXTENSION_WORKER}return t(e)}}\n")
    (site / "repl").mkdir()
    page = site / "repl" / "index.html"
    page.write_text("<html><head><title>REPLite</title></head><body></body></html>")
    return worker, chunk, page


def test_a_ready_page_starts_python_while_the_page_loads(tmp_path: Path) -> None:
    """The REPL page starts the kernel's worker with Pyodide's address and the ready pages'
    preload list (their addresses from the site's root), the worker starts Pyodide from them,
    and the kernel's extension takes that worker; a kernel of another version (other text)
    is left as it is."""
    options = {"packages": ["ipython", "shangrila-widget"], "lockFileURL": "./static/p/r.json"}
    worker, chunk, page = _kernel_front_end(tmp_path / "site", lite_early.WORKER_RUNTIME)
    assert lite_early.add_early_start(tmp_path / "site", "./static/p/pyodide.mjs", options, page)
    patched = worker.read_text()
    assert patched.startswith(lite_early.WORKER_PRELUDE)
    assert lite_early.WORKER_RUNTIME_EARLY in patched and lite_early.WORKER_RUNTIME not in patched
    assert chunk.read_text().count("globalThis.__shangrilaWorker(e)") == 1
    html = page.read_text()
    assert html.index("new Worker(url") < html.index("<title>")
    assert (
        '"extensions/@jupyterlite/pyodide-kernel-extension/static/comlink.worker.abc123.js"' in html
    )
    assert '"./static/p/pyodide.mjs"' in html and '{"fromRoot": "./static/p/r.json"}' in html
    assert '["ipython", "shangrila-widget"]' in html and 'includes("show_notebook(")' in html
    # once only; and a worker of another version gets nothing
    assert not lite_early.add_early_start(tmp_path / "site", "./p.mjs", options, page)
    assert page.read_text() == html
    other, other_chunk, other_page = _kernel_front_end(
        tmp_path / "other", "this._pyodide=await x()"
    )
    before = [p.read_text() for p in (other, other_chunk, other_page)]
    assert not lite_early.add_early_start(tmp_path / "other", "./p.mjs", options, other_page)
    assert [p.read_text() for p in (other, other_chunk, other_page)] == before


def test_the_early_start_scripts_are_javascript(tmp_path: Path) -> None:
    """The worker's prelude and the page's script parse (Node.js checks them, where it is)."""
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    script = lite_early.early_script("w.js", "./p/pyodide.mjs", {"packages": ["a"]})
    body = script.removeprefix("<script>").removesuffix("</script>")
    for name, text in {"page.js": body, "prelude.mjs": lite_early.WORKER_PRELUDE}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        result = subprocess.run([node, "--check", str(tmp_path / name)], capture_output=True)
        assert result.returncode == 0, result.stderr.decode()


def test_a_ready_page_picture_is_the_board_the_notebook_draws_first(tmp_path: Path) -> None:
    """The picture of each notebook is the SVG of the scene its first board drew (the
    notebook run here), with no ruling even when the build's environment names one; the
    REPL page gets the script that shows it, with its line in words."""
    from shangrila_widget.lite.picture import PICTURES, add_first_boards, first_board_svg
    from shangrila_widget.render.svg import scene_to_svg
    from shangrila_widget.rules.messages import say
    from shangrila_widget.widget import ShangriLaBoard

    board = ShangriLaBoard(players=["red", "blue", "yellow", "violet"])
    assert board.canvas.scene is not None
    expected = scene_to_svg(board.canvas.scene, display_width=board.board_width)
    assert first_board_svg("hot-seat.ipynb") == expected
    (tmp_path / "repl").mkdir()
    (tmp_path / "repl" / "index.html").write_text("<html><head></head><body></body></html>")
    os.environ["QUERY_STRING"] = "ruling=nonsense"
    try:
        add_first_boards(tmp_path, ("hot-seat.ipynb", "dispute-checker.ipynb", "path.ipynb"))
    finally:
        del os.environ["QUERY_STRING"]
    assert (tmp_path / PICTURES / "hot-seat.svg").read_text() == expected
    checker = (tmp_path / PICTURES / "dispute-checker.svg").read_text()
    assert checker.startswith("<svg") and "This link cannot be opened" not in checker
    page = (tmp_path / "repl" / "index.html").read_text()
    assert page.count("</head>") == 1 and json.dumps(say("ui.lite_starting", "en")) in page
    assert '"hot-seat.ipynb": "static/first-boards/hot-seat.svg"' in page
    assert not (tmp_path / PICTURES / "path.svg").exists() and "path.ipynb" not in page
    assert 'code.includes("ruling=")' in page


def _fake_wheels(folder: Path) -> dict[str, Path]:
    wheels = {}
    for name, file_name in {
        "shangrila-widget": "shangrila_widget-0.1.0-py3-none-any.whl",
        "ipywidgets": "ipywidgets-8.1.9-py3-none-any.whl",
        "ipycanvas": "ipycanvas-0.14.3-py2.py3-none-any.whl",
        "comm": "comm-0.2.3-py3-none-any.whl",
        "anywidget": "anywidget-0.11.0-py3-none-any.whl",
        "psygnal": "psygnal-0.16.1-py3-none-any.whl",
        "segno": "segno-1.6.6-py3-none-any.whl",
    }.items():
        path = folder / file_name
        path.write_bytes(name.encode())
        wheels[name] = path
    return wheels


def test_merge_lock_adds_the_site_wheels_and_points_the_rest_at_the_public_distribution(
    tmp_path: Path,
) -> None:
    wheels = _fake_wheels(tmp_path)
    cdn = "https://example.invalid/pyodide/v1/full/"
    lock = lite_lock.merge_lock(BASE_LOCK, wheels, base_url=cdn)
    packages = lock["packages"]
    assert packages["numpy"]["file_name"] == cdn + "numpy-1.0-py3-none-any.whl"
    ours = packages["shangrila-widget"]
    assert ours["file_name"] == "shangrila_widget-0.1.0-py3-none-any.whl"
    assert ours["version"] == "0.1.0" and ours["imports"] == ["shangrila_widget"]
    assert ours["sha256"] == hashlib.sha256(b"shangrila-widget").hexdigest()
    assert set(packages["ipycanvas"]["depends"]) == {"ipywidgets", "numpy", "pillow"}
    assert BASE_LOCK["packages"]["numpy"]["file_name"] == "numpy-1.0-py3-none-any.whl"


def test_merge_lock_refuses_a_list_without_what_the_widgets_need(tmp_path: Path) -> None:
    base = json.loads(json.dumps(BASE_LOCK))
    del base["packages"]["pillow"]
    with pytest.raises(lite_kernel.LiteBuildError, match="lacks pillow"):
        lite_lock.merge_lock(base, _fake_wheels(tmp_path))


def test_needed_packages_is_the_closure_of_the_kernel_and_the_site(tmp_path: Path) -> None:
    wheels = _fake_wheels(tmp_path)
    lock = lite_lock.merge_lock(BASE_LOCK, wheels)
    needed = lite_lock.needed_packages(lock, [*lite_kernel.KERNEL_NEEDS, *wheels])
    assert "pandas" not in needed
    assert {"numpy", "pillow", "parso", "pygments", "packaging", "shangrila-widget"} <= set(needed)


def test_site_distributions_are_the_requirements_pyodide_lacks_recursively(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the installed metadata: comm comes in through ipywidgets; the front-end-only
    requirements stay out; when anywidget is required, anywidget and psygnal
    come in and typing-extensions, which Pyodide has, does not."""
    pytest.importorskip("packaging")
    lock = {"packages": {n: {} for n in ("numpy", "traitlets", "ipython", "typing-extensions")}}
    assert set(lite_wheels.site_distributions(lock)) >= {"ipycanvas", "ipywidgets", "comm", "segno"}
    assert not {"widgetsnbextension", "jupyterlab-widgets"} & set(
        lite_wheels.site_distributions(lock)
    )
    pytest.importorskip("anywidget")
    real = lite_wheels.requirements
    monkeypatch.setattr(
        lite_wheels,
        "requirements",
        lambda name: [*real(name), "anywidget"] if name == "shangrila_widget" else real(name),
    )
    found = lite_wheels.site_distributions(lock)
    assert {"anywidget", "psygnal"} <= set(found) and "typing-extensions" not in found
    assert lite_wheels.requirements("anywidget")[:1] == ["ipywidgets"]
    assert lite_wheels.import_names("psygnal") == ["psygnal"]
    assert lite_wheels.import_names("anywidget") == ["anywidget"]


def test_the_pure_wheel_of_a_package_compiled_here_is_fetched(tmp_path: Path) -> None:
    """psygnal is installed here as a compiled wheel; the site needs its py3-none-any one."""
    pytest.importorskip("psygnal")
    wheels = lite_wheels.dependency_wheels(CACHE, ["psygnal"])
    assert wheels["psygnal"].name.endswith("-py3-none-any.whl")


def test_a_site_without_a_widget_front_end_is_refused(tmp_path: Path) -> None:
    (tmp_path / "extensions" / "ipycanvas").mkdir(parents=True)
    (tmp_path / "extensions" / "ipycanvas" / "package.json").write_text('{"name": "ipycanvas"}')
    wheels = {"ipycanvas": tmp_path / "a.whl", "anywidget": tmp_path / "b.whl"}
    with pytest.raises(
        lite_kernel.LiteBuildError, match="lacks the JupyterLab extension anywidget"
    ):
        lite_site.check_front_ends(tmp_path, wheels)
    lite_site.check_front_ends(tmp_path, {"ipycanvas": tmp_path / "a.whl", "comm": tmp_path})


def test_show_notebook_shows_the_text_and_runs_the_code(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import IPython.display

    shown: list[object] = []
    monkeypatch.setattr(IPython.display, "display", lambda value: shown.append(value))
    namespace: dict[str, object] = {"__name__": "__main__"}
    lite_runner.show_notebook("hot-seat.ipynb", namespace)
    markdown = [v.data for v in shown if isinstance(v, IPython.display.Markdown)]
    assert any(m.startswith("## Against the computer") for m in markdown)
    values = [type(v).__name__ for v in shown if not isinstance(v, IPython.display.Markdown)]
    assert values[0] == "ShangriLaBoard"  # a cell's last expression
    assert "Red places a Healer master in village A." in capsys.readouterr().out  # printed
    assert namespace["board"] is shown[[type(v).__name__ for v in shown].index("ShangriLaBoard")]


def test_show_notebook_hands_the_page_address_to_the_checker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import IPython.display

    from shangrila_widget.rules.ruling import question_string, ruling_link

    for variable in ("SHANGRILA_PAGE_URL", "QUERY_STRING", "VOILA_REQUEST_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.delenv("SHANGRILA_SITE_URL", raising=False)
    shown: list[object] = []
    monkeypatch.setattr(IPython.display, "display", lambda value: shown.append(value))
    pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
    page = "https://example.org/site/dispute-checker.html"
    link = ruling_link(question_string(pos, "journey A B"), page)
    with configured(None):  # show_notebook says the page (configure): put back afterwards
        lite_runner.show_notebook("dispute-checker.ipynb", {"__name__": "__main__"}, page=link)
        checker = next(v for v in shown if type(v).__name__ == "DisputeChecker")
        assert checker.game == pos  # type: ignore[attr-defined]
        assert checker.question is not None  # type: ignore[attr-defined]
        assert checker.link() == link  # type: ignore[attr-defined]
    assert "SHANGRILA_PAGE_URL" not in os.environ and current_page().url is None  # not kept


# --------------------------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------------------------


def test_lite_command_refuses_a_folder_that_is_not_pyodide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("jupyterlite_pyodide_kernel")
    (tmp_path / "not-pyodide").mkdir()
    status = main(["lite", str(tmp_path / "site"), "--pyodide", str(tmp_path / "not-pyodide")])
    assert status == 2
    err = capsys.readouterr().err
    assert "is not a Pyodide distribution: it lacks pyodide.mjs" in err
    assert not (tmp_path / "site").exists()


def test_lite_command_takes_one_source_of_pyodide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["lite", str(tmp_path / "site"), "--pyodide", str(tmp_path), "--pyodide-lock", "x"]
    assert main(args) == 2
    assert "not both" in capsys.readouterr().err


def test_lite_command_does_not_overwrite_a_folder_of_other_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("jupyterlite_pyodide_kernel")
    lock = tmp_path / "pyodide-lock.json"
    lock.write_text(json.dumps(BASE_LOCK), encoding="utf-8")
    out = tmp_path / "site"
    out.mkdir()
    (out / "thesis.txt").write_text("keep me", encoding="utf-8")
    status = main(["lite", str(out), "--pyodide-lock", str(lock), "--cache", str(CACHE)])
    assert status == 2
    assert "is not empty and holds no earlier site" in capsys.readouterr().err
    assert (out / "thesis.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.skipif(not HAS_LITE, reason="needs the lite extra (pip install '.[lite]')")
def test_default_site_loads_pyodide_from_the_public_distribution(tmp_path: Path) -> None:
    lock_file = tmp_path / "pyodide-lock.json"
    lock_file.write_text(json.dumps(BASE_LOCK), encoding="utf-8")
    out = tmp_path / "site"
    report = lite_site.build_site(out, pyodide_lock=lock_file, cache_dir=CACHE)
    assert not report.offline and report.files > 100

    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][lite_kernel.KERNEL_PLUGIN]
    assert "pyodideUrl" not in kernel  # the kernel's default: the public distribution
    # Every page loads the kernel's packages and ours with Pyodide, in one batch.
    assert kernel["loadPyodideOptions"] == {
        "lockFileURL": "./static/shangrila/pyodide-lock.json",
        "packages": list(lite_kernel.PAGE_PRELOAD),
    }
    folder = out / "static" / "shangrila"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    cdn = str(lite_kernel.kernel_constants().PYODIDE_CDN_URL)
    assert lock["packages"]["numpy"]["file_name"] == f"{cdn}/numpy-1.0-py3-none-any.whl"
    # The kernel's own wheels are in the list, so that it installs none with micropip.
    assert lock["packages"]["pyodide-kernel"]["depends"] == ["comm", "ipython"]
    assert lock["packages"]["piplite"]["imports"] == ["piplite"]
    for name in ("shangrila-widget", "ipywidgets", "ipycanvas", "comm", "piplite", "ipykernel"):
        entry = lock["packages"][name]
        assert lite_wheels.sha256_of(folder / entry["file_name"]) == entry["sha256"], name
    assert not (out / "static" / "pyodide").exists()
    # The ready pages (the REPL app) load their own list: jedi without modules, from the site.
    repl = json.loads((out / "repl" / "jupyter-lite.json").read_text(encoding="utf-8"))
    ready_kernel = repl["jupyter-config-data"]["litePluginSettings"][lite_kernel.KERNEL_PLUGIN]
    assert ready_kernel["loadPyodideOptions"] == {
        "lockFileURL": "./static/shangrila/ready-lock.json",
        "packages": list(lite_kernel.PAGE_PRELOAD),
    }
    ready = json.loads((folder / "ready-lock.json").read_text(encoding="utf-8"))
    jedi = ready["packages"]["jedi"]
    assert lite_wheels.sha256_of(folder / jedi["file_name"]) == jedi["sha256"]
    assert jedi["depends"] == [] and lock["packages"]["jedi"]["file_name"].startswith(cdn)

    data = config["jupyter-config-data"]
    assert data["enableMemoryStorage"] is True  # no stale copies: storage in the page only
    assert (
        data["contentsStorageDrivers"]
        == data["settingsStorageDrivers"]
        == [lite_site.MEMORY_DRIVER]
    )
    for name in lite_pages.NOTEBOOKS:  # the package's notebooks, their kernel the site's
        shipped = json.loads(serve.notebook_source(name).read_bytes())
        copy = json.loads((out / "files" / name).read_bytes())
        assert copy["metadata"]["kernelspec"] == lite_kernel.KERNELSPEC
        assert [c["source"] for c in copy["cells"]] == [c["source"] for c in shipped["cells"]]
        assert all(c["metadata"]["trusted"] for c in copy["cells"] if c["cell_type"] == "code")
        ready = (out / lite_pages.ready_page(name)).read_text(encoding="utf-8")
        assert lite_pages.ready_script(name) in ready  # to the REPL, the page's address handed on
    assert lite_pages.ready_url("tour.ipynb").startswith("repl/index.html?kernel=python&")
    root = (out / "index.html").read_text(encoding="utf-8")
    assert f'here.replace("{lite_pages.ready_url("tour.ipynb")}")' in root
    assert 'here.replace("dispute-checker.html" + here.search + here.hash)' in root
    assert 'id="jupyter-config-data"' in root
    repl = (out / "repl" / "index.html").read_text(encoding="utf-8")
    assert ".jp-CodeConsole-input" in repl and 'id="jupyter-config-data"' in repl
    # A ready page starts Python at once, from the public distribution (lite/early.py).
    assert f'at("{cdn}/pyodide.mjs")' in repl and lite_early.WORKER_NAME in repl
    assert '{"fromRoot": "./static/shangrila/ready-lock.json"}' in repl
    workers = (out / lite_kernel.KERNEL_PYPI.parent).glob("comlink.worker.*.js")
    assert all(w.read_text().startswith(lite_early.EARLY_MARK) for w in workers)
    extensions = {p.parent.name for p in (out / "extensions").glob("**/package.json")}
    assert {"jupyterlab-manager", "ipycanvas", "pyodide-kernel-extension"} <= extensions
    assert (out / ".nojekyll").is_file()

    # Building again into the same folder replaces the earlier site.
    (out / "files" / "stale.ipynb").write_text("{}", encoding="utf-8")
    lite_site.build_site(out, pyodide_lock=lock_file, cache_dir=CACHE)
    assert not (out / "files" / "stale.ipynb").exists()


# --------------------------------------------------------------------------------------------
# The test-only numpy stand-in sends what numpy sends
# --------------------------------------------------------------------------------------------

_CAPTURE = """
import pickle, sys
import ipycanvas.canvas as C
sent = []
def send(self, content, buffers=None):
    sent.append((content, [bytes(memoryview(b)) for b in buffers or []]))
C._CanvasManager.send = send
from shangrila_widget.widget import ShangriLaBoard
board = ShangriLaBoard("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
board.play("journey A B")
import numpy
assert ("standin" in numpy.__version__) == (sys.argv[2] == "standin")
pickle.dump(sent, open(sys.argv[1], "wb"))
"""


def _capture(tmp_path: Path, label: str, extra_path: list[str]) -> list[tuple[object, list[bytes]]]:
    out = tmp_path / f"{label}.pickle"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*extra_path, str(REPO_ROOT), env.get("PYTHONPATH", "")])
    subprocess.run(
        [sys.executable, "-c", _CAPTURE, str(out), label], env=env, check=True, timeout=120
    )
    with open(out, "rb") as handle:
        sent: list[tuple[object, list[bytes]]] = pickle.load(handle)
    return sent


def test_numpy_standin_of_the_lite_test_paints_the_same_bytes_as_numpy(tmp_path: Path) -> None:
    from tests.support.lite_standins import write_standin_source

    standins = write_standin_source(tmp_path / "standins")
    real = _capture(tmp_path, "numpy", [])
    fake = _capture(tmp_path, "standin", [str(standins)])
    assert len(real) == len(fake) >= 2

    def without_ids(data: bytes) -> bytes:  # widget model ids are random
        return re.sub(rb"IPY_MODEL_[0-9a-f]+", b"IPY_MODEL_", data)

    for (content_a, buffers_a), (content_b, buffers_b) in zip(real, fake, strict=True):
        assert content_a == content_b
        assert [without_ids(b) for b in buffers_a] == [without_ids(b) for b in buffers_b]


def test_an_offline_build_from_the_pyodide_core_names_the_webassembly_wheels_it_lacks(
    tmp_path: Path,
) -> None:
    """npm's Pyodide core plus the pure wheels: what is left missing is numpy's and Pillow's
    WebAssembly builds, which the command names, saying where they are (and nothing is built)."""
    pytest.importorskip("jupyterlite_pyodide_kernel")
    version = lite_kernel.pyodide_version()
    core = tmp_path / "package"
    core.mkdir()
    for name in lite_kernel.PYODIDE_CORE:
        (core / name).write_bytes(b"core")
    (core / "package.json").write_text(json.dumps({"version": version}), encoding="utf-8")
    lock = json.loads(json.dumps(BASE_LOCK))
    wasm = {
        "numpy": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "pillow": "pillow-12.2.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
    }
    for name, entry in lock["packages"].items():
        if name in wasm:
            entry["file_name"] = wasm[name]
        else:
            (core / entry["file_name"]).write_bytes(b"pure")
    (core / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    out = tmp_path / "site"
    with pytest.raises(lite_kernel.LiteBuildError) as refused:
        lite_site.build_site(out, pyodide_dir=core, cache_dir=CACHE)
    message = str(refused.value)
    assert f"lacks {wasm['numpy']}, {wasm['pillow']}:" in message
    assert "not on PyPI or npm" in message and f"pyodide-{version}.tar.bz2" in message
    assert not out.exists()


def test_pure_wheels_from_pypi_take_the_hash_of_the_file_fetched(tmp_path: Path) -> None:
    folder = tmp_path / "pyodide-wheels"
    folder.mkdir()
    (folder / "micropip-1.0-py3-none-any.whl").write_bytes(b"as on PyPI")
    lock = json.loads(json.dumps(BASE_LOCK))
    found = lite_wheels.pure_wheels_from_pypi(
        lock, ["micropip-1.0-py3-none-any.whl", "numpy-2.4.6-cp314-cp314-x_wasm32.whl"], tmp_path
    )
    assert found == {"micropip-1.0-py3-none-any.whl": folder / "micropip-1.0-py3-none-any.whl"}
    assert lock["packages"]["micropip"]["sha256"] == hashlib.sha256(b"as on PyPI").hexdigest()

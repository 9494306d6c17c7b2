"""Start Voila on the packaged tour notebook: ``python -m shangrila_widget tour``.

The server listens on 127.0.0.1 only. Voila is an optional dependency (``pip install
shangrila_widget[tour]``); without it the command says how to get it.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

NOTEBOOKS = ("tour.ipynb", "hot-seat.ipynb", "dispute-checker.ipynb")


def notebook_path(name: str = "tour.ipynb", folder: Path | None = None) -> Path:
    """Copy a packaged notebook into ``folder`` (a new temporary one by default)."""
    if name not in NOTEBOOKS:
        raise ValueError(f"unknown notebook {name!r}: expected one of {', '.join(NOTEBOOKS)}")
    target_folder = folder or Path(tempfile.mkdtemp(prefix="shangrila-"))
    target = target_folder / name
    source = resources.files("shangrila_widget").joinpath(f"data/notebooks/{name}")
    with resources.as_file(source) as path:
        shutil.copyfile(path, target)
    return target


def voila_command(notebook: Path, port: int, open_browser: bool) -> list[str]:
    """The Voila command line for ``notebook`` on 127.0.0.1:``port``."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
    ]
    if not open_browser:
        command.append("--no-browser")
    return command


def serve_tour(port: int = 8866, open_browser: bool = True, name: str = "tour.ipynb") -> int:
    """Run Voila on the tour until interrupted; returns its exit status."""
    if importlib.util.find_spec("voila") is None:
        print(
            "The tour runs in Voila, which is not installed: pip install 'shangrila_widget[tour]'",
            file=sys.stderr,
        )
        return 2
    notebook = notebook_path(name)
    print(f"Serving {name} at http://127.0.0.1:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(voila_command(notebook, port, open_browser), cwd=notebook.parent)
    except KeyboardInterrupt:
        return 0

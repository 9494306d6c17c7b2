"""What the site's Python is: the JupyterLite Pyodide kernel installed here, the Pyodide it is
built for, and what a page of the site loads before it shows a board."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from shangrila_widget.rules.errors import MachineError
from shangrila_widget.rules.messages import problem

KERNEL_NAME = "python"
"""The name of the JupyterLite Pyodide kernel."""

KERNELSPEC = {"name": KERNEL_NAME, "display_name": "Python (Pyodide)", "language": "python"}
"""The kernel the site's copies of the notebooks name (the examples name ``python3``, which
the site has not: JupyterLite would show "No Kernel" and ask)."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
"""The kernel's JupyterLite plugin, whose settings say where Pyodide and its packages are."""

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
"""What the Pyodide kernel loads from Pyodide's package list before it runs a cell."""

KERNEL_WHEELS = {
    "piplite": "piplite-*-py3-none-any.whl",
    "pyodide-kernel": "pyodide_kernel-*-py3-none-any.whl",
    "ipykernel": "ipykernel-*-py3-none-any.whl",
}
"""The kernel's own wheels (in its JupyterLab extension's ``static/pypi/``), which it would
otherwise install one by one with micropip, resolving each at run time."""

KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
"""The names the kernel skips installing when ``loadPyodideOptions.packages`` lists them (its
worker checks these exact names)."""

PAGE_PRELOAD = (*KERNEL_PRELOAD, "shangrila-widget")
"""What every page of the site loads with Pyodide itself, in one batch fetched in parallel:
the kernel's packages and this package with everything it needs (the notebooks all import
it), so that nothing is resolved or fetched one by one after Python has started."""

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The files of a Pyodide distribution the page loads besides packages."""

KERNEL_PYPI = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
"""Where a built site holds the kernel's own wheels."""


class LiteBuildError(MachineError):
    """The site cannot be built as asked (a build, tool or environment problem, not bad game
    input); the message says why and what to do. ``words`` keeps it as a message of the
    package's words (``error.lite_...``): ``str(error)`` is the English text, :meth:`text`
    says it in another language.

    >>> error = LiteBuildError(problem("lite_no_pyodide_folder", path="pyodide"))
    >>> str(error), error.text("pl")
    ('--pyodide pyodide: no such folder', '--pyodide pyodide: nie ma takiego folderu')
    """


def normal(name: str) -> str:
    """A distribution's normalized name (PEP 503): ``Shangrila_Widget`` -> ``shangrila-widget``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_constants() -> Any:
    """The installed kernel's ``constants`` module (its Pyodide version and public address)."""
    try:
        from jupyterlite_pyodide_kernel import constants
    except ImportError as error:
        raise LiteBuildError(problem("lite_needs_jupyterlite")) from error
    return constants


def pyodide_version() -> str:
    """The Pyodide version the installed JupyterLite kernel is built for."""
    return str(kernel_constants().PYODIDE_VERSION)


def check_pyodide_dir(pyodide_dir: Path, version: str) -> None:
    """Refuse a folder that is not a Pyodide distribution of ``version``."""
    if not pyodide_dir.is_dir():
        raise LiteBuildError(problem("lite_no_pyodide_folder", path=str(pyodide_dir)))
    missing = [n for n in (*PYODIDE_CORE, "pyodide-lock.json") if not (pyodide_dir / n).is_file()]
    if missing:
        raise LiteBuildError(
            problem(
                "lite_not_pyodide",
                path=str(pyodide_dir),
                missing=", ".join(missing),
                version=version,
            )
        )
    package_json = pyodide_dir / "package.json"
    if package_json.is_file():
        found = json.loads(package_json.read_text(encoding="utf-8")).get("version")
        if found and found != version:
            raise LiteBuildError(
                problem("lite_pyodide_version", path=str(pyodide_dir), found=found, version=version)
            )


def kernel_wheels(site: Path) -> dict[str, Path]:
    """The kernel's own wheels in the built ``site`` (name -> file), :data:`KERNEL_WHEELS`."""
    folder = site / KERNEL_PYPI
    found: dict[str, Path] = {}
    for name, pattern in KERNEL_WHEELS.items():
        matches = sorted(folder.glob(pattern))
        if not matches:
            raise LiteBuildError(
                problem("lite_no_kernel_wheel", pattern=pattern, folder=str(folder))
            )
        found[name] = matches[-1]
    return found

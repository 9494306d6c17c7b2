"""Where the package runs: CPython, or Pyodide in a browser (JupyterLite).

Under Pyodide (``sys.platform == "emscripten"``) there are no subprocesses, no threads that
run, and no files outside the page's own storage: what needs them (the Voila launcher of the
``tour`` command, building a JupyterLite site) says so with :class:`NotInBrowserError` or a
printed message instead of failing with a traceback. The rules, the tour, the widgets and the
SVG painter run there unchanged.

>>> in_browser()
False
>>> require_cpython("starting Voila")
"""

from __future__ import annotations

import sys

from shangrila_widget.rules.errors import ShangrilaError


class NotInBrowserError(ShangrilaError):
    """Something that needs a Python installed on a computer was asked for in a browser."""


def in_browser() -> bool:
    """True under Pyodide (JupyterLite, PyScript), where Python runs inside the page."""
    return sys.platform == "emscripten"


def browser_message(what: str) -> str:
    """The sentence that explains why ``what`` is not available in a browser."""
    return (
        f"{what} is not available here: this Python runs inside the web page (JupyterLite), "
        "which cannot start programs or servers. The notebooks of this site work as they "
        "are; for that, install the package on a computer (pip install "
        "'shangrila_widget[tour]')."
    )


def require_cpython(what: str) -> None:
    """Raise :class:`NotInBrowserError` naming ``what`` when running in a browser."""
    if in_browser():
        raise NotInBrowserError(browser_message(what))

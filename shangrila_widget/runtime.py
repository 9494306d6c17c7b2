"""Where the package runs: CPython, or Pyodide in a browser (JupyterLite).

Under Pyodide (``sys.platform == "emscripten"``) there are no subprocesses, no threads that
run, and no files outside the page's own storage: what needs them (the Voila launcher of the
``tour`` command, building a JupyterLite site) says so with :class:`NotInBrowserError` or a
printed message instead of failing with a traceback. The rules, the tour, the widgets and the
SVG painter run there unchanged.

>>> in_browser()
False
>>> require_cpython("starting Voila")

The sentence is one of the package's words (``error.tour_in_browser``), said in English or
Polish; what was asked is given in words too (``error.tour_what_...``) or as a plain text:

>>> browser_message(problem("tour_what_voila")).text("pl").split(":")[0]
'Uruchomienie Voilà nie jest tu możliwe'
"""

from __future__ import annotations

import sys

from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Message, Words, problem


class NotInBrowserError(ShangrilaError):
    """Something that needs a Python installed on a computer was asked for in a browser;
    ``str(error)`` is the English text, ``text("pl")`` says it in Polish."""


def in_browser() -> bool:
    """True under Pyodide (JupyterLite, PyScript), where Python runs inside the page."""
    return sys.platform == "emscripten"


def browser_message(what: Words) -> Message:
    """The sentence that explains why ``what`` (words, or an English text) is not available
    in a browser; ``str()`` of it is the English text."""
    return problem("tour_in_browser", what=what)


def require_cpython(what: Words) -> None:
    """Raise :class:`NotInBrowserError` naming ``what`` when running in a browser."""
    if in_browser():
        raise NotInBrowserError(browser_message(what))

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
  never hidden by an old copy. The page shows a picture of its board (SVG made at build
  time) at once, until the live board has drawn;
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

Every page loads the kernel's packages and this package's with Pyodide itself, in one batch
(``loadPyodideOptions.packages``), the kernel's own wheels included; with a Pyodide folder and
Node.js on the path the site's Python is also compiled to bytecode at build time.

The build needs CPython (it runs ``pip download`` and ``jupyter lite build``); under Pyodide
:func:`build_site` raises :class:`~shangrila_widget.runtime.NotInBrowserError`.

The subpackage, one job a module: :mod:`~shangrila_widget.lite.kernel` (what the site's Python
is and loads), :mod:`~shangrila_widget.lite.wheels` (the wheels the page installs),
:mod:`~shangrila_widget.lite.lock` (Pyodide's package list), :mod:`~shangrila_widget.lite.pages`
(the site's pages), :mod:`~shangrila_widget.lite.bytecode` (its Python compiled at build time),
:mod:`~shangrila_widget.lite.ready` (the ready pages' smaller package list),
:mod:`~shangrila_widget.lite.picture` (the board's picture a ready page shows at once),
:mod:`~shangrila_widget.lite.early` (Python started with a ready page, while it loads),
:mod:`~shangrila_widget.lite.site` (the build),
:mod:`~shangrila_widget.lite.runner` (what runs in the browser) and
:mod:`~shangrila_widget.lite.command` (the command). The names below are loaded on first use,
so that the page, which imports only the runner, loads none of the build's modules.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "LiteBuildError": "kernel",
    "KERNELSPEC": "kernel",
    "KERNEL_NAME": "kernel",
    "pyodide_version": "kernel",
    "NOTEBOOKS": "pages",
    "ready_page": "pages",
    "ready_url": "pages",
    "SiteReport": "site",
    "build_site": "site",
    "show_notebook": "runner",
    "add_lite_command": "command",
    "default_cache_dir": "command",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)

"""Fixtures shared by every test folder: the ipycanvas message capture of ``tests/render``;
``tests/widget/widget_helpers.py`` (front-end messages on the browser's route) on the path."""

from __future__ import annotations

import sys
from pathlib import Path

for _folder in ("render", "widget"):  # render_helpers, widget_helpers
    _path = str(Path(__file__).resolve().parent / _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

from render_helpers import captured  # noqa: E402, F401

# Conftests hold no doctests; ``--doctest-modules`` would import this file as a plain module
# named ``conftest`` and clash with ``tests/browser/conftest.py`` ("import file mismatch").
collect_ignore = ["conftest.py"]

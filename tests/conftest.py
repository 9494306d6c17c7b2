"""Fixtures shared by every test folder: the ipycanvas message capture of ``tests/render``."""

from __future__ import annotations

import sys
from pathlib import Path

_RENDER = Path(__file__).resolve().parent / "render"
if str(_RENDER) not in sys.path:
    sys.path.insert(0, str(_RENDER))

from render_helpers import captured  # noqa: E402, F401

# Conftests hold no doctests; ``--doctest-modules`` would import this file as a plain module
# named ``conftest`` and clash with ``tests/browser/conftest.py`` ("import file mismatch").
collect_ignore = ["conftest.py"]

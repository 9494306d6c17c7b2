"""Fixtures shared by every test folder: the ipycanvas message capture of ``tests/render``."""

from __future__ import annotations

import sys
from pathlib import Path

_RENDER = Path(__file__).resolve().parent / "render"
if str(_RENDER) not in sys.path:
    sys.path.insert(0, str(_RENDER))

from render_helpers import captured  # noqa: E402, F401

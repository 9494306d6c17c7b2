"""Fixtures of the render tests; the helpers themselves live in ``render_helpers``."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
if str(_HERE) not in sys.path:  # make ``import render_helpers`` work under any --import-mode
    sys.path.insert(0, str(_HERE))

from render_helpers import captured, finished_three, midgame  # noqa: E402, F401

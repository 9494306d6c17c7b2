"""Where things are in a source checkout: the repository root and the example files."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = REPO_ROOT / "examples"
EXAMPLE_POSITIONS = EXAMPLES / "positions"

"""The rules engine stays pure: importing and using it loads no widget library."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from shangrila_widget.rules import Position
from shangrila_widget.rules.analysis import what_if
from shangrila_widget.tour import load_chapters
from shangrila_widget.render.legend import legend_svg
pos = Position.new_game(["red", "blue", "yellow", "violet"])
pos._repr_svg_()
what_if(pos)
load_chapters()
legend_svg("pl")
widget_libraries = ("ipywidgets", "ipycanvas", "traitlets", "IPython")
loaded = sorted(m for m in sys.modules if m.split(".")[0] in widget_libraries)
print(",".join(loaded))
"""


def test_rules_tour_and_svg_import_no_widget_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "", result.stdout

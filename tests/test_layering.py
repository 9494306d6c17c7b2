"""The rules engine and the bots stay pure: importing and using them loads no widget library."""

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
from shangrila_widget.rules.ruling import ruling
ruling(pos, "journey A B").to_dict("pl")
load_chapters()
legend_svg("pl")
from shangrila_widget.bots import choose_action, hint, review_svg
from shangrila_widget.rules import GameRecord
choose_action(pos, level="hard", iterations=5, seed=1)
hint(pos, iterations=5, seed=1)
record = GameRecord(pos)
record.play("place healer A")
from shangrila_widget.bots import review
review_svg(review(record, iterations=5))
widget_libraries = ("ipywidgets", "ipycanvas", "traitlets", "IPython")
loaded = sorted(m for m in sys.modules if m.split(".")[0] in widget_libraries)
print(",".join(loaded))
"""


def test_rules_tour_and_svg_import_no_widget_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "", result.stdout

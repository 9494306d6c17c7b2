"""The example notebooks run top to bottom in a real kernel (nbclient), widgets included."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.paths import EXAMPLES

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted(p.name for p in EXAMPLES.glob("*.ipynb"))

pytestmark = pytest.mark.notebook


def run(name: str) -> tuple[Any, Any]:
    notebook = nbformat.read(EXAMPLES / name, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(EXAMPLES)}},
    )
    client.execute()
    return notebook, client


def widget_states(client: Any) -> list[dict[str, Any]]:
    """The synced state of every widget model the notebook made."""
    return list(client.widget_state.values())


def test_there_are_the_five_example_notebooks() -> None:
    assert NOTEBOOKS == [
        "dispute-checker.ipynb",
        "exercises.ipynb",
        "hot-seat.ipynb",
        "path.ipynb",
        "tour.ipynb",
    ]


def test_exercises_notebook_opens_on_its_first_exercise() -> None:
    from shangrila_widget.widget.exercises import in_steps

    notebook, client = run("exercises.ipynb")
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    first = in_steps(10, 1)[0]  # Exercises(seed=1): the steps, one rule first
    assert first.level == 1
    shown = [str(s.get("value", "")) for s in widget_states(client)]
    assert any(first.question.text("en").replace("'", "&#x27;") in v for v in shown), shown[:5]


def test_tour_notebook_runs_and_its_widget_holds_the_first_chapter() -> None:
    notebook, client = run("tour.ipynb")
    states = widget_states(client)
    tours = [s for s in states if s.get("chapter")]
    assert tours and tours[0]["chapter"] == "placing-a-master"
    boards = [s for s in states if str(s.get("position", "")).startswith("{")]
    position = json.loads(boards[0]["position"])
    assert position["villages"]["A"]["rainmaker"] == {"owner": "yellow", "student": False}


def outputs_of(notebook: Any, code: str) -> list[Any]:
    """The outputs of the one code cell whose source contains ``code``."""
    cells = [c for c in notebook.cells if c.cell_type == "code" and code in c.source]
    assert len(cells) == 1, f"expected one cell with {code!r}, found {len(cells)}"
    return list(cells[0].outputs)


def test_hot_seat_notebook_plays_and_saves() -> None:
    notebook, client = run("hot-seat.ipynb")
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    # the saved record loads back to the same position: that cell's value is exactly True
    (loaded,) = outputs_of(notebook, "GameRecord.from_json(saved)")
    assert loaded["output_type"] == "execute_result"
    assert loaded["data"]["text/plain"] == "True"
    printed = "".join(o.get("text", "") for o in outputs_of(notebook, 'board.play("place'))
    assert printed.strip() == "Red places a Healer master in village A."
    boards = [s for s in widget_states(client) if str(s.get("position", "")).startswith("{")]
    assert len(boards) == 2  # the hot-seat board, and the one against the computer
    assert [json.loads(b["position"])["to_move"] for b in boards] == ["blue", "red"]
    # During set-up nothing is ringed as legal (every empty space would be).
    assert boards[0]["show_legal"] is True
    assert [h for h in boards[0]["highlights"] if h["kind"] == "target"] == []


def test_dispute_checker_notebook_opens_on_the_live_checker() -> None:
    """The checker is the notebook's first output (no static picture, no printed output
    before it), its saved output carries the SVG for readers without a kernel, and no cell
    prints a position string that would go stale under the live one."""
    notebook, client = run("dispute-checker.ipynb")
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    first = outputs[0]
    assert first["output_type"] == "execute_result"
    assert "application/vnd.jupyter.widget-view+json" in first["data"]
    assert "image/svg+xml" in first["data"], "the SVG for readers without a kernel"
    assert not [o for o in outputs if o.get("output_type") == "stream"], "nothing printed"
    assert len(outputs) == 1
    checkers = [s for s in widget_states(client) if s.get("mode") == "play"]
    assert len(checkers) == 1
    boards = [s for s in widget_states(client) if str(s.get("position", "")).startswith("{")]
    position = json.loads(boards[0]["position"])
    assert position["villages"]["A"]["rainmaker"] == {"owner": "red", "student": True}


def test_the_notebooks_have_no_english_only_title_or_intro() -> None:
    """The words a learner sees belong to the widgets (they follow EN/PL): the tour and the
    checker notebooks have no markdown cells, and their one widget is the first output."""
    for name in ("tour.ipynb", "dispute-checker.ipynb"):
        notebook = nbformat.read(EXAMPLES / name, as_version=4)
        assert [c.cell_type for c in notebook.cells] == ["code"], name

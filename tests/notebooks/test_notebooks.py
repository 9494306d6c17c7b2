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


def test_there_are_the_three_example_notebooks() -> None:
    assert NOTEBOOKS == ["dispute-checker.ipynb", "hot-seat.ipynb", "tour.ipynb"]


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
    # Issue 7: during set-up nothing is ringed as legal (every empty space would be).
    assert boards[0]["show_legal"] is True
    assert [h for h in boards[0]["highlights"] if h["kind"] == "target"] == []


def test_dispute_checker_notebook_gives_verdicts_with_rule_ids() -> None:
    notebook, client = run("dispute-checker.ipynb")
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = " ".join(o.get("text", "") for o in outputs)
    assert "situation 1" in text and "J1-OTHER" in text
    assert "JOURNEY-BRIDGE" in text and "nie są połączone mostem" in text
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert svgs, "the position shows as SVG for readers without a kernel"

"""A malformed tour chapter file ends in ``TourDataError`` with a short message, whatever is
wrong with it: mutated chapters, deep nesting, wrong types."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrila_widget.tour import Chapter, TourDataError, chapter_from_dict
from tests.support.mutation import json_paths


def raw(name: str) -> dict[str, Any]:
    folder = resources.files("shangrila_widget").joinpath("data/tour")
    for entry in folder.iterdir():
        data = json.loads(entry.read_text("utf-8"))
        if data["id"] == name:
            return dict(data)
    raise LookupError(name)


BASE = raw("placing-a-master")


def deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def assert_refused(data: Any) -> None:
    with pytest.raises(TourDataError) as info:
        chapter_from_dict(data)
    message = str(info.value)
    assert message and len(message) < 400 and "\n" not in message, message[:500]


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("id", deep(990)),
        ("id", "x" * 100_000),
        ("start", deep(990)),
        ("steps", "place healer A"),
        ("steps", [5]),
        ("steps", [{"player": ["red"], "action": "place H A"}]),
        ("steps", [{"player": "red", "action": deep(990)}]),
        ("steps", [{"player": "pink", "action": "place H A", "out_of_turn": True}]),
        ("steps", [{"player": "red", "action": "place H A", "expect": 5}]),
        ("steps", [{"player": "red", "action": "place H A", "teaches": 5}]),
        ("steps", [{"player": "red", "action": "place H A", "highlights": {"kind": "x"}}]),
        ("rules", "PLACE-SPACE"),
        ("title", {"en": "x"}),
    ],
    ids=lambda v: v[:20] if isinstance(v, str) else type(v).__name__,
)
def test_a_malformed_chapter_is_refused_briefly(where: str, value: Any) -> None:
    data = copy.deepcopy(BASE)
    data[where] = value
    assert_refused(data)


@pytest.mark.parametrize(
    "highlight",
    [
        {"kind": "target", "village": "Z"},
        {"kind": "target", "village": ["A"]},
        {"kind": "target", "type": "wizard"},
        {"kind": "moved", "bridge": ["A", "Z"]},
        {"kind": "moved", "bridge": "AB"},
    ],
)
def test_a_highlight_naming_nothing_real_is_refused(highlight: dict[str, Any]) -> None:
    data = copy.deepcopy(BASE)
    data["steps"][0]["highlights"] = [highlight]
    assert_refused(data)


@pytest.mark.parametrize("data", [None, [], "chapter", 5])
def test_a_chapter_that_is_not_an_object_is_refused(data: Any) -> None:
    assert_refused(data)


PATHS = [p for p in json_paths(BASE) if p]
GARBAGE = st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.just([])


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, len(PATHS) - 1), garbage=GARBAGE, delete=st.booleans())
def test_one_mutation_of_a_chapter_loads_or_is_refused(
    pick: int, garbage: Any, delete: bool
) -> None:
    data = copy.deepcopy(BASE)
    path = PATHS[pick]
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = garbage
    try:
        chapter = chapter_from_dict(data)
    except TourDataError as error:
        assert str(error) and len(str(error)) < 400
        return
    assert isinstance(chapter, Chapter)

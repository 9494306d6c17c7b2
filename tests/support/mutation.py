"""One change to a JSON document, for the tests that feed the readers broken input."""

from __future__ import annotations

from typing import Any

HOWS = ("replace", "delete", "add")


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every part of a JSON value, the root ``()`` first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += json_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += json_paths(child, (*prefix, i))
    return found


def mutate(data: Any, path: tuple[Any, ...], how: str, garbage: Any, key: str = "") -> Any:
    """``data`` with the part at ``path`` replaced by ``garbage``, deleted, or with ``garbage``
    added to it (under ``key`` in an object, at the end of a list, or beside a plain value in
    a new list). Changes ``data`` in place and returns the document (``garbage`` itself when
    the root is replaced; the root is never deleted or added to)."""
    if not path:
        return garbage if how == "replace" else data
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "replace":
        parent[last] = garbage
    elif how == "delete":
        del parent[last]
    elif isinstance(parent[last], dict):
        parent[last][key] = garbage
    elif isinstance(parent[last], list):
        parent[last].append(garbage)
    else:
        parent[last] = [parent[last], garbage]
    return data

"""The test suite's own layout: every folder of ``tests/`` is a package, so test
modules and ``tests.support`` import by dotted name and nothing edits ``sys.path``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest

TESTS = Path(__file__).resolve().parent


def test_every_test_folder_is_a_package() -> None:
    folders = {p.parent for p in TESTS.rglob("*.py")}
    missing = sorted(str(f.relative_to(TESTS)) for f in folders if not (f / "__init__.py").exists())
    assert not missing, f"add an __init__.py to: {missing}"


def test_no_test_module_edits_sys_path_or_imports_helpers_by_bare_name() -> None:
    bare = re.compile(
        r"^\s*(from|import) (\w+_helpers|browser_support|board_support|conftest)\b", re.M
    )
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        text = path.read_text("utf-8")
        if path != Path(__file__) and "sys.path." in text:
            found.append(f"{path.relative_to(TESTS)} edits sys.path")
        found += [f"{path.relative_to(TESTS)}: {m.group(0).strip()}" for m in bare.finditer(text)]
    assert not found, "\n".join(found)


def test_browser_files_are_groups_and_other_tests_go_one_by_one() -> None:
    from tests.conftest import xdist_group

    class Item:
        def __init__(self, path: Path, params: dict[str, str] | None = None) -> None:
            self.path = path
            if params is not None:
                self.callspec = type("CallSpec", (), {"params": params})()

    root = TESTS.parent
    assert xdist_group(Item(TESTS / "rules" / "test_fuzz.py"), root) is None
    board = TESTS / "browser" / "test_board_browser.py"
    assert xdist_group(Item(board), root) == "tests/browser/test_board_browser.py"
    matrix = TESTS / "browser" / "test_every_screen_browser.py"
    assert xdist_group(Item(matrix, {"host": "lab"}), root) == f"{matrix.relative_to(root)}::lab"
    assert xdist_group(Item(TESTS / "browser" / "test_lite_browser.py"), root) == "lite"
    assert xdist_group(Item(TESTS / "test_lite.py"), root) == "lite"
    assert xdist_group(Item(TESTS / "test_packaging.py"), root) == "tests/test_packaging.py"


def test_the_longest_first_names_files_that_exist() -> None:
    from tests.conftest import LONGEST_FIRST, SHARED_CACHE_GROUPS

    missing = [
        name
        for name in LONGEST_FIRST
        if name not in SHARED_CACHE_GROUPS.values()
        and not (TESTS.parent / name.split("::")[0]).is_file()
    ]
    assert not missing, f"LONGEST_FIRST names files that are gone: {missing}"


def test_n_auto_is_one_worker_per_core_and_one_more_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    from tests.conftest import pytest_xdist_auto_num_workers

    def config(numprocesses: str) -> pytest.Config:
        option = type("Option", (), {"numprocesses": numprocesses})()
        return cast(pytest.Config, type("Config", (), {"option": option})())

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    assert pytest_xdist_auto_num_workers(config("auto")) == 3
    assert pytest_xdist_auto_num_workers(config("logical")) is None  # pytest-xdist's own
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "2")
    assert pytest_xdist_auto_num_workers(config("auto")) is None  # pytest-xdist reads it

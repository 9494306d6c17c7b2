"""The test suite's own layout: every folder of ``tests/`` is a package, so test
modules and ``tests.support`` import by dotted name and nothing edits ``sys.path``."""

from __future__ import annotations

import re
from pathlib import Path

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

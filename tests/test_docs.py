"""The generated docs pages are up to date with the package."""

from __future__ import annotations

import importlib.util
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_rules_page_matches_the_rule_data() -> None:
    spec = importlib.util.spec_from_file_location("docs_generate", DOCS / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (DOCS / "rules.md").read_text("utf-8") == module.rules_page(), (
        "run: python docs/generate.py"
    )


def test_readme_picture_exists_and_is_svg() -> None:
    picture = DOCS / "img" / "board.svg"
    assert picture.read_text("utf-8").lstrip().startswith("<svg")

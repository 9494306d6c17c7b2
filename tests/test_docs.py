"""The generated docs pages and pictures are what docs/generate.py writes now."""

from __future__ import annotations

import importlib.util
import re
import sys
from types import ModuleType

import pytest

from tests.support.paths import REPO_ROOT

DOCS = REPO_ROOT / "docs"


@pytest.fixture(scope="module")
def generate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", DOCS / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_generated_pages_are_current(generate: ModuleType) -> None:
    pages = generate.pages()
    assert {"rules.md", "first-game.md", "first-game-pl.md"} <= set(pages)
    for name, text in pages.items():
        assert (DOCS / name).read_text("utf-8") == text, f"docs/{name}: run python docs/generate.py"


def test_every_picture_is_current_and_none_is_left_over(generate: ModuleType) -> None:
    pictures = generate.pictures()
    for name, svg in pictures.items():
        path = DOCS / "img" / name
        assert path.exists(), f"docs/img/{name} is missing: run python docs/generate.py"
        assert path.read_text("utf-8") == svg, f"docs/img/{name} is stale: run docs/generate.py"
    committed = {p.name for p in (DOCS / "img").glob("*.svg")}
    assert committed == set(pictures), "pictures that generate.py no longer makes"


def test_every_picture_the_docs_and_readme_show_exists() -> None:
    texts = [REPO_ROOT / "README.md", *DOCS.glob("*.md")]
    shown = set()
    for path in texts:
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", path.read_text("utf-8")):
            resolved = (path.parent / target).resolve()
            assert resolved.exists(), f"{path.name} shows a missing picture {target}"
            shown.add(resolved.name)
    assert {"board.svg", "legend-en.svg", "legend-pl.svg", "first-game-7-end.svg"} <= shown
    assert "first-game-pl-7-end.svg" in shown


def test_first_game_is_a_real_game_to_its_end(generate: ModuleType) -> None:
    shots = generate.first_game()
    end = shots[-1].position
    assert shots[0].position.phase == "setup" and shots[1].position.phase == "play"
    assert end.is_over and end.winners()
    journey = next(s for s in shots if s.name == "6-journey-after")
    assert [e.rule for e in journey.events][-1] == "BRIDGE-COLLAPSE"

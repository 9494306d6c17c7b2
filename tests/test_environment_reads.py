"""No module reads the environment except where the program starts (issue 24): the command
line and its commands, which read their settings and hand them on as arguments, and the
kernel's start (kernel_start.py), where Voila hands a page's request to the kernel.
Everything else takes what it needs as an argument (:class:`PageAddress` for the page)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shangrila_widget.page_address import PageAddress, configured, current_page, link_base
from tests.support.paths import REPO_ROOT

PACKAGE = REPO_ROOT / "shangrila_widget"
#: Where the program starts, each with what it reads.
ENTRY_POINTS = {
    "__main__.py": "the command line: $SHANGRILA_SITE_URL for the links it prints",
    "cli_class.py": "shangrila class: the class server's address for the teacher's page",
    "serve.py": "shangrila tour / serve: the environment handed on to Voila",
    "lite/command.py": "shangrila lite: the cache folder",
    "kernel_start.py": "a kernel's start: the page Voila serves, the site setting",
}
#: Names through which a module reads the environment.
READERS = {"environ", "getenv", "environb", "getenvb"}


def environment_reads(path: Path) -> list[int]:
    """The lines of ``path`` that name ``os.environ``, ``os.getenv`` and the like (as an
    attribute or imported from os), docstrings included: a doctest reads too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in READERS:
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            lines += [node.lineno for a in node.names if a.name in READERS]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if any(f"os.{name}" in node.value for name in READERS):
                lines.append(node.lineno)
    return sorted(lines)


def test_no_module_but_the_entry_points_reads_the_environment() -> None:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        lines = environment_reads(path)
        if lines and name not in ENTRY_POINTS:
            found[name] = lines
    assert not found, f"modules reading the environment outside the entry points: {found}"


def test_every_entry_point_listed_still_reads_it() -> None:
    """The list holds no module that stopped reading (it would allow a new read unseen)."""
    idle = [name for name in ENTRY_POINTS if not environment_reads(PACKAGE / name)]
    assert not idle, idle


def test_the_page_said_at_the_start_wins_over_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("QUERY_STRING", "ruling=from-the-environment")
    monkeypatch.setenv("SHANGRILA_SITE_URL", "https://site.example/")
    assert current_page().parameter("ruling") == "from-the-environment"
    assert link_base(on_checker_page=True) == "https://site.example/"
    page = current_page().on_page("https://school.example/s/dispute-checker.html?ruling=said")
    with configured(page):
        assert current_page().parameter("ruling") == "said"
        assert link_base(on_checker_page=True) == "https://site.example/"  # the setting kept
    with configured(PageAddress(page.url, page.query)):
        assert link_base(on_checker_page=True) == "https://school.example/s/dispute-checker.html"
    assert current_page().parameter("ruling") == "from-the-environment"

"""Installing like a user: the wheel carries the data files, and the tour command finds its
notebook, and ``--example NAME`` its position, both in an installed wheel and in a source
checkout (editable install)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from shangrila_widget import serve
from tests.support.paths import EXAMPLES, REPO_ROOT

PACKAGE = REPO_ROOT / "shangrila_widget"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from this checkout, offline (hatchling from the test extra)."""
    if importlib.util.find_spec("hatchling") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("hatchling is missing: pip install -e '.[test]'")
        pytest.skip("hatchling is not installed (it is in the test extra)")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
        + ["--disable-pip-version-check", "-w", str(out), str(REPO_ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("shangrila_widget-*.whl")
    return built


def test_wheel_carries_the_tour_chapters_rules_texts_board_and_notebooks(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        data = sorted((PACKAGE / "data").rglob("*.json"))
        assert len([p for p in data if p.parent.name == "tour"]) >= 10
        assert PACKAGE / "data" / "chances.json" in data  # the bots' win-chance model
        for path in data:  # tour chapters, rules texts (rules.json), the board
            name = path.relative_to(REPO_ROOT).as_posix()
            assert archive.read(name) == path.read_bytes(), name
        for notebook in (
            "tour.ipynb",
            "hot-seat.ipynb",
            "dispute-checker.ipynb",
            "exercises.ipynb",
            "path.ipynb",
        ):
            name = f"shangrila_widget/data/notebooks/{notebook}"
            assert archive.read(name) == (EXAMPLES / notebook).read_bytes(), name
        for path in PACKAGE.rglob("*.py"):
            assert path.relative_to(REPO_ROOT).as_posix() in names
        assert "shangrila_widget/py.typed" in names
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "shangrila = shangrila_widget.__main__:main" in archive.read(entry_points).decode()
        assert not [n for n in names if n.startswith(("tests/", "examples/", "docs/"))]


def test_installed_wheel_finds_the_tour_notebook_in_its_package_data(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:  # a pure-Python wheel installs as it unpacks
        archive.extractall(site)
    code = (
        "import shangrila_widget, shangrila_widget.serve as s; "
        "print(shangrila_widget.__file__); print(s.notebook_source()); print(s.notebook_path())"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    package, source, copy = result.stdout.split()
    assert Path(package).is_relative_to(site)
    assert Path(source) == site / "shangrila_widget" / "data" / "notebooks" / "tour.ipynb"
    assert Path(copy).read_bytes() == (EXAMPLES / "tour.ipynb").read_bytes()


def test_a_source_checkout_finds_the_notebooks_in_examples() -> None:
    assert not (PACKAGE / "data" / "notebooks").exists(), "the notebooks live once, in examples/"
    for name in serve.NOTEBOOKS:
        assert Path(str(serve.notebook_source(name))) == EXAMPLES / name


def test_a_packaged_notebook_comes_before_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    packaged = tmp_path / "data" / "notebooks"
    packaged.mkdir(parents=True)
    (packaged / "tour.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(serve.resources, "files", lambda package: tmp_path)
    assert Path(str(serve.notebook_source("tour.ipynb"))) == packaged / "tour.ipynb"
    copy = serve.notebook_path("tour.ipynb", tmp_path)
    assert copy.read_text(encoding="utf-8") == "{}"


def test_neither_packaged_nor_checked_out_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve.resources, "files", lambda package: tmp_path)
    monkeypatch.setattr(serve, "__file__", str(tmp_path / "pkg" / "serve.py"))
    with pytest.raises(FileNotFoundError, match="neither packaged"):
        serve.notebook_source("tour.ipynb")
    with pytest.raises(ValueError, match="unknown notebook"):
        serve.notebook_source("other.ipynb")


def test_wheel_carries_the_example_positions(wheel: Path) -> None:
    """The wheel carries the example positions: a wheel user has no examples/ folder, and
    docs/cli.md promises examples to try at once (``shangrila check --example 03 "journey A
    B"``)."""
    files = sorted(EXAMPLES.joinpath("positions").glob("*.json"))
    assert len(files) >= 11
    with zipfile.ZipFile(wheel) as archive:
        packaged = sorted(
            n for n in archive.namelist() if n.startswith("shangrila_widget/data/positions/")
        )
        assert packaged == [f"shangrila_widget/data/positions/{p.name}" for p in files]
        for path in files:
            assert archive.read(f"shangrila_widget/data/positions/{path.name}") == path.read_bytes()


def test_installed_wheel_checks_an_example_position(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-m", "shangrila_widget", "check", "--example", "03", "journey A B"],
        env=env,
        cwd=tmp_path,  # no examples/ folder anywhere near
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["situation"] == 1
    code = "from shangrila_widget import cli; print(cli._examples_folder())"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert Path(result.stdout.strip()) == site / "shangrila_widget" / "data" / "positions"


def test_a_source_checkout_finds_the_example_positions_in_examples() -> None:
    from shangrila_widget import cli

    assert not (PACKAGE / "data" / "positions").exists(), "the positions live once, in examples/"
    assert Path(str(cli._examples_folder())) == EXAMPLES / "positions"

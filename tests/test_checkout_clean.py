"""No test writes into the checkout: the session's end compares ``git status`` with its start
(``tests/conftest.py``); these tests show that the comparison sees a file written, changed or
removed, and that nothing is committed that a documented command writes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.checkout import checkout_status, new_in_checkout
from tests.support.paths import REPO_ROOT


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        pytest.skip("needs git")
    for command in (
        ["git", "init", "-q"],
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "0",
        ],
    ):
        subprocess.run(command, cwd=tmp_path, check=True, timeout=60)
    (tmp_path / "kept.txt").write_text("kept\n", "utf-8")
    (tmp_path / ".gitignore").write_text("ignored/\n", "utf-8")
    subprocess.run(["git", "add", "-A"], cwd=tmp_path, check=True, timeout=60)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "1"],
        cwd=tmp_path,
        check=True,
        timeout=60,
    )
    return tmp_path


def test_a_file_written_changed_or_removed_is_new_in_the_checkout(repo: Path) -> None:
    (repo / "untouched-before.txt").write_text("there before\n", "utf-8")
    before = checkout_status(repo)
    assert before is not None and new_in_checkout(before, repo) == []
    (repo / "ignored").mkdir()
    (repo / "ignored" / "x.png").write_bytes(b"")
    assert new_in_checkout(before, repo) == []
    (repo / "deep" / "er").mkdir(parents=True)
    (repo / "deep" / "er" / "ruling.svg").write_text("<svg/>", "utf-8")
    assert new_in_checkout(before, repo) == ["?? deep/er/ruling.svg"]
    (repo / "kept.txt").write_text("changed\n", "utf-8")
    (repo / "deep" / "er" / "ruling.svg").unlink()
    assert new_in_checkout(before, repo) == [" M kept.txt"]
    (repo / "kept.txt").unlink()
    assert new_in_checkout(before, repo) == [" D kept.txt"]


def test_no_checkout_no_comparison(tmp_path: Path) -> None:
    assert checkout_status(tmp_path) is None
    assert new_in_checkout(None, tmp_path) == []


def test_what_a_documented_command_writes_is_not_committed() -> None:
    """``--qr ruling.svg`` (docs/cli.md) once ran in the checkout and its picture was kept."""
    if checkout_status(REPO_ROOT) is None:
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", "--", "*.svg"], cwd=REPO_ROOT, capture_output=True, text=True
    )
    assert "ruling.svg" not in listed.stdout.split()

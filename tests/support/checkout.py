"""The checkout stays as the tests found it: what ``git status`` shows before and after.

Tests write into ``tmp_path``, never into the checkout. ``tests/conftest.py`` takes
:func:`checkout_status` when the session starts and fails the session at its end when
:func:`new_in_checkout` finds an entry that was not there before (a file written, changed or
deleted by a test; or by someone editing the checkout while the tests ran). Git-ignored
files (``test-artifacts/``, caches) do not count.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def checkout_status(root: Path) -> frozenset[str] | None:
    """The entries of ``git status --porcelain`` (untracked files listed one by one) of the
    checkout at ``root``, or None where there is no git or no checkout (an unpacked sdist)."""
    git = shutil.which("git")
    if git is None or not (root / ".git").exists():
        return None
    done = subprocess.run(
        [git, "status", "--porcelain", "--untracked-files=all", "-z"],
        cwd=root,
        capture_output=True,
        timeout=60,
    )
    if done.returncode != 0:
        return None
    return frozenset(e for e in done.stdout.decode("utf-8", "replace").split("\0") if e)


def new_in_checkout(before: frozenset[str] | None, root: Path) -> list[str]:
    """The ``git status`` entries of the checkout at ``root`` that were not in ``before``."""
    if before is None:
        return []
    after = checkout_status(root)
    return sorted((after or frozenset()) - before)

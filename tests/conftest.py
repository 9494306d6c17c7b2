"""Fixtures shared by every test folder: the ipycanvas message capture (``captured``, from
``tests.support.render``) and the Hypothesis profile every property test runs under. Helpers
live in the ``tests.support`` package and are imported by their dotted names.

No test writes into the checkout: a session that leaves a new ``git status`` entry behind
fails at its end, naming the entries (``tests.support.checkout``)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.support.checkout import checkout_status, new_in_checkout
from tests.support.paths import REPO_ROOT
from tests.support.render import captured  # noqa: F401

_CHECKOUT_KEY = pytest.StashKey["frozenset[str] | None"]()


def _controls_the_session(session: pytest.Session) -> bool:
    """Not a pytest-xdist worker: the process that runs the session as a whole."""
    return not hasattr(session.config, "workerinput")


#: Test files that share a cache in the checkout (``.lite-cache/``, downloads): one worker runs
#: them all, one after another.
SHARED_CACHE_GROUPS = {"test_lite.py": "lite", "test_lite_browser.py": "lite"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``-n``, ``--dist loadgroup``, as pyproject.toml sets), the tests of
    one file go to one worker, so that a file's tests share that worker's servers, kernels and
    browser (session fixtures live per worker); the files of one cache share a worker."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            group = SHARED_CACHE_GROUPS.get(item.path.name) or os.path.relpath(
                item.path, config.rootpath
            )
            item.add_marker(pytest.mark.xdist_group(group))


def pytest_sessionstart(session: pytest.Session) -> None:
    if _controls_the_session(session):
        session.stash[_CHECKOUT_KEY] = checkout_status(REPO_ROOT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the session when the tests left something new in the checkout."""
    if not _controls_the_session(session):
        return
    new = new_in_checkout(session.stash.get(_CHECKOUT_KEY, None), REPO_ROOT)
    if not new:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    message = (
        "the tests left these in the checkout (git status; write into tmp_path instead):\n  "
        + "\n  ".join(new)
    )
    if reporter is not None:
        reporter.write("\n")
        reporter.write_sep("=", "checkout changed", red=True)
        reporter.write_line(message)
    if session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# Property tests must give the same verdict on every machine and in every selection of tests:
# derandomized (the examples follow from the test alone), no example database carried between
# runs, no deadline on a busy machine. Hypothesis also mixes in constants it finds in the
# modules loaded so far, so which tests load together still changes what is drawn; every
# property must hold for any input, and inputs that once failed are pinned with @example.
# HYPOTHESIS_PROFILE=explore draws fresh random examples to hunt for new failures.
settings.register_profile(
    "shangrila",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", derandomize=False, database=None, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "shangrila"))

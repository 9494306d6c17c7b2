"""Fixtures shared by every test folder: the ipycanvas message capture (``captured``, from
``tests.support.render``) and the Hypothesis profile every property test runs under. Helpers
live in the ``tests.support`` package and are imported by their dotted names.

No test writes into the checkout: a session that leaves a new ``git status`` entry behind
fails at its end, naming the entries (``tests.support.checkout``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.support.imports import hide_slow_imports, keep_compiled_bytecode

keep_compiled_bytecode()  # before the package and the test modules are compiled
hide_slow_imports()  # before any test module imports nbformat (jsonschema)

from tests.support.checkout import checkout_status, new_in_checkout  # noqa: E402
from tests.support.paths import REPO_ROOT  # noqa: E402
from tests.support.render import captured  # noqa: E402, F401

_CHECKOUT_KEY = pytest.StashKey["frozenset[str] | None"]()


def _controls_the_session(session: pytest.Session) -> bool:
    """Not a pytest-xdist worker: the process that runs the session as a whole."""
    return not hasattr(session.config, "workerinput")


#: Test files that share a cache in the checkout (``.lite-cache/``, downloads) and the static
#: site's session fixtures: one worker runs them all, one after another, so that the site is
#: built once and the pages the every-screen matrix shares with ``test_lite_browser.py`` (the
#: tour's and the hot-seat board's, Pyodide started in each) are loaded once (as two groups on
#: two workers each built its own site and loaded those pages twice: about 30 s more).
SHARED_CACHE_GROUPS = {
    "test_lite.py": "lite",
    "test_lite_browser.py": "lite",
    "test_every_screen_lite_browser.py": "lite",
    "test_path_lite_browser.py": "lite",
}
#: Other files whose tests share something costly per worker (a module fixture that builds
#: the wheel, a learning path's bank of exercises, a reviewed game): their tests stay on one
#: worker, one after another, so that the fixture is made once (handed out one by one, each
#: worker made it again, about 5 s for the bank).
SHARED_FIXTURE_FILES = {"test_packaging.py", "test_learner.py", "test_review_players.py"}
#: Browser files split into several groups by a parameter of their tests: each group shares
#: one kind of server (the every-screen matrix by host: Voila, JupyterLab, Notebook 7), and
#: the groups run side by side on different workers.
SPLIT_BY_PARAMETER = {"test_every_screen_browser.py": "host"}
#: The longest groups and tests, longest first (seconds of one run, from ``--durations``, and
#: the page loads each group pays: ``SHANGRILA_COST_LOG``, tests/support/costs.py): a worker
#: takes them first, so that no long one starts last while the other worker idles (longest
#: processing time first). Everything else follows in collection order. The layout files
#: keep their pages for every window size (``open_board(..., keep=True)``): the phone file
#: now loads more pages than they do.
LONGEST_FIRST = (
    "lite",
    "tests/browser/test_every_screen_browser.py::lab",
    "tests/browser/test_every_screen_browser.py::notebook7",
    "tests/browser/test_phone_browser.py",
    "tests/browser/test_every_screen_browser.py::voila",
    "tests/browser/test_tour_checker_layout_browser.py",
    "tests/browser/test_serve_browser.py",
    "tests/browser/test_presenter_board_browser.py",
    "tests/browser/test_classroom_browser.py",
    "tests/browser/test_class_hosts_browser.py",
    "tests/browser/test_class_browser.py",
    "tests/browser/test_touch_browser.py",
    "tests/browser/test_board_browser.py",
    "tests/browser/test_exercises_browser.py",
    "tests/browser/test_contrast_browser.py",
    "tests/browser/test_bots_browser.py",
    "tests/rules/test_properties.py::test_random_games_keep_every_invariant",
    "tests/rules/test_fuzz.py::test_from_dict_any_values_under_the_right_keys",
    "tests/widget/test_board_widget.py::test_a_whole_hot_seat_game_through_front_end_clicks",
)


def xdist_group(item: pytest.Item, root: Path) -> str | None:
    """The group whose tests must run on one worker, or None: a test of its own.

    The browser tests of one file share their worker's servers, kernels and browser (session
    fixtures live per worker), so a file is a group (or one group per value of the
    parameter :data:`SPLIT_BY_PARAMETER` names); the files of one cache are one group; the
    other tests share nothing costly and are handed out one by one."""
    name = item.path.name
    if name in SHARED_CACHE_GROUPS:
        return SHARED_CACHE_GROUPS[name]
    path = Path(os.path.relpath(item.path, root)).as_posix()
    if name in SHARED_FIXTURE_FILES:
        return path
    if "browser" not in Path(path).parts[:-1]:
        return None
    parameter = SPLIT_BY_PARAMETER.get(name)
    callspec = getattr(item, "callspec", None)
    if parameter and callspec is not None and parameter in callspec.params:
        return f"{path}::{callspec.params[parameter]}"
    return path


def _rank(item: pytest.Item, group: str | None) -> int:
    """Where ``item`` goes in the order the workers are given work (see LONGEST_FIRST)."""
    names = [group] if group else []
    names.append(item.nodeid.split("[")[0])
    for name in names:
        if name in LONGEST_FIRST:
            return LONGEST_FIRST.index(name)
    return len(LONGEST_FIRST)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``-n``, ``--dist loadgroup``, as pyproject.toml sets) the tests of
    a group (:func:`xdist_group`) go to one worker; the others are handed out one at a time.
    ``--no-loadscope-reorder`` (pyproject.toml) keeps the order given here: the longest
    first (:data:`LONGEST_FIRST`), then collection order. In one process (``-n 0``) the
    order is the collection's."""
    groups: dict[str, str | None] = {}
    for item in items:
        marker = item.get_closest_marker("xdist_group")
        group = xdist_group(item, config.rootpath) if marker is None else None
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        groups[item.nodeid] = group if marker is None else str(marker.args[0])
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the order is the schedule
        items.sort(key=lambda item: _rank(item, groups[item.nodeid]))


#: Workers ``-n auto`` starts beyond one per core (pyproject.toml caps the total at 4).
EXTRA_WORKERS = 1


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # pytest-xdist's hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """What ``-n auto`` (pyproject.toml) means here: one worker per core the process may
    use, and :data:`EXTRA_WORKERS` more. A browser test's worker waits for part of its time
    (a server starting, a page polled until it shows something, a kernel's answer) and
    its core idles unless another worker has work: with one worker per core the cores were
    busy 92 % of a run on a 2-core machine, with three workers 98 %, and the run took 477 s
    instead of 495 s, though the third worker's browser and servers cost 2.5 % more CPU
    seconds (``benchmarks/suite_cost.py``, stop 40). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` and
    ``-n logical`` keep pytest-xdist's own meaning; ``-n N`` is N."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") or config.option.numprocesses != "auto":
        return None
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)
    return cores + EXTRA_WORKERS


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="browser tests save every screenshot they take as they go "
        "(test-artifacts/browser/); without it only a failure's and the ones a test reads",
    )


def pytest_configure(config: pytest.Config) -> None:
    from tests.support.browser import SCREENSHOTS

    SCREENSHOTS["every"] = bool(config.getoption("screenshots"))


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

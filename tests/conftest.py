"""Fixtures shared by every test folder: the ipycanvas message capture of ``tests/render``;
``tests/widget/widget_helpers.py`` (front-end messages on the browser's route) on the path;
and the Hypothesis profile every property test runs under."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

for _folder in ("render", "widget"):  # render_helpers, widget_helpers
    _path = str(Path(__file__).resolve().parent / _folder)
    if _path not in sys.path:
        sys.path.insert(0, _path)

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

from render_helpers import captured  # noqa: E402, F401

# Conftests hold no doctests; ``--doctest-modules`` would import this file as a plain module
# named ``conftest`` and clash with ``tests/browser/conftest.py`` ("import file mismatch").
collect_ignore = ["conftest.py"]

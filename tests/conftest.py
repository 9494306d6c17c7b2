"""Fixtures shared by every test folder: the ipycanvas message capture (``captured``, from
``tests.support.render``) and the Hypothesis profile every property test runs under. Helpers
live in the ``tests.support`` package and are imported by their dotted names."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests.support.render import captured  # noqa: F401

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

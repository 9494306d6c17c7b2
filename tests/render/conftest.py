"""Fixtures of the render tests (defined in ``tests.support.render``)."""

from __future__ import annotations

from tests.support.render import finished_three, midgame  # noqa: F401

"""Where a kernel's widgets start: the one read of the kernel's environment in the widgets.

A kernel learns the page it serves from the environment it was started with: Voila starts a
kernel per page load with the request in it (``QUERY_STRING``, ``VOILA_REQUEST_URL``), and a
user names the site's address there (``$SHANGRILA_SITE_URL``). The widgets take the page as a
value (:class:`~shangrila_widget.page_address.PageAddress`); this is where that value comes
from when the program did not say it at its start
(:func:`~shangrila_widget.page_address.configure`, as the static site's pages do).
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def start_environment() -> Mapping[str, str]:
    """The environment this kernel was started with (as it stands: Voila sets it before the
    kernel runs any code)."""
    return os.environ


__all__ = ["start_environment"]

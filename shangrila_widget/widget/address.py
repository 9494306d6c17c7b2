"""The page's address, as the kernel behind a widget sees it: the ruling a link carries, and
the base of the links the widgets copy.

Where the kernel learns the address:

- **Voila** (``shangrila tour``, ``shangrila serve``): Voila starts a kernel per page load
  and gives it the request in its environment: ``QUERY_STRING`` (the address's query, as in
  CGI) and ``VOILA_REQUEST_URL`` (the whole address). The fragment (``#...``) never reaches a
  server, so links carry the ruling in the query (``?ruling=r1~...``).
- **The static site** (``shangrila lite``): Python runs in a Web Worker there, whose own
  ``location`` is the worker's script, not the page. The site's ready pages pass their own
  address to :func:`shangrila_widget.lite.show_notebook`, which puts it in
  ``SHANGRILA_PAGE_URL`` (and its query in ``QUERY_STRING``) before the notebook runs; a
  ruling in the fragment (``#ruling=r1~...``) is read there too.
- Anywhere else (JupyterLab, a plain notebook) there is no page address: no ruling, and the
  links use the site setting (``$SHANGRILA_SITE_URL``, read here: :func:`link_base`).

>>> import os
>>> os.environ["QUERY_STRING"] = "ruling=r1~standard~x~pass~00000000&lang=pl"
>>> page_parameter("ruling"), page_parameter("lang")
('r1~standard~x~pass~00000000', 'pl')
>>> del os.environ["QUERY_STRING"]
>>> page_parameter("ruling") is None
True
"""

from __future__ import annotations

import os
from typing import Final
from urllib.parse import parse_qs, urlsplit, urlunsplit

from shangrila_widget.rules.questions import DEFAULT_BASE_URL, SITE_URL_VARIABLE

#: The page's whole address, set by the static site's ready pages (see the module docs).
PAGE_URL_VARIABLE: Final = "SHANGRILA_PAGE_URL"
#: The whole address of the page Voila serves (set by Voila in the kernel's environment).
VOILA_URL_VARIABLE: Final = "VOILA_REQUEST_URL"
QUERY_VARIABLE: Final = "QUERY_STRING"
#: The checker's page: a notebook served by Voila, or the static site's ready page.
CHECKER_PAGES: Final = ("dispute-checker.ipynb", "dispute-checker.html")
#: The other example pages, whose links open the checker beside them.
OTHER_PAGES: Final = (
    ("tour.ipynb", "dispute-checker.ipynb"),
    ("hot-seat.ipynb", "dispute-checker.ipynb"),
    ("exercises.ipynb", "dispute-checker.ipynb"),
    ("tour.html", "dispute-checker.html"),
    ("hot-seat.html", "dispute-checker.html"),
    ("exercises.html", "dispute-checker.html"),
)


def page_url() -> str | None:
    """The page's whole address when the kernel knows it (see the module docs), else None."""
    return os.environ.get(PAGE_URL_VARIABLE) or os.environ.get(VOILA_URL_VARIABLE) or None


def page_parameter(name: str) -> str | None:
    """The value of ``name`` in the page's address: its query (``QUERY_STRING``, or the
    page's address), else its fragment read as a query (``#ruling=...``); None if absent."""
    url = page_url()
    sources = [os.environ.get(QUERY_VARIABLE, "")]
    if url is not None:
        parts = urlsplit(url)
        sources += [parts.query, parts.fragment]
    for source in sources:
        values = parse_qs(source, keep_blank_values=True).get(name)
        if values:
            return values[0]
    return None


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def link_base(on_checker_page: bool) -> str:
    """The base of the links a widget copies: ``$SHANGRILA_SITE_URL`` when set; else, on a
    served page, the checker's page (this page for the checker, the checker's notebook or
    ready page beside this one for the tour and the board); else
    :data:`~shangrila_widget.rules.questions.DEFAULT_BASE_URL`.

    >>> import os
    >>> os.environ["VOILA_REQUEST_URL"] = "http://127.0.0.1:8870/voila/render/tour.ipynb?x=1"
    >>> link_base(on_checker_page=False)
    'http://127.0.0.1:8870/voila/render/dispute-checker.ipynb'
    >>> del os.environ["VOILA_REQUEST_URL"]
    """
    explicit = os.environ.get(SITE_URL_VARIABLE)
    if explicit:
        return explicit
    url = page_url()
    if url is None:
        return DEFAULT_BASE_URL
    here = _without_query(url)
    if on_checker_page:
        return here
    if here.endswith(CHECKER_PAGES):
        return here
    for page, checker in OTHER_PAGES:
        if here.endswith("/" + page):
            return here[: -len(page)] + checker
    return DEFAULT_BASE_URL


__all__ = [
    "CHECKER_PAGES",
    "PAGE_URL_VARIABLE",
    "link_base",
    "page_parameter",
    "page_url",
]

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
  links use the site setting (``$SHANGRILA_SITE_URL``).

This module reads no environment: what the kernel knows of its page is a value,
:class:`PageAddress`. The program says it where it starts: the static site's
:func:`~shangrila_widget.lite.show_notebook` calls :func:`configure` with the page it shows;
otherwise (Voila, a notebook) the widgets ask :func:`current_page`, which takes it from the
kernel's start environment (:mod:`shangrila_widget.kernel_start`, the one reader).

>>> page = PageAddress.from_environ({"QUERY_STRING": "ruling=r1~standard~x~pass~00000000&lang=pl"})
>>> page.parameter("ruling"), page.parameter("lang")
('r1~standard~x~pass~00000000', 'pl')
>>> PageAddress().parameter("ruling") is None
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
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


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


@dataclass(frozen=True)
class PageAddress:
    """What a kernel knows of the page showing its widgets: the page's whole address
    (``url``, None when there is none), its query (``query``, as ``QUERY_STRING`` gives it)
    and the site setting (``site_url``: ``$SHANGRILA_SITE_URL``, None when unset)."""

    url: str | None = None
    query: str = ""
    site_url: str | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> PageAddress:
        """The address as Voila (or the static site's ready page) gives it in ``environ``: the
        page's address ``SHANGRILA_PAGE_URL``, else ``VOILA_REQUEST_URL``; its query
        ``QUERY_STRING``; the site setting ``SHANGRILA_SITE_URL``. Empty values count as
        unset."""
        return cls(
            environ.get(PAGE_URL_VARIABLE) or environ.get(VOILA_URL_VARIABLE) or None,
            environ.get(QUERY_VARIABLE, ""),
            environ.get(SITE_URL_VARIABLE) or None,
        )

    def on_page(self, url: str) -> PageAddress:
        """This address with the page ``url`` (and its query), the site setting kept."""
        return replace(self, url=url, query=urlsplit(url).query)

    def parameter(self, name: str) -> str | None:
        """The value of ``name`` in the page's address: its query, else its fragment read as
        a query (``#ruling=...``); None if absent."""
        sources = [self.query]
        if self.url is not None:
            parts = urlsplit(self.url)
            sources += [parts.query, parts.fragment]
        for source in sources:
            values = parse_qs(source, keep_blank_values=True).get(name)
            if values:
                return values[0]
        return None

    def link_base(self, on_checker_page: bool) -> str:
        """The base of the links a widget copies: the site setting when set; else, on a
        served page, the checker's page (this page for the checker, the checker's notebook or
        ready page beside this one for the tour and the board); else
        :data:`~shangrila_widget.rules.questions.DEFAULT_BASE_URL`.

        >>> url = "http://127.0.0.1:8870/voila/render/tour.ipynb?x=1"
        >>> PageAddress(url).link_base(on_checker_page=False)
        'http://127.0.0.1:8870/voila/render/dispute-checker.ipynb'
        """
        if self.site_url:
            return self.site_url
        if self.url is None:
            return DEFAULT_BASE_URL
        here = _without_query(self.url)
        if on_checker_page:
            return here
        if here.endswith(CHECKER_PAGES):
            return here
        for page, checker in OTHER_PAGES:
            if here.endswith("/" + page):
                return here[: -len(page)] + checker
        return DEFAULT_BASE_URL


#: The page the program said at its start (:func:`configure`), or None: the kernel's start
#: environment says it.
_configured: PageAddress | None = None


def configure(page: PageAddress | None) -> None:
    """Say, where the program starts, the page the widgets are shown on (the static site's
    :func:`~shangrila_widget.lite.show_notebook` does); None goes back to the kernel's start
    environment (:mod:`shangrila_widget.kernel_start`)."""
    global _configured
    _configured = page


@contextmanager
def configured(page: PageAddress | None) -> Iterator[None]:
    """:func:`configure` ``page`` for the ``with`` block, then put back what was said."""
    before = _configured
    configure(page)
    try:
        yield
    finally:
        configure(before)


def current_page() -> PageAddress:
    """The page the widgets are shown on: what :func:`configure` said, else what the kernel's
    start environment says (read when asked, as Voila sets it before the kernel runs)."""
    if _configured is not None:
        return _configured
    from shangrila_widget.kernel_start import start_environment

    return PageAddress.from_environ(start_environment())


def page_url() -> str | None:
    """The page's whole address when the kernel knows it (see the module docs), else None."""
    return current_page().url


def page_parameter(name: str) -> str | None:
    """The value of ``name`` in the page's address (:meth:`PageAddress.parameter`)."""
    return current_page().parameter(name)


def link_base(on_checker_page: bool) -> str:
    """The base of the links a widget copies (:meth:`PageAddress.link_base`) on the page the
    widgets are shown on."""
    return current_page().link_base(on_checker_page)


__all__ = [
    "CHECKER_PAGES",
    "PAGE_URL_VARIABLE",
    "PageAddress",
    "configure",
    "configured",
    "current_page",
    "link_base",
    "page_parameter",
    "page_url",
]

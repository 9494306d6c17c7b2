"""What every widget of this package shares: one callback registry, one error guard, and the
relabelling of a selection widget.

The board, the computer seats, the review chart, the tour and the dispute checker import
these from here (the board re-exports them), so none of them imports another one to reach
a helper.

- :class:`Callbacks`: the board's and the chart's events (``on_change``, ``on_key``,
  ``on_click``, ``on_navigate``, ``on_select``) are each one registry: callbacks are called
  in the order registered; for a *claimable* event the first one that returns True has taken
  it (a key, a click).
- :data:`Words` and :func:`translate`: each widget has one table from its controls to their
  words keys (``{"undo": {"description": "ui.undo"}}``); a new language sets them all.
- :func:`shown_errors` and :func:`visible_errors`: the one error guard. An exception of a
  callback is shown to the user (under the board, in red) by the widget's ``show_error`` and
  logged, never swallowed; :func:`visible_errors` is the same guard as a method decorator.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

import ipywidgets as widgets
import traitlets

from shangrila_widget.rules.messages import Language, say

__all__ = [
    "Callbacks",
    "Words",
    "ShowsErrors",
    "relabel",
    "show_error_in",
    "shown_errors",
    "translate",
    "visible_errors",
]

P = ParamSpec("P")
R = TypeVar("R")


class ShowsErrors(Protocol):
    """Anything that can show an error to its user (every widget of this package)."""

    def show_error(self, error: BaseException) -> None: ...


def shown_errors(owner: ShowsErrors, callback: Callable[P, R]) -> Callable[P, R | None]:
    """``callback`` wrapped so that an exception is shown by ``owner.show_error`` (and
    logged there) instead of escaping; the wrapped call then returns None.

    >>> class Panel:
    ...     def show_error(self, error: BaseException) -> None:
    ...         print("shown:", error)
    >>> shown_errors(Panel(), lambda: 1 / 0)()
    shown: division by zero
    """

    @wraps(callback)
    def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return callback(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - shown to the user and logged
            owner.show_error(error)
            return None

    return run


def show_error_in(box: widgets.HTML, error: BaseException, lang: Language) -> str:
    """Show ``error`` with its traceback in ``box`` (a widget's error box, in red) and
    return the traceback's text (for the widget's ``error`` trait)."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    box.layout.display = "block"
    box.value = (
        f"<details open class='shangrila-error-details'><summary>"
        f"{say('ui.error', lang)}: {html.escape(str(error))}</summary>"
        f"<pre>{html.escape(text)}</pre></details>"
    )
    return text


F = TypeVar("F", bound=Callable[..., Any])


def visible_errors(method: F) -> F:
    """:func:`shown_errors` as a decorator of a widget's callback method: an exception is
    shown by the widget's own ``show_error`` and the callback returns None.

    >>> class Panel:
    ...     def show_error(self, error: BaseException) -> None:
    ...         print("shown:", error)
    ...     @visible_errors
    ...     def on_button(self) -> str:
    ...         raise ValueError("no such chapter")
    >>> Panel().on_button()
    shown: no such chapter
    """

    @wraps(method)
    def guarded(self: ShowsErrors, *args: Any, **kwargs: Any) -> Any:
        return shown_errors(self, method)(self, *args, **kwargs)

    return guarded  # type: ignore[return-value]


C = TypeVar("C", bound=Callable[..., Any])


class Callbacks(Generic[C]):
    """One event's callbacks, in the order registered.

    >>> seen = []
    >>> keys: Callbacks[Callable[[str], bool]] = Callbacks()
    >>> keys.register(lambda key: seen.append(key) or key == "h")
    >>> keys.register(lambda key: seen.append("second") or False)
    >>> keys.claimed("h"), seen
    (True, ['h'])
    >>> keys.claimed("x"), seen
    (False, ['h', 'x', 'second'])
    """

    def __init__(self) -> None:
        self._callbacks: list[C] = []

    def register(self, callback: C, remove: bool = False) -> None:
        """Add ``callback`` (``remove=True``: take it away again)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def __len__(self) -> int:
        return len(self._callbacks)

    def __iter__(self) -> Any:
        return iter(list(self._callbacks))

    def __call__(self, *args: Any) -> None:
        """Call every callback with ``args``."""
        for callback in list(self._callbacks):
            callback(*args)

    def claimed(self, *args: Any) -> bool:
        """Call the callbacks with ``args`` until one returns True (it has taken the event)."""
        return any(callback(*args) for callback in list(self._callbacks))


def relabel(
    selection: Any,
    options: Sequence[tuple[str, Any]],
    handler: Callable[[dict[str, Any]], Any] | None = None,
    *,
    link: traitlets.link | None = None,
) -> None:
    """Give a selection widget (Dropdown, ToggleButtons...) new labels for the same values
    and keep its value. ipywidgets selects the first option whenever the options change, so
    ``handler`` (the widget's own ``value`` observer) is detached meanwhile and never sees
    that passing change, and a ``link`` (``traitlets.link`` to a trait) is cut meanwhile and
    joined again.

    >>> import ipywidgets as widgets
    >>> toggle = widgets.ToggleButtons(options=[("Play", "play"), ("Edit", "edit")], value="edit")
    >>> relabel(toggle, [("Gra", "play"), ("Edycja", "edit")])
    >>> toggle.value, toggle.label
    ('edit', 'Edycja')
    """
    value = selection.value
    if handler is not None:
        selection.unobserve(handler, "value")
    if link is not None:
        link.unlink()
    try:
        selection.options = options
        if any(v == value for _, v in options):
            selection.value = value
    finally:
        if handler is not None:
            selection.observe(handler, "value")
        if link is not None:
            link.link()


#: A widget's words: for each control (by name), each of its traits (``description``,
#: ``tooltip``, ``placeholder``...) and the words key it says (:func:`say`).
Words = Mapping[str, Mapping[str, str]]


def translate(controls: Mapping[str, Any], words: Words, lang: Language) -> None:
    """Give every control named in ``words`` its words in ``lang`` (a control that is None,
    one this platform does not offer, is passed over).

    >>> import ipywidgets as widgets
    >>> button = widgets.Button()
    >>> translate({"undo": button}, {"undo": {"description": "ui.undo"}}, "pl")
    >>> button.description == say("ui.undo", "pl")
    True
    """
    for name, traits in words.items():
        control = controls[name]
        if control is None:
            continue
        for trait, key in traits.items():
            setattr(control, trait, say(key, lang))

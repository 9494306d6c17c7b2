"""The package's error types. All subclass :class:`ValueError`, like python-chess's.

>>> from shangrila_widget.rules import Position
>>> try:
...     Position.from_json('{"format": "shangrila-position/1", "players": ["red", "pink"]}')
... except PositionError as error:
...     print(error)
to_move: missing required key
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from shangrila_widget.rules.messages import Language, Sayable
    from shangrila_widget.rules.results import Refusal

#: The most characters of a bad value an error message quotes.
EXCERPT_LIMIT: Final = 24
_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}")


def excerpt(value: object, limit: int = EXCERPT_LIMIT) -> str:
    """A short, safe description of a bad value for an error message.

    It never recurses into the value (a list nested a thousand deep costs nothing), never
    turns a huge number into digits, and cuts long texts:

    >>> excerpt("pink"), excerpt(None), excerpt(7), excerpt(True)
    ("'pink'", 'null', '7', 'true')
    >>> excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxx'... (100 characters)"
    >>> excerpt(10**5000), excerpt([[[]]]), excerpt({"a": 1}), excerpt(b"ab")
    ('a number of about 5001 digits', 'a list of 1 item', 'an object of 1 key', 'bytes')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -(10**limit) < value < 10**limit:
            return str(value)
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, (list, tuple)):
        return f"a list of {_count(len(value), 'item')}"
    if isinstance(value, dict):
        return f"an object of {_count(len(value), 'key')}"
    if isinstance(value, (bytes, bytearray)):
        return "bytes"
    return f"a {type(value).__name__}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def key_path(parent: str, key: str) -> str:
    """The error path of ``key`` inside ``parent``: ``parent.key`` for a plain name, else
    ``parent["key"]`` with the key quoted as JSON, so that a key holding ``.`` or ``[``
    cannot be mistaken for a deeper path (:func:`path_parts` reads a path back).

    >>> key_path("", "villages"), key_path("villages", "A"), key_path("", "[")
    ('villages', 'villages.A', '["["]')
    >>> key_path("villages.A", "a.b")
    'villages.A["a.b"]'
    """
    if _PLAIN_KEY.fullmatch(key):
        return f"{parent}.{key}" if parent else key
    text = key if len(key) <= EXCERPT_LIMIT else key[:EXCERPT_LIMIT] + "..."
    return f"{parent}[{json.dumps(text)}]"


_PATH_PART: Final = re.compile(r'\.?([A-Za-z_][A-Za-z0-9_-]*)|\[([0-9]+)\]|\[("(?:[^"\\]|\\.)*")\]')


def path_parts(path: str) -> tuple[str | int, ...]:
    """The keys and list indices of an error path, outermost first.

    >>> path_parts("villages.A.healer.owner")
    ('villages', 'A', 'healer', 'owner')
    >>> path_parts('bridges[2]'), path_parts('["a.b"]'), path_parts("")
    (('bridges', 2), ('a.b',), ())
    """
    parts: list[str | int] = []
    position = 0
    while position < len(path):
        match = _PATH_PART.match(path, position)
        if match is None:
            raise ValueError(f"not an error path: {excerpt(path)}")
        name, index, quoted = match.groups()
        parts.append(name if name is not None else int(index) if index else json.loads(quoted))
        position = match.end()
    return tuple(parts)


class ShangrilaError(ValueError):
    """Base class of every error this package raises on bad input.

    ``words``: what is wrong, as a text or as a message of the package's words
    (:class:`~shangrila_widget.rules.messages.Message`), so that :meth:`text` can say it in
    Polish as well; ``str(error)`` is always the English text.
    """

    def __init__(self, words: Sayable | str = "") -> None:
        super().__init__(str(words))
        self.words = words

    def text(self, lang: Language = "en") -> str:
        """What is wrong, in ``lang``."""
        return self.words if isinstance(self.words, str) else self.words.text(lang)


class MachineError(RuntimeError):
    """A problem of the machine, not of the input (a build step, a server that did not
    start), kept as a message of the package's words: ``str(error)`` is the English text,
    :meth:`text` says it in another language; pickled with its words."""

    def __init__(self, words: Sayable) -> None:
        self.words = words
        super().__init__(words.text("en"))

    def text(self, lang: Language = "en") -> str:
        """What went wrong, in ``lang``."""
        return self.words.text(lang)

    def __reduce__(self) -> tuple[type[MachineError], tuple[object, ...]]:
        return type(self), (self.words,)


class LanguageError(ShangrilaError):
    """A language the package does not speak; names it and the ones it knows.

    >>> print(LanguageError("de", ("en", "pl")))
    unknown language 'de': known languages are 'en' and 'pl'
    """

    def __init__(self, lang: object, known: tuple[str, ...]) -> None:
        from shangrila_widget.rules.messages import Message

        quoted = [repr(k) for k in known]
        super().__init__(
            Message("error.unknown_language", {"lang": excerpt(lang), "known": quoted})
        )
        self.lang = lang
        self.known = known


class PositionError(ShangrilaError):
    """A position (JSON, dict or compact string) is malformed or impossible.

    ``path`` names the key path of the problem (``"villages.A.healer.owner"``), ``problem``
    says what is wrong with it (in English; ``problem_words`` in any language).
    """

    def __init__(self, path: str, problem: Sayable | str) -> None:
        super().__init__(at_path(path, problem))
        self.path = path
        self.problem = str(problem)
        self.problem_words = problem

    @property
    def parts(self) -> tuple[str | int, ...]:
        """``path`` as its keys and list indices: ``("villages", "A", "healer")``."""
        return path_parts(self.path)


def at_path(path: str, problem: Sayable | str) -> Sayable:
    """A problem said after the key path it concerns (``tree[0].action: ...``), in any
    language: the words of an error such as :class:`RecordError` (the problem alone when
    the path is empty)."""
    from shangrila_widget.rules.messages import Joined, Message

    if not path:
        return Joined((problem,))
    return Message("error.at_path", {"path": path, "problem": problem})


class ActionParseError(ShangrilaError):
    """An action text could not be read; the message says what was expected."""


class IllegalActionError(ShangrilaError):
    """A well-formed action that the rules refuse in this position.

    ``refusal`` carries the rule id and the explanation in English and Polish.
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(at_path(refusal.rule, refusal.words))
        self.refusal = refusal

    @property
    def rule(self) -> str:
        """The id of the rule that refuses the action, such as ``"PLACE-SPACE"``."""
        return self.refusal.rule


class RecordError(ShangrilaError):
    """A game record could not be read, or an undo/redo/step has nowhere to go."""


class RulingError(ShangrilaError):
    """A ruling string that cannot be read: cut, altered, of an unknown version or edition,
    or holding a bad position or action. ``text(lang)`` says it in English or Polish."""

    def __init__(self, key: str, **params: object) -> None:
        from shangrila_widget.rules.messages import Message

        super().__init__(Message(key, params))
        self.key = key
        self.params = params

"""The question string and its link: a position and the action asked about (and who tries
it) as one short URL-safe text that any copy of the package reads back exactly.

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_compact("rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -")
>>> text = ruling_string(pos, "journey B A")
>>> text
'r1~standard~rbyv_r_play_7.R6.7.7.7.7.7.7.7.7.7.7.7_AB_-~journey.B.A~e9ab9fcc'
>>> read_ruling_string(text) == (pos, parse_action("journey B A"), None)
True

The ruling string (``r1``)::

    r1~<edition>~<position>~<action>[~<player>]~<check>

- ``edition``: ``standard`` or ``END-ELEVEN``;
- ``position``: the one-line position string (:mod:`~shangrila_widget.rules.compact`)
  without its ``e11`` extra (the edition says it), spaces written ``_`` and the board's
  ``/`` written ``.``;
- ``action``: the action's text with spaces written ``.`` (``journey.A.B``,
  ``recruit.dragon_breeder.F``), or ``-`` for a position with no question asked (a link to
  a position, :func:`question_string`);
- ``player``: optional, the colour who tries the action when it is not the player to move;
- ``check``: 8 hexadecimal digits, the start of the SHA-256 of everything before it, so that
  a string cut short or altered is refused rather than read as another question.

Every character is one of ``A-Z a-z 0-9 _ . ~ -``: nothing to escape in a URL.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from shangrila_widget.rules.actions import Action, as_action, parse_action
from shangrila_widget.rules.editions import EDITIONS, edition_of
from shangrila_widget.rules.engine import check
from shangrila_widget.rules.errors import RulingError, ShangrilaError, excerpt
from shangrila_widget.rules.messages import problem
from shangrila_widget.rules.position import Position
from shangrila_widget.rules.position_json import OPTION_END_ELEVEN

RULING_VERSION: Final = "r1"
#: The base of a ruling's link when none is given: the address ``shangrila tour`` and
#: ``shangrila serve`` start on.
DEFAULT_BASE_URL: Final = "http://127.0.0.1:8866/"
#: The environment variable that names the site's address. Only the program's entry points
#: read it (the command line, a kernel's start: :mod:`shangrila_widget.kernel_start`)
#: and pass the address on as ``base_url``; nothing in ``rules/`` reads the environment.
SITE_URL_VARIABLE: Final = "SHANGRILA_SITE_URL"
_CHECK_DIGITS: Final = 8
_SAFE: Final = re.compile(r"[A-Za-z0-9_.~-]*")
_BOARD_FIELD: Final = 3


def _check_digits(body: str) -> str:
    return hashlib.sha256(body.encode("ascii")).hexdigest()[:_CHECK_DIGITS]


NO_ACTION: Final = "-"
"""The action field of a string that carries a position and no question."""


def question_string(
    pos: Position, action: Action | str | None = None, player: str | None = None
) -> str:
    """The short URL-safe string of a position and, when given, the action asked about (and
    the player who tries it); see the module docs. With no action the action field is
    ``-``: a link to the position alone. :func:`read_question` reads it back exactly.

    >>> pos = Position.new_game(["red", "blue", "yellow"])
    >>> text = question_string(pos)
    >>> text
    'r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~-~8d2244f8'
    >>> read_question(text) == (pos, None, None)
    True
    """
    if action is not None:
        check(pos, action, player)  # checks the arguments
        action = as_action(action)
    elif player is not None:
        raise ShangrilaError(problem("question_player_action"))
    fields = pos.to_compact().split()
    if pos.end_eleven:
        fields.remove("e11")
    fields[_BOARD_FIELD] = fields[_BOARD_FIELD].replace("/", ".")
    action_field = NO_ACTION if action is None else str(action).replace(" ", ".")
    parts = [RULING_VERSION, edition_of(pos), "_".join(fields), action_field]
    if player is not None:
        parts.append(player)
    body = "~".join(parts)
    return f"{body}~{_check_digits(body)}"


def ruling_string(pos: Position, action: Action | str, player: str | None = None) -> str:
    """The short URL-safe string of a question: position, action, edition (and the player
    who tries it when given); see the module docs. :func:`read_ruling_string` reads it back
    exactly."""
    return question_string(pos, action, player)


def read_ruling_string(text: str) -> tuple[Position, Action, str | None]:
    """(position, action, player) from a ruling string, or from a link holding one
    (``...?ruling=r1~...``). Raises :class:`RulingError` naming the problem: a string cut
    short or altered is refused, never read as another position; so is a string of a
    position with no action (:func:`read_question` reads those)."""
    pos, action, player = read_question(text)
    if action is None:
        raise RulingError("error.ruling_no_action")
    return pos, action, player


def read_question(text: str) -> tuple[Position, Action | None, str | None]:
    """(position, action or None, player) from a string of :func:`question_string` (or a
    link holding one, ``...?ruling=r1~...``). Raises :class:`RulingError` naming the
    problem: a string cut short or altered is refused, never read as another position."""
    if not isinstance(text, str):
        raise RulingError("error.ruling_not_text", kind=type(text).__name__)
    text = text.strip()
    if "ruling=" in text:
        text = unquote(text.split("ruling=", 1)[1].split("&", 1)[0].split("#", 1)[0])
    bad = _SAFE.match(text)
    if bad is not None and bad.end() < len(text):
        raise RulingError("error.ruling_character", char=repr(text[bad.end()]), at=bad.end() + 1)
    parts = text.split("~")
    if not re.fullmatch(r"r[0-9]+", parts[0]):
        raise RulingError("error.ruling_not_ruling", start=excerpt(text[:12]))
    if parts[0] != RULING_VERSION:
        raise RulingError("error.ruling_version", version=excerpt(parts[0]))
    if len(parts) not in (5, 6):
        raise RulingError("error.ruling_parts", count=len(parts))
    edition, position_text, action_text, *rest = parts[1:]
    if edition not in EDITIONS:
        raise RulingError("error.ruling_edition", edition=excerpt(edition))
    body, found = text.rsplit("~", 1)
    if found != _check_digits(body):
        raise RulingError("error.ruling_check", found=excerpt(found))
    fields = position_text.split("_")
    if "e11" in fields:
        raise RulingError("error.ruling_e11_field")
    if len(fields) > _BOARD_FIELD:
        fields[_BOARD_FIELD] = fields[_BOARD_FIELD].replace(".", "/")
    if edition == OPTION_END_ELEVEN:
        fields.append("e11")
    try:
        pos = Position.from_compact(" ".join(fields))
    except ShangrilaError as error:
        raise RulingError("error.ruling_position", problem=str(error)) from None
    action: Action | None = None
    if action_text != NO_ACTION:
        try:
            action = parse_action(action_text.replace(".", " "))
        except ShangrilaError as error:
            raise RulingError("error.ruling_action", problem=str(error)) from None
    player = rest[0] if len(rest) == 2 else None
    if player is not None and (action is None or player not in pos.players):
        raise RulingError("error.ruling_player", player=excerpt(player))
    return pos, action, player


def base_of_link(text: str) -> str | None:
    """The address a link holding a ruling string points at, the string taken out (its other
    query parameters kept), so that the ruling's own link can point there again; None for a
    bare string.

    >>> base_of_link("https://example.org/checker.html?lang=pl&ruling=r1~x")
    'https://example.org/checker.html?lang=pl'
    >>> base_of_link("r1~x") is None
    True
    """
    text = text.strip()
    if "ruling=" not in text:
        return None
    parts = urlsplit(text)
    if not (parts.scheme or parts.netloc or parts.path):
        return None
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "ruling"]
    fragment = "" if "ruling=" in parts.fragment else parts.fragment
    return urlunsplit(
        (parts.scheme, parts.netloc, parts.path, urlencode(query, safe="~._-/:"), fragment)
    )


def ruling_link(text: str, base_url: str | None = None) -> str:
    """``<base>?ruling=<string>`` (``&ruling=`` when the base has a query already), the base
    ``base_url`` or, when None, :data:`DEFAULT_BASE_URL`.

    >>> ruling_link("r1~x", "https://example.org/checker.html?lang=pl")
    'https://example.org/checker.html?lang=pl&ruling=r1~x'
    """
    base = base_url or DEFAULT_BASE_URL
    return f"{base}{'&' if '?' in base else '?'}ruling={quote(text, safe='~._-')}"


__all__ = [
    "DEFAULT_BASE_URL",
    "NO_ACTION",
    "RULING_VERSION",
    "SITE_URL_VARIABLE",
    "base_of_link",
    "question_string",
    "read_question",
    "read_ruling_string",
    "ruling_link",
    "ruling_string",
]

"""Every sentence the package shows, in English and Polish: one home, one way to say it.

The words live in ``data/words/en.json`` and ``data/words/pl.json``: one flat table per
language, key -> template, with the same keys in both. Keys are grouped by a prefix:
``rules.`` (refusals and events), ``error.`` (bad input), ``action.`` (an action in words),
``hint.`` and ``review.`` (the computer players), ``scene.`` and ``legend.`` (the pictures),
``ui.`` (the widgets), ``colour.``, ``type.`` and ``letter.`` (names). :func:`say` fills a
key in a language; a :class:`Message` keeps a key and its facts until it is shown, so the
same message can be said in whichever language the reader has chosen by then.

Templates are :meth:`str.format` templates with two kinds of format spec of their own:

- a case: ``{player:gen}`` is the genitive of a colour ("Czerwonego"), ``{type:acc}`` the
  accusative of a master type ("Hodowcę Smoków"), ``{type:a}`` an English name with its
  article ("an Astrologer"). Fields named ``player``, ``owner``, ``colour``, ``to_move`` hold
  a colour key, ``type`` a master-type key; they are named in the language said.
  ``{player:key}`` is the key itself ("red"), as the notation writes it; ``{known:list}``
  a list of such keys, joined by commas.
- a plural: ``{n:# space|# spaces}`` in English, ``{n:# pole|# pola|# pól}`` in Polish
  (1 / 2-4 except 12-14 / the rest); ``#`` is the number, or the list when the value is a
  list (its length chooses the form).

>>> say("rules.no_supply", "en", player="blue", type="healer")
'Blue has no Healer left in supply.'
>>> say("rules.no_supply", "pl", player="blue", type="healer")
'Gracz Niebieski nie ma już w zapasie żetonu Uzdrowiciela.'
>>> message = Message("hint.spaces_won", {"n": 22, "destination": "B"})
>>> str(message), message.text("pl")
('It wins 22 spaces in B.', 'Zdobywa 22 pola w wiosce B.')
>>> try:
...     say("ui.cancelled", "de")
... except LanguageError as error:
...     print(error)
unknown language 'de': known languages are 'en' and 'pl'
>>> rule_title("PEACE", "pl")
'Wioski w pokoju'
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Final, Literal, Protocol, TypeAlias, cast

from shangrila_widget.rules.errors import LanguageError, ShangrilaError, excerpt

Language = Literal["en", "pl"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "pl")

#: How many plural forms each language's ``{n:...|...}`` spec gives.
PLURAL_FORMS: Final[dict[Language, int]] = {"en": 2, "pl": 3}
#: The grammatical cases a name may be asked for, by language (``{player:gen}``).
CASES: Final[dict[Language, tuple[str, ...]]] = {"en": (), "pl": ("gen", "acc")}

#: Fields that hold a colour key or a master-type key, named in the language said.
NAME_FIELDS: Final[dict[str, str]] = {
    "player": "colour",
    "owner": "colour",
    "colour": "colour",
    "to_move": "colour",
    "type": "type",
}


def check_language(lang: object) -> Language:
    """``lang`` if it is a known language, else :class:`LanguageError` naming both."""
    if lang == "en" or lang == "pl":
        return lang
    raise LanguageError(lang, LANGUAGES)


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise ShangrilaError(f"the words file repeats the key {excerpt(key)}")
        table[key] = value
    return table


@lru_cache(maxsize=len(LANGUAGES))
def words_table(lang: Language) -> Mapping[str, str]:
    """Every template of ``lang``, by key (``data/words/<lang>.json``)."""
    check_language(lang)
    path = resources.files("shangrila_widget").joinpath(f"data/words/{lang}.json")
    table = json.loads(path.read_text("utf-8"), object_pairs_hook=_refuse_duplicates)
    return dict(table)


def plural_index(n: int, lang: Language) -> int:
    """Which plural form ``n`` takes: English 0 for one, 1 for the rest; Polish 0 for one,
    1 for 2-4, 22-24, ... (not 12-14), 2 for the rest.

    >>> tuple(plural_index(n, "pl") for n in (1, 2, 4, 5, 12, 14, 21, 22, 24, 25, 0))
    (0, 1, 1, 2, 2, 2, 2, 1, 1, 2, 2)
    """
    if n == 1:
        return 0
    if lang == "en":
        return 1
    return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2


class Sayable(Protocol):
    """Anything that can be said in a language (a :class:`Message`, a package error...)."""

    def text(self, lang: Language = "en") -> str: ...


#: What a widget is given to show: words said in the reader's language, or a plain text
#: (a position string, a number) that reads the same in every language.
Words: TypeAlias = "Sayable | str"


def text_of(words: Words, lang: Language) -> str:
    """``words`` said in ``lang`` (a plain text as it is)."""
    return words if isinstance(words, str) else words.text(lang)


@dataclass(frozen=True)
class Message:
    """A sentence kept as its key and facts until it is shown.

    A parameter may be another message, a list (joined, "A, B and C"), a colour or type key
    (in a name field), or a text given per language (``{"en": ..., "pl": ...}``).
    ``str(message)`` is the English text.
    """

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: Language = "en") -> str:
        """The message in ``lang``."""
        return say(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Joined:
    """Several sayable parts said one after another, ``separator`` between them."""

    parts: tuple[Words, ...]
    separator: str = " "

    def text(self, lang: Language = "en") -> str:
        """The parts in ``lang``, joined."""
        return self.separator.join(text_of(p, lang) for p in self.parts)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class _Name:
    kind: str  # "colour" or "type"
    key: str


class _Formatter(string.Formatter):
    """str.format with the package's case and plural specs (see the module docstring)."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang
        self.table = words_table(lang)

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        value = kwargs[str(key)]
        if isinstance(value, Mapping) and self.lang in value:
            value = value[self.lang]  # a text given per language
        kind = NAME_FIELDS.get(str(key))
        if kind is not None and isinstance(value, str):
            return _Name(kind, value)
        if kind is not None and isinstance(value, (list, tuple)):
            return [_Name(kind, v) if isinstance(v, str) else v for v in value]
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return self._plural(value, format_spec)
        if format_spec == "list":  # identifiers of the notation, as they are: "red, blue"
            return ", ".join(str(v.key if isinstance(v, _Name) else v) for v in value)
        if isinstance(value, _Name):
            return self._name(value, format_spec)
        if isinstance(value, (list, tuple)):
            return self.join(value)
        if isinstance(value, str) or not hasattr(value, "text"):
            return format(value, format_spec)
        return str(value.text(self.lang))

    def _name(self, name: _Name, case: str) -> str:
        base = self.table.get(f"{name.kind}.{name.key}", name.key)
        if not case:
            return base
        if case == "key":
            return name.key
        if case == "a" and self.lang == "en":
            return f"{'an' if base[:1] in 'AEIOU' else 'a'} {base}"
        return self.table.get(f"{name.kind}.{name.key}:{case}", base)

    def _plural(self, value: Any, spec: str) -> str:
        forms = spec.split("|")
        if len(forms) != PLURAL_FORMS[self.lang]:
            raise ValueError(f"{self.lang} needs {PLURAL_FORMS[self.lang]} plural forms: {spec}")
        if isinstance(value, (list, tuple)):
            count, shown = len(value), self.join(value)
        else:
            count, shown = int(value), str(value)
        return forms[plural_index(count, self.lang)].replace("#", shown)

    def join(self, items: Iterable[object]) -> str:
        """A list in words: "A", "A and B", "A, B and C"."""
        said = [self.format_field(item, "") for item in items]
        if len(said) < 2:
            return "".join(said)
        return ", ".join(said[:-1]) + self.table["word.and"] + said[-1]


def say(key: str, lang: Language, /, **params: object) -> str:
    """The sentence ``key`` in ``lang``, filled with ``params`` (KeyError for an unknown
    key, :class:`LanguageError` for an unknown language)."""
    formatter = _Formatter(check_language(lang))
    return formatter.vformat(formatter.table[key], (), _expanded(params))


def problem(key: str, /, **params: object) -> Message:
    """What is wrong with some input, as a message (``error.<key>``) for an error."""
    return Message(f"error.{key}", params)


def has_words(key: str) -> bool:
    """Whether ``key`` is a sentence of the package."""
    return key in words_table("en")


def _expanded(params: Mapping[str, object]) -> dict[str, object]:
    """The facts of an event, with the structured ones made into messages."""
    out = dict(params)
    if "travellers" in out:
        out["travellers"] = [
            Message("rules.traveller_item", {"colour": c, "type": t})
            for c, t in cast(Iterable[tuple[str, str]], out["travellers"])
        ]
    scores = out.get("scores")
    if isinstance(scores, Mapping):
        out["scores"] = Joined(
            tuple(
                Message("rules.score_item", {"colour": c, "masters": m, "villages": v})
                for c, (m, v) in scores.items()
            ),
            ", ",
        )
    winners = out.get("winners")
    if isinstance(winners, (list, tuple)):
        key = "rules.winners_shared" if len(winners) > 1 else "rules.winners_one"
        out["winners"] = Message(key, {"colour": list(winners)})
    return out


# ----------------------------------------------------------------------------- names


def colour_name(colour: str, lang: Language, case: str = "") -> str:
    """A colour named in ``lang`` (``case``: ``"gen"`` for the Polish genitive)."""
    return _Formatter(check_language(lang))._name(_Name("colour", colour), case)


def type_name(master_type: str, lang: Language, case: str = "") -> str:
    """A master type named in ``lang`` (``case``: ``"gen"`` or ``"acc"`` in Polish,
    ``"a"`` with its English article)."""
    return _Formatter(check_language(lang))._name(_Name("type", master_type), case)


def type_letter(master_type: str, lang: Language) -> str:
    """The letter a space or tile of ``master_type`` shows in ``lang`` (the initial of the
    type's name there; the action notation keeps the English letters)."""
    return words_table(check_language(lang))[f"letter.{master_type}"]


def _names(kind: str, case: str = "") -> dict[str, dict[str, str]]:
    prefix = f"{kind}."
    keys = [k[len(prefix) :] for k in words_table("en") if k.startswith(prefix) and ":" not in k]
    return {
        lang: {k: _Formatter(lang)._name(_Name(kind, k), case) for k in keys}
        for lang in LANGUAGES
        if not case or case in CASES[lang]
    }


#: Colour names by language; ``"pl_gen"``: the Polish genitive ("Czerwonego").
COLOUR_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    **_names("colour"),
    "pl_gen": _names("colour", "gen")["pl"],
}
#: Master-type names by language; ``"pl_gen"`` the Polish genitive ("Hodowcy Smoków"),
#: ``"pl_acc"`` the accusative ("Hodowcę Smoków").
TYPE_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    **_names("type"),
    "pl_gen": _names("type", "gen")["pl"],
    "pl_acc": _names("type", "acc")["pl"],
}


# ----------------------------------------------------------------------------- the rules


def event_template_key(kind: str, rule: str, params: Mapping[str, Any]) -> str:
    """The template of an event: by kind, refined by rule where the wording differs."""
    key = f"{kind}:{rule}"
    if not has_words(f"rules.{key}"):
        return kind
    if params.get("had_student") and has_words(f"rules.{key}/student"):
        return f"{key}/student"
    return key


@lru_cache(maxsize=1)
def rules_reference() -> tuple[dict[str, Any], ...]:
    """Every rule id with its section, title and text in both languages (``data/rules.json``)."""
    text = resources.files("shangrila_widget").joinpath("data/rules.json").read_text("utf-8")
    return tuple(json.loads(text)["rules"])


def rule_text(rule: str, lang: Language = "en") -> str:
    """The rule's text in the package's own words.

    Raises KeyError for an unknown rule id.
    """
    check_language(lang)
    for entry in rules_reference():
        if entry["id"] == rule:
            return str(entry["text"][lang])
    raise KeyError(rule)


def rule_title(rule: str, lang: Language = "en") -> str:
    """The rule's short title."""
    check_language(lang)
    for entry in rules_reference():
        if entry["id"] == rule:
            return str(entry["title"][lang])
    raise KeyError(rule)


def action_message(action: object) -> Message:
    """An action in words for people, as a message (``str(action)`` is its notation)."""
    from shangrila_widget.rules.actions import Journey, Pass, Place, Recruit

    if isinstance(action, Place):
        return Message("action.place", {"type": action.type, "village": action.village})
    if isinstance(action, Recruit):
        students = [
            Message("action.student", {"type": kind, "village": village})
            for kind, village in action.students
        ]
        return Message("action.recruit", {"students": students})
    if isinstance(action, Journey):
        return Message(
            "action.journey", {"origin": action.origin, "destination": action.destination}
        )
    if isinstance(action, Pass):
        return Message("action.pass")
    raise ShangrilaError(problem("not_an_action", value=excerpt(action)))


def action_words(action: object, lang: Language = "en") -> str:
    """An action in words for people (``str(action)`` is its notation).

    >>> from shangrila_widget.rules.actions import parse_action
    >>> action_words(parse_action("place yeti_whisperer C"))
    'a new Yeti Whisperer master in village C'
    >>> action_words(parse_action("journey A B"), "pl")
    'podróż z wioski A do wioski B'
    >>> action_words(parse_action("recruit healer A priest B"), "pl")
    'werbunek: Uczeń Uzdrowiciel w wiosce A i Uczeń Kapłan w wiosce B'
    """
    check_language(lang)
    return action_message(action).text(lang)

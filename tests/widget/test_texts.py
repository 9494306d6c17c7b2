"""Every sentence the package shows, checked in both languages (data/words/*.json).

Same keys and placeholders in English and Polish, no empty text, plural forms that agree
with the number (Polish 1 / 2-4 / 5+, 12-14 and 22-24 included; English one / more, never
"space(s)"), the Polish cases of every name, and one error for an unknown language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from shangrila_widget.rules import Position
from shangrila_widget.rules.board import MASTER_TYPES, TYPE_LETTERS
from shangrila_widget.rules.errors import LanguageError
from shangrila_widget.rules.messages import (
    CASES,
    LANGUAGES,
    NAME_FIELDS,
    PLURAL_FORMS,
    Message,
    plural_index,
    say,
    type_letter,
    type_name,
    words_table,
)

EN, PL = words_table("en"), words_table("pl")
KEYS = sorted(EN)
SAME_IN_BOTH = {"rules.winners_one"}  # only a name: "{colour}"


def fields(template: str) -> dict[str, list[str]]:
    """The template's field names, each with its format specs (nested fields included)."""
    found: dict[str, list[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is None:
            continue
        found.setdefault(name, []).append(spec or "")
        for nested, specs in fields(spec or "").items():
            found.setdefault(nested, []).extend(specs)
    return found


def is_case(key: str) -> bool:
    """A name's grammatical case (``type.healer:gen``): only where the language has cases."""
    return key.startswith(("colour.", "type.")) and ":" in key


def test_both_languages_have_the_same_sentences() -> None:
    assert {k for k in PL if not is_case(k)} == set(EN)
    assert not any(is_case(k) for k in EN)
    assert len(EN) > 250


def every_key(check: Callable[[str], None]) -> None:
    """Run ``check`` on every words key and fail once, listing every key that failed with its
    assertion's message or its error (one test for all the keys, every failure reported)."""
    failed = []
    for key in KEYS:
        try:
            check(key)
        except Exception as error:  # noqa: BLE001 - every key's failure, whatever it raised
            words = str(error).splitlines()[0] if str(error) else "failed"
            kind = "" if isinstance(error, AssertionError) else f"{type(error).__name__}: "
            failed.append(f"{key}: {kind}{words}")
    assert not failed, f"{len(failed)} of {len(KEYS)} keys:\n" + "\n".join(failed)


def test_every_key_check_reports_every_failing_key() -> None:
    def odd(key: str) -> None:
        assert KEYS.index(key) % 2 == 0, f"odd place {key!r}"

    with pytest.raises(AssertionError) as raised:
        every_key(odd)
    lines = [line.strip() for line in str(raised.value).splitlines() if line.strip()]
    assert lines[0].startswith(f"{len(KEYS) // 2} of {len(KEYS)} keys")
    assert lines[1] == f"{KEYS[1]}: odd place {KEYS[1]!r}" and len(lines) >= 1 + len(KEYS) // 2
    assert (
        lines[len(KEYS) // 2]
        == f"{KEYS[-1 - len(KEYS) % 2]}: odd place {KEYS[-1 - len(KEYS) % 2]!r}"
    )

    def broken(key: str) -> None:
        if key in KEYS[:2]:
            raise KeyError(key)

    with pytest.raises(AssertionError, match=f"{KEYS[1]}: KeyError: '{KEYS[1]}'"):
        every_key(broken)


def a_sentence_has_text_and_the_same_placeholders(key: str) -> None:
    en, pl = EN[key], PL[key]
    assert en.strip() and pl.strip(), "empty text"
    assert set(fields(en)) == set(fields(pl)), (sorted(fields(en)), sorted(fields(pl)))
    if key.startswith("rules.") and key not in SAME_IN_BOTH:
        assert en != pl, "the engine's sentences are translated"


def test_a_sentence_has_text_and_the_same_placeholders_in_both_languages() -> None:
    every_key(a_sentence_has_text_and_the_same_placeholders)


def every_format_spec_is_known(key: str) -> None:
    for lang, table in (("en", EN), ("pl", PL)):
        for name, specs in fields(table[key]).items():
            for spec in specs:
                if "|" in spec:
                    assert len(spec.split("|")) == PLURAL_FORMS[lang], (lang, key, spec)
                elif spec == "list":
                    continue
                elif spec:
                    assert name in NAME_FIELDS, (lang, key, name, spec)
                    assert spec in (*CASES[lang], "a", "key"), (lang, key, spec)


def test_every_format_spec_is_a_known_case_or_a_plural_with_the_right_forms() -> None:
    every_key(every_format_spec_is_known)


def singular_and_plural_not_brackets(key: str) -> None:
    assert not re.search(r"\w\((s|es)\)", EN[key]), EN[key]
    assert not re.search(r"\w\((y|i|ów|a)\)", PL[key]), PL[key]


def test_english_says_singular_and_plural_instead_of_brackets() -> None:
    every_key(singular_and_plural_not_brackets)


def sample(name: str, specs: list[str]) -> Any:
    """A value for a placeholder, by its name (a plural spec asks for a number or list)."""
    plural = any("|" in s for s in specs)
    if name in NAME_FIELDS:
        value = "red" if NAME_FIELDS[name] == "colour" else "dragon_breeder"
        return [value] if plural else value
    values: dict[str, Any] = {
        "travellers": [("red", "healer"), ("blue", "priest")],
        "scores": {"red": (3, 2), "blue": (1, 1)},
        "winners": ["red"],
        "villages": ["A", "B"],
        "students": [Message("action.student", {"type": "healer", "village": "A"})],
    }
    if name in values:
        return values[name]
    if "list" in specs:
        return ["red", "blue"]
    return 3 if plural or name not in ("village", "origin", "destination", "a", "b") else "A"


def test_every_sentence_can_be_said_in_both_languages() -> None:
    every_key(can_be_said_in_both_languages)


def can_be_said_in_both_languages(key: str) -> None:
    params = {name: sample(name, specs) for name, specs in fields(EN[key]).items()}
    said = {lang: say(key, lang, **params) for lang in LANGUAGES}
    for lang, text in said.items():
        literal = "".join(part for part, *_ in string.Formatter().parse(words_table(lang)[key]))
        assert text.strip(), (lang, key)
        for mark in "{|":
            assert mark not in text or mark in literal, (lang, text)
    if params.get("type") == "dragon_breeder" and "type" in fields(PL[key]):
        assert "Dragon" not in said["pl"] and "Hodow" in said["pl"]


@pytest.mark.parametrize(
    ("n", "form"),
    [(1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (11, 2), (12, 2), (13, 2), (14, 2), (21, 2)]
    + [(22, 1), (23, 1), (24, 1), (25, 2), (0, 2), (102, 1), (112, 2), (114, 2), (1001, 2)],
)
def test_polish_plural_forms_follow_the_number(n: int, form: int) -> None:
    assert plural_index(n, "pl") == form
    assert plural_index(n, "en") == (0 if n == 1 else 1)


@pytest.mark.parametrize(
    ("n", "en", "pl"),
    [
        (1, "It wins 1 space in B.", "Zdobywa 1 pole w wiosce B."),
        (2, "It wins 2 spaces in B.", "Zdobywa 2 pola w wiosce B."),
        (5, "It wins 5 spaces in B.", "Zdobywa 5 pól w wiosce B."),
        (12, "It wins 12 spaces in B.", "Zdobywa 12 pól w wiosce B."),
        (22, "It wins 22 spaces in B.", "Zdobywa 22 pola w wiosce B."),
    ],
)
def test_a_count_in_a_sentence_takes_its_plural_form(n: int, en: str, pl: str) -> None:
    message = Message("hint.spaces_won", {"n": n, "destination": "B"})
    assert (message.text("en"), message.text("pl"), str(message)) == (en, pl, en)


def test_a_list_chooses_the_form_by_its_length_and_is_joined_in_words() -> None:
    one = say("hint.safe", "pl", villages=["A"])
    three = say("hint.safe", "pl", villages=["A", "B", "D"])
    assert one == "Mistrzowie w wiosce A są odtąd bezpieczni przed Podróżą."
    assert three == "Mistrzowie w wioskach A, B i D są odtąd bezpieczni przed Podróżą."
    assert say("hint.safe", "en", villages=["A", "B"]) == "Makes A and B safe from a journey."


def test_every_name_has_its_polish_cases_and_the_genitive_is_not_the_accusative() -> None:
    for key in [k for k in EN if k.startswith(("colour.", "type.")) and ":" not in k]:
        kind = key.split(".")[0]
        for case in CASES["pl"] if kind == "type" else ("gen",):
            assert f"{key}:{case}" in PL, (key, case)
    assert type_name("dragon_breeder", "pl", "gen") == "Hodowcy Smoków"
    assert type_name("dragon_breeder", "pl", "acc") == "Hodowcę Smoków"
    assert type_name("astrologer", "en", "a") == "an Astrologer"
    from shangrila_widget.rules.messages import TYPE_NAMES

    assert TYPE_NAMES["pl_gen"]["dragon_breeder"] == "Hodowcy Smoków"
    assert TYPE_NAMES["pl_acc"]["dragon_breeder"] == "Hodowcę Smoków"


def test_the_letters_are_the_initials_of_the_names_in_each_language() -> None:
    assert {t: type_letter(t, "en") for t in MASTER_TYPES} == TYPE_LETTERS
    for lang in LANGUAGES:
        letters = [type_letter(t, lang) for t in MASTER_TYPES]
        assert len(set(letters)) == 7, (lang, letters)
        assert all(type_name(t, lang).startswith(type_letter(t, lang)) for t in MASTER_TYPES)
    assert "".join(type_letter(t, "pl") for t in MASTER_TYPES) == "PAHKZSU"
    english_only = set(TYPE_LETTERS.values()) - {type_letter(t, "pl") for t in MASTER_TYPES}
    assert english_only == {"R", "D", "Y", "F"}


def _unknown_language_calls() -> dict[str, Callable[[str], object]]:
    from shangrila_widget.bots import hint, review
    from shangrila_widget.render.accessible import position_title
    from shangrila_widget.render.legend import legend_scene
    from shangrila_widget.render.scene import build_scene
    from shangrila_widget.rules import GameRecord
    from shangrila_widget.rules.actions import parse_action
    from shangrila_widget.rules.messages import action_words, rule_text

    pos = Position.new_game(["red", "blue", "yellow"])
    return {
        "say": lambda lang: say("ui.cancelled", lang),  # type: ignore[arg-type]
        "refusal": lambda lang: pos.check("journey A B").message(lang),  # type: ignore[union-attr,arg-type]
        "action_words": lambda lang: action_words(parse_action("pass"), lang),  # type: ignore[arg-type]
        "rule_text": lambda lang: rule_text("PEACE", lang),  # type: ignore[arg-type]
        "scene": lambda lang: build_scene(pos, lang=lang),
        "title": lambda lang: position_title(pos, lang),
        "legend": lambda lang: legend_scene(lang),
        "hint": lambda lang: hint(pos, level="easy", lang=lang),  # type: ignore[arg-type]
        "review": lambda lang: review(GameRecord(pos), lang=lang),  # type: ignore[arg-type]
        "error": lambda lang: LanguageError("x", LANGUAGES).text(lang),  # type: ignore[arg-type]
    }


@pytest.mark.parametrize("call", sorted(_unknown_language_calls()))
def test_an_unknown_language_is_one_error_naming_it_and_the_known_ones(call: str) -> None:
    with pytest.raises(LanguageError) as caught:
        _unknown_language_calls()[call]("de")
    assert str(caught.value) == "unknown language 'de': known languages are 'en' and 'pl'"
    assert caught.value.text("pl") == "nieznany język 'de': znane języki to 'en' i 'pl'"

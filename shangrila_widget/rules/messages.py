"""Every sentence the engine says, in English and Polish, and the rules reference.

Messages are templates filled with an event's or refusal's facts. Colours and master types
are named in the chosen language; Polish templates ask for the case they need with a suffix
(``{owner_gen}``: "Czerwonego", ``{type_acc}``: "Uzdrowiciela").

>>> render("no_supply", {"player": "blue", "type": "healer"}, "en")
'Blue has no Healer left in supply.'
>>> render("no_supply", {"player": "blue", "type": "healer"}, "pl")
'Gracz Niebieski nie ma już w zapasie żetonu Uzdrowiciela.'
>>> rule_title("PEACE", "pl")
'Wioski w pokoju'
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Final, Literal

from shangrila_widget.rules.errors import ShangrilaError, excerpt

Language = Literal["en", "pl"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "pl")

COLOUR_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {"red": "Red", "blue": "Blue", "yellow": "Yellow", "violet": "Violet"},
    "pl": {"red": "Czerwony", "blue": "Niebieski", "yellow": "Żółty", "violet": "Fioletowy"},
    "pl_gen": {
        "red": "Czerwonego",
        "blue": "Niebieskiego",
        "yellow": "Żółtego",
        "violet": "Fioletowego",
    },
}
TYPE_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "rainmaker": "Rainmaker",
        "astrologer": "Astrologer",
        "dragon_breeder": "Dragon Breeder",
        "priest": "Priest",
        "yeti_whisperer": "Yeti Whisperer",
        "firekeeper": "Firekeeper",
        "healer": "Healer",
    },
    "pl": {
        "rainmaker": "Przywoływacz Deszczu",
        "astrologer": "Astrolog",
        "dragon_breeder": "Hodowca Smoków",
        "priest": "Kapłan",
        "yeti_whisperer": "Zaklinacz Yeti",
        "firekeeper": "Strażnik Ognia",
        "healer": "Uzdrowiciel",
    },
    # genitive = accusative for these masculine persons
    "pl_gen": {
        "rainmaker": "Przywoływacza Deszczu",
        "astrologer": "Astrologa",
        "dragon_breeder": "Hodowcę Smoków",
        "priest": "Kapłana",
        "yeti_whisperer": "Zaklinacza Yeti",
        "firekeeper": "Strażnika Ognia",
        "healer": "Uzdrowiciela",
    },
}
# Hodowca is the one whose genitive (Hodowcy) and accusative (Hodowcę) differ.
_TYPE_PL_GENITIVE_ONLY: Final = {"dragon_breeder": "Hodowcy Smoków"}

_COLOUR_KEYS: Final = ("player", "owner", "colour", "to_move")
_TYPE_KEYS: Final = ("type",)

TEMPLATES: Final[dict[str, dict[Language, str]]] = {
    # ------------------------------------------------------------------ refusals
    "not_your_turn": {
        "en": "It is {to_move}'s turn, not {player}'s.",
        "pl": "Teraz kolej gracza {to_move_gen}, nie gracza {player_gen}.",
    },
    "game_over": {
        "en": "The game is over: no more actions can be taken.",
        "pl": "Gra jest zakończona: nie można już wykonać żadnej akcji.",
    },
    "out_of_play": {
        "en": "Village {village} is out of play in a three-player game.",
        "pl": "W grze trzyosobowej wioska {village} nie bierze udziału w rozgrywce.",
    },
    "at_peace": {
        "en": "Village {village} has a Stone of the Wise Men: it is at peace and nothing "
        "may happen there any more.",
        "pl": "Na wiosce {village} leży Kamień Mędrców: panuje tam pokój i nic już się w niej "
        "nie wydarzy.",
    },
    "setup_type_used": {
        "en": "{player} has already placed {type_a} during set-up; the seven set-up masters "
        "must all be of different types.",
        "pl": "Gracz {player} rozmieścił już {type_acc}; siedmiu Mistrzów z rozmieszczania "
        "musi mieć różne dziedziny.",
    },
    "space_taken": {
        "en": "The {type} space in village {village} is already taken by {owner}'s master.",
        "pl": "Pole {type_gen} w wiosce {village} zajmuje już Mistrz gracza {owner_gen}.",
    },
    "setup_cap_colour": {
        "en": "During set-up a village may hold at most {limit} master(s) of one colour, and "
        "{player} already has that many in village {village}.",
        "pl": "Podczas rozmieszczania w wiosce może być najwyżej {limit} (Mistrzów jednego "
        "koloru), a gracz {player} ma już tylu w wiosce {village}.",
    },
    "setup_cap_total": {
        "en": "During set-up a village may hold at most {limit} masters, and village "
        "{village} is full.",
        "pl": "Podczas rozmieszczania w wiosce może być najwyżej {limit} Mistrzów (łącznie), "
        "a wioska {village} ma już tylu.",
    },
    "no_supply": {
        "en": "{player} has no {type} left in supply.",
        "pl": "Gracz {player} nie ma już w zapasie żetonu {type_gen}.",
    },
    "no_presence": {
        "en": "{player} has no master in village {village} yet; a new master may only join a "
        "village where its player already has one.",
        "pl": "Gracz {player} nie ma jeszcze Mistrza w wiosce {village}; nowego Mistrza można "
        "umieścić tylko tam, gdzie ma się już własnego.",
    },
    "setup_only_place": {
        "en": "{player} may only place masters during set-up.",
        "pl": "Gracz {player}: podczas rozmieszczania Mistrzów można tylko umieszczać Mistrzów.",
    },
    "recruit_count": {
        "en": "Recruiting brings one or two students onto the board, not {count}.",
        "pl": "Znalezienie Uczniów wprowadza na planszę jednego lub dwóch Uczniów, nie {count}.",
    },
    "same_master_twice": {
        "en": "Both students would go onto the same {type} master in village {village}; a "
        "master holds only one student.",
        "pl": "Obaj Uczniowie trafiliby na tego samego Mistrza ({type}) w wiosce {village}; "
        "Mistrz może mieć tylko jednego Ucznia.",
    },
    "no_master_here": {
        "en": "No master stands on the {type} space of village {village} to take a student.",
        "pl": "Na polu {type_gen} w wiosce {village} nie ma Mistrza, który mógłby przyjąć Ucznia.",
    },
    "not_own_master": {
        "en": "The {type} master in village {village} is {owner}'s; students go only onto "
        "their own player's masters.",
        "pl": "{type} w wiosce {village} należy do gracza {owner_gen}; Uczniów kładzie się "
        "tylko na własnych Mistrzach.",
    },
    "master_has_student": {
        "en": "{player}'s {type} master in village {village} already has a student.",
        "pl": "{type} gracza {player_gen} w wiosce {village} ma już Ucznia.",
    },
    "recruit_supply": {
        "en": "{player} has {have} {type} tile(s) in supply but {needed} are needed.",
        "pl": "Gracz {player}: w zapasie zostało {have} (dziedzina: {type}), a potrzeba {needed}.",
    },
    "same_village": {
        "en": "A journey must cross a bridge into another village.",
        "pl": "Podróż musi prowadzić przez most do innej wioski.",
    },
    "not_neighbours": {
        "en": "Villages {origin} and {destination} are not joined by a bridge.",
        "pl": "Wioski {origin} i {destination} nie są połączone mostem.",
    },
    "bridge_gone": {
        "en": "The bridge between {origin} and {destination} has already collapsed.",
        "pl": "Most między wioskami {origin} i {destination} jest już zniszczony.",
    },
    "no_student": {
        "en": "{player} has no student in village {origin}; a journey needs at least one of "
        "the player's own students in the start village.",
        "pl": "Gracz {player} nie ma Ucznia w wiosce {origin}; do podróży potrzeba co najmniej "
        "jednego własnego Ucznia w wiosce startowej.",
    },
    "cannot_pass": {
        "en": "{player} may not pass while an action is legal ({count} are, for example "
        "'{example}').",
        "pl": "Gracz {player} nie może pasować, gdy ma legalną akcję (ma ich {count}, np. "
        "„{example}”).",
    },
    # ------------------------------------------------------------------ events
    "placed": {
        "en": "{player} places {type_a} master in village {village}.",
        "pl": "Gracz {player} umieszcza {type_acc} w wiosce {village}.",
    },
    "setup_over": {
        "en": "Set-up is complete; {player} takes the first action turn.",
        "pl": "Rozmieszczanie Mistrzów zakończone; pierwszą akcję wykonuje gracz {player}.",
    },
    "recruited": {
        "en": "{player} recruits {type_a} student onto their master in village {village}.",
        "pl": "Gracz {player} kładzie Ucznia na swoim Mistrzu ({type}) w wiosce {village}.",
    },
    "journey": {
        "en": "{player} starts a journey from {origin} to {destination}; every student in "
        "{origin} travels: {travellers}.",
        "pl": "Gracz {player} rozpoczyna Podróż Uczniów z wioski {origin} do wioski "
        "{destination}; wędrują wszyscy Uczniowie z {origin}: {travellers}.",
    },
    "strength:JOURNEY-STRENGTH": {
        "en": "Strength {origin_strength} in {origin} against {destination_strength} in "
        "{destination}: {stronger} is stronger (situation {situation}).",
        "pl": "Siła wioski {origin}: {origin_strength}, siła wioski {destination}: "
        "{destination_strength}; silniejsza jest wioska {stronger} (sytuacja {situation}).",
    },
    "strength:JOURNEY-TIE-MASTERS": {
        "en": "Both villages have strength {origin_strength}; {stronger} has more masters "
        "({origin_masters} in {origin} against {destination_masters} in {destination}) and "
        "is stronger (situation {situation}).",
        "pl": "Obie wioski mają siłę {origin_strength}; wioska {stronger} ma więcej Mistrzów "
        "({origin}: {origin_masters}, {destination}: {destination_masters}), więc jest "
        "silniejsza (sytuacja {situation}).",
    },
    "strength:JOURNEY-TIE-DEFENDER": {
        "en": "Both villages have strength {origin_strength} and {origin_masters} masters; on "
        "a full tie the destination {destination} is stronger (situation 2).",
        "pl": "Obie wioski mają siłę {origin_strength} i tyle samo Mistrzów ({origin_masters}); "
        "przy pełnym remisie silniejsza jest wioska docelowa {destination} (sytuacja 2).",
    },
    "traveller:J-EMPTY": {
        "en": "{colour}'s {type} student finds the space in {destination} empty and becomes a "
        "master there.",
        "pl": "Uczeń {type_gen} ({colour}) zastaje w wiosce {destination} wolne pole i zostaje "
        "tam Mistrzem.",
    },
    "traveller:J1-OWN": {
        "en": "{colour}'s {type} student joins its own master in {destination} and stays a "
        "student there.",
        "pl": "Uczeń {type_gen} ({colour}) dołącza w wiosce {destination} do własnego Mistrza "
        "i zostaje jego Uczniem.",
    },
    "traveller:J1-OWN-FULL": {
        "en": "{colour}'s {type} master in {destination} already has a student, so the "
        "arriving one goes back to supply.",
        "pl": "Mistrz {type} ({colour}) w wiosce {destination} ma już Ucznia, więc przybysz "
        "wraca do zapasu.",
    },
    "traveller:J1-OTHER": {
        "en": "{colour}'s {type} student drives {owner}'s master out of {destination} (back to "
        "supply) and becomes the master there.",
        "pl": "Uczeń {type_gen} ({colour}) wypiera z wioski {destination} Mistrza gracza "
        "{owner_gen} (wraca do zapasu) i sam zostaje tam Mistrzem.",
    },
    "traveller:J1-OTHER/student": {
        "en": "{colour}'s {type} student drives {owner}'s master and its student out of "
        "{destination} (both back to supply) and becomes the master there.",
        "pl": "Uczeń {type_gen} ({colour}) wypiera z wioski {destination} Mistrza i Ucznia "
        "gracza {owner_gen} (oba żetony wracają do zapasu) i sam zostaje tam Mistrzem.",
    },
    "traveller:J2-OCCUPIED": {
        "en": "{colour}'s {type} student finds the space in the stronger village "
        "{destination} taken and goes back to supply.",
        "pl": "Uczeń {type_gen} ({colour}) zastaje zajęte pole w silniejszej wiosce "
        "{destination} i wraca do zapasu.",
    },
    "bridge": {
        "en": "The bridge {a}-{b} collapses.",
        "pl": "Most {a}-{b} zostaje zniszczony.",
    },
    "stone": {
        "en": "Village {village} has no bridge left and receives a Stone of the Wise Men "
        "({count} of 12).",
        "pl": "Wioska {village} nie ma już żadnego mostu i otrzymuje Kamień Mędrców ({count} "
        "z 12).",
    },
    "skipped": {
        "en": "{player} has no legal set-up placement and skips it; the tile stays in supply.",
        "pl": "Gracz {player} nie może umieścić żadnego Mistrza i pomija ten ruch "
        "rozmieszczania; żeton zostaje w zapasie.",
    },
    "passed": {
        "en": "{player} has no legal action and passes ({in_a_row} in a row).",
        "pl": "Gracz {player} nie ma żadnej legalnej akcji i pasuje ({in_a_row}. raz z rzędu).",
    },
    "game_over:END": {
        "en": "The last bridge is gone: the game is over.",
        "pl": "Ostatni most został zniszczony: Koniec gry.",
    },
    "game_over:END-ELEVEN": {
        "en": "The 11th stone lies on the board: the game is over (option END-ELEVEN).",
        "pl": "Na planszy leży 11. Kamień Mędrców: Koniec gry (wariant END-ELEVEN).",
    },
    "game_over:END-STALL": {
        "en": "Every player in turn had to pass: the game is over.",
        "pl": "Wszyscy gracze po kolei musieli spasować: Koniec gry.",
    },
    "score:SCORE": {
        "en": "Masters on the board: {scores}. Most masters wins: {winners}.",
        "pl": "Mistrzowie na planszy: {scores}. Wygrywa najwięcej Mistrzów: {winners}.",
    },
    "score:SCORE-TIE": {
        "en": "Masters on the board: {scores}. A tie on masters is broken by villages: {winners}.",
        "pl": "Mistrzowie na planszy: {scores}. Remis w Mistrzach rozstrzygają wioski: {winners}.",
    },
}

_FORMATTER: Final = string.Formatter()


def _localise(key: str, value: Any, lang: Language) -> dict[str, str]:
    """The template fields one fact fills, with the Polish case variants."""
    fields: dict[str, str] = {}
    if key in _COLOUR_KEYS and isinstance(value, str):
        fields[key] = COLOUR_NAMES[lang][value]
        fields[f"{key}_gen"] = COLOUR_NAMES["pl_gen" if lang == "pl" else lang][value]
    elif key in _TYPE_KEYS and isinstance(value, str):
        fields[key] = TYPE_NAMES[lang][value]
        if lang == "pl":
            fields[f"{key}_acc"] = TYPE_NAMES["pl_gen"][value]
            fields[f"{key}_gen"] = _TYPE_PL_GENITIVE_ONLY.get(value, TYPE_NAMES["pl_gen"][value])
        else:
            fields[f"{key}_acc"] = fields[f"{key}_gen"] = fields[key]
        article = "an" if lang == "en" and fields[key][0] in "AEIOU" else "a"
        fields[f"{key}_a"] = f"{article} {fields[key]}" if lang == "en" else fields[key]
    elif key == "travellers":
        fields[key] = ", ".join(
            f"{COLOUR_NAMES[lang][c]} {TYPE_NAMES[lang][t]}"
            if lang == "en"
            else f"{TYPE_NAMES[lang][t]} ({COLOUR_NAMES[lang][c]})"
            for c, t in value
        )
    elif key == "scores":
        fields[key] = ", ".join(
            f"{COLOUR_NAMES[lang][c]} {m} in {v} village{'' if v == 1 else 's'}"
            if lang == "en"
            else f"{COLOUR_NAMES[lang][c]} {m} (wioski: {v})"
            for c, (m, v) in value.items()
        )
    elif key == "winners":
        joiner = " and " if lang == "en" else " i "
        names = joiner.join(COLOUR_NAMES[lang][c] for c in value)
        shared = len(value) > 1
        fields[key] = names + (
            (" (shared win)" if lang == "en" else " (wspólne zwycięstwo)") if shared else ""
        )
    else:
        fields[key] = str(value)
    return fields


def render(key: str, params: Mapping[str, Any], lang: Language = "en") -> str:
    """Fill the template ``key`` with ``params`` in ``lang`` (``"en"`` or ``"pl"``)."""
    if lang not in LANGUAGES:
        raise ShangrilaError(f"unknown language {excerpt(lang)}: expected 'en' or 'pl'")
    template = TEMPLATES[key][lang]
    fields: dict[str, str] = {}
    for name, value in params.items():
        fields.update(_localise(name, value, lang))
    return _FORMATTER.vformat(template, (), fields)


def event_template_key(kind: str, rule: str, params: Mapping[str, Any]) -> str:
    """The template of an event: by kind, refined by rule where the wording differs."""
    key = f"{kind}:{rule}"
    if key not in TEMPLATES:
        return kind
    if params.get("had_student") and f"{key}/student" in TEMPLATES:
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
    for entry in rules_reference():
        if entry["id"] == rule:
            return str(entry["text"][lang])
    raise KeyError(rule)


def rule_title(rule: str, lang: Language = "en") -> str:
    """The rule's short title."""
    for entry in rules_reference():
        if entry["id"] == rule:
            return str(entry["title"][lang])
    raise KeyError(rule)


_ACTION_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "place": "a new {type} master in village {village}",
        "student": "a {type} student in village {village}",
        "recruit": "a recruit: {students}",
        "and": " and ",
        "journey": "a journey from village {origin} to village {destination}",
        "pass": "a pass",
    },
    "pl": {
        "place": "nowy Mistrz {type} w wiosce {village}",
        "student": "Uczeń {type} w wiosce {village}",
        "recruit": "werbunek: {students}",
        "and": " i ",
        "journey": "podróż z wioski {origin} do wioski {destination}",
        "pass": "pas",
    },
}


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
    from shangrila_widget.rules.actions import Journey, Pass, Place, Recruit

    if lang not in LANGUAGES:
        raise ShangrilaError(f"unknown language {excerpt(lang)}: expected 'en' or 'pl'")
    words = _ACTION_WORDS[lang]
    names = TYPE_NAMES[lang]
    if isinstance(action, Place):
        return words["place"].format(type=names[action.type], village=action.village)
    if isinstance(action, Recruit):
        students = words["and"].join(
            words["student"].format(type=names[kind], village=village)
            for kind, village in action.students
        )
        return words["recruit"].format(students=students)
    if isinstance(action, Journey):
        return words["journey"].format(origin=action.origin, destination=action.destination)
    if isinstance(action, Pass):
        return words["pass"]
    raise ShangrilaError(f"expected an action, got {excerpt(action)}")

"""Hints: the best few actions, each with a win chance and a reason in words (EN and PL).

A reason is built from what the action does: the engine's own events and rule ids (which
spaces a journey wins, which bridge collapses and which village it cuts off), and what
changes for the player (masters and villages, villages made safe from a journey or exposed
to one, a student recruited for a stronger journey next turn).

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
>>> found = hint(pos, iterations=30, seed=1)
>>> found.player, len(found.candidates) <= 3, found.action == found.candidates[0].action
('red', True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shangrila_widget.bots.levels import check_budget, check_level, check_seed, search
from shangrila_widget.bots.search import threat_masks, win_chances
from shangrila_widget.rules.actions import Action, Journey, Place, Recruit
from shangrila_widget.rules.board import (
    COLOUR_INDEX,
    VILLAGE_BRIDGES,
    VILLAGE_INDEX,
    VILLAGES,
    Colour,
)
from shangrila_widget.rules.codes import OVER, STUDENT_OFFSET
from shangrila_widget.rules.engine import (
    apply_unchecked,
    legal_actions,
    origin_is_stronger,
    play,
)
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import COLOUR_NAMES, TYPE_NAMES, Language
from shangrila_widget.rules.results import Event

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


@dataclass(frozen=True)
class Candidate:
    """One suggested action: the mover's estimated win chance after it, and why."""

    action: Action
    win_chance: float
    visits: int
    reason: str
    rules: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the action's text, the chance (3 decimals), visits, reason, rule ids."""
        return {
            "action": str(self.action),
            "win_chance": round(self.win_chance, 3),
            "visits": self.visits,
            "reason": self.reason,
            "rules": list(self.rules),
        }


@dataclass(frozen=True)
class Hint:
    """The suggested action for ``player`` and the ranked candidates (best first)."""

    player: Colour
    action: Action
    candidates: tuple[Candidate, ...]
    win_chances: dict[Colour, float]
    level: str
    iterations: int
    lang: Language

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what the ``hint`` command prints)."""
        return {
            "player": self.player,
            "action": str(self.action),
            "level": self.level,
            "iterations": self.iterations,
            "win_chances": {c: round(p, 3) for c, p in self.win_chances.items()},
            "candidates": [c.to_dict() for c in self.candidates],
            "lang": self.lang,
        }


# ----------------------------------------------------------------------------- words

_TYPE_GEN_PL = {**TYPE_NAMES["pl_gen"], "dragon_breeder": "Hodowcy Smoków"}


def _colour(colour: str, lang: Language, case: str = "") -> str:
    if lang == "pl":
        return COLOUR_NAMES["pl_gen" if case == "gen" else "pl"][colour]
    return COLOUR_NAMES["en"][colour]


def _type(master_type: str, lang: Language, case: str = "") -> str:
    if lang == "pl":
        if case == "acc":
            return TYPE_NAMES["pl_gen"][master_type]
        if case == "gen":
            return _TYPE_GEN_PL[master_type]
        return TYPE_NAMES["pl"][master_type]
    return TYPE_NAMES["en"][master_type]


def _villages_list(villages: list[str], lang: Language) -> str:
    if len(villages) == 1:
        return villages[0]
    joiner = " i " if lang == "pl" else " and "
    return ", ".join(villages[:-1]) + joiner + villages[-1]


def _mask_villages(mask: int) -> list[str]:
    return sorted({VILLAGES[i // 7] for i in range(91) if mask >> i & 1})


#: The hint's sentences, one template per language; each call passes every form a language
#: may need (an English article, a Polish case) and each template takes the ones it uses.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "place": "Places {a} {type} master in village {village}.",
        "recruit": "Recruits {a} {type} student in village {village}.",
        "next_journey": "Next turn a journey from {origin} to {to} would start from the "
        "stronger village ({rule}) and win {gain} space(s).",
        "only_pass": "No other action is legal.",
        "counts": "Masters: {m0} → {m1}, villages held: {v0} → {v1}.",
        "safe": "Makes {villages} safe from a journey.",
        "exposed": "Careful: a journey could then take {n} master(s) in {villages}.",
        "ends": "This ends the game ({rule}); the winner: {names}.",
        "stronger_start": "{origin} is stronger than {destination} ({rule}).",
        "stronger_end": "{destination} is stronger than {origin} ({rule}): the students only "
        "fill empty spaces.",
        "spaces_won": "It wins {n} space(s) in {destination}.",
        "takes": "It takes {owner}'s {type} space (J1-OTHER).",
        "bounced": "{n} student(s) go back to supply.",
        "collapse": "The bridge {origin}–{destination} collapses (BRIDGE-COLLAPSE).",
        "stone": "Village {village} is cut off and gets a stone (STONE).",
    },
    "pl": {
        "place": "Umieszcza {type_acc} w wiosce {village}.",
        "recruit": "Kładzie Ucznia na swoim Mistrzu ({type}) w wiosce {village}.",
        "next_journey": "W następnej turze Podróż z wioski {origin} do wioski {to} wyruszyłaby "
        "z silniejszej wioski ({rule}) i zdobyłaby pola: {gain}.",
        "only_pass": "Nie ma innej legalnej akcji.",
        "counts": "Mistrzów: {m0} → {m1}, wiosek z Mistrzem gracza: {v0} → {v1}.",
        "safe": "Mistrzowie w {where} {villages} są odtąd bezpieczni przed Podróżą.",
        "exposed": "Uwaga: Podróż mogłaby odebrać Mistrzów w {where} {villages} "
        "(zagrożonych: {n}).",
        "ends": "To kończy grę ({rule}); wygrywa: {names}.",
        "stronger_start": "Wioska {origin} jest silniejsza od wioski {destination} ({rule}).",
        "stronger_end": "Wioska {destination} jest silniejsza od wioski {origin} ({rule}): "
        "Uczniowie zajmą tylko wolne pola.",
        "spaces_won": "Nowi Mistrzowie gracza w wiosce {destination}: {n}.",
        "takes": "Zajmuje pole {type_gen} należące do gracza {owner_gen} (J1-OTHER).",
        "bounced": "Uczniowie wracający do zapasu: {n}.",
        "collapse": "Most {origin}–{destination} zawali się (BRIDGE-COLLAPSE).",
        "stone": "Wioska {village} zostaje odcięta i dostaje Kamień Mędrców (STONE).",
    },
}


def _said(lang: Language, key: str, **params: object) -> str:
    return _WORDS[lang][key].format(**params)


def _type_forms(master_type: str, lang: Language) -> dict[str, str]:
    """A master type's name with its English article and its Polish accusative."""
    name = _type(master_type, lang)
    article = "an" if name[0] in "AEIOU" else "a"
    return {"type": name, "a": article, "type_acc": _type(master_type, lang, "acc")}


def _villages_forms(villages: list[str], lang: Language) -> dict[str, str]:
    """A list of villages in words, and the Polish 'in village(s)' that goes before it."""
    where = "wioskach" if len(villages) > 1 else "wiosce"
    return {"villages": _villages_list(villages, lang), "where": where}


def _journey_words(events: tuple[Event, ...], player: str, lang: Language) -> list[str]:
    strength = next(e for e in events if e.kind == "strength")
    route = {"origin": strength.params["origin"], "destination": strength.params["destination"]}
    stronger = "stronger_start" if strength.params["situation"] == 1 else "stronger_end"
    words = [_said(lang, stronger, rule=strength.rule, **route)]
    won = [e for e in events if e.kind == "traveller" and e.params["colour"] == player]
    gained = [e for e in won if e.rule in ("J-EMPTY", "J1-OTHER")]
    bounced = [e for e in won if e.rule in ("J2-OCCUPIED", "J1-OWN-FULL")]
    if gained:
        words.append(_said(lang, "spaces_won", n=len(gained), **route))
    for e in won:
        if e.rule == "J1-OTHER":
            owner, kind = e.params["owner"], e.params["type"]
            words.append(
                _said(
                    lang,
                    "takes",
                    owner=_colour(owner, lang),
                    owner_gen=_colour(owner, lang, "gen"),
                    type=_type(kind, lang),
                    type_gen=_type(kind, lang, "gen"),
                )
            )
    if bounced:
        words.append(_said(lang, "bounced", n=len(bounced)))
    words.append(_said(lang, "collapse", **route))
    for e in events:
        if e.kind == "stone":
            words.append(_said(lang, "stone", village=e.params["village"]))
    return words


def _next_journey(after: Position, village: str, colour: int) -> tuple[str, int, str] | None:
    """The best journey from ``village`` for ``colour`` on its next turn: (destination,
    spaces won, strength rule), if one wins anything as the stronger side."""
    v = VILLAGE_INDEX[village]
    best: tuple[str, int, str] | None = None
    packed = after.packed
    cells = packed.cells
    for b, w in VILLAGE_BRIDGES[v]:
        if not packed.bridges >> b & 1 or packed.stones >> w & 1:
            continue
        stronger, rule = origin_is_stronger(cells, v, w)
        if not stronger:
            continue
        gain = 0
        for t in range(7):
            code = cells[v * 7 + t]
            if code == colour + 1 + STUDENT_OFFSET:
                there = cells[w * 7 + t]
                if not there or (there - 1) & 3 != colour:
                    gain += 1
        if gain and (best is None or gain > best[1]):
            best = (VILLAGES[w], gain, rule)
    return best


def explain_action(
    before: Position, action: Action | str, lang: Language = "en"
) -> tuple[str, tuple[str, ...]]:
    """Why a legal action matters, in words, and the rule ids of its events.

    ``action`` is an action or its text (like ``"journey A B"``). An action the rules refuse
    raises :class:`~shangrila_widget.rules.errors.IllegalActionError` naming the rule, a
    malformed text :class:`~shangrila_widget.rules.errors.ActionParseError`, and a value
    that is neither :class:`TypeError`.
    """
    if lang not in ("en", "pl"):
        raise ShangrilaError(f"unknown language {excerpt(lang)}: expected en or pl")
    outcome = play(before, action)
    action, after, events = outcome.action, outcome.position, outcome.events
    player = before.to_move
    colour = COLOUR_INDEX[player]
    words: list[str] = []
    if isinstance(action, Place):
        words.append(_said(lang, "place", village=action.village, **_type_forms(action.type, lang)))
    elif isinstance(action, Recruit):
        for t, v in action.students:
            words.append(_said(lang, "recruit", village=v, **_type_forms(t, lang)))
        for v in dict.fromkeys(v for _, v in action.students):
            found = _next_journey(after, v, colour)
            if found:
                w, gain, rule = found
                words.append(_said(lang, "next_journey", origin=v, to=w, rule=rule, gain=gain))
    elif isinstance(action, Journey):
        words += _journey_words(events, player, lang)
    else:
        words.append(_said(lang, "only_pass"))
    counts = {
        "m0": before.masters_of(player),
        "v0": before.villages_of(player),
        "m1": after.masters_of(player),
        "v1": after.villages_of(player),
    }
    if (counts["m1"], counts["v1"]) != (counts["m0"], counts["v0"]):
        words.append(_said(lang, "counts", **counts))
    if after.packed.phase != OVER:
        threat_before = threat_masks(before)[0][colour]
        threat_after = threat_masks(after)[0][colour]
        safe = _mask_villages(threat_before & ~threat_after)
        exposed_mask = threat_after & ~threat_before
        exposed = _mask_villages(exposed_mask)
        if safe:
            words.append(_said(lang, "safe", **_villages_forms(safe, lang)))
        if exposed:
            count = exposed_mask.bit_count()
            words.append(_said(lang, "exposed", n=count, **_villages_forms(exposed, lang)))
    else:
        score = next(e for e in events if e.kind == "score")
        names = ", ".join(_colour(c, lang) for c in score.params["winners"])
        words.append(_said(lang, "ends", rule=score.rule, names=names))
    rules = tuple(dict.fromkeys(e.rule for e in events))
    return " ".join(words), rules


def hint(
    position: Position,
    *,
    level: str = "hard",
    seconds: float | None = None,
    lang: Language = "en",
    iterations: int | None = None,
    seed: int | None = None,
    count: int = 3,
) -> Hint:
    """Rank the best ``count`` actions of the player to move (see the module docstring).

    The search is the bot of ``level`` with its default budget unless ``seconds`` or
    ``iterations`` is given; ``random`` and ``easy`` rank by the one-move evaluation.
    Raises :class:`ShangrilaError` once the game is over.
    """
    check_level(level)
    check_budget(iterations, seconds)
    check_seed(seed)
    if lang not in ("en", "pl"):
        raise ShangrilaError(f"unknown language {excerpt(lang)}: expected en or pl")
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count: expected a whole number, got {excerpt(count)}")
    if count < 1:
        raise ShangrilaError(f"count must be a whole number >= 1, not {excerpt(count)}")
    actions = legal_actions(position)
    if not actions:
        raise ShangrilaError("the game is over: there is nothing to suggest")
    seat = position.packed.turn
    players = list(position.players)
    ranked: list[tuple[Action, float, int]]
    done = 0
    if len(actions) == 1 or level in ("random", "easy"):
        scored = [(a, win_chances(apply_unchecked(position, a))[seat], 0) for a in actions]
        random.Random(seed).shuffle(scored)
        scored.sort(key=lambda s: -s[1])
        ranked = scored
        chances = win_chances(position)
    else:
        found = search(position, level=level, iterations=iterations, seconds=seconds, seed=seed)
        ranked = [(a, node.mean(seat), node.visits) for a, node in found.ranked() if node.visits]
        chances = found.root_chances()
        done = found.iterations
    candidates = []
    for action, chance, visits in ranked[:count]:
        reason, rules = explain_action(position, action, lang)
        candidates.append(Candidate(action, chance, visits, reason, rules))
    return Hint(
        player=players[seat],
        action=candidates[0].action,
        candidates=tuple(candidates),
        win_chances=dict(zip(players, chances)),
        level=level,
        iterations=done,
        lang=lang,
    )


__all__ = ["Candidate", "Hint", "explain_action", "hint"]

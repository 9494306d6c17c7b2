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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shangrila_widget.bots.evaluation import threat_masks
from shangrila_widget.bots.levels import HINT_BOT, BotSpec, bot_from
from shangrila_widget.bots.thinking import RankedAction, Thinker, Thought
from shangrila_widget.rules.actions import Action, Journey, Place, Recruit
from shangrila_widget.rules.applying import origin_is_stronger
from shangrila_widget.rules.board import (
    COLOUR_INDEX,
    VILLAGE_BRIDGES,
    VILLAGE_INDEX,
    VILLAGES,
    Colour,
)
from shangrila_widget.rules.codes import OVER, STUDENT_OFFSET
from shangrila_widget.rules.describe import describe
from shangrila_widget.rules.engine import apply_unchecked, legal_actions, play
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import (
    Joined,
    Language,
    Message,
    Words,
    action_message,
    check_language,
    problem,
)
from shangrila_widget.rules.results import Event

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position


@dataclass(frozen=True)
class Candidate:
    """One suggested action: the mover's estimated win chance after it, and why; the
    answers the search expects after it, and ``about_equal``: whether it is within the
    search's noise of the candidate its reason compares it with (the first candidate with
    the second, every other one with the first), as the reason says."""

    action: Action
    win_chance: float
    visits: int
    reason: str
    rules: tuple[str, ...]
    replies: tuple[Action, ...] = ()
    about_equal: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the action's text, the chance (3 decimals), visits, reason, rule ids,
        the expected replies' texts and whether it is about as good as the first."""
        return {
            "action": str(self.action),
            "win_chance": round(self.win_chance, 3),
            "visits": self.visits,
            "reason": self.reason,
            "rules": list(self.rules),
            "replies": [str(a) for a in self.replies],
            "about_equal": self.about_equal,
        }


@dataclass(frozen=True)
class Hint:
    """The suggested action for ``player`` and the ranked candidates (best first);
    ``win_chances``: every player's chance in the position as the thinking sees it, the
    chances after the suggested action (so ``win_chances[player]`` is the first candidate's
    ``win_chance``)."""

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


def _mask_villages(mask: int) -> list[str]:
    return sorted({VILLAGES[i // 7] for i in range(91) if mask >> i & 1})


def _said(key: str, **params: object) -> Message:
    """One of the hint's sentences (``hint.<key>`` in the package's words)."""
    return Message(f"hint.{key}", params)


def _journey_words(events: tuple[Event, ...], player: str) -> list[Message]:
    strength = next(e for e in events if e.kind == "strength")
    route = {"origin": strength.params["origin"], "destination": strength.params["destination"]}
    stronger = "stronger_start" if strength.params["situation"] == 1 else "stronger_end"
    words = [_said(stronger, rule=strength.rule, **route)]
    won = [e for e in events if e.kind == "traveller" and e.params["colour"] == player]
    gained = [e for e in won if e.rule in ("J-EMPTY", "J1-OTHER")]
    bounced = [e for e in won if e.rule in ("J2-OCCUPIED", "J1-OWN-FULL")]
    if gained:
        words.append(_said("spaces_won", n=len(gained), **route))
    for e in won:
        if e.rule == "J1-OTHER":
            words.append(_said("takes", owner=e.params["owner"], type=e.params["type"]))
    if bounced:
        words.append(_said("bounced", n=len(bounced)))
    words.append(_said("collapse", **route))
    for e in events:
        if e.kind == "stone":
            words.append(_said("stone", village=e.params["village"]))
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
    check_language(lang)
    outcome = play(before, action)
    reason, rules = action_reason(before, outcome.action)
    return reason.text(lang), rules


def action_reason(before: Position, action: Action) -> tuple[Joined, tuple[str, ...]]:
    """Why an action matters, as words to be said in any language, and the rule ids of its
    events."""
    after = apply_unchecked(before, action)
    events = describe(before, action, after)
    player = before.to_move
    colour = COLOUR_INDEX[player]
    words: list[Message] = []
    if isinstance(action, Place):
        words.append(_said("place", village=action.village, type=action.type))
    elif isinstance(action, Recruit):
        for t, v in action.students:
            words.append(_said("recruit", village=v, type=t))
        for v in dict.fromkeys(v for _, v in action.students):
            found = _next_journey(after, v, colour)
            if found:
                w, gain, rule = found
                words.append(_said("next_journey", origin=v, to=w, rule=rule, gain=gain))
    elif isinstance(action, Journey):
        words += _journey_words(events, player)
    else:
        words.append(_said("only_pass"))
    counts = {
        "m0": before.masters_of(player),
        "v0": before.villages_of(player),
        "m1": after.masters_of(player),
        "v1": after.villages_of(player),
    }
    if (counts["m1"], counts["v1"]) != (counts["m0"], counts["v0"]):
        words.append(_said("counts", **counts))
    if after.packed.phase != OVER:
        threat_before = threat_masks(before)[0][colour]
        threat_after = threat_masks(after)[0][colour]
        safe = _mask_villages(threat_before & ~threat_after)
        exposed_mask = threat_after & ~threat_before
        exposed = _mask_villages(exposed_mask)
        if safe:
            words.append(_said("safe", villages=safe))
        if exposed:
            words.append(_said("exposed", n=exposed_mask.bit_count(), villages=exposed))
    else:
        score = next(e for e in events if e.kind == "score")
        words.append(_said("ends", rule=score.rule, colour=list(score.params["winners"])))
    rules = tuple(dict.fromkeys(e.rule for e in events))
    return Joined(tuple(words)), rules


def hint(
    position: Position,
    bot: BotSpec | None = None,
    *,
    level: str | None = None,
    seconds: float | None = None,
    lang: Language = "en",
    iterations: int | None = None,
    seed: int | None = None,
    count: int = 3,
) -> Hint:
    """Rank the best ``count`` actions of the player to move (see the module docstring).

    ``bot``: a :class:`~shangrila_widget.bots.levels.Bot` or a level name, or for short its
    ``level``, ``seconds``, ``iterations`` and ``seed``; with neither a bot nor a level, the
    hints' own bot, :data:`~shangrila_widget.bots.levels.HINT_BOT` (``medium``'s search for
    0.8 s), the budget given replacing its own. The ranking is the bot's
    :class:`~shangrila_widget.bots.thinking.Thinker`, so the first candidate is the action
    :func:`~shangrila_widget.bots.choose_action` plays with the same bot. ``random`` and
    ``easy`` rank by the one-move evaluation. Each reason says what the action does, how it
    compares with the next candidate (about equal when the two are within the search's
    noise, as its ``about_equal`` says) and which answers the search expects after it.
    Raises :class:`ShangrilaError` once the game is over.
    """
    chosen = bot_from(bot, HINT_BOT, level=level, iterations=iterations, seconds=seconds, seed=seed)
    check_language(lang)
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count: expected a whole number, got {excerpt(count)}")
    if count < 1:
        raise ShangrilaError(problem("hint_count", value=excerpt(count)))
    if not legal_actions(position):
        raise ShangrilaError(problem("hint_over"))
    thought = Thinker(position, chosen).run()
    return hint_of(thought, lang=lang, count=count)


def _percent(chance: float) -> int:
    return round(100 * chance)


def comparison(line: RankedAction, other: RankedAction, equal: bool) -> Message:
    """How ``line`` compares with ``other``: about equal (``equal``), better or less good."""
    params = {
        "other": action_message(other.action),
        "chance": _percent(line.value),
        "other_chance": _percent(other.value),
    }
    if equal:
        return _said("about_equal", **params)
    return _said("better_than" if line.value > other.value else "worse_than", **params)


def expected_replies(position: Position, replies: Sequence[Action]) -> Message | None:
    """The answers the search expects after an action, in words (None without any)."""
    if not replies:
        return None
    after = position
    items: list[Message] = []
    for action in replies:
        items.append(_said("reply_item", colour=after.to_move, action=action_message(action)))
        after = apply_unchecked(after, action)
    return _said("expected", replies=items)


def hint_of(thought: Thought, *, lang: Language = "en", count: int = 3) -> Hint:
    """The hint of a finished (or partial) thought: its first ``count`` lines with reasons."""
    position = thought.position
    players = list(position.players)
    lines = thought.lines[:count]
    candidates = []
    for k, line in enumerate(lines):
        reason, rules = action_reason(position, line.action)
        parts: list[Words] = [reason]
        # the first is compared with the second, the others with the first
        other = lines[1] if k == 0 and len(lines) > 1 else lines[0] if k else None
        equal = other is not None and thought.about_equal(line, other)
        if other is not None:
            parts.append(comparison(line, other, equal))
        after = apply_unchecked(position, line.action)
        replies = expected_replies(after, line.replies)
        if replies is not None:
            parts.append(replies)
        candidates.append(
            Candidate(
                line.action,
                line.value,
                line.visits,
                Joined(tuple(parts)).text(lang),
                rules,
                line.replies,
                equal,
            )
        )
    return Hint(
        player=players[position.packed.turn],
        action=candidates[0].action,
        candidates=tuple(candidates),
        win_chances=dict(zip(players, thought.chances)),
        level=thought.level,
        iterations=thought.iterations,
        lang=lang,
    )


__all__ = ["Candidate", "Hint", "explain_action", "hint", "hint_of"]

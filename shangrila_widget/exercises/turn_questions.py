"""The questions on a turn and on the end: may this action be played, who acts next, does a
round of passes end the game, and who wins a finished game; each wrong option right under a
misreading.

>>> from random import Random
>>> exercise = who_wins(Random(2), ("red", "blue", "yellow"), "x")
>>> exercise.kind, exercise.question.key
('who_wins', 'exercise.q_who_wins')
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from shangrila_widget.exercises.exercise import (
    Exercise,
    Option,
    distinct,
    finish,
    phrase,
)
from shangrila_widget.exercises.model import (
    MISREADINGS,
    Claims,
    legal_claims,
    turn_claims,
    winner_claims,
)
from shangrila_widget.exercises.positions import TRIES, random_position
from shangrila_widget.rules import BRIDGES, MASTER_TYPES, VILLAGES, Pass, Place, Position
from shangrila_widget.rules.refusing import refusing_rules

_SCORE_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind == "score")


_LEGAL_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind in ("legal", "turn"))
#: Legality misreadings that can only show during set-up.
_SETUP_READINGS: Final = frozenset(
    {"recruit-during-setup", "setup-repeat-type", "setup-caps-ignored", "four-player-caps"}
)


def action_pool(pos: Position, rng: Random) -> list[str]:
    """Action texts to ask about: every placement, recruits of one and of two (some of them
    on one master twice), every journey along a bridge of the board, and a pass."""
    spaces = [(t, v) for v in VILLAGES for t in MASTER_TYPES]
    pool = [f"place {t} {v}" for t, v in spaces] + [f"recruit {t} {v}" for t, v in spaces]
    own = [(t, v) for t, v in spaces if (tile := pos.tile(v, t)) and tile.owner == pos.to_move]
    for _ in range(60):
        (t1, v1), (t2, v2) = rng.choice(own or spaces), rng.choice(own or spaces)
        pool.append(f"recruit {t1} {v1} {t2} {v2}")
    for a, b in BRIDGES:
        pool += [f"journey {a} {b}", f"journey {b} {a}"]
    pool.append("pass")
    rng.shuffle(pool)
    return pool


def three_recruits(pos: Position, rng: Random) -> list[str]:
    """Recruits of three students, most of them on three of the player's own masters that
    hold no student yet (``RECRUIT-COUNT``)."""
    spaces = [(t, v) for v in VILLAGES for t in MASTER_TYPES]
    free = [
        (t, v)
        for t, v in spaces
        if (tile := pos.tile(v, t))
        and tile.owner == pos.to_move
        and not tile.student
        and not pos.has_stone(v)
    ]
    pool = []
    for _ in range(20):
        chosen = rng.sample(free, 3) if len(free) >= 3 else rng.sample(spaces, 3)
        pool.append("recruit " + " ".join(f"{t} {v}" for t, v in chosen))
    return pool


def legal(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    readings = [
        r
        for r in _LEGAL_READINGS
        if (r not in ("village-c-in-play", "four-player-caps") or len(colours) == 3)
        and (target is None or target in MISREADINGS[r].rules)
    ]
    if not readings:
        return None
    reading = rng.choice(readings)
    if reading == "two-masters-one-turn":
        return _place_turn(rng, colours, ident, reading)
    if reading == "stall-continues":
        return _stall(rng, colours, ident, reading)
    if MISREADINGS[reading].kind == "turn":
        return _next_turn(rng, colours, ident, reading)
    added = MISREADINGS[reading].rules
    for _ in range(TRIES // 10):
        pos = random_position(rng, colours, setup=reading in _SETUP_READINGS or rng.random() < 0.15)
        pool = three_recruits if reading == "recruit-any-number" else action_pool
        for action in pool(pos, rng):
            truth = legal_claims(pos, action)
            misread = legal_claims(pos, action, reading)
            if truth == misread:
                continue
            if truth["rule"] is not None and truth["rule"] not in added:
                continue
            if misread["rule"] is not None and _refused_by(pos, action, misread["rule"]):
                continue  # the wrong option would be true: another rule refuses it too
            named: tuple[str | None, ...] = (truth["rule"], misread["rule"])
            if reading == "four-player-caps":
                named += ("SETUP-PLAYERS",)  # the number of players, read wrong
            if target is not None and target not in named:
                continue
            options = [_legal_option(truth, None), _legal_option(misread, reading)]
            question = phrase("exercise.q_legal", {"player": pos.to_move, "action": action})
            return finish(rng, ident, "legal", question, pos, action, options)
    return None


def _refused_by(pos: Position, action: str, rule: str) -> bool:
    """Whether ``rule`` is among the rules that really refuse ``action`` (the ruling lists
    every one): a misreading's refusal by such a rule is no wrong answer."""
    return any(refusal.rule == rule for refusal in refusing_rules(pos, action))


def _place_turn(rng: Random, colours: Sequence[str], ident: str, reading: str) -> Exercise | None:
    """A placement, and whether its player may place a second master in the same turn."""
    for _ in range(TRIES // 10):
        pos = random_position(rng, colours)
        places = [a for a in pos.legal_actions() if isinstance(a, Place)]
        rng.shuffle(places)
        for place in places[:3]:
            action = str(place)
            truth, misread = turn_claims(pos, action), turn_claims(pos, action, reading)
            if truth == misread:
                continue
            options = [
                Option(
                    phrase(
                        "exercise.o_turn_passes",
                        {"player": truth["to_move"], "rule_title": "PLACE-ONE"},
                    ),
                    True,
                    None,
                    truth,
                ),
                Option(
                    phrase("exercise.o_place_again", {"player": pos.to_move}),
                    False,
                    reading,
                    misread,
                ),
            ]
            question = phrase("exercise.q_place_turn", {"player": pos.to_move, "action": action})
            return finish(rng, ident, "legal", question, pos, action, options)
    return None


#: Turn misreadings of who acts after any action (not only a placement).
_NEXT_READINGS: Final = ("turn-goes-back", "same-player-again")


def _next_turn(rng: Random, colours: Sequence[str], ident: str, reading: str) -> Exercise | None:
    """An action, and who acts next: the next player clockwise (``TURN-ORDER``,
    ``TURN-ONE-ACTION``), not the player before nor the same player again."""
    for _ in range(TRIES // 10):
        pos = random_position(rng, colours)
        actions = [a for a in pos.legal_actions() if not isinstance(a, Pass)]
        rng.shuffle(actions)
        for chosen in actions[:3]:
            action = str(chosen)
            if pos.play(action).position.is_over:
                continue
            truth = turn_claims(pos, action)
            options = [
                Option(phrase("exercise.o_next", {"player": truth["to_move"]}), True, None, truth)
            ]
            for other in (reading, *(r for r in _NEXT_READINGS if r != reading)):
                misread = turn_claims(pos, action, other)
                options.append(
                    Option(
                        phrase("exercise.o_next", {"player": misread["to_move"]}),
                        False,
                        other,
                        misread,
                    )
                )
            options = distinct(options)
            if len(options) < 2 or options[0].claims != truth:
                continue
            question = phrase("exercise.q_next_turn", {"player": pos.to_move, "action": action})
            return finish(rng, ident, "legal", question, pos, action, options)
    return None


def stalled(rng: Random, colours: Sequence[str]) -> Position | None:
    """A position of a random game where nobody can act: one bridge is left, between two
    empty villages, the others have stones, and every player but the one to move has just
    had to pass (``END-STALL``)."""
    pos = random_position(rng, colours)
    bridges = sorted(sorted(pair) for pair in pos.bridges)
    if not bridges:
        return None
    last = rng.choice(bridges)
    data = pos.to_dict()
    data["bridges"] = [last]
    data.pop("stones", None)
    data["villages"] = {v: s for v, s in data.get("villages", {}).items() if v not in last}
    data["passes"] = len(colours) - 1
    stalled = Position.from_dict(data)
    for colour in colours:
        data["to_move"] = colour
        if Position.from_dict(data).legal_actions() != [Pass()]:
            return None
    return stalled


def _stall(rng: Random, colours: Sequence[str], ident: str, reading: str) -> Exercise | None:
    """A forced pass that completes a round of them: the game ends there, it does not go on."""
    for _ in range(TRIES // 10):
        pos = stalled(rng, colours)
        if pos is None:
            continue
        truth, misread = turn_claims(pos, "pass"), turn_claims(pos, "pass", reading)
        names = truth["winners"]
        winners = phrase(
            "exercise.o_shared" if len(names) > 1 else "exercise.o_stall_won", {"names": names}
        )
        options = [
            Option(
                phrase("exercise.o_stall_ends", {"rule_title": "END-STALL", "winners": winners}),
                True,
                None,
                truth,
            ),
            Option(
                phrase("exercise.o_game_goes_on", {"player": misread["to_move"]}),
                False,
                reading,
                misread,
            ),
        ]
        i = pos.players.index(pos.to_move)
        passed = [pos.players[(i + k) % len(pos.players)] for k in range(1, len(pos.players))]
        question = phrase("exercise.q_stall", {"names": passed, "player": pos.to_move})
        return finish(rng, ident, "legal", question, pos, "pass", options)
    return None


def _legal_option(claims: Claims, reading: str | None) -> Option:
    text = (
        phrase("exercise.o_legal")
        if claims["legal"]
        else phrase("exercise.o_refused", {"rule_title": claims["rule"]})
    )
    return Option(text, reading is None, reading, dict(claims))


def who_wins(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    for _ in range(TRIES // 20):
        pos = random_position(rng, colours, over=True)
        truth = winner_claims(pos)
        options = [_winners_option(truth, None)]
        for reading in _SCORE_READINGS:
            options.append(_winners_option(winner_claims(pos, reading), reading))
        options = distinct(options)
        if len(options) >= 2:
            return finish(rng, ident, "who_wins", phrase("exercise.q_who_wins"), pos, None, options)
    return None


def _winners_option(claims: Claims, reading: str | None) -> Option:
    names = claims["winners"]
    key = "o_shared" if len(names) > 1 else "o_winners"
    return Option(
        phrase(f"exercise.{key}", {"names": names}), reading is None, reading, dict(claims)
    )


__all__ = ["action_pool", "legal", "stalled", "three_recruits", "who_wins"]

"""Exercises made from the engine: a position, a question, options; one right under the rules.

>>> exercises = generate(count=4, seed=7)
>>> tuple(e.kind for e in exercises)
('what_happens', 'stronger', 'legal', 'who_wins')
>>> sum(o.correct for o in exercises[0].options)
1
>>> generate(count=4, seed=7) == exercises
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Final

from shangrila_widget.deprecation import old_names
from shangrila_widget.exercises.model import (
    MISREADINGS,
    Claims,
    journey_claims,
    legal_claims,
    stronger,
    turn_claims,
    winner_claims,
)
from shangrila_widget.exercises.words import check_language, colour_name, words
from shangrila_widget.rules import (
    BRIDGES,
    MASTER_TYPES,
    VILLAGES,
    Journey,
    Pass,
    Place,
    Position,
    apply_unchecked,
    random_action,
)
from shangrila_widget.rules.actions import parse_action
from shangrila_widget.rules.messages import Language, action_words, rule_title

#: The kinds of exercise, in the order :func:`generate` cycles through them.
KINDS: Final = ("what_happens", "stronger", "legal", "who_wins", "find_journey", "find_changes")

#: The steps of difficulty: 1 one rule, 2 rules together, 3 whole journeys with several
#: colours.
LEVELS: Final = (1, 2, 3)

#: The levels each kind can reach (see :func:`level_of`).
KIND_LEVELS: Final[Mapping[str, frozenset[int]]] = {
    "what_happens": frozenset({2, 3}),
    "stronger": frozenset({1, 2}),
    "legal": frozenset({1}),
    "who_wins": frozenset({1, 2}),
    "find_journey": frozenset({3}),
    "find_changes": frozenset({2, 3}),
}

_JOURNEY_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind == "journey")
_SCORE_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind == "score")
_STRENGTH_READINGS: Final = (
    "strength-masters-only",
    "travellers-not-counted",
    "tie-to-start",
    "no-masters-tiebreak",
)
#: Tries at finding a position for one exercise before giving up on that seed's draw.
_TRIES: Final = 400


@dataclass(frozen=True)
class Sentence:
    """A sentence kept as its key and parameters until it is shown in a language (called
    ``Text`` before 0.2, like the drawing's text)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    parts: tuple[Sentence, ...] = ()

    def say(self, lang: Language) -> str:
        """The sentence in ``lang``."""
        check_language(lang)
        if self.key == "list":
            return "; ".join(p.say(lang) for p in self.parts)
        if self.key == "commas":
            return ", ".join(p.say(lang) for p in self.parts)
        params = {k: _word(k, v, lang) for k, v in self.params.items()}
        return words(self.key, lang, **params)


def _word(name: str, value: Any, lang: Language) -> Any:
    if isinstance(value, Sentence):
        return value.say(lang)
    if name == "names":
        return ", ".join(colour_name(c, lang) for c in value)
    if name == "rule_title":
        return f"{rule_title(value, lang)} ({value})"
    if name == "action":
        return action_words(parse_action(value), lang)
    return value  # a colour or type key is named by the words themselves


@dataclass(frozen=True)
class Option:
    """One answer: its words, whether the rules make it right, the misreading that makes it
    right otherwise, and the checkable facts it asserts."""

    text: Sentence
    correct: bool
    misreading: str | None
    claims: Mapping[str, Any]

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The option as JSON (``shangrila exercises``)."""
        return {
            "text": self.text.say(lang),
            "correct": self.correct,
            "misreading": self.misreading,
            "claims": dict(self.claims),
        }


@dataclass(frozen=True)
class Exercise:
    """A question on a position, with its options (exactly one right under the rules)."""

    id: str
    kind: str
    rules: tuple[str, ...]
    question: Sentence
    position: Position
    action: str | None
    options: tuple[Option, ...]
    level: int = 1

    @property
    def answer(self) -> Option:
        """The right option."""
        return next(o for o in self.options if o.correct)

    def explain(self, option: Option, lang: Language = "en") -> str:
        """Why ``option`` is wrong (what was misread), or an empty text for the right one."""
        if option.misreading is None:
            return ""
        return words(f"m_{option.misreading}", lang)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The exercise as JSON (``shangrila exercises``; documented in docs/formats.md)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "level": self.level,
            "rules": list(self.rules),
            "question": self.question.say(lang),
            "position": self.position.to_dict(),
            "action": self.action,
            "options": [o.to_dict(lang) for o in self.options],
        }


def generate(
    count: int = 10,
    seed: int = 0,
    *,
    players: int = 4,
    kinds: Sequence[str] | None = None,
    rules: Sequence[str] | None = None,
    level: int | None = None,
) -> list[Exercise]:
    """``count`` exercises, the same ones for the same arguments, on positions from random
    games of ``players`` (3 or 4): cycling through ``kinds`` (default :data:`KINDS`), or,
    with ``rules``, each asking about the next of those rule ids in turn (kinds chosen to
    fit; a rule no exercise can ask about is refused). ``level`` (1, 2 or 3, see
    :data:`LEVELS`): only exercises of that step, of the kinds that reach it.

    >>> tuple((e.kind, e.level) for e in generate(3, seed=2, level=1))
    (('stronger', 1), ('legal', 1), ('who_wins', 1))
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count: expected a whole number >= 0, got {count!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed: expected a whole number, got {seed!r}")
    if players not in (3, 4) or isinstance(players, bool):
        raise ValueError(f"players: expected 3 or 4, got {players!r}")
    chosen = tuple(KINDS if kinds is None else kinds)
    unknown = [k for k in chosen if k not in KINDS]
    if unknown or not chosen:
        raise ValueError(f"kinds: unknown {unknown!r}; expected some of {', '.join(KINDS)}")
    if level is not None:
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"level: expected 1, 2 or 3, got {level!r}")
        chosen = tuple(k for k in chosen if level in KIND_LEVELS[k])
        if not chosen:
            raise ValueError(f"level: none of these kinds reaches level {level}")
    targets: tuple[str | None, ...] = (None,)
    if rules is not None:
        targets = tuple(dict.fromkeys(rules))
        unaskable = [r for r in targets if r not in ASKABLE_RULES]
        if unaskable or not targets:
            raise ValueError(
                f"rules: no exercise asks about {', '.join(map(str, unaskable)) or 'no rule'}; "
                f"these can be asked: {', '.join(sorted(ASKABLE_RULES))}"
            )
        three_only = [r for r in targets if r in _THREE_PLAYER_RULES]
        if three_only and players != 3:
            raise ValueError(
                f"rules: {', '.join(map(str, three_only))} is asked in 3-player games only "
                f"(players=3)"
            )
    colours = ("red", "blue", "yellow", "violet")[:players]
    result = []
    for number in range(count):
        target = targets[number % len(targets)]
        fitting = chosen if target is None else _kinds_for(target)
        if level is not None:
            fitting = tuple(k for k in fitting if level in KIND_LEVELS[k])
            if not fitting:
                raise ValueError(f"level: no exercise on {target} reaches level {level}")
        kind = fitting[number % len(fitting)]
        step = "" if level is None else f"/{level}"  # sets without a level stay as they were
        rng = Random(f"{seed}/{players}/{number}/{kind}/{target}{step}")
        exercise = None
        for attempt in range(_TRIES):
            # A kind that missed the level is tried a few times more before the next kind.
            turn = attempt if level is None else attempt // 6
            kind = fitting[(number + turn) % len(fitting)]
            ident = f"{seed}-{players}-{number}" + ("" if level is None else f"-{level}")
            exercise = _MAKERS[kind](rng, colours, ident, target)
            if (
                exercise is not None
                and (target is None or target in exercise.rules)
                and (level is None or exercise.level == level)
            ):
                break
            exercise = None
        if exercise is None:
            raise ValueError(
                f"rules: found no exercise on {target} (seed {seed}, {players} players)"
            )
        result.append(exercise)
    return result


# ----------------------------------------------------------------------------- positions


def _random_position(
    rng: Random,
    colours: Sequence[str],
    *,
    over: bool = False,
    setup: bool = False,
    last: bool = False,
) -> Position:
    """A position of a random game: during set-up, in play (after at least one journey),
    before its last journey, or finished."""
    pos = Position.new_game(list(colours))
    if setup:
        for _ in range(rng.randrange(7 * len(colours))):
            pos = apply_unchecked(pos, random_action(pos, rng))
        return pos
    stop = None if over else rng.randrange(4, 24)
    if last:
        stop = len(BRIDGES) - (3 if len(colours) == 3 else 0)
    journeys = 0
    while not pos.is_over:
        action = random_action(pos, rng)
        if isinstance(action, Journey):
            journeys += 1
            if stop is not None and journeys >= stop:
                return pos
        pos = apply_unchecked(pos, action)
    return pos


def _before_eleventh(rng: Random, colours: Sequence[str]) -> Position:
    """A position of a random game played with the option END-ELEVEN, just before the
    journey that ends it."""
    pos = Position.new_game(list(colours), end_eleven=True)
    while True:
        after = apply_unchecked(pos, random_action(pos, rng))
        if after.is_over:
            return pos
        pos = after


def _ends_at_eleven(pos: Position, journey: Journey) -> bool:
    """The journey ends the game by its 11th stone (option END-ELEVEN), a bridge left."""
    after = pos.play(journey).position
    return after.is_over and bool(after.bridges)


def _journeys(pos: Position) -> list[Journey]:
    return [a for a in pos.legal_actions() if isinstance(a, Journey)]


def _journey_at_work(
    rng: Random, pos: Position, journeys: list[Journey], target: str | None
) -> Journey | None:
    """One of ``journeys`` drawn at random, if ``target`` (a rule id, or None for any) is at
    work in it: the engine names the rule, or a journey misreading of the rule can show.
    None when there is no journey or the drawn one does not serve."""
    if not journeys:
        return None
    action = rng.choice(journeys)
    if target is not None and target not in _rules_at_work(pos, str(action)):
        if not any(target in MISREADINGS[r].rules for r in _JOURNEY_READINGS):
            return None
    return action


# ----------------------------------------------------------------------------- kinds


def _distinct(options: Iterable[Option]) -> list[Option]:
    """Options with different claims, the first of each kept (the right one comes first)."""
    seen: list[Mapping[str, Any]] = []
    kept = []
    for option in options:
        if option.claims not in seen:
            seen.append(option.claims)
            kept.append(option)
    return kept


def _finish(
    rng: Random,
    ident: str,
    kind: str,
    question: Sentence,
    pos: Position,
    action: str | None,
    options: list[Option],
    most: int = 4,
) -> Exercise:
    right, wrong = options[0], options[1:]
    rng.shuffle(wrong)
    # Misreadings of a rule this very action puts to work come first (a student arriving on
    # its own master: the "second master"), then the others.
    at_work = set(_rules_at_work(pos, action or right.claims.get("action"))) - _EVERY_JOURNEY
    wrong.sort(key=lambda o: not at_work & set(MISREADINGS[str(o.misreading)].rules))
    chosen = [right, *wrong[: most - 1]]
    rng.shuffle(chosen)
    misread = {
        str(o.claims["rule"]) if o.claims.get("rule") else r
        for o in chosen
        if o.misreading
        for r in MISREADINGS[o.misreading].rules
    }
    rules = sorted(misread | set(_rules_at_work(pos, action)))
    level = level_of(kind, pos, action or right.claims.get("action"), right)
    return Exercise(ident, kind, tuple(rules), question, pos, action, tuple(chosen), level)


#: The rules every journey puts to work: they do not make a misreading more pertinent.
_EVERY_JOURNEY: Final = frozenset({"JOURNEY-ALL", "JOURNEY-STRENGTH", "BRIDGE-COLLAPSE"})


def level_of(kind: str, pos: Position, action: str | None, answer: Option) -> int:
    """The step of an exercise: 1 for one rule (legality; a village stronger by strength
    alone; a winner with the most masters), 2 for rules together (a tie broken; a journey
    whose travellers are of one colour), 3 for whole journeys with travellers of several
    colours (and every *find the journey*)."""
    if kind == "legal":
        return 1
    if kind == "stronger":
        return 1 if answer.claims["strength_rule"] == "JOURNEY-STRENGTH" else 2
    if kind == "who_wins":
        masters = Counter(t.owner for v in VILLAGES for t in pos.tiles(v).values())
        best = max(masters.get(c, 0) for c in pos.players)
        return 1 if sum(1 for c in pos.players if masters.get(c, 0) == best) == 1 else 2
    if kind == "find_journey" or action is None:
        return 3
    journey = parse_action(action)
    if not isinstance(journey, Journey):
        return 1
    colours = {tile.owner for tile in pos.tiles(journey.origin).values() if tile.student}
    return 3 if len(colours) > 1 else 2


def _rules_at_work(pos: Position, action: str | None) -> tuple[str, ...]:
    """The rule ids the engine names for the action (its refusal or its events), or the
    scoring rules for a finished game."""
    if action is None:
        return ("SCORE", "SCORE-TIE") if pos.is_over else ("JOURNEY-ALL", "J1-OTHER")
    refusal = pos.check(action)
    if refusal is not None:
        return (refusal.rule,)
    return tuple(e.rule for e in pos.play(action).events)


def _journey_summary(
    pos: Position, action: Journey, claims: Claims, misreading: str | None
) -> Sentence:
    """An outcome in words: the destination's changed spaces, the bridge, stones, the end."""
    origin, destination = action.origin, action.destination
    before = pos.tiles(destination)
    after = claims["villages"][destination]
    spaces = []
    for master_type in MASTER_TYPES:
        old, new = before.get(master_type), after.get(master_type)
        if new is None and old is None:
            continue
        if (
            new is not None
            and old is not None
            and (old.owner, old.student) == (new["owner"], new["student"])
        ):
            continue
        if new is None:
            spaces.append(Sentence("space_empty", {"type": master_type}))
            continue
        key = "space_pair" if new["student"] else "space_master"
        if (
            misreading == "student-becomes-master"
            and new["student"]
            and old is not None
            and old.owner == new["owner"]
            and claims["situation"] == 1
        ):
            key = "space_two_masters"
        spaces.append(Sentence(key, {"type": master_type, "colour": new["owner"]}))
    parts = []
    if pos.tiles(origin) and not claims["villages"][origin]:
        parts.append(Sentence("village_emptied", {"village": origin}))
    parts.append(
        Sentence(
            "in_village", {"village": destination, "spaces": Sentence("list", parts=tuple(spaces))}
        )
        if spaces
        else Sentence("nothing_changes", {"village": destination})
    )
    bridge = f"{min(origin, destination)}-{max(origin, destination)}"
    stands = [min(origin, destination), max(origin, destination)] in claims["bridges"]
    parts.append(Sentence("bridge_stays" if stands else "bridge_falls", {"bridge": bridge}))
    new_stones = sorted(set(claims["stones"]) - set(pos.stones))
    if new_stones:
        parts.append(Sentence("new_stones", {"villages": ", ".join(new_stones)}))
    if misreading == "displaced-student-stays":
        for master_type in MASTER_TYPES:
            old = before.get(master_type)
            new = after.get(master_type)
            if old is not None and old.student and new is not None and new["owner"] != old.owner:
                parts.append(Sentence("student_stays", {"colour": old.owner, "type": master_type}))
    returned = [
        Sentence("tile_count", {"colour": c, "type": t, "count": n})
        for c, n_by_type in sorted(_returned(pos, action, claims, misreading).items())
        for t, n in n_by_type.items()
    ]
    if returned:
        key = "lost_tiles" if misreading == "tiles-lost" else "to_supply"
        parts.append(Sentence(key, {"tiles": Sentence("list", parts=tuple(returned))}))
    if claims["over"]:
        parts.append(Sentence("game_ends"))
    return Sentence("list", parts=tuple(parts))


def _returned(
    pos: Position, action: Journey, claims: Claims, misreading: str | None
) -> dict[str, dict[str, int]]:
    """The tiles a journey sends back to a supply by colour (or, ``tiles-lost``, loses: the
    tiles taken off the two villages)."""
    result: dict[str, dict[str, int]] = {}
    for colour in pos.players:
        for master_type in MASTER_TYPES:
            if misreading == "tiles-lost":
                gone = _on(pos, action, colour, master_type) - _on_claims(
                    claims, action, colour, master_type
                )
            else:
                gone = claims["supply"][colour][master_type] - pos.supply(colour, master_type)
            if gone > 0:
                result.setdefault(colour, {})[master_type] = gone
    return result


def _on(pos: Position, action: Journey, colour: str, master_type: str) -> int:
    count = 0
    for village in (action.origin, action.destination):
        tile = pos.tile(village, master_type)
        if tile is not None and tile.owner == colour:
            count += 2 if tile.student else 1
    return count


def _on_claims(claims: Claims, action: Journey, colour: str, master_type: str) -> int:
    count = 0
    for village in (action.origin, action.destination):
        tile = claims["villages"][village].get(master_type)
        if tile is not None and tile["owner"] == colour:
            count += 2 if tile["student"] else 1
    return count


def _what_happens(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    for _ in range(_TRIES):
        if target == "END-ELEVEN":
            pos = _before_eleventh(rng, colours)
            journeys = [j for j in _journeys(pos) if _ends_at_eleven(pos, j)]
        else:
            pos = _random_position(rng, colours, last=target == "END")
            journeys = _journeys(pos)
        action = _journey_at_work(rng, pos, journeys, target)
        if action is None:
            continue
        o, d = action.origin, action.destination
        truth = journey_claims(pos, o, d)
        keys = ("situation", "villages", "bridges", "stones", "over", "supply", "masters")
        options = [
            Option(
                _journey_summary(pos, action, truth, None),
                True,
                None,
                {k: truth[k] for k in keys},
            )
        ]
        for reading in _JOURNEY_READINGS:
            claims = journey_claims(pos, o, d, reading)
            text = _journey_summary(pos, action, claims, reading)
            options.append(Option(text, False, reading, {k: claims[k] for k in keys}))
        options = _distinct(options)
        options = [o_ for o_ in options if o_.correct or o_.text != options[0].text]
        if len(options) >= 3:
            key = "q_what_happens_eleven" if pos.end_eleven else "q_what_happens"
            question = Sentence(key, {"player": pos.to_move, "action": str(action)})
            return _finish(rng, ident, "what_happens", question, pos, str(action), options)
    return None


def _stronger(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    target = rng.choice(("JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER"))
    fallback: Exercise | None = None
    for _ in range(_TRIES):
        pos = _random_position(rng, colours)
        for action in _journeys(pos):
            o, d = action.origin, action.destination
            wins, rule = stronger(pos, o, d)
            options = [_stronger_option(o, d, wins, rule, None)]
            for reading in _STRENGTH_READINGS:
                w, r = stronger(pos, o, d, reading)
                options.append(_stronger_option(o, d, w, r, reading))
            options = _distinct(options)
            if len(options) < 2:
                continue
            question = Sentence(
                "q_stronger", {"player": pos.to_move, "origin": o, "destination": d}
            )
            exercise = _finish(rng, ident, "stronger", question, pos, str(action), options)
            if rule == target:
                return exercise
            fallback = fallback or exercise
    return fallback


def _stronger_option(o: str, d: str, wins: bool, rule: str, reading: str | None) -> Option:
    village = o if wins else d
    return Option(
        Sentence(f"o_stronger_{rule}", {"village": village}),
        reading is None,
        reading,
        {"situation": 1 if wins else 2, "strength_rule": rule},
    )


_LEGAL_READINGS: Final = tuple(k for k, m in MISREADINGS.items() if m.kind in ("legal", "turn"))
#: Legality misreadings that can only show during set-up.
_SETUP_READINGS: Final = frozenset(
    {"recruit-during-setup", "setup-repeat-type", "setup-caps-ignored", "four-player-caps"}
)


def _action_pool(pos: Position, rng: Random) -> list[str]:
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


def _three_recruits(pos: Position, rng: Random) -> list[str]:
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


def _legal(
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
    for _ in range(_TRIES // 10):
        pos = _random_position(
            rng, colours, setup=reading in _SETUP_READINGS or rng.random() < 0.15
        )
        pool = _three_recruits if reading == "recruit-any-number" else _action_pool
        for action in pool(pos, rng):
            truth = legal_claims(pos, action)
            misread = legal_claims(pos, action, reading)
            if truth == misread:
                continue
            if truth["rule"] is not None and truth["rule"] not in added:
                continue
            named: tuple[str | None, ...] = (truth["rule"], misread["rule"])
            if reading == "four-player-caps":
                named += ("SETUP-PLAYERS",)  # the number of players, read wrong
            if target is not None and target not in named:
                continue
            options = [_legal_option(truth, None), _legal_option(misread, reading)]
            question = Sentence("q_legal", {"player": pos.to_move, "action": action})
            return _finish(rng, ident, "legal", question, pos, action, options)
    return None


def _place_turn(rng: Random, colours: Sequence[str], ident: str, reading: str) -> Exercise | None:
    """A placement, and whether its player may place a second master in the same turn."""
    for _ in range(_TRIES // 10):
        pos = _random_position(rng, colours)
        places = [a for a in pos.legal_actions() if isinstance(a, Place)]
        rng.shuffle(places)
        for place in places[:3]:
            action = str(place)
            truth, misread = turn_claims(pos, action), turn_claims(pos, action, reading)
            if truth == misread:
                continue
            options = [
                Option(
                    Sentence(
                        "o_turn_passes", {"player": truth["to_move"], "rule_title": "PLACE-ONE"}
                    ),
                    True,
                    None,
                    truth,
                ),
                Option(Sentence("o_place_again", {"player": pos.to_move}), False, reading, misread),
            ]
            question = Sentence("q_place_turn", {"player": pos.to_move, "action": action})
            return _finish(rng, ident, "legal", question, pos, action, options)
    return None


#: Turn misreadings of who acts after any action (not only a placement).
_NEXT_READINGS: Final = ("turn-goes-back", "same-player-again")


def _next_turn(rng: Random, colours: Sequence[str], ident: str, reading: str) -> Exercise | None:
    """An action, and who acts next: the next player clockwise (``TURN-ORDER``,
    ``TURN-ONE-ACTION``), not the player before nor the same player again."""
    for _ in range(_TRIES // 10):
        pos = _random_position(rng, colours)
        actions = [a for a in pos.legal_actions() if not isinstance(a, Pass)]
        rng.shuffle(actions)
        for chosen in actions[:3]:
            action = str(chosen)
            if pos.play(action).position.is_over:
                continue
            truth = turn_claims(pos, action)
            options = [Option(Sentence("o_next", {"player": truth["to_move"]}), True, None, truth)]
            for other in (reading, *(r for r in _NEXT_READINGS if r != reading)):
                misread = turn_claims(pos, action, other)
                options.append(
                    Option(
                        Sentence("o_next", {"player": misread["to_move"]}), False, other, misread
                    )
                )
            options = _distinct(options)
            if len(options) < 2 or options[0].claims != truth:
                continue
            question = Sentence("q_next_turn", {"player": pos.to_move, "action": action})
            return _finish(rng, ident, "legal", question, pos, action, options)
    return None


def _stalled(rng: Random, colours: Sequence[str]) -> Position | None:
    """A position of a random game where nobody can act: one bridge is left, between two
    empty villages, the others have stones, and every player but the one to move has just
    had to pass (``END-STALL``)."""
    pos = _random_position(rng, colours)
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
    for _ in range(_TRIES // 10):
        pos = _stalled(rng, colours)
        if pos is None:
            continue
        truth, misread = turn_claims(pos, "pass"), turn_claims(pos, "pass", reading)
        names = truth["winners"]
        winners = Sentence("o_shared" if len(names) > 1 else "o_stall_won", {"names": names})
        options = [
            Option(
                Sentence("o_stall_ends", {"rule_title": "END-STALL", "winners": winners}),
                True,
                None,
                truth,
            ),
            Option(
                Sentence("o_game_goes_on", {"player": misread["to_move"]}), False, reading, misread
            ),
        ]
        i = pos.players.index(pos.to_move)
        passed = [pos.players[(i + k) % len(pos.players)] for k in range(1, len(pos.players))]
        question = Sentence("q_stall", {"names": passed, "player": pos.to_move})
        return _finish(rng, ident, "legal", question, pos, "pass", options)
    return None


def _legal_option(claims: Claims, reading: str | None) -> Option:
    text = (
        Sentence("o_legal")
        if claims["legal"]
        else Sentence("o_refused", {"rule_title": claims["rule"]})
    )
    return Option(text, reading is None, reading, dict(claims))


def _who_wins(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    for _ in range(_TRIES // 20):
        pos = _random_position(rng, colours, over=True)
        truth = winner_claims(pos)
        options = [_winners_option(truth, None)]
        for reading in _SCORE_READINGS:
            options.append(_winners_option(winner_claims(pos, reading), reading))
        options = _distinct(options)
        if len(options) >= 2:
            return _finish(rng, ident, "who_wins", Sentence("q_who_wins"), pos, None, options)
    return None


def _winners_option(claims: Claims, reading: str | None) -> Option:
    names = claims["winners"]
    key = "o_shared" if len(names) > 1 else "o_winners"
    return Option(Sentence(key, {"names": names}), reading is None, reading, dict(claims))


def _drives_out(villages: Mapping[str, Any], village: str, colour: str) -> bool:
    return all(tile["owner"] != colour for tile in villages.get(village, {}).values())


def _find_journey(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    """ "Find the journey that drives Blue out of D": exactly one legal journey does it under
    the rules; the wrong options are journeys that do it under a misreading."""
    for _ in range(_TRIES):
        pos = _random_position(rng, colours)
        journeys = _journeys(pos)
        targets = sorted(
            {
                (j.destination, tile.owner)
                for j in journeys
                for tile in pos.tiles(j.destination).values()
                if tile.owner != pos.to_move
            }
        )
        rng.shuffle(targets)
        after = {j: journey_claims(pos, j.origin, j.destination)["villages"] for j in journeys}
        for village, colour in targets:
            into = [j for j in journeys if j.destination == village]
            right = [j for j in into if _drives_out(after[j], village, colour)]
            if len(right) != 1:
                continue
            options = [_find_option(pos, right[0], None)]
            for j in into:
                if j == right[0]:
                    continue
                for reading in _JOURNEY_READINGS:
                    claims = journey_claims(pos, j.origin, village, reading)
                    if _drives_out(claims["villages"], village, colour):
                        options.append(_find_option(pos, j, reading))
                        break
            if len(options) < 2:
                continue
            question = Sentence(
                "q_find_journey", {"player": pos.to_move, "colour": colour, "village": village}
            )
            return _finish(rng, ident, "find_journey", question, pos, None, options)
    return None


def _find_option(pos: Position, journey: Journey, reading: str | None) -> Option:
    claims = journey_claims(pos, journey.origin, journey.destination, reading)
    village = journey.destination
    return Option(
        Sentence("o_action", {"action": str(journey)}),
        reading is None,
        reading,
        {"action": str(journey), "villages": {village: claims["villages"][village]}},
    )


def _find_changes(
    rng: Random, colours: Sequence[str], ident: str, target: str | None = None
) -> Exercise | None:
    """ "Find every space that changes": a journey, and the set of spaces whose tile changes
    (compared before and after by the engine); the wrong options are the sets a misreading
    changes."""
    for _ in range(_TRIES):
        pos = _random_position(rng, colours, last=target == "END")
        action = _journey_at_work(rng, pos, _journeys(pos), target)
        if action is None:
            continue
        options = [_changes_option(pos, action, None)]
        seen = [options[0].claims["spaces"]]
        for reading in _JOURNEY_READINGS:
            option = _changes_option(pos, action, reading)
            if option.claims["spaces"] not in seen:
                seen.append(option.claims["spaces"])
                options.append(option)
        if len(options) >= 2:
            question = Sentence("q_find_changes", {"player": pos.to_move, "action": str(action)})
            return _finish(rng, ident, "find_changes", question, pos, str(action), options)
    return None


def _changes_option(pos: Position, journey: Journey, reading: str | None) -> Option:
    claims = journey_claims(pos, journey.origin, journey.destination, reading)
    spaces = claims["spaces"]
    return Option(
        spaces_text(spaces),
        reading is None,
        reading,
        {"spaces": spaces, "villages": claims["villages"]},
    )


def spaces_text(spaces: Iterable[Sequence[str]]) -> Sentence:
    """Spaces ``[village, type]`` in words, by village ("in A: Rainmaker; in B: Healer,
    Priest").

    >>> spaces_text([["A", "rainmaker"], ["B", "healer"], ["B", "priest"]]).say("en")
    'in A: Rainmaker; in B: Healer, Priest'
    """
    by_village: dict[str, list[str]] = {}
    for village, master_type in spaces:
        by_village.setdefault(village, []).append(master_type)
    parts = tuple(
        Sentence(
            "in_village",
            {
                "village": village,
                "spaces": Sentence(
                    "commas", parts=tuple(Sentence("type_name", {"type": t}) for t in types)
                ),
            },
        )
        for village, types in by_village.items()
    )
    return Sentence("list", parts=parts) if parts else Sentence("no_spaces")


_MAKERS: Final = {
    "what_happens": _what_happens,
    "stronger": _stronger,
    "legal": _legal,
    "who_wins": _who_wins,
    "find_journey": _find_journey,
    "find_changes": _find_changes,
}

#: The rule ids an exercise can ask about: every rule of the spec (``SETUP-THREE`` and
#: ``SETUP-PLAYERS`` in 3-player games only).
ASKABLE_RULES: Final = frozenset(
    {r for m in MISREADINGS.values() for r in m.rules}
    | {"J-EMPTY", "J1-OWN", "J1-OWN-FULL", "J1-OTHER", "J2-OCCUPIED", "JOURNEY-ALL"}
    | {"JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER", "STONE", "END"}
    | {"BRIDGE-COLLAPSE", "SCORE", "SCORE-TIE"}
)

#: Rules an exercise can put in a 3-player game only (village C, the 3-player caps).
_THREE_PLAYER_RULES: Final = frozenset({"SETUP-THREE", "SETUP-PLAYERS"})

_STRENGTH_RULES: Final = frozenset(
    {"JOURNEY-STRENGTH", "JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER"}
)
_SCORE_RULES: Final = frozenset({"SCORE", "SCORE-TIE"})


def _kinds_for(rule: str) -> tuple[str, ...]:
    """The kinds of exercise most likely to ask about ``rule``, likeliest first."""
    if rule in _STRENGTH_RULES:
        return ("stronger", "what_happens")
    if rule in _SCORE_RULES:
        return ("who_wins",)
    if rule == "END-ELEVEN":
        return ("what_happens",)
    if any(rule in m.rules for m in MISREADINGS.values() if m.kind in ("legal", "turn")):
        return ("legal", "what_happens")
    return ("what_happens", "find_journey", "find_changes", "legal")


def exercises_on(
    rules: Sequence[str], count: int = 3, seed: int = 0, *, players: int = 4
) -> list[Exercise]:
    """``count`` exercises on ``rules`` (a tour chapter's rules, a rule a learner missed):
    the rules that an exercise can ask about, each in turn.

    >>> [("JOURNEY-TIE-MASTERS" in e.rules) for e in exercises_on(["JOURNEY-TIE-MASTERS"], 2)]
    [True, True]
    """
    askable = [r for r in rules if r in ASKABLE_RULES]
    if not askable:
        raise ValueError(f"rules: no exercise asks about {', '.join(rules) or 'no rule'}")
    return generate(count, seed, players=players, rules=askable)


__all__ = [
    "ASKABLE_RULES",
    "KINDS",
    "KIND_LEVELS",
    "LEVELS",
    "Exercise",
    "Option",
    "Sentence",
    "exercises_on",
    "generate",
    "level_of",
    "spaces_text",
]

__getattr__ = old_names("shangrila_widget.exercises.generate", {"Text": ("Sentence", Sentence)})

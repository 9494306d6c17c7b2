"""The four actions (place, recruit, journey, pass) and their text form.

Actions are small frozen values; equal actions compare and hash equal. Their text form is the
public one of ``position-format.md``:

>>> parse_action("place D a")
Place(type='dragon_breeder', village='A')
>>> str(parse_action("Recruit healer A f b"))
'recruit healer A firekeeper B'
>>> parse_action("journey A B") == Journey("A", "B")
True
>>> str(Pass())
'pass'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Union

from shangrila_widget.rules.board import (
    BRIDGE_INDEX,
    MASTER_TYPES,
    TYPE_INDEX,
    TYPE_LETTERS,
    VILLAGE_BRIDGES,
    VILLAGE_INDEX,
    VILLAGES,
    MasterType,
)
from shangrila_widget.rules.errors import ActionParseError, excerpt
from shangrila_widget.rules.messages import problem

_LETTER_TO_TYPE: Final[dict[str, MasterType]] = {
    letter.lower(): t for t, letter in TYPE_LETTERS.items()
}


def parse_type(word: str) -> MasterType:
    """A master type from its key or letter, any case.

    >>> parse_type("h"), parse_type("Yeti_Whisperer")
    ('healer', 'yeti_whisperer')
    """
    if not isinstance(word, str):
        raise ActionParseError(problem("type_text", value=excerpt(word)))
    lowered = word.strip().lower()
    if lowered in TYPE_INDEX:
        return MASTER_TYPES[TYPE_INDEX[lowered]]
    if lowered in _LETTER_TO_TYPE:
        return _LETTER_TO_TYPE[lowered]
    raise ActionParseError(
        problem(
            "action_type",
            value=excerpt(word),
            known=MASTER_TYPES,
            letters="/".join(TYPE_LETTERS.values()),
        )
    )


def parse_village(word: str) -> str:
    """A village id A-M from any case.

    >>> parse_village("k")
    'K'
    """
    if not isinstance(word, str):
        raise ActionParseError(problem("village_text", value=excerpt(word)))
    upper = word.strip().upper()
    if upper not in VILLAGE_INDEX:
        raise ActionParseError(problem("action_village", value=excerpt(word)))
    return upper


@dataclass(frozen=True, slots=True)
class Place:
    """Place a master of ``type`` from supply in ``village`` (also the set-up placement)."""

    type: str  # a master type key; a letter or any case is accepted and normalised
    village: str
    slot: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type", parse_type(self.type))
        object.__setattr__(self, "village", parse_village(self.village))
        object.__setattr__(self, "slot", VILLAGE_INDEX[self.village] * 7 + TYPE_INDEX[self.type])

    def __str__(self) -> str:
        return f"place {self.type} {self.village}"


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit students: each ``(type, village)`` puts a student on the player's own master.

    The rules allow one or two; the value may hold any number so that the engine, not the
    parser, can refuse a third student with its rule id (``RECRUIT-COUNT``). Students are kept
    in board order, so the order they were written in does not matter.

    >>> Recruit((("healer", "B"), ("rainmaker", "A"))).students
    (('rainmaker', 'A'), ('healer', 'B'))
    """

    students: tuple[tuple[str, str], ...]  # (type key, village) pairs, normalised
    slots: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        students: object = self.students
        if not isinstance(students, (tuple, list)) or not all(
            isinstance(s, (tuple, list)) and len(s) == 2 for s in students
        ):
            raise ActionParseError(problem("recruit_pairs", value=excerpt(students)))
        parsed = sorted(
            ((parse_type(t), parse_village(v)) for t, v in students),
            key=lambda s: VILLAGE_INDEX[s[1]] * 7 + TYPE_INDEX[s[0]],
        )
        object.__setattr__(self, "students", tuple(parsed))
        object.__setattr__(
            self, "slots", tuple(VILLAGE_INDEX[v] * 7 + TYPE_INDEX[t] for t, v in parsed)
        )

    def __str__(self) -> str:
        return "recruit " + " ".join(f"{t} {v}" for t, v in self.students)


@dataclass(frozen=True, slots=True)
class Journey:
    """Send every student in ``origin`` across the bridge to ``destination``."""

    origin: str
    destination: str
    #: (origin, destination, bridge): the villages' indices and the bridge's (-1 for none)
    ends: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        origin = parse_village(self.origin)
        destination = parse_village(self.destination)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "destination", destination)
        bridge = BRIDGE_INDEX.get((origin, destination), -1)
        object.__setattr__(
            self, "ends", (VILLAGE_INDEX[origin], VILLAGE_INDEX[destination], bridge)
        )

    def __str__(self) -> str:
        return f"journey {self.origin} {self.destination}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (only when no other action is legal, ``TURN-PASS``)."""

    def __str__(self) -> str:
        return "pass"


Action = Union[Place, Recruit, Journey, Pass]  # noqa: UP007 (a runtime alias on 3.10)

_USAGE: Final = (
    "'place <type> <village>', 'recruit <type> <village> [<type> <village>]', "
    "'journey <from> <to>', 'pass'"
)


def parse_action(text: str) -> Action:
    """Read an action from its text form (case-insensitive, extra spaces allowed).

    >>> parse_action("  JOURNEY  c h ")
    Journey(origin='C', destination='H')
    >>> parse_action("journey A-B") == parse_action("journey A B")
    True
    >>> parse_action("jump A B")
    Traceback (most recent call last):
    ...
    shangrila_widget.rules.errors.ActionParseError: unknown action 'jump': expected one of: \
'place <type> <village>', 'recruit <type> <village> [<type> <village>]', \
'journey <from> <to>', 'pass'
    """
    if not isinstance(text, str):
        raise ActionParseError(problem("action_text", kind=type(text).__name__))
    words = text.split()
    if not words:
        raise ActionParseError(problem("action_empty", usage=_USAGE))
    verb, args = words[0].lower(), words[1:]
    if verb == "place":
        if len(args) != 2:
            raise ActionParseError(problem("place_args", n=len(args)))
        return Place(parse_type(args[0]), parse_village(args[1]))
    if verb == "recruit":
        if not args or len(args) % 2:
            raise ActionParseError(problem("recruit_args", n=len(args)))
        return Recruit(
            tuple((parse_type(args[i]), parse_village(args[i + 1])) for i in range(0, len(args), 2))
        )
    if verb == "journey":
        if len(args) == 1 and args[0].count("-") == 1:
            args = args[0].split("-")  # a bridge as the package writes it: "journey A-B"
        if len(args) != 2:
            raise ActionParseError(problem("journey_args", n=len(args)))
        return Journey(parse_village(args[0]), parse_village(args[1]))
    if verb == "pass":
        if args:
            raise ActionParseError(problem("pass_args", n=len(args)))
        return Pass()
    raise ActionParseError(problem("action_unknown", value=excerpt(words[0]), usage=_USAGE))


def as_action(action: Action | str) -> Action:
    """An action from an action or its text (:func:`parse_action`); anything else is a
    :class:`TypeError`.

    >>> as_action("pass") == as_action(Pass())
    True
    """
    if isinstance(action, str):
        return parse_action(action)
    if not isinstance(action, (Place, Recruit, Journey, Pass)):
        raise TypeError(
            f"expected an action or its text (like 'journey A B'), got {excerpt(action)}"
        )
    return action


# Every action the engine can list, made once so that listing legal actions allocates nothing
# but the list itself.
PLACE_BY_SLOT: Final[tuple[Place, ...]] = tuple(
    Place(MASTER_TYPES[s % 7], VILLAGES[s // 7]) for s in range(len(VILLAGES) * 7)
)
RECRUIT_ONE_BY_SLOT: Final[tuple[Recruit, ...]] = tuple(
    Recruit(((MASTER_TYPES[s % 7], VILLAGES[s // 7]),)) for s in range(len(VILLAGES) * 7)
)
#: ``RECRUIT_TWO_BY_SLOTS[a][b]`` for slots ``a < b``: two students on different masters.
RECRUIT_TWO_BY_SLOTS: Final[tuple[tuple[Recruit | None, ...], ...]] = tuple(
    tuple(
        Recruit(((MASTER_TYPES[a % 7], VILLAGES[a // 7]), (MASTER_TYPES[b % 7], VILLAGES[b // 7])))
        if a < b
        else None
        for b in range(len(VILLAGES) * 7)
    )
    for a in range(len(VILLAGES) * 7)
)
#: ``JOURNEYS_FROM[v]``: (bridge number, the journey) for each bridge of village index v.
JOURNEYS_FROM: Final[tuple[tuple[tuple[int, Journey], ...], ...]] = tuple(
    tuple((bridge, Journey(VILLAGES[v], VILLAGES[w])) for bridge, w in VILLAGE_BRIDGES[v])
    for v in range(len(VILLAGES))
)
PASS: Final = Pass()

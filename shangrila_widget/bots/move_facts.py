"""What a move did on the board, in the game's own terms, exact from the engine.

The review says these facts for the played move and for the better one (see
:mod:`shangrila_widget.bots.review`). Each is a :class:`~shangrila_widget.rules.messages.Message`
of words ``review.fact_<kind>`` (``review.fact_<kind>_better`` for the better move: "would
have"), stated only when the engine's events and positions confirm it, with the exact number:

- ``took``: the journey sent ``count`` of ``colour``'s masters back to their supply
  (``J1-OTHER``), one fact per colour;
- ``lost_own``: the mover's own journey carried another player's students that took
  ``count`` of the mover's masters;
- ``gained``: the journey gave the mover ``count`` new masters (``J-EMPTY``, ``J1-OTHER``);
- ``bounced``: ``count`` of the mover's students went back to the supply
  (``J2-OCCUPIED``, ``J1-OWN-FULL``); ``for_nothing`` instead when every traveller went back
  and the bridge fell with nothing gained by anyone;
- ``stone``: ``village`` got a stone (``STONE``) with ``count`` of the mover's students in
  it, which will never travel again;
- ``threat``: after the move, the journey of the next player (``colour``) from ``origin`` to
  ``destination`` takes ``count`` of the mover's masters, the most any of that player's
  legal journeys takes (every one is tried; the first in the engine's order on a tie); of
  a better move, said only when it leaves fewer to take than the played one;
- ``safe``: after the better move no journey of the next player takes any of the mover's
  masters (said only when one does after the played move).

>>> from shangrila_widget.rules import Position
>>> pos = Position.from_dict({
...     "format": "shangrila-position/1", "players": ["red", "blue", "yellow"],
...     "to_move": "red", "phase": "play",
...     "villages": {"A": {"healer": {"owner": "red", "student": True}},
...                  "B": {"healer": {"owner": "blue", "student": False}}}})
>>> for fact in move_facts(pos, Journey("A", "B")):
...     print(fact.text())
Red's journey from A to B took 1 of Blue's masters.
The journey from A to B gave Red 1 new master.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from shangrila_widget.rules.actions import Action, Journey
from shangrila_widget.rules.board import COLOUR_INDEX, Colour
from shangrila_widget.rules.codes import STUDENT_OFFSET
from shangrila_widget.rules.engine import apply_unchecked, legal_actions, play
from shangrila_widget.rules.messages import Message
from shangrila_widget.rules.position import Position

#: Every kind of fact, in the order they are said.
FACT_KINDS: Final = (
    "took",
    "lost_own",
    "gained",
    "bounced",
    "for_nothing",
    "stone",
    "threat",
    "safe",
)
_BOUNCES: Final = ("J2-OCCUPIED", "J1-OWN-FULL")


def fact_kind(fact: Message) -> str:
    """The kind of a fact (``took``, ``threat``...), without ``_better``."""
    return fact.key.removeprefix("review.fact_").removesuffix("_better")


def masters_taken(before: Position, after: Position, colour: Colour) -> int:
    """How many of ``colour``'s masters in ``before`` are gone in ``after`` (their spaces
    empty or another colour's): the masters taken, whatever ``colour`` gained elsewhere."""
    code = COLOUR_INDEX[colour] + 1
    mine = (code, code + STUDENT_OFFSET)
    return sum(
        1
        for old, new in zip(before.packed.cells, after.packed.cells)
        if old in mine and new not in mine
    )


def strongest_reply(after: Position, victim: Colour) -> tuple[Journey, int] | None:
    """The journey of the player to move in ``after`` that takes the most of ``victim``'s
    masters, and how many (the first in the engine's order on a tie); None when none takes
    any (or the game is over)."""
    if after.is_over:
        return None
    best: tuple[Journey, int] | None = None
    for action in legal_actions(after):
        if isinstance(action, Journey):
            taken = masters_taken(after, apply_unchecked(after, action), victim)
            if taken > 0 and (best is None or taken > best[1]):
                best = (action, taken)
    return best


def journey_facts(pos: Position, journey: Journey) -> list[tuple[str, dict[str, object]]]:
    """The facts of a legal journey of the player to move (kinds and parameters), read from
    the engine's events."""
    mover = pos.to_move
    outcome = play(pos, journey)
    ends = {"player": mover, "origin": journey.origin, "destination": journey.destination}
    taken: Counter[str] = Counter()
    gained = bounced = 0
    everyone_bounced = True
    for event in outcome.events:
        if event.kind != "traveller":
            continue
        colour = event.params["colour"]
        if event.rule in _BOUNCES:
            bounced += colour == mover
            continue
        everyone_bounced = False
        if event.rule == "J1-OTHER":
            taken[str(event.params["owner"])] += 1
        if colour == mover and event.rule in ("J-EMPTY", "J1-OTHER"):
            gained += 1
    facts: list[tuple[str, dict[str, object]]] = [
        ("took", {**ends, "colour": colour, "count": n})
        for colour, n in taken.items()
        if colour != mover
    ]
    if taken[mover]:
        facts.append(("lost_own", {**ends, "count": taken[mover]}))
    if gained:
        facts.append(("gained", {**ends, "count": gained}))
    if everyone_bounced:
        facts.append(("for_nothing", {**ends, "count": bounced}))
    elif bounced:
        facts.append(("bounced", {**ends, "count": bounced}))
    after = outcome.position
    for event in outcome.events:
        if event.kind == "stone":
            village = str(event.params["village"])
            students = sum(1 for tile in after.tiles(village).values() if tile == (mover, True))
            if students:
                facts.append(("stone", {"player": mover, "village": village, "count": students}))
    return facts


def move_facts(
    pos: Position, action: Action, *, better: bool = False, compare: Action | None = None
) -> tuple[Message, ...]:
    """The facts of the legal ``action`` of the player to move in ``pos`` (see the module
    docstring), as messages; ``better``: said of a move not played ("would have").
    ``compare``: for a better move, the played action: its ``threat`` is said only when it
    leaves fewer of the mover's masters to take than the played one, ``safe`` when it
    leaves none and the played one some."""
    mover = pos.to_move
    facts = journey_facts(pos, action) if isinstance(action, Journey) else []
    after = apply_unchecked(pos, action)
    reply = strongest_reply(after, mover)
    played_reply = None
    if better and compare is not None and not after.is_over:
        played_reply = strongest_reply(apply_unchecked(pos, compare), mover)
    compared = better and compare is not None
    if reply is not None and (
        not compared or (played_reply is not None and reply[1] < played_reply[1])
    ):
        journey, count = reply
        facts.append(
            (
                "threat",
                {
                    "player": mover,
                    "colour": after.to_move,
                    "origin": journey.origin,
                    "destination": journey.destination,
                    "count": count,
                },
            )
        )
    elif reply is None and played_reply is not None:
        facts.append(("safe", {"player": mover, "colour": after.to_move}))
    return tuple(
        Message(f"review.fact_{kind}_better" if better else f"review.fact_{kind}", params)
        for kind, params in facts
    )


__all__ = [
    "FACT_KINDS",
    "fact_kind",
    "journey_facts",
    "move_facts",
    "masters_taken",
    "strongest_reply",
]

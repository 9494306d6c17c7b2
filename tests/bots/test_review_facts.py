"""Every fact the review states about a move is re-derived here from the positions before and
after it, independently of how :mod:`shangrila_widget.bots.move_facts` reads the engine's
events: the fact is true, its number exact, and no fact the positions show is left unsaid.

The positions come from seeded random games (uniform legal actions), every journey of the
player to move and a few other actions in each, as the played move and as a better one."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

from shangrila_widget.bots.move_facts import FACT_KINDS, fact_kind, move_facts
from shangrila_widget.rules import (
    MASTER_TYPES,
    VILLAGES,
    Action,
    Journey,
    Position,
    apply_unchecked,
    legal_actions,
    play,
    random_action,
)
from shangrila_widget.rules.messages import Message

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def positions(games: int, seed: int) -> Iterator[Position]:
    """Positions of the play phase from ``games`` random games, every seventh ply."""
    rng = random.Random(seed)
    for game in range(games):
        pos = Position.new_game(SEATS[3 + game % 2])
        ply = 0
        while not pos.is_over:
            if pos.phase == "play" and ply % 7 == 0:
                yield pos
            pos = apply_unchecked(pos, random_action(pos, rng))
            ply += 1


def spaces(pos: Position) -> Iterator[tuple[str, str]]:
    for village in VILLAGES:
        for master_type in MASTER_TYPES:
            yield village, master_type


def taken(before: Position, after: Position, colour: str) -> int:
    """The spaces where ``colour`` had a master before and has none after (a space keeps a
    master once it has one, so each is a master taken)."""
    lost = 0
    for village in VILLAGES:  # a village's occupied spaces at once: the test's hot loop
        row = after.tiles(village)
        for master_type, old in before.tiles(village).items():
            new = row.get(master_type)
            lost += old.owner == colour and (new is None or new.owner != colour)
    return lost


def expected_facts(pos: Position, action: Action) -> dict[str, list[dict[str, object]]]:
    """The facts of ``action`` as the positions show them, derived without the events."""
    mover = pos.to_move
    after = play(pos, action).position
    found: dict[str, list[dict[str, object]]] = {}
    if isinstance(action, Journey):
        ends = {"origin": action.origin, "destination": action.destination}
        for colour in pos.players:
            lost = taken(pos, after, colour)
            if colour != mover and lost > 0:
                found.setdefault("took", []).append({**ends, "colour": colour, "count": lost})
        lost_own = gained = returned = 0
        for village, master_type in spaces(pos):
            old, new = pos.tile(village, master_type), after.tile(village, master_type)
            was_mine = old is not None and old.owner == mover
            is_mine = new is not None and new.owner == mover
            if was_mine and not is_mine:
                assert old is not None
                lost_own += 1
                returned += 1 + old.student
            gained += is_mine and not was_mine
        if lost_own:
            found["lost_own"] = [{**ends, "count": lost_own}]
        if gained:
            found["gained"] = [{**ends, "count": gained}]
        back = sum(after.supplies(mover).values()) - sum(pos.supplies(mover).values())
        bounced = back - returned
        nothing = after.tiles(action.destination) == pos.tiles(action.destination)
        if nothing:
            found["for_nothing"] = [{**ends, "count": bounced}]
        elif bounced:
            found["bounced"] = [{**ends, "count": bounced}]
        for village in sorted(after.stones - pos.stones):
            students = [t for t in after.tiles(village).values() if t.owner == mover and t.student]
            if students:
                found.setdefault("stone", []).append({"village": village, "count": len(students)})
    return {kind: sorted(facts, key=repr) for kind, facts in found.items()}


@functools.cache  # asked again for the same position (the played move, a better one)
def most_taken(after: Position, victim: str) -> int:
    """The most of ``victim``'s masters one journey of the player to move takes (by play)."""
    if after.is_over:
        return 0
    return max(
        (
            taken(after, play(after, a).position, victim)
            for a in after.legal_actions()
            if isinstance(a, Journey)
        ),
        default=0,
    )


def said(facts: tuple[Message, ...]) -> dict[str, list[dict[str, object]]]:
    found: dict[str, list[dict[str, object]]] = {}
    for fact in facts:
        params = {k: v for k, v in fact.params.items() if k != "player"}
        found.setdefault(fact_kind(fact), []).append(params)
    return {kind: sorted(facts, key=repr) for kind, facts in found.items()}


def check_threat(pos: Position, action: Action, facts: dict[str, list[dict[str, object]]]) -> int:
    """The threat fact is exact: the named journey takes ``count`` of the mover's masters,
    none takes more; returns the most taken."""
    mover = pos.to_move
    after = play(pos, action).position
    top = most_taken(after, mover)
    for threat in facts.pop("threat", []):
        assert threat["colour"] == after.to_move
        journey = Journey(str(threat["origin"]), str(threat["destination"]))
        lost = taken(after, play(after, journey).position, mover)
        assert lost == threat["count"] == top > 0
    return top


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_fact_of_a_move_is_true_exact_and_complete(seed: int) -> None:
    rng = random.Random(seed)
    checked = dict.fromkeys(FACT_KINDS, 0)
    for pos in positions(5, seed):
        actions = legal_actions(pos)
        journeys = [a for a in actions if isinstance(a, Journey)]
        others = rng.sample(actions, min(3, len(actions)))
        for action in dict.fromkeys([*journeys, *others]):
            mover = pos.to_move
            stated = move_facts(pos, action)
            for fact in stated:
                assert fact.key == f"review.fact_{fact_kind(fact)}"
                assert fact.params["player"] == mover
                checked[fact_kind(fact)] += 1
                for lang in ("en", "pl"):
                    assert str(fact.params["count"]) in fact.text(lang)
            facts = said(stated)
            top = check_threat(pos, action, facts)
            assert (top > 0) == ("threat" in said(stated))
            assert facts == expected_facts(pos, action)
            # the same action named as the better one, against another played action
            played = rng.choice(actions)
            stated_better = move_facts(pos, action, better=True, compare=played)
            better = said(stated_better)
            for fact in stated_better:
                assert fact.key == f"review.fact_{fact_kind(fact)}_better"
                checked[fact_kind(fact)] += 1
            played_top = most_taken(play(pos, played).position, mover)
            if "threat" in better:
                assert check_threat(pos, action, better) < played_top
            elif top < played_top:
                assert top == 0
            over = play(pos, action).position.is_over  # no next player: nothing to be safe from
            assert ("safe" in better) == (top == 0 < played_top and not over)
            better.pop("safe", None)
            assert better == expected_facts(pos, action)
    # the loop reaches the kinds that decide games (bounces and stones are rare at random)
    assert all(checked[kind] > 0 for kind in ("took", "gained", "for_nothing", "threat", "safe"))

"""Random games (hypothesis picks the seats and the seed; each move is uniform among the legal
actions) checked at every step against rules.md section 5 and against a small independent
reference model of the rules written from rules.md, not from the engine.

Hypothesis runs derandomized and without an example database, so CI is deterministic.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from shangrila_widget.rules import (
    BRIDGES,
    COLOURS,
    MASTER_TYPES,
    VILLAGES,
    Action,
    IllegalActionError,
    Journey,
    Pass,
    Place,
    Position,
    Recruit,
    apply_unchecked,
)
from tests.support.positions import FOUR, THREE
from tests.support.rules import assert_messages

# A seed is not worth shrinking (a smaller seed is another game): no shrink phase, so a
# failure is reported at once with its seats and seed.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
# Whole games (each about 140 positions, every one checked against the reference model with
# probes: about 2 s a game on a quiet machine), GAMES_PER_SEATING of each of the six seatings
# (a parameter, so that every seating is played and the games spread over the workers; 24
# games drawn from all six covered them about four times over at twice the cost).
# ``SHANGRILA_GAMES=200`` plays more (that many per seating).
GAMES_PER_SEATING = int(os.environ.get("SHANGRILA_GAMES", "0")) or 2
GAMES = settings(
    max_examples=GAMES_PER_SEATING,
    derandomize=True,
    database=None,
    deadline=None,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow],
)
SEATING_LIST = [
    FOUR,
    THREE,
    ("violet", "yellow", "blue", "red"),
    ("blue", "violet", "red"),
    ("yellow", "red", "violet"),
    ("violet", "blue", "yellow"),
]
SEATINGS = st.sampled_from(SEATING_LIST)

MAX_STEPS = 1000  # a game is far shorter (about 140 actions); this only bounds a bug

# ============================================================================ reference model
# Written from rules.md with the public accessors only.

Board = dict[tuple[str, str], tuple[str, bool]]  # (village, type) -> (owner, student)


def _board(pos: Position) -> Board:
    return {
        (v, t): (tile.owner, tile.student) for v in VILLAGES for t, tile in pos.tiles(v).items()
    }


def _in_play(pos: Position, v: str) -> bool:
    return not (len(pos.players) == 3 and v == "C")


def _open(pos: Position, v: str) -> bool:
    return _in_play(pos, v) and v not in pos.stones


def _intact(pos: Position, a: str, b: str) -> bool:
    return (a, b) in pos.bridges or (b, a) in pos.bridges


def _has_bridge(bridges: frozenset[tuple[str, str]], v: str) -> bool:
    return any(v in b for b in bridges)


def reference_legal(pos: Position, action: Action) -> bool:
    """Whether rules.md allows ``action`` for the player to move."""
    me = pos.to_move
    if pos.phase == "over":
        return False
    if pos.phase == "setup":
        if isinstance(action, Place):
            v, t = action.village, action.type
            row = pos.tiles(v)
            cap_colour, cap_total = (2, 3) if len(pos.players) == 4 else (1, 2)
            return (
                _open(pos, v)
                and pos.supply(me, t) == 6
                and t not in row
                and sum(tile.owner == me for tile in row.values()) < cap_colour
                and len(row) < cap_total
            )
        if isinstance(action, Pass):
            return not any(
                reference_legal(pos, Place(t, v)) for v in VILLAGES for t in MASTER_TYPES
            )
        return False
    if isinstance(action, Place):
        v, t = action.village, action.type
        return (
            _open(pos, v)
            and pos.supply(me, t) > 0
            and any(tile.owner == me for tile in pos.tiles(v).values())
            and pos.tile(v, t) is None
        )
    if isinstance(action, Recruit):
        students = action.students
        if not 1 <= len(students) <= 2 or len(set(students)) != len(students):
            return False
        need = Counter(t for t, _ in students)
        for t, v in students:
            tile = pos.tile(v, t)
            if not _open(pos, v) or tile is None or tile.owner != me or tile.student:
                return False
            if pos.supply(me, t) < need[t]:
                return False
        return True
    if isinstance(action, Journey):
        o, d = action.origin, action.destination
        return (
            o != d
            and _open(pos, o)
            and _open(pos, d)
            and _intact(pos, o, d)
            and any(tile.owner == me and tile.student for tile in pos.tiles(o).values())
        )
    assert isinstance(action, Pass)
    singles: list[Action] = [Place(t, v) for v in VILLAGES for t in MASTER_TYPES]
    singles += [Recruit(((t, v),)) for v in VILLAGES for t in MASTER_TYPES]
    singles += [Journey(a, b) for a, b in BRIDGES] + [Journey(b, a) for a, b in BRIDGES]
    return not any(reference_legal(pos, a) for a in singles)


def reference_play(pos: Position, action: Action) -> dict[str, Any]:
    """What rules.md says the position is after the legal ``action``."""
    board = _board(pos)
    supply = {(c, t): pos.supply(c, t) for c in pos.players for t in MASTER_TYPES}
    bridges = set(pos.bridges)
    stones = set(pos.stones)
    me = pos.to_move
    n = len(pos.players)
    phase = pos.phase
    passes = 0
    setup_turns = pos.setup_turns
    travellers: dict[tuple[str, str], str] = {}
    situation = None
    if isinstance(action, Place):
        board[action.village, action.type] = (me, False)
        supply[me, action.type] -= 1
    elif isinstance(action, Recruit):
        for t, v in action.students:
            board[v, t] = (me, True)
            supply[me, t] -= 1
    elif isinstance(action, Journey):
        o, d = action.origin, action.destination
        so, sd = pos.strength(o), pos.strength(d)
        mo, md = pos.masters_in(o), pos.masters_in(d)
        origin_wins = so > sd if so != sd else (mo > md if mo != md else False)
        situation = 1 if origin_wins else 2
        for t, tile in pos.tiles(o).items():
            if not tile.student:
                continue
            c = tile.owner
            board[o, t] = (c, False)
            there = pos.tile(d, t)
            if there is None:
                board[d, t] = (c, False)
                travellers[c, t] = "J-EMPTY"
            elif not origin_wins:
                supply[c, t] += 1
                travellers[c, t] = "J2-OCCUPIED"
            elif there.owner == c and not there.student:
                board[d, t] = (c, True)
                travellers[c, t] = "J1-OWN"
            elif there.owner == c:
                supply[c, t] += 1
                travellers[c, t] = "J1-OWN-FULL"
            else:
                supply[there.owner, t] += 2 if there.student else 1
                board[d, t] = (c, False)
                travellers[c, t] = "J1-OTHER"
        bridges -= {(o, d), (d, o)}
        for v in (o, d):
            if not _has_bridge(frozenset(bridges), v) and len(stones) < 12:
                stones.add(v)
        if not bridges or (pos.end_eleven and len(stones) >= 11):
            phase = "over"
    else:
        if phase == "play":
            passes = pos.passes + 1
            if passes == n:
                phase = "over"
    if pos.phase == "setup":
        setup_turns += 1
        if setup_turns == 7 * n:
            phase = "play"
    seat = pos.players.index(me)
    return {
        "board": board,
        "supply": supply,
        "bridges": frozenset(bridges),
        "stones": frozenset(stones),
        "phase": phase,
        "to_move": pos.players[(seat + 1) % n],
        "passes": passes,
        "travellers": travellers,
        "situation": situation,
    }


# ============================================================================ invariants


def assert_invariants(pos: Position, ended_by_end: bool) -> None:
    players = pos.players
    board = _board(pos)
    # 1. tiles on the board + supply = 6, for every player and type; nobody else has tiles
    for c in COLOURS:
        for t in MASTER_TYPES:
            on_board = sum(
                1 + student for (v, tt), (owner, student) in board.items() if tt == t and owner == c
            )
            if c in players:
                assert pos.supply(c, t) >= 0
                assert on_board + pos.supply(c, t) == 6, (c, t)
            else:
                assert on_board == 0
    # 2. a student lies on a master of its own colour and type, at most one: the JSON form
    #    can only say so, so check that the counts agree with it
    for v in VILLAGES:
        row = pos.tiles(v)
        assert pos.masters_in(v) == len(row)
        assert pos.strength(v) == len(row) + sum(tile.student for tile in row.values())
    # the out-of-play village stays empty and at peace
    if len(players) == 3:
        assert not pos.tiles("C") and pos.has_stone("C")
        assert not any("C" in b for b in pos.bridges)
    # 4. a stone lies exactly on every village without an intact bridge (END: all but one)
    isolated = {v for v in VILLAGES if not _has_bridge(pos.bridges, v)}
    if ended_by_end and not pos.end_eleven:
        assert not pos.bridges and len(pos.stones) == 12
        assert pos.stones <= isolated and len(isolated - pos.stones) == 1
    else:
        assert pos.stones == isolated
    assert len(pos.stones) <= 12
    # set-up limits
    if pos.phase == "setup":
        assert not any(student for _, student in board.values())
        cap_colour, cap_total = (2, 3) if len(players) == 4 else (1, 2)
        for v in VILLAGES:
            row = pos.tiles(v)
            assert len(row) <= cap_total
            assert all(sum(tile.owner == c for tile in row.values()) <= cap_colour for c in players)
        for c in players:
            assert all(pos.supply(c, t) in (5, 6) for t in MASTER_TYPES)


def assert_round_trips(pos: Position) -> None:
    again = Position.from_json(pos.to_json())
    assert again == pos and hash(again) == hash(pos)
    assert again.to_json() == pos.to_json()
    assert Position.from_dict(pos.to_dict()) == pos
    for c in pos.players:
        assert again.supplies(c) == pos.supplies(c)
    assert again.passes == pos.passes and again.setup_turns == pos.setup_turns


def random_action(rng: random.Random, listed: list[Action]) -> Action:
    """Any action of the whole action space, sometimes a near miss of a listed one."""
    kind = rng.randrange(5)
    if kind == 0:
        return Place(rng.choice(MASTER_TYPES), rng.choice(VILLAGES))
    if kind == 1:
        count = rng.choice((0, 1, 1, 2, 2, 2, 3))
        return Recruit(
            tuple((rng.choice(MASTER_TYPES), rng.choice(VILLAGES)) for _ in range(count))
        )
    if kind == 2:
        a, b = rng.choice(BRIDGES) if rng.random() < 0.7 else (rng.choice(VILLAGES),) * 2
        return Journey(a, b) if rng.random() < 0.5 else Journey(b, a)
    if kind == 3:
        return Pass()
    # a near miss: a listed action with one part changed
    base = rng.choice(listed) if listed else Pass()
    if isinstance(base, Place):
        return (
            Place(rng.choice(MASTER_TYPES), base.village)
            if rng.random() < 0.5
            else Place(base.type, rng.choice(VILLAGES))
        )
    if isinstance(base, Recruit):
        students = list(base.students)
        if rng.random() < 0.5:
            students.append(
                students[0] if rng.random() < 0.5 else (rng.choice(MASTER_TYPES), students[0][1])
            )
        else:
            students[0] = (students[0][0], rng.choice(VILLAGES))
        return Recruit(tuple(students))
    if isinstance(base, Journey):
        return Journey(base.origin, rng.choice(VILLAGES))
    return Journey(rng.choice(VILLAGES), rng.choice(VILLAGES))


def play_random_game(
    players: tuple[str, ...], seed: int, probes: int = 12
) -> tuple[Position, int, list[Action]]:
    rng = random.Random(seed)
    pos = Position.new_game(players)
    journeys = 0
    history: list[Action] = []
    assert_invariants(pos, False)
    for _ in range(MAX_STEPS):
        if pos.is_over:
            break
        listed = pos.legal_actions()
        # no duplicates; every listed action passes check() and the reference model
        assert listed and len(set(listed)) == len(listed)
        listed_set = set(listed)
        for action in listed:
            assert pos.check(action) is None, action
            assert reference_legal(pos, action), action
        assert (listed == [Pass()]) == (Pass() in listed_set)
        # a sample of the whole action space: refused exactly when unlisted, refusals
        # change nothing, and anyone but the player to move is refused
        snapshot = pos.to_json()
        for _ in range(probes):
            action = random_action(rng, listed)
            refusal = pos.check(action)
            assert (refusal is None) == (action in listed_set), (action, refusal)
            assert reference_legal(pos, action) == (action in listed_set), action
            if refusal is not None:
                assert_messages(refusal)
                try:
                    pos.play(action)
                except IllegalActionError as error:
                    assert error.rule == refusal.rule
                else:
                    raise AssertionError(f"{action} was played though refused")
                assert pos.to_json() == snapshot
        other = rng.choice([c for c in pos.players if c != pos.to_move])
        assert pos.check(listed[0], player=other).rule == "TURN-ORDER"
        assert pos.to_json() == snapshot

        action = rng.choice(listed)
        outcome = pos.play(action)
        after = outcome.position
        history.append(action)
        assert pos.to_json() == snapshot  # positions are values
        assert after == apply_unchecked(pos, action)  # fast path = checked path
        expected = reference_play(pos, action)
        assert _board(after) == expected["board"]
        assert {k: after.supply(*k) for k in expected["supply"]} == expected["supply"]
        assert after.bridges == expected["bridges"]
        assert after.stones == expected["stones"]
        assert after.phase == expected["phase"]
        assert after.to_move == expected["to_move"]
        assert after.passes == expected["passes"]
        assert outcome.situation == expected["situation"]
        events = outcome.events
        for event in events:
            assert_messages(event)
        assert {
            (e.params["colour"], e.params["type"]): e.rule for e in events if e.kind == "traveller"
        } == expected["travellers"]

        # 3. no village loses a master; 4. a journey removes exactly one bridge
        for v in VILLAGES:
            assert after.masters_in(v) >= pos.masters_in(v)
        if isinstance(action, Journey):
            journeys += 1
            assert len(pos.bridges) - len(after.bridges) == 1
            assert [e.rule for e in events].count("BRIDGE-COLLAPSE") == 1
        else:
            assert after.bridges == pos.bridges
        assert pos.stones <= after.stones
        ended_by_end = after.is_over and not isinstance(action, Pass)
        assert_invariants(after, ended_by_end)
        assert_round_trips(after)
        pos = after
    else:
        raise AssertionError(f"the game did not end in {MAX_STEPS} actions")
    return pos, journeys, history


# ============================================================================ the tests


@pytest.mark.parametrize("players", SEATING_LIST, ids="-".join)
@GAMES
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_invariant(players: tuple[str, ...], seed: int) -> None:
    end, journeys, history = play_random_game(players, seed)
    assert end.is_over
    assert end.legal_actions() == []
    assert end.check("pass").rule == "END"
    n = len(players)
    stalled = len(history) >= n and all(isinstance(a, Pass) for a in history[-n:])
    if stalled:  # END-STALL: a full round of forced passes
        assert journeys < {4: 23, 3: 20}[n] and end.bridges
    else:  # END: the last bridge is gone after exactly 23 (4p) or 20 (3p) journeys
        assert journeys == {4: 23, 3: 20}[n]
        assert not end.bridges and len(end.stones) == 12


@settings(max_examples=15, derandomize=True, database=None, deadline=None, phases=NO_SHRINK)
@given(players=SEATINGS, seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_with_the_eleven_stone_option(players: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    pos = Position.new_game(players, end_eleven=True)
    journeys = 0
    for _ in range(MAX_STEPS):
        if pos.is_over:
            break
        action = rng.choice(pos.legal_actions())
        journeys += isinstance(action, Journey)
        outcome = pos.play(action)
        pos = outcome.position
        assert Position.from_json(pos.to_json()) == pos
    assert pos.is_over
    # one bridge and its two villages remain: one journey fewer than the full game
    assert len(pos.bridges) == 1 and len(pos.stones) == 11
    assert journeys == {4: 22, 3: 19}[len(players)]
    assert [e.rule for e in outcome.events][-2] == "END-ELEVEN"


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(
    a=st.dictionaries(
        st.sampled_from(MASTER_TYPES), st.tuples(st.sampled_from(FOUR), st.booleans()), max_size=7
    ),
    b=st.dictionaries(
        st.sampled_from(MASTER_TYPES), st.tuples(st.sampled_from(FOUR), st.booleans()), max_size=7
    ),
    mover=st.sampled_from(FOUR),
)
def test_any_journey_matches_the_reference_model(
    a: dict[str, tuple[str, bool]], b: dict[str, tuple[str, bool]], mover: str
) -> None:
    """Random contents of A and B (every mix of colours, students, ties): the journey A-B
    resolves exactly as rules.md's table says."""

    def spaces(row: dict[str, tuple[str, bool]]) -> dict[str, dict[str, Any]]:
        return {t: {"owner": c, "student": s} for t, (c, s) in row.items()}

    data = {
        "format": "shangrila-position/1",
        "players": list(FOUR),
        "to_move": mover,
        "phase": "play",
        "villages": {"A": spaces(a), "B": spaces(b)},
    }
    pos = Position.from_dict(data)
    action = Journey("A", "B")
    legal = any(c == mover and s for c, s in a.values())
    assert (pos.check(action) is None) == legal
    if not legal:
        assert pos.check(action).rule == "JOURNEY-START"
        return
    outcome = pos.play(action)
    expected = reference_play(pos, action)
    after = outcome.position
    assert _board(after) == expected["board"]
    assert {k: after.supply(*k) for k in expected["supply"]} == expected["supply"]
    assert outcome.situation == expected["situation"]
    rules = [e.rule for e in outcome.events]
    assert rules[0] == "JOURNEY-ALL" and rules[-1] == "BRIDGE-COLLAPSE"
    sa, sb = pos.strength("A"), pos.strength("B")
    ma, mb = pos.masters_in("A"), pos.masters_in("B")
    assert rules[1] == (
        "JOURNEY-STRENGTH"
        if sa != sb
        else "JOURNEY-TIE-MASTERS"
        if ma != mb
        else "JOURNEY-TIE-DEFENDER"
    )
    assert {
        (e.params["colour"], e.params["type"]): e.rule
        for e in outcome.events
        if e.kind == "traveller"
    } == expected["travellers"]
    # the order of the travellers never matters; the engine reports them in type order
    order = [MASTER_TYPES.index(e.params["type"]) for e in outcome.events if e.kind == "traveller"]
    assert order == sorted(order)


def test_positions_are_immutable() -> None:
    pos = Position.new_game(FOUR)
    try:
        pos._turn = 3  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("a position could be changed")
    assert pos.to_move == "red"

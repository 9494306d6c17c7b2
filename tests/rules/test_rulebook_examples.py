"""The worked examples of rulebook-tour.md, position by position (their starts are the
package's tour data), and its scenarios (the tie-defender case is in ``test_rule_ids``).

Each step checks every occupied space of the board, strengths, whose turn it is, the
situation and the event rule ids in order, and the exact supply changes. The tour lets the
player the story needs act (``as_mover``), as the tour's stepper does.
"""

from __future__ import annotations

from shangrila_widget.rules import MASTER_TYPES, VILLAGES, Place, scores, winners
from tests.support.positions import as_mover, board, make, village, worked_example
from tests.support.rules import (
    SEVENTEEN_TIE,
    played,
    refused,
    rules_of,
    supply_delta,
    traveller_rules,
)

# ----------------------------------------------------------------------------- example 1


def test_example_1_placing_a_master() -> None:
    pos = worked_example(1)
    assert pos.bridges == make({}).bridges and not pos.stones

    # 1. Yellow places a Dragon Breeder in A
    outcome = played(pos, "place dragon_breeder A")
    assert rules_of(outcome) == ["PLACE-SPACE"]
    assert outcome.events[0].params == {
        "player": "yellow",
        "type": "dragon_breeder",
        "village": "A",
    }
    pos1 = outcome.position
    assert board(pos1) == {"A": "R:y D:y P:r", "D": "P:b", "E": "F:v"}
    assert supply_delta(pos, pos1) == {("yellow", "dragon_breeder"): -1}
    assert pos1.strength("A") == 3

    # 2. Red tries a Rainmaker in A: PLACE-SPACE (Yellow's Rainmaker is there)
    red = as_mover(pos1, "red")
    refusal = refused(red, "place rainmaker A", "PLACE-SPACE")
    assert refusal.params["owner"] == "yellow"

    # 3. Red places a Yeti Whisperer in A
    outcome = played(red, "place yeti_whisperer A")
    assert rules_of(outcome) == ["PLACE-SPACE"]
    pos3 = outcome.position
    assert board(pos3) == {"A": "R:y D:y P:r Y:r", "D": "P:b", "E": "F:v"}
    assert supply_delta(red, pos3) == {("red", "yeti_whisperer"): -1}
    assert pos3.to_move == "blue"

    # 4. Red tries to add a Healer as well: a move out of turn (the tour says PLACE-ONE)
    refused(pos3, "place healer A", "TURN-ORDER", player="red")

    # 5. Blue acts elsewhere: a Healer in D
    outcome = played(pos3, "place healer D", player="blue")
    pos5 = outcome.position
    assert board(pos5) == {"A": "R:y D:y P:r Y:r", "D": "P:b H:b", "E": "F:v"}
    assert pos5.to_move == "yellow"

    # 6. Violet tries any master in A: PLACE-PRESENCE; places an Astrologer in E instead
    violet = as_mover(pos5, "violet")
    for master_type in MASTER_TYPES:
        refused(violet, Place(master_type, "A"), "PLACE-PRESENCE")
    outcome = played(violet, "place astrologer E")
    end = outcome.position
    assert board(end) == {"A": "R:y D:y P:r Y:r", "D": "P:b H:b", "E": "A:v F:v"}
    assert village(end, "A") == "R:y D:y P:r Y:r"
    assert supply_delta(pos, end) == {
        ("yellow", "dragon_breeder"): -1,
        ("red", "yeti_whisperer"): -1,
        ("blue", "healer"): -1,
        ("violet", "astrologer"): -1,
    }


# ----------------------------------------------------------------------------- example 2


def test_example_2_recruiting() -> None:
    pos = worked_example(2)
    assert pos.strength("A") == 3 and pos.strength("B") == 1

    # 1. Yellow recruits a Rainmaker and a Yeti Whisperer student, both in A
    outcome = played(pos, "recruit rainmaker A yeti_whisperer A")
    assert rules_of(outcome) == ["RECRUIT-OWN", "RECRUIT-OWN"]
    pos1 = outcome.position
    assert board(pos1) == {"A": "R:y+ Y:y+ H:b", "B": "F:b", "D": "P:r", "E": "F:v"}
    assert pos1.strength("A") == 5 and pos1.masters_in("A") == 3
    assert supply_delta(pos, pos1) == {
        ("yellow", "rainmaker"): -1,
        ("yellow", "yeti_whisperer"): -1,
    }
    assert pos1.to_move == "violet"

    blue = as_mover(pos1, "blue")
    # variations at step 2
    refused(blue, "recruit rainmaker A", "RECRUIT-OWN")  # onto Yellow's master
    refused(as_mover(pos1, "yellow"), "recruit rainmaker A", "RECRUIT-ONE-PER-MASTER")
    refused(blue, "recruit healer A firekeeper B healer A", "RECRUIT-COUNT")

    # 2. Blue recruits a Healer student in A and a Firekeeper student in B
    outcome = played(blue, "recruit healer A firekeeper B")
    assert rules_of(outcome) == ["RECRUIT-OWN", "RECRUIT-OWN"]
    pos2 = outcome.position
    assert board(pos2) == {"A": "R:y+ Y:y+ H:b+", "B": "F:b+", "D": "P:r", "E": "F:v"}
    assert pos2.strength("A") == 6 and pos2.strength("B") == 2
    assert supply_delta(blue, pos2) == {("blue", "healer"): -1, ("blue", "firekeeper"): -1}

    # 3. Red and Violet act elsewhere
    pos3 = played(as_mover(pos2, "red"), "place healer D").position
    pos4 = played(as_mover(pos3, "violet"), "recruit firekeeper E").position
    assert board(pos4) == {"A": "R:y+ Y:y+ H:b+", "B": "F:b+", "D": "P:r H:r", "E": "F:v+"}


# ----------------------------------------------------------------------------- example 3


def test_example_3_journey_situation_1() -> None:
    pos = worked_example(3)
    assert pos.strength("A") == 8 and pos.masters_in("A") == 5
    assert pos.strength("B") == 5 and pos.tile("B", "dragon_breeder") is None
    assert pos.masters_of("red") == 2

    outcome = played(pos, "journey A B")
    assert outcome.situation == 1
    # the travellers resolve in type order; the rules say the order never matters
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J1-OTHER",
        "J-EMPTY",
        "J1-OTHER",
        "BRIDGE-COLLAPSE",
    ]
    assert outcome.events[0].params["travellers"] == [
        ["red", "rainmaker"],
        ["red", "dragon_breeder"],
        ["violet", "healer"],
    ]
    strength = outcome.events[1].params
    assert (strength["origin_strength"], strength["destination_strength"]) == (8, 5)
    assert traveller_rules(outcome) == {
        ("red", "dragon_breeder"): "J-EMPTY",
        ("red", "rainmaker"): "J1-OTHER",
        ("violet", "healer"): "J1-OTHER",
    }
    displaced = {
        e.params["type"]: (e.params["owner"], e.params["had_student"])
        for e in outcome.events
        if e.rule == "J1-OTHER"
    }
    assert displaced == {"rainmaker": ("yellow", True), "healer": ("blue", False)}

    end = outcome.position
    assert board(end) == {"A": "R:r A:y D:r Y:b H:v", "B": "R:r D:r P:y F:b H:v"}
    assert not end.bridge_intact("A", "B") and len(end.bridges) == 22
    assert end.stones == frozenset()  # A keeps D, F, K; B keeps C, E
    assert {c: end.masters_of(c) - pos.masters_of(c) for c in end.players} == {
        "red": 2,
        "violet": 1,
        "yellow": -1,
        "blue": -1,
    }
    assert supply_delta(pos, end) == {("yellow", "rainmaker"): 2, ("blue", "healer"): 1}
    assert end.to_move == "blue"


# ----------------------------------------------------------------------------- example 4


def test_example_4_journey_situation_2() -> None:
    pos = worked_example(4)
    assert pos.strength("A") == 7 and pos.strength("B") == 9
    assert pos.tile("B", "healer") is None

    outcome = played(pos, "journey A B")
    assert outcome.situation == 2
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J2-OCCUPIED",
        "J-EMPTY",
        "BRIDGE-COLLAPSE",
    ]
    assert traveller_rules(outcome) == {
        ("violet", "healer"): "J-EMPTY",
        ("red", "rainmaker"): "J2-OCCUPIED",
    }
    end = outcome.position
    assert board(end) == {"A": "R:r A:v P:v F:y H:v", "B": "R:v A:y+ D:v P:b+ Y:y+ F:b H:v"}
    assert end.strength("B") == 10 and end.masters_in("B") == 7
    assert supply_delta(pos, end) == {("red", "rainmaker"): 1}
    assert not end.bridge_intact("A", "B") and not end.stones


def test_example_4_the_threat_violet_strikes_first() -> None:
    """What if B's students journeyed into A first (9 > 7)? Blue's Priest and Yellow's
    Astrologer students knock out two Violet masters in A."""
    pos = as_mover(worked_example(4), "blue")
    outcome = played(pos, "journey B A")
    assert outcome.situation == 1
    assert traveller_rules(outcome) == {
        ("yellow", "astrologer"): "J1-OTHER",
        ("blue", "priest"): "J1-OTHER",
        ("yellow", "yeti_whisperer"): "J-EMPTY",
    }
    end = outcome.position
    assert board(end) == {"A": "R:r+ A:y P:b Y:y F:y H:v+", "B": "R:v A:y D:v P:b Y:y F:b"}
    assert supply_delta(pos, end) == {("violet", "astrologer"): 1, ("violet", "priest"): 1}


# ----------------------------------------------------------------------------- section 5


def test_scenario_tie_masters() -> None:
    pos = make({"A": "R:r+ A:b D:y P:v Y:b", "B": "R:b+ A:y+ D:v+"})
    assert (pos.strength("A"), pos.masters_in("A")) == (6, 5)
    assert (pos.strength("B"), pos.masters_in("B")) == (6, 3)
    outcome = played(pos, "journey A B")
    assert outcome.situation == 1
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-TIE-MASTERS",
        "J1-OTHER",
        "BRIDGE-COLLAPSE",
    ]


def test_scenario_own_master_and_full_master() -> None:
    pos = make({"A": "R:r+ D:r+ P:r", "B": "R:r D:r+"})
    outcome = played(pos, "journey A B")
    assert outcome.situation == 1
    assert traveller_rules(outcome) == {
        ("red", "rainmaker"): "J1-OWN",
        ("red", "dragon_breeder"): "J1-OWN-FULL",
    }
    assert board(outcome.position) == {"A": "R:r D:r P:r", "B": "R:r+ D:r+"}
    assert supply_delta(pos, outcome.position) == {("red", "dragon_breeder"): 1}


def test_scenario_blue_knocks_out_reds_own_master() -> None:
    pos = make({"A": "R:r+ D:b+ P:r", "B": "D:r A:y"})
    outcome = played(pos, "journey A B")
    assert outcome.events[0].rule == "JOURNEY-ALL"
    assert traveller_rules(outcome)[("blue", "dragon_breeder")] == "J1-OTHER"
    assert outcome.position.tile("B", "dragon_breeder") == ("blue", False)
    assert supply_delta(pos, outcome.position) == {("red", "dragon_breeder"): 1}


def test_scenario_last_bridge() -> None:
    stones = [v for v in VILLAGES if v not in "AB"]
    pos = make({"A": "R:r+ D:b", "B": "P:y", "C": "H:r"}, bridges=[("A", "B")], stones=stones)
    outcome = played(pos, "journey A B")
    rules = rules_of(outcome)
    assert rules[-3:] == ["STONE", "END", "SCORE"]
    assert rules.count("STONE") == 1  # one stone is left for the two isolated villages
    end = outcome.position
    assert end.is_over and len(end.stones) == 12 and not end.bridges
    assert winners(end) == ("red",) and scores(end)["red"] == (3, 3)


def test_scenario_score_tie_seventeen_in_seven_beats_seventeen_in_six() -> None:
    villages = {**SEVENTEEN_TIE, "A": "H:y+"}
    stones = [v for v in VILLAGES if v not in "AB"]
    pos = make(villages, bridges=[("A", "B")], stones=stones, to_move="yellow")
    outcome = played(pos, "journey A B")
    end = outcome.position
    assert scores(end)["red"] == (17, 7) and scores(end)["blue"] == (17, 6)
    assert winners(end) == ("red",)
    assert rules_of(outcome)[-2:] == ["END", "SCORE-TIE"]

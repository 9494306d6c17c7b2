"""Every rule id of rules.md: at least one legal case and one refused (or negative) case.

Refusals are asserted by rule id, through both ``check()`` and ``play()`` (which must leave
the position unchanged); outcomes by their event rule ids, the exact resulting tiles and the
exact supply changes. Every refusal and event met here has its English and Polish messages
checked (non-empty, different) by the helpers.
"""

from __future__ import annotations

import random

import pytest

from shangrila_widget.rules import (
    BRIDGES,
    MASTER_TYPES,
    VILLAGES,
    ActionParseError,
    IllegalActionError,
    Journey,
    Pass,
    Place,
    Position,
    PositionError,
    Recruit,
    ShangrilaError,
    apply_unchecked,
    parse_action,
    scores,
    winners,
)
from tests.support.positions import FOUR, THREE, as_mover, board, make, normal, village
from tests.support.rules import (
    SEVENTEEN_TIE,
    assert_messages,
    bridges_without,
    played,
    refused,
    rules_of,
    supply_delta,
    traveller_rules,
)

ALL_RULE_IDS = (
    "SETUP-PLAYERS SETUP-THREE SETUP-ORDER SETUP-ONE-OF-EACH SETUP-SPACE SETUP-CAP SETUP-STUCK "
    "TURN-ONE-ACTION TURN-ORDER TURN-PASS PEACE PLACE-SUPPLY PLACE-PRESENCE PLACE-SPACE "
    "PLACE-ONE RECRUIT-COUNT RECRUIT-OWN RECRUIT-ONE-PER-MASTER RECRUIT-SUPPLY JOURNEY-START "
    "JOURNEY-BRIDGE JOURNEY-ALL JOURNEY-STRENGTH JOURNEY-TIE-MASTERS JOURNEY-TIE-DEFENDER "
    "J-EMPTY J1-OWN J1-OWN-FULL J1-OTHER J2-OCCUPIED BRIDGE-COLLAPSE STONE END END-STALL "
    "SCORE SCORE-TIE END-ELEVEN"
).split()


def test_rules_reference_names_every_rule_id() -> None:
    """The package's rules reference (shown by the widget with each id) covers rules.md."""
    from shangrila_widget.rules.messages import rule_text, rule_title, rules_reference

    ids = [entry["id"] for entry in rules_reference()]
    assert sorted(ids) == sorted(ALL_RULE_IDS)
    for rule in ALL_RULE_IDS:
        for lang in ("en", "pl"):
            assert rule_text(rule, lang).strip() and rule_title(rule, lang).strip()
        assert rule_text(rule, "en") != rule_text(rule, "pl")


def _full_setup(players: tuple[str, ...], seed: int) -> tuple[Position, list[str]]:
    """Play a whole set-up with random legal placements; returns the end and who moved."""
    rng = random.Random(seed)
    pos = Position.new_game(players)
    movers = []
    while pos.phase == "setup":
        movers.append(pos.to_move)
        pos = pos.play(rng.choice(pos.legal_actions())).position
    return pos, movers


# ============================================================================ set-up


@pytest.mark.parametrize(
    "players",
    [
        FOUR,
        THREE,
        ("violet", "yellow", "blue", "red"),
        ("blue", "red", "violet"),
        ("yellow", "violet", "red"),
    ],
)
def test_setup_players_legal(players: tuple[str, ...]) -> None:
    pos = Position.new_game(players)
    assert pos.players == players
    assert pos.to_move == players[0] and pos.phase == "setup"
    for i in range(2 * len(players)):  # clockwise = the seating order, again and again
        assert pos.to_move == players[i % len(players)]
        pos = pos.play(pos.legal_actions()[0]).position


@pytest.mark.parametrize(
    "players",
    [
        [],
        ["red"],
        ["red", "blue"],
        ["red", "red", "blue"],
        ["red", "blue", "blue", "yellow"],
        ["red", "blue", "yellow", "violet", "red"],
        ["red", "blue", "pink"],
        "rby",
    ],
)
def test_setup_players_refused(players: list[str]) -> None:
    with pytest.raises(PositionError) as info:
        Position.new_game(players)
    assert info.value.path.startswith("players")
    data = make({}).to_dict()
    data["players"] = players
    with pytest.raises(PositionError) as info:
        Position.from_dict(data)
    assert info.value.path.startswith("players")


def test_setup_three_legal() -> None:
    three = Position.new_game(THREE)
    assert three.stones == frozenset({"C"})
    assert len(three.bridges) == 20
    assert not any("C" in b for b in three.bridges)
    assert not three.in_play("C")
    assert all(a.village != "C" for a in three.legal_actions())
    four = Position.new_game(FOUR)
    assert four.stones == frozenset() and len(four.bridges) == 23
    assert four.bridges == frozenset(BRIDGES)
    played(four, "place healer C")


def test_setup_three_refused() -> None:
    three = Position.new_game(THREE)
    for master_type in MASTER_TYPES:
        refused(three, Place(master_type, "C"), "SETUP-THREE")
    pos = make({"B": "R:r+"}, players=THREE, stones=["C"])
    assert pos.bridges == frozenset(bridges_without(players=3))
    for destination in ("C",):
        refused(pos, Journey("B", destination), "SETUP-THREE")
    refused(pos, "place astrologer C", "SETUP-THREE")
    refused(pos, "recruit rainmaker C", "SETUP-THREE")


@pytest.mark.parametrize("players", [FOUR, THREE])
def test_setup_order_legal(players: tuple[str, ...]) -> None:
    rng = random.Random(7)
    pos = Position.new_game(players)
    n = len(players)
    for turn in range(7 * n):
        assert pos.phase == "setup"
        assert pos.to_move == players[turn % n]
        actions = pos.legal_actions()
        assert actions and all(isinstance(a, Place) for a in actions)
        outcome = played(pos, rng.choice(actions))
        if turn < 7 * n - 1:
            assert rules_of(outcome) == ["SETUP-SPACE"]
        else:
            assert rules_of(outcome) == ["SETUP-SPACE", "SETUP-ORDER"]
        pos = outcome.position
    assert pos.phase == "play" and pos.to_move == players[0]
    assert sum(pos.strength(v) for v in VILLAGES) == 7 * n == {4: 28, 3: 21}[n]
    assert sum(pos.masters_of(c) for c in players) == 7 * n


def test_setup_order_refused() -> None:
    pos = Position.new_game(FOUR)
    for action in ("recruit healer A", "journey A B", "recruit healer A rainmaker B"):
        refused(pos, action, "SETUP-ORDER")
    # even with a master of one's own on the board, set-up allows placements only
    pos = make({"A": "H:r", "B": "H:b", "D": "H:y", "E": "H:v"}, phase="setup")
    assert pos.to_move == "red"
    refused(pos, "recruit healer A", "SETUP-ORDER")
    refused(pos, "journey A B", "SETUP-ORDER")


def test_setup_one_of_each_legal() -> None:
    pos, _ = _full_setup(FOUR, seed=3)
    for colour in FOUR:
        assert pos.supplies(colour) == {t: 5 for t in MASTER_TYPES}


def test_setup_one_of_each_refused() -> None:
    pos = Position.new_game(FOUR)
    for colour in FOUR:
        pos = pos.play(f"place healer {'ABDE'[FOUR.index(colour)]}").position
    assert pos.to_move == "red"
    refused(pos, "place healer F", "SETUP-ONE-OF-EACH")
    assert all(a.type != "healer" for a in pos.legal_actions())


def test_setup_space_legal() -> None:
    pos = Position.new_game(FOUR)
    outcome = played(pos, "place healer K")  # no presence needed during set-up
    assert rules_of(outcome) == ["SETUP-SPACE"]
    after = outcome.position
    assert board(after) == {"K": "H:r"}
    assert supply_delta(pos, after) == {("red", "healer"): -1}
    assert after.to_move == "blue"


def test_setup_space_refused() -> None:
    pos = Position.new_game(FOUR).play("place healer K").position
    refused(pos, "place healer K", "SETUP-SPACE")
    played(pos, "place firekeeper K")


def test_setup_cap_four_players() -> None:
    # two rounds done: every player has two masters in one village
    pos = make({"A": "R:r D:r", "B": "R:b D:b", "K": "R:y D:y", "L": "R:v D:v"}, phase="setup")
    assert pos.to_move == "red"
    refused(pos, "place priest A", "SETUP-CAP")  # 3rd red tile in A
    played(pos, "place priest B")  # 3rd tile in B, Red's first there
    full = make({"A": "R:r D:b P:y", "B": "D:v"}, phase="setup")
    # A holds 3 tiles in all: nobody may add a 4th during set-up
    assert full.to_move == "red"
    refusal = refused(full, "place healer A", "SETUP-CAP")
    assert refusal.key == "setup_cap_total"
    assert all(a.village != "A" for a in full.legal_actions())


def test_setup_cap_three_players() -> None:
    pos = make(
        {"A": "R:b D:y", "B": "R:r", "D": "D:r", "E": "D:b", "F": "R:y"},
        players=THREE,
        phase="setup",
        stones=["C"],
    )
    assert pos.to_move == "red"
    assert refused(pos, "place healer B", "SETUP-CAP").key == "setup_cap_colour"
    assert refused(pos, "place healer A", "SETUP-CAP").key == "setup_cap_total"
    played(pos, "place healer F")  # one Yellow tile there: a 2nd in all, Red's 1st


def test_setup_cap_is_for_setup_only() -> None:
    pos = make({"A": "R:r D:r P:r Y:b F:y", "B": "R:b", "D": "R:y", "E": "R:v"})
    outcome = played(pos, "place healer A")  # 4th Red master, 6th tile in A: fine in play
    assert village(outcome.position, "A") == "R:r D:r P:r Y:b F:y H:r"
    assert rules_of(outcome) == ["PLACE-SPACE"]


def _stuck_three() -> Position:
    """Red's 7th set-up turn: six Red tiles alone in six villages, the other six villages
    filled to the cap of two by Blue and Yellow; Red's Healer fits nowhere."""
    red = dict(zip("ABDEFG", "RADPYF"))
    blue = dict(zip("HIJKLM", "RADPYF"))
    yellow = dict(zip("HIJKLM", "ADPYFH"))
    villages = {v: f"{t}:r" for v, t in red.items()}
    villages.update({v: f"{blue[v]}:b {yellow[v]}:y" for v in blue})
    return make(villages, players=THREE, phase="setup", stones=["C"])


def test_setup_stuck_skips_with_tile_in_supply() -> None:
    pos = _stuck_three()
    assert pos.to_move == "red" and pos.setup_turns == 18
    assert pos.legal_actions() == [Pass()]
    for v in VILLAGES:
        # M's Healer space is Yellow's; everywhere else the space is free but capped
        expected = {"C": "SETUP-THREE", "M": "SETUP-SPACE"}.get(v, "SETUP-CAP")
        refused(pos, Place("healer", v), expected)
        refused(pos, Place("rainmaker", v), "SETUP-THREE" if v == "C" else "SETUP-ONE-OF-EACH")
    outcome = played(pos, "pass")
    assert rules_of(outcome) == ["SETUP-STUCK"]
    after = outcome.position
    assert after.phase == "setup" and after.to_move == "blue" and after.setup_turns == 19
    assert after.supply("red", "healer") == 6
    assert board(after) == board(pos) and supply_delta(pos, after) == {}
    assert Position.from_json(after.to_json()) == after
    # Blue and Yellow finish; the set-up ends after 21 turns with Red's Healer unplaced
    after = played(after, "place healer A").position
    last = played(after, "place rainmaker B")
    assert rules_of(last) == ["SETUP-SPACE", "SETUP-ORDER"]
    final = last.position
    assert final.phase == "play" and final.to_move == "red"
    assert final.supplies("red") == {**{t: 5 for t in MASTER_TYPES}, "healer": 6}
    assert final.supplies("blue") == {t: 5 for t in MASTER_TYPES}
    assert final.supplies("yellow") == {t: 5 for t in MASTER_TYPES}


def test_setup_stuck_refused_when_a_placement_exists() -> None:
    refused(Position.new_game(THREE), "pass", "SETUP-STUCK")
    refused(Position.new_game(FOUR), "pass", "SETUP-STUCK")
    data = _stuck_three().to_dict()
    del data["villages"]["M"]["healer"]  # a free space and no cap reached in M
    data["setup_turns"] = 18
    pos = Position.from_dict(data)
    assert pos.legal_actions() == [Place("healer", "M")]
    refused(pos, "pass", "SETUP-STUCK")


# ============================================================================ turns


def _midgame() -> Position:
    return make({"A": "R:y D:r P:r+", "D": "P:b", "E": "F:v", "B": "H:r"})


def test_turn_one_action_legal() -> None:
    pos = _midgame()
    for action in (
        "place healer A",
        "recruit healer B",
        "recruit healer B dragon_breeder A",
        "journey A B",
    ):
        after = played(pos, action).position
        assert after.to_move == "blue"  # exactly one action, then clockwise to the next
    pos = as_mover(pos, "violet")
    assert played(pos, "place rainmaker E").position.to_move == "red"  # wraps round


def test_turn_one_action_refused() -> None:
    pos = _midgame()
    after = pos.play("place healer A").position
    # Red's second action in the same turn is an action out of turn
    refused(after, "place yeti_whisperer A", "TURN-ORDER", player="red")
    with pytest.raises(ActionParseError):
        parse_action("place healer A yeti_whisperer A")  # two actions cannot be written


def test_turn_order() -> None:
    pos = _midgame()
    assert pos.check("place healer A", player="red") is None
    for other in ("blue", "yellow", "violet"):
        refusal = refused(pos, "place healer A", "TURN-ORDER", player=other)
        assert refusal.params["player"] == other and refusal.params["to_move"] == "red"
    played(pos, "place healer A", player="red")
    with pytest.raises(ShangrilaError):
        pos.check("place healer A", player="green")
    three = make({"A": "H:r"}, players=THREE, stones=["C"])
    with pytest.raises(ShangrilaError):
        three.check("place rainmaker A", player="violet")  # not seated


def _stalled(**extra: object) -> Position:
    """One bridge left, A-B, between two empty villages; every other village at peace."""
    return make(
        {"C": "H:r", "D": "H:b", "E": "A:y+"},
        bridges=[("A", "B")],
        stones=[v for v in VILLAGES if v not in "AB"],
        **extra,
    )


def test_turn_pass_legal_only_without_actions() -> None:
    pos = _stalled()
    assert pos.legal_actions() == [Pass()]
    outcome = played(pos, "pass")
    assert rules_of(outcome) == ["TURN-PASS"]
    assert outcome.position.passes == 1 and outcome.position.to_move == "blue"
    assert board(outcome.position) == board(pos) and supply_delta(pos, outcome.position) == {}


def test_turn_pass_refused_with_actions() -> None:
    refused(_midgame(), "pass", "TURN-PASS")
    refusal = refused(make({"A": "H:r"}), "pass", "TURN-PASS")
    assert refusal.params["count"] == len(make({"A": "H:r"}).legal_actions())


def _peaceful() -> Position:
    """K has no bridge left, so it has a stone; Red has tiles there and in A."""
    return make(
        {"K": "R:r+ D:r", "A": "P:r+ D:r", "L": "Y:b"},
        bridges=bridges_without(("A", "K"), ("F", "K"), ("K", "L")),
        stones=["K"],
    )


def test_peace_refused() -> None:
    pos = _peaceful()
    refused(pos, "place astrologer K", "PEACE")
    refused(pos, "recruit dragon_breeder K", "PEACE")
    refused(pos, "recruit dragon_breeder K dragon_breeder A", "PEACE")
    refused(pos, "journey K A", "PEACE")
    refused(pos, "journey A K", "PEACE")
    assert all("K" not in str(a) for a in pos.legal_actions())


def test_peace_tiles_stay_and_score() -> None:
    pos = _peaceful()
    after = played(pos, "journey A B").position
    assert village(after, "K") == "R:r+ D:r"
    assert scores(after)["red"] == (5, 3)  # K's two masters count, A's and B's too
    assert after.masters_of("red") == 5


# ============================================================================ place


@pytest.mark.parametrize("on_board", [5, 6])
def test_place_supply(on_board: int) -> None:
    villages = {v: "H:r" for v in "ABDEFG"[:on_board]}
    villages["I"] = "A:r"
    pos = make(villages)
    assert pos.supply("red", "healer") == 6 - on_board
    if on_board == 6:
        refused(pos, "place healer I", "PLACE-SUPPLY")
        assert Place("healer", "I") not in pos.legal_actions()
    else:
        after = played(pos, "place healer I").position
        assert after.supply("red", "healer") == 0 and village(after, "I") == "A:r H:r"


def test_place_presence() -> None:
    pos = make({"A": "R:y P:r", "D": "P:b", "E": "F:v"}, to_move="violet")
    for master_type in MASTER_TYPES:  # even onto a taken space, presence is checked first
        refused(pos, Place(master_type, "A"), "PLACE-PRESENCE")
    # a master carrying a student is presence too
    pos = make({"A": "R:y P:r+"})
    assert village(played(pos, "place healer A").position, "A") == "R:y P:r+ H:r"


def test_place_space() -> None:
    pos = make({"A": "R:y P:r", "D": "P:b", "E": "F:v"})
    refused(pos, "place rainmaker A", "PLACE-SPACE")  # Yellow's
    refused(pos, "place priest A", "PLACE-SPACE")  # Red's own
    outcome = played(pos, "place yeti_whisperer A")
    assert rules_of(outcome) == ["PLACE-SPACE"]
    assert village(outcome.position, "A") == "R:y P:r Y:r"
    assert supply_delta(pos, outcome.position) == {("red", "yeti_whisperer"): -1}


def test_place_one() -> None:
    pos = make({"A": "R:y P:r", "D": "P:b", "E": "F:v"})
    after = played(pos, "place yeti_whisperer A").position
    changed = [v for v in VILLAGES if village(after, v) != village(pos, v)]
    assert changed == ["A"] and after.strength("A") == pos.strength("A") + 1
    # a second master in the same turn: Red is no longer the player to move
    refused(after, "place healer A", "TURN-ORDER", player="red")
    with pytest.raises(ActionParseError):
        parse_action("place yeti_whisperer A healer A")


# ============================================================================ recruit


def _recruiting() -> Position:
    return make({"A": "R:y Y:y H:b", "B": "F:b", "D": "P:r", "E": "F:v"}, to_move="yellow")


def test_recruit_count_legal() -> None:
    pos = _recruiting()
    one = played(pos, "recruit rainmaker A")  # one is fine when two are possible
    assert rules_of(one) == ["RECRUIT-OWN"] and village(one.position, "A") == "R:y+ Y:y H:b"
    two = played(pos, "recruit rainmaker A yeti_whisperer A")
    assert rules_of(two) == ["RECRUIT-OWN", "RECRUIT-OWN"]
    assert village(two.position, "A") == "R:y+ Y:y+ H:b"


def test_recruit_count_refused() -> None:
    pos = make({"A": "R:r Y:r H:r", "B": "F:r"})
    refused(pos, "recruit rainmaker A yeti_whisperer A healer A", "RECRUIT-COUNT")
    refused(pos, Recruit(()), "RECRUIT-COUNT")
    refused(pos, "recruit R A Y A H A F B", "RECRUIT-COUNT")


def test_recruit_own() -> None:
    pos = as_mover(_recruiting(), "blue")
    refused(pos, "recruit rainmaker A", "RECRUIT-OWN")  # Yellow's master
    refused(pos, "recruit healer A rainmaker A", "RECRUIT-OWN")
    refused(pos, "recruit astrologer A", "RECRUIT-OWN")  # nobody's master
    outcome = played(pos, "recruit healer A firekeeper B")
    assert rules_of(outcome) == ["RECRUIT-OWN", "RECRUIT-OWN"]
    assert board(outcome.position) == {"A": "R:y Y:y H:b+", "B": "F:b+", "D": "P:r", "E": "F:v"}
    assert supply_delta(pos, outcome.position) == {
        ("blue", "healer"): -1,
        ("blue", "firekeeper"): -1,
    }


def test_recruit_one_per_master() -> None:
    pos = make({"A": "H:r+ R:r", "B": "H:r"})
    refused(pos, "recruit healer A", "RECRUIT-ONE-PER-MASTER")  # already has a student
    refused(pos, "recruit rainmaker A rainmaker A", "RECRUIT-ONE-PER-MASTER")  # same master
    refused(pos, "recruit healer B healer A", "RECRUIT-ONE-PER-MASTER")
    # the same type twice, on two masters in different villages
    outcome = played(make({"A": "H:r R:r", "B": "H:r"}), "recruit healer A healer B")
    assert board(outcome.position) == {"A": "R:r H:r+", "B": "H:r+"}
    assert outcome.position.supply("red", "healer") == 2


def test_recruit_supply() -> None:
    five = make({v: "H:r" for v in "ABDEF"})
    assert five.supply("red", "healer") == 1
    refusal = refused(five, "recruit healer A healer B", "RECRUIT-SUPPLY")
    assert refusal.params["have"] == 1 and refusal.params["needed"] == 2
    assert Recruit((("healer", "A"), ("healer", "B"))) not in five.legal_actions()
    after = played(five, "recruit healer A").position
    assert after.supply("red", "healer") == 0
    refused(as_mover(after, "red"), "recruit healer B", "RECRUIT-SUPPLY")
    six = make({v: "H:r" for v in "ABDEFG"})
    refused(six, "recruit healer A", "RECRUIT-SUPPLY")


# ============================================================================ journey


def _journey(a: str, b: str, *, mover: str = "red", action: str = "journey A B"):
    pos = make({"A": a, "B": b}, to_move=mover)
    outcome = played(pos, action)
    return pos, outcome


def test_journey_start() -> None:
    refused(make({"A": "R:r D:b+"}), "journey A B", "JOURNEY-START")  # only Blue's student
    refused(make({"A": "R:r D:r"}), "journey A B", "JOURNEY-START")  # masters only
    refused(make({"B": "R:r+"}), "journey A B", "JOURNEY-START")
    played(make({"A": "R:r D:b+ P:r+"}), "journey A B")


def test_journey_bridge() -> None:
    pos = make({"A": "R:r+"})
    assert refused(pos, "journey A M", "JOURNEY-BRIDGE").key == "not_neighbours"
    assert refused(pos, "journey A A", "JOURNEY-BRIDGE").key == "same_village"
    for neighbour in ("B", "D", "F", "K"):
        played(pos, Journey("A", neighbour))
    gone = make({"A": "R:r+"}, bridges=bridges_without(("A", "B")))
    assert refused(gone, "journey A B", "JOURNEY-BRIDGE").key == "bridge_gone"
    assert {a.destination for a in gone.legal_actions() if isinstance(a, Journey)} == {
        "D",
        "F",
        "K",
    }


def test_journey_all() -> None:
    # Red starts; Blue's student travels too and knocks out Red's own master
    pos, outcome = _journey("R:r+ D:b+ P:r", "D:r A:y")
    assert outcome.situation == 1
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J-EMPTY",
        "J1-OTHER",
        "BRIDGE-COLLAPSE",
    ]
    assert outcome.events[0].params["travellers"] == [
        ["red", "rainmaker"],
        ["blue", "dragon_breeder"],
    ]
    after = outcome.position
    assert village(after, "A") == "R:r D:b P:r"  # masters never move
    assert village(after, "B") == "R:r A:y D:b"
    assert supply_delta(pos, after) == {("red", "dragon_breeder"): 1}


def test_journey_all_gaining_nothing_is_legal() -> None:
    pos, outcome = _journey("R:r+ D:b+", "R:y D:y P:y A:y Y:y")
    assert outcome.situation == 2
    assert list(traveller_rules(outcome).values()) == ["J2-OCCUPIED", "J2-OCCUPIED"]
    after = outcome.position
    assert board(after) == {"A": "R:r D:b", "B": "R:y A:y D:y P:y Y:y"}
    assert supply_delta(pos, after) == {("red", "rainmaker"): 1, ("blue", "dragon_breeder"): 1}
    assert not after.bridge_intact("A", "B")


@pytest.mark.parametrize(
    ("a", "b", "situation"),
    [
        ("R:r+ D:b+", "P:y A:y F:y", 1),  # 4 > 3, though only 2 stay behind after moving
        ("R:r+", "P:y A:y F:y", 2),  # 2 < 3
        ("R:r+ D:r+ P:r+ A:r+", "R:b+ D:b+ P:b+ A:b+ H:b", 2),  # 8 < 9
    ],
)
def test_journey_strength(a: str, b: str, situation: int) -> None:
    _, outcome = _journey(a, b)
    assert outcome.situation == situation
    assert outcome.events[1].rule == "JOURNEY-STRENGTH"
    assert outcome.events[1].params["stronger"] == ("A" if situation == 1 else "B")


def test_journey_tie_masters() -> None:
    # 6 = 5 masters + 1 student against 6 = 3 masters + 3 students: start village stronger
    pos, outcome = _journey("R:r+ A:b D:y P:v Y:b", "R:b+ A:y+ D:v+")
    assert outcome.situation == 1 and outcome.events[1].rule == "JOURNEY-TIE-MASTERS"
    assert traveller_rules(outcome) == {("red", "rainmaker"): "J1-OTHER"}
    assert village(outcome.position, "B") == "R:r A:y+ D:v+"
    assert supply_delta(pos, outcome.position) == {("blue", "rainmaker"): 2}
    # the other way round the destination has more masters: situation 2
    pos = as_mover(pos, "blue")
    outcome = played(pos, "journey B A")
    assert outcome.situation == 2 and outcome.events[1].rule == "JOURNEY-TIE-MASTERS"
    assert set(traveller_rules(outcome).values()) == {"J2-OCCUPIED"}
    assert board(outcome.position) == {"A": "R:r+ A:b D:y P:v Y:b", "B": "R:b A:y D:v"}


def test_journey_tie_defender() -> None:
    # 3 = 2M + 1S on both sides: the destination is stronger; bounce off one's own master
    pos, outcome = _journey("R:r+ D:b", "R:r D:y+")
    assert outcome.situation == 2
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-TIE-DEFENDER",
        "J2-OCCUPIED",
        "BRIDGE-COLLAPSE",
    ]
    assert board(outcome.position) == {"A": "R:r D:b", "B": "R:r D:y+"}
    assert supply_delta(pos, outcome.position) == {("red", "rainmaker"): 1}
    # not a full tie: another rule decides
    _, other = _journey("R:r+ D:b P:b", "R:r D:y+")
    assert other.events[1].rule == "JOURNEY-STRENGTH" and other.situation == 1


@pytest.mark.parametrize("b", ["", "P:b", "P:b+ D:y"])
@pytest.mark.parametrize("a", ["R:r+ D:r", "R:r+"])
def test_j_empty_in_both_situations(a: str, b: str) -> None:
    pos, outcome = _journey(a, b)
    assert outcome.situation == (1 if pos.strength("A") > pos.strength("B") else 2)
    assert traveller_rules(outcome) == {("red", "rainmaker"): "J-EMPTY"}
    assert village(outcome.position, "B") == normal(b + " R:r")
    assert village(outcome.position, "A") == a.replace("+", "")
    assert supply_delta(pos, outcome.position) == {}


def test_j1_own() -> None:
    pos, outcome = _journey("R:r+ D:r", "R:r")
    assert outcome.situation == 1 and traveller_rules(outcome) == {("red", "rainmaker"): "J1-OWN"}
    assert board(outcome.position) == {"A": "R:r D:r", "B": "R:r+"}
    assert supply_delta(pos, outcome.position) == {}


def test_j1_own_full() -> None:
    pos, outcome = _journey("R:r+ D:r", "R:r+")
    assert outcome.situation == 1
    assert traveller_rules(outcome) == {("red", "rainmaker"): "J1-OWN-FULL"}
    assert board(outcome.position) == {"A": "R:r D:r", "B": "R:r+"}
    assert supply_delta(pos, outcome.position) == {("red", "rainmaker"): 1}


@pytest.mark.parametrize(("there", "back"), [("R:b", 1), ("R:b+", 2)])
def test_j1_other(there: str, back: int) -> None:
    pos, outcome = _journey("R:r+ D:r P:r", there)
    assert outcome.situation == 1
    assert traveller_rules(outcome) == {("red", "rainmaker"): "J1-OTHER"}
    event = [e for e in outcome.events if e.kind == "traveller"][0]
    assert event.params["owner"] == "blue" and event.params["had_student"] == (back == 2)
    assert board(outcome.position) == {"A": "R:r D:r P:r", "B": "R:r"}
    assert supply_delta(pos, outcome.position) == {("blue", "rainmaker"): back}


@pytest.mark.parametrize("there", ["R:b", "R:b+", "R:r", "R:r+"])
def test_j2_occupied(there: str) -> None:
    pos, outcome = _journey("R:r+", f"{there} A:y D:y")
    assert outcome.situation == 2
    assert traveller_rules(outcome) == {("red", "rainmaker"): "J2-OCCUPIED"}
    assert board(outcome.position) == {"A": "R:r", "B": normal(f"{there} A:y D:y")}
    assert supply_delta(pos, outcome.position) == {("red", "rainmaker"): 1}


def test_bridge_collapse() -> None:
    pos, outcome = _journey("R:r+ D:r", "R:r")
    after = outcome.position
    assert outcome.events[-1].rule == "BRIDGE-COLLAPSE"
    assert outcome.events[-1].params == {"a": "A", "b": "B"}
    assert pos.bridges - after.bridges == {("A", "B")} and len(after.bridges) == 22
    back = as_mover(after, "red")
    assert refused(back, "journey B A", "JOURNEY-BRIDGE").key == "bridge_gone"


def test_stone_one_village() -> None:
    pos = make({"K": "R:r+"}, bridges=bridges_without(("A", "K"), ("F", "K")))
    assert pos.stones == frozenset()
    outcome = played(pos, "journey K L")
    assert rules_of(outcome)[-2:] == ["BRIDGE-COLLAPSE", "STONE"]
    assert outcome.events[-1].params == {"village": "K", "count": 1}
    assert outcome.position.stones == frozenset({"K"})
    assert outcome.position.phase == "play"


def test_stone_two_villages_in_one_journey() -> None:
    bridges = bridges_without(("A", "B"), ("A", "D"), ("A", "F"), ("F", "K"), ("K", "L"))
    pos = make({"A": "R:r+", "K": "D:b"}, bridges=bridges)
    outcome = played(pos, "journey A K")
    assert rules_of(outcome)[-3:] == ["BRIDGE-COLLAPSE", "STONE", "STONE"]
    assert [e.params["village"] for e in outcome.events if e.rule == "STONE"] == ["A", "K"]
    assert outcome.position.stones == frozenset({"A", "K"})


def test_no_stone_while_a_bridge_remains() -> None:
    pos, outcome = _journey("R:r+", "")
    assert "STONE" not in rules_of(outcome)
    assert outcome.position.stones == frozenset()


# ============================================================================ end


def _last_bridge(players: tuple[str, ...] = FOUR, **villages: str) -> Position:
    stones = [v for v in VILLAGES if v not in "AB"]
    return make(villages, players=players, bridges=[("A", "B")], stones=stones)


@pytest.mark.parametrize("players", [FOUR, THREE])
def test_end_after_the_last_bridge(players: tuple[str, ...]) -> None:
    pos = _last_bridge(players, A="R:r+ D:b", B="P:y")
    assert len(pos.stones) == 11
    outcome = played(pos, "journey A B")
    assert rules_of(outcome) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J-EMPTY",
        "BRIDGE-COLLAPSE",
        "STONE",
        "END",
        "SCORE",
    ]
    after = outcome.position
    assert after.phase == "over" and after.is_over
    assert after.bridges == frozenset() and len(after.stones) == 12
    assert len({"A", "B"} - after.stones) == 1  # one stone is left for the last two
    assert after.legal_actions() == []
    for action in ("pass", "place healer A", "journey A B"):
        refused(after, action, "END")
    assert Position.from_json(after.to_json()) == after


def test_end_not_before_the_last_bridge() -> None:
    pos = make(
        {"A": "R:r+"},
        bridges=[("A", "B"), ("B", "E")],
        stones=[v for v in VILLAGES if v not in "ABE"],
    )
    outcome = played(pos, "journey A B")
    assert "END" not in rules_of(outcome) and outcome.position.phase == "play"
    assert len(outcome.position.stones) == 11


@pytest.mark.parametrize(("players", "journeys"), [(FOUR, 23), (THREE, 20)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_end_full_game_has_exactly_all_journeys(
    players: tuple[str, ...], journeys: int, seed: int
) -> None:
    rng = random.Random(seed)
    pos = Position.new_game(players)
    count = 0
    while not pos.is_over:
        action = rng.choice(pos.legal_actions())
        count += isinstance(action, Journey)
        pos = apply_unchecked(pos, action)
    assert count == journeys
    assert pos.bridges == frozenset() and len(pos.stones) == 12


def test_end_stall() -> None:
    pos = _stalled()
    for i in range(3):
        outcome = played(pos, "pass")
        assert rules_of(outcome) == ["TURN-PASS"]
        pos = outcome.position
        assert pos.phase == "play" and pos.passes == i + 1
    outcome = played(pos, "pass")
    assert rules_of(outcome) == ["TURN-PASS", "END-STALL", "SCORE-TIE"]
    end = outcome.position
    assert end.is_over and end.legal_actions() == []
    assert end.bridges == frozenset({("A", "B")})  # the bridge nobody could cross stays
    assert winners(end) == ("red", "blue", "yellow")  # 1 master in 1 village: shared win
    refused(end, "pass", "END")
    assert Position.from_json(end.to_json()) == end


def test_end_stall_needs_a_full_round() -> None:
    # two passes in a row, then Yellow can act: the count starts again
    pos = make(
        {"C": "H:r", "A": "H:y"},
        bridges=[("A", "B")],
        stones=[v for v in VILLAGES if v not in "AB"],
        to_move="yellow",
        passes=2,
    )
    refused(pos, "pass", "TURN-PASS")
    after = played(pos, "place rainmaker A").position
    assert after.passes == 0 and after.phase == "play"
    after = played(after, "pass").position  # Violet
    assert after.passes == 1 and after.phase == "play"


# ============================================================================ scoring


def _scored(**changes: str) -> tuple[Position, object]:
    villages = {**SEVENTEEN_TIE, **changes, "A": "H:y+"}
    pos = _last_bridge(**villages)
    pos = as_mover(pos, "yellow")
    return pos, played(pos, "journey A B")


def test_score_tie_broken_by_villages() -> None:
    pos, outcome = _scored()
    end = outcome.position
    assert scores(end) == {"red": (17, 7), "blue": (17, 6), "yellow": (2, 2), "violet": (0, 0)}
    assert winners(end) == ("red",)
    score = outcome.events[-1]
    assert score.rule == "SCORE-TIE" and score.params["winners"] == ["red"]
    assert rules_of(outcome)[-3:] == ["STONE", "END", "SCORE-TIE"]


def test_score_tie_shared_when_villages_tie_too() -> None:
    _, outcome = _scored(J="R:b A:b", E="R:r A:r D:r F:b")
    end = outcome.position
    assert scores(end)["red"] == (17, 7) and scores(end)["blue"] == (17, 7)
    assert winners(end) == ("red", "blue")
    assert outcome.events[-1].rule == "SCORE-TIE"
    assert outcome.events[-1].params["winners"] == ["red", "blue"]


def test_score_most_masters_wins() -> None:
    _, outcome = _scored(E="R:r A:r D:r F:b")  # Blue 18 masters in 7 villages
    end = outcome.position
    assert scores(end)["blue"] == (18, 7) and winners(end) == ("blue",)
    assert outcome.events[-1].rule == "SCORE"


def test_score_counts_masters_not_students() -> None:
    # Blue has the most tiles (4 students) but 4 masters; Red's 5 masters, all in villages
    # at peace, win; Blue's student bounces off Yellow's Rainmaker (situation 2)
    pos = _last_bridge(
        A="R:b+",
        B="R:y A:y Y:y P:y",
        C="H:b+ F:b+ D:b+",
        D="H:r",
        E="H:r",
        F="H:r",
        G="H:r",
        H="H:r",
    )
    outcome = played(as_mover(pos, "blue"), "journey A B")
    assert outcome.situation == 2
    end = outcome.position
    assert sum(end.strength(v) for v in "AC") == 7
    assert scores(end) == {"red": (5, 5), "blue": (4, 2), "yellow": (4, 1), "violet": (0, 0)}
    assert winners(end) == ("red",)
    assert rules_of(outcome)[-2:] == ["END", "SCORE"]
    assert outcome.events[-1].params["winners"] == ["red"]


def test_end_eleven_option() -> None:
    villages = {"A": "R:r+", "B": "H:b", "D": "H:y"}
    bridges = [("A", "B"), ("A", "D")]
    stones = [v for v in VILLAGES if v not in "ABD"]
    eleven = make(villages, bridges=bridges, stones=stones, options=["END-ELEVEN"])
    assert eleven.end_eleven and len(eleven.stones) == 10
    outcome = played(eleven, "journey A D")
    assert rules_of(outcome)[-4:] == ["BRIDGE-COLLAPSE", "STONE", "END-ELEVEN", "SCORE"]
    end = outcome.position
    assert end.is_over and end.bridges == frozenset({("A", "B")}) and len(end.stones) == 11
    assert Position.from_json(end.to_json()) == end
    # off by default: the same journey does not end the game
    default = make(villages, bridges=bridges, stones=stones)
    outcome = played(default, "journey A D")
    assert "END-ELEVEN" not in rules_of(outcome) and outcome.position.phase == "play"


def test_new_game_end_eleven_option_round_trips() -> None:
    pos = Position.new_game(FOUR, end_eleven=True)
    assert pos.to_dict()["options"] == ["END-ELEVEN"]
    assert Position.from_json(pos.to_json()) == pos and Position.from_json(pos.to_json()).end_eleven


def test_illegal_action_error_carries_rule() -> None:
    pos = make({"A": "R:y P:r"})
    with pytest.raises(IllegalActionError) as info:
        pos.play("place rainmaker A")
    assert info.value.rule == "PLACE-SPACE"
    assert isinstance(info.value, ValueError)
    assert_messages(info.value.refusal)
    assert "PLACE-SPACE" in str(info.value)

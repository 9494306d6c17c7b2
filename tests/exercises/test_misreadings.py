"""Each misreading on a hand-made position: it differs from the rules exactly where it should,
and the model without a misreading is the engine there."""

from __future__ import annotations

from typing import Any

import pytest

from shangrila_widget.exercises import MISREADINGS, engine_claims
from shangrila_widget.exercises.model import (
    journey_claims,
    legal_claims,
    turn_claims,
    winner_claims,
)
from shangrila_widget.rules import BRIDGES, Position


def _board(**villages: str) -> str:
    """The compact board: villages A-M, each "7" (empty) unless given."""
    return "/".join(villages.get(v, "7") for v in "ABCDEFGHIJKLM")


def _play(broken: str = "-", stones: str = "-", **villages: str) -> str:
    return f"rbyv r play {_board(**villages)} {broken} {stones}"


_ALL_BRIDGES = ".".join(a + b for a, b in BRIDGES)

#: misreading -> (position, action, {claim key: (the rules' value, the misreading's value)}):
#: exactly these claim keys differ. Type order in a village: R A D P Y F H; a capital letter
#: is a master with its student.
JOURNEY_CASES: dict[str, tuple[str, str, dict[str, Any]]] = {
    # A: 4 tiles, 2 masters; B: 3 tiles, 3 masters. By strength A; by masters alone B.
    "strength-masters-only": (
        _play(A="RR5", B="1bbb3"),
        "journey A B",
        {"situation": (1, 2), "masters": ({"blue": 2}, {"blue": 3})},
    ),
    # A: 4 with its 2 travellers, 2 without them; B: 2, with 2 masters: a full tie then.
    "travellers-not-counted": (
        _play(A="RR5", B="1bb4"),
        "journey A B",
        {"situation": (1, 2), "strength_rule": ("JOURNEY-STRENGTH", "JOURNEY-TIE-DEFENDER")},
    ),
    # 3 tiles and 2 masters each: the destination holds the tie.
    "tie-to-start": (_play(A="Rr5", B="1bB4"), "journey A B", {"situation": (2, 1)}),
    # 4 tiles each; A has 3 masters, B 2: A by the masters tie-break.
    "no-masters-tiebreak": (
        _play(A="Rrr4", B="1BB4"),
        "journey A B",
        {"situation": (1, 2), "strength_rule": ("JOURNEY-TIE-MASTERS", "JOURNEY-TIE-DEFENDER")},
    ),
    # Blue's student in A travels too, though Red moves.
    "only-own-students-travel": (
        _play(A="RB5"),
        "journey A B",
        {"masters": ({"blue": 2}, {"blue": 1})},
    ),
    # Red's two masters of A stay; only the student goes.
    "masters-travel": (
        _play(A="Rr5"),
        "journey A B",
        {
            "masters": ({"red": 3}, {"red": 2}),
            "spaces": (
                [["A", "rainmaker"], ["B", "rainmaker"]],
                [["A", "rainmaker"], ["A", "astrologer"], ["B", "rainmaker"], ["B", "astrologer"]],
            ),
        },
    ),
    # B is stronger, but an empty space takes the traveller all the same.
    "empty-space-bounces": (
        _play(A="R6", B="1bbb3"),
        "journey A B",
        {"masters": ({"red": 2}, {"red": 1})},
    ),
    # The student lands on Red's own Rainmaker in B: a pair, not two masters.
    "student-becomes-master": (
        _play(A="R6", B="r6"),
        "journey A B",
        {"masters": ({"red": 2}, {"red": 3})},
    ),
    # Blue's pair in B is driven out: both tiles go back to Blue's supply.
    "displaced-student-stays": (
        _play(A="RR5", B="B6"),
        "journey A B",
        {"supply": ({"blue": {"rainmaker": 6}}, {"blue": {"rainmaker": 5}})},
    ),
    # A's last bridge falls: A gets a stone.
    "bridge-stays": (
        _play("AD.AF.AK", A="R6"),
        "journey A B",
        {"stones": (["A"], [])},
    ),
    # A and B both lose their last bridge: two stones.
    "one-stone-only": (
        _play("AD.AF.AK.BC.BE", A="R6"),
        "journey A B",
        {"stones": (["A", "B"], ["B"])},
    ),
    # The 11th stone: F-K falls, one bridge (G-H) is left, the game goes on.
    "end-at-eleven": (
        "rbyv r play Ybyrvyr/1yvvvvv/yYbByY1/rbr1ryb/ByvvVV1/RbbrrvR/1YVVvvy/VBrrbBR/r1r1rbb/"
        "VrRrbRv/YVYYvyv/yvYrryV/VVrrRbb AB.AD.AF.AK.BC.BE.CE.CH.DE.DF.DI.EG.FL.GI.GJ.HJ.IL.IM."
        "JM.KL.LM ABCDEIJLM",
        "journey F K",
        {"over": (False, True)},
    ),
    # With the option END-ELEVEN (e11) the 11th stone ends the game; read as standard, not.
    "eleven-ignored": (
        "rbyv r play Ybyrvyr/1yvvvvv/yYbByY1/rbr1ryb/ByvvVV1/RbbrrvR/1YVVvvy/VBrrbBR/r1r1rbb/"
        "VrRrbRv/YVYYvyv/yvYrryV/VVrrRbb AB.AD.AF.AK.BC.BE.CE.CH.DE.DF.DI.EG.FL.GI.GJ.HJ.IL.IM."
        "JM.KL.LM ABCDEIJLM e11",
        "journey F K",
        {"over": (True, False)},
    ),
    # Blue's Rainmaker master in B is driven out: back to Blue's supply, not out of the game.
    "tiles-lost": (
        _play(A="RR5", B="b6"),
        "journey A B",
        {"supply": ({"blue": {"rainmaker": 6}}, {"blue": {"rainmaker": 5}})},
    ),
}

#: The keys each journey misreading changes besides those named (the villages and the
#: supplies that follow from them, the winners of a game that ends).
_ALSO = {
    "strength-masters-only": {"villages", "spaces", "supply"},
    "travellers-not-counted": {"villages", "spaces", "supply", "masters"},
    "only-own-students-travel": {"villages", "spaces"},
    "masters-travel": {"villages"},
    "empty-space-bounces": {"villages", "spaces", "supply"},
    "bridge-stays": {"bridges"},
    "end-at-eleven": {"winners"},
    "eleven-ignored": {"winners"},
}


def _part(value: Any, like: Any) -> Any:
    """``value`` cut down to the keys that ``like`` names (nested mappings)."""
    if isinstance(like, dict):
        return {k: _part(value[k], v) for k, v in like.items()}
    return value


def test_every_misreading_has_a_hand_made_case() -> None:
    cases = set(JOURNEY_CASES) | set(LEGAL_CASES) | set(TURN_CASES) | set(SCORE_CASES)
    cases |= set(STALL_CASES)
    assert cases == set(MISREADINGS)


@pytest.mark.parametrize("reading", sorted(JOURNEY_CASES))
def test_a_journey_misreading_on_its_position(reading: str) -> None:
    text, action, expected = JOURNEY_CASES[reading]
    pos = Position.from_compact(text)
    origin, destination = action.split()[1:]
    truth = engine_claims(pos, action)
    assert journey_claims(pos, origin, destination) == truth
    misread = journey_claims(pos, origin, destination, reading)
    changed = {k for k in truth.keys() | misread.keys() if truth.get(k) != misread.get(k)}
    assert changed == set(expected) | _ALSO.get(reading, set()), changed
    for key, (rules, wrong) in expected.items():
        assert _part(truth.get(key), rules) == rules, key
        assert _part(misread.get(key), wrong) == wrong, key


def _setup(**villages: str) -> str:
    placed = sum(1 for text in villages.values() for c in text if c.isalpha())
    players = "rbyv"
    return f"{players} {players[placed % 4]} setup {_board(**villages)} - -"


_RED_HEALERS = {v: "6r" for v in "ABDEFG"}

#: misreading -> (position, action, the rules' refusal, the misreading's): None is legal.
LEGAL_CASES: dict[str, tuple[str, str, str | None, str | None]] = {
    "recruit-during-setup": (
        _setup(A="6r", B="6b", D="6y", E="6v"),
        "recruit healer A",
        "SETUP-ORDER",
        None,
    ),
    # Taken to be in play, C still has its stone.
    "village-c-in-play": (
        "rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C",
        "place healer C",
        "SETUP-THREE",
        "PEACE",
    ),
    "setup-repeat-type": (
        _setup(A="6r", B="6b", D="6y", E="6v"),
        "place healer H",
        "SETUP-ONE-OF-EACH",
        None,
    ),
    "setup-caps-ignored": (
        _setup(A="5rr", B="5bb", D="5yy", E="5vv"),
        "place rainmaker A",
        "SETUP-CAP",
        None,
    ),
    # 3 players: Red's Healer already in A; a second Red tile there passes only the 4-player
    # caps (2 of one colour).
    "four-player-caps": (
        "rby r setup 6r/6b/7/6y/7/7/7/7/7/7/7/7/7 - C",
        "place rainmaker A",
        "SETUP-CAP",
        None,
    ),
    "place-on-taken-space": (_play(A="r6"), "place rainmaker A", "PLACE-SPACE", None),
    "peace-ignored": (_play("AB.AD.AF.AK", "A", A="r6"), "place astrologer A", "PEACE", None),
    "supply-unlimited": (_play(H="r6", **_RED_HEALERS), "place healer H", "PLACE-SUPPLY", None),
    "place-without-presence": (_play(A="r6"), "place rainmaker B", "PLACE-PRESENCE", None),
    # Three students on three of Red's own masters: all fine but their number.
    "recruit-any-number": (
        _play(A="r6", B="r6", D="r6"),
        "recruit rainmaker A rainmaker B rainmaker D",
        "RECRUIT-COUNT",
        None,
    ),
    "recruit-on-any-master": (_play(A="b6"), "recruit rainmaker A", "RECRUIT-OWN", None),
    "two-students-one-master": (
        _play(A="r6"),
        "recruit rainmaker A rainmaker A",
        "RECRUIT-ONE-PER-MASTER",
        None,
    ),
    "same-type-twice-refused": (
        _play(A="r6", B="r6"),
        "recruit rainmaker A rainmaker B",
        None,
        "RECRUIT-ONE-PER-MASTER",
    ),
    "journey-over-fallen-bridge": (_play("AB", A="R6"), "journey A B", "JOURNEY-BRIDGE", None),
    "master-alone-starts-journey": (_play(A="r6"), "journey A B", "JOURNEY-START", None),
    # B is stronger and holds Blue's Rainmaker: Red's traveller bounces, nothing is gained.
    "futile-journey-refused": (_play(A="R6", B="bbb4"), "journey A B", None, "JOURNEY-ALL"),
    "pass-any-time": (_play(A="R6"), "pass", "TURN-PASS", None),
}


@pytest.mark.parametrize("reading", sorted(LEGAL_CASES))
def test_a_legality_misreading_on_its_position(reading: str) -> None:
    text, action, rules, wrong = LEGAL_CASES[reading]
    pos = Position.from_compact(text)
    truth = engine_claims(pos, action)
    assert truth["rule"] == rules and truth["legal"] is (rules is None)
    assert legal_claims(pos, action) == {"legal": rules is None, "rule": rules}
    assert legal_claims(pos, action, reading) == {"legal": wrong is None, "rule": wrong}
    # Only its own rules are lifted: every other misreading reads this action as the rules do.
    for other in MISREADINGS.values():
        if other.kind == "legal" and not set(other.rules) & set(MISREADINGS[reading].rules):
            assert legal_claims(pos, action, other.key) == legal_claims(pos, action), other.key


def test_pass_during_set_up_is_refused_by_its_own_rule() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    assert engine_claims(pos, "pass")["rule"] == "SETUP-STUCK"
    assert legal_claims(pos, "pass", "pass-any-time") == {"legal": True, "rule": None}


TURN_CASES: dict[str, tuple[str, str, str, str]] = {
    # Red places a second master in A: Blue moves next, not Red again.
    "two-masters-one-turn": (_play(A="r6"), "place astrologer A", "blue", "red"),
    # Red recruits: the turn passes clockwise to Blue, not back to Violet.
    "turn-goes-back": (_play(A="r6"), "recruit rainmaker A", "blue", "violet"),
    # Red journeys: Blue moves next, Red does not act a second time.
    "same-player-again": (_play(A="R6"), "journey A B", "blue", "red"),
}


def test_the_turn_goes_back_to_the_last_seat_from_the_first() -> None:
    pos = Position.from_compact("rby y play r6/7/7/7/7/7/7/7/7/7/7/7/7 - C")
    pos = Position.from_compact(pos.to_compact())
    assert engine_claims(pos, "pass")["to_move"] == "red"
    assert turn_claims(pos, "pass", "turn-goes-back")["to_move"] == "blue"


@pytest.mark.parametrize("reading", sorted(TURN_CASES))
def test_a_turn_misreading_on_its_position(reading: str) -> None:
    text, action, rules, wrong = TURN_CASES[reading]
    pos = Position.from_compact(text)
    truth = engine_claims(pos, action)
    assert truth["to_move"] == rules
    assert turn_claims(pos, action) == {"legal": True, "rule": None, "to_move": rules}
    assert turn_claims(pos, action, reading) == {"legal": True, "rule": None, "to_move": wrong}


def test_a_second_master_is_not_thought_of_when_there_is_none_to_place() -> None:
    # Red's last free space in A is taken by the placement: no second master to misplace.
    pos = Position.from_compact(_play(A="rbbbbb1"))
    assert turn_claims(pos, "place healer A", "two-masters-one-turn")["to_move"] == "blue"


def _over(*villages: str) -> str:
    board = "/".join([*villages, *["7"] * (13 - len(villages))])
    return f"rbyv r over {board} {_ALL_BRIDGES} ABCDEFGHIJKL"


#: misreading -> (finished position, the rules' winners, the misreading's).
SCORE_CASES: dict[str, tuple[str, list[str], list[str]]] = {
    # Red: 3 masters in 1 village; Blue: 2 in 2.
    "most-villages-wins": (_over("rrr4", "b6", "b6"), ["red"], ["blue"]),
    # Red: 3 masters; Blue: 2 masters, each with a student.
    "students-score": (_over("rrr4", "BB5"), ["red"], ["blue"]),
    # 2 masters each; Red's in 2 villages, Blue's in 1.
    "no-village-tiebreak": (_over("rbb4", "r6"), ["red"], ["red", "blue"]),
}


@pytest.mark.parametrize("reading", sorted(SCORE_CASES))
def test_a_scoring_misreading_on_its_position(reading: str) -> None:
    text, rules, wrong = SCORE_CASES[reading]
    pos = Position.from_compact(text)
    assert engine_claims(pos, None) == {"over": True, "winners": rules}
    assert winner_claims(pos) == {"winners": rules}
    assert winner_claims(pos, reading) == {"winners": wrong}


def test_a_recruit_of_three_is_judged_by_the_model_as_by_the_engine() -> None:
    from random import Random

    from shangrila_widget.exercises.model import model_check
    from shangrila_widget.exercises.turn_questions import three_recruits as _three_recruits
    from shangrila_widget.rules import apply_unchecked, random_action
    from shangrila_widget.rules.actions import parse_action

    rng = Random(5)
    seen = set()
    for players in (3, 4):
        pos = Position.new_game(["red", "blue", "yellow", "violet"][:players])
        while not pos.is_over:
            for text in _three_recruits(pos, rng)[:4]:
                refusal = pos.check(text)
                expected = refusal.rule if refusal is not None else None
                assert model_check(pos, parse_action(text)) == expected, (pos.to_compact(), text)
                seen.add(expected)
                misread = legal_claims(pos, text, "recruit-any-number")["rule"]
                assert misread != "RECRUIT-COUNT"
            pos = apply_unchecked(pos, random_action(pos, rng))
    assert {"RECRUIT-COUNT", "SETUP-ORDER"} <= seen, seen


_BUT_LM = ".".join(a + b for a, b in BRIDGES if a + b != "LM" and "C" not in a + b)
_STALLED = "rby b play rr5/b6/7/r6/b6/y6/7/7/7/7/7/7/7 " + _BUT_LM + " ABCDEFGHIJK"

#: misreading -> (position: only bridge L-M is left, between two empty villages, and two
#: players have just had to pass; the rules' claims after the third pass, the misreading's).
STALL_CASES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "stall-continues": (
        _STALLED + " p2",
        {"legal": True, "rule": None, "over": True, "winners": ["red"]},
        {"legal": True, "rule": None, "to_move": "yellow", "over": False},
    ),
}


@pytest.mark.parametrize("reading", sorted(STALL_CASES))
def test_a_stall_misreading_on_its_position(reading: str) -> None:
    text, rules, wrong = STALL_CASES[reading]
    pos = Position.from_compact(text)
    truth = engine_claims(pos, "pass")
    assert {k: truth[k] for k in rules} == rules
    assert turn_claims(pos, "pass") == rules
    assert turn_claims(pos, "pass", reading) == wrong
    assert truth["over"] is not wrong["over"]


def test_a_pass_short_of_a_full_round_does_not_end_the_game() -> None:
    pos = Position.from_compact(_STALLED + " p1")
    assert engine_claims(pos, "pass")["over"] is False
    assert turn_claims(pos, "pass") == {"legal": True, "rule": None, "to_move": "yellow"}
    assert turn_claims(pos, "pass", "stall-continues") == turn_claims(pos, "pass")


def test_a_stalled_position_leaves_every_player_only_a_pass() -> None:
    from random import Random

    from shangrila_widget.exercises.turn_questions import stalled as _stalled
    from shangrila_widget.rules import Pass

    rng = Random(2)
    found = [p for p in (_stalled(rng, ("red", "blue", "yellow")) for _ in range(20)) if p]
    assert found
    for pos in found:
        assert pos.legal_actions() == [Pass()] and pos.passes == 2
        assert engine_claims(pos, "pass")["over"] is True


def test_the_4_player_caps_are_no_misreading_in_a_4_player_game() -> None:
    pos = Position.from_compact(_setup(A="6r", B="6b", D="6y", E="6v"))
    assert legal_claims(pos, "place rainmaker A") == {"legal": True, "rule": None}
    assert legal_claims(pos, "place rainmaker A", "four-player-caps") == legal_claims(
        pos, "place rainmaker A"
    )

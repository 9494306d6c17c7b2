"""The rulebook tour's chapters: they load, and they reach the positions of rulebook-tour.md.

Loading a chapter already replays every step against the engine (``TourDataError`` on any
disagreement); these tests pin down what the spec fixes on top of that: the exact spaces of
the start and end positions, strengths, situations, event rule ids, supply changes, and the
rule ids each short scenario must end with. They also check the teaching texts (both
languages, different) and that every rule id and highlight names something real.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any, cast

import pytest

from shangrila_widget.rules import BRIDGES, MASTER_TYPES, VILLAGES, Colour, Position, Tile
from shangrila_widget.tour import Chapter, Frame, TourDataError, chapter_from_dict, load_chapters
from tests.support.positions import chapter
from tests.support.rules import supply_delta

ORDER = [
    "placing-a-master",
    "recruiting-students",
    "journey-situation-1",
    "journey-situation-2",
    "tie-broken-by-masters",
    "full-tie-defender-wins",
    "onto-own-master",
    "opponent-student-knocks-out-own-master",
    "last-bridge",
    "tie-broken-by-villages",
]
COLOURS4 = ("red", "blue", "yellow", "violet")
RULE_IDS = {
    entry["id"]
    for entry in json.loads(
        resources.files("shangrila_widget").joinpath("data/rules.json").read_text("utf-8")
    )["rules"]
}


def tile(owner: str, student: bool = False) -> Tile:
    """A tile of the rules' API (the positions' JSON form is ``tests.support.positions.M``)."""
    return Tile(cast(Colour, owner), student)


def raw_chapter(chapter_id: str) -> dict[str, Any]:
    folder = resources.files("shangrila_widget").joinpath("data/tour")
    for entry in folder.iterdir():
        if entry.name.endswith(f"-{chapter_id}.json"):
            data: dict[str, Any] = json.loads(entry.read_text("utf-8"))
            return data
    raise KeyError(chapter_id)


def journey_frame(c: Chapter) -> Frame:
    """The chapter's one legal journey."""
    frames = [f for f in c.frames[1:] if f.outcome is not None and f.outcome.situation is not None]
    assert len(frames) == 1, c.id
    return frames[0]


def event_rules(frame: Frame) -> list[str]:
    assert frame.outcome is not None
    return [e.rule for e in frame.outcome.events]


def travellers(frame: Frame) -> dict[str, tuple[str, str, str | None]]:
    """type -> (traveller rule, traveller colour, displaced owner or None)."""
    assert frame.outcome is not None
    return {
        e.params["type"]: (e.rule, e.params["colour"], e.params.get("owner"))
        for e in frame.outcome.events
        if e.kind == "traveller"
    }


def strength_event(frame: Frame) -> Any:
    assert frame.outcome is not None
    (event,) = [e for e in frame.outcome.events if e.kind == "strength"]
    return event


def masters_delta(before: Position, after: Position) -> dict[str, int]:
    return {c: after.masters_of(c) - before.masters_of(c) for c in COLOURS4}


def steps_summary(c: Chapter) -> list[tuple[str, str, str]]:
    return [(s.player, str(s.action), s.expect) for s in c.steps]


# ----------------------------------------------------------------------------- loading


def test_every_chapter_loads_in_order() -> None:
    chapters = load_chapters()
    assert [c.id for c in chapters] == ORDER
    for c in chapters:
        assert len(c.frames) == len(c.steps) + 1
        assert c.frames[0].step is None and c.frames[0].position == c.start


def test_file_names_are_numbered_ids() -> None:
    folder = resources.files("shangrila_widget").joinpath("data/tour")
    names = sorted(e.name for e in folder.iterdir() if e.name.endswith(".json"))
    assert names == [f"{n:02d}-{cid}.json" for n, cid in enumerate(ORDER, 1)]


@pytest.mark.parametrize("chapter_id", ORDER)
def test_each_chapter_file_replays_on_its_own(chapter_id: str) -> None:
    c = chapter_from_dict(raw_chapter(chapter_id))
    assert c.id == chapter_id
    assert [f.position for f in c.frames] == [f.position for f in chapter(chapter_id).frames]


@pytest.mark.parametrize("chapter_id", ORDER)
def test_refused_steps_change_nothing_and_legal_ones_do(chapter_id: str) -> None:
    c = chapter(chapter_id)
    for previous, frame in zip(c.frames, c.frames[1:]):
        assert frame.step is not None
        if frame.step.expect == "legal":
            assert frame.refusal is None and frame.outcome is not None
            assert frame.position != previous.position
        else:
            assert frame.outcome is None and frame.refusal is not None
            assert frame.refusal.rule == frame.step.expect
            assert frame.position == previous.position


# ----------------------------------------------------------------------------- example 1


def test_placing_a_master() -> None:
    c = chapter("placing-a-master")
    start = c.start
    assert start.players == COLOURS4 and start.phase == "play"
    assert start.tiles("A") == {"rainmaker": tile("yellow"), "priest": tile("red")}
    assert start.tiles("D") == {"priest": tile("blue")}
    assert start.tiles("E") == {"firekeeper": tile("violet")}
    assert len(start.bridges) == len(BRIDGES)
    assert steps_summary(c) == [
        ("yellow", "place dragon_breeder A", "legal"),
        ("red", "place rainmaker A", "PLACE-SPACE"),
        ("red", "place yeti_whisperer A", "legal"),
        ("red", "place healer A", "TURN-ORDER"),
        ("blue", "place healer D", "legal"),
        ("violet", "place firekeeper A", "PLACE-PRESENCE"),
        ("violet", "place astrologer E", "legal"),
    ]
    out_of_turn = c.steps[3]
    assert out_of_turn.out_of_turn and out_of_turn.teaches == ("PLACE-ONE",)
    # Red really did just play: the engine refuses because Blue is to move.
    assert c.frames[4].before is not None and c.frames[4].before.to_move == "blue"
    assert "PLACE-ONE" in c.frames[4].rule_ids and "TURN-ORDER" in c.frames[4].rule_ids
    assert [s.out_of_turn for s in c.steps].count(True) == 1
    end = c.frames[-1].position
    assert end.tiles("A") == {
        "rainmaker": tile("yellow"),
        "dragon_breeder": tile("yellow"),
        "priest": tile("red"),
        "yeti_whisperer": tile("red"),
    }
    assert end.tiles("D") == {"priest": tile("blue"), "healer": tile("blue")}
    assert end.tiles("E") == {"astrologer": tile("violet"), "firekeeper": tile("violet")}
    assert [v for v in VILLAGES if end.tiles(v)] == ["A", "D", "E"]


# ----------------------------------------------------------------------------- example 2


def test_recruiting_students() -> None:
    c = chapter("recruiting-students")
    start = c.start
    assert start.tiles("A") == {
        "rainmaker": tile("yellow"),
        "yeti_whisperer": tile("yellow"),
        "healer": tile("blue"),
    }
    assert start.tiles("B") == {"firekeeper": tile("blue")}
    assert start.tiles("D") == {"priest": tile("red")}
    assert start.tiles("E") == {"firekeeper": tile("violet")}
    assert [(s.player, s.expect) for s in c.steps] == [
        ("yellow", "legal"),
        ("blue", "RECRUIT-OWN"),
        ("yellow", "RECRUIT-ONE-PER-MASTER"),
        ("blue", "RECRUIT-COUNT"),
        ("blue", "legal"),
        ("red", "legal"),
        ("violet", "legal"),
    ]
    after_yellow = c.frames[1].position
    assert str(c.steps[0].action) == "recruit rainmaker A yeti_whisperer A"
    assert after_yellow.tile("A", "rainmaker") == tile("yellow", True)
    assert after_yellow.tile("A", "yeti_whisperer") == tile("yellow", True)
    assert after_yellow.strength("A") == 5
    assert len(c.steps[3].action.students) == 3  # type: ignore[union-attr]
    after_blue = c.frames[5].position
    assert str(c.steps[4].action) == "recruit healer A firekeeper B"
    assert after_blue.tiles("A") == {
        "rainmaker": tile("yellow", True),
        "yeti_whisperer": tile("yellow", True),
        "healer": tile("blue", True),
    }
    assert after_blue.tiles("B") == {"firekeeper": tile("blue", True)}
    assert (after_blue.strength("A"), after_blue.strength("B")) == (6, 2)
    # Red and Violet act elsewhere: A and B stay as they are.
    end = c.frames[-1].position
    assert end.tiles("A") == after_blue.tiles("A") and end.tiles("B") == after_blue.tiles("B")
    for step in c.steps[5:]:
        assert all(v not in ("A", "B") for v in _villages_of(step.action))


def _villages_of(action: Any) -> list[str]:
    if hasattr(action, "students"):
        return [v for _, v in action.students]
    return [action.village]


# ----------------------------------------------------------------------------- example 3


def test_journey_situation_1() -> None:
    c = chapter("journey-situation-1")
    start = c.start
    assert start.to_move == "red"
    assert start.tiles("A") == {
        "rainmaker": tile("red", True),
        "astrologer": tile("yellow"),
        "dragon_breeder": tile("red", True),
        "yeti_whisperer": tile("blue"),
        "healer": tile("violet", True),
    }
    assert start.tiles("B") == {
        "rainmaker": tile("yellow", True),
        "priest": tile("yellow"),
        "firekeeper": tile("blue"),
        "healer": tile("blue"),
    }
    assert (start.strength("A"), start.masters_in("A"), start.strength("B")) == (8, 5, 5)
    assert start.tile("B", "dragon_breeder") is None
    assert [v for v in VILLAGES if start.tiles(v)] == ["A", "B"]

    frame = journey_frame(c)
    assert frame.step is not None and frame.step.player == "red"
    assert str(frame.step.action) == "journey A B"
    assert frame.outcome is not None and frame.outcome.situation == 1
    assert event_rules(frame) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J1-OTHER",  # Red Rainmaker (the engine resolves in type order)
        "J-EMPTY",  # Red Dragon Breeder
        "J1-OTHER",  # Violet Healer
        "BRIDGE-COLLAPSE",
    ]
    assert travellers(frame) == {
        "dragon_breeder": ("J-EMPTY", "red", None),
        "rainmaker": ("J1-OTHER", "red", "yellow"),
        "healer": ("J1-OTHER", "violet", "blue"),
    }
    end = frame.position
    assert end.tiles("A") == {
        "rainmaker": tile("red"),
        "astrologer": tile("yellow"),
        "dragon_breeder": tile("red"),
        "yeti_whisperer": tile("blue"),
        "healer": tile("violet"),
    }
    assert end.tiles("B") == {
        "rainmaker": tile("red"),
        "dragon_breeder": tile("red"),
        "priest": tile("yellow"),
        "firekeeper": tile("blue"),
        "healer": tile("violet"),
    }
    assert not end.bridge_intact("A", "B")
    assert all(end.bridge_intact(*b) for b in (("A", "D"), ("A", "F"), ("A", "K")))
    assert all(end.bridge_intact(*b) for b in (("B", "C"), ("B", "E")))
    assert end.stones == frozenset()
    assert masters_delta(start, end) == {"red": 2, "violet": 1, "yellow": -1, "blue": -1}
    assert supply_delta(start, end) == {("yellow", "rainmaker"): 2, ("blue", "healer"): 1}
    # The refused variation before it: Yellow has only a master in A.
    assert [s.expect for s in c.steps] == ["JOURNEY-START", "legal"]
    assert c.steps[0].player == "yellow"


# ----------------------------------------------------------------------------- example 4


def test_journey_situation_2() -> None:
    c = chapter("journey-situation-2")
    start = c.start
    assert start.to_move == "violet"
    start_b = {
        "rainmaker": tile("violet"),
        "astrologer": tile("yellow", True),
        "dragon_breeder": tile("violet"),
        "priest": tile("blue", True),
        "yeti_whisperer": tile("yellow", True),
        "firekeeper": tile("blue"),
    }
    assert start.tiles("A") == {
        "rainmaker": tile("red", True),
        "astrologer": tile("violet"),
        "priest": tile("violet"),
        "firekeeper": tile("yellow"),
        "healer": tile("violet", True),
    }
    assert start.tiles("B") == start_b
    assert (start.strength("A"), start.strength("B")) == (7, 9)
    assert start.tile("B", "healer") is None

    frame = journey_frame(c)
    assert frame.step is not None and frame.step.player == "violet"
    assert str(frame.step.action) == "journey A B"
    assert frame.outcome is not None and frame.outcome.situation == 2
    assert event_rules(frame) == [
        "JOURNEY-ALL",
        "JOURNEY-STRENGTH",
        "J2-OCCUPIED",  # Red Rainmaker
        "J-EMPTY",  # Violet Healer
        "BRIDGE-COLLAPSE",
    ]
    assert travellers(frame)["healer"] == ("J-EMPTY", "violet", None)
    assert travellers(frame)["rainmaker"][:2] == ("J2-OCCUPIED", "red")
    end = frame.position
    assert end.tiles("A") == {
        "rainmaker": tile("red"),
        "astrologer": tile("violet"),
        "priest": tile("violet"),
        "firekeeper": tile("yellow"),
        "healer": tile("violet"),
    }
    assert end.tiles("B") == {**start_b, "healer": tile("violet")}
    assert len(end.tiles("B")) == 7 and end.strength("B") == 10
    assert supply_delta(start, end) == {("red", "rainmaker"): 1}
    assert not end.bridge_intact("A", "B")
    # And the threat from B is gone: Blue cannot cross back.
    last = c.frames[-1]
    assert last.step is not None and last.step.player == "blue"
    assert last.refusal is not None and last.refusal.rule == "JOURNEY-BRIDGE"


# ----------------------------------------------------------------------------- section 5


def test_tie_on_strength_broken_by_masters() -> None:
    c = chapter("tie-broken-by-masters")
    frame = journey_frame(c)
    before = frame.before
    assert before is not None and frame.step is not None
    origin, destination = frame.step.action.origin, frame.step.action.destination  # type: ignore[union-attr]
    assert before.strength(origin) == before.strength(destination) == 6
    assert (before.masters_in(origin), before.masters_in(destination)) == (5, 3)
    assert strength_event(frame).rule == "JOURNEY-TIE-MASTERS"
    assert frame.outcome is not None and frame.outcome.situation == 1
    assert "JOURNEY-TIE-MASTERS" in frame.rule_ids


def test_full_tie_the_destination_wins() -> None:
    c = chapter("full-tie-defender-wins")
    frame = journey_frame(c)
    before = frame.before
    assert before is not None and frame.step is not None
    origin, destination = frame.step.action.origin, frame.step.action.destination  # type: ignore[union-attr]
    assert before.strength(origin) == before.strength(destination)
    assert before.masters_in(origin) == before.masters_in(destination)
    assert strength_event(frame).rule == "JOURNEY-TIE-DEFENDER"
    assert frame.outcome is not None and frame.outcome.situation == 2
    # A traveller bounces even off its own master.
    bounced = [
        t
        for t, (rule, colour, _) in travellers(frame).items()
        if rule == "J2-OCCUPIED" and before.tile(destination, t) == tile(colour)
    ]
    assert bounced


def test_onto_ones_own_master() -> None:
    c = chapter("onto-own-master")
    frame = journey_frame(c)
    before, after = frame.before, frame.position
    assert before is not None and frame.step is not None
    destination = frame.step.action.destination  # type: ignore[union-attr]
    assert frame.outcome is not None and frame.outcome.situation == 1
    rules = {rule: (t, colour) for t, (rule, colour, _) in travellers(frame).items()}
    assert {"J1-OWN", "J1-OWN-FULL"} <= set(rules)
    t, colour = rules["J1-OWN"]
    assert before.tile(destination, t) == tile(colour) and after.tile(destination, t) == tile(
        colour, True
    )
    t, colour = rules["J1-OWN-FULL"]
    assert before.tile(destination, t) == tile(colour, True) == after.tile(destination, t)
    assert supply_delta(before, after) == {(colour, t): 1}


def test_an_opponents_student_knocks_out_the_movers_own_master() -> None:
    c = chapter("opponent-student-knocks-out-own-master")
    frame = journey_frame(c)
    assert frame.step is not None and frame.step.player == "red"
    assert frame.outcome is not None and frame.outcome.situation == 1
    assert {"JOURNEY-ALL", "J1-OTHER"} <= set(event_rules(frame))
    knocked = [
        (t, colour)
        for t, (rule, colour, owner) in travellers(frame).items()
        if rule == "J1-OTHER" and owner == "red"
    ]
    assert knocked and all(colour != "red" for _, colour in knocked)
    (journey_event,) = [e for e in frame.outcome.events if e.rule == "JOURNEY-ALL"]
    assert {colour for colour, _ in journey_event.params["travellers"]} >= {"red", "blue"}


def test_the_last_bridge() -> None:
    c = chapter("last-bridge")
    start = c.start
    assert start.players == COLOURS4
    (bridge,) = start.bridges
    assert len(start.stones) == 11
    assert start.stones == frozenset(v for v in VILLAGES if v not in bridge)
    frame = journey_frame(c)
    assert frame.step is not None and set(bridge) == {
        frame.step.action.origin,  # type: ignore[union-attr]
        frame.step.action.destination,  # type: ignore[union-attr]
    }
    assert event_rules(frame)[-3:] == ["STONE", "END", "SCORE"]
    assert event_rules(frame).count("STONE") == 1
    end = frame.position
    assert end.is_over and not end.bridges and len(end.stones) == 12
    assert {"STONE", "END", "SCORE"} <= set(frame.rule_ids)
    # The journey decided the game: the leader before is not the winner after.
    assert frame.before is not None
    assert frame.before.winners() != end.winners() and len(end.winners()) == 1
    # Nothing more can be done afterwards.
    assert c.frames[-1].refusal is not None and c.frames[-1].refusal.rule == "END"
    # And a village at peace is closed before the end.
    assert c.frames[1].refusal is not None and c.frames[1].refusal.rule == "PEACE"


def test_a_tie_on_masters_broken_by_villages() -> None:
    c = chapter("tie-broken-by-villages")
    frame = journey_frame(c)
    assert event_rules(frame)[-3:] == ["STONE", "END", "SCORE-TIE"]
    end = frame.position
    assert end.is_over
    (winner,) = end.winners()
    best = end.masters_of(winner)
    tied = [p for p in end.players if p != winner and end.masters_of(p) == best]
    assert tied, "another player must have as many masters as the winner"
    assert all(end.villages_of(winner) > end.villages_of(p) for p in tied)
    assert all(end.masters_of(p) <= best for p in end.players)
    assert (end.masters_of("red"), end.villages_of("red")) == (17, 7)
    assert (end.masters_of("blue"), end.villages_of("blue")) == (17, 6)
    assert "SCORE-TIE" in frame.rule_ids


# ----------------------------------------------------------------------------- texts and ids


@pytest.mark.parametrize("chapter_id", ORDER)
def test_texts_exist_in_both_languages_and_differ(chapter_id: str) -> None:
    c = chapter(chapter_id)
    for texts in (c.title, c.intro, *(s.narration for s in c.steps)):
        assert set(texts) == {"en", "pl"}
        assert texts["en"].strip() and texts["pl"].strip()
        assert texts["en"] != texts["pl"]
    polish = " ".join([c.intro["pl"], *(s.narration["pl"] for s in c.steps)])
    assert any(ch in polish for ch in "ąćęłńóśźż"), "Polish texts need their diacritics"


@pytest.mark.parametrize("chapter_id", ORDER)
def test_every_rule_id_named_exists(chapter_id: str) -> None:
    c = chapter(chapter_id)
    named = set(c.rules)
    for s in c.steps:
        named |= set(s.teaches)
        if s.expect != "legal":
            named.add(s.expect)
    assert named <= RULE_IDS, named - RULE_IDS
    assert c.rules, "a chapter lists the rules it teaches"
    for frame in c.frames[1:]:
        assert set(frame.rule_ids) <= RULE_IDS


@pytest.mark.parametrize("chapter_id", ORDER)
def test_every_highlight_names_something_real(chapter_id: str) -> None:
    board_bridges = {frozenset(b) for b in BRIDGES}
    c = chapter(chapter_id)
    for s in c.steps:
        assert s.highlights, f"{chapter_id}: every step points at something"
        for h in s.highlights:
            assert h.kind in ("target", "selected", "moved", "refused")
            if h.bridge is not None:
                assert frozenset(h.bridge) in board_bridges and h.village is None
            else:
                assert h.village in VILLAGES
                assert h.type is None or h.type in MASTER_TYPES


def test_raw_highlights_are_well_formed() -> None:
    for chapter_id in ORDER:
        for raw in raw_chapter(chapter_id)["steps"]:
            for h in raw["highlights"]:
                assert set(h) <= {"kind", "village", "type", "bridge"}
                assert ("bridge" in h) != ("village" in h)


# ----------------------------------------------------------------------------- corruption


def test_a_wrong_expectation_is_refused() -> None:
    data = copy.deepcopy(raw_chapter("placing-a-master"))
    data["steps"][1]["expect"] = "PLACE-PRESENCE"  # the engine says PLACE-SPACE
    with pytest.raises(TourDataError, match="PLACE-SPACE"):
        chapter_from_dict(data)


def test_a_legal_step_expected_to_be_refused_is_refused() -> None:
    data = copy.deepcopy(raw_chapter("journey-situation-1"))
    data["steps"][1]["expect"] = "JOURNEY-START"
    with pytest.raises(TourDataError, match="allows it"):
        chapter_from_dict(data)


def test_a_refused_step_expected_legal_is_refused() -> None:
    data = copy.deepcopy(raw_chapter("recruiting-students"))
    data["steps"][3]["expect"] = "legal"
    with pytest.raises(TourDataError, match="RECRUIT-COUNT"):
        chapter_from_dict(data)


def test_a_bad_position_is_refused() -> None:
    data = copy.deepcopy(raw_chapter("journey-situation-2"))
    data["start"]["villages"]["A"]["healer"]["owner"] = "pink"
    with pytest.raises(TourDataError, match="start"):
        chapter_from_dict(data)
    data = copy.deepcopy(raw_chapter("last-bridge"))
    data["start"]["stones"] = data["start"]["stones"][:-1]  # an isolated village without stone
    with pytest.raises(TourDataError):
        chapter_from_dict(data)


def test_a_bad_action_or_missing_translation_is_refused() -> None:
    data = copy.deepcopy(raw_chapter("placing-a-master"))
    data["steps"][0]["action"] = "place unicorn A"
    with pytest.raises(TourDataError):
        chapter_from_dict(data)
    data = copy.deepcopy(raw_chapter("placing-a-master"))
    del data["steps"][0]["narration"]["pl"]
    with pytest.raises(TourDataError, match="narration"):
        chapter_from_dict(data)

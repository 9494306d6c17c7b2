"""Garbage in: parse_action and Position.from_json/from_dict raise only ActionParseError or
PositionError (both ValueError), and a PositionError names the key path of the problem."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shangrila_widget.rules import (
    MASTER_TYPES,
    VILLAGES,
    ActionParseError,
    Journey,
    Pass,
    Place,
    Position,
    PositionError,
    Recruit,
    parse_action,
)
from shangrila_widget.rules.board import TYPE_LETTERS
from shangrila_widget.rules.position_json import TOP_KEYS
from tests.support.mutation import HOWS, json_paths, mutate
from tests.support.paths import EXAMPLE_POSITIONS
from tests.support.positions import FOUR, THREE, position_dict, spaces

FUZZ = settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "red",
            "blue",
            "violet",
            "yellow",
            "A",
            "C",
            "M",
            "healer",
            "play",
            "setup",
            "over",
            "shangrila-position/1",
            "END-ELEVEN",
            "",
        ]
    )
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.text(max_size=8) | st.sampled_from(TOP_KEYS + tuple(MASTER_TYPES) + tuple(VILLAGES)),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def assert_position_error(error: PositionError) -> None:
    assert isinstance(error, ValueError)
    assert isinstance(error.path, str) and isinstance(error.problem, str) and error.problem
    if error.path:
        assert str(error) == f"{error.path}: {error.problem}"
        assert error.parts, error.path  # the path reads back into keys and indices
    else:
        assert str(error) == error.problem


def read(data: Any) -> Position | PositionError:
    """from_dict, and from_json of the same data: the same answer, or a PositionError."""
    results = []
    for reader, arg in ((Position.from_dict, data), (Position.from_json, None)):
        if arg is None:
            try:
                arg = json.dumps(data, allow_nan=True)
            except (TypeError, ValueError, RecursionError):
                continue
        try:
            results.append(reader(arg))
        except PositionError as error:
            assert_position_error(error)
            results.append(error)
    first = results[0]
    if isinstance(first, Position):
        assert Position.from_json(first.to_json()) == first
        if len(results) > 1:
            assert results[1] == first
    else:
        assert all(isinstance(r, PositionError) for r in results)
    return first


def refused(data: Any, path: str, *words: str) -> PositionError:
    result = read(data)
    assert isinstance(result, PositionError), f"accepted, but {path} is wrong"
    assert result.path == path, (result.path, str(result))
    for word in words:
        assert word in result.problem, (word, result.problem)
    return result


# ============================================================================ actions


@FUZZ
@given(text=st.text())
def test_parse_action_any_text(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionParseError as error:
        assert isinstance(error, ValueError) and str(error)
        return
    assert isinstance(action, (Place, Recruit, Journey, Pass))
    assert parse_action(str(action)) == action


WORDS = st.sampled_from(
    [
        "place",
        "recruit",
        "journey",
        "pass",
        "PLACE",
        "Journey",
        "h",
        "H",
        "healer",
        "x",
        "A",
        "m",
        "N",
        "c",
        "dragon_breeder",
        "Dragon_Breeder",
        "yeti",
        "1",
        "",
        "  ",
        "\t",
    ]
    + list(TYPE_LETTERS.values())
    + list(VILLAGES)
)


@FUZZ
@given(words=st.lists(WORDS, max_size=7), sep=st.sampled_from([" ", "  ", "\t", " \n "]))
def test_parse_action_word_salad(words: list[str], sep: str) -> None:
    text = sep.join(words)
    try:
        action = parse_action(text)
    except ActionParseError as error:
        assert str(error)
        return
    assert parse_action(str(action)) == action
    assert parse_action(str(action).upper()) == action


@pytest.mark.parametrize(
    "value", [None, 5, 3.5, b"pass", ["pass"], {"pass": 1}, ("journey", "A", "B")]
)
def test_parse_action_not_text(value: Any) -> None:
    with pytest.raises(ActionParseError, match="must be text"):
        parse_action(value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("jump A B", "unknown action 'jump'"),
        ("place", "takes a type and a village"),
        ("place healer", "takes a type and a village"),
        ("place healer A B", "takes a type and a village"),
        ("place wizard A", "unknown master type 'wizard'"),
        ("place healer Z", "unknown village 'Z'"),
        ("place healer AB", "unknown village 'AB'"),
        ("recruit", "pairs of <type> <village>"),
        ("recruit healer", "pairs of <type> <village>"),
        ("recruit healer A firekeeper", "pairs of <type> <village>"),
        ("recruit healer Q", "unknown village 'Q'"),
        ("journey A", "takes a start and a destination"),
        ("journey A B C", "takes a start and a destination"),
        ("journey A 1", "unknown village '1'"),
        ("pass now", "'pass' takes no arguments"),
    ],
)
def test_parse_action_says_what_was_expected(text: str, says: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    assert says in str(info.value)
    assert "expected" in str(info.value) or "takes" in str(info.value)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("place D a", Place("dragon_breeder", "A")),
        ("  PLACE   Dragon_Breeder   m  ", Place("dragon_breeder", "M")),
        ("recruit h a", Recruit((("healer", "A"),))),
        ("recruit F B healer a", Recruit((("healer", "A"), ("firekeeper", "B")))),
        ("recruit h a h a h a", Recruit((("healer", "A"),) * 3)),  # the engine refuses it
        ("journey k L", Journey("K", "L")),
        ("Pass", Pass()),
    ],
)
def test_parse_action_good(text: str, action: Any) -> None:
    assert parse_action(text) == action


# ============================================================================ positions: fuzz


@FUZZ
@given(text=st.text())
def test_from_json_any_text(text: str) -> None:
    try:
        Position.from_json(text)
    except PositionError as error:
        assert_position_error(error)


@FUZZ
@given(data=st.binary())
def test_from_json_any_bytes(data: bytes) -> None:
    try:
        Position.from_json(data)
    except PositionError as error:
        assert_position_error(error)


@FUZZ
@given(data=JSON_VALUES)
def test_from_dict_any_json_value(data: Any) -> None:
    read(data)


@FUZZ
@given(
    data=st.fixed_dictionaries(
        {},
        optional={key: JSON_VALUES for key in TOP_KEYS},
    )
)
def test_from_dict_any_values_under_the_right_keys(data: dict[str, Any]) -> None:
    read(data)


def _valid_positions() -> list[dict[str, Any]]:
    found = [json.loads(p.read_text("utf-8")) for p in sorted(EXAMPLE_POSITIONS.glob("*.json"))]
    found.append(Position.new_game(FOUR).to_dict())
    found.append(Position.new_game(THREE, end_eleven=True).play("place H A").position.to_dict())
    return found


VALID = _valid_positions()


@FUZZ
@example(which=0, pick=0, how="replace", garbage={"[": None}, key="")  # issue 7, defect 4
@example(which=0, pick=0, how="replace", garbage={"a.b": None}, key="")
@example(which=0, pick=0, how="add", garbage=None, key="villages[0]")
@given(
    which=st.integers(min_value=0, max_value=len(VALID) - 1),
    pick=st.integers(min_value=0),
    how=st.sampled_from(HOWS),
    garbage=JSON_VALUES,
    key=st.text(max_size=6) | st.sampled_from(TOP_KEYS + ("owner", "student") + MASTER_TYPES),
)
def test_from_dict_one_mutation_of_a_valid_position(
    which: int, pick: int, how: str, garbage: Any, key: str
) -> None:
    data = copy.deepcopy(VALID[which])
    paths = json_paths(data)
    data = mutate(data, paths[pick % len(paths)], how, garbage, key)
    result = read(data)
    if isinstance(result, PositionError) and result.path:
        # the path names where the problem is: a top-level key of the document (a key that
        # holds "." or "[" is quoted, so it cannot be mistaken for a deeper path)
        head = result.parts[0]
        assert head in TOP_KEYS or (isinstance(data, dict) and head in data), result.path


# ============================================================================ positions: by hand


def base(**changes: Any) -> dict[str, Any]:
    data = position_dict({"A": "H:r", "B": "R:b"})
    data.update(changes)
    return data


def test_a_valid_base() -> None:
    assert isinstance(read(base()), Position)


def test_seven_tiles_of_one_colour_and_type() -> None:
    seven = {v: "H:r" for v in "ABDEFGI"}
    refused(position_dict(seven), "villages", "red", "healer", "7")
    pairs = {v: "H:r+" for v in "ABD"}
    pairs["E"] = "H:r"
    refused(position_dict(pairs), "villages", "7")  # 4 masters + 3 students
    six = {v: "H:r" for v in "ABDEFG"}
    assert isinstance(read(position_dict(six)), Position)


@pytest.mark.parametrize(
    ("tile", "path"),
    [
        ({"owner": "red", "student": 1}, "villages.A.healer.student"),
        ({"owner": "red", "student": "yes"}, "villages.A.healer.student"),
        ({"owner": "red", "student": None}, "villages.A.healer.student"),
        ({"student": True}, "villages.A.healer.owner"),  # a student with no master
        ({"owner": "pink"}, "villages.A.healer.owner"),
        ({"owner": ["red"]}, "villages.A.healer.owner"),
        ({"owner": {"colour": "red"}}, "villages.A.healer.owner"),
        ({"owner": None}, "villages.A.healer.owner"),
        ({"owner": "red", "colour": "blue"}, "villages.A.healer.colour"),
        ({"owner": "red", "students": 1}, "villages.A.healer.students"),
        ("red", "villages.A.healer"),
        (["red", True], "villages.A.healer"),
        (None, "villages.A.healer"),
    ],
)
def test_bad_tiles(tile: Any, path: str) -> None:
    refused(base(villages={"A": {"healer": tile}}), path)


def test_a_student_on_another_colours_master_cannot_be_written() -> None:
    """A student is a flag on a master and takes the master's colour: the format has no way
    to put Blue's student on Red's master. Its closest miss, a second owner, is refused."""
    refused(
        base(
            villages={"A": {"healer": {"owner": "red", "student": True, "student_owner": "blue"}}}
        ),
        "villages.A.healer.student_owner",
    )


@pytest.mark.parametrize(
    ("villages", "path"),
    [
        ([], "villages"),
        ("A", "villages"),
        (None, "villages"),
        ({"N": {}}, "villages.N"),
        ({"a": {}}, "villages.a"),
        ({"A": []}, "villages.A"),
        ({"A": "H:r"}, "villages.A"),
        ({"A": {"wizard": {"owner": "red"}}}, "villages.A.wizard"),
        ({"A": {"H": {"owner": "red"}}}, "villages.A.H"),
        ({"A": {"violet": {"owner": "red"}}}, "villages.A.violet"),
    ],
)
def test_bad_villages(villages: Any, path: str) -> None:
    refused(base(villages=villages), path)


def test_tile_of_a_colour_not_playing() -> None:
    refused(position_dict({"A": "H:v"}, players=THREE), "villages.A.healer.owner", "violet")


def test_tile_in_village_c_with_three_players() -> None:
    refused(position_dict({"C": "H:r"}, players=THREE), "villages.C", "out of play")
    refused(position_dict({"C": "H:r"}, players=THREE, phase="setup"), "villages.C")
    # an empty entry for C is harmless
    data = position_dict({}, players=THREE)
    data["villages"]["C"] = {}
    assert isinstance(read(data), Position)


@pytest.mark.parametrize(
    ("bridges", "path", "word"),
    [
        ([["A", "M"]], "bridges[0]", "no bridge A-M"),
        ([["A", "B"], ["A", "C"]], "bridges[1]", "no bridge A-C"),
        ([["A", "B"], ["B", "A"]], "bridges[1]", "twice"),
        ([["A", "A"]], "bridges[0]", "no bridge"),
        ([["A", "Z"]], "bridges[0]", "no bridge"),
        ([["A"]], "bridges[0]", "pair"),
        ([["A", "B", "D"]], "bridges[0]", "pair"),
        ([["A", 1]], "bridges[0]", "pair"),
        (["AB"], "bridges[0]", "pair"),
        ([{"A": "B"}], "bridges[0]", "pair"),
        ([[["A"], ["B"]]], "bridges[0]", "pair"),
        ("all", "bridges", "list"),
        ({"A": "B"}, "bridges", "list"),
    ],
)
def test_bad_bridges(bridges: Any, path: str, word: str) -> None:
    refused(base(bridges=bridges), path, word)


def test_bridge_of_village_c_with_three_players() -> None:
    data = position_dict(
        {"A": "H:r"},
        players=THREE,
        bridges=[("A", "B"), ("B", "C")],
        stones=[v for v in VILLAGES if v not in "AB"],
    )
    refused(data, "bridges[1]", "3 players")


@pytest.mark.parametrize(
    ("players", "path"),
    [
        (["red", "blue"], "players"),
        (["red", "blue", "yellow", "violet", "red"], "players"),
        (["red", "blue", "red"], "players[2]"),
        (["red", "red", "blue", "yellow"], "players[1]"),
        (["red", "blue", "green"], "players[2]"),
        (["red", "blue", ["yellow"]], "players[2]"),
        (["red", "blue", {"yellow": 1}], "players[2]"),
        (["red", "blue", None], "players[2]"),
        (["Red", "blue", "yellow"], "players[0]"),
        ("red blue yellow", "players"),
        ({"red": 1, "blue": 2, "yellow": 3}, "players"),
        (None, "players"),
    ],
)
def test_bad_players(players: Any, path: str) -> None:
    refused(base(players=players, villages={}), path)


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"to_move": "green"}, "to_move"),
        ({"to_move": None}, "to_move"),
        ({"to_move": ["red"]}, "to_move"),
        ({"to_move": 0}, "to_move"),
        ({"phase": "end"}, "phase"),
        ({"phase": 1}, "phase"),
        ({"phase": ["play"]}, "phase"),
        ({"format": "shangrila-position/2"}, "format"),
        ({"format": 1}, "format"),
        ({"format": ["shangrila-position/1"]}, "format"),
        ({"extra": 1}, "extra"),
        ({"Players": ["red"]}, "Players"),
        ({"options": ["END-TEN"]}, "options[0]"),
        ({"options": [["END-ELEVEN"]]}, "options[0]"),
        ({"options": "END-ELEVEN"}, "options"),
        ({"passes": -1}, "passes"),
        ({"passes": 4}, "passes"),
        ({"passes": 1.0}, "passes"),
        ({"passes": True}, "passes"),
        ({"passes": "1"}, "passes"),
        ({"setup_turns": 5}, "setup_turns"),
        ({"setup_turns": "28"}, "setup_turns"),
        ({"setup_turns": 28.0}, "setup_turns"),
        ({"stones": "C"}, "stones"),
        ({"stones": {"C": True}}, "stones"),
    ],
)
def test_bad_top_level_values(changes: dict[str, Any], path: str) -> None:
    refused(base(**changes), path)


def test_to_move_not_playing() -> None:
    refused(position_dict({"A": "H:r"}, players=THREE, to_move="violet"), "to_move")


@pytest.mark.parametrize("key", ["format", "players", "to_move", "phase", "villages"])
def test_missing_required_keys(key: str) -> None:
    data = base()
    del data[key]
    refused(data, key, "missing")


@pytest.mark.parametrize("data", [[], "position", 42, None, True, 1.5, [base()]])
def test_not_an_object(data: Any) -> None:
    refused(data, "", "JSON object")


@pytest.mark.parametrize(
    ("stones", "bridges", "path", "word"),
    [
        (["A"], None, "stones[0]", "intact bridge"),
        (["N"], None, "stones[0]", "unknown village"),
        ([["A"]], None, "stones[0]", "unknown village"),
        ([{"A": 1}], None, "stones[0]", "unknown village"),
        ([None], None, "stones[0]", "unknown village"),
        (["K", "K"], "no K", "stones[1]", "two stones"),
        ([], "no K", "stones", "must have a stone"),
        (list(VILLAGES), [], "stones", "12"),
        (None, [], "stones", "required"),
    ],
)
def test_inconsistent_stones(stones: Any, bridges: Any, path: str, word: str) -> None:
    data = base()
    if bridges == "no K":
        bridges = [list(b) for b in Position.new_game(FOUR).bridges if "K" not in b]
    if bridges is not None:
        data["bridges"] = bridges
    if stones is not None:
        data["stones"] = stones
    refused(data, path, word)


def test_three_players_need_the_stone_on_c() -> None:
    refused(position_dict({"A": "H:r"}, players=THREE, stones=[]), "stones", "village C")
    assert read(position_dict({"A": "H:r"}, players=THREE)).stones == frozenset("C")


def test_derived_stones() -> None:
    bridges = [list(b) for b in Position.new_game(FOUR).bridges if "K" not in b]
    pos = read(base(bridges=bridges))
    assert isinstance(pos, Position) and pos.stones == frozenset("K")


@pytest.mark.parametrize(
    ("villages", "extra", "path"),
    [
        ({"A": "H:r+"}, {}, "villages"),  # no students during set-up
        ({"A": "H:r D:r R:r", "B": "H:b"}, {"setup_turns": 4}, "villages.A"),  # 3 Red in A
        ({"A": "H:r D:b R:y P:v"}, {}, "villages.A"),  # 4 tiles in A
        ({"A": "H:r", "B": "H:r", "D": "H:b", "E": "H:y"}, {}, "villages"),  # 2 Red Healers
        ({"A": "H:r"}, {"to_move": "red"}, "to_move"),  # after 1 turn it is Blue's
        ({"A": "H:r", "B": "H:b"}, {"setup_turns": 1}, "setup_turns"),  # fewer than tiles
        ({}, {"setup_turns": 28}, "setup_turns"),  # set-up would be over
        ({}, {"setup_turns": -1}, "setup_turns"),
        ({}, {"passes": 1, "to_move": "red"}, "passes"),
        (
            {},
            {"bridges": [["A", "B"]], "stones": [v for v in VILLAGES if v not in "AB"]},
            "bridges",
        ),
    ],
)
def test_impossible_setup_positions(
    villages: dict[str, str], extra: dict[str, Any], path: str
) -> None:
    data = position_dict(villages, phase="setup", to_move=None)
    tiles = sum(len(spec.split()) for spec in villages.values())
    data["to_move"] = FOUR[tiles % 4]
    data.update(extra)
    refused(data, path)


def test_impossible_setup_positions_three_players() -> None:
    data = position_dict(
        {"A": "H:r D:b"}, players=THREE, phase="setup", to_move="yellow", stones=["C"]
    )
    assert isinstance(read(data), Position)
    data["villages"] = {"A": spaces("H:r D:b R:y")}
    data["to_move"] = "red"
    refused(data, "villages.A", "2")
    data["villages"] = {"A": spaces("H:r D:r"), "B": spaces("H:b")}
    refused(data, "villages.A", "1")


def test_setup_turns_only_during_setup() -> None:
    refused(base(setup_turns=27), "setup_turns", "set-up")
    assert isinstance(read(base(setup_turns=28)), Position)


def test_passes_round_trip_in_every_phase_they_can_have() -> None:
    assert read(base(passes=3)).passes == 3
    stalled_over = base(
        phase="over", passes=4, bridges=[["A", "B"]], stones=[v for v in VILLAGES if v not in "AB"]
    )
    pos = read(stalled_over)
    assert isinstance(pos, Position) and pos.passes == 4 and pos.is_over
    refused(base(phase="over", passes=2), "passes")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "null",
        "[]",
        '{"format": "shangrila-position/1",}',
        "{'format': 'shangrila-position/1'}",
        "[" * 100_000,
        '{"a":' * 50_000,
        "1" * 5_000,
        "NaN",
        "\ufeff{}",
        b"\xff\xfe\x00",
        b"\x80abc",
        bytearray(b"{}"),
    ],
    ids=lambda t: repr(t)[:30],
)
def test_from_json_malformed_text(text: Any) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json(text)
    assert_position_error(info.value)


@pytest.mark.parametrize("value", [None, 42, 1.5, ["{}"], {"format": 1}])
def test_from_json_not_text(value: Any) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json(value)
    assert_position_error(info.value)
    assert info.value.path == ""


def test_nan_and_infinity_are_refused_where_numbers_go() -> None:
    for value in (math.nan, math.inf, -math.inf):
        refused(base(passes=value), "passes")
        refused(base(setup_turns=value), "setup_turns")


def test_a_setup_position_where_a_player_placed_more_than_their_turns_is_refused() -> None:
    data = {
        "format": "shangrila-position/1",
        "players": ["red", "blue", "yellow"],
        "to_move": "yellow",
        "phase": "setup",
        "villages": {"A": {"healer": {"owner": "red"}}, "B": {"priest": {"owner": "red"}}},
        "setup_turns": 2,  # red and blue have had one turn each: red cannot have two tiles
    }
    with pytest.raises(PositionError, match="red has placed 2 masters in 1 set-up turns"):
        Position.from_dict(data)
    data["setup_turns"], data["to_move"] = 4, "blue"  # red has had turns 1 and 4: fine
    assert Position.from_dict(data).setup_turns == 4

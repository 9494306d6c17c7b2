"""The one fuzz harness of every reader: positions as JSON text, as data and as one-line
strings, action text, game records, the engine's public functions and the command line,
fed random, mutated and hand-picked broken input.

Each test asserts only what the API docs promise: the input is accepted (and then means what
it says: it round-trips), or it is refused with one of the package's documented errors, whose
message is one short line quoting at most an excerpt of the bad value. Any other exception
(``RecursionError``, ``ValueError`` from ``int()``, ``KeyError``, a ``TypeError`` that the
package did not raise on purpose) fails. A reader refuses everything it reads with its own
error (``PositionError``, ``ActionParseError``, ``RecordError``); a function given an argument
of the wrong Python type may say so with a ``TypeError`` of its own.

The draws are the same on every run (``derandomize``); ``SHANGRILA_FUZZ_EXAMPLES=5000``
draws that many new examples instead, for a longer hunt. Inputs that once broke a reader are
kept in ``corpus/`` and replayed by ``test_corpus_*`` below, so they stay fixed whatever
Hypothesis draws.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
import os
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shangrila_widget.__main__ import main
from shangrila_widget.rules import (
    MASTER_TYPES,
    VILLAGES,
    ActionParseError,
    GameRecord,
    Journey,
    Pass,
    Place,
    Position,
    PositionError,
    RecordError,
    Recruit,
    ShangrilaError,
    check,
    from_compact,
    legal_actions,
    parse_action,
    play,
    scores,
    winners,
    with_bridge,
    with_tile,
    with_to_move,
)
from shangrila_widget.rules.board import TYPE_LETTERS
from shangrila_widget.rules.position_json import TOP_KEYS
from tests.support.mutation import HOWS, json_paths, mutate
from tests.support.paths import EXAMPLE_POSITIONS
from tests.support.positions import FOUR, THREE, position_dict, spaces

_MORE = int(os.environ.get("SHANGRILA_FUZZ_EXAMPLES", "0"))
# 100 fixed draws per reader: the known-bad inputs are pinned in the corpus and with
# @example, and these 100 take about a third of the suite's non-browser time (200 took two
# thirds of it for draws much like the first hundred); hunt with SHANGRILA_FUZZ_EXAMPLES.
FUZZ = settings(
    max_examples=_MORE or 100,
    derandomize=not _MORE,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
CORPUS = Path(__file__).resolve().parent / "corpus"
#: The longest error message any reader may give (a short line, never the whole value).
MESSAGE_LIMIT = 300
PACKAGE = Path(__file__).resolve().parents[2] / "shangrila_widget"

# ============================================================================ helpers


def assert_short(error: BaseException) -> None:
    text = str(error)
    assert text, type(error)
    assert len(text) <= MESSAGE_LIMIT, text[:400]
    assert "\n" not in text, text


def assert_position_error(error: PositionError) -> None:
    """A short message that is ``path: problem``, with a path that reads back."""
    assert_short(error)
    assert isinstance(error, ValueError)
    assert isinstance(error.path, str) and isinstance(error.problem, str) and error.problem
    if error.path:
        assert str(error) == f"{error.path}: {error.problem}"
        assert error.parts, error.path  # the path reads back into keys and indices
    else:
        assert str(error) == error.problem


#: What the package raises on bad arguments: its errors, or its own ``TypeError`` for an
#: argument of the wrong Python type (:func:`assert_own_error` tells the two kinds apart).
OWN_ERRORS = (ShangrilaError, TypeError)


def assert_own_error(error: BaseException) -> None:
    """``error`` is the package's: one of its errors, or a ``TypeError`` that a ``raise``
    statement of the package raised (not one Python raised inside it: ``unhashable type``)."""
    if isinstance(error, PositionError):
        assert_position_error(error)
        return
    if isinstance(error, TypeError):
        frame = traceback.extract_tb(error.__traceback__)[-1]
        assert Path(frame.filename).resolve().is_relative_to(PACKAGE), frame
        assert (frame.line or "").startswith("raise "), f"{frame.line!r}: {error}"
    else:
        assert isinstance(error, ShangrilaError), repr(error)
    assert_short(error)


def read(data: Any) -> Position | PositionError:
    """from_dict, and from_json of the same data: the same answer, or a PositionError; an
    accepted position round-trips."""
    results: list[Position | PositionError] = []
    for reader, arg in ((Position.from_dict, data), (Position.from_json, None)):
        if arg is None:
            try:
                arg = json.dumps(data, allow_nan=True)
            except (TypeError, ValueError, RecursionError):  # not representable as text
                continue
        try:
            results.append(reader(arg))
        except PositionError as error:
            assert_position_error(error)
            results.append(error)
    first = results[0]
    if isinstance(first, Position):
        assert Position.from_json(first.to_json()) == first
        assert Position.from_dict(first.to_dict()) == first
        if len(results) > 1:
            assert results[1] == first
    else:
        assert all(isinstance(r, PositionError) for r in results)
    return first


def read_json_text(text: str | bytes) -> Position | PositionError:
    try:
        pos = Position.from_json(text)
    except PositionError as error:
        assert_position_error(error)
        return error
    assert Position.from_json(pos.to_json()) == pos
    return pos


def read_compact(text: str) -> Position | PositionError:
    try:
        pos = from_compact(text)
    except PositionError as error:
        assert_short(error)
        return error
    # accepted: nothing was dropped or guessed; it writes back to the same position
    assert from_compact(pos.to_compact()) == pos
    board = text.split()[3]
    written_tiles = sum(1 for c in board if c.isalpha())
    assert written_tiles == sum(len(pos.tiles(v)) for v in "ABCDEFGHIJKLM"), text
    return pos


def refused(data: Any, path: str, *words: str) -> PositionError:
    result = read(data)
    assert isinstance(result, PositionError), f"accepted, but {path} is wrong"
    assert result.path == path, (result.path, str(result))
    for word in words:
        assert word in result.problem, (word, result.problem)
    return result


def valid_positions() -> list[Position]:
    found = [
        Position.from_json(p.read_text("utf-8")) for p in sorted(EXAMPLE_POSITIONS.glob("*.json"))
    ]
    found.append(Position.new_game(list(FOUR)))
    found.append(Position.new_game(list(THREE), end_eleven=True).play("place H A").position)
    found.append(Position.new_game(list(THREE), end_eleven=True))
    return found


VALID = valid_positions()
#: A three-player game with END-ELEVEN before its first placement.
START_THREE = VALID[-1]
VALID_DATA = [pos.to_dict() for pos in VALID]

# ============================================================================ strategies

#: Characters that look like what a reader expects and are not: Unicode digits that
#: str.isdigit() accepts and int() refuses (or reads differently), letters whose case
#: mapping changes length, look-alike letters, separators and control characters.
TRICKY_CHARS = "²¹³①⑦٣۷߇०٠𝟕ⅦİıßﬀＲＢＡｒ\u0130\u212a\u00a0\u2003\u200b\t\r\n\x00/.-+:[]{}\"'\\"
TRICKY = st.sampled_from(list(TRICKY_CHARS))
HUGE_DIGITS = st.integers(min_value=5, max_value=6000).map(lambda n: "9" * n)


def nested(value: Any, depth: int, kind: str) -> Any:
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


@dataclass(frozen=True)
class Deep:
    """A value nested ``depth`` lists or objects deep, built only inside the test (Hypothesis
    would print such a value recursively when reporting an example)."""

    value: Any
    depth: int
    kind: str


@dataclass(frozen=True)
class Huge:
    """The number ``sign * 10**digits`` (Hypothesis cannot print one over 4300 digits)."""

    digits: int
    sign: int = 1


def expand(data: Any) -> Any:
    """``data`` with every :class:`Deep` and :class:`Huge` marker built."""
    if isinstance(data, Deep):
        return nested(expand(data.value), data.depth, data.kind)
    if isinstance(data, Huge):
        return data.sign * 10**data.digits
    if isinstance(data, list):
        return [expand(v) for v in data]
    if isinstance(data, dict):
        return {k: expand(v) for k, v in data.items()}
    return data


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([Huge(5000), Huge(5000, -1), 2**64, -1, 0, 28, 1e308, float("nan")])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(alphabet=TRICKY | st.characters(), max_size=12)
    | st.sampled_from(["red", "A", "healer", "play", "x" * 10_000, "²", "①"])
)
DEEP = st.builds(
    Deep,
    SCALARS,
    st.integers(min_value=100, max_value=3000),
    st.sampled_from(["list", "dict"]),
)
GARBAGE = st.recursive(
    SCALARS | DEEP,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(["[", ".", "a.b", '"']), children)
    ),
    max_leaves=10,
)


@st.composite
def mutated_position_data(draw: st.DrawFn) -> Any:
    """A valid position's JSON data with one to three parts replaced, removed or added."""
    data = copy.deepcopy(VALID_DATA[draw(st.integers(0, len(VALID) - 1))])
    for _ in range(draw(st.integers(1, 3))):
        paths = json_paths(data)
        path = paths[draw(st.integers(0, len(paths) - 1))]
        how = draw(st.sampled_from(HOWS)) if path else "replace"
        data = mutate(data, path, how, draw(GARBAGE), draw(st.text(max_size=4)))
    return data


@st.composite
def mutated_text(draw: st.DrawFn, texts: list[str]) -> str:
    """One of ``texts`` with characters inserted, deleted or replaced by tricky ones."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "delete", "replace", "digits"]))
        piece = draw(TRICKY | st.characters() | st.sampled_from("rbyvRBYV1234567 /"))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + 1 :]
        elif how == "replace":
            text = text[:at] + piece + text[at + 1 :]
        else:
            text = text[:at] + draw(HUGE_DIGITS) + text[at:]
    return text


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
            "shangrila-record/1",
            "END-ELEVEN",
            "",
        ]
    )
)
#: Any JSON value, its object keys often the ones a position has.
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
COMPACTS = [pos.to_compact() for pos in VALID]
JSON_TEXTS = [pos.to_json() for pos in VALID]

# ============================================================================ positions: fuzz


@FUZZ
@given(data=mutated_position_data())
@example(data={**VALID_DATA[0], "villages": Deep([], 990, "list")})
@example(data={**VALID_DATA[0], "setup_turns": Deep([], 990, "list")})
@example(data={**VALID_DATA[0], "passes": Huge(5000)})
@example(data={**VALID_DATA[0], "players": ["red", "blue", Deep("x", 2000, "dict")]})
def test_mutated_position_data(data: Any) -> None:
    """Up to three parts of a valid position replaced, removed or added: read as data and,
    where it can be written as JSON, as text, with the same answer."""
    read(expand(data))


@FUZZ
@given(text=mutated_text(JSON_TEXTS))
def test_mutated_position_json_text(text: str) -> None:
    read_json_text(text)
    read_json_text(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(text=st.text())
def test_from_json_any_text(text: str) -> None:
    read_json_text(text)


@FUZZ
@given(data=st.binary())
def test_from_json_any_bytes(data: bytes) -> None:
    read_json_text(data)


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


@FUZZ
@example(which=0, pick=0, how="replace", garbage={"[": None}, key="")  # a key that is a bracket
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
    data = copy.deepcopy(VALID_DATA[which])
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
        "\ufeff",
        " \n\t",
        '{"format": "shangrila-position/1", "format": "shangrila-position/1"}',
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


def test_a_byte_order_mark_is_read_past() -> None:
    """A byte order mark (Windows editors start UTF-8 files with one) is read past."""
    for pos in VALID:
        assert Position.from_json("\ufeff" + pos.to_json(indent=2)) == pos
        assert Position.from_json(b"\xef\xbb\xbf" + pos.to_json().encode()) == pos


@pytest.mark.parametrize("text", ["", "   ", "\n", "\ufeff", b"", b"\xef\xbb\xbf\n"])
def test_an_empty_text_says_it_is_empty(text: str | bytes) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json(text)
    assert str(info.value) == "the text is empty: expected a JSON object"


def test_bytes_that_are_not_utf8_say_where() -> None:
    with pytest.raises(PositionError) as info:
        Position.from_json(b'{"format": "\xe9"}')
    assert str(info.value) == "not UTF-8 text (byte 0xe9 at position 12)"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (('"phase": "play"', '"phase": "play", "phase": "over"'), "phase"),
        (('"A": {', '"A": {"healer": {"owner": "red"}, '), "villages.A.healer"),
        (('"owner": "red"', '"owner": "red", "owner": "blue"'), "villages.A.rainmaker.owner"),
    ],
)
def test_a_key_given_twice_is_refused_with_its_path(change: tuple[str, str], path: str) -> None:
    """Nothing is guessed: a key given twice is refused with its path (the last of the two
    values does not win silently)."""
    text = json.dumps(
        position_dict({"A": "R:r H:r", "B": "R:b"}), indent=None, separators=(", ", ": ")
    )
    assert change[0] in text
    with pytest.raises(PositionError) as info:
        Position.from_json(text.replace(change[0], change[1], 1))
    assert (info.value.path, info.value.problem) == (path, "the key is given twice")


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"format": "shangrila-position/2"}, "unknown format 'shangrila-position/2'"),
        ({"format": "shangrila-position/2", "players": 5, "moves": []}, "unknown format"),
        ({"format": None}, "unknown format null"),
        ({"format": "shangrila-record/1", "start": {}}, "this is a game record"),
    ],
)
def test_the_format_is_checked_first(data: dict[str, Any], problem: str) -> None:
    """The format is checked first: ``{"format": "shangrila-position/2"}`` is refused for its
    format, not as "players: missing"."""
    refused(data, "format", problem)


# ============================================================================ one-line strings


@FUZZ
@given(text=mutated_text(COMPACTS))
@example(text="rby b setup 6r/²5/7/7/7/7/7/7/7/7/7/7/7 - C")
@example(text="rby b setup 6r/¹6/7/7/7/7/7/7/7/7/7/7/7 - C")
@example(text="rby b setup 6r/①6/7/7/7/7/7/7/7/7/7/7/7 - C")
@example(text="rby r setup rrrrrrrb/7/7/7/7/7/7/7/7/7/7/7/7 - C")
@example(text="rby r setup 6rb/7/7/7/7/7/7/7/7/7/7/7/7 - C")
@example(text="rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C t" + "9" * 5000)
def test_mutated_compact_strings(text: str) -> None:
    read_compact(text)


@FUZZ
@given(
    fields=st.lists(
        st.text(alphabet=TRICKY | st.sampled_from("rbyvRBYV01234567/-.tpe ACKMsetuplayover"))
        | HUGE_DIGITS,
        min_size=0,
        max_size=9,
    )
)
def test_compact_strings_from_tricky_fields(fields: list[str]) -> None:
    read_compact(" ".join(fields))


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        ("rby b setup 6r/²5/7/7/7/7/7/7/7/7/7/7/7 - C", "board.B", "1-7"),
        ("rby b setup 6r/①6/7/7/7/7/7/7/7/7/7/7/7 - C", "board.B", "1-7"),
        ("rby r setup rrrrrrrb/7/7/7/7/7/7/7/7/7/7/7/7 - C", "board.A", "more than 7"),
        ("rby r setup 6rb/7/7/7/7/7/7/7/7/7/7/7/7 - C", "board.A", "more than 7"),
        ("rby r setup 0000007/7/7/7/7/7/7/7/7/7/7/7/7 - C", "board.A", "1-7"),
        ("rby r setup 34/7/7/7/7/7/7/7/7/7/7/7/7 - C", "board.A", "one digit"),
        ("rby r setup 6/7/7/7/7/7/7/7/7/7/7/7/7 - C", "board.A", "6 spaces"),
        ("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C t" + "9" * 5000, "extras", "too large"),
        ("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C t٣", "extras", "unknown extra"),
        ("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C t0 t0", "extras", "twice"),
        ("rby r play 7/7/7/7/7/7/7/7/7/7/7/7/7 BC C", "bridges", "3 players"),
        ("rbyv r play 7/7/7/7/7/7/7/7/7/7/7/7/7 AB.AB -", "bridges", "twice"),
        ("rbyvr r play 7/7/7/7/7/7/7/7/7/7/7/7/7 - -", "players", "3 or 4"),
    ],
)
def test_compact_refusals_name_the_field(text: str, path: str, words: str) -> None:
    with pytest.raises(PositionError) as info:
        from_compact(text)
    assert info.value.path == path, str(info.value)
    assert words in info.value.problem
    assert_short(info.value)


def test_error_messages_quote_only_an_excerpt() -> None:
    long = "pink" * 10_000
    for data in (
        {**VALID[0].to_dict(), "to_move": long},
        {**VALID[0].to_dict(), long: 1},
        {**VALID[0].to_dict(), "villages": {"A": {"healer": {"owner": long}}}},
    ):
        with pytest.raises(PositionError) as info:
            Position.from_dict(data)
        assert_short(info.value)
    with pytest.raises(PositionError) as info:
        from_compact(f"rby r setup {long}/7/7/7/7/7/7/7/7/7/7/7/7 - C")
    assert_short(info.value)


def test_a_key_holding_path_characters_is_quoted() -> None:
    with pytest.raises(PositionError) as info:
        Position.from_dict({**VALID[0].to_dict(), "a.b[0]": 1})
    assert info.value.path == '["a.b[0]"]' and info.value.parts == ("a.b[0]",)
    data = VALID[0].to_dict()
    data["villages"]["A"] = {"x.y": {"owner": "red"}}
    with pytest.raises(PositionError) as info:
        Position.from_dict(data)
    assert info.value.parts == ("villages", "A", "x.y")


# ============================================================================ actions

ACTION_TEXTS = ["place healer A", "recruit h a f b", "journey A B", "pass", "place D m"]


@FUZZ
@given(text=mutated_text(ACTION_TEXTS) | st.text(alphabet=TRICKY | st.characters()))
@example(text="place ² A")
@example(text="journey A " + "B" * 100_000)
@example(text="place healer")
def test_action_text(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionParseError as error:
        assert_short(error)
        return
    assert isinstance(action, (Place, Recruit, Journey, Pass))
    assert parse_action(str(action)) == action


def test_action_word_counts_are_grammatical() -> None:
    with pytest.raises(ActionParseError, match="got 1 word$"):
        parse_action("place healer")
    with pytest.raises(ActionParseError, match="got 3 words$"):
        parse_action("journey A B C")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Place(5, "A"),  # type: ignore[arg-type]
        lambda: Place("healer", ["A"]),  # type: ignore[arg-type]
        lambda: Journey(None, "B"),  # type: ignore[arg-type]
        lambda: Recruit(5),  # type: ignore[arg-type]
        lambda: Recruit((("healer",),)),
        lambda: Recruit((("healer", "A", "B"),)),  # type: ignore[arg-type]
    ],
)
def test_action_constructors_check_their_arguments(make: Any) -> None:
    with pytest.raises(ActionParseError) as info:
        make()
    assert_short(info.value)


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
        ("journey A-B-C", "takes a start and a destination"),
        ("journey A-", "unknown village ''"),
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
        ("journey A-B", Journey("A", "B")),  # the bridge as the package writes it
        ("journey k-l", Journey("K", "L")),
        ("Pass", Pass()),
    ],
)
def test_parse_action_good(text: str, action: Any) -> None:
    assert parse_action(text) == action


# ============================================================================ the API

JUNK = st.one_of(
    SCALARS,
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(object),
    DEEP,
)


@FUZZ
@given(pos=JUNK, action=JUNK | st.sampled_from(ACTION_TEXTS), player=JUNK)
@example(pos=VALID[0], action="pass", player=["red"])
@example(pos=VALID[0], action="pass", player={"red": 1})
@example(pos=VALID[0], action=["pass"], player=None)
def test_engine_functions_check_their_arguments(pos: Any, action: Any, player: Any) -> None:
    pos, action, player = expand(pos), expand(action), expand(player)
    for call in (
        lambda: check(pos, action, player),
        lambda: play(pos, action, player),
        lambda: legal_actions(pos),
        lambda: scores(pos),
        lambda: winners(pos),
    ):
        try:
            call()
        except OWN_ERRORS as error:
            assert_own_error(error)


@FUZZ
@given(
    which=st.integers(0, len(VALID) - 1),
    action=JUNK | st.sampled_from(ACTION_TEXTS),
    player=JUNK | st.sampled_from(["red", "blue", "violet", "pink", None]),
)
@example(which=0, action="pass", player=["red"])
def test_position_methods_check_their_arguments(which: int, action: Any, player: Any) -> None:
    pos, action, player = VALID[which], expand(action), expand(player)
    for call in (lambda: pos.check(action, player), lambda: pos.play(action, player)):
        try:
            call()
        except OWN_ERRORS as error:
            assert_own_error(error)
    assert pos == VALID[which]


@FUZZ
@given(village=JUNK | st.sampled_from(["A", "a", "N"]), other=JUNK | st.just("healer"))
def test_position_accessors_check_their_arguments(village: Any, other: Any) -> None:
    village, other = expand(village), expand(other)
    pos = VALID[2]
    for call in (
        lambda: pos.tile(village, other),
        lambda: pos.tiles(village),
        lambda: pos.strength(village),
        lambda: pos.masters_in(village),
        lambda: pos.has_stone(village),
        lambda: pos.bridge_intact(village, other),
        lambda: pos.supply(village, other),
        lambda: pos.supplies(village),
        lambda: pos.masters_of(village),
        lambda: pos.villages_of(village),
        lambda: with_tile(pos, village, other, None),
        lambda: with_bridge(pos, village, other, False),
        lambda: with_to_move(pos, village),
    ):
        try:
            call()
        except OWN_ERRORS as error:
            assert_own_error(error)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: with_tile(VALID[2], "A", "healer", "red"), "tile: expected a Tile or None"),
        (lambda: with_bridge(VALID[2], "A", "B", 1), "intact: expected True or False"),
        (lambda: GameRecord(VALID[2].to_dict()), "a record starts from a Position"),
        (lambda: GameRecord(VALID[2]).go_to("root"), "expected a node of this record"),
    ],
)
def test_an_argument_of_the_wrong_type_is_a_type_error(make: Any, words: str) -> None:
    """A Python caller's type mistake is no bad game input: a ``TypeError`` of the package's
    own, not a ``ShangrilaError``."""
    with pytest.raises(TypeError, match=words) as info:
        make()
    assert not isinstance(info.value, ShangrilaError)
    assert_own_error(info.value)


def test_check_with_a_list_as_player_is_refused_clearly() -> None:
    """``check(pos, "pass", player=["red"])`` is refused in the package's own words (a type
    mistake may be its own ``TypeError``), not with Python's ``unhashable type``."""
    with pytest.raises(OWN_ERRORS, match="player: expected a colour name or None") as info:
        check(VALID[0], "pass", player=["red"])  # type: ignore[arg-type]
    assert_own_error(info.value)
    with pytest.raises(OWN_ERRORS, match="expected a Position") as info:
        legal_actions("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C")  # type: ignore[arg-type]
    assert_own_error(info.value)


# ============================================================================ game records


def sample_record() -> GameRecord:
    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    for action in ("place healer A", "place healer B", "place priest D"):
        record.play(action)
    record.undo()
    record.play("place priest E")
    record.current.comment = "a variation"
    return record


RECORD = sample_record().to_dict()


@st.composite
def mutated_record_data(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(RECORD)
    paths = json_paths(data)
    path = paths[draw(st.integers(0, len(paths) - 1))]
    garbage = draw(GARBAGE | st.sampled_from(ACTION_TEXTS))
    how = draw(st.sampled_from(HOWS)) if path else "replace"
    return mutate(data, path, how, garbage, draw(st.text(max_size=4)))


@FUZZ
@given(data=mutated_record_data())
@example(data={**RECORD, "current": 5})
@example(data={**RECORD, "tree": Deep([], 2000, "list")})
@example(data={**RECORD, "tree": [{"action": "place H A", "comment": Deep([], 2000, "list")}]})
@example(data={**RECORD, "start": Deep({}, 2000, "dict")})
def test_mutated_records(data: Any) -> None:
    try:
        record = GameRecord.from_dict(expand(data))
    except RecordError as error:
        assert_short(error)
        return
    again = GameRecord.from_json(record.to_json())
    assert again.to_dict() == record.to_dict()


@FUZZ
@given(text=mutated_text([json.dumps(RECORD)]))
@example(text="[" * 100_000)
@example(text='{"format": ' + "1" * 5000 + "}")
def test_mutated_record_text(text: str) -> None:
    try:
        GameRecord.from_json(text)
    except RecordError as error:
        assert_short(error)


def test_a_record_deeper_than_the_stack_saves_and_loads() -> None:
    """Saving and loading walk the tree with loops, not recursion."""
    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    pos = record.position
    # a long line of legal moves: set-up, then recruits and journeys while they last
    while not pos.is_over and record.current.ply < 400:
        record.play(legal_actions(pos)[-1])
        pos = record.position
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(200, record.current.ply // 2 + 50))
    try:
        text = record.to_json()
        again = GameRecord.from_json(text)
    finally:
        sys.setrecursionlimit(limit)
    assert again.position == record.position and again.current.ply == record.current.ply


# ============================================================================ the command line

CLI_POSITIONS = COMPACTS[:3] + ["-", "no-such-file.json", ".", "x" * 300, "", " ", "²"]
CLI_WORDS = st.sampled_from(
    ["--lang", "pl", "de", "--pretty", "--example", "03", "3", "99", "²", "--iterations", "0"]
    + ["-1", "5", "--seconds", "nan", "inf", "1e400", "--seed", "x", "--", "-", "--help"]
    + ["journey A-B", "journey A B", "pass", "place H A", "--version", "--port", "99999"]
)


@dataclass(frozen=True)
class CliRun:
    status: int
    out: str
    err: str


def run_main(argv: list[str], stdin: bytes = b"") -> CliRun:
    """``main(argv)`` in this process with ``stdin`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as stop:  # argparse: --help, --version, a bad command line
                status = stop.code if isinstance(stop.code, int) else 2
    finally:
        sys.stdin = old_stdin
    return CliRun(status, out.getvalue(), err.getvalue())


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], bytes, bytes | None]:
    """(argv, standard input, the bytes of the position file that argv names, if any)."""
    command = draw(st.sampled_from(["check", "hint"]))
    file_bytes = None
    kind = draw(st.sampled_from(["compact", "listed", "file", "stdin"]))
    if kind == "compact":
        position = draw(mutated_text(COMPACTS))
    elif kind == "listed":
        position = draw(st.sampled_from(CLI_POSITIONS))
    else:
        text = draw(mutated_text(JSON_TEXTS + COMPACTS) | st.sampled_from(["", "\ufeff", "{}"]))
        raw = text.encode("utf-8", "surrogatepass")
        if draw(st.booleans()):
            raw = b"\xef\xbb\xbf" + raw
        if kind == "file":
            position, file_bytes = "@FILE@", raw
        else:
            position = "-"
    stdin = raw if kind == "stdin" else b""
    argv = [command, position]
    if command == "check":
        argv.append(draw(mutated_text(ACTION_TEXTS) | CLI_WORDS))
    argv += draw(st.lists(CLI_WORDS | st.text(alphabet=TRICKY, max_size=4), max_size=4))
    if command == "hint":
        argv += ["--level", draw(st.sampled_from(["random", "easy"]))]
    return argv, stdin, file_bytes


@FUZZ
@given(case=command_lines())
@example(case=(["check", "@FILE@", "pass"], b"", b""))
@example(case=(["check", "@FILE@", "pass"], b"", b'{"format": 1, "format": 2}'))
@example(case=(["check", "-", "journey A-B"], b"\xef\xbb\xbf" + JSON_TEXTS[2].encode(), None))
@example(case=(["hint", "-", "--level", "easy"], COMPACTS[-1].encode(), None))
@example(case=(["check", "--example", "²", "pass"], b"", None))
def test_command_line(case: tuple[list[str], bytes, bytes | None]) -> None:
    """Garbage on the command line, in the position file or on standard input: an answer
    (exit 0 or 1, one JSON object), help, or exit 2 with one line on standard error."""
    argv, stdin, file_bytes = case
    with tempfile.TemporaryDirectory() as folder:
        if file_bytes is not None:
            path = Path(folder) / "position.json"
            path.write_bytes(file_bytes)
            argv = [str(path) if a == "@FILE@" else a for a in argv]
        result = run_main(argv, stdin)
    assert "Traceback" not in result.err, result.err
    if "--help" in argv or "--version" in argv:
        assert result.status in (0, 2)
    elif result.status == 2:
        lines = result.err.splitlines()
        assert len(lines) == 1 and "error: " in lines[0], result.err
        assert len(lines[0]) < 500, lines[0]
        assert result.out == ""
    else:
        assert result.status in (0, 1), result
        assert result.err == ""
        answer = json.loads(result.out)
        assert isinstance(answer, dict) and answer


# ============================================================================ the corpus


def corpus_lines(name: str) -> list[str]:
    lines = (CORPUS / name).read_text("utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("path", sorted((CORPUS / "position-json").glob("*")), ids=lambda p: p.name)
def test_corpus_position_json(path: Path) -> None:
    result = read_json_text(path.read_bytes())
    assert isinstance(result, PositionError), "every corpus position is malformed"


@pytest.mark.parametrize("text", corpus_lines("compact.txt"), ids=lambda t: t[:40])
def test_corpus_compact(text: str) -> None:
    assert isinstance(read_compact(text), PositionError)


@pytest.mark.parametrize("text", corpus_lines("actions.txt"), ids=lambda t: t[:40])
def test_corpus_actions(text: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    assert_short(info.value)


@pytest.mark.parametrize("path", sorted((CORPUS / "record-json").glob("*")), ids=lambda p: p.name)
def test_corpus_records(path: Path) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(path.read_bytes())
    assert_short(info.value)


@pytest.mark.parametrize("lang", ["de", ["en"], None, "x" * 10_000])
def test_messages_in_an_unknown_language_are_refused_clearly(lang: Any) -> None:
    outcome = START_THREE.play("place healer A")
    refusal = START_THREE.check("journey A B")
    assert refusal is not None
    for call in (
        lambda: outcome.events[0].message(lang),
        lambda: outcome.messages(lang),
        lambda: refusal.message(lang),
    ):
        with pytest.raises(ShangrilaError, match="unknown language") as info:
            call()
        assert_short(info.value)


@pytest.mark.parametrize("kinds", ["place", 5, [1], ["teleport"], [["place"]]])
def test_what_if_checks_its_kinds(kinds: Any) -> None:
    from shangrila_widget.rules.analysis import what_if

    with pytest.raises(OWN_ERRORS) as info:
        what_if(START_THREE, kinds)
    assert_own_error(info.value)

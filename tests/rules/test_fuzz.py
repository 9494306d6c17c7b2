"""Fuzzing every reader (issue 11): positions as JSON text, as data and as one-line strings,
action text, game records and the engine's public functions, fed mutated inputs.

Each test asserts only what the API docs promise: the input is accepted (and then means what
it says: it round-trips), or it is refused with one of the package's documented errors (a
``TypeError`` of the package's own words for an argument of the wrong type), whose message is
one short line quoting at most an excerpt of the bad value. Any other exception
(``RecursionError``, ``ValueError`` from ``int()``, ``KeyError``) fails.

Inputs that once broke a reader are kept in ``corpus/`` and replayed by
``test_corpus_*`` below, so they stay fixed whatever Hypothesis draws.
"""

from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shangrila_widget.rules import (
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
from tests.support.mutation import HOWS, json_paths, mutate
from tests.support.paths import EXAMPLE_POSITIONS

FUZZ = settings(
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
CORPUS = Path(__file__).resolve().parent / "corpus"
#: The longest error message any reader may give (a short line, never the whole value).
MESSAGE_LIMIT = 300

# ============================================================================ helpers


def assert_short(error: BaseException) -> None:
    text = str(error)
    assert text, type(error)
    assert len(text) <= MESSAGE_LIMIT, text[:400]
    assert "\n" not in text, text


def read_json_text(text: str | bytes) -> Position | PositionError:
    try:
        pos = Position.from_json(text)
    except PositionError as error:
        assert_short(error)
        error.parts  # the path reads back  # noqa: B018
        return error
    assert Position.from_json(pos.to_json()) == pos
    return pos


def read_data(data: Any) -> Position | PositionError:
    try:
        pos = Position.from_dict(data)
    except PositionError as error:
        assert_short(error)
        error.parts  # noqa: B018
        return error
    assert Position.from_dict(pos.to_dict()) == pos
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


def valid_positions() -> list[Position]:
    found = [
        Position.from_json(p.read_text("utf-8")) for p in sorted(EXAMPLE_POSITIONS.glob("*.json"))
    ]
    found.append(Position.new_game(["red", "blue", "yellow", "violet"]))
    found.append(Position.new_game(["red", "blue", "yellow"], end_eleven=True))
    return found


VALID = valid_positions()

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
    data = VALID[draw(st.integers(0, len(VALID) - 1))].to_dict()
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


COMPACTS = [pos.to_compact() for pos in VALID]
JSON_TEXTS = [pos.to_json() for pos in VALID]

# ============================================================================ positions


@FUZZ
@given(data=mutated_position_data())
@example(data={**VALID[0].to_dict(), "villages": Deep([], 990, "list")})
@example(data={**VALID[0].to_dict(), "setup_turns": Deep([], 990, "list")})
@example(data={**VALID[0].to_dict(), "passes": Huge(5000)})
@example(data={**VALID[0].to_dict(), "players": ["red", "blue", Deep("x", 2000, "dict")]})
def test_mutated_position_data(data: Any) -> None:
    read_data(expand(data))


@FUZZ
@given(data=mutated_position_data())
def test_mutated_position_data_as_json_text(data: Any) -> None:
    data = expand(data)
    try:
        text = json.dumps(data)
    except (ValueError, RecursionError):  # unrepresentable data: the data test covers it
        return
    result = read_json_text(text)
    direct = read_data(json.loads(text)) if isinstance(result, Position) else None
    assert direct is None or direct == result


@FUZZ
@given(text=mutated_text(JSON_TEXTS))
def test_mutated_position_json_text(text: str) -> None:
    read_json_text(text)
    read_json_text(text.encode("utf-8", "surrogatepass"))


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
        except (ShangrilaError, TypeError) as error:
            assert_short(error)


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
        except (ShangrilaError, TypeError) as error:
            assert_short(error)
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
        except ShangrilaError as error:
            assert_short(error)


def test_check_with_a_list_as_player_is_refused_clearly() -> None:
    """Issue 11.4: ``check(pos, "pass", player=["red"])`` raised ``unhashable type``."""
    with pytest.raises(TypeError, match="player: expected a colour name or None"):
        check(VALID[0], "pass", player=["red"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Position"):
        legal_actions("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C")  # type: ignore[arg-type]


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
    outcome = VALID[-1].play("place healer A")
    refusal = VALID[-1].check("journey A B")
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

    with pytest.raises((ShangrilaError, TypeError)) as info:
        what_if(VALID[-1], kinds)
    assert_short(info.value)

"""The game record tree: branching, stepping, promoting, deleting, saving; property tests."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shangrila_widget.rules import (
    GameRecord,
    Node,
    Position,
    PositionError,
    RecordError,
    apply_unchecked,
    from_compact,
    to_compact,
)

SEATS = {3: ["red", "blue", "yellow"], 4: ["red", "blue", "yellow", "violet"]}


def all_nodes(record: GameRecord) -> list[Node]:
    out, stack = [], [record.root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children)
    return out


def snapshot(record: GameRecord) -> set[tuple[str, ...]]:
    """Every line of the tree as its action texts (what "never lose history" keeps)."""
    lines = set()
    for node in all_nodes(record):
        actions, walk = [], node
        while walk.parent is not None:
            actions.append(str(walk.action))
            walk = walk.parent
        lines.add(tuple(reversed(actions)))
    return lines


def check_consistent(record: GameRecord) -> None:
    for node in all_nodes(record):
        for child in node.children:
            assert child.parent is node
            assert node.position.play(child.action).position == child.position
        actions = [str(c.action) for c in node.children]
        assert len(actions) == len(set(actions)), "no duplicate children"
    walk = record.current
    while walk.parent is not None:
        walk = walk.parent
    assert walk is record.root


OPERATIONS = ("play", "play", "play", "undo", "redo", "promote", "delete", "start", "end", "save")


@settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([3, 4]),
    ops=st.lists(st.sampled_from(OPERATIONS), min_size=1, max_size=80),
)
def test_tree_operations_keep_positions_and_history(
    seed: int, players: int, ops: list[str]
) -> None:
    rng = random.Random(seed)
    record = GameRecord(Position.new_game(SEATS[players]))
    for op in ops:
        before = snapshot(record)
        if op == "play":
            legal = record.position.legal_actions()
            if legal:
                record.play(rng.choice(legal))
            assert before <= snapshot(record), "playing never loses a line"
        elif op == "undo":
            if record.can_undo():
                record.undo()
            else:
                with pytest.raises(RecordError):
                    record.undo()
        elif op == "redo":
            if record.can_redo():
                record.redo()
            else:
                with pytest.raises(RecordError):
                    record.redo()
        elif op == "promote":
            record.promote()
            assert snapshot(record) == before, "promoting keeps every line"
            if record.current.parent is not None:
                assert record.current.parent.children[0] is record.current
        elif op == "delete":
            if record.current.parent is None:
                with pytest.raises(RecordError):
                    record.delete()
            else:
                gone = record.current
                record.delete()
                assert gone not in record.current.children
                assert snapshot(record) < before
        elif op == "start":
            record.go_to_start()
            assert record.current is record.root
        elif op == "end":
            record.go_to_end()
            assert not record.current.children
        elif op == "save":
            loaded = GameRecord.from_json(record.to_json())
            assert snapshot(loaded) == snapshot(record)
            assert loaded.position == record.position
            assert loaded.current.path() == record.current.path()
        check_consistent(record)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]))
def test_string_and_json_forms_round_trip_through_whole_random_games(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    pos = Position.new_game(SEATS[players], end_eleven=rng.random() < 0.3)
    while True:
        assert from_compact(to_compact(pos)) == pos
        assert Position.from_json(pos.to_json()) == pos
        assert Position.from_compact(pos.to_compact()) == pos
        legal = pos.legal_actions()
        if not legal:
            break
        pos = apply_unchecked(pos, rng.choice(legal))
    assert pos.is_over


def test_replaying_an_existing_action_moves_into_it_rather_than_copying() -> None:
    record = GameRecord(Position.new_game(SEATS[4]))
    record.play("place healer A")
    record.undo()
    record.play("place H a")
    assert len(record.root.children) == 1


def test_comments_survive_saving() -> None:
    record = GameRecord(Position.new_game(SEATS[3]))
    record.play("place healer A")
    record.current.comment = "a strong start"
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.current.comment == "a strong start"
    assert "lang" not in record.to_dict()  # the language belongs to whoever explains


def test_records_saved_with_a_language_still_load() -> None:
    """Records written before the language left the record carry "lang"; they load."""
    record = GameRecord(Position.new_game(SEATS[3]))
    record.play("place healer A")
    old = {**record.to_dict(), "lang": "pl"}
    loaded = GameRecord.from_dict(old)
    assert loaded.position == record.position and loaded.current.ply == 1
    assert not hasattr(loaded, "lang")
    assert loaded.explain(lang="pl") == ["Gracz Czerwony umieszcza Uzdrowiciela w wiosce A."]


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "the text is empty"),
        ("\n ", "the text is empty"),
        ("[]", "JSON object"),
        ('{"format": "x"}', "format: unknown format 'x'"),
        ('{"format": "x", "moves": []}', "format: unknown format 'x'"),
        ('{"format": "shangrila-record/1", "tree": [], "tree": []}', "tree: the key is given"),
        ('{"format": "shangrila-record/1", "start": {}}', "format"),
        ('{"format": "shangrila-record/1", "lang": "de"}', "lang"),
    ],
)
def test_bad_records_are_refused(text: str, problem: str) -> None:
    from shangrila_widget.rules import ShangrilaError

    with pytest.raises(ShangrilaError, match=problem):
        GameRecord.from_json(text)


def test_a_record_with_an_illegal_action_names_where() -> None:
    record = GameRecord(Position.new_game(SEATS[4]))
    record.play("place healer A")
    data = record.to_dict()
    data["tree"][0]["children"] = [{"action": "journey A B", "children": []}]
    with pytest.raises(RecordError, match=r"tree\[0\]\.children\[0\]\.action: SETUP-ORDER"):
        GameRecord.from_dict(data)


def test_a_position_is_not_a_record_and_a_record_not_a_position() -> None:
    """Each reader says what it was given instead of listing the other format's keys."""
    position = Position.new_game(SEATS[3])
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(position.to_json())
    assert str(info.value) == (
        "format: this is a position (shangrila-position/1), not a game record: "
        "read it with Position.from_json"
    )
    record = GameRecord(position).to_json()
    with pytest.raises(PositionError) as error:
        Position.from_json(record)
    assert error.value.path == "format"
    assert error.value.problem == (
        "this is a game record (shangrila-record/1), not a position: "
        "read it with GameRecord.from_json"
    )


def test_a_record_saved_with_a_byte_order_mark_loads() -> None:
    record = GameRecord(Position.new_game(SEATS[4]))
    record.play("place healer A")
    again = GameRecord.from_json(("\ufeff" + record.to_json()).encode("utf-8"))
    assert again.to_dict() == record.to_dict()


def test_a_record_node_given_twice_is_refused_with_its_path() -> None:
    record = GameRecord(Position.new_game(SEATS[4]))
    record.play("place healer A")
    text = record.to_json().replace('"action": "place', '"action": "pass", "action": "place')
    with pytest.raises(RecordError, match=r"^tree\[0\]\.action: the key is given twice$"):
        GameRecord.from_json(text)


def test_a_record_must_start_from_a_position() -> None:
    with pytest.raises(TypeError, match="a record starts from a Position, got 'rby r setup"):
        GameRecord("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C")  # type: ignore[arg-type]

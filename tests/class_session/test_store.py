"""The class's file: sessions, students, lessons, answers; WAL and FULL; the read API."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from shangrila_widget.class_session.store import (
    CODE_ALPHABET,
    NAME_LIMIT,
    Refused,
    Store,
    clean_name,
    default_db_path,
)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "deep" / "class.sqlite3")


def test_the_file_is_in_wal_mode_with_full_sync(store: Store) -> None:
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_session_has_a_random_code_and_a_token_apart(store: Store) -> None:
    sessions = [store.create_session("en") for _ in range(20)]
    codes = {s.code for s in sessions}
    assert len(codes) == 20
    assert all(len(c) >= 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert all(len(s.token) >= 32 and s.code not in s.token for s in sessions)
    assert store.newest_open_session() == store.session(sessions[-1].id)
    assert [s.id for s in store.sessions()] == [s.id for s in sessions]


def test_names_are_kept_as_typed_cut_and_cleaned() -> None:
    assert clean_name("  Zoë \t & <b>  ") == "Zoë & <b>"
    assert clean_name("a\x00b\u202ec") == "abc"
    assert len(clean_name("x" * 200)) == NAME_LIMIT


def test_answers_replace_until_reveal_and_are_refused_after(store: Store) -> None:
    session = store.create_session()
    ada = store.join(session.id, "Ada", None)
    lesson = store.start_lesson(session.id, {"seed": 1, "count": 2})
    with pytest.raises(Refused, match="not_open"):
        store.record_answer(lesson.id, 0, ada.id, {"option": 0}, 0, False, "x")
    store.next_question(session.id, 2)
    store.record_answer(lesson.id, 0, ada.id, {"option": 0}, 0, False, "bridge-stays")
    store.record_answer(lesson.id, 0, ada.id, {"option": 2}, 2, True, None)
    (row,) = store.answers(session.id)
    assert (row.question, row.option, row.correct, row.misreading) == (0, 2, True, None)
    store.reveal(session.id)
    with pytest.raises(Refused, match="revealed"):
        store.record_answer(lesson.id, 0, ada.id, {"option": 1}, 1, False, None)
    assert store.answers(session.id) == [row]
    store.next_question(session.id, 2)
    with pytest.raises(Refused, match="last_question"):
        store.next_question(session.id, 2)


def test_a_lesson_under_way_is_not_replaced_and_end_opens_the_way(store: Store) -> None:
    session = store.create_session()
    store.start_lesson(session.id, {"seed": 1, "count": 2})
    store.start_lesson(session.id, {"seed": 2, "count": 2})  # before its first question
    store.next_question(session.id)
    with pytest.raises(Refused, match="lesson_open"):
        store.start_lesson(session.id, {"seed": 3, "count": 2})
    assert store.end(session.id).ended
    assert store.newest_open_session() is None
    store.start_lesson(session.id, {"seed": 3, "count": 2})
    assert not store.session(session.id).ended
    assert [lesson.spec["seed"] for lesson in store.lessons(session.id)] == [1, 2, 3]


def test_every_change_moves_the_version(store: Store) -> None:
    session = store.create_session()
    versions = [store.session(session.id).version]
    student = store.join(session.id, "Ada", None)
    versions.append(store.session(session.id).version)
    lesson = store.start_lesson(session.id, {"seed": 1, "count": 2})
    versions.append(store.session(session.id).version)
    store.next_question(session.id)
    versions.append(store.session(session.id).version)
    store.record_answer(lesson.id, 0, student.id, {"option": 1}, 1, True, None)
    versions.append(store.session(session.id).version)
    store.reveal(session.id)
    versions.append(store.session(session.id).version)
    assert versions == sorted(set(versions))


def test_a_resume_token_finds_its_student_in_its_session_only(store: Store) -> None:
    one, two = store.create_session(), store.create_session()
    ada = store.join(one.id, "Ada", None)
    assert store.join(one.id, "other", ada.resume) == ada
    assert store.student_by_resume(two.id, ada.resume) is None
    assert store.student_by_resume(one.id, ada.resume + "x") is None


def test_the_default_file_is_in_the_user_s_data_folder() -> None:
    path = default_db_path()
    assert path.name == "class.sqlite3" and "shangrila_widget" in str(path)


def test_answers_kept_together_are_refused_one_by_one(store: Store) -> None:
    from shangrila_widget.class_session.store import NewAnswer

    session = store.create_session()
    ada, bo = store.join(session.id, "Ada", None), store.join(session.id, "Bo", None)
    lesson = store.start_lesson(session.id, {"seed": 1, "count": 2})
    store.next_question(session.id)
    kept = store.record_answers(
        [
            NewAnswer(lesson.id, 0, ada.id, {"option": 1}, 1, True, None),
            NewAnswer(lesson.id, 1, bo.id, {"option": 0}, 0, False, "x"),  # not open
            NewAnswer(lesson.id, 0, bo.id, {"option": 0}, 0, False, "bridge-stays"),
        ]
    )
    assert [getattr(k, "code", None) for k in kept] == [None, "not_open", None]
    assert [(a.student, a.option) for a in store.answers(session.id)] == [(ada.id, 1), (bo.id, 0)]

"""A class's state in one SQLite file (the standard library's sqlite3, WAL, ``synchronous=FULL``).

A *session* is one class: its join code, its teacher token, its students and its lessons
(one at a time; End ends it, a new lesson opens it again). Every change is committed before
it is acknowledged, so a server killed and started again on the same file loses no
acknowledged answer and resumes the lesson where it was.

>>> store = Store.open(":memory:")
>>> session = store.create_session("en")
>>> len(session.code) >= 6 and session.token != session.code
True
>>> student = store.join(session.id, "Ada", None)
>>> lesson = store.start_lesson(session.id, {"seed": 3, "count": 2})
>>> store.next_question(session.id).question
0
>>> store.record_answer(lesson.id, 0, student.id, {"option": 1}, 1, True, None).option
1
>>> [(a.student, a.option) for a in store.answers(session.id)]
[(1, 1)]
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "NAME_LIMIT",
    "AnswerRow",
    "LessonRow",
    "NewAnswer",
    "Refused",
    "SessionRow",
    "Store",
    "StudentRow",
    "default_db_path",
]

#: The join code's letters: no 0/O, 1/I/L, so it can be read off a projector and typed.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The join code's length (31 ** 6, about 887 million codes).
CODE_LENGTH: Final = 6
#: The most characters of a name kept (longer names are cut).
NAME_LIMIT: Final = 40

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,
    token TEXT NOT NULL,
    lang TEXT NOT NULL,
    created REAL NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id),
    name TEXT NOT NULL,
    resume TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS lessons (
    id INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id),
    spec TEXT NOT NULL,
    question INTEGER NOT NULL DEFAULT -1,
    revealed INTEGER NOT NULL DEFAULT 0,
    ended INTEGER NOT NULL DEFAULT 0,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    lesson INTEGER NOT NULL REFERENCES lessons(id),
    question INTEGER NOT NULL,
    student INTEGER NOT NULL REFERENCES students(id),
    answer TEXT NOT NULL,
    option INTEGER,
    correct INTEGER NOT NULL,
    misreading TEXT,
    time REAL NOT NULL,
    UNIQUE (lesson, question, student)
);
"""


class Refused(Exception):
    """A change the session's state does not allow; ``code`` is the protocol's error code."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class SessionRow:
    """One class: its join code, teacher token, language, when made, whether ended."""

    id: int
    code: str
    token: str
    lang: str
    created: float
    ended: bool
    version: int


@dataclass(frozen=True)
class StudentRow:
    """One student of a session: the name as typed (cut at :data:`NAME_LIMIT`) and the
    secret token that lets the phone come back as the same student."""

    id: int
    session: int
    name: str
    resume: str
    joined: float


@dataclass(frozen=True)
class LessonRow:
    """One lesson of a session: its spec (JSON), the question open (-1 before the first),
    whether it is revealed, whether the lesson ended."""

    id: int
    session: int
    spec: Mapping[str, Any]
    question: int
    revealed: bool
    ended: bool
    started: float


@dataclass(frozen=True)
class NewAnswer:
    """An answer to keep: lesson, question, student, the answer, and how it was judged."""

    lesson: int
    question: int
    student: int
    answer: Mapping[str, Any]
    option: int | None
    correct: bool
    misreading: str | None


@dataclass(frozen=True)
class AnswerRow:
    """One student's answer to one question of a lesson (the last one given before Reveal)."""

    session: int
    lesson: int
    question: int
    student: int
    answer: Mapping[str, Any]
    option: int | None
    correct: bool
    misreading: str | None
    time: float


def default_db_path() -> Path:
    """Where a class's file is kept when ``--db`` names none: ``class.sqlite3`` in the user's
    data folder for the package (platformdirs, else ``~/.local/share/shangrila_widget``)."""
    try:
        from platformdirs import user_data_dir
    except ImportError:  # pragma: no cover - platformdirs comes with Jupyter
        base = Path(os.path.expanduser("~/.local/share")) / "shangrila_widget"
    else:
        base = Path(user_data_dir("shangrila_widget", appauthor=False))
    return base / "class.sqlite3"


def new_code() -> str:
    """A random join code of :data:`CODE_LENGTH` letters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_name(name: str) -> str:
    """A name as kept: control characters dropped, spaces joined, cut at :data:`NAME_LIMIT`."""
    kept = "".join(c for c in name if c.isprintable())
    return " ".join(kept.split())[:NAME_LIMIT]


class Store:
    """The class's file; every method commits before it returns."""

    def __init__(self, connection: sqlite3.Connection, path: str = ":memory:") -> None:
        self._db = connection
        #: The file's path (``":memory:"`` for a store in memory).
        self.path = path

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (or make) the file at ``path`` (its folder made if missing), in WAL mode with
        ``synchronous=FULL``."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=5000")
        db.executescript(_SCHEMA)
        return cls(db, str(path))

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _bump(self, db: sqlite3.Connection, session_id: int) -> None:
        db.execute("UPDATE sessions SET version = version + 1 WHERE id = ?", (session_id,))

    # sessions

    def create_session(self, lang: str = "en") -> SessionRow:
        """A new session with a fresh join code and teacher token."""
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO sessions (code, token, lang, created) VALUES (?, ?, ?, ?)",
                (new_code(), secrets.token_urlsafe(24), lang, time.time()),
            )
            ident = int(cursor.lastrowid or 0)
        return self.session(ident)

    def newest_open_session(self) -> SessionRow | None:
        """The newest session not ended, if any."""
        row = self._db.execute(
            "SELECT * FROM sessions WHERE ended = 0 ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else _session(row)

    def session(self, session_id: int) -> SessionRow:
        """The session ``session_id`` (KeyError if there is none)."""
        row = self._db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(session_id)
        return _session(row)

    def sessions(self) -> list[SessionRow]:
        """Every session of the file, oldest first."""
        return [_session(r) for r in self._db.execute("SELECT * FROM sessions ORDER BY id")]

    # students

    def join(self, session_id: int, name: str, resume: str | None) -> StudentRow:
        """The student of ``resume`` (the name kept as first typed) or a new one named
        ``name`` (cleaned and cut, see :func:`clean_name`)."""
        if resume:
            found = self.student_by_resume(session_id, resume)
            if found is not None:
                return found
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO students (session, name, resume, joined) VALUES (?, ?, ?, ?)",
                (session_id, clean_name(name), secrets.token_urlsafe(24), time.time()),
            )
            self._bump(db, session_id)
            ident = int(cursor.lastrowid or 0)
        row = self._db.execute("SELECT * FROM students WHERE id = ?", (ident,)).fetchone()
        return _student(row)

    def student_by_resume(self, session_id: int, resume: str) -> StudentRow | None:
        """The student whose resume token is ``resume`` (compared in constant time)."""
        for row in self._db.execute("SELECT * FROM students WHERE session = ?", (session_id,)):
            if secrets.compare_digest(str(row["resume"]).encode(), resume.encode()):
                return _student(row)
        return None

    def students(self, session_id: int) -> list[StudentRow]:
        """The session's students, in the order they joined."""
        rows = self._db.execute(
            "SELECT * FROM students WHERE session = ? ORDER BY id", (session_id,)
        )
        return [_student(r) for r in rows]

    # lessons

    def lesson(self, session_id: int) -> LessonRow | None:
        """The session's newest lesson (ended or not), if any."""
        row = self._db.execute(
            "SELECT * FROM lessons WHERE session = ? ORDER BY id DESC LIMIT 1", (session_id,)
        ).fetchone()
        return None if row is None else _lesson(row)

    def lessons(self, session_id: int) -> list[LessonRow]:
        """Every lesson of the session, oldest first."""
        rows = self._db.execute(
            "SELECT * FROM lessons WHERE session = ? ORDER BY id", (session_id,)
        )
        return [_lesson(r) for r in rows]

    def start_lesson(self, session_id: int, spec: Mapping[str, Any]) -> LessonRow:
        """A new lesson (refused with ``lesson_open`` while one is under way: after its first
        question and before End); the session opens again if it had ended."""
        with self._write() as db:
            current = self.lesson(session_id)
            if current is not None and not current.ended and current.question >= 0:
                raise Refused("lesson_open")
            if current is not None and not current.ended:
                db.execute("UPDATE lessons SET ended = 1 WHERE id = ?", (current.id,))
            db.execute(
                "INSERT INTO lessons (session, spec, started) VALUES (?, ?, ?)",
                (session_id, json.dumps(dict(spec), sort_keys=True), time.time()),
            )
            db.execute("UPDATE sessions SET ended = 0 WHERE id = ?", (session_id,))
            self._bump(db, session_id)
        lesson = self.lesson(session_id)
        assert lesson is not None
        return lesson

    def _open_lesson(self, session_id: int) -> LessonRow:
        lesson = self.lesson(session_id)
        if lesson is None or lesson.ended:
            raise Refused("no_lesson")
        return lesson

    def next_question(self, session_id: int, total: int | None = None) -> LessonRow:
        """Open the lesson's next question (refused with ``no_lesson``, or with ``last``
        when ``total`` questions have been asked)."""
        with self._write() as db:
            lesson = self._open_lesson(session_id)
            if total is not None and lesson.question + 1 >= total:
                raise Refused("last_question")
            db.execute(
                "UPDATE lessons SET question = question + 1, revealed = 0 WHERE id = ?",
                (lesson.id,),
            )
            self._bump(db, session_id)
        return self._open_lesson(session_id)

    def reveal(self, session_id: int) -> LessonRow:
        """Reveal the open question (refused with ``no_question`` before the first)."""
        with self._write() as db:
            lesson = self._open_lesson(session_id)
            if lesson.question < 0:
                raise Refused("no_question")
            db.execute("UPDATE lessons SET revealed = 1 WHERE id = ?", (lesson.id,))
            self._bump(db, session_id)
        return self._open_lesson(session_id)

    def end(self, session_id: int) -> SessionRow:
        """End the lesson and the session."""
        with self._write() as db:
            db.execute("UPDATE lessons SET ended = 1 WHERE session = ?", (session_id,))
            db.execute("UPDATE sessions SET ended = 1 WHERE id = ?", (session_id,))
            self._bump(db, session_id)
        return self.session(session_id)

    # answers

    def record_answer(
        self,
        lesson_id: int,
        question: int,
        student_id: int,
        answer: Mapping[str, Any],
        option: int | None,
        correct: bool,
        misreading: str | None,
    ) -> AnswerRow:
        """Keep a student's answer to the open question (a changed answer replaces the
        earlier one), committed before this returns; refused with ``not_open`` when
        ``question`` is not the lesson's open question, ``revealed`` after Reveal."""
        given = NewAnswer(lesson_id, question, student_id, answer, option, correct, misreading)
        (result,) = self.record_answers([given])
        if isinstance(result, Refused):
            raise result
        return result

    def record_answers(self, answers: Sequence[NewAnswer]) -> list[AnswerRow | Refused]:
        """Keep several answers in one transaction (one write to the disk for them all),
        committed before this returns: for each its row, or why it was refused (as
        :meth:`record_answer` refuses; the others are kept)."""
        results: list[AnswerRow | Refused] = []
        with self._write() as db:
            for given in answers:
                row = db.execute("SELECT * FROM lessons WHERE id = ?", (given.lesson,)).fetchone()
                if row is None or row["ended"] or row["question"] != given.question:
                    results.append(Refused("not_open"))
                    continue
                if row["revealed"]:
                    results.append(Refused("revealed"))
                    continue
                now = time.time()
                db.execute(
                    "INSERT INTO answers (lesson, question, student, answer, option, correct, "
                    "misreading, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (lesson, question, student) DO UPDATE SET "
                    "answer = excluded.answer, option = excluded.option, "
                    "correct = excluded.correct, misreading = excluded.misreading, "
                    "time = excluded.time",
                    (
                        given.lesson,
                        given.question,
                        given.student,
                        json.dumps(dict(given.answer), sort_keys=True),
                        given.option,
                        int(given.correct),
                        given.misreading,
                        now,
                    ),
                )
                self._bump(db, int(row["session"]))
                results.append(
                    AnswerRow(
                        int(row["session"]),
                        given.lesson,
                        given.question,
                        given.student,
                        json.loads(json.dumps(dict(given.answer))),
                        given.option,
                        given.correct,
                        given.misreading,
                        now,
                    )
                )
        return results

    def answer_of(self, lesson_id: int, question: int, student_id: int) -> AnswerRow | None:
        """A student's answer to one question, if any."""
        row = self._db.execute(
            "SELECT answers.*, lessons.session AS session FROM answers JOIN lessons "
            "ON lessons.id = answers.lesson WHERE lesson = ? AND answers.question = ? "
            "AND student = ?",
            (lesson_id, question, student_id),
        ).fetchone()
        return None if row is None else _answer(row)

    def answered(self, lesson_id: int, question: int) -> int:
        """How many students answered the question."""
        row = self._db.execute(
            "SELECT COUNT(*) FROM answers WHERE lesson = ? AND question = ?",
            (lesson_id, question),
        ).fetchone()
        return int(row[0])

    def answers(self, session_id: int, lesson_id: int | None = None) -> list[AnswerRow]:
        """Every answer of the session (or of one of its lessons), by lesson, question and
        student."""
        query = (
            "SELECT answers.*, lessons.session AS session FROM answers JOIN lessons "
            "ON lessons.id = answers.lesson WHERE lessons.session = ?"
        )
        params: tuple[int, ...] = (session_id,)
        if lesson_id is not None:
            query += " AND lessons.id = ?"
            params += (lesson_id,)
        rows = self._db.execute(query + " ORDER BY lesson, answers.question, student", params)
        return [_answer(r) for r in rows]


def _session(row: sqlite3.Row) -> SessionRow:
    return SessionRow(
        id=int(row["id"]),
        code=str(row["code"]),
        token=str(row["token"]),
        lang=str(row["lang"]),
        created=float(row["created"]),
        ended=bool(row["ended"]),
        version=int(row["version"]),
    )


def _student(row: sqlite3.Row) -> StudentRow:
    return StudentRow(
        id=int(row["id"]),
        session=int(row["session"]),
        name=str(row["name"]),
        resume=str(row["resume"]),
        joined=float(row["joined"]),
    )


def _lesson(row: sqlite3.Row) -> LessonRow:
    return LessonRow(
        id=int(row["id"]),
        session=int(row["session"]),
        spec=json.loads(row["spec"]),
        question=int(row["question"]),
        revealed=bool(row["revealed"]),
        ended=bool(row["ended"]),
        started=float(row["started"]),
    )


def _answer(row: sqlite3.Row) -> AnswerRow:
    return AnswerRow(
        session=int(row["session"]),
        lesson=int(row["lesson"]),
        question=int(row["question"]),
        student=int(row["student"]),
        answer=json.loads(row["answer"]),
        option=None if row["option"] is None else int(row["option"]),
        correct=bool(row["correct"]),
        misreading=None if row["misreading"] is None else str(row["misreading"]),
        time=float(row["time"]),
    )

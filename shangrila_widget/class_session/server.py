"""The class's server: the students' page and websocket, and the teacher's API (Tornado).

Two listening sockets in one process:

- the **students' app** on ``--host`` (default 127.0.0.1) and ``--port`` (0: a free one):
  ``GET /`` (the page), ``/class.js``, ``/class.css``, the websocket ``/ws`` and its plain
  HTTP fallback ``POST /api/join``, ``GET /api/now``, ``POST /api/answer``; nothing else.
  It runs no kernel and executes nothing a phone sends;
- the **teacher's API** on 127.0.0.1 only (its own free port), every request with
  ``Authorization: Bearer <teacher token>``.

``python -m shangrila_widget.class_session.server --db FILE [--host H] [--port P]
[--lang en|pl]`` resumes the newest session of FILE not ended (or makes one) and prints one
JSON line: ``{"students": URL, "teacher_api": URL, "code": C, "token": T, "session": ID}``.
The protocol is in docs/class.md ("Protocol").
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import html
import json
import secrets
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import timedelta
from importlib import resources
from typing import Any, Final

import tornado.httpserver
import tornado.locks
import tornado.netutil
import tornado.web
import tornado.websocket

from shangrila_widget.class_session.lesson import (
    LessonError,
    LessonSpec,
    build_questions,
    judge,
    public_question,
    revealed_question,
    spaces_in_board_order,
    why,
)
from shangrila_widget.class_session.store import (
    NAME_LIMIT,
    AnswerRow,
    LessonRow,
    NewAnswer,
    Refused,
    SessionRow,
    Store,
    StudentRow,
)
from shangrila_widget.exercises import Exercise
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Language, check_language, say, words_table

__all__ = [
    "MESSAGE_LIMIT",
    "RATE_LIMIT",
    "RATE_WINDOW",
    "ClassState",
    "PHONE_WORDS",
    "main",
    "students_app",
    "teacher_app",
]

#: The longest message a phone may send, in bytes.
MESSAGE_LIMIT: Final = 4096
#: At most this many messages per :data:`RATE_WINDOW` seconds per connection.
RATE_LIMIT: Final = 20
RATE_WINDOW: Final = 10.0
#: The most students one session takes.
MOST_STUDENTS: Final = 500
#: At most this many joins over HTTP per :data:`RATE_WINDOW` seconds from one address (a
#: class behind one router shares it).
HTTP_JOINS: Final = 120
#: How long ``GET /api/state?after=V`` waits for a change, in seconds.
LONG_POLL: Final = 15.0

#: Every sentence the students' page shows (sent with the page, in the session's language).
PHONE_WORDS: Final = (
    "class.title",
    "class.join_heading",
    "class.code_label",
    "class.name_label",
    "class.join",
    "class.anonymous",
    "class.joined_as",
    "class.waiting",
    "class.question_of",
    "class.tap_spaces",
    "class.done",
    "class.back",
    "class.chosen_none",
    "class.chosen",
    "class.ack",
    "class.sending",
    "class.right",
    "class.wrong",
    "class.right_answer",
    "class.your_answer",
    "class.no_answer",
    "class.steps",
    "class.ended",
    "class.results",
    "class.offline",
    "class.http_fallback",
    "class.space",
    "type.rainmaker",
    "type.astrologer",
    "type.dragon_breeder",
    "type.priest",
    "type.yeti_whisperer",
    "type.firekeeper",
    "type.healer",
)

#: The errors a phone can be sent (each ``class.error_<code>`` in the words files).
PHONE_ERRORS: Final = (
    "bad_json",
    "bad_message",
    "unknown_type",
    "too_big",
    "too_many",
    "wrong_code",
    "wrong_token",
    "bad_name",
    "not_joined",
    "not_open",
    "revealed",
    "bad_answer",
    "replayed",
    "full",
)

#: The teacher's API's errors and their HTTP status.
TEACHER_ERRORS: Final[Mapping[str, int]] = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_spec": 400,
    "unauthorized": 401,
    "not_found": 404,
    "lesson_open": 409,
    "no_lesson": 409,
    "no_question": 409,
    "last_question": 409,
    "too_big": 413,
    "no_report": 501,
    "server_error": 500,
}

_STATIC: Final = {"/class.js": "application/javascript", "/class.css": "text/css"}


def error_message(code: str, lang: Language, **params: object) -> dict[str, Any]:
    """The phone's error message for ``code``."""
    return {"type": "error", "code": code, "message": say(f"class.error_{code}", lang, **params)}


class PhoneError(Exception):
    """A phone's message refused with ``code`` (nothing changed)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Limiter:
    """At most ``most`` (:data:`RATE_LIMIT`) messages in any :data:`RATE_WINDOW` seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, most: int = RATE_LIMIT):
        self._times: deque[float] = deque()
        self._clock = clock
        self._most = most

    def allow(self) -> bool:
        now = self._clock()
        while self._times and now - self._times[0] > RATE_WINDOW:
            self._times.popleft()
        if len(self._times) >= self._most:
            return False
        self._times.append(now)
        return True


class Phone:
    """One phone's link: the student it joined as (``None`` before a join) and its limiter."""

    def __init__(self, send: Callable[[str], None] | None = None) -> None:
        self.student: StudentRow | None = None
        self.limiter = Limiter()
        self.send = send


class Writer:
    """Keeps the phones' answers on a thread of its own, with its own connection to the file:
    the answers that arrive while one write is under way are kept together in the next (one
    transaction, one write to the disk), and each is acknowledged once committed. The
    server's loop goes on meanwhile."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[NewAnswer, asyncio.Future[AnswerRow | Refused]]] = []
        self._busy = False
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-writer")

    async def keep(self, answer: NewAnswer) -> AnswerRow | Refused:
        """The answer's row once committed, or why it was refused."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[AnswerRow | Refused] = loop.create_future()
        self._waiting.append((answer, future))
        if not self._busy:
            self._busy = True
            loop.create_task(self._write_all())
        return await future

    async def _write_all(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    kept = await loop.run_in_executor(
                        self._thread, self.store.record_answers, [a for a, _f in batch]
                    )
                except Exception as error:  # noqa: BLE001 - each phone is told, then logged
                    for _answer, future in batch:
                        future.set_exception(error)
                    continue
                for (_answer, future), result in zip(batch, kept):
                    future.set_result(result)
        finally:
            self._busy = False

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.store.close()


class ClassState:
    """The session: its store, the questions of its lesson, the phones linked, the teacher's
    long polls; every change is committed to the store, then told to everyone."""

    def __init__(
        self,
        store: Store,
        session: SessionRow,
        lang: Language,
        students_url: str,
        writer: Writer | None = None,
    ):
        self.store = store
        #: Keeps the answers off the loop (``None``: :meth:`handle` keeps them itself).
        self.writer = writer
        self.session_id = session.id
        self.code = session.code
        self.token = session.token
        self.lang = lang
        self.students_url = students_url
        self.phones: set[Phone] = set()
        #: The HTTP fallback's phones, by resume token (each with its own limiter).
        self.http_phones: dict[str, Phone] = {}
        #: The HTTP fallback's joins, by the address they come from.
        self.http_joins: dict[str, Limiter] = {}
        self.changed = tornado.locks.Condition()
        self._public: dict[tuple[int, int], str] = {}
        self._revealed: dict[tuple[int, int], str] = {}
        #: The questions' pictures by name: the SVG, and gzipped.
        self.pictures: dict[str, tuple[bytes, bytes]] = {}

    # what is where

    def lesson(self) -> LessonRow | None:
        return self.store.lesson(self.session_id)

    def questions(self, lesson: LessonRow) -> tuple[Exercise, ...]:
        return build_questions(LessonSpec.from_json(lesson.spec))

    def version(self) -> int:
        return self.store.session(self.session_id).version

    def _public_json(self, lesson: LessonRow) -> str:
        key = (lesson.id, lesson.question)
        if key not in self._public:
            questions = self.questions(lesson)
            shown = public_question(
                questions[lesson.question], lesson.question, len(questions), self.lang
            )
            # The pictures go by address: fetched once per phone (and cached by its browser),
            # compressed once for everyone, not in every message.
            shown["board"] = self._picture(shown["board"])
            shown["zoom"] = {v: self._picture(svg) for v, svg in shown["zoom"].items()}
            self._public[key] = json.dumps(shown)
        return self._public[key]

    def _picture(self, svg: str) -> str:
        """The address the picture ``svg`` is served at (``/board/<random>.svg``)."""
        name = secrets.token_urlsafe(12)
        data = svg.encode("utf-8")
        self.pictures[name] = (data, gzip.compress(data, 6))
        return f"/board/{name}.svg"

    def _revealed_json(self, lesson: LessonRow) -> str:
        """The revealed question as JSON (with the board's address)."""
        key = (lesson.id, lesson.question)
        if key not in self._revealed:
            questions = self.questions(lesson)
            shown = revealed_question(questions[lesson.question], self.lang)
            shown["index"] = lesson.question
            shown["total"] = len(questions)
            shown["board"] = json.loads(self._public_json(lesson))["board"]
            self._revealed[key] = json.dumps(shown)
        return self._revealed[key]

    def phone_now(self, student: StudentRow) -> str:
        """The message that tells ``student``'s phone what is on now (JSON text)."""
        lesson = self.lesson()
        ended = self.store.session(self.session_id).ended
        if lesson is None or (lesson.question < 0 and not lesson.ended):
            return json.dumps({"type": "ended" if ended else "waiting", "results": None})
        if lesson.ended or ended:
            return json.dumps({"type": "ended", "results": self.results(lesson, student)})
        mine = self.store.answer_of(lesson.id, lesson.question, student.id)
        if not lesson.revealed:
            yours = "null" if mine is None else json.dumps(dict(mine.answer))
            return (
                f'{{"type": "question", "question": {self._public_json(lesson)}, "yours": {yours}}}'
            )
        shared = self._revealed_json(lesson)
        verdict: dict[str, Any] | None = None
        if mine is not None:
            exercise = self.questions(lesson)[lesson.question]
            verdict = {
                "answer": dict(mine.answer),
                "option": mine.option,
                "right": mine.correct,
                "why": why(exercise, dict(mine.answer), self.lang),
            }
        return f'{{"type": "revealed", "question": {shared}, "yours": {json.dumps(verdict)}}}'

    def results(self, lesson: LessonRow, student: StudentRow) -> dict[str, Any]:
        """A student's own results in ``lesson``: per question asked, right, wrong or none."""
        asked = lesson.question + 1
        mine = {
            a.question: a.correct
            for a in self.store.answers(self.session_id, lesson.id)
            if a.student == student.id
        }
        return {
            "total": asked,
            "answered": len(mine),
            "right": sum(mine.values()),
            "questions": [{"index": i, "right": mine.get(i)} for i in range(asked)],
        }

    def teacher_state(self) -> dict[str, Any]:
        """What ``GET /api/state`` answers (no answers shown while a question is open)."""
        session = self.store.session(self.session_id)
        students = self.store.students(self.session_id)
        lesson = self.lesson()
        question: dict[str, Any] | None = None
        tally: list[dict[str, Any]] | None = None
        if lesson is not None and lesson.question >= 0 and not lesson.ended:
            questions = self.questions(lesson)
            exercise = questions[lesson.question]
            question = {
                "index": lesson.question,
                "total": len(questions),
                "exercise_id": exercise.id,
                "revealed": lesson.revealed,
                "answered": self.store.answered(lesson.id, lesson.question),
            }
            if lesson.revealed:
                counts: dict[int | None, int] = {}
                for row in self.store.answers(self.session_id, lesson.id):
                    if row.question == lesson.question:
                        counts[row.option] = counts.get(row.option, 0) + 1
                tally = [
                    {"option": i, "count": counts.get(i, 0), "misreading": o.misreading}
                    for i, o in enumerate(exercise.options)
                ]
                if counts.get(None):
                    tally.append({"option": None, "count": counts[None], "misreading": None})
        return {
            "version": session.version,
            "session": session.id,
            "code": session.code,
            "students_url": self.students_url,
            "joined": len(students),
            "students": [{"id": s.id, "name": s.name} for s in students],
            "lesson": None if lesson is None or lesson.ended else dict(lesson.spec),
            "ended": session.ended,
            "question": question,
            "tally": tally,
        }

    def tell_everyone(self) -> None:
        """Wake the teacher's long polls and send every linked phone what is on now."""
        self.changed.notify_all()
        for phone in list(self.phones):
            if phone.student is not None and phone.send is not None:
                phone.send(self.phone_now(phone.student))

    # the phones' messages

    def handle(self, phone: Phone, raw: str | bytes) -> list[str]:
        """The replies to one message of ``phone`` (JSON texts); a refused message gets one
        error and changes nothing."""
        try:
            done = self._handle(phone, raw)
        except PhoneError as refused:
            return [json.dumps(error_message(refused.code, self.lang))]
        if isinstance(done, NewAnswer):
            (kept,) = self.store.record_answers([done])
            return self._acknowledged(kept)
        return done

    def _handle(self, phone: Phone, raw: str | bytes) -> list[str] | NewAnswer:
        size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
        if size > MESSAGE_LIMIT:
            raise PhoneError("too_big")
        if not phone.limiter.allow():
            raise PhoneError("too_many")
        try:
            message = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise PhoneError("bad_json") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise PhoneError("bad_message")
        kind = message["type"]
        if kind == "join":
            return self._join(phone, message)
        if kind == "answer":
            return self._answer(phone, message)
        raise PhoneError("unknown_type")

    def _join(self, phone: Phone, message: dict[str, Any]) -> list[str]:
        code, name, resume = message.get("code"), message.get("name", ""), message.get("resume")
        if not isinstance(code, str) or not isinstance(name or "", str):
            raise PhoneError("bad_message")
        if resume is not None and not isinstance(resume, str):
            raise PhoneError("bad_message")
        given = code.strip().upper().encode("utf-8")
        if not secrets.compare_digest(given, self.code.encode("utf-8")):
            raise PhoneError("wrong_code")
        name = name or ""
        if "<" in name or ">" in name:
            raise PhoneError("bad_name")
        if resume:
            student = self.store.student_by_resume(self.session_id, resume)
            if student is None:
                raise PhoneError("wrong_token")
        elif phone.student is not None:
            student = phone.student  # a link joins as one student: no new one
        else:
            if len(self.store.students(self.session_id)) >= MOST_STUDENTS:
                raise PhoneError("full")
            student = self.store.join(self.session_id, name[: NAME_LIMIT * 4], None)
            self.changed.notify_all()
        phone.student = student
        joined = {
            "type": "joined",
            "student": student.id,
            "resume": student.resume,
            "name": student.name,
        }
        return [json.dumps(joined), self.phone_now(student)]

    def _answer(self, phone: Phone, message: dict[str, Any]) -> NewAnswer:
        """The answer to keep, checked (every refusal raised before anything is written)."""
        if phone.student is None:
            raise PhoneError("not_joined")
        index, answer = message.get("index"), message.get("answer")
        if isinstance(index, bool) or not isinstance(index, int):
            raise PhoneError("bad_message")
        lesson = self.lesson()
        if lesson is None or lesson.ended or lesson.question != index:
            raise PhoneError("not_open")
        if lesson.revealed:
            raise PhoneError("revealed")
        exercise = self.questions(lesson)[index]
        try:
            judged = judge(exercise, answer)
        except LessonError:
            raise PhoneError("bad_answer") from None
        assert isinstance(answer, dict)
        if "spaces" in answer:
            answer = {"spaces": spaces_in_board_order(answer["spaces"])}
        elif "action" in answer:
            answer = {"action": str(answer["action"]).strip()}
        before = self.store.answer_of(lesson.id, index, phone.student.id)
        if before is not None and dict(before.answer) == answer:
            raise PhoneError("replayed")
        return NewAnswer(
            lesson.id,
            index,
            phone.student.id,
            answer,
            judged.option_index,
            judged.correct,
            judged.misreading,
        )

    def _acknowledged(self, kept: AnswerRow | Refused) -> list[str]:
        if isinstance(kept, Refused):
            return [json.dumps(error_message(kept.code, self.lang))]
        self.changed.notify_all()
        ack = {"type": "ack", "index": kept.question, "answer": dict(kept.answer)}
        return [json.dumps(ack)]

    async def handle_soon(self, phone: Phone, raw: str | bytes) -> list[str]:
        """:meth:`handle`, with answers kept by :attr:`writer` (together with the answers
        of other phones that arrive meanwhile: one write to the disk for them all)."""
        if self.writer is None:
            return self.handle(phone, raw)
        try:
            done = self._handle(phone, raw)
        except PhoneError as refused:
            return [json.dumps(error_message(refused.code, self.lang))]
        if isinstance(done, NewAnswer):
            return self._acknowledged(await self.writer.keep(done))
        return done

    # the teacher's controls

    def start_lesson(self, spec: LessonSpec) -> None:
        self.store.start_lesson(self.session_id, spec.to_json())
        self.tell_everyone()
        self._prepare_following(self.lesson())

    def next_question(self) -> None:
        lesson = self.lesson()
        total = None if lesson is None or lesson.ended else len(self.questions(lesson))
        opened = self.store.next_question(self.session_id, total)
        self._public_json(opened)  # made once, before anyone is told (or made already)
        self.tell_everyone()

    def reveal(self) -> None:
        revealed = self.store.reveal(self.session_id)
        self._revealed_json(revealed)
        self.tell_everyone()
        self._prepare_following(revealed)

    def _prepare_following(self, lesson: LessonRow | None) -> None:
        """Make the next question's message and pictures while the room reads this one, so
        that *Next* tells everyone at once: after the phones are told (the loop's next turn),
        or at once where no loop runs."""
        if lesson is None or lesson.ended:
            return
        following = replace(lesson, question=lesson.question + 1, revealed=False)
        if following.question >= len(self.questions(lesson)):
            return
        try:
            asyncio.get_running_loop().call_soon(self._public_json, following)
        except RuntimeError:
            self._public_json(following)

    def end(self) -> None:
        self.store.end(self.session_id)
        self.tell_everyone()


# the students' app


class _StudentsHandler(tornado.web.RequestHandler):
    state: ClassState

    def initialize(self, state: ClassState) -> None:
        self.state = state

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        self.set_header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        code = {404: "not_found", 500: "server_error"}.get(status_code, "bad_message")
        self.finish(json.dumps(error_message(code, self.state.lang)))


def _package_file(name: str) -> str:
    return resources.files("shangrila_widget").joinpath(f"class_session/{name}").read_text("utf-8")


class PageHandler(_StudentsHandler):
    """``GET /``: the students' page, with its words in the session's language."""

    def get(self) -> None:
        lang = self.state.lang
        table = words_table(lang)  # the templates: the page fills in {name} and the like
        words = {key: table[key] for key in PHONE_WORDS}
        # No HTML metacharacter survives into the script block: "<" and ">" and "&" are
        # written as JSON escapes.
        data = (
            json.dumps({"lang": lang, "words": words}, ensure_ascii=True)
            .replace("<", "\\u003c")
            .replace(">", "\\u003e")
            .replace("&", "\\u0026")
        )
        page = (
            _package_file("page.html")
            .replace("{{lang}}", lang)
            .replace("{{title}}", html.escape(say("class.title", lang)))
            .replace("{{data}}", data)
        )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)


class FileHandler(_StudentsHandler):
    """``/class.js`` and ``/class.css``: the page's two files, by exact name."""

    def get(self) -> None:
        path = self.request.path
        self.set_header("Content-Type", f"{_STATIC[path]}; charset=utf-8")
        self.finish(_package_file(path.lstrip("/")))


class PictureHandler(_StudentsHandler):
    """``/board/<name>.svg``: a question's picture, by the name its message gave."""

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "private, max-age=86400, immutable")

    def get(self, name: str) -> None:
        found = self.state.pictures.get(name)
        if found is None:
            raise tornado.web.HTTPError(404)
        plain, packed = found
        self.set_header("Content-Type", "image/svg+xml; charset=utf-8")
        if "gzip" in self.request.headers.get("Accept-Encoding", ""):
            self.set_header("Content-Encoding", "gzip")
            self.finish(packed)
        else:
            self.finish(plain)


class PhoneSocket(tornado.websocket.WebSocketHandler):
    """``/ws``: one phone's websocket (JSON messages, see docs/class.md)."""

    state: ClassState
    phone: Phone

    def initialize(self, state: ClassState) -> None:
        self.state = state

    def get_compression_options(self) -> dict[str, Any]:
        return {}  # permessage-deflate, as browsers offer it

    def open(self, *args: str, **kwargs: str) -> None:
        self.phone = Phone(self._send)
        self.state.phones.add(self.phone)

    def _send(self, text: str) -> None:
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            self.state.phones.discard(self.phone)

    async def on_message(self, message: str | bytes) -> None:
        # Tornado reads this phone's next message once this one is answered: its answers
        # are kept in the order sent.
        for reply in await self.state.handle_soon(self.phone, message):
            self._send(reply)

    def on_close(self) -> None:
        self.state.phones.discard(self.phone)


class _FallbackHandler(_StudentsHandler):
    """The plain-HTTP fallback: each request carries its student's resume token."""

    def _phone(self, resume: object) -> Phone:
        if not isinstance(resume, str) or not resume:
            raise PhoneError("not_joined")
        phone = self.state.http_phones.get(resume)
        if phone is None:
            student = self.state.store.student_by_resume(self.state.session_id, resume)
            if student is None:
                raise PhoneError("wrong_token")
            phone = Phone()
            phone.student = student
            if len(self.state.http_phones) > 10_000:
                self.state.http_phones.clear()
            self.state.http_phones[resume] = phone
        return phone

    def _reply(self, texts: list[str]) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish("[" + ",".join(texts) + "]")

    def _refuse(self, code: str) -> None:
        self._reply([json.dumps(error_message(code, self.state.lang))])


class JoinHandler(_FallbackHandler):
    """``POST /api/join``: the body is a ``join`` message; the reply, a list of messages."""

    def post(self) -> None:
        address = self.request.remote_ip or ""
        limiter = self.state.http_joins.setdefault(address, Limiter(most=HTTP_JOINS))
        if len(self.state.http_joins) > 10_000:
            self.state.http_joins.clear()
        if not limiter.allow():
            return self._refuse("too_many")
        phone = Phone()
        replies = self.state.handle(phone, self.request.body)
        if phone.student is not None:
            phone.limiter = Limiter()
            self.state.http_phones[phone.student.resume] = phone
        self._reply(replies)


class NowHandler(_FallbackHandler):
    """``GET /api/now?student=TOKEN``: what is on now, for that student."""

    def get(self) -> None:
        try:
            phone = self._phone(self.get_query_argument("student", ""))
        except PhoneError as refused:
            return self._refuse(refused.code)
        if not phone.limiter.allow():
            return self._refuse("too_many")
        assert phone.student is not None
        self._reply([self.state.phone_now(phone.student)])


class AnswerHandler(_FallbackHandler):
    """``POST /api/answer``: ``{"student": TOKEN, "index": I, "answer": {...}}``."""

    async def post(self) -> None:
        body = self.request.body
        if len(body) > MESSAGE_LIMIT:
            return self._refuse("too_big")
        try:
            message = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return self._refuse("bad_json")
        if not isinstance(message, dict):
            return self._refuse("bad_message")
        try:
            phone = self._phone(message.pop("student", None))
        except PhoneError as refused:
            return self._refuse(refused.code)
        message["type"] = "answer"
        self._reply(await self.state.handle_soon(phone, json.dumps(message)))


class NotFound(_StudentsHandler):
    """Anything else: 404, nothing read from disk."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def students_app(state: ClassState) -> tornado.web.Application:
    """The students' app: the page, its two files, the websocket, the HTTP fallback."""
    kwargs = {"state": state}
    return tornado.web.Application(
        [
            (r"/", PageHandler, kwargs),
            (r"/class\.(?:js|css)", FileHandler, kwargs),
            (r"/board/([A-Za-z0-9_-]{16})\.svg", PictureHandler, kwargs),
            (r"/ws", PhoneSocket, kwargs),
            (r"/api/join", JoinHandler, kwargs),
            (r"/api/now", NowHandler, kwargs),
            (r"/api/answer", AnswerHandler, kwargs),
        ],
        default_handler_class=NotFound,
        default_handler_args=kwargs,
        websocket_max_message_size=64 * 1024,
        websocket_ping_interval=20,
        compress_response=True,  # the pictures come gzipped already
    )


# the teacher's API


class TeacherHandler(tornado.web.RequestHandler):
    """A request of the teacher's API: refused without the teacher token."""

    state: ClassState

    def initialize(self, state: ClassState) -> None:
        self.state = state

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def prepare(self) -> None:
        given = self.request.headers.get("Authorization", "")
        wanted = f"Bearer {self.state.token}"
        if not secrets.compare_digest(given.encode("utf-8"), wanted.encode("utf-8")):
            self.refuse("unauthorized")
        if len(self.request.body) > 64 * 1024:
            self.refuse("too_big")

    def refuse(self, code: str, **params: object) -> None:
        raise tornado.web.HTTPError(TEACHER_ERRORS[code], reason=None, log_message=code) from (
            _TeacherError(code, params)
        )

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        code, params = "not_found", {}
        info = kwargs.get("exc_info")
        if info is not None and isinstance(info[1], tornado.web.HTTPError):
            cause = info[1].__cause__
            if isinstance(cause, _TeacherError):
                code, params = cause.code, cause.params
            elif status_code == 405:
                code = "bad_message"
        elif status_code >= 500:
            code = "server_error"
        message = say(f"class.error_{code}", self.state.lang, **params)
        self.finish(json.dumps({"error": {"code": code, "message": message}}))

    def body(self) -> dict[str, Any]:
        if not self.request.body:
            return {}
        try:
            data = json.loads(self.request.body)
        except (ValueError, UnicodeDecodeError):
            self.refuse("bad_json")
        if not isinstance(data, dict):
            self.refuse("bad_message")
        checked: dict[str, Any] = data
        return checked

    def done(self) -> None:
        self.finish(json.dumps(self.state.teacher_state()))


class _TeacherError(Exception):
    def __init__(self, code: str, params: Mapping[str, object]) -> None:
        super().__init__(code)
        self.code = code
        self.params = dict(params)


class StateHandler(TeacherHandler):
    """``GET /api/state?after=V``: the state, once its version passes V (at most 15 s)."""

    async def get(self) -> None:
        try:
            after = int(self.get_query_argument("after", "-1"))
        except ValueError:
            self.refuse("bad_message")
        deadline = time.monotonic() + LONG_POLL
        while self.state.version() <= after:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            await self.state.changed.wait(timeout=timedelta(seconds=left))
        self.done()


class LessonHandler(TeacherHandler):
    """``POST /api/lesson`` ``{"spec": {...}}``: start a lesson."""

    def post(self) -> None:
        try:
            spec = LessonSpec.from_json(self.body().get("spec"))
            build_questions(spec)
        except (ShangrilaError, ValueError, TypeError) as error:
            self.refuse("bad_spec", why=_said(error, self.state.lang))
        try:
            self.state.start_lesson(spec)
        except Refused as refused:
            self.refuse(refused.code)
        self.done()


def _said(error: BaseException, lang: Language) -> str:
    return error.text(lang) if isinstance(error, ShangrilaError) else str(error)


class ControlHandler(TeacherHandler):
    """``POST /api/next``, ``/api/reveal``, ``/api/end``."""

    def post(self, control: str) -> None:
        act = {
            "next": self.state.next_question,
            "reveal": self.state.reveal,
            "end": self.state.end,
        }[control]
        try:
            act()
        except Refused as refused:
            self.refuse(refused.code)
        self.done()


class ReportHandler(TeacherHandler):
    """``GET /api/report`` (JSON) and ``/api/report.csv``, from the report module."""

    def get(self, csv: str | None) -> None:
        from shangrila_widget.class_session import report

        built = report.build(self.state.store, self.state.session_id)
        if csv:
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.finish(built.to_csv())
            return
        self.finish(json.dumps(built.to_json()))


class TeacherNotFound(TeacherHandler):
    def get(self) -> None:
        self.refuse("not_found")

    post = get


def teacher_app(state: ClassState) -> tornado.web.Application:
    """The teacher's API (to be served on 127.0.0.1 only)."""
    kwargs = {"state": state}
    return tornado.web.Application(
        [
            (r"/api/state", StateHandler, kwargs),
            (r"/api/lesson", LessonHandler, kwargs),
            (r"/api/(next|reveal|end)", ControlHandler, kwargs),
            (r"/api/report(\.csv)?", ReportHandler, kwargs),
        ],
        default_handler_class=TeacherNotFound,
        default_handler_args=kwargs,
    )


# the process


def _address_for(host: str) -> str:
    """The address to put in the students' link for a server bound to ``host``: for every
    address (``0.0.0.0``, ``::``), this computer's first address that is not a loopback one,
    from its own name (no packet sent); ``127.0.0.1`` if it has none."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
        try:
            found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            found = []
        for *_rest, address in found:
            if not str(address[0]).startswith("127."):
                host = str(address[0])
                break
    return f"[{host}]" if ":" in host else host


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m shangrila_widget.class_session.server",
        description="Serve a class: the students' page on --host, the teacher's API on 127.0.0.1.",
    )
    parser.add_argument("--db", required=True, help="the class's SQLite file")
    parser.add_argument("--host", default="127.0.0.1", help="the students' address")
    parser.add_argument("--port", type=int, default=0, help="the students' port (0: free)")
    parser.add_argument("--lang", default="en", choices=("en", "pl"))
    return parser


async def serve(db: str, host: str, port: int, lang: Language) -> None:
    """Open the file, resume or make the session, listen, print the JSON line, run."""
    store = Store.open(db)
    session = store.newest_open_session() or store.create_session(lang)
    students_sockets = tornado.netutil.bind_sockets(port, host)
    teacher_sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    students_port = students_sockets[0].getsockname()[1]
    teacher_port = teacher_sockets[0].getsockname()[1]
    url = f"http://{_address_for(host)}:{students_port}/?code={session.code}"
    writer = Writer(Store.open(db))
    state = ClassState(store, session, lang, url, writer)
    tornado.httpserver.HTTPServer(students_app(state), max_body_size=64 * 1024).add_sockets(
        students_sockets
    )
    tornado.httpserver.HTTPServer(teacher_app(state), max_body_size=64 * 1024).add_sockets(
        teacher_sockets
    )
    line = {
        "students": url,
        "teacher_api": f"http://127.0.0.1:{teacher_port}",
        "code": session.code,
        "token": session.token,
        "session": session.id,
    }
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    writer.close()
    store.close()


def main(argv: list[str] | None = None) -> int:
    """Run the server until SIGTERM or Ctrl+C."""
    args = _parser().parse_args(argv)
    asyncio.run(serve(args.db, args.host, args.port, check_language(args.lang)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

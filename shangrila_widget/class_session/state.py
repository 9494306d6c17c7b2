"""The class's session as the server holds it: the store, the questions of the lesson,
the phones linked and the teacher's long polls (:class:`ClassState`), and the thread that
keeps the answers (:class:`Writer`)."""

from __future__ import annotations

import asyncio
import gzip
import json
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import tornado.httpserver
import tornado.locks
import tornado.netutil
import tornado.web
import tornado.websocket

from shangrila_widget.class_session.learners import class_learners
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
from shangrila_widget.class_session.protocol import (
    MESSAGE_LIMIT,
    MOST_STUDENTS,
    Limiter,
    Phone,
    PhoneError,
    error_message,
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
from shangrila_widget.exercises.learner import Learner
from shangrila_widget.exercises.path import learner_next_lines
from shangrila_widget.rules.messages import Language, rule_title, say


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
        later: Callable[[Callable[[], object]], object] | None = None,
    ):
        self.store = store
        #: Runs work on the server loop's next turn (``loop.call_soon``); ``None``: at once.
        self.later = later
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
        #: The students' learners as of a session version (see :meth:`path`).
        self._learners: tuple[int, dict[int, Learner]] = (-1, {})

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
            "path": self.path(student),
        }

    def path(self, student: StudentRow) -> dict[str, Any] | None:
        """``student``'s learning path read off the session's answers (the rows the teacher's
        report counts): the rules held, and what to practise next, in the session's words;
        ``None`` before a first answer."""
        version = self.version()
        if self._learners[0] != version:  # read once for every phone told of the same change
            self._learners = (version, class_learners(self.store, self.session_id))
        learner = self._learners[1].get(student.id)
        if learner is None or not learner.seen:
            return None
        held = [r for r in sorted(learner.rules) if learner.held(r)]
        named = ", ".join(f"{rule_title(r, self.lang)} ({r})" for r in held)
        return {
            "held": say("class.path_held", self.lang, rules=named) if held else None,
            "title": say("path.next_title", self.lang),
            "next": learner_next_lines(learner, self.lang),
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
        that *Next* tells everyone at once: after the phones are told (:attr:`later`: the
        server loop's next turn), or at once without one."""
        if lesson is None or lesson.ended:
            return
        following = replace(lesson, question=lesson.question + 1, revealed=False)
        if following.question >= len(self.questions(lesson)):
            return
        if self.later is None:
            self._public_json(following)
        else:
            self.later(lambda: self._public_json(following))

    def end(self) -> None:
        self.store.end(self.session_id)
        self.tell_everyone()

"""The teacher's API (Tornado, on 127.0.0.1 only): every request with the teacher's
Bearer token; the lesson, the controls, the state's long poll and the report."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import tornado.httpserver
import tornado.locks
import tornado.netutil
import tornado.web
import tornado.websocket

from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.class_session.protocol import LONG_POLL, TEACHER_ERRORS
from shangrila_widget.class_session.state import ClassState
from shangrila_widget.class_session.store import Refused
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Language, say


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

"""The students' app (Tornado): the page, its script and style, the board's pictures, the
websocket and its plain HTTP fallback; nothing else is served."""

from __future__ import annotations

import html
import json
import time
from datetime import timedelta
from importlib import resources
from typing import Any

import tornado.httpserver
import tornado.locks
import tornado.netutil
import tornado.web
import tornado.websocket

from shangrila_widget.class_session.protocol import (
    HTTP_JOINS,
    LONG_POLL,
    MESSAGE_LIMIT,
    PHONE_WORDS,
    STATIC_FILES,
    Limiter,
    Phone,
    PhoneError,
    error_message,
)
from shangrila_widget.class_session.state import ClassState
from shangrila_widget.rules.messages import say, words_table


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
        self.set_header("Content-Type", f"{STATIC_FILES[path]}; charset=utf-8")
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
            phone.told = replies[-1]
            self.state.http_phones[phone.student.resume] = phone
        self._reply(replies)


class NowHandler(_FallbackHandler):
    """``GET /api/now?student=TOKEN[&wait=1]``: what is on now, for that student; with
    ``wait``, once it differs from what this phone was last told (at most
    :data:`~.protocol.LONG_POLL` seconds: a long poll, so a Reveal reaches it at once)."""

    async def get(self) -> None:
        try:
            phone = self._phone(self.get_query_argument("student", ""))
        except PhoneError as refused:
            return self._refuse(refused.code)
        if not phone.limiter.allow():
            return self._refuse("too_many")
        student = phone.student
        assert student is not None
        now = self.state.phone_now(student)
        if self.get_query_argument("wait", ""):
            deadline = time.monotonic() + LONG_POLL
            while now == phone.told and (left := deadline - time.monotonic()) > 0:
                await self.state.changed.wait(timeout=timedelta(seconds=left))
                now = self.state.phone_now(student)
        phone.told = now
        self._reply([now])


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

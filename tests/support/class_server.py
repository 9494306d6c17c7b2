"""Helpers for the class server's tests: a session in-process on a file of the test's own,
the file's whole content (read through a connection of its own), phones that keep every
message they are sent."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shangrila_widget.class_session.protocol import Phone
from shangrila_widget.class_session.state import ClassState
from shangrila_widget.class_session.store import Store

__all__ = [
    "FakePhone",
    "file_content",
    "in_process",
    "raw_get",
    "right_option",
    "teacher",
    "wrong_option",
    "ws_ask",
    "ws_phone",
]


def in_process(tmp_path: Path, lang: str = "en") -> ClassState:
    """A new session on ``tmp_path/class.sqlite3``, served by nothing (messages are handed to
    :meth:`ClassState.handle`)."""
    store = Store.open(tmp_path / "class.sqlite3")
    session = store.create_session(lang)
    url = f"http://127.0.0.1:1/?code={session.code}"
    return ClassState(store, session, lang, url)  # type: ignore[arg-type]


def file_content(path: Path) -> list[str]:
    """Every row of every table of the file, as SQL (its own connection: what a restarted
    server would find)."""
    db = sqlite3.connect(str(path))
    try:
        return list(db.iterdump())
    finally:
        db.close()


class FakePhone:
    """A phone linked to ``state``: what it sends goes through :meth:`ClassState.handle`;
    ``heard`` holds every message sent to it (replies and broadcasts), parsed."""

    def __init__(self, state: ClassState) -> None:
        self.state = state
        self.heard: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.phone = Phone(self._hear)
        state.phones.add(self.phone)

    def _hear(self, text: str) -> None:
        self.raw.append(text)
        self.heard.append(json.loads(text))

    def send(self, message: object) -> list[dict[str, Any]]:
        """Send ``message`` (a dict, or a text as it is); the replies."""
        raw = message if isinstance(message, (str, bytes)) else json.dumps(message)
        replies = self.state.handle(self.phone, raw)
        for reply in replies:
            self._hear(reply)
        return [json.loads(r) for r in replies]

    def join(self, name: str = "Ada", resume: str | None = None) -> dict[str, Any]:
        replies = self.send(
            {"type": "join", "code": self.state.code, "name": name, "resume": resume}
        )
        assert replies[0]["type"] == "joined", replies
        return replies[0]

    def last(self) -> dict[str, Any]:
        return self.heard[-1]


def right_option(options: Sequence[Any]) -> int:
    return next(i for i, o in enumerate(options) if o.correct)


def wrong_option(options: Sequence[Any]) -> int:
    return next(i for i, o in enumerate(options) if not o.correct)


def teacher(
    server: Any, path: str, body: object = None, *, token: str | None = None, method: str = ""
) -> tuple[int, Any]:
    """Call the teacher's API of a :class:`~shangrila_widget.class_session.launch.
    RunningServer`: ``(status, JSON)``; POST when ``body`` is given."""
    import urllib.error
    import urllib.request

    headers = {"Authorization": f"Bearer {server.token if token is None else token}"}
    if token == "":
        headers = {}
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        server.teacher_api + path,
        data=data,
        headers=headers,
        method=method or ("GET" if body is None else "POST"),
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode("utf-8")
            status = response.status
    except urllib.error.HTTPError as error:
        text, status = error.read().decode("utf-8"), error.code
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def raw_get(url: str, path: str) -> tuple[int, str]:
    """GET ``path`` exactly as written (no normalising) from the server at ``url``."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


async def ws_phone(server: Any) -> Any:
    """A websocket to the server's students' app (with compression, as browsers offer)."""
    from tornado.websocket import websocket_connect

    base = server.students_url.split("/?")[0].replace("http://", "ws://")
    return await websocket_connect(base + "/ws", compression_options={})


async def ws_ask(connection: Any, message: object, replies: int = 1) -> list[dict[str, Any]]:
    """Send ``message`` and read ``replies`` messages."""
    await connection.write_message(json.dumps(message))
    return [json.loads(await connection.read_message()) for _ in range(replies)]

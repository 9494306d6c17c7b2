"""Helpers for the class server's tests: a session in-process on a file of the test's own,
the file's whole content (read through a connection of its own), phones that keep every
message they are sent."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shangrila_widget.class_session.server import ClassState, Phone
from shangrila_widget.class_session.store import Store

__all__ = ["FakePhone", "file_content", "in_process", "right_option", "wrong_option"]


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

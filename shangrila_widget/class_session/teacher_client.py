"""The teacher's API of a class server as Python calls (``urllib``, no widget import):
what the teacher's widget and scripts use to drive a lesson.

>>> TeacherApi("http://127.0.0.1:8000/", "token").base
'http://127.0.0.1:8000'
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any

from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import Language, say

__all__ = ["POLL_SECONDS", "ClassServerError", "TeacherApi"]

#: How long a long-poll of ``/api/state`` may wait at the server (it answers within 15 s).
POLL_SECONDS = 15.0


class ClassServerError(ShangrilaError):
    """The class server refused a request, or could not be reached; the message says why."""


class TeacherApi:
    """The teacher's API of a class server: ``base`` (``http://127.0.0.1:PORT``) and the
    teacher's ``token``. Every call is one HTTP request; :meth:`state` with ``after`` waits at
    the server until the state has a newer version (or about 15 s)."""

    def __init__(self, base: str, token: str, *, timeout: float = 10.0) -> None:
        self.base = base.rstrip("/")
        self.token = token
        self.timeout = timeout
        #: The language of the errors met on the way (the widget keeps it its own).
        self.lang: Language = "en"

    def _request(
        self, path: str, body: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method="GET" if body is None else "POST",
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                raw = response.read()
                kind = response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            raise ClassServerError(_error_words(error.read(), error.code)) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ClassServerError(
                say("class.teacher_unreachable", self.lang, url=self.base, why=str(reason))
            ) from None
        if "json" not in kind:
            return raw.decode("utf-8")
        return json.loads(raw)

    def state(self, after: int | None = None) -> dict[str, Any]:
        """The session's state now, or (``after``: a version) once it is newer than that."""
        if after is None:
            return dict(self._request("/api/state"))
        return dict(self._request(f"/api/state?after={after}", timeout=POLL_SECONDS + 10))

    def lesson(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """Start a lesson of ``spec`` (see ``LessonSpec``); the new state."""
        return dict(self._request("/api/lesson", {"spec": dict(spec)}))

    def next(self) -> dict[str, Any]:
        """Put the next question to the class; the new state."""
        return dict(self._request("/api/next", {}))

    def reveal(self) -> dict[str, Any]:
        """Reveal the open question (the tally follows in the state); the new state."""
        return dict(self._request("/api/reveal", {}))

    def end(self) -> dict[str, Any]:
        """End the lesson; the new state."""
        return dict(self._request("/api/end", {}))

    def report(self) -> dict[str, Any]:
        """The lesson's report (``ClassReport.to_dict``)."""
        return dict(self._request("/api/report"))


def _error_words(body: bytes, status: int) -> str:
    """The words of the server's ``{"error": {"code", "message"}}`` (or its status)."""
    try:
        error = json.loads(body)["error"]
        return f"{error['message']} ({error['code']}, {status})"
    except (ValueError, KeyError, TypeError):
        return f"HTTP {status}"

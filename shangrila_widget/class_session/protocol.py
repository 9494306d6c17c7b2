"""The class's protocol in constants and small parts: the limits, the words a phone is
sent, the errors of the phones and of the teacher's API, and a phone's link with its rate
limiter (docs/class.md, "Protocol")."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, Final

from shangrila_widget.class_session.store import StudentRow
from shangrila_widget.rules.messages import Language, say

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

STATIC_FILES: Final = {"/class.js": "application/javascript", "/class.css": "text/css"}


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
        #: What the plain-HTTP fallback last told this phone (its long poll waits for news).
        self.told: str | None = None

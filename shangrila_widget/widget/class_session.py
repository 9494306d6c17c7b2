"""The teacher's side of a class that answers together: the projector's view of the lesson.

.. code-block:: python

    from shangrila_widget.widget.class_session import ClassSession
    session = ClassSession.start()           # a class server on 127.0.0.1, a new lesson
    session                                 # the QR code, the join code, the lesson, Next ...

The students open the link of the QR code on their phones (nothing installed) and join with
the code. The teacher chooses the lesson (a tour chapter's practice, or exercises by rule,
level and seed), then *Next* puts a question to the class: its position on the board, its
options and, while it is open, only how many have answered. *Reveal* shows the count for each
option, each wrong one named by its misreading, the explanation and the action played out on
the board step by step. *End* shows the lesson's report as a chart.

The widget talks to the class server only through the teacher's API (loopback, a bearer
token): :class:`TeacherApi`. It follows the server by long-polling ``/api/state`` in a thread
of its own; each new state is handed to the kernel's event loop (where the buttons' clicks
run too), so the kernel is never blocked and the widget never changes from two threads at
once. A failed request is shown in the widget, in red, never swallowed.

Every name typed on a phone is escaped before it is shown.

This module follows the server and shows its states; the controls and their words are laid
out by :mod:`~shangrila_widget.widget.class_layout`, the HTML they show is
:mod:`~shangrila_widget.widget.class_html`'s.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import traitlets

from shangrila_widget.class_session.launch import API_VARIABLE
from shangrila_widget.class_session.teacher_client import ClassServerError, TeacherApi
from shangrila_widget.exercises import Exercise, PlayStep, play_out
from shangrila_widget.kernel_start import start_environment
from shangrila_widget.render.qr import qr_svg
from shangrila_widget.rules import GameRecord
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import LANGUAGES, Language, problem, say
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.class_html import (
    answer_counts,
    class_stylesheet,
    explanation_html,
    join_html,
    names_html,
    options_html,
    report_chart_html,
    step_html,
    tally_html,
)
from shangrila_widget.widget.class_layout import ClassLayout
from shangrila_widget.widget.clock import Clock
from shangrila_widget.widget.common import show_error_in, visible_errors
from shangrila_widget.widget.contract import CONTROLS
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.presenting import link_presenter

__all__ = [
    "ClassServerError",
    "ClassSession",
    "TeacherApi",
    "report_chart_html",
    "session_from_page",
]

log = logging.getLogger(__name__)

#: After a failed poll, wait this long before the next one.
RETRY_SECONDS = 2.0


def _questions_of(spec: Mapping[str, Any]) -> list[Exercise]:
    """The questions of the lesson ``spec`` as the server builds them (deterministic)."""
    from shangrila_widget.class_session.lesson import LessonSpec, build_questions

    return list(build_questions(LessonSpec.from_json(dict(spec))))


class ClassSession(ClassLayout):
    """The teacher's view of a class session (see the module docstring).

    ``server``: a running class server (``launch.start_server(...)``), or give ``api``, a
    :class:`TeacherApi`. ``lang``: every word of the widget and of its board. ``presenter``:
    large, for a projector. ``poll``: follow the server in a thread (False: only on
    :meth:`refresh` and after each button, as the tests do). The state is read once on
    creation.
    """

    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    presenter = traitlets.Bool(False).tag(sync=True)
    #: The version of the server's state on show.
    version = traitlets.Int(-1, read_only=True).tag(sync=True)
    #: ``"lobby"`` (no question yet), ``"open"``, ``"revealed"`` or ``"ended"``.
    phase = traitlets.Unicode("lobby", read_only=True).tag(sync=True)
    joined = traitlets.Int(0, read_only=True).tag(sync=True)
    answered = traitlets.Int(0, read_only=True).tag(sync=True)
    #: The last error shown (its traceback), or "".
    error = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: The step of the played-out action on show.
    step = traitlets.Int(0, read_only=True).tag(sync=True)

    def __init__(
        self,
        server: Any = None,
        *,
        api: TeacherApi | None = None,
        lang: Language = "en",
        presenter: bool = False,
        poll: bool = True,
        width: float = 640.0,
        **kwargs: Any,
    ) -> None:
        if api is None:
            if server is None:
                raise TypeError("ClassSession: give server= (a running class server) or api=")
            api = TeacherApi(server.teacher_api, server.token)
        self.api = api
        self.server = server
        self.state: dict[str, Any] = {}
        self.exercises: list[Exercise] = []
        self._lesson_json = ""
        self._shown_question: tuple[int, str] | None = None
        self._report: dict[str, Any] | None = None
        self._qr_url = ""
        self.steps: tuple[PlayStep, ...] = ()
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self.board = ShangriLaBoard(lang=lang, show_legal=False, hints=False, width=width)
        self._build()
        self._style = class_stylesheet()
        super().__init__([self._header, self._main, self.error_box, self._style], **kwargs)
        self.add_class("shangrila-class")
        traitlets.link((self, "lang"), (self.board, "lang"))
        link_presenter(self, self.board, self.presenter_button)
        traitlets.link((self, "lang"), (self.lang_toggle, "value"))
        self.lang = lang
        self.observe(self._presenter_changed, "presenter")
        self.presenter = presenter
        self._place_header()
        self.board.on_click(lambda _target: True)  # a picture here: a click plays nothing
        # The board shows the question and its play-out: none of its own controls (the game's
        # buttons, the message line, the supply table) is offered; this widget says the steps.
        self.board.hide_controls(*CONTROLS)
        self._relabel()
        self._loop = _running_loop()
        self._thread: threading.Thread | None = None
        self.refresh()
        if poll:
            self._thread = threading.Thread(target=self._follow, name="class-poll", daemon=True)
            self._thread.start()

    @classmethod
    def start(
        cls,
        db: str | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        lang: Language = "en",
        **kwargs: Any,
    ) -> ClassSession:
        """Start a class server (the students' side on ``host``:``port``, the lesson kept in
        the SQLite file ``db``) and show its session; :meth:`stop` stops both."""
        from shangrila_widget.class_session.launch import start_server

        server = start_server(db=db, host=host, port=port, lang=lang)
        return cls(server, lang=lang, **kwargs)

    def _guarded(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            try:
                return callback(*args)
            except Exception as error:  # noqa: BLE001 - shown to the user and logged
                self.show_error(error)
                return None

        return run

    # ------------------------------------------------------------------ public API

    @property
    def current(self) -> Exercise | None:
        """The exercise of the question on show (None before the first)."""
        question = self.state.get("question")
        if not question or not self.exercises:
            return None
        index = int(question["index"])
        return self.exercises[index] if 0 <= index < len(self.exercises) else None

    def lesson_spec(self) -> dict[str, Any]:
        """The lesson the chooser describes, as the server's ``LessonSpec`` JSON."""
        chapter = self.chapter_pick.value or None
        rule = self.rule_pick.value or None
        return {
            "seed": int(self.seed_box.value),
            "count": int(self.count_box.value),
            "players": 4,
            "kinds": None,
            "rules": [rule] if rule and not chapter else None,
            "level": self.level_pick.value or None,
            "chapter": chapter,
        }

    def start_lesson(self, spec: Mapping[str, Any] | None = None) -> None:
        """Start the lesson ``spec`` (default: the chooser's) and put its first question."""
        self._apply(self.api.lesson(spec if spec is not None else self.lesson_spec()))
        if self.phase == "lobby":
            self._apply(self.api.next())

    def next(self) -> None:
        """The next question (the first of a lesson started)."""
        self._apply(self.api.next())

    def reveal(self) -> None:
        """Reveal the open question: the counts, the misreadings and the play-out."""
        self._apply(self.api.reveal())

    def end(self) -> None:
        """End the lesson and show its report."""
        self._apply(self.api.end())

    def refresh(self) -> None:
        """Ask the server for its state now and show it."""
        self._apply(self.api.state())

    def stop(self) -> None:
        """Stop following the server (and stop the server this widget started)."""
        self._stopped.set()
        if self.server is not None and hasattr(self.server, "stop"):
            self.server.stop()

    def close(self) -> None:
        """Close the widget and stop following the server (the server goes on)."""
        self._stopped.set()
        super().close()

    def next_step(self) -> None:
        """The next event of the action played out."""
        self._go_step(self.step + 1)

    def previous_step(self) -> None:
        """The event before, back to the first."""
        self._go_step(self.step - 1)

    def show_error(self, error: BaseException) -> None:
        """Show ``error`` with its traceback in red under the widget (and log it)."""
        log.exception("error in the class session widget", exc_info=error)
        self.set_trait("error", show_error_in(self.error_box, error, self.lang))

    # ------------------------------------------------------------------ following the server

    def _follow(self) -> None:
        """The poll thread: wait for each newer state and hand it to the kernel's loop."""
        while not self._stopped.is_set():
            try:
                state = self.api.state(after=self.version)
            except Exception as error:  # noqa: BLE001 - shown in the widget
                if self._stopped.is_set():
                    return
                self._deliver(self._failed, error)
                self._stopped.wait(RETRY_SECONDS)
                continue
            if not self._stopped.is_set():
                self._deliver(self._apply_polled, state)

    def _deliver(self, callback: Callable[[Any], None], value: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(callback, value)
                return
            except RuntimeError:  # the loop closed meanwhile
                pass
        callback(value)

    def _failed(self, error: BaseException) -> None:
        self.show_error(error)

    @visible_errors
    def _apply_polled(self, state: dict[str, Any]) -> None:
        self._apply(state)

    # ------------------------------------------------------------------ showing a state

    def _apply(self, state: Mapping[str, Any]) -> None:
        """Show the server's ``state`` (an older one than on show is ignored)."""
        with self._lock:
            version = int(state.get("version", 0))
            if version < self.version:
                return
            self.state = dict(state)
            self.set_trait("version", version)
            self._show_state()

    def _show_state(self) -> None:
        state = self.state
        lesson = state.get("lesson")
        lesson_json = json.dumps(lesson, sort_keys=True) if lesson else ""
        if lesson_json != self._lesson_json:
            self._lesson_json = lesson_json
            self.exercises = _questions_of(lesson) if lesson else []
            self._shown_question = None
        question = state.get("question")
        ended = bool(state.get("ended"))
        revealed = bool(question and question.get("revealed"))
        phase = "ended" if ended else "revealed" if revealed else "open" if question else "lobby"
        students = state.get("students") or []
        with self.hold_trait_notifications():
            self.set_trait("joined", int(state.get("joined", len(students))))
            self.set_trait("answered", int(question.get("answered", 0)) if question else 0)
            self.set_trait("phase", phase)
        if question and not ended:
            key = (int(question["index"]), str(question.get("exercise_id", "")))
            exercise = self.current
            if exercise is None or (key[1] and exercise.id != key[1]):
                raise ClassServerError(
                    say("class.teacher_question_mismatch", self.lang, index=key[0] + 1)
                )
            if key != self._shown_question:
                self._shown_question = key
                self.steps = ()
                self.board.show(GameRecord(exercise.position))
            if revealed and not self.steps:
                self._play_out(exercise)
        if ended and self._report is None:
            try:
                self._report = self.api.report()
            except ClassServerError as error:
                self.show_error(error)
        if not ended:
            self._report = None
        self._relabel()

    def _play_out(self, exercise: Exercise) -> None:
        action = exercise.action or exercise.answer.claims.get("action")
        self.steps = () if action is None else play_out(exercise.position, str(action))
        self.set_trait("step", 0)
        self._show_step()

    def _go_step(self, index: int) -> None:
        if not self.steps:
            return
        self.set_trait("step", max(0, min(index, len(self.steps) - 1)))
        self._show_step()
        self._say_step()

    def _show_step(self) -> None:
        if not self.steps:
            return
        step = self.steps[self.step]
        self.board.show(GameRecord(step.position), highlights=step.highlights)
        words = step.refusal.words if step.refusal is not None else step.event.words  # type: ignore[union-attr]
        self.board.say(Feedback("info", words, (step.rule,)))

    # ------------------------------------------------------------------ words

    def _relabel(self) -> None:
        lang, phase, exercise = self.lang, self.phase, self.current
        state = self.state
        self.title.value = f"<b>{html.escape(say('class.teacher_title', lang))}</b>"
        code = str(state.get("code", ""))
        self.code_label.value = (
            f"<span class='shangrila-class-code-label'>"
            f"{html.escape(say('class.teacher_code', lang))}</span> "
            f"<b class='shangrila-class-code-value'>{html.escape(code)}</b>"
        )
        self.joined_label.value = html.escape(say("class.teacher_joined", lang, n=self.joined))
        has_lesson = bool(state.get("lesson")) and not state.get("ended")
        question = state.get("question") or {}
        last = bool(question) and int(question.get("index", 0)) + 1 >= int(question.get("total", 0))
        self.next_button.disabled = not has_lesson or phase == "open" or last
        self.reveal_button.disabled = phase != "open"
        self.end_button.disabled = not has_lesson
        self._relabel_controls()
        lobby = phase in ("lobby", "ended")
        self._show_join(large=phase == "lobby")
        self.chooser.layout.display = "flex" if lobby else "none"
        # No question on show: the picture gives its room to the QR code, the chooser and
        # the report.
        self.board_box.layout.display = "none" if lobby else "flex"
        if exercise is None or phase in ("lobby", "ended"):
            self.question_box.value = ""
            self.answered_label.value = ""
            self.tally_box.value = ""
            self.explanation.value = ""
            self._stepper.layout.display = "none"
        else:
            total = int(question.get("total", len(self.exercises)))
            number = say("class.teacher_question", lang, number=int(question["index"]) + 1)
            self.question_box.value = (
                f"<div class='shangrila-class-number'>{html.escape(number)} / {total}</div>"
                f"<p>{html.escape(exercise.question.text(lang))}</p>"
            )
            answered = say("class.teacher_answered", lang, n=self.answered, total=self.joined)
            self.answered_label.value = f"<b>{html.escape(answered)}</b>"
            if phase == "revealed":
                self.tally_box.value = tally_html(exercise, self._counts(), lang)
                self.explanation.value = explanation_html(exercise, self._counts(), lang)
                self._stepper.layout.display = "flex" if self.steps else "none"
                if self.steps:
                    self._say_step()
            else:
                self.tally_box.value = options_html(exercise, lang)
                self.explanation.value = ""
                self._stepper.layout.display = "none"
        self.report_box.value = (
            report_chart_html(self._report, lang) if phase == "ended" and self._report else ""
        )
        self.report_box.layout.display = "block" if self.report_box.value else "none"

    def _show_join(self, *, large: bool) -> None:
        url = str(self.state.get("students_url", ""))
        if url and url != self._qr_url:
            self._qr_url = url
            self._qr_svg = qr_svg(url, title=say("class.teacher_scan", self.lang))
        self.qr_box.value = join_html(url, self._qr_svg, self.lang, large=large) if url else ""
        students = self.state.get("students") or []
        self.names_box.value = names_html(students, self.lang) if url and large else ""

    def _counts(self) -> dict[int | None, int]:
        return answer_counts(self.state.get("tally") or [])

    def _say_step(self) -> None:
        lang, step = self.lang, self.steps[self.step]
        label = say("exercise.step_of", lang, number=self.step + 1, total=len(self.steps))
        self.step_label.value = f"<small>{html.escape(label)}</small>"
        self.step_text.value = step_html(step, lang)
        self.back_button.disabled = self.step == 0
        self.step_button.disabled = self.step == len(self.steps) - 1

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "board"):
            self.api.lang = change["new"]
            self._guarded(self._relabel)()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, where the widget's state changes run (None outside one): the
    board's clock decides, so a loop another library runs in this thread (Playwright's sync
    API does) is not taken for the kernel's, where nothing would ever run the states."""
    return Clock().loop()


def session_from_page(environ: Mapping[str, str] | None = None) -> ClassSession:
    """The :class:`ClassSession` of the teacher's page (the notebook ``shangrila class``
    writes): the API's address from :data:`~shangrila_widget.class_session.launch.API_VARIABLE`,
    the token (and ``lang``, ``presenter``) from the page's query, which Voila gives the
    kernel as ``QUERY_STRING`` (``environ``: the kernel's start environment if None)."""
    env = start_environment() if environ is None else environ
    query = parse_qs(env.get("QUERY_STRING", ""))
    api = env.get(API_VARIABLE, "")
    token = (query.get("token") or [""])[0]
    if not api or not token:
        raise ShangrilaError(problem("class_no_teacher"))
    lang: Language = "pl" if (query.get("lang") or [""])[0] == "pl" else "en"
    presenter = (query.get("presenter") or [""])[0] in ("1", "true", "on")
    return ClassSession(api=TeacherApi(api, token), lang=lang, presenter=presenter)

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
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.class_session.teacher_client import ClassServerError, TeacherApi
from shangrila_widget.exercises import ASKABLE_RULES, LEVELS, Exercise, PlayStep, play_out
from shangrila_widget.render.qr import qr_svg
from shangrila_widget.rules import GameRecord
from shangrila_widget.rules.messages import LANGUAGES, Language, rule_title, say
from shangrila_widget.tour import load_chapters
from shangrila_widget.widget.board_html import rule_badge
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.class_html import class_stylesheet, report_chart_html
from shangrila_widget.widget.clock import Clock
from shangrila_widget.widget.common import show_error_in, visible_errors
from shangrila_widget.widget.contract import CONTROLS
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.presenting import link_presenter

__all__ = ["ClassServerError", "ClassSession", "TeacherApi", "report_chart_html"]

log = logging.getLogger(__name__)

#: After a failed poll, wait this long before the next one.
RETRY_SECONDS = 2.0
#: The most questions a lesson has (the lesson's spec allows 1-30).
MOST_QUESTIONS = 30


def _questions_of(spec: Mapping[str, Any]) -> list[Exercise]:
    """The questions of the lesson ``spec`` as the server builds them (deterministic)."""
    from shangrila_widget.class_session.lesson import LessonSpec, build_questions

    return list(build_questions(LessonSpec.from_json(dict(spec))))


class ClassSession(widgets.VBox):  # type: ignore[misc]
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

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        self.title = widgets.HTML()
        self.title.add_class("shangrila-class-title")
        self.code_label = widgets.HTML()
        self.code_label.add_class("shangrila-class-code")
        self.joined_label = widgets.HTML()
        self.joined_label.add_class("shangrila-class-joined")
        self.next_button = widgets.Button(layout={"width": "auto"})
        self.next_button.on_click(self._guarded(lambda _b: self.next()))
        self.reveal_button = widgets.Button(layout={"width": "auto"})
        self.reveal_button.on_click(self._guarded(lambda _b: self.reveal()))
        self.end_button = widgets.Button(layout={"width": "auto"})
        self.end_button.on_click(self._guarded(lambda _b: self.end()))
        self.presenter_button = widgets.ToggleButton(layout={"width": "auto"})
        self.lang_toggle = widgets.ToggleButtons(
            options=[("EN", "en"), ("PL", "pl")], layout={"width": "auto"}
        )
        self.lang_toggle.style.button_width = "3em"
        self.lang_toggle.add_class("shangrila-class-lang")
        self._header = widgets.HBox(
            [
                self.title,
                self.code_label,
                self.joined_label,
                self.next_button,
                self.reveal_button,
                self.end_button,
                self.presenter_button,
                self.lang_toggle,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        self._header.add_class("shangrila-class-header")
        # The join box: the QR code of the students' link, the link and the names joined.
        self.qr_box = widgets.HTML()
        self.qr_box.add_class("shangrila-class-qr")
        self.names_box = widgets.HTML()
        self.names_box.add_class("shangrila-class-names")
        # The lesson chooser.
        self.chapter_pick = widgets.Dropdown(layout={"width": "auto"})
        self.rule_pick = widgets.Dropdown(layout={"width": "auto"})
        self.level_pick = widgets.Dropdown(layout={"width": "auto"})
        self.seed_box = widgets.BoundedIntText(value=1, min=0, max=10**9, layout={"width": "auto"})
        self.count_box = widgets.BoundedIntText(
            value=5, min=1, max=MOST_QUESTIONS, layout={"width": "auto"}
        )
        self.start_button = widgets.Button(layout={"width": "auto"})
        self.start_button.on_click(self._guarded(lambda _b: self.start_lesson()))
        self.chooser = widgets.VBox(
            [
                self.chapter_pick,
                self.rule_pick,
                self.level_pick,
                self.seed_box,
                self.count_box,
                self.start_button,
            ]
        )
        self.chooser.add_class("shangrila-class-chooser")
        # The question, its options (counts only after Reveal) and the explanation.
        self.question_box = widgets.HTML()
        self.question_box.add_class("shangrila-class-question")
        self.answered_label = widgets.HTML()
        self.answered_label.add_class("shangrila-class-answered")
        self.tally_box = widgets.HTML()
        self.tally_box.add_class("shangrila-class-tally")
        self.explanation = widgets.HTML()
        self.explanation.add_class("shangrila-class-explanation")
        self.back_button = widgets.Button(layout={"width": "auto"})
        self.back_button.on_click(self._guarded(lambda _b: self.previous_step()))
        self.step_button = widgets.Button(layout={"width": "auto"})
        self.step_button.on_click(self._guarded(lambda _b: self.next_step()))
        self.step_label = widgets.HTML()
        self.step_text = widgets.HTML()
        self.step_text.add_class("shangrila-class-step-text")
        self._stepper = widgets.VBox(
            [widgets.HBox([self.back_button, self.step_button, self.step_label]), self.step_text]
        )
        self._stepper.add_class("shangrila-class-steps")
        self.report_box = widgets.HTML()
        self.report_box.add_class("shangrila-class-report")
        self.panel = widgets.VBox(
            [
                self.report_box,
                self.qr_box,
                self.names_box,
                self.chooser,
                self.question_box,
                self.answered_label,
                self.tally_box,
                self.explanation,
                self._stepper,
            ]
        )
        self.panel.add_class("shangrila-class-panel")
        # The board in a box of this widget's own: hidden with it while no question is on
        # show (the board's own display belongs to the board and its presenter mode).
        self.board_box = widgets.Box([self.board])
        self.board_box.add_class("shangrila-class-board-box")
        self._main = widgets.HBox([self.board_box, self.panel])
        self._main.add_class("shangrila-class-main")
        self.error_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_box.add_class("shangrila-class-error")

    @visible_errors
    def _presenter_changed(self, _change: dict[str, Any]) -> None:
        self._place_header()

    def _place_header(self) -> None:
        """The header (the join code, the controls) above everything, or, in presenter mode,
        at the top of the side panel: the board then takes the whole height (on a projector,
        and in a notebook's panel with a side bar open, the room its letters need)."""
        panel: list[widgets.Widget] = [c for c in self.panel.children if c is not self._header]
        top: list[widgets.Widget] = [self._main, self.error_box, self._style]
        if self.presenter:
            panel.insert(0, self._header)
        else:
            top.insert(0, self._header)
        self.panel.children = panel
        self.children = top

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
        self.next_button.description = say("class.teacher_next", lang)
        self.reveal_button.description = say("class.teacher_reveal", lang)
        self.end_button.description = say("class.teacher_end", lang)
        self.presenter_button.description = say("ui.presenter", lang)
        self.presenter_button.tooltip = say("ui.presenter_tip", lang)
        self.start_button.description = say("class.teacher_start", lang)
        self.back_button.description = say("exercise.step_back", lang)
        self.step_button.description = say("exercise.step_next", lang)
        has_lesson = bool(state.get("lesson")) and not state.get("ended")
        question = state.get("question") or {}
        last = bool(question) and int(question.get("index", 0)) + 1 >= int(question.get("total", 0))
        self.next_button.disabled = not has_lesson or phase == "open" or last
        self.reveal_button.disabled = phase != "open"
        self.end_button.disabled = not has_lesson
        self._relabel_chooser()
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
                self.tally_box.value = self._tally_html(exercise)
                self.explanation.value = self._explanation_html(exercise)
                self._stepper.layout.display = "flex" if self.steps else "none"
                if self.steps:
                    self._say_step()
            else:
                self.tally_box.value = self._options_html(exercise)
                self.explanation.value = ""
                self._stepper.layout.display = "none"
        self.report_box.value = (
            report_chart_html(self._report, lang) if phase == "ended" and self._report else ""
        )
        self.report_box.layout.display = "block" if self.report_box.value else "none"

    def _relabel_chooser(self) -> None:
        lang = self.lang
        any_word = say("class.teacher_any", lang)
        chapters = [(say("class.teacher_no_chapter", lang), "")] + [
            (chapter.title[lang], chapter.id) for chapter in load_chapters()
        ]
        rules = [(any_word, "")] + [
            (f"{rule_title(rule, lang)} ({rule})", rule) for rule in sorted(ASKABLE_RULES)
        ]
        levels: list[tuple[str, Any]] = [(any_word, 0)] + [
            (say(f"exercise.level_{level}", lang), level) for level in LEVELS
        ]
        for pick, options, label in (
            (self.chapter_pick, chapters, "class.teacher_chapter"),
            (self.rule_pick, rules, "class.teacher_rule"),
            (self.level_pick, levels, "class.teacher_level"),
        ):
            if list(pick.options) != options:
                value = pick.value
                pick.options = options  # ipywidgets then selects nothing: select again
                pick.value = value if any(v == value for _, v in options) else options[0][1]
            pick.description = say(label, lang)
        self.seed_box.description = say("class.teacher_seed", lang)
        self.count_box.description = say("class.teacher_count", lang)
        for control in (self.chapter_pick, self.rule_pick, self.level_pick):
            control.style.description_width = "initial"
        self.seed_box.style.description_width = "initial"
        self.count_box.style.description_width = "initial"

    def _show_join(self, *, large: bool) -> None:
        url = str(self.state.get("students_url", ""))
        if url and url != self._qr_url:
            self._qr_url = url
            self._qr_svg = qr_svg(url, title=say("class.teacher_scan", self.lang))
        if not url:
            self.qr_box.value = ""
            return
        size = "large" if large else "small"
        self.qr_box.value = (
            f"<div class='shangrila-class-qr-{size}'>"
            f"<div class='shangrila-qr-picture'>{self._qr_svg}</div>"
            f"<div class='shangrila-class-link'>{html.escape(say('class.teacher_scan', self.lang))}"
            f"<br><a href='{html.escape(url, quote=True)}' target='_blank' "
            f"class='shangrila-class-students-link'>{html.escape(url)}</a></div></div>"
        )
        names = [str(s.get("name") or "") for s in self.state.get("students") or []]
        if large and names:
            anonymous = say("class.teacher_anonymous", self.lang)
            shown = ", ".join(html.escape(n) if n else html.escape(anonymous) for n in names)
            self.names_box.value = f"<div class='shangrila-class-names-list'>{shown}</div>"
        else:
            self.names_box.value = ""

    def _options_html(self, exercise: Exercise) -> str:
        """The options while the question is open: their words only, no counts."""
        items = "".join(
            f"<li>{html.escape(option.text.text(self.lang))}</li>" for option in exercise.options
        )
        return f"<ol class='shangrila-class-options' type='A'>{items}</ol>"

    def _tally_html(self, exercise: Exercise) -> str:
        """A bar per option with its count; each wrong one named by its misreading."""
        lang = self.lang
        counts = self._counts()
        total = sum(counts.values())
        rows = []
        for index, option in enumerate(exercise.options):
            count = counts.get(index, 0)
            width = 0 if total == 0 else round(100 * count / total)
            if option.correct:
                label = say("class.teacher_count_right", lang, count=count, total=total)
            elif option.misreading is not None:
                label = say(
                    "class.teacher_count_misread",
                    lang,
                    count=count,
                    total=total,
                    misreading=misreading_name(option.misreading, lang),
                )
            else:
                label = say("class.teacher_count_of", lang, count=count, total=total)
            kind = "right" if option.correct else "wrong"
            mark = "✓" if option.correct else "✗"
            rows.append(
                f"<div class='shangrila-class-bar-row shangrila-class-{kind}' "
                f"data-option='{index}' data-count='{count}'>"
                f"<div class='shangrila-class-option-text'>{mark} "
                f"{html.escape(option.text.text(lang))}</div>"
                f"<div class='shangrila-class-bar-track'><div class='shangrila-class-bar' "
                f"style='width:{width}%'></div></div>"
                f"<div class='shangrila-class-bar-label'>{html.escape(label)}</div></div>"
            )
        other = counts.get(None, 0)
        if other:  # spaces or a journey that no option names
            label = say("class.teacher_count_other", lang, count=other, total=total)
            rows.append(
                f"<div class='shangrila-class-bar-row shangrila-class-wrong' "
                f"data-option='none' data-count='{other}'>"
                f"<div class='shangrila-class-bar-label'>✗ {html.escape(label)}</div></div>"
            )
        return "".join(rows)

    def _counts(self) -> dict[int | None, int]:
        """The tally after Reveal: answers per option index (None: no option names it)."""
        counts: dict[int | None, int] = {}
        for row in self.state.get("tally") or []:
            option = row.get("option")
            key = None if option is None else int(option)
            counts[key] = counts.get(key, 0) + int(row["count"])
        return counts

    def _explanation_html(self, exercise: Exercise) -> str:
        """The right answer, then why each wrong option chosen by someone is wrong."""
        lang = self.lang
        counts = self._counts()
        said = [say("ui.exercise_answer_was", lang, answer=exercise.answer.text.text(lang))]
        for index, option in enumerate(exercise.options):
            if not option.correct and option.misreading and counts.get(index, 0):
                said.append(exercise.explain(option, lang))
        return "".join(f"<p>{html.escape(text)}</p>" for text in said)

    def _say_step(self) -> None:
        lang, step = self.lang, self.steps[self.step]
        label = say("exercise.step_of", lang, number=self.step + 1, total=len(self.steps))
        self.step_label.value = f"<small>{html.escape(label)}</small>"
        self.step_text.value = (
            f"<div class='shangrila-feedback'>{rule_badge(step.rule, lang)} "
            f"{html.escape(step.words(lang))}</div>"
        )
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

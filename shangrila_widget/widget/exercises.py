"""Exercises on the board: predict what the rules do, answer, then see it played out.

.. code-block:: python

    from shangrila_widget.widget import Exercises
    Exercises(seed=12)                      # ten exercises, the same for everyone with seed 12
    Exercises(seed=12, presenter=True)      # a class votes first; the teacher reveals

Each exercise comes from :mod:`shangrila_widget.exercises`: a position on the board, a
question, and options (exactly one right under the rules; each wrong one right under a named
misreading). *Find it on the board* exercises are answered on the board: the journey by
clicking its start village, then its destination; *every space that changes* by clicking the
spaces, then *Done*. After an answer the engine plays the action out on the board one event
at a time (*Next step* / *Back*), each with its rule id, and a wrong answer names what was
misread. Without a list or a ``level`` the exercises come in steps: one rule, then rules
together, then whole journeys with several colours. A score and a record per rule follow the
learner; a rule missed comes back in a later exercise.

In presenter mode the answer stays hidden until *Reveal*: the class calls out or votes first.

With ``learner="ada"`` the exercises are the learning path's
(:mod:`~shangrila_widget.widget.learning`): each next question is chosen by ada's learner model,
ada's progress is kept after every answer (her file, or the browser's storage on the static
site) and restored by the next widget, and a panel shows her stars, *what to practise next*,
*Start again*, *Export* and, at the end, a first game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.class_session.lesson import spaces_in_board_order, spaces_verdict
from shangrila_widget.deprecation import deprecated
from shangrila_widget.exercises import (
    ASKABLE_RULES,
    KIND_LEVELS,
    KINDS,
    LEVELS,
    Exercise,
    Option,
    PlayStep,
    exercises_on,
    generate,
    phrase,
    play_out,
    spaces_text,
)
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.rules import GameRecord
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language, Message, problem, rule_title, say
from shangrila_widget.widget.board_html import rule_badge
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.common import Words, translate, visible_errors
from shangrila_widget.widget.contract import GAME_BUTTONS
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.learning import PathPanel, Progress
from shangrila_widget.widget.presenting import link_presenter

#: How a part hidden with ``display: none`` shows again: every part toggled here is a flex
#: box (ipywidgets' boxes, HTML and buttons); ``None`` would leave the JupyterLite page's
#: ``none`` in place.
_SHOWN = "flex"

#: The exercises' words: each button (by attribute) and the words key of its label.
WORDS: Words = {
    "reveal_button": {"description": "ui.exercise_reveal"},
    "next_button": {"description": "ui.exercise_next"},
    "presenter_button": {"description": "ui.exercise_presenter"},
    "done_button": {"description": "exercise.done"},
    "back_button": {"description": "exercise.step_back"},
    "step_button": {"description": "exercise.step_next"},
}

#: The rules a learner is told about when they have not yet met them in an exercise.
KEY_RULES = (
    "JOURNEY-STRENGTH",
    "JOURNEY-TIE-MASTERS",
    "JOURNEY-TIE-DEFENDER",
    "J1-OTHER",
    "J2-OCCUPIED",
    "STONE",
    "SCORE-TIE",
)


class Exercises(widgets.VBox):  # type: ignore[misc]
    """A set of exercises on one board, with a score and a record per rule.

    ``exercises``: a list made by :func:`shangrila_widget.exercises.generate`, or None to
    make ``count`` of them from ``seed`` (``players``: 3 or 4; ``kinds``: some of
    :data:`~shangrila_widget.exercises.KINDS`; ``level``: 1, 2 or 3 for one step only, None
    for the steps in turn). ``presenter``: hide the answer until *Reveal*. ``lang``: every
    word of the exercises and of the board. ``learner``: a learner's name (or a
    :class:`~shangrila_widget.widget.learning.Progress`) for the learning path instead of a
    fixed set (``show_path``: with its panel, under the board's side panel).

    >>> ex = Exercises(count=3, seed=1)
    >>> tuple(e.level for e in ex.exercises)
    (1, 2, 3)
    >>> ex.answer(ex.current.answer.text.text("en")).startswith("Right")
    True
    >>> ex.score, ex.answered
    (1, 1)
    """

    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    presenter = traitlets.Bool(False).tag(sync=True)
    index = traitlets.Int(0, read_only=True).tag(sync=True)
    score = traitlets.Int(0, read_only=True).tag(sync=True)
    answered = traitlets.Int(0, read_only=True).tag(sync=True)
    revealed = traitlets.Bool(False, read_only=True).tag(sync=True)
    #: The step of the played-out action on show (an index into :attr:`steps`).
    step = traitlets.Int(0, read_only=True).tag(sync=True)

    def __init__(
        self,
        exercises: Sequence[Exercise] | None = None,
        *,
        count: int = 10,
        seed: int = 0,
        players: int = 4,
        kinds: Sequence[str] | None = None,
        level: int | None = None,
        lang: Language = "en",
        presenter: bool = False,
        width: float = 640.0,
        learner: str | Progress | None = None,
        show_path: bool = True,
        **kwargs: Any,
    ) -> None:
        #: The learner on the path (None: a fixed set of exercises).
        self.progress = Progress(learner) if isinstance(learner, str) else learner
        #: The path's id of each exercise (path mode only).
        self._keys: list[str] = []
        found = self.progress.next_exercise() if self.progress is not None else None
        if found is not None:
            self._keys, exercises = [found[0]], [found[1]]
        self.exercises: list[Exercise] = (
            list(exercises)
            if exercises is not None
            else in_steps(count, seed, players=players, kinds=kinds, level=level)
        )
        if not self.exercises:
            raise ShangrilaError(problem("no_exercises"))
        self._seed = seed
        self._players = players
        #: Per rule id: (answered right, asked). (``record`` before 0.2: a record is a game's.)
        self.rule_scores: dict[str, tuple[int, int]] = {}
        self._missed: list[str] = []
        self._chosen: Option | None = None
        self._journey_start: str | None = None
        #: The spaces clicked for *every space that changes*, in click order.
        self.chosen_spaces: list[tuple[str, str]] = []
        #: The action of the exercise played out, one engine event a step.
        self.steps: tuple[PlayStep, ...] = ()
        self.board = ShangriLaBoard(
            self.exercises[0].position, lang=lang, show_legal=False, hints=False, width=width
        )
        self._title = widgets.HTML()
        self.question = widgets.HTML()
        self.question.add_class("shangrila-exercise-question")
        self._options = widgets.VBox()
        self._verdict = widgets.HTML()
        self._verdict.add_class("shangrila-exercise-verdict")
        self._progress = widgets.HTML()
        self.reveal_button = widgets.Button(layout={"width": "auto"})
        self.reveal_button.on_click(self.board.guarded(lambda _b: self.reveal()))
        self.next_button = widgets.Button(layout={"width": "auto"})
        self.next_button.on_click(self.board.guarded(lambda _b: self.next()))
        self.presenter_button = widgets.ToggleButton(layout={"width": "auto"})
        self.done_button = widgets.Button(layout={"width": "auto", "align_self": "flex-start"})
        self.done_button.add_class("shangrila-exercise-done")
        self.done_button.on_click(self.board.guarded(lambda _b: self.answer(self.chosen_spaces)))
        self.back_button = widgets.Button(layout={"width": "auto"})
        self.back_button.on_click(self.board.guarded(lambda _b: self.previous_step()))
        self.step_button = widgets.Button(layout={"width": "auto"})
        self.step_button.on_click(self.board.guarded(lambda _b: self.next_step()))
        self._step_label = widgets.HTML()
        #: The step on show in words, with its rule id (the board's message line gives way
        #: to it while the action is played out: it stands here, under the verdict).
        self.step_text = widgets.HTML()
        self.step_text.add_class("shangrila-exercise-step-text")
        self._step_buttons = buttons = widgets.HBox(
            [self.back_button, self.step_button, self._step_label]
        )
        buttons.add_class("shangrila-exercise-steps")
        self._stepper = widgets.VBox([buttons, self.step_text])
        top = widgets.HBox(
            [self._title, self.reveal_button, self.next_button, self.presenter_button],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        top.add_class("shangrila-exercise-top")
        panel = widgets.VBox(
            # The buttons stand by the title; once answered, the verdict and the played-out
            # step come right under the question, before the options (in a short window
            # they all stay on screen).
            [
                top,
                self.question,
                self._verdict,
                self._stepper,
                self._options,
                self.done_button,
                self._progress,
            ],
            layout=widgets.Layout(margin="0 0 8px 0"),
        )
        # The question and its options stand at the top of the board's side panel, beside
        # the picture, where the board's own messages go; nothing in it shrinks below its
        # content (a flex column of limited height would let its children overlap).
        for child in panel.children:
            child.layout.flex = "0 0 auto"
        panel.layout.flex = "0 0 auto"
        panel.add_class("shangrila-exercise-panel")
        self.board.fill("side_top", panel)
        #: The learner's path (stars, what to practise next...), in path mode.
        self.path_panel: PathPanel | None = None
        if self.progress is not None and show_path:
            self.path_panel = PathPanel(self.progress, lang)
            self.board.fill("side_bottom", self.path_panel)
        super().__init__([self.board, _stylesheet()], **kwargs)
        self.add_class("shangrila-exercises")
        traitlets.link((self, "lang"), (self.board, "lang"))
        if self.path_panel is not None:
            traitlets.link((self, "lang"), (self.path_panel, "lang"))
        if self.progress is not None:
            self.progress.on_change(self._on_progress)
        # One presenter switch (this one) for the exercises and their board.
        link_presenter(self, self.board, self.presenter_button)
        # The board shows the exercise: its game controls (click mode, legal rings, the
        # action box, undo/redo, pass) would play on it, so they are not offered.
        self.board.hide_controls("kind", "show_legal", "action_box", *GAME_BUTTONS)
        self.lang = lang
        self.presenter = presenter
        self.board.on_click(self._on_board_click)
        self._show()

    # ------------------------------------------------------------------ public API

    @property
    def record(self) -> dict[str, tuple[int, int]]:
        """Deprecated (one release): :attr:`rule_scores`."""
        deprecated("Exercises.record", "Exercises.rule_scores")
        return self.rule_scores

    @property
    def current(self) -> Exercise:
        """The exercise on show."""
        return self.exercises[self.index]

    def answer(self, choice: Option | str | Sequence[Sequence[str]]) -> str:
        """Answer the exercise on show with an option (or its text, in the widget's language,
        an action text for *find the journey*, or the spaces ``(village, type)`` for *every
        space that changes*); returns the verdict in words. In presenter mode the verdict
        waits for :meth:`reveal`."""
        option = self._option_for(choice)
        self._chosen = option
        self._mark_choice()
        if not self.presenter:
            return self.reveal()
        return say("ui.exercise_wait", self.lang)

    def reveal(self) -> str:
        """Show the right answer, the verdict on the chosen one, and play the action out."""
        exercise, option = self.current, self._chosen
        if self.revealed:
            return self._verdict_text()
        self.set_trait("revealed", True)
        if option is not None:
            self.set_trait("answered", self.answered + 1)
            if option.correct:
                self.set_trait("score", self.score + 1)
            for rule in exercise.rules:
                right, asked = self.rule_scores.get(rule, (0, 0))
                self.rule_scores[rule] = (right + option.correct, asked + 1)
                if not option.correct and rule not in self._missed:
                    self._missed.append(rule)
            if self.progress is not None and self.index < len(self._keys):
                self.progress.record(self._keys[self.index], exercise, option)
        self._show_options()
        self._play_out(option)
        text = self._verdict_text()
        self._verdict.value = f"<div>{html.escape(text)}</div>"
        self._progress.value = self._progress_html()
        return text

    def next(self) -> None:
        """The next exercise: a missed rule comes back first (a new exercise on it). On the
        path: the learner's next question (none when the path is done: the panel offers the
        first game)."""
        if self.progress is not None:
            self._next_on_path()
            return
        if self._missed:
            rule = self._missed.pop(0)
            again = _exercise_on(rule, self._seed + len(self.exercises), self._players)
            if again is not None:
                self.exercises.insert(self.index + 1, again)
        self.set_trait("index", (self.index + 1) % len(self.exercises))
        self._show()

    def _next_on_path(self) -> None:
        assert self.progress is not None
        found = self.progress.next_exercise()
        if found is None:
            return
        self._keys.append(found[0])
        self.exercises.append(found[1])
        self.set_trait("index", len(self.exercises) - 1)
        self._show()

    def _on_progress(self, why: str) -> None:
        """Another learner, or one restored from the page: a question not yet answered is
        chosen again for them."""
        if why != "answer" and not self.revealed:
            self._next_on_path()
        elif why != "answer":
            self._relabel()

    def next_step(self) -> None:
        """The next event of the action played out."""
        self._go_step(self.step + 1)

    def previous_step(self) -> None:
        """The event before, back to the first."""
        self._go_step(self.step - 1)

    def toggle_space(self, village: str, master_type: str) -> None:
        """Choose a space for *every space that changes*, or unchoose it."""
        space = (village, master_type)
        if space in self.chosen_spaces:
            self.chosen_spaces.remove(space)
        else:
            self.chosen_spaces.append(space)
        self._show_chosen_spaces()

    # ------------------------------------------------------------------ inner workings

    def _go_step(self, index: int) -> None:
        if not self.steps:
            return
        self.set_trait("step", max(0, min(index, len(self.steps) - 1)))
        self._show_step()

    def _show_step(self) -> None:
        if not self.steps:
            self._stepper.layout.display = "none"
            self.board.show_controls("message")
            return
        step = self.steps[self.step]
        self.board.show(GameRecord(step.position), highlights=step.highlights)
        if step.refusal is not None:
            feedback = Feedback("refused", step.refusal.words, (step.rule,), refusal=step.refusal)
        else:
            assert step.event is not None
            feedback = Feedback("info", step.event.words, (step.rule,))
        self.board.say(feedback)
        self._stepper.layout.display = _SHOWN
        # One step (a refusal, a placement): nothing to go through.
        self._step_buttons.layout.display = _SHOWN if len(self.steps) > 1 else "none"
        self.board.hide_controls("message")
        self.back_button.disabled = self.step == 0
        self.step_button.disabled = self.step == len(self.steps) - 1
        self._say_step()

    def _say_step(self) -> None:
        lang, step = self.lang, self.steps[self.step]
        label = say("exercise.step_of", lang, number=self.step + 1, total=len(self.steps))
        self._step_label.value = f"<small>{html.escape(label)}</small>"
        self.step_text.value = (
            f"<div class='shangrila-feedback'>{rule_badge(step.rule, lang)} "
            f"{html.escape(step.words(lang))}</div>"
        )

    def _show_chosen_spaces(self) -> None:
        marks = [Highlight("selected", village=v, type=t) for v, t in self.chosen_spaces]
        self.board.show(highlights=marks)
        chosen = spaces_text(self._in_board_order(self.chosen_spaces))
        self.board.say(
            Feedback(
                "selected",
                Message("exercise.spaces_chosen", {"spaces": chosen}),
            )
        )

    @staticmethod
    def _in_board_order(spaces: Sequence[Sequence[str]]) -> list[list[str]]:
        return spaces_in_board_order(spaces)

    def _option_for(self, choice: Option | str | Sequence[Sequence[str]]) -> Option:
        options = self.current.options
        if isinstance(choice, Option):
            if choice not in options:
                raise ShangrilaError(problem("not_an_option", value=excerpt(choice)))
            return choice
        if not isinstance(choice, Sequence):  # a number, None, ...: no answer
            raise TypeError(
                "answer: expected one of the options of the exercise on show (such as "
                "widget.current.options[0]) or its text, an action text or a list of "
                f"(village, type) spaces, got {excerpt(choice)}"
            )
        if not isinstance(choice, str):
            if self.current.kind != "find_changes":
                raise ValueError(
                    f"not an option of the exercise on show ({self.current.kind}): answer it "
                    "with one of its options or its text, not with a list of spaces"
                )
            spaces = self._in_board_order(choice)
            for option in options:
                if option.claims.get("spaces") == spaces:
                    return option
            return Option(spaces_text(spaces), False, None, {"spaces": spaces})
        text = str(choice).strip()
        for option in options:
            if text in (option.text.text(self.lang), option.claims.get("action")):
                return option
        if self.current.kind == "find_journey":
            return Option(
                phrase("exercise.o_action", {"action": text}), False, None, {"action": text}
            )
        raise ShangrilaError(problem("not_an_option", value=excerpt(text)))

    def _verdict_text(self) -> str:
        lang, option, exercise = self.lang, self._chosen, self.current
        right = exercise.answer
        if option is None:
            return say("ui.exercise_answer_was", lang, answer=right.text.text(lang))
        if option.correct:
            return say("ui.exercise_right", lang)
        why = exercise.explain(option, lang) or say("ui.exercise_no_misreading", lang)
        if exercise.kind == "find_changes":
            why = " ".join([*self._spaces_verdict(option), exercise.explain(option, lang)])
        return say("ui.exercise_wrong", lang, answer=right.text.text(lang), why=why.strip())

    def _spaces_verdict(self, option: Option) -> list[str]:
        """Which spaces were missed and which were chosen but do not change."""
        return spaces_verdict(self.current, option, self.lang)

    def _play_out(self, option: Option | None) -> None:
        """The engine plays the action out from its first event (*Next step* goes on)."""
        exercise = self.current
        action = exercise.action
        if action is None and option is not None:
            action = option.claims.get("action")
        if action is None and exercise.kind == "find_journey":
            action = exercise.answer.claims.get("action")
        self.steps = () if action is None else play_out(exercise.position, str(action))
        self.set_trait("step", 0)
        self._show_step()

    def _show(self) -> None:
        exercise = self.current
        self._chosen = None
        self._journey_start = None
        self.chosen_spaces = []
        self.steps = ()
        self.set_trait("step", 0)
        self.set_trait("revealed", False)
        self.board.show(GameRecord(exercise.position))
        self._verdict.value = ""
        self._stepper.layout.display = "none"
        self.board.show_controls("message")
        self._relabel()
        if exercise.kind == "find_changes":
            self.board.say(Feedback("info", Message("exercise.click_spaces")))
            return
        key = "exercise_click_journey" if exercise.kind == "find_journey" else "exercise_pick"
        self.board.say(Feedback.sentence("info", key))

    def _relabel(self) -> None:
        lang = self.lang
        if self.progress is not None:
            answered = self.revealed and self._chosen is not None
            number = self.progress.learner.seen + (0 if answered else 1)
            title = say("ui.path_question", lang, number=number)
        else:
            total = len(self.exercises)
            title = say("ui.exercise_title", lang, number=self.index + 1, total=total)
        level = say(f"exercise.level_{self.current.level}", lang)
        self._title.value = f"<b>{html.escape(title)}</b> · {html.escape(level)}"
        self.question.value = f"<p>{html.escape(self.current.question.text(lang))}</p>"
        translate({name: getattr(self, name) for name in WORDS}, WORDS, lang)
        finding = self.current.kind == "find_changes" and not self.revealed
        self.done_button.layout.display = _SHOWN if finding else "none"
        self._show_options()
        if self.revealed:
            self._verdict.value = f"<div>{html.escape(self._verdict_text())}</div>"
            if self.steps:
                self._say_step()
        self._progress.value = self._progress_html()

    def _show_options(self) -> None:
        buttons = []
        finding = self.current.kind == "find_changes"
        self.done_button.layout.display = "none" if self.revealed or not finding else _SHOWN
        for option in self.current.options:
            if finding and not self.revealed:
                break  # answered on the board; the options show once revealed
            button = widgets.Button(
                description=option.text.text(self.lang),
                layout=widgets.Layout(width="100%", height="auto"),
                tooltip=option.text.text(self.lang),
            )
            button.add_class("shangrila-exercise-option")
            if self.revealed:  # marked in words too, not by colour alone
                button.add_class("shangrila-right" if option.correct else "shangrila-wrong")
                mark = "✓ " if option.correct else ("✗ " if option is self._chosen else "")
                button.description = mark + button.description
            if option is self._chosen:
                button.add_class("shangrila-chosen")
            button.on_click(self.board.guarded(lambda _b, o=option: self.answer(o)))
            buttons.append(button)
        self._options.children = buttons

    def _mark_choice(self) -> None:
        self._show_options()

    def _progress_html(self) -> str:
        lang = self.lang
        unseen = [r for r in KEY_RULES if r not in self.rule_scores]
        if self.progress is not None:  # on the path: the learner's whole record, kept
            answers = self.progress.learner.answers
            right = sum(answer.correct for answer in answers)
            line = say("ui.exercise_score", lang, score=right, answered=len(answers))
        else:
            line = say("ui.exercise_score", lang, score=self.score, answered=self.answered)
        if unseen:
            names = ", ".join(rule_title(r, lang) for r in unseen[:3])
            line += " " + say("ui.exercise_unseen", lang, rules=names)
        return f"<small>{html.escape(line)}</small>"

    @visible_errors
    def _on_board_click(self, target: HitTarget) -> bool:
        if self.current.kind == "find_changes" and not self.revealed:
            if target is not None and target[0] == "space":
                self.toggle_space(target[1], target[2])
            return True
        if self.current.kind != "find_journey" or self.revealed:
            return True  # the board is a picture here: a click plays nothing
        if target is None or target[0] == "bridge":
            return True
        village = target[1]
        if self._journey_start is None:
            self._journey_start = village
            self.board.show_destinations(village)  # drawn where the village is open large
            self.board.say(Feedback.sentence("selected", "exercise_start_chosen", village=village))
            return True
        start, self._journey_start = self._journey_start, None
        self.board.show_destinations(None)
        if start != village:
            self.answer(f"journey {start} {village}")
        return True

    def show_error(self, error: BaseException) -> None:
        """Errors of the exercises go where the board shows its own."""
        self.board.show_error(error)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "board"):
            self._relabel()


_STYLE = """
.shangrila-exercises .shangrila-exercise-option {
  text-align: left; white-space: normal; line-height: 1.35; padding: 4px 8px;
  font-size: var(--shangrila-panel-font, inherit);
}
.shangrila-exercises .shangrila-exercise-option.shangrila-chosen {
  outline: 2px solid var(--jp-brand-color1, #0072B2);
}
.shangrila-exercises .shangrila-exercise-option.shangrila-right {
  background: var(--jp-success-color3, #d9f2e3); border-left: 6px solid #009E73;
}
.shangrila-exercises .shangrila-exercise-option.shangrila-wrong.shangrila-chosen {
  background: var(--jp-error-color3, #fbe0d2); border-left: 6px solid #D55E00;
}
.shangrila-exercises .shangrila-exercise-question { font-weight: 600; font-size: 15px; }
.shangrila-exercises .shangrila-exercise-panel { order: -2; }
.shangrila-exercises .shangrila-exercise-steps { align-items: center; gap: 6px; }
.shangrila-exercises .shangrila-exercise-top { gap: 6px; }
.shangrila-exercises .shangrila-exercise-top .widget-html { margin-right: 8px; }
.shangrila-presenter .shangrila-exercise-panel { font-size: 20px; line-height: 1.35; }
.shangrila-presenter .shangrila-exercise-question { font-size: 22px; }
.shangrila-presenter .shangrila-exercise-option,
.shangrila-presenter .shangrila-exercise-panel .widget-button { font-size: 20px; }
.shangrila-presenter .shangrila-exercise-verdict,
.shangrila-presenter .shangrila-exercise-step-text,
.shangrila-presenter .shangrila-exercise-panel .widget-html-content { font-size: 20px; }
"""


def _stylesheet() -> widgets.HTML:
    sheet = widgets.HTML(f"<style>{_STYLE}</style>", layout=widgets.Layout(display="none"))
    sheet.add_class("shangrila-style")
    return sheet


def in_steps(
    count: int = 10,
    seed: int = 0,
    *,
    players: int = 4,
    kinds: Sequence[str] | None = None,
    level: int | None = None,
) -> list[Exercise]:
    """``count`` exercises in steps of difficulty: a share of level 1, then 2, then 3 (the
    levels the ``kinds`` reach), or only ``level``.

    >>> tuple(e.level for e in in_steps(5, seed=3))
    (1, 2, 2, 3, 3)
    """
    if level is not None:
        return generate(count, seed, players=players, kinds=kinds, level=level)
    chosen = tuple(KINDS if kinds is None else kinds)
    levels = [lv for lv in LEVELS if any(lv in KIND_LEVELS.get(k, ()) for k in chosen)]
    if not levels:  # unknown kinds: generate says which
        return generate(count, seed, players=players, kinds=kinds)
    share, rest = divmod(count, len(levels))
    made: list[Exercise] = []
    for i, lv in enumerate(levels):
        n = share + (1 if i >= len(levels) - rest else 0)
        fitting = [k for k in chosen if lv in KIND_LEVELS[k]]
        made += generate(n, seed, players=players, kinds=fitting, level=lv)
    return made


def _exercise_on(rule: str, seed: int, players: int) -> Exercise | None:
    """A new exercise that asks about ``rule`` (None for a rule no exercise can put)."""
    if rule not in ASKABLE_RULES:
        return None
    return exercises_on([rule], 1, seed, players=players)[0]


__all__ = ["KEY_RULES", "Exercises", "in_steps"]

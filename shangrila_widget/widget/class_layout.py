"""The teacher's class view laid out: its header (the join code, Next, Reveal, End, presenter
mode, the language), the join box, the lesson chooser, the question's panel with the steps of
its play-out, the board's box, and every control's words.

:class:`ClassLayout` builds and places the controls; what they do is
:class:`~shangrila_widget.widget.class_session.ClassSession`'s.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from shangrila_widget.class_session.lesson import MOST_QUESTIONS
from shangrila_widget.exercises import ASKABLE_RULES, LEVELS
from shangrila_widget.rules.messages import rule_title, say
from shangrila_widget.tour import load_chapters
from shangrila_widget.widget.common import Words, translate, visible_errors

#: Each control's words keys.
WORDS: Words = {
    "next": {"description": "class.teacher_next"},
    "reveal": {"description": "class.teacher_reveal"},
    "end": {"description": "class.teacher_end"},
    "presenter": {"description": "ui.presenter", "tooltip": "ui.presenter_tip"},
    "start": {"description": "class.teacher_start"},
    "back": {"description": "exercise.step_back"},
    "step": {"description": "exercise.step_next"},
    "chapter": {"description": "class.teacher_chapter"},
    "rule": {"description": "class.teacher_rule"},
    "level": {"description": "class.teacher_level"},
    "seed": {"description": "class.teacher_seed"},
    "count": {"description": "class.teacher_count"},
}


class ClassLayout(widgets.VBox):  # type: ignore[misc]
    """The class view's controls and their layout (the view itself is
    :class:`~shangrila_widget.widget.class_session.ClassSession`)."""

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

    def _controls(self) -> dict[str, widgets.Widget]:
        """The controls that have words, by their names in :data:`WORDS`."""
        return {
            "next": self.next_button,
            "reveal": self.reveal_button,
            "end": self.end_button,
            "presenter": self.presenter_button,
            "start": self.start_button,
            "back": self.back_button,
            "step": self.step_button,
            "chapter": self.chapter_pick,
            "rule": self.rule_pick,
            "level": self.level_pick,
            "seed": self.seed_box,
            "count": self.count_box,
        }

    def _relabel_controls(self) -> None:
        """Every control's words in the view's language, the chooser's options too."""
        lang = self.lang
        translate(self._controls(), WORDS, lang)
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
        for pick, options in (
            (self.chapter_pick, chapters),
            (self.rule_pick, rules),
            (self.level_pick, levels),
        ):
            if list(pick.options) != options:
                value = pick.value
                pick.options = options  # ipywidgets then selects nothing: select again
                pick.value = value if any(v == value for _, v in options) else options[0][1]
        for name in ("chapter", "rule", "level", "seed", "count"):
            self._controls()[name].style.description_width = "initial"


__all__ = ["WORDS", "ClassLayout"]

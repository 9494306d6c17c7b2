"""The computer seats' controls and what they show: the buttons (Hint, Review, watch mode's
Play, Pause and Step), the speed, the bar of the search under way and who the computer
players are.

:class:`SeatsBar` draws; what its buttons do and when is
:class:`~shangrila_widget.widget.seats.ComputerPlayers`' (``board.computer``), which gives it
what to show (:meth:`SeatsBar.relabel`, :meth:`SeatsBar.show_progress`,
:meth:`SeatsBar.update`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from shangrila_widget.bots import levels as bot_levels
from shangrila_widget.rules import ShangrilaError
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Language, problem, say
from shangrila_widget.widget.common import Words, relabel, translate
from shangrila_widget.widget.seat_search import SeatSearch, budget_words

#: Pauses between two moves in watch mode, by speed (seconds).
SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.3, "fastest": 0.0}
#: The seats' buttons by name, with their CSS classes.
BUTTONS = {
    "hint": "shangrila-hint",
    "review": "shangrila-review",
    "play": "shangrila-watch-play",
    "pause": "shangrila-watch-pause",
    "step": "shangrila-watch-step",
}
#: Each control's words keys.
WORDS: Words = {
    "hint": {"description": "ui.hint", "tooltip": "ui.hint_tip"},
    "review": {"description": "ui.review", "tooltip": "ui.review_tip"},
    "play": {"description": "ui.watch_play"},
    "pause": {"description": "ui.watch_pause"},
    "step": {"description": "ui.watch_step"},
    "speed": {"description": "ui.speed"},
}


def seats_words(bots: Mapping[str, bot_levels.Bot], players: Sequence[str], lang: Language) -> str:
    """Who the computer players are, with their levels and budgets, in words ("" without
    any)."""
    if not bots:
        return ""
    items = []
    for seat in players:
        bot = bots.get(seat)
        if bot is None:
            continue
        budget = bot.search_budget
        items.append(
            say(
                "ui.bot_budget" if budget else "ui.bot_level",
                lang,
                player=seat,
                level=say(f"ui.level_{bot.level}", lang),
                budget=budget_words(budget, lang) if budget else "",
            )
        )
    return say("ui.bots_are", lang, seats="; ".join(items))


class SeatsBar:
    """The seats' controls: ``runs`` gives what each button of :data:`BUTTONS` does (each
    already guarded), ``watching`` adds watch mode's buttons, ``speed`` the speed slider."""

    def __init__(
        self, runs: Mapping[str, Callable[[], Any]], *, watching: bool, speed: bool
    ) -> None:
        #: The buttons by name: ``hint``, ``review``, ``play``, ``pause``, ``step``.
        self.buttons: dict[str, widgets.Button] = {}
        for name, css_class in BUTTONS.items():
            button = widgets.Button(layout={"width": "auto"})
            button.add_class(css_class)
            button.on_click(lambda _b, run=runs[name]: run())
            self.buttons[name] = button
        self.speed_slider = widgets.SelectionSlider(
            options=[(k, k) for k in SPEEDS], value="normal", continuous_update=False
        )
        #: How far the search under way is (hidden while nothing thinks).
        self.progress = widgets.FloatProgress(
            value=0.0, min=0.0, max=1.0, layout=widgets.Layout(width="120px", display="none")
        )
        #: What is thinking, against which budget (or "Paused.").
        self.progress_text = widgets.HTML()
        self.progress_text.add_class("shangrila-thinking")
        buttons = self.buttons
        watch = [buttons["play"], buttons["pause"], buttons["step"]] if watching else []
        watch += [self.speed_slider] if speed else []
        self.bar = widgets.HBox(
            [buttons["hint"], *watch, buttons["review"], self.progress, self.progress_text],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"),
        )
        #: Who the computer players are, with their levels and budgets.
        self.seats_info = widgets.HTML()
        self.seats_info.add_class("shangrila-seats")
        #: Where the review's chart goes.
        self.review_box = widgets.VBox()
        self.widget = widgets.VBox([self.bar, self.seats_info, self.review_box])

    @property
    def speed(self) -> str:
        """The chosen speed (a key of :data:`SPEEDS`)."""
        return str(self.speed_slider.value)

    @speed.setter
    def speed(self, value: str) -> None:
        if value not in SPEEDS:
            raise ShangrilaError(problem("unknown_speed", value=excerpt(value), known=SPEEDS))
        self.speed_slider.value = value

    def relabel(self, lang: Language, seats: str) -> None:
        """Every control's words in ``lang``; ``seats``: who the computer players are."""
        translate({**self.buttons, "speed": self.speed_slider}, WORDS, lang)
        relabel(self.speed_slider, [(say(f"ui.speed_{k}", lang), k) for k in SPEEDS])
        self.seats_info.value = f"<span>{html.escape(seats)}</span>" if seats else ""

    def show_hint_button(self, shown: bool) -> None:
        self.buttons["hint"].layout.display = None if shown else "none"

    def update(
        self, *, busy: bool, hint_shown: bool, playing: bool, over: bool, can_redo: bool
    ) -> None:
        """The buttons follow the seats: nothing new while a search is ``busy``."""
        buttons = self.buttons
        buttons["hint"].disabled = busy
        self.show_hint_button(hint_shown)
        buttons["review"].disabled = busy
        buttons["play"].disabled = playing or over
        buttons["pause"].disabled = not playing and not busy
        buttons["step"].disabled = busy or (over and not can_redo)

    def show_progress(self, lang: Language, task: SeatSearch | None, note: str | None) -> None:
        """The bar of ``task`` (what thinks, against which budget), or, when nothing thinks,
        the sentence ``note`` (a ``ui.`` key) or nothing."""
        if task is None:
            self.progress.layout.display = "none"
            self.progress_text.value = f"<i>{say(f'ui.{note}', lang)}</i>" if note else ""
            return
        done, budget = task.progress(lang)
        key = "hint_thinking" if task.kind == "hint" else "thinking_about"
        text = say(
            f"ui.{key}",
            lang,
            player=task.player,
            level=say(f"ui.level_{task.bot.level}", lang),
            done=done,
            budget=budget,
        )
        self.progress.layout.display = None
        self.progress.value = task.fraction()
        self.progress_text.value = f"<i>{text}</i>"


__all__ = ["BUTTONS", "SPEEDS", "WORDS", "SeatsBar", "seats_words"]

"""Computer players, hints and watching a game on a :class:`ShangriLaBoard`.

.. code-block:: python

    board = ShangriLaBoard(players=["red", "blue", "yellow"],
                           bots={"blue": "medium", "yellow": Bot("hard", Budget(seconds=0.5))})

A seat in ``bots`` moves by itself when it is its turn at the end of the line (after a
person's move, or at the start); each move is played as a click would, ringed as moved and
explained in the message line. Undo from a person's seat goes back past the computer's moves
to that person's previous decision. When every seat is a computer player the board is in
*watch* mode: Play, Pause, Step and a speed setting, for a classroom.

How thinking stays visible: a search runs in slices of about 50 ms, each scheduled on the
running asyncio loop (the kernel's in JupyterLab and Voila, the browser's under Pyodide), so
the kernel answers other messages between slices and the page keeps drawing; meanwhile the
board is :attr:`~ShangriLaBoard.busy` (clicks wait, the status says "thinking…") and a bar
shows the search's progress against its budget. Without a running loop (a plain script, the
tests) the same slices run one after another at once. No threads: the widget must work under
Pyodide, and a search thread would compete with the kernel for the interpreter anyway.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import ipywidgets as widgets

from shangrila_widget.bots import explain_action
from shangrila_widget.bots import levels as bot_levels
from shangrila_widget.bots.hint import hint_of
from shangrila_widget.bots.levels import Budget
from shangrila_widget.bots.review import REVIEW_ITERATIONS
from shangrila_widget.bots.thinking import Thinker, Thought
from shangrila_widget.deprecation import old_names
from shangrila_widget.render.highlight import Highlight, HighlightKind
from shangrila_widget.rules import Action, Journey, Node, Place, Position, Recruit, ShangrilaError
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import (
    LANGUAGES,
    Language,
    Message,
    action_message,
    problem,
    say,
)
from shangrila_widget.widget import clock as clocks
from shangrila_widget.widget.common import relabel, shown_errors
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.game_review import ReviewChart

if TYPE_CHECKING:  # for the annotations only: the board imports this module, not back
    from shangrila_widget.render.layout import HitTarget
    from shangrila_widget.widget.contract import BoardContract

#: How long one slice of a search runs before the kernel gets the loop back (seconds).
SLICE_SECONDS = 0.05
#: Pauses between two moves in watch mode, by speed (seconds).
SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.3, "fastest": 0.0}


def hint_highlights(action: Action, kind: HighlightKind = "hint") -> list[Highlight]:
    """The magenta highlights of a suggested action: the spaces it places or recruits on, or the
    start village and an arrow across the bridge of a journey (``kind="reply"``: the same in
    dotted grey, for the answer the search expects)."""
    if isinstance(action, Place):
        return [Highlight(kind, village=action.village, type=action.type)]
    if isinstance(action, Recruit):
        return [Highlight(kind, village=v, type=t) for t, v in action.students]
    if isinstance(action, Journey):
        return [
            Highlight(kind, village=action.origin),
            Highlight(kind, bridge=(action.origin, action.destination)),
        ]
    return []


def budget_words(budget: Budget, lang: Language) -> str:
    """A search budget in words: "200 iterations or 0.3 s"."""
    n, s = budget.iterations, budget.seconds
    if n is not None and s is not None:
        return say("ui.budget_both", lang, n=n, s=_number(s, lang))
    if s is not None:
        return say("ui.budget_seconds", lang, s=_number(s, lang))
    return say("ui.budget_iterations", lang, n=n)


def _number(value: float, lang: Language, digits: int | None = None) -> str:
    """A number as the language writes it (a decimal comma in Polish)."""
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "pl" else text


def _per_language(make: Callable[[Language], str]) -> dict[str, str]:
    return {lang: make(lang) for lang in LANGUAGES}


def _level_name(level: str) -> Message:
    return Message(f"ui.level_{level}")


class _Thinking:
    """One :class:`~shangrila_widget.bots.thinking.Thinker` in slices: a computer player's
    move or a hint."""

    def __init__(self, kind: Literal["move", "hint"], node: Node, bot: bot_levels.Bot) -> None:
        self.kind = kind
        self.node = node
        self.bot = bot
        self.position: Position = node.position
        self.player = self.position.to_move
        seed = None if bot.seed is None else bot.seed + node.ply  # each move its own seed
        self.thinker = Thinker(self.position, bot_levels.Bot(bot.level, bot.budget, seed))

    def step(self) -> bool:
        """Think one slice more; True when done."""
        return self.thinker.step(SLICE_SECONDS)

    def fraction(self) -> float:
        return self.thinker.progress

    def progress(self, lang: Language) -> tuple[str, str]:
        """(what is done, the budget) in words."""
        done = self.thinker.iterations
        budget = self.thinker.budget
        if budget is None:
            return say("ui.budget_iterations", lang, n=done), "—"
        if budget.seconds is not None:
            spent = say("ui.budget_seconds", lang, s=_number(self.thinker.elapsed, lang, 1))
            return spent, budget_words(budget, lang)
        return str(done), budget_words(budget, lang)

    def thought(self) -> Thought:
        """What the thinking found (its first line is the move)."""
        return self.thinker.thought()


class ComputerPlayers:
    """The computer seats, the hint and watch mode of one board (``board.computer``).

    A subscriber to the board's public events, nothing more: it moves when a new position at
    the end of the line has a computer seat to move (:meth:`ShangriLaBoard.on_change`), takes
    the key H (``on_key``), refuses a person's clicks while a computer seat is to move
    (``on_click``), and owns the rule that undo and redo go on past the computer's moves to
    a person's own decision (``on_navigate``, over the board's :class:`GameRecord`). It plays
    through :meth:`ShangriLaBoard.play` and speaks through :meth:`ShangriLaBoard.say`.
    """

    def __init__(
        self,
        board: BoardContract,
        bots: object,
        *,
        hint_bot: bot_levels.BotSpec = "hard",
    ) -> None:
        self.board = board
        players = board.game.players
        #: The computer players by seat (see :func:`~shangrila_widget.bots.levels.seated_bots`).
        self.bots: dict[str, bot_levels.Bot] = bot_levels.seated_bots(bots, players)
        self.hint_bot = bot_levels.as_bot(hint_bot)
        self.clock = clocks.Clock()
        self.thinking: _Thinking | None = None
        self.playing = False  # watch mode: Play pressed, not paused
        self._note: str | None = None  # a sentence key shown in the bar when not thinking
        self._generation = 0  # bumped by pause/undo: pending callbacks of older runs stop
        self.review_chart: ReviewChart | None = None
        self._build()
        board.on_change(self._on_change)
        board.on_node(self._on_node)
        board.on_key(self._on_key)
        board.on_navigate(self._goes_past)
        if self.bots:
            board.on_click(self._on_click)
        board.observe(self._relabel, "lang")
        board.observe(self._on_hints, "hints")
        self._relabel()
        if self.watching:
            board.say(Feedback.sentence("info", "watch_welcome"))

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        board = self.board
        runs: dict[str, tuple[str, Callable[[], Any]]] = {
            "hint": ("shangrila-hint", self.hint),
            "review": ("shangrila-review", self.review_later),
            "play": ("shangrila-watch-play", self.play),
            "pause": ("shangrila-watch-pause", self.pause),
            "step": ("shangrila-watch-step", self.step),
        }
        #: The seats' buttons by name: ``hint``, ``review``, ``play``, ``pause``, ``step``.
        self.buttons: dict[str, widgets.Button] = {}
        for name, (css_class, run) in runs.items():
            button = widgets.Button(layout={"width": "auto"})
            button.add_class(css_class)
            button.on_click(shown_errors(board, lambda _b, run=run: run()))
            self.buttons[name] = button
        self._hint_button, self._review_button = self.buttons["hint"], self.buttons["review"]
        self._play, self._pause, self._step = (self.buttons[k] for k in ("play", "pause", "step"))
        self._speed = widgets.SelectionSlider(
            options=[(k, k) for k in SPEEDS], value="normal", continuous_update=False
        )
        #: How far the search under way is (hidden while nothing thinks).
        self.progress = self._progress = widgets.FloatProgress(
            value=0.0, min=0.0, max=1.0, layout=widgets.Layout(width="120px", display="none")
        )
        #: What is thinking, against which budget (or "Paused.").
        self.progress_text = self._progress_text = widgets.HTML()
        self._progress_text.add_class("shangrila-thinking")
        watch = [self._play, self._pause, self._step] if self.watching else []
        watch += [self._speed] if self.bots else []
        self.bar = widgets.HBox(
            [self._hint_button, *watch, self._review_button, self._progress, self._progress_text],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"),
        )
        #: Who the computer players are, with their levels and budgets.
        self.seats_info = self._seats_info = widgets.HTML()
        self._seats_info.add_class("shangrila-seats")
        self.review_box = widgets.VBox()
        self.widget = widgets.VBox([self.bar, self._seats_info, self.review_box])

    @property
    def speed(self) -> str:
        """Watch mode's speed: ``"slow"``, ``"normal"``, ``"fast"`` or ``"fastest"`` (the
        pause between two actions, :data:`SPEEDS`)."""
        return str(self._speed.value)

    @speed.setter
    def speed(self, value: str) -> None:
        if value not in SPEEDS:
            raise ShangrilaError(problem("unknown_speed", value=excerpt(value), known=SPEEDS))
        self._speed.value = value

    @property
    def watching(self) -> bool:
        """Every seat is a computer player (watch mode)."""
        return bool(self.bots) and all(p in self.bots for p in self.board.game.players)

    def _relabel(self, change: Any = None) -> None:
        lang = self.board.lang
        self._hint_button.description = say("ui.hint", lang)
        self._hint_button.tooltip = say("ui.hint_tip", lang)
        self._review_button.description = say("ui.review", lang)
        self._review_button.tooltip = say("ui.review_tip", lang)
        self._play.description = say("ui.watch_play", lang)
        self._pause.description = say("ui.watch_pause", lang)
        self._step.description = say("ui.watch_step", lang)
        self._speed.description = say("ui.speed", lang)
        relabel(self._speed, [(say(f"ui.speed_{k}", lang), k) for k in SPEEDS])
        self._seats_info.value = self._seats_html(lang)
        self._show_progress()
        self._update_buttons()

    def _seats_html(self, lang: Language) -> str:
        """Who the computer players are, with their levels and budgets (always on show)."""
        if not self.bots:
            return ""
        items = []
        for seat in self.board.game.players:
            bot = self.bots.get(seat)
            if bot is None:
                continue
            level = say(f"ui.level_{bot.level}", lang)
            budget = bot.search_budget
            items.append(
                say(
                    "ui.bot_budget" if budget else "ui.bot_level",
                    lang,
                    player=seat,
                    level=level,
                    budget=budget_words(budget, lang) if budget else "",
                )
            )
        text = say("ui.bots_are", lang, seats="; ".join(items))
        return f"<span>{html.escape(text)}</span>"

    def _on_hints(self, change: Any = None) -> None:
        self._hint_button.layout.display = None if self._hint_shown() else "none"
        if not self.board.hints and self.thinking is not None and self.thinking.kind == "hint":
            self._stop()
        self.board.clear_hint()

    def _hint_shown(self) -> bool:
        """The Hint button is there when hints are on and some seat is a person's."""
        return bool(self.board.hints) and not self.watching

    def _update_buttons(self) -> None:
        busy = self.thinking is not None
        self._hint_button.disabled = busy
        self._hint_button.layout.display = None if self._hint_shown() else "none"
        self._review_button.disabled = busy
        self._play.disabled = self.playing or self.board.game.is_over
        self._pause.disabled = not self.playing and not busy
        self._step.disabled = busy or (self.board.game.is_over and not self.board.record.can_redo())

    def _show_progress(self) -> None:
        task = self.thinking
        lang = self.board.lang
        if task is None:
            self._progress.layout.display = "none"
            note = self._note
            self._progress_text.value = f"<i>{say(f'ui.{note}', lang)}</i>" if note else ""
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
        self._progress.layout.display = None
        self._progress.value = task.fraction()
        self._progress_text.value = f"<i>{text}</i>"

    # ------------------------------------------------------------------ events

    def _on_change(self, board: BoardContract) -> None:
        """After every redraw: the buttons follow the board."""
        self._update_buttons()

    def _on_node(self, board: BoardContract) -> None:
        """A computer seat answers a new position on show (the board does not tell of a
        redraw of the same one: a hint, a new language, the busy state)."""
        self._maybe_move()

    def _goes_past(self, position: Position) -> bool:
        """Undo and redo go on past a position a computer seat is to move in (not in watch
        mode, where they take one action); a person navigating stops watch mode's play."""
        if self.playing:
            self.pause()
        return not self.watching and position.to_move in self.bots

    def _on_key(self, key: str) -> bool:
        if key in ("h", "H"):
            self.hint()
            return True
        return False

    def _on_click(self, target: HitTarget) -> bool:
        """Clicks are a person's moves: refused while a computer player is to move."""
        board = self.board
        if self.watching:
            board.say(Feedback.sentence("info", "watch_only"))
            return True
        pos = board.game
        if pos.to_move in self.bots and not pos.is_over:
            board.say(Feedback.sentence("info", "bot_to_move", player=pos.to_move))
            return True
        return False

    def _maybe_move(self) -> None:
        """A computer seat to move at the end of the line (outside watch mode) thinks."""
        board = self.board
        pos = board.game
        if self.watching or self.thinking is not None:
            return
        if pos.is_over or pos.to_move not in self.bots or board.record.can_redo():
            return
        if board.preview is not None:
            return
        self._start("move", self.bots[pos.to_move])

    # ------------------------------------------------------------------ thinking

    def _start(self, kind: Literal["move", "hint"], bot: bot_levels.Bot) -> None:
        self._note = None
        self.thinking = _Thinking(kind, self.board.record.current, bot)
        self._show_progress()
        self._update_buttons()
        self.board.busy = True
        generation = self._generation
        self.clock.later(0.0, lambda: self._slice(generation))

    def _slice(self, generation: int) -> None:
        task = self.thinking
        if generation != self._generation or task is None:
            return
        try:
            if not task.step():
                self._show_progress()
                self.clock.later(0.0, lambda: self._slice(generation))
                return
            self._finish(task)
        except Exception as error:  # noqa: BLE001 - shown under the board and logged
            self._stop()
            self.board.show_error(error)

    def _stop(self) -> None:
        """Drop the search under way (and any pending step of watch mode)."""
        self._generation += 1
        self.thinking = None
        self._show_progress()
        self.board.busy = False
        self._update_buttons()

    def _finish(self, task: _Thinking) -> None:
        """Play or show what ``task`` found. The task stays :attr:`thinking` while its move
        is played, so the board's change does not start the next computer seat at once:
        that one thinks after a pause, so that each move can be seen."""
        board = self.board
        if board.record.current is task.node:
            thought = task.thought()
            if task.kind == "move":
                self._play_move(task, thought.best.action)
            else:
                self._show_hint(task, thought)
        self.thinking = None
        self._show_progress()
        board.busy = False
        self._update_buttons()
        if task.kind == "move":
            if self.watching and self.playing:
                generation = self._generation
                self.clock.later(SPEEDS[self.speed], lambda: self._watch_tick(generation))
            else:
                self.clock.later(SPEEDS[self.speed], shown_errors(board, self._maybe_move))

    def _play_move(self, task: _Thinking, action: Action) -> None:
        board = self.board
        played = board.play(action)
        if played.kind != "played":  # pragma: no cover - the bots only choose legal actions
            raise ShangrilaError(problem("bot_refused", action=str(action)))
        reasons = _per_language(lambda lang: explain_action(task.position, action, lang)[0])
        said = Feedback.sentence(
            "played",
            "bot_played",
            player=task.player,
            level=_level_name(task.bot.level),
            action=action_message(action),
            reason=reasons,
        )
        board.say(replace(said, rules=played.rules, events=played.events, action=action))

    def _show_hint(self, task: _Thinking, thought: Thought) -> None:
        """Say the hint of ``thought``: its first line, why (compared with the next one and
        with the answers the search expects), rings on its spaces and its replies'."""
        board = self.board
        hints = {lang: hint_of(thought, lang=lang, count=2) for lang in LANGUAGES}
        first = hints["en"].candidates[0]
        action = first.action
        said = Feedback.sentence(
            "info",
            "hint_says",
            player=task.player,
            action=action_message(action),
            chance=round(100 * first.win_chance),
            reason={lang: hints[lang].candidates[0].reason for lang in LANGUAGES},
        )
        marks = hint_highlights(action)
        if first.replies:  # the next player's expected answer, drawn too
            marks += hint_highlights(first.replies[0], "reply")
        board.show_hint(marks)
        board.say(replace(said, rules=first.rules, action=action))

    # ------------------------------------------------------------------ public

    def hint(self) -> None:
        """Suggest an action for the person to move: drawn in magenta on the board, the
        reason in the message line (the button *Hint* and the key H)."""
        board = self.board
        if not board.hints:
            board.say(Feedback.sentence("info", "hints_off"))
            return
        pos = board.game
        if pos.is_over or pos.to_move in self.bots:
            board.say(Feedback.sentence("info", "hint_not_now"))
            return
        if self.thinking is not None:
            return
        self._start("hint", self.hint_bot)

    def step(self) -> None:
        """One action: the next one of the record if there is one, else the computer seat to
        move thinks and plays (watch mode's *Step*)."""
        board = self.board
        if self.thinking is not None:
            return
        if board.record.can_redo():
            board.redo()
            return
        pos = board.game
        if pos.is_over:
            self.pause()
            return
        bot = self.bots.get(pos.to_move)
        if bot is None:
            return
        self._start("move", bot)

    def play(self) -> None:
        """Watch mode: play on, one action after another, at the chosen speed."""
        if self.playing:
            return
        self.playing = True
        self._note = None
        self._show_progress()
        self._update_buttons()
        generation = self._generation
        self.clock.later(0.0, lambda: self._watch_tick(generation))

    def pause(self) -> None:
        """Watch mode: stop after (or instead of) the action being thought about."""
        was_thinking = self.thinking is not None and self.thinking.kind == "move"
        self.playing = False
        if was_thinking or self.watching:
            self._stop()
        if self.watching:  # said in the bar: the message line keeps the last move's story
            self._note = "paused"
            self._show_progress()
        self._update_buttons()

    def _watch_tick(self, generation: int) -> None:
        if generation != self._generation or not self.playing:
            return
        try:
            board = self.board
            if board.game.is_over and not board.record.can_redo():
                self.playing = False
                self._update_buttons()
                return
            replaying = board.record.can_redo()
            self.step()
            if replaying:
                self.clock.later(SPEEDS[self.speed], lambda: self._watch_tick(generation))
        except Exception as error:  # noqa: BLE001 - shown under the board and logged
            self.playing = False
            self._stop()
            self.board.show_error(error)

    def review_later(self) -> None:
        """The *Review* button: the chart at once, its judgements filling in as they come."""
        board = self.board
        if self.playing:
            self.pause()
        if not any(True for _ in board.record.main_line()):
            board.say(Feedback.sentence("info", "review_empty"))
            return
        self.review()

    def review(self, iterations: int | None = None) -> ReviewChart:
        """Review the board's game now and show its chart under the board."""
        chart = ReviewChart(
            self.board.record,
            board=self.board,
            iterations=iterations or REVIEW_ITERATIONS,
            clock=self.clock,
            people=[p for p in self.board.game.players if p not in self.bots],
        )
        self.review_chart = chart
        self.review_box.children = [chart]
        return chart


#: Names that moved: the bot spec to :mod:`shangrila_widget.bots.levels`, the clock to
#: :mod:`shangrila_widget.widget.clock`; found here for one release.
__getattr__ = old_names(
    __name__,
    {
        **{
            name: (f"shangrila_widget.bots.levels.{name}", getattr(bot_levels, name))
            for name in ("Bot", "BotSpec", "as_bot")
        },
        "Clock": ("shangrila_widget.widget.clock.Clock", clocks.Clock),
    },
)


__all__ = ["ComputerPlayers", "hint_highlights"]

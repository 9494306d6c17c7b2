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

This module decides (when a seat thinks, what it plays, watch mode, undo past the computer's
moves); one search in slices is :mod:`~shangrila_widget.widget.seat_search`, the buttons and
the bar that show it are :mod:`~shangrila_widget.widget.seats_bar`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from shangrila_widget.bots import explain_action
from shangrila_widget.bots import levels as bot_levels
from shangrila_widget.bots.hint import hint_of
from shangrila_widget.bots.review import REVIEW_ITERATIONS
from shangrila_widget.bots.thinking import Thought
from shangrila_widget.deprecation import old_names
from shangrila_widget.render.highlight import Highlight, HighlightKind
from shangrila_widget.rules import Action, Journey, Place, Position, Recruit, ShangrilaError
from shangrila_widget.rules.messages import (
    LANGUAGES,
    Language,
    Message,
    action_message,
    problem,
)
from shangrila_widget.widget import clock as clocks
from shangrila_widget.widget.common import shown_errors
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.game_review import ReviewChart

# Found here too, as before the split (the slices' length and the budget's words):
from shangrila_widget.widget.seat_search import SLICE_SECONDS as SLICE_SECONDS
from shangrila_widget.widget.seat_search import SeatSearch
from shangrila_widget.widget.seat_search import budget_words as budget_words
from shangrila_widget.widget.seats_bar import SPEEDS, SeatsBar, seats_words

if TYPE_CHECKING:  # for the annotations only: the board imports this module, not back
    from shangrila_widget.render.layout import HitTarget
    from shangrila_widget.widget.contract import BoardContract


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


def _per_language(make: Callable[[Language], str]) -> dict[str, str]:
    return {lang: make(lang) for lang in LANGUAGES}


def _level_name(level: str) -> Message:
    return Message(f"ui.level_{level}")


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
        hint_bot: bot_levels.BotSpec = bot_levels.HINT_BOT,
    ) -> None:
        self.board = board
        players = board.game.players
        #: The computer players by seat (see :func:`~shangrila_widget.bots.levels.seated_bots`).
        self.bots: dict[str, bot_levels.Bot] = bot_levels.seated_bots(bots, players)
        self.hint_bot = bot_levels.as_bot(hint_bot)
        self.clock = clocks.Clock()
        self.thinking: SeatSearch | None = None
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

    # ------------------------------------------------------------------ the bar

    def _build(self) -> None:
        runs = {
            "hint": self.hint,
            "review": self.review_later,
            "play": self.play,
            "pause": self.pause,
            "step": self.step,
        }
        guarded = {name: shown_errors(self.board, run) for name, run in runs.items()}
        #: The seats' controls (:class:`~shangrila_widget.widget.seats_bar.SeatsBar`).
        self.view = view = SeatsBar(guarded, watching=self.watching, speed=bool(self.bots))
        #: The seats' buttons by name: ``hint``, ``review``, ``play``, ``pause``, ``step``.
        self.buttons = view.buttons
        #: How far the search under way is (hidden while nothing thinks).
        self.progress = view.progress
        #: What is thinking, against which budget (or "Paused.").
        self.progress_text = view.progress_text
        #: Who the computer players are, with their levels and budgets.
        self.seats_info = view.seats_info
        self.bar, self.review_box, self.widget = view.bar, view.review_box, view.widget

    @property
    def speed(self) -> str:
        """Watch mode's speed: ``"slow"``, ``"normal"``, ``"fast"`` or ``"fastest"`` (the
        pause between two actions, :data:`~shangrila_widget.widget.seats_bar.SPEEDS`)."""
        return self.view.speed

    @speed.setter
    def speed(self, value: str) -> None:
        self.view.speed = value

    @property
    def watching(self) -> bool:
        """Every seat is a computer player (watch mode)."""
        return bool(self.bots) and all(p in self.bots for p in self.board.game.players)

    def _relabel(self, change: object = None) -> None:
        lang = self.board.lang
        self.view.relabel(lang, seats_words(self.bots, self.board.game.players, lang))
        self._show_progress()
        self._update_buttons()

    def _on_hints(self, change: object = None) -> None:
        self.view.show_hint_button(self._hint_shown())
        if not self.board.hints and self.thinking is not None and self.thinking.kind == "hint":
            self._stop()
        self.board.clear_hint()

    def _hint_shown(self) -> bool:
        """The Hint button is there when hints are on and some seat is a person's."""
        return bool(self.board.hints) and not self.watching

    def _update_buttons(self) -> None:
        game = self.board.game
        self.view.update(
            busy=self.thinking is not None,
            hint_shown=self._hint_shown(),
            playing=self.playing,
            over=game.is_over,
            can_redo=self.board.record.can_redo(),
        )

    def _show_progress(self) -> None:
        self.view.show_progress(self.board.lang, self.thinking, self._note)

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
        self.thinking = SeatSearch(kind, self.board.record.current, bot)
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

    def _finish(self, task: SeatSearch) -> None:
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

    def _play_move(self, task: SeatSearch, action: Action) -> None:
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

    def _show_hint(self, task: SeatSearch, thought: Thought) -> None:
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

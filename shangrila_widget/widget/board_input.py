"""The board widget's inputs wired to its controller: clicks, keys, the buttons and the action
box, undo/redo, a village opened large on a phone, and the traits the controller follows.

:class:`BoardInput` turns each input into one controller step and one redraw
(:meth:`~BoardInput._run`); the computer seats' hint, step and review are passed on to them.
The board is :class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.rules import (
    Action,
    Node,
    ShangrilaError,
)
from shangrila_widget.rules.board import VILLAGES
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import (
    problem,
    say,
)
from shangrila_widget.widget.board_layout import WORDS, BoardControls
from shangrila_widget.widget.common import (
    relabel,
    translate,
    visible_errors,
)
from shangrila_widget.widget.controller import (
    CLICK_MODES,
    BoardController,
    Feedback,
)


class BoardInput(BoardControls):
    """What the board's inputs do (the board itself is
    :class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`)."""

    controller: BoardController
    _last_feedback: Feedback

    def go_to(self, node: Node, *, highlights: Sequence[Highlight] = ()) -> None:
        """Show ``node`` of the record on show (the move that led there ringed as moved,
        with ``highlights`` on top), in one redraw; a node of another record raises
        :class:`~shangrila_widget.rules.ShangrilaError`.

        >>> from shangrila_widget.widget import ShangriLaBoard
        >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
        >>> _ = board.play("place healer A")
        >>> board.go_to(board.record.root)
        >>> board.game.to_move, board.record.can_redo()
        ('red', True)
        """
        self.controller.go_to(node)
        self.set_trait("zoomed", "")
        self.show(highlights=highlights)

    def play(self, action: Action | str) -> Feedback:
        """Play an action (an :class:`Action` or its text, ``"journey A B"``) as a click
        would: a legal one is played, explained and ringed as moved; a refusal is shown, not
        raised. Call :meth:`on_change` callbacks afterwards."""
        return self._run(lambda: self.controller.play_text(str(action)))

    def click(self, target: HitTarget) -> Feedback:
        """Click ``target`` (``("space", "A", "healer")``, ``("village", "A")``,
        ``("bridge", "A", "B")`` or None), the same path as a real click: a preview ends,
        :meth:`on_click` callbacks may take it, else the controller decides. While
        :attr:`busy`, a click only says so."""
        if self.busy:
            feedback = Feedback.sentence("info", "busy_click")
            self.say(feedback)
            return feedback
        if self._preview is not None:
            self.show_preview(None)
            return self._last_feedback
        if self.zoomed:
            if target == ("back",):
                return self.close_zoom()
        elif self._opens_zoom(target):
            assert target is not None
            return self.open_zoom(target[1])
        if self._click_callbacks.claimed(target):
            return self._last_feedback

        def step() -> Feedback:
            feedback = self.controller.click(target)
            if feedback.kind == "played":  # the board changed: show all of it again
                self.set_trait("zoomed", "")
            return feedback

        return self._run(step)

    def open_zoom(self, village: str) -> Feedback:
        """Open ``village`` large (what a tap on a village does on a phone): each space at
        least 44 CSS px, to choose a space, a student or a journey's destination; a tap on
        *Back* or off the village closes it (:meth:`close_zoom`), and so does an action
        played."""
        if village not in VILLAGES:
            raise ShangrilaError(problem("unknown_village", value=excerpt(village)))
        if not self.zoomed:
            self._before_zoom = self._last_feedback  # said again when it closes
        self.set_trait("zoomed", village)
        feedback = Feedback.sentence("info", "zoom_opened", village=village)
        self.say(feedback)
        self._refresh()
        return feedback

    def close_zoom(self) -> Feedback:
        """Show the whole board again after :meth:`open_zoom` (the selection stays, and the
        message from before it opened comes back)."""
        self.set_trait("zoomed", "")
        self.say(self._before_zoom)
        self._refresh()
        return self._last_feedback

    def show_destinations(self, village: str | None) -> None:
        """Draw the neighbours of ``village`` as a journey's destinations while it is open
        large (for an owner that picks a journey itself, like the exercises; the board's own
        journeys draw them without this); None: no more."""
        self._destinations_of = village
        if self.zoomed:
            self._refresh()

    def _journey_from(self) -> str | None:
        return self.controller.pending_journey or self._destinations_of

    def _opens_zoom(self, target: HitTarget) -> bool:
        """On a phone, a tap on a village (or one of its spaces) of the whole board opens it
        large; with a journey waiting, a tap on another village is its destination."""
        if not self.phone or self.presenter or target is None or target[0] == "bridge":
            return False
        start = self._journey_from()
        return start is None or start == target[1]

    def undo(self) -> Feedback:
        """Take back the last action (the record keeps it for :meth:`redo`); with computer
        players, back past their moves to a person's previous decision."""
        return self._run(self._undo_step)

    def redo(self) -> Feedback:
        """Replay the next action of the line on show (with computer players, on through
        their replies to a person's next decision)."""
        return self._run(self._redo_step)

    def hint(self) -> None:
        """Suggest an action for the person to move (the *Hint* button, the key H)."""
        self.computer.hint()

    def step(self) -> None:
        """Watch mode's *Step*: the next action, replayed or thought of now."""
        self.computer.step()

    def review(self, iterations: int | None = None) -> Any:
        """Review the game now: a :class:`~shangrila_widget.widget.game_review.ReviewChart` of
        every player's win chance, shown under the board and returned."""
        return self.computer.review(iterations)

    def show_hint(self, highlights: Sequence[Highlight]) -> None:
        """Draw a hint's highlights on the node on show (they go when the game moves on)."""
        self._hint = (self.record.current, tuple(highlights))
        self._refresh()

    def clear_hint(self) -> None:
        """Remove the highlights of a hint."""
        if self._hint[1]:
            self._hint = (None, ())
            self._refresh()

    def reset(self) -> Feedback:
        """Back to the start of the record."""
        return self._run(self.controller.reset)

    def cancel(self) -> Feedback:
        """Drop a selection waiting for its second click."""
        return self._run(self.controller.cancel)

    def _run(self, step: Callable[[], Feedback]) -> Feedback:
        feedback = step()
        self.say(feedback)
        self._refresh()
        return feedback

    def _undo_step(self) -> Feedback:
        ctl = self.controller
        feedback = ctl.undo()
        while self._navigate_callbacks.claimed(ctl.position) and self.record.can_undo():
            feedback = ctl.undo()
        return feedback

    def _redo_step(self) -> Feedback:
        ctl = self.controller
        feedback = ctl.redo()
        while self._navigate_callbacks.claimed(ctl.position) and self.record.can_redo():
            feedback = ctl.redo()
        return feedback

    def _go_to_end(self) -> Feedback:
        feedback = self.controller.cancel()
        while self.record.can_redo():
            feedback = self.controller.redo()
        return feedback

    @visible_errors
    def _on_canvas_click(self, target: HitTarget) -> None:
        self.click(target)

    @visible_errors
    def _on_key(
        self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False
    ) -> None:
        keys: dict[str, Callable[[], Feedback]] = {
            "ArrowLeft": self._undo_step,
            "ArrowRight": self._redo_step,
            "Home": self.controller.reset,
            "End": self._go_to_end,
            "Escape": self.controller.cancel,
            "Enter": self.controller.confirm_recruit,
            "?": lambda: Feedback("info", say("ui.help", self.lang)),
        }
        if self.busy:
            self.say(Feedback.sentence("info", "busy_click"))
            return
        if self._key_callbacks.claimed(key):
            return
        if key == "Escape" and self.zoomed:
            self.close_zoom()
            return
        if key in keys:
            self._run(keys[key])

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        self.controller.set_lang(lang)
        labels = [(say(f"ui.{k}", lang), k) for k in CLICK_MODES]
        relabel(self.kind_toggle, labels, link=getattr(self, "_kind_link", None))
        self.kind_toggle.tooltips = [say("ui.kind_tip", lang)] * len(CLICK_MODES)
        worded = {
            "show_legal": self.show_legal_box,
            "action_box": self.action_box,
            "describe": self.describe_button,
            "presenter": self.presenter_button,
            **self.buttons,
        }
        translate(worded, WORDS, lang)
        self.too_small.value = html.escape(say("ui.presenter_too_small", lang))
        self.link_tools.translate(lang)
        self.say(self._last_feedback)  # said again, in the new language
        self._refresh()

    @traitlets.observe("action_kind")
    def _action_kind_changed(self, change: dict[str, Any]) -> None:
        self.controller.set_kind(change["new"])
        self._refresh()

    @traitlets.observe("busy")
    def _busy_changed(self, change: dict[str, Any]) -> None:
        self._sync(self._highlights_on_show())  # the picture does not show it: no redraw

    @traitlets.observe("show_legal")
    def _show_legal_changed(self, change: dict[str, Any]) -> None:
        self.controller.set_show_legal(change["new"])
        self._refresh()

    def _on_action_box(self, change: dict[str, Any]) -> None:
        """An action committed in the action box: play it as a click would (busy: only say
        so)."""
        text = str(change["new"]).strip()
        if not text:
            return
        if self.busy:
            self.say(Feedback.sentence("info", "busy_click"))
            return
        if self.play(text).kind == "played":
            self.action_box.value = ""


__all__ = ["BoardInput"]

"""The board widget: a Shangri-La board in a notebook to play on by clicking.

.. code-block:: python

    from shangrila_widget.widget import ShangriLaBoard
    board = ShangriLaBoard(players=["red", "blue", "yellow"])   # a hot-seat game from set-up
    board                                                       # show it

The widget is thin: a :class:`~shangrila_widget.widget.controller.BoardController` decides
what a click means, the engine decides the rules, the scene model decides the picture. The
synced traits carry the state so the front end and Python agree:

- ``position``: the public JSON position (``position-format.md``); setting it from Python
  starts a new game record from that position; an impossible one is refused with a
  :class:`~traitlets.TraitError` naming the problem, and the board keeps its position;
- ``lang``: ``"en"`` or ``"pl"``, for everything the widget shows;
- ``action_kind``: ``"auto"``, ``"place"``, ``"recruit"`` or ``"journey"``;
- ``selection``: what waits for a second click (``"journey:A"``, ``"recruit:healer:A"``, or
  ``""``);
- ``highlights``: the marks on the board, as dicts;
- ``message`` and ``message_rules``: the last explanation and the rule ids it names;
- ``error``: the last error raised inside a callback (also shown in red under the board).

Keys (while the board has focus): Left/Right undo/redo, Home/End start/end of the line,
Escape cancels a selection, Enter confirms a one-student recruit. Every key has a button.
"""

from __future__ import annotations

import html
import logging
import traceback
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from shangrila_widget.render.canvas import DEFAULT_RESERVED, RESERVED_VAR, BoardCanvas
from shangrila_widget.render.scene import PLAYER_STYLES, Highlight, build_scene
from shangrila_widget.rules import GameRecord, Outcome, Position, PositionError, ShangrilaError
from shangrila_widget.rules.board import MASTER_TYPES, TYPE_LETTERS
from shangrila_widget.rules.compact import from_compact, to_compact
from shangrila_widget.rules.engine import scores
from shangrila_widget.rules.messages import COLOUR_NAMES, LANGUAGES, Language, rule_text, rule_title
from shangrila_widget.widget.controller import (
    ACTION_KINDS,
    BoardController,
    Feedback,
    Target,
    moved_highlights,
)
from shangrila_widget.widget.style import stylesheet
from shangrila_widget.widget.texts import ui_text

log = logging.getLogger("shangrila_widget")

FOUR_PLAYERS = ("red", "blue", "yellow", "violet")


F = TypeVar("F", bound=Callable[..., Any])


def _visible_errors(method: F) -> F:
    """Run a callback; an exception is shown under the board and logged, never swallowed."""

    @wraps(method)
    def guarded(self: ShangriLaBoard, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - shown to the user and logged
            self._show_error(error)
            return None

    return guarded  # type: ignore[return-value]


def _as_position(value: Position | str | None, players: Sequence[str]) -> Position:
    if value is None:
        return Position.new_game(list(players))
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        text = value.strip()
        return Position.from_json(text) if text.startswith("{") else from_compact(text)
    raise ShangrilaError(f"expected a Position, JSON text or a position string, not {value!r}")


class ShangriLaBoard(widgets.VBox):  # type: ignore[misc]
    """A playable board: clicks become actions, refusals show their rule, journeys explain.

    ``position``: a :class:`Position`, its JSON, its one-line string, or None for a new game
    of ``players``. ``lang``: ``"en"`` or ``"pl"``. ``width``: the board's logical width in
    CSS pixels (it shrinks to the notebook's width).
    """

    position = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    action_kind = traitlets.Enum(ACTION_KINDS, default_value="auto").tag(sync=True)
    selection = traitlets.Unicode("").tag(sync=True)
    highlights = traitlets.List(traitlets.Dict()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_rules = traitlets.List(traitlets.Unicode()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        position: Position | str | None = None,
        *,
        players: Sequence[str] = FOUR_PLAYERS,
        lang: Language = "en",
        width: float = 900.0,
        record: GameRecord | None = None,
        **kwargs: Any,
    ) -> None:
        start = record.position if record is not None else _as_position(position, players)
        self.controller = BoardController(record or GameRecord(start, lang=lang), lang=lang)
        self.board_width = float(width)
        #: Marks drawn on top of the controller's own (the tour's step highlights).
        self.extra_highlights: tuple[Highlight, ...] = ()
        #: A line of text under the board picture (the tour's "variation" note).
        self.caption: str | None = None
        #: Called with a key name before the board's own key bindings; True = handled.
        self.key_override: Callable[[str], bool] | None = None
        #: An outcome shown instead of the game without playing it (``show_preview``).
        self.preview: Outcome | None = None
        #: Called with the clicked target before the controller; True = handled (edit mode).
        self.click_override: Callable[[Target], bool] | None = None
        #: Called after every change of the game on show (clicks, buttons, keys, traits).
        self.change_listeners: list[Callable[[ShangriLaBoard], None]] = []
        self.canvas = BoardCanvas(width, width * 910 / 900)
        self._build_controls()
        super().__init__(
            children=[self._top_bar, self._main, self._buttons, self._error_box, stylesheet()],
            layout=widgets.Layout(width="100%", max_width=f"{int(width) + 420}px"),
            **kwargs,
        )
        self.add_class("shangrila-board")
        self._syncing = True
        self.lang = lang
        self.position = start.to_json()
        self._syncing = False
        self.canvas.on_click(self._on_click)
        self.canvas.widget.on_client_ready(self._on_client_ready)
        self.canvas.dynamic_layer.on_key_down(self._on_key)
        self._say(
            Feedback("info", ui_text("welcome", lang, player=self._colour_name(start.to_move)))
        )
        self._refresh()

    # ------------------------------------------------------------------ layout

    def _build_controls(self) -> None:
        # A fixed minimum width: the bar does not re-wrap when the player's name changes.
        self._status = widgets.HTML(layout=widgets.Layout(min_width="15em"))
        self._kind = widgets.ToggleButtons(
            options=[(ui_text(k, "en"), k) for k in ACTION_KINDS],
            value="auto",
            style={"button_width": "92px"},
            tooltips=[ui_text("kind_tip", "en")] * len(ACTION_KINDS),
        )
        self._kind.observe(self._on_kind_widget, "value")
        self._lang_toggle = widgets.ToggleButtons(
            options=[("EN", "en"), ("PL", "pl")], value="en", style={"button_width": "40px"}
        )
        self._lang_toggle.observe(self._on_lang_widget, "value")
        self._show_legal = widgets.Checkbox(
            value=True, description=ui_text("show_legal", "en"), indent=False
        )
        self._show_legal.observe(self._on_show_legal, "value")
        self._top_bar = widgets.HBox(
            [self._status, self._kind, self._show_legal, self._lang_toggle],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        self._message = widgets.HTML(layout=widgets.Layout(min_height="4em"))
        self._message.add_class("shangrila-message")
        self._side_info = widgets.HTML()
        self.side_panel = side = widgets.VBox(
            [self._message, self._side_info],
            layout=widgets.Layout(
                flex="1 1 300px",
                min_width="260px",
                padding="0 0 0 12px",
                # Never taller than the picture may be: long texts scroll inside the panel
                # instead of pushing the buttons under the board off the screen.
                max_height=f"calc(100vh - var({RESERVED_VAR}, {DEFAULT_RESERVED}))",
                overflow_y="auto",
            ),
        )
        # A block box (not flex): the canvas is never stretched to the side panel's height;
        # it takes its own width (see render/canvas.py), the side panel the rest, or wraps.
        board_box = widgets.Box(
            [self.canvas.widget],
            layout=widgets.Layout(display="block", flex="0 1 auto", min_width="320px"),
        )
        self._main = widgets.HBox(
            [board_box, side],
            layout=widgets.Layout(flex_flow="row wrap", width="100%", align_items="flex-start"),
        )
        self._button_widgets: dict[str, widgets.Button] = {}
        actions: dict[str, Callable[[], Feedback]] = {
            "start": self.controller.reset,
            "undo": self.controller.undo,
            "redo": self.controller.redo,
            "end": self._go_to_end,
            "confirm": self.controller.confirm_recruit,
            "pass": lambda: self.controller.play_text("pass"),
            "cancel": self.controller.cancel,
        }
        for key, run in actions.items():
            button = widgets.Button(description=ui_text(key, "en"), layout={"width": "auto"})
            button.on_click(self._button_handler(run))
            self._button_widgets[key] = button
        self._buttons = widgets.HBox(
            list(self._button_widgets.values()), layout=widgets.Layout(flex_flow="row wrap")
        )
        self._error_box = widgets.HTML(layout=widgets.Layout(display="none"))

    # ------------------------------------------------------------------ public API

    @property
    def record(self) -> GameRecord:
        """The game record (the tree of every line played on this board)."""
        return self.controller.record

    @property
    def game(self) -> Position:
        """The position on show, as a :class:`Position`."""
        return self.controller.position

    def play(self, action: str) -> Feedback:
        """Play an action typed as text, as a click would (refusals are shown, not raised)."""
        feedback = self.controller.play_text(action)
        self._say(feedback)
        self._refresh()
        return feedback

    def click(self, target: Target) -> Feedback:
        """What a click on ``target`` does (the same path as a real click)."""
        feedback = self.controller.click(target)
        self._say(feedback)
        self._refresh()
        return feedback

    def undo(self) -> Feedback:
        return self._run(self.controller.undo)

    def redo(self) -> Feedback:
        return self._run(self.controller.redo)

    def reset(self) -> Feedback:
        return self._run(self.controller.reset)

    def share(self) -> str:
        """The position on show as its one-line string (to copy and paste)."""
        return to_compact(self.game)

    def load_record(self, record: GameRecord) -> None:
        """Show another game record (for example one loaded from JSON)."""
        self.controller.record = record
        self.controller.cancel()
        self.controller.last_outcome = None
        self._refresh()

    def show_preview(self, outcome: Outcome | None) -> None:
        """Show what an action would do, without playing it; None returns to the game.

        While a preview is on show, clicks on the board only end the preview.
        """
        self.preview = outcome
        if outcome is not None:
            self._say(
                Feedback(
                    "info",
                    " ".join(outcome.messages(self.lang)),
                    tuple(e.rule for e in outcome.events),
                    events=outcome.events,
                    action=outcome.action,
                )
            )
        self._refresh()

    def redraw(self) -> None:
        """Draw the whole board again (both layers)."""
        self.canvas.redraw()

    def _repr_svg_(self) -> str:
        """The static picture where no kernel runs (saved notebooks, nbconvert)."""
        from shangrila_widget.render.svg import position_svg

        return position_svg(self.game, lang=self.lang)

    # ------------------------------------------------------------------ events

    def _run(self, step: Callable[[], Feedback]) -> Feedback:
        feedback = step()
        self._say(feedback)
        self._refresh()
        return feedback

    def _button_handler(self, step: Callable[[], Feedback]) -> Callable[[Any], None]:
        @_visible_errors
        def handler(board: ShangriLaBoard, _button: Any) -> None:
            board._run(step)

        return lambda button: handler(self, button)

    def _go_to_end(self) -> Feedback:
        feedback = self.controller.cancel()
        while self.record.can_redo():
            feedback = self.controller.redo()
        return feedback

    @_visible_errors
    def _on_click(self, target: Target) -> None:
        if self.preview is not None:
            self.show_preview(None)
            return
        if self.click_override is not None and self.click_override(target):
            return
        self.click(target)

    @_visible_errors
    def _on_key(
        self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False
    ) -> None:
        keys: dict[str, Callable[[], Feedback]] = {
            "ArrowLeft": self.controller.undo,
            "ArrowRight": self.controller.redo,
            "Home": self.controller.reset,
            "End": self._go_to_end,
            "Escape": self.controller.cancel,
            "Enter": self.controller.confirm_recruit,
            "?": lambda: Feedback("info", ui_text("help", self.lang)),
        }
        if self.key_override is not None and self.key_override(key):
            return
        if key in keys:
            self._run(keys[key])

    @_visible_errors
    def _on_client_ready(self) -> None:
        self.canvas.redraw()

    def _on_kind_widget(self, change: dict[str, Any]) -> None:
        self.action_kind = change["new"]

    def _on_lang_widget(self, change: dict[str, Any]) -> None:
        self.lang = change["new"]

    @_visible_errors
    def _on_show_legal(self, change: dict[str, Any]) -> None:
        self.controller.show_legal = bool(change["new"])
        self._refresh()

    @traitlets.validate("position")
    def _validate_position(self, proposal: dict[str, Any]) -> str:
        text = proposal["value"]
        if self._syncing:  # our own JSON of the engine's position: nothing to check
            return str(text)
        try:
            return _as_position(text, FOUR_PLAYERS).to_json()
        except PositionError as error:
            raise traitlets.TraitError(f"not a valid position: {error}") from None

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        new = Position.from_json(change["new"])
        if new != self.controller.position:
            self.controller.record = GameRecord(new, lang=self.lang)
            self.controller.cancel()
            self.controller.last_outcome = None
            self._refresh()

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        self.controller.set_lang(lang)
        self._lang_toggle.value = lang
        self._kind.options = [(ui_text(k, lang), k) for k in ACTION_KINDS]
        self._kind.tooltips = [ui_text("kind_tip", lang)] * len(ACTION_KINDS)
        self._show_legal.description = ui_text("show_legal", lang)
        for key, button in self._button_widgets.items():
            button.description = ui_text(key, lang)
        if not getattr(self, "_syncing", True):
            self._say(self._in_language(self._last_feedback))
            self._refresh()

    @traitlets.observe("action_kind")
    def _action_kind_changed(self, change: dict[str, Any]) -> None:
        self.controller.set_kind(change["new"])
        self._kind.value = change["new"]
        self._refresh()

    # ------------------------------------------------------------------ showing

    def _colour_name(self, colour: str) -> str:
        return COLOUR_NAMES[self.lang][colour]

    def _in_language(self, feedback: Feedback) -> Feedback:
        """The same feedback in the board's current language (for the language switch)."""
        lang = self.lang
        if feedback.refusal is not None:
            text = feedback.refusal.message(lang)
        elif feedback.events:
            text = " ".join(e.message(lang) for e in feedback.events)
        else:
            text = ui_text("welcome", lang, player=self._colour_name(self.game.to_move))
        return Feedback(
            feedback.kind, text, feedback.rules, feedback.refusal, feedback.events, feedback.action
        )

    def _say(self, feedback: Feedback) -> None:
        lang = self.lang
        self._last_feedback = feedback
        self.message = feedback.text
        self.message_rules = list(feedback.rules)
        style = {
            "played": "border-left:4px solid #0072B2;",
            "refused": "border-left:4px solid #D55E00;background:#fff4ec;",
            "selected": "border-left:4px solid #000;",
            "info": "border-left:4px solid #999;",
        }[feedback.kind]
        if feedback.events:
            body = "".join(
                f"<li>{_rule_badge(e.rule, lang)} {html.escape(e.message(lang))}</li>"
                for e in feedback.events
            )
            text = f"<ul style='margin:0;padding-left:1.1em'>{body}</ul>"
        else:
            badges = " ".join(_rule_badge(r, lang) for r in feedback.rules)
            text = f"{badges} {html.escape(feedback.text)}"
        self._message.value = f"<div style='{style}padding:4px 8px'>{text}</div>"

    def _refresh(self) -> None:
        """Sync traits and side panel with the controller, then redraw: one canvas message."""
        pos = self.controller.position
        lang = self.lang
        marks = self.controller.highlights() + self.extra_highlights
        shown, caption = pos, self.caption
        if self.preview is not None:
            shown = self.preview.position
            marks = tuple(moved_highlights(self.preview))
            caption = ui_text("preview", lang, action=self.preview.action)
        scene = build_scene(
            shown, highlights=marks, lang=lang, width=self.board_width, caption=caption
        )
        self.canvas.draw(scene)
        self._syncing = True
        try:
            self.position = pos.to_json()
            self.highlights = [
                {
                    "kind": h.kind,
                    "village": h.village,
                    "type": h.type,
                    "bridge": list(h.bridge) if h.bridge else None,
                }
                for h in marks
            ]
            ctl = self.controller
            if ctl.pending_journey:
                self.selection = f"journey:{ctl.pending_journey}"
            elif ctl.pending_recruit:
                self.selection = f"recruit:{ctl.pending_recruit[0]}:{ctl.pending_recruit[1]}"
            else:
                self.selection = ""
        finally:
            self._syncing = False
        self._status.value = self._status_html(pos)
        self._side_info.value = self._side_html(pos)
        self._button_widgets["undo"].disabled = not self.record.can_undo()
        self._button_widgets["start"].disabled = not self.record.can_undo()
        self._button_widgets["redo"].disabled = not self.record.can_redo()
        self._button_widgets["end"].disabled = not self.record.can_redo()
        self._button_widgets["confirm"].disabled = self.controller.pending_recruit is None
        for listener in self.change_listeners:
            listener(self)

    def _status_html(self, pos: Position) -> str:
        lang = self.lang
        colour = PLAYER_STYLES[pos.to_move].fill if pos.phase != "over" else "#999"
        phase = ui_text(f"phase_{pos.phase}", lang)
        who = (
            f"<b>{self._colour_name(pos.to_move)}</b> {ui_text('to_move', lang)}"
            if pos.phase != "over"
            else ""
        )
        return (
            f"<span style='display:inline-block;width:14px;height:14px;border-radius:7px;"
            f"background:{colour};vertical-align:middle'></span> {who} · {phase}"
        )

    def _side_html(self, pos: Position) -> str:
        lang = self.lang
        header = "".join(f"<th title='{t}'>{TYPE_LETTERS[t]}</th>" for t in MASTER_TYPES)
        rows = []
        table = scores(pos)
        for colour in pos.players:
            cells = "".join(f"<td>{n}</td>" for n in pos.supplies(colour).values())
            masters, villages = table[colour]
            rows.append(
                f"<tr><td style='font-weight:bold'>{_swatch(colour)} "
                f"{self._colour_name(colour)}</td>{cells}<td>{masters}</td><td>{villages}</td></tr>"
            )
        result = (
            f"<table style='border-collapse:collapse;font-size:90%'><tr><th>"
            f"{ui_text('supply', lang)}</th>{header}<th>{ui_text('masters', lang)}</th>"
            f"<th>{ui_text('villages', lang)}</th></tr>{''.join(rows)}</table>"
        )
        if pos.is_over:
            names = ", ".join(self._colour_name(c) for c in pos.winners())
            result += f"<p><b>{ui_text('winner', lang)}: {names}</b></p>"
        return result

    def _show_error(self, error: BaseException) -> None:
        log.exception("error inside the Shangri-La board", exc_info=error)
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        self.error = text
        self._error_box.layout.display = "block"
        self._error_box.value = (
            f"<details open style='color:#a00;border:1px solid #a00;padding:4px'><summary>"
            f"{ui_text('error', self.lang)}: {html.escape(str(error))}</summary>"
            f"<pre style='white-space:pre-wrap'>{html.escape(text)}</pre></details>"
        )


def _swatch(colour: str) -> str:
    """A small square of the player's colour with its darker edge (legible for yellow too)."""
    style = PLAYER_STYLES[colour]
    return (
        f"<span style='display:inline-block;width:10px;height:10px;background:{style.fill};"
        f"border:1px solid {style.edge};vertical-align:middle'></span>"
    )


def _rule_badge(rule: str, lang: Language) -> str:
    """The rule id as a small badge whose tooltip is the rule's title and text."""
    try:
        tip = f"{rule_title(rule, lang)}: {rule_text(rule, lang)}"
    except KeyError:
        tip = rule
    return (
        f"<code title='{html.escape(tip, quote=True)}' style='background:#eee;padding:0 3px;"
        f"border-radius:3px'>{html.escape(rule)}</code>"
    )


__all__ = ["Highlight", "ShangriLaBoard"]

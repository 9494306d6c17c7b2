"""The dispute checker: set up a position, ask what each action does, share it as a string.

.. code-block:: python

    from shangrila_widget.widget import DisputeChecker
    DisputeChecker("rbyv r play ...")     # a position string, JSON, a Position, or nothing

- **Edit mode**: a click on a space puts the chosen piece there (a master, a master with its
  student, or nothing) in the chosen colour; a click on a bridge breaks or restores it; the
  player to move is chosen from a list. Every edit goes through the same checks as the JSON
  reader: an impossible one is refused with its reason and the position stays as it was.
- **Play mode**: the board plays as usual.
- **What happens if...**: every legal action (filter by kind) with its predicted result and
  rule ids; choosing one previews it on the board without playing it; "Play it" plays it.
- **Share**: the one-line position string and the JSON, both editable to load a position.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.rules import GameRecord, Position, ShangrilaError, Tile
from shangrila_widget.rules.analysis import KINDS, Prediction, what_if
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_bridge, with_tile, with_to_move
from shangrila_widget.rules.messages import COLOUR_NAMES, LANGUAGES, Language
from shangrila_widget.widget.board import ShangriLaBoard, _as_position, _visible_errors
from shangrila_widget.widget.controller import Feedback, Target
from shangrila_widget.widget.texts import ui_text


def prediction_label(prediction: Prediction, lang: Language = "en") -> str:
    """A one-line summary of a prediction for the list: action, situation, rules, masters."""
    parts = [str(prediction.action)]
    if prediction.situation is not None:
        parts.append(f"{ui_text('situation', lang)} {prediction.situation}")
    interesting = [
        r for r in prediction.rules if r.startswith(("J-", "J1-", "J2-", "STONE", "END", "SCORE"))
    ]
    if interesting:
        parts.append(" ".join(dict.fromkeys(interesting)))
    changes = [
        f"{COLOUR_NAMES[lang][c]} {d:+d}" for c, d in prediction.masters_change().items() if d
    ]
    if changes:
        parts.append(", ".join(changes))
    return " · ".join(parts)


class DisputeChecker(widgets.VBox):  # type: ignore[misc]
    """A board with a position editor, the "what happens if" list and the position string."""

    mode = traitlets.Enum(("play", "edit"), default_value="play").tag(sync=True)
    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)

    def __init__(
        self,
        position: Position | str | None = None,
        *,
        lang: Language = "en",
        width: float = 760.0,
        **kwargs: Any,
    ) -> None:
        start = _as_position(position, ("red", "blue", "yellow", "violet"))
        self.board = ShangriLaBoard(start, lang=lang, width=width)
        self.board.click_override = self._on_board_click
        self.predictions: list[Prediction] = []
        self._build(lang)
        super().__init__(
            children=[self._toolbar, self._edit_bar, self.board, self._what_if_box, self._share],
            **kwargs,
        )
        self.add_class("shangrila-checker")
        self.lang = lang
        self.board.change_listeners.append(lambda _board: self._update())
        self._update()

    # ------------------------------------------------------------------ layout

    def _build(self, lang: Language) -> None:
        self._mode = widgets.ToggleButtons(
            options=[(ui_text("play", lang), "play"), (ui_text("edit", lang), "edit")], value="play"
        )
        self._mode.observe(lambda change: setattr(self, "mode", change["new"]), "value")
        self._toolbar = widgets.HBox([self._mode])
        players = self.board.game.players
        self._colour = widgets.Dropdown(
            options=[(COLOUR_NAMES[lang][c], c) for c in players], layout={"width": "140px"}
        )
        self._piece = widgets.ToggleButtons(
            options=[(ui_text(k, lang), k) for k in ("master", "pair", "empty")], value="master"
        )
        self._to_move = widgets.Dropdown(
            options=[(COLOUR_NAMES[lang][c], c) for c in players],
            description=ui_text("to_move", lang),
            layout={"width": "220px"},
        )
        self._to_move.observe(self._on_to_move, "value")
        self._edit_bar = widgets.HBox(
            [self._colour, self._piece, self._to_move],
            layout=widgets.Layout(display="none", flex_flow="row wrap"),
        )
        self._kinds = widgets.ToggleButtons(
            options=[(ui_text("all", lang), "all"), *[(k, k) for k in KINDS if k != "pass"]],
            value="journey",
        )
        self._kinds.observe(lambda _change: self._update(), "value")
        self._list = widgets.Select(options=[], rows=8, layout={"width": "100%"})
        self._list.observe(self._on_choose, "value")
        self._play_it = widgets.Button(description=ui_text("play_it", lang), disabled=True)
        self._play_it.on_click(lambda _b: self._guarded(self.play_preview))
        self._back = widgets.Button(description=ui_text("back", lang), disabled=True)
        self._back.on_click(lambda _b: self._guarded(self.end_preview))
        self._what_if_title = widgets.HTML(f"<b>{ui_text('what_if', lang)}</b>")
        self._what_if_box = widgets.VBox(
            [
                self._what_if_title,
                self._kinds,
                self._list,
                widgets.HBox([self._play_it, self._back]),
            ]
        )
        self._string = widgets.Text(
            description=ui_text("string", lang),
            layout={"width": "100%"},
            style={"description_width": "initial"},
        )
        self._load_string = widgets.Button(description=ui_text("load", lang))
        self._load_string.on_click(lambda _b: self._guarded(lambda: self.load(self._string.value)))
        self._json = widgets.Textarea(layout={"width": "100%", "height": "10em"})
        self._load_json = widgets.Button(description=ui_text("load", lang))
        self._load_json.on_click(lambda _b: self._guarded(lambda: self.load(self._json.value)))
        self._share = widgets.VBox(
            [
                widgets.HBox([self._string, self._load_string]),
                widgets.Accordion(
                    children=[widgets.VBox([self._json, self._load_json])],
                    titles=(ui_text("json", lang),),
                ),
            ]
        )

    def _guarded(self, run: Any) -> None:
        @_visible_errors
        def call(board: ShangriLaBoard) -> None:
            run()

        call(self.board)

    # ------------------------------------------------------------------ public API

    @property
    def position(self) -> Position:
        return self.board.game

    def load(self, text: str) -> None:
        """Load a position from its one-line string or JSON; a bad one is refused with its
        reason and the board keeps its position."""
        try:
            position = _as_position(text, ("red", "blue", "yellow", "violet"))
        except ShangrilaError as error:
            self.board._say(Feedback("refused", str(error)))
            return
        self._set_position(position, ui_text("loaded", self.lang))

    def edit(self, target: Target) -> Feedback:
        """Apply the chosen edit tool to ``target``; refused edits change nothing."""
        pos = self.position
        try:
            if target is None:
                return Feedback("info", "")
            if target[0] == "space":
                village, master_type = target[1], target[2]
                piece = self._piece.value
                tile = None if piece == "empty" else Tile(self._colour.value, piece == "pair")
                new = with_tile(pos, village, master_type, tile)
                what = f"{village} {master_type} = {piece}"
            elif target[0] == "bridge":
                a, b = target[1], target[2]
                new = with_bridge(pos, a, b, not pos.bridge_intact(a, b))
                what = f"{a}-{b} {'restored' if new.bridge_intact(a, b) else 'broken'}"
            else:
                return Feedback("info", "")
        except ShangrilaError as error:
            feedback = Feedback("refused", str(error))
            self.board._say(feedback)
            return feedback
        return self._set_position(new, ui_text("edited", self.lang, what=what))

    def preview(self, index: int) -> None:
        """Show prediction ``index`` of the list on the board without playing it."""
        self.board.show_preview(self.predictions[index].outcome)
        self._play_it.disabled = self._back.disabled = False

    def end_preview(self) -> None:
        self.board.show_preview(None)
        self._list.value = None
        self._play_it.disabled = self._back.disabled = True

    def play_preview(self) -> None:
        """Play the previewed action for real."""
        outcome = self.board.preview
        self.end_preview()
        if outcome is not None:
            self.board.play(str(outcome.action))

    # ------------------------------------------------------------------ events

    def _set_position(self, position: Position, note: str) -> Feedback:
        self.board.preview = None
        self.board.load_record(GameRecord(position))
        feedback = Feedback("info", note)
        self.board._say(feedback)
        return feedback

    def _on_board_click(self, target: Target) -> bool:
        if self.mode != "edit":
            return False
        self.edit(target)
        return True

    def _on_to_move(self, change: dict[str, Any]) -> None:
        if change["new"] is None or change["new"] == self.position.to_move:
            return
        try:
            new = with_to_move(self.position, change["new"])
        except ShangrilaError as error:
            self.board._say(Feedback("refused", str(error)))
            self._to_move.value = self.position.to_move
            return
        self._set_position(
            new, ui_text("edited", self.lang, what=f"{ui_text('to_move', self.lang)}")
        )

    def _on_choose(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            return
        self._guarded(lambda: self.preview(int(change["new"])))

    @traitlets.observe("mode")
    def _mode_changed(self, change: dict[str, Any]) -> None:
        self._mode.value = change["new"]
        self._edit_bar.layout.display = "flex" if change["new"] == "edit" else "none"
        self.board.controller.cancel()

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        self.board.lang = lang
        self._mode.options = [(ui_text("play", lang), "play"), (ui_text("edit", lang), "edit")]
        self._mode.value = self.mode
        self._piece.options = [(ui_text(k, lang), k) for k in ("master", "pair", "empty")]
        self._what_if_title.value = f"<b>{ui_text('what_if', lang)}</b>"
        self._play_it.description = ui_text("play_it", lang)
        self._back.description = ui_text("back", lang)
        self._update()

    def _update(self) -> None:
        """Refresh the list, the string and the JSON from the position on show."""
        pos = self.position
        kind = self._kinds.value
        kinds = [k for k in KINDS if k != "pass"] + ["pass"] if kind == "all" else [kind]
        self.predictions = what_if(pos, kinds) if not pos.is_over else []
        options = [(prediction_label(p, self.lang), i) for i, p in enumerate(self.predictions)]
        self._list.unobserve(self._on_choose, "value")
        self._list.options = options or [(ui_text("none", self.lang), None)]
        self._list.value = None
        self._list.observe(self._on_choose, "value")
        self._string.value = to_compact(pos)
        self._json.value = pos.to_json(indent=1)
        players = pos.players
        self._to_move.unobserve(self._on_to_move, "value")
        self._to_move.options = [(COLOUR_NAMES[self.lang][c], c) for c in players]
        self._to_move.value = pos.to_move
        self._to_move.observe(self._on_to_move, "value")
        self._colour.options = [(COLOUR_NAMES[self.lang][c], c) for c in players]

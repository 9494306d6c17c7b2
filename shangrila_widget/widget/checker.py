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

from shangrila_widget.render.layout import HitTarget
from shangrila_widget.rules import GameRecord, Position, ShangrilaError, Tile
from shangrila_widget.rules.analysis import ALL_KINDS, Prediction, what_if
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_bridge, with_tile, with_to_move
from shangrila_widget.rules.messages import COLOUR_NAMES, LANGUAGES, TYPE_NAMES, Language
from shangrila_widget.widget.board import ShangriLaBoard, as_position, relabel, visible_errors
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.texts import ui_text

KIND_FILTERS = ("all", "place", "recruit", "journey")


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
    """A board with a position editor, the "what happens if" list and the position string.

    ``position``: a :class:`Position`, its JSON, its one-line string, or None for a new
    four-player game. The checker's ``lang`` and its board's are one setting: changing
    either (or the board's EN/PL switch) changes every word of the checker.

    >>> checker = DisputeChecker(lang="pl")
    >>> checker.board.lang = "en"
    >>> checker.lang
    'en'
    >>> checker.game.phase
    'setup'
    """

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
        start = as_position(position)
        self.board = ShangriLaBoard(start, lang=lang, width=width)
        self.board.on_click(self._on_board_click)
        self.predictions: list[Prediction] = []
        self._build()
        super().__init__(
            children=[self._toolbar, self._edit_bar, self.board, self._what_if_box, self._share],
            **kwargs,
        )
        self.add_class("shangrila-checker")
        self.lang = lang
        traitlets.link((self, "lang"), (self.board, "lang"))
        self.board.on_change(lambda _board: self._update())
        self._translate()
        self._update()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        self._mode = widgets.ToggleButtons(options=[("", "play"), ("", "edit")], value="play")
        self._mode.observe(self._on_mode_widget, "value")
        self._toolbar = widgets.HBox([self._mode])
        self._colour = widgets.Dropdown(options=[], layout={"width": "140px"})
        self._piece = widgets.ToggleButtons(
            options=[(k, k) for k in ("master", "pair", "empty")], value="master"
        )
        self._to_move = widgets.Dropdown(options=[], layout={"width": "220px"})
        self._to_move.observe(self._on_to_move, "value")
        self._edit_bar = widgets.HBox(
            [self._colour, self._piece, self._to_move],
            layout=widgets.Layout(display="none", flex_flow="row wrap"),
        )
        self._kinds = widgets.ToggleButtons(options=[(k, k) for k in KIND_FILTERS], value="journey")
        self._kinds.observe(self._on_kinds_widget, "value")
        self._list = widgets.Select(options=[], rows=8, layout={"width": "100%"})
        self._list.observe(self._on_choose, "value")
        self._play_it = widgets.Button(disabled=True)
        self._play_it.on_click(lambda _b: self._play_preview_button())
        self._back = widgets.Button(disabled=True)
        self._back.on_click(lambda _b: self._end_preview_button())
        self._what_if_title = widgets.HTML()
        self._what_if_box = widgets.VBox(
            [
                self._what_if_title,
                self._kinds,
                self._list,
                widgets.HBox([self._play_it, self._back]),
            ]
        )
        self._string = widgets.Text(
            layout={"width": "100%"}, style={"description_width": "initial"}
        )
        self._load_string = widgets.Button()
        self._load_string.on_click(lambda _b: self._load_button(self._string.value))
        self._json = widgets.Textarea(layout={"width": "100%", "height": "10em"})
        self._load_json = widgets.Button()
        self._load_json.on_click(lambda _b: self._load_button(self._json.value))
        self._json_box = widgets.Accordion(
            children=[widgets.VBox([self._json, self._load_json])], titles=("",)
        )
        self._share = widgets.VBox(
            [widgets.HBox([self._string, self._load_string]), self._json_box]
        )

    def _translate(self) -> None:
        """Every label of the checker in its language."""
        lang = self.lang
        modes = [(ui_text("play", lang), "play"), (ui_text("edit", lang), "edit")]
        relabel(self._mode, modes, self._on_mode_widget)
        relabel(self._piece, [(ui_text(k, lang), k) for k in ("master", "pair", "empty")])
        self._to_move.description = ui_text("to_move", lang)
        relabel(self._kinds, [(ui_text(k, lang), k) for k in KIND_FILTERS], self._on_kinds_widget)
        self._what_if_title.value = f"<b>{ui_text('what_if', lang)}</b>"
        self._play_it.description = ui_text("play_it", lang)
        self._back.description = ui_text("back", lang)
        self._string.description = ui_text("string", lang)
        self._load_string.description = ui_text("load", lang)
        self._load_json.description = ui_text("load", lang)
        self._json_box.set_title(0, ui_text("json", lang))

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Position:
        """The position on the board, as a :class:`Position` (as ``board.game``)."""
        return self.board.game

    def show_error(self, error: BaseException) -> None:
        """Show an error of a callback under the board (see :func:`visible_errors`)."""
        self.board.show_error(error)

    def load(self, text: str) -> None:
        """Load a position from its one-line string or JSON; a bad one is refused with its
        reason and the board keeps its position."""
        try:
            position = as_position(text)
        except ShangrilaError as error:
            self.board.say(Feedback("refused", error))
            return
        self._set_position(position, Feedback.sentence("info", "loaded", self.lang))

    def edit(self, target: HitTarget) -> Feedback:
        """Apply the chosen edit tool to ``target``; refused edits change nothing."""
        pos = self.game
        lang = self.lang
        try:
            if target is None:
                return Feedback("info", "")
            if target[0] == "space":
                village, master_type = target[1], target[2]
                piece = self._piece.value
                tile = None if piece == "empty" else Tile(self._colour.value, piece == "pair")
                new = with_tile(pos, village, master_type, tile)
                what = {
                    lang: f"{village} {TYPE_NAMES[lang][master_type]} = {ui_text(piece, lang)}"
                    for lang in LANGUAGES
                }
            elif target[0] == "bridge":
                a, b = target[1], target[2]
                new = with_bridge(pos, a, b, not pos.bridge_intact(a, b))
                state = "restored" if new.bridge_intact(a, b) else "broken"
                what = {lang: f"{a}-{b} {ui_text(state, lang)}" for lang in LANGUAGES}
            else:
                return Feedback("info", "")
        except ShangrilaError as error:
            feedback = Feedback("refused", error)
            self.board.say(feedback)
            return feedback
        return self._set_position(new, Feedback.sentence("info", "edited", lang, what=what))

    def preview(self, index: int) -> None:
        """Show prediction ``index`` of the list on the board without playing it."""
        self.board.show_preview(self.predictions[index].outcome)
        self._play_it.disabled = self._back.disabled = False

    def end_preview(self) -> None:
        """Back from a preview to the position."""
        self.board.show_preview(None)
        self._list.value = None
        self._play_it.disabled = self._back.disabled = True

    def play_preview(self) -> None:
        """Play the previewed action for real."""
        outcome = self.board.preview
        self.end_preview()
        if outcome is not None:
            self.board.play(outcome.action)

    # ------------------------------------------------------------------ events

    @visible_errors
    def _play_preview_button(self) -> None:
        self.play_preview()

    @visible_errors
    def _end_preview_button(self) -> None:
        self.end_preview()

    @visible_errors
    def _load_button(self, text: str) -> None:
        self.load(text)

    def _set_position(self, position: Position, feedback: Feedback) -> Feedback:
        self.board.show(GameRecord(position))
        self._play_it.disabled = self._back.disabled = True
        self.board.say(feedback)
        return feedback

    def _on_board_click(self, target: HitTarget) -> bool:
        if self.mode != "edit":
            return False
        self.edit(target)
        return True

    def _on_mode_widget(self, change: dict[str, Any]) -> None:
        self.mode = change["new"]

    @visible_errors
    def _on_kinds_widget(self, change: dict[str, Any]) -> None:
        self._update()

    @visible_errors
    def _on_to_move(self, change: dict[str, Any]) -> None:
        if change["new"] is None or change["new"] == self.game.to_move:
            return
        try:
            new = with_to_move(self.game, change["new"])
        except ShangrilaError as error:
            self.board.say(Feedback("refused", error))
            self._to_move.value = self.game.to_move
            return
        what = {lang: ui_text("to_move", lang) for lang in LANGUAGES}
        self._set_position(new, Feedback.sentence("info", "edited", self.lang, what=what))

    @visible_errors
    def _on_choose(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            return
        self.preview(int(change["new"]))

    @traitlets.observe("mode")
    def _mode_changed(self, change: dict[str, Any]) -> None:
        self._mode.value = change["new"]
        self._edit_bar.layout.display = "flex" if change["new"] == "edit" else "none"
        if self.board.selection:
            self.board.cancel()

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        self._translate()
        self._update()

    def _update(self) -> None:
        """Refresh the list, the string and the JSON from the position on show."""
        pos = self.game
        lang = self.lang
        kind = self._kinds.value
        kinds = list(ALL_KINDS) if kind == "all" else [kind]
        self.predictions = what_if(pos, kinds) if not pos.is_over else []
        options = [(prediction_label(p, lang), i) for i, p in enumerate(self.predictions)]
        self._list.unobserve(self._on_choose, "value")
        self._list.options = options or [(ui_text("none", lang), None)]
        self._list.value = None
        self._list.observe(self._on_choose, "value")
        self._string.value = to_compact(pos)
        self._json.value = pos.to_json(indent=1)
        players = pos.players
        colours = [(COLOUR_NAMES[lang][c], c) for c in players]
        self._to_move.unobserve(self._on_to_move, "value")
        self._to_move.options = colours
        self._to_move.value = pos.to_move
        self._to_move.observe(self._on_to_move, "value")
        relabel(self._colour, colours)
        if self._colour.value not in players:
            self._colour.value = players[0]

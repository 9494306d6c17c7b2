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
- **Share**: the one-line position string (with *Copy*) and the JSON, both editable to load
  a position.

Everything but the board sits in the panel beside it, so the whole checker is on screen as
the page loads; ``presenter=True`` (see :mod:`~shangrila_widget.widget.presenting`) folds it
to the modes, the message and the list for a projector.
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
from shangrila_widget.widget.presenting import TitleLine, link_presenter
from shangrila_widget.widget.texts import ui_text

KIND_FILTERS = ("all", "place", "recruit", "journey")

_COPY_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button shangrila-copy";
  const label = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
  };
  label();
  model.on("change:description", label);
  model.on("change:tooltip", label);
  button.addEventListener("click", async () => {
    const text = model.get("text");
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch (error) {
      // No clipboard API (a page served over plain http from another machine): copy the
      // old way, through a selected text area.
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try { ok = document.execCommand("copy"); } catch (ignored) { ok = false; }
      area.remove();
    }
    model.send({ event: "copied", ok });
  });
  el.appendChild(button);
}
export default { render };
"""


def copy_button() -> Any:
    """A button that copies its ``text`` trait to the clipboard in the browser and then
    calls the callbacks given to ``on_copy(callback)`` with True (copied) or False (the
    browser refused). It needs anywidget's front end; without anywidget, None (the position
    string is still there to select and copy by hand)."""
    try:
        import anywidget
    except ImportError:  # JupyterLite without anywidget
        return None

    class CopyButton(anywidget.AnyWidget):
        _esm = _COPY_ESM
        text = traitlets.Unicode("").tag(sync=True)
        description = traitlets.Unicode("").tag(sync=True)
        tooltip = traitlets.Unicode("").tag(sync=True)

        def __init__(self) -> None:
            super().__init__()
            self._copy_callbacks = widgets.CallbackDispatcher()
            self.on_msg(self._on_front_end)

        def on_copy(self, callback: Any, remove: bool = False) -> None:
            self._copy_callbacks.register_callback(callback, remove=remove)

        def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
            if isinstance(content, dict) and content.get("event") == "copied":
                self._copy_callbacks(bool(content.get("ok")))

    return CopyButton()


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
    presenter = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        position: Position | str | None = None,
        *,
        lang: Language = "en",
        width: float = 760.0,
        presenter: bool = False,
        **kwargs: Any,
    ) -> None:
        start = as_position(position)
        self.board = ShangriLaBoard(start, lang=lang, width=width)
        self.board.on_click(self._on_board_click)
        self.predictions: list[Prediction] = []
        self._build(lang)
        super().__init__(children=[self._bar, self.board], **kwargs)
        self.add_class("shangrila-checker")
        self._mode_link = traitlets.link((self, "mode"), (self.mode_buttons, "value"))
        self.lang = lang
        self.presenter = presenter
        traitlets.link((self, "lang"), (self.board, "lang"))
        link_presenter(self, self.board, self.title_line.presenter_button)
        self.board.on_change(lambda _board: self._update())
        self._translate()
        self._update()

    # ------------------------------------------------------------------ layout

    def _build(self, lang: Language) -> None:
        self.title_line = TitleLine("checker", lang)
        self.mode_buttons = widgets.ToggleButtons(
            options=[("", "play"), ("", "edit")], value="play", style={"button_width": "auto"}
        )
        self._bar = widgets.HBox(
            [self.title_line.title, self.mode_buttons, self.title_line.presenter_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self._bar.add_class("shangrila-checker-bar")
        compact = {"description_width": "initial"}
        self.colour_picker = widgets.Dropdown(options=[], layout={"width": "14em"}, style=compact)
        self.piece_buttons = widgets.ToggleButtons(
            options=[(k, k) for k in ("master", "pair", "empty")],
            value="master",
            style={"button_width": "auto", **compact},
            layout={"width": "auto"},
        )
        self.to_move_picker = widgets.Dropdown(options=[], layout={"width": "14em"}, style=compact)
        self.to_move_picker.observe(self._on_to_move, "value")
        # The edit tools head the side panel in Edit mode.
        self.edit_tools = widgets.HBox(
            [self.colour_picker, self.to_move_picker, self.piece_buttons],
            layout=widgets.Layout(display="none", flex_flow="row wrap", align_items="center"),
        )
        self.edit_tools.add_class("shangrila-edit-tools")
        self.kind_buttons = widgets.ToggleButtons(
            options=[(k, k) for k in KIND_FILTERS], value="journey", style={"button_width": "auto"}
        )
        self.kind_buttons.add_class("shangrila-what-if-kinds")
        self.kind_buttons.observe(self._on_kinds_widget, "value")
        self.action_list = widgets.Select(options=[], rows=6, layout={"width": "100%"})
        self.action_list.observe(self._on_choose, "value")
        self.play_it_button = widgets.Button(disabled=True, layout={"width": "auto"})
        self.play_it_button.on_click(self.board.guarded(lambda _b: self.play_preview()))
        self.back_button = widgets.Button(disabled=True, layout={"width": "auto"})
        self.back_button.on_click(self.board.guarded(lambda _b: self.end_preview()))
        self._what_if_title = widgets.HTML()
        self._what_if_box = widgets.VBox(
            [
                self._what_if_title,
                self.kind_buttons,
                self.action_list,
                widgets.HBox([self.play_it_button, self.back_button]),
            ]
        )
        self._what_if_box.add_class("shangrila-what-if")
        self.string_field = widgets.Text(
            layout={"width": "auto", "flex": "1 1 12em"}, style={"description_width": "initial"}
        )
        self.copy_button = copy_button()
        if self.copy_button is not None:
            self.copy_button.on_copy(self.board.guarded(self._on_copied))
        self.load_string_button = widgets.Button(layout={"width": "auto"})
        self.load_string_button.on_click(
            self.board.guarded(lambda _b: self.load(self.string_field.value))
        )
        self.json_field = widgets.Textarea(layout={"width": "100%", "height": "10em"})
        self.load_json_button = widgets.Button(layout={"width": "auto"})
        self.load_json_button.on_click(
            self.board.guarded(lambda _b: self.load(self.json_field.value))
        )
        self._json_box = widgets.Accordion(
            children=[widgets.VBox([self.json_field, self.load_json_button])], titles=("",)
        )
        self._json_box.selected_index = None
        string_row = [self.string_field, self.copy_button, self.load_string_button]
        self._share = widgets.VBox(
            [
                widgets.HBox(
                    [w for w in string_row if w is not None],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self._json_box,
            ]
        )
        self._share.add_class("shangrila-share")
        # Everything beside the picture, so that the whole checker fits the screen: the guide,
        # the edit tools, the board's message, the list, the string, the board's table.
        panel = self.board.side_panel
        message, *rest = panel.children
        rest = [child for child in rest if child is not self.board.action_box]
        panel.children = (
            self.title_line.guide,
            self.edit_tools,
            message,
            self.board.action_box,
            self._what_if_box,
            self._share,
            *rest,
        )
        panel.add_class("shangrila-checker-panel")
        for child in rest:  # the board's own table: it gives way first when space is short
            child.add_class("shangrila-board-info")

    def _translate(self) -> None:
        """Every label of the checker in its language."""
        lang = self.lang
        self.title_line.translate(lang)
        modes = [(ui_text("play", lang), "play"), (ui_text("edit", lang), "edit")]
        self._mode_link.unlink()  # new labels for the same modes: no passing change
        relabel(self.mode_buttons, modes)
        self._mode_link.link()
        self.colour_picker.description = ui_text("colour", lang)
        self.piece_buttons.description = ui_text("piece", lang)
        relabel(self.piece_buttons, [(ui_text(k, lang), k) for k in ("master", "pair", "empty")])
        self.to_move_picker.description = ui_text("to_move", lang)
        relabel(
            self.kind_buttons, [(ui_text(k, lang), k) for k in KIND_FILTERS], self._on_kinds_widget
        )
        self._what_if_title.value = f"<b>{ui_text('what_if', lang)}</b>"
        self.play_it_button.description = ui_text("play_it", lang)
        self.back_button.description = ui_text("back", lang)
        self.string_field.description = ui_text("string", lang)
        if self.copy_button is not None:
            self.copy_button.description = ui_text("copy", lang)
            self.copy_button.tooltip = ui_text("copy_tip", lang)
        self.load_string_button.description = ui_text("load", lang)
        self.load_json_button.description = ui_text("load", lang)
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
                piece = self.piece_buttons.value
                tile = None if piece == "empty" else Tile(self.colour_picker.value, piece == "pair")
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
        self.play_it_button.disabled = self.back_button.disabled = False

    def end_preview(self) -> None:
        """Back from a preview to the position."""
        self.board.show_preview(None)
        self.action_list.value = None
        self.play_it_button.disabled = self.back_button.disabled = True

    def play_preview(self) -> None:
        """Play the previewed action for real."""
        outcome = self.board.preview
        self.end_preview()
        if outcome is not None:
            self.board.play(outcome.action)

    # ------------------------------------------------------------------ events

    def _set_position(self, position: Position, feedback: Feedback) -> Feedback:
        self.board.show(GameRecord(position))
        self.play_it_button.disabled = self.back_button.disabled = True
        self.board.say(feedback)
        return feedback

    def _on_board_click(self, target: HitTarget) -> bool:
        if self.mode != "edit":
            return False
        self.edit(target)
        return True

    def _on_copied(self, ok: bool) -> None:
        self.board.say(Feedback.sentence("info", "copied" if ok else "copy_failed", self.lang))

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
            self.to_move_picker.value = self.game.to_move
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
        editing = change["new"] == "edit"
        self.edit_tools.layout.display = "flex" if editing else "none"
        if self.board.selection:
            self.board.cancel()
        self.board.say(self._mode_feedback())

    def _mode_feedback(self) -> Feedback:
        """What the message line says as a mode begins: how to edit, or who is to move."""
        if self.mode == "edit":
            return Feedback.sentence("info", "edit_mode_help", self.lang)
        names = {lang: COLOUR_NAMES[lang][self.game.to_move] for lang in LANGUAGES}
        return Feedback.sentence("info", "welcome", self.lang, player=names)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        self._translate()
        self._update()

    def _update(self) -> None:
        """Refresh the list, the string and the JSON from the position on show."""
        pos = self.game
        lang = self.lang
        kind = self.kind_buttons.value
        kinds = list(ALL_KINDS) if kind == "all" else [kind]
        self.predictions = what_if(pos, kinds) if not pos.is_over else []
        options = [(prediction_label(p, lang), i) for i, p in enumerate(self.predictions)]
        self.action_list.unobserve(self._on_choose, "value")
        self.action_list.options = options or [(ui_text("none", lang), None)]
        self.action_list.value = None
        self.action_list.observe(self._on_choose, "value")
        self.string_field.value = to_compact(pos)
        if self.copy_button is not None:
            self.copy_button.text = self.string_field.value
        self.json_field.value = pos.to_json(indent=1)
        players = pos.players
        colours = [(COLOUR_NAMES[lang][c], c) for c in players]
        self.to_move_picker.unobserve(self._on_to_move, "value")
        self.to_move_picker.options = colours
        self.to_move_picker.value = pos.to_move
        self.to_move_picker.observe(self._on_to_move, "value")
        relabel(self.colour_picker, colours)
        if self.colour_picker.value not in players:
            self.colour_picker.value = players[0]

    def _repr_svg_(self) -> str:
        """The static picture where no kernel runs (saved notebooks, nbconvert)."""
        from shangrila_widget.render.svg import position_svg

        return position_svg(self.game, lang=self.lang)

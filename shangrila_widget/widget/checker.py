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
  a position; *Copy link* and *QR code* give a link that opens this
  position and the question asked in the checker (:mod:`~shangrila_widget.rules.ruling`).
- **A ruling**: :meth:`DisputeChecker.ask` (or choosing an action in the list) shows the
  question, the verdict with every rule that refuses it and what would make it legal, under
  the edition picked (:data:`~shangrila_widget.rules.ruling.EDITIONS`), and whether the other
  edition would judge otherwise. :meth:`DisputeChecker.from_address` opens the ruling a
  link carries (``?ruling=r1~...``, see :mod:`~shangrila_widget.page_address`), with
  nothing to type; a bad link is said on the page.

Everything but the board sits in the panel beside it, so the whole checker is on screen as
the page loads; ``presenter=True`` (see :mod:`~shangrila_widget.widget.presenting`) folds it
to the modes, the message and the list for a projector.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from shangrila_widget.page_address import link_base, page_parameter
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.rules import GameRecord, Position, ShangrilaError, Tile, as_position
from shangrila_widget.rules.actions import Action, parse_action
from shangrila_widget.rules.analysis import ALL_KINDS, Prediction, what_if
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_bridge, with_tile, with_to_move
from shangrila_widget.rules.messages import COLOUR_NAMES, LANGUAGES, Language, Message, say
from shangrila_widget.rules.ruling import (
    EDITIONS,
    RulingError,
    edition_label,
    edition_of,
    question_string,
    read_question,
    ruling,
    ruling_link,
    under_edition,
)
from shangrila_widget.widget.board_html import rule_badge
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.common import Words, relabel, translate, visible_errors
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.copying import copy_button
from shangrila_widget.widget.presenting import TitleLine, link_presenter

W = TypeVar("W")

KIND_FILTERS = ("all", "place", "recruit", "journey")

#: The checker's words: each control (by attribute) and the words keys its traits say.
WORDS: Words = {
    "colour_picker": {"description": "ui.colour"},
    "piece_buttons": {"description": "ui.piece"},
    "to_move_picker": {"description": "ui.to_move"},
    "play_it_button": {"description": "ui.play_it"},
    "back_button": {"description": "ui.back"},
    "string_field": {"description": "ui.string"},
    "copy_button": {"description": "ui.copy", "tooltip": "ui.copy_tip"},
    "load_string_button": {"description": "ui.load"},
    "load_json_button": {"description": "ui.load"},
    "edition_picker": {"description": "ui.edition"},
}


def prediction_label(prediction: Prediction, lang: Language = "en") -> str:
    """A one-line summary of a prediction for the list: action, situation, rules, masters."""
    parts = [str(prediction.action)]
    if prediction.situation is not None:
        parts.append(f"{say('ui.situation', lang)} {prediction.situation}")
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
        #: The question asked (the action, and the player who tries it or None for the
        #: player to move), judged in the ruling box; None: no question.
        self.question: tuple[Action, str | None] | None = None
        #: A link that could not be opened (:meth:`open_link`): its error, said on the page.
        self.link_error: RulingError | None = None
        #: The board's "Copy link" and the QR code, of this checker's link (:meth:`link`).
        self.link_tools = self.board.link_tools
        self.link_tools.link_of = self.link
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

    @classmethod
    def from_address(cls, position: Position | str | None = None, **kwargs: Any) -> DisputeChecker:
        """A checker that opens the ruling (or position) the page's address carries
        (``?ruling=r1~...``; :mod:`~shangrila_widget.page_address`), else ``position``.
        A link that cannot be read is said on the page, in the checker's language, and the
        board shows ``position``, never a guess at the link's."""
        checker = cls(position, **kwargs)
        text = page_parameter("ruling")
        if text is not None:
            checker.open_link(text)
        return checker

    # ------------------------------------------------------------------ layout

    def _build(self, lang: Language) -> None:
        self.title_line = TitleLine("checker", lang)
        self.mode_buttons = widgets.ToggleButtons(
            options=[("", "play"), ("", "edit")], value="play", style={"button_width": "auto"}
        )
        #: The rules edition the position is played by (with its source).
        self.edition_picker = widgets.Dropdown(
            options=[(e, e) for e in EDITIONS],
            value=EDITIONS[0],
            layout={"width": "auto", "max_width": "15em"},
            style={"description_width": "initial"},
        )
        self.edition_picker.add_class("shangrila-edition-picker")
        self.edition_picker.observe(self._on_edition, "value")
        tools = self.board.link_tools
        link_button = () if tools.button is None else (tools.button,)
        self._bar = widgets.HBox(
            [
                self.title_line.title,
                self.mode_buttons,
                self.edition_picker,
                *link_button,
                tools.qr_button,
                self.title_line.presenter_button,
            ],
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
        #: The question asked and its ruling (empty with no question).
        self.ruling_box = widgets.HTML()
        self.ruling_box.add_class("shangrila-ruling")
        # Everything beside the picture, so that the whole checker fits the screen: the guide,
        # the edit tools, the board's message, the ruling, the board's action box, the list,
        # the string, the board's table. Copy link stands in the checker's bar instead.
        board = self.board
        board.fill("side_top", self.title_line.guide, self.edit_tools)
        board.fill("under_message", board.link_tools.qr_box, self.ruling_box)
        board.fill("side_middle", self._what_if_box, self._share)
        board.hide_controls("link")
        board.add_panel_class("shangrila-checker-panel")

    def _translate(self) -> None:
        """Every label of the checker in its language."""
        lang = self.lang
        self.title_line.translate(lang)
        modes = [(say("ui.play", lang), "play"), (say("ui.edit", lang), "edit")]
        self._mode_link.unlink()  # new labels for the same modes: no passing change
        relabel(self.mode_buttons, modes)
        self._mode_link.link()
        translate({name: getattr(self, name) for name in WORDS}, WORDS, lang)
        relabel(
            self.piece_buttons, [(say(f"ui.{k}", lang), k) for k in ("master", "pair", "empty")]
        )
        relabel(
            self.kind_buttons,
            [(say(f"ui.{k}", lang), k) for k in KIND_FILTERS],
            self._on_kinds_widget,
        )
        self._what_if_title.value = f"<b>{say('ui.what_if', lang)}</b>"
        self._json_box.set_title(0, say("ui.json", lang))
        relabel(
            self.edition_picker,
            [(edition_label(e, lang), e) for e in EDITIONS],
            self._on_edition,
        )
        self.board.link_tools.translate(lang)

    # ------------------------------------------------------------------ public API

    @property
    def game(self) -> Position:
        """The position on the board, as a :class:`Position` (as ``board.game``)."""
        return self.board.game

    def show_error(self, error: BaseException) -> None:
        """Show an error of a callback under the board (see :func:`visible_errors`)."""
        self.board.show_error(error)

    def link(self) -> str:
        """A link that opens this position, and the question asked if any, in the checker
        (this page when served, else the site setting:
        :func:`~shangrila_widget.page_address.link_base`)."""
        action, player = self.question if self.question is not None else (None, None)
        try:
            text = question_string(self.game, action, player)
        except ShangrilaError:  # a question that no longer fits the position
            text = question_string(self.game)
        return ruling_link(text, link_base(on_checker_page=True))

    def ask(self, action: Action | str | None, player: str | None = None) -> None:
        """Ask about ``action`` (tried by ``player``, default the player to move): the
        ruling box shows the verdict, every rule that refuses it, what would make it legal,
        and how the other edition judges it. None: no question."""
        if action is None:
            self.question = None
        else:
            self.question = (parse_action(action) if isinstance(action, str) else action, player)
        self.link_error = None
        self._show_ruling()
        self.link_tools.refresh()

    def open_link(self, text: str) -> bool:
        """Open a ruling string, or a link holding one: its position on the board, its
        question in the ruling box. A string that cannot be read (cut, altered, an unknown
        edition...) changes nothing and is said on the page; returns whether it opened."""
        try:
            position, action, player = read_question(text)
        except RulingError as error:  # said once, in the ruling box (an alert)
            self.link_error = error
            self._show_ruling()
            return False
        self.question = None if action is None else (action, player)
        self.link_error = None
        self._set_position(position, Feedback.sentence("info", "link_opened"))
        return True

    def load(self, text: str) -> None:
        """Load a position from its one-line string or JSON; a bad one is refused with its
        reason and the board keeps its position."""
        try:
            position = as_position(text)
        except ShangrilaError as error:
            self.board.say(Feedback("refused", error))
            return
        self._set_position(position, Feedback.sentence("info", "loaded"))

    def edit(self, target: HitTarget) -> Feedback:
        """Apply the chosen edit tool to ``target``; refused edits change nothing."""
        pos = self.game
        try:
            if target is None:
                return Feedback("info", "")
            if target[0] == "space":
                village, master_type = target[1], target[2]
                piece = self.piece_buttons.value
                tile = None if piece == "empty" else Tile(self.colour_picker.value, piece == "pair")
                new = with_tile(pos, village, master_type, tile)
                what = Message(
                    "ui.edited_space",
                    {"village": village, "type": master_type, "piece": Message(f"ui.{piece}")},
                )
            elif target[0] == "bridge":
                a, b = target[1], target[2]
                new = with_bridge(pos, a, b, not pos.bridge_intact(a, b))
                state = "restored" if new.bridge_intact(a, b) else "broken"
                what = Message(
                    "ui.edited_bridge", {"a": a, "b": b, "state": Message(f"ui.{state}")}
                )
            else:
                return Feedback("info", "")
        except ShangrilaError as error:
            feedback = Feedback("refused", error)
            self.board.say(feedback)
            return feedback
        return self._set_position(new, Feedback.sentence("info", "edited", what=what))

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

    def _on_copied(self, ok: bool) -> None:  # the position string's Copy
        self.board.say(Feedback.sentence("info", "copied" if ok else "copy_failed"))

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
        what = Message("ui.to_move")
        self._set_position(new, Feedback.sentence("info", "edited", what=what))

    @visible_errors
    def _on_choose(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            return
        index = int(change["new"])
        self.question = (self.predictions[index].action, None)
        self.link_error = None
        self.preview(index)
        self._show_ruling()
        self.link_tools.refresh()

    @visible_errors
    def _on_edition(self, change: dict[str, Any]) -> None:
        if change["new"] is None or change["new"] == edition_of(self.game):
            return
        new = under_edition(self.game, change["new"])
        what = {lang: edition_label(change["new"], lang) for lang in LANGUAGES}
        self._set_position(new, Feedback.sentence("info", "edited", what=what))

    def _show_ruling(self) -> None:
        """The ruling box: the question and its verdict under the position's edition, or
        why a link could not be opened."""
        lang = self.lang
        if self.link_error is not None:
            problem = html.escape(self.link_error.text(lang))
            self.ruling_box.value = (
                "<div class='shangrila-ruling-error' role='alert'>"
                f"{html.escape(say('ruling.page.bad_link', lang, problem='{}'))}"
                "</div>"
            ).replace("{}", problem)
            return
        if self.question is None:
            self.ruling_box.value = ""
            return
        action, player = self.question
        pos = self.game
        try:
            answer = ruling(pos, action, player)
        except ShangrilaError as error:  # the player no longer plays, say
            self.ruling_box.value = f"<div>{html.escape(error.text(lang))}</div>"
            return
        question = say(
            "ruling.page.question", lang, player=player or pos.to_move, action=str(action)
        )
        parts = [
            f"<div class='shangrila-ruling-question'><b>{say('ui.ruling_title', lang)}</b>: "
            f"{html.escape(question)}"
            "</div>"
        ]
        if answer.legal:
            parts.append(
                f"<div class='shangrila-verdict shangrila-legal'>"
                f"{html.escape(say('ruling.page.legal', lang))}</div>"
            )
            assert answer.outcome is not None
            events = answer.outcome.messages(lang)
            if events:
                items = "".join(f"<li>{html.escape(m)}</li>" for m in events)
                parts.append(
                    f"<div>{html.escape(say('ruling.page.events', lang))}</div><ul>{items}</ul>"
                )
        else:
            parts.append(
                f"<div class='shangrila-verdict shangrila-refused'>"
                f"{html.escape(say('ruling.page.refused', lang))}</div>"
            )
            items = "".join(
                f"<li>{rule_badge(r.rule, lang)} {html.escape(r.message(lang))}</li>"
                for r in answer.refusals
            )
            parts.append(
                f"<div>{html.escape(say('ruling.page.rules', lang))}</div><ul>{items}</ul>"
            )
            if answer.legal_if:
                items = "".join(f"<li>{html.escape(e.text(lang))}</li>" for e in answer.legal_if)
                parts.append(
                    f"<div>{html.escape(say('ruling.page.legal_if', lang))}</div><ul>{items}</ul>"
                )
            else:
                parts.append(f"<div>{html.escape(say('ruling.page.no_legal_if', lang))}</div>")
        parts.append(
            f"<div>{html.escape(say('ruling.page.edition', lang, edition=answer.edition))} "
        )
        note = answer.other_edition.text(lang)
        if note is None:
            note = say("ruling.page.editions_agree", lang, edition=answer.other_edition.edition)
        parts.append(f"{html.escape(note)}</div>")
        self.ruling_box.value = "".join(parts)

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
            return Feedback.sentence("info", "edit_mode_help")
        return Feedback.sentence("info", "welcome", player=self.game.to_move)

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
        self.action_list.options = options or [(say("ui.none", lang), None)]
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
        self.edition_picker.unobserve(self._on_edition, "value")
        self.edition_picker.value = edition_of(pos)
        self.edition_picker.observe(self._on_edition, "value")
        self._show_ruling()
        self.link_tools.refresh()

    def _repr_svg_(self) -> str:
        """The static picture where no kernel runs (saved notebooks, nbconvert)."""
        from shangrila_widget.render.svg import position_svg

        return position_svg(self.game, lang=self.lang)


def ruling_or(make: Callable[[], W]) -> DisputeChecker | W:
    """The page's own widget, ``make()``, unless the page's address carries a ruling
    (``?ruling=r1~...``): then the checker opened on that ruling.

    The tour's notebook is built this way, so a ruling's link opens where it is sent, even
    on the tour's page (``shangrila tour`` serves the tour alone, at the links' default base
    ``http://127.0.0.1:8866/``).

    >>> from shangrila_widget.page_address import PageAddress, configured
    >>> with configured(PageAddress()):  # a page whose address carries no ruling
    ...     type(ruling_or(lambda: "the tour")).__name__
    'str'
    """
    if page_parameter("ruling") is not None:
        return DisputeChecker.from_address()
    return make()

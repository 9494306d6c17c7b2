"""The board widget: a Shangri-La board in a notebook to play on by clicking.

.. code-block:: python

    from shangrila_widget.widget import ShangriLaBoard
    board = ShangriLaBoard(players=["red", "blue", "yellow"])   # a hot-seat game from set-up
    board                                                       # show it

The widget is thin: a :class:`~shangrila_widget.widget.controller.BoardController` decides
what a click means, the engine decides the rules, the scene model decides the picture. The
synced traits carry the state so the front end and Python agree:

- ``position``: the public JSON position (``position-format.md``) as text; setting it from
  Python starts a new game record from that position; an impossible one is refused with a
  :class:`~traitlets.TraitError` naming the problem, and the board keeps its position
  (:attr:`ShangriLaBoard.game` is the same position as a :class:`Position`);
- ``lang``: ``"en"`` or ``"pl"``, for everything the widget shows;
- ``action_kind``: ``"auto"``, ``"place"``, ``"recruit"`` or ``"journey"``;
- ``show_legal``: ring the legal choices of the player to move (from the first turn of play);
- ``busy``: the board is thinking (for example a computer player's turn): clicks, keys and
  the game buttons are refused with a note, while Python (:meth:`ShangriLaBoard.play`,
  :meth:`ShangriLaBoard.show`, :meth:`ShangriLaBoard.say`) still works;
- ``hints``: the *Hint* button and the key H are on (switch them off for a test or a lesson);
- ``presenter``: presenter mode, for a room (the board fills the window, large texts);

and, read-only (the board writes them, Python and the page read them):

- ``selection``: what waits for a second click (``"journey:A"``, ``"recruit:healer:A"``, or
  ``""``);
- ``highlights``: the highlights on the board, as dicts;
- ``message`` and ``message_rules``: the last explanation and the rule ids it names (the
  message line is a live region: screen readers announce it);
- ``error``: the last error raised inside a callback (also shown in red under the board).

Without a mouse: the action box beside the board plays a typed action on Enter
(``journey A B``), and "Describe the board" holds the position in words.

Other widgets (the tour, the dispute checker, the computer seats) build on the public
methods only: :meth:`~ShangriLaBoard.show`, :meth:`~ShangriLaBoard.say`,
:meth:`~ShangriLaBoard.on_change`, :meth:`~ShangriLaBoard.on_key`,
:meth:`~ShangriLaBoard.on_click`, :meth:`~ShangriLaBoard.on_navigate`,
:meth:`~ShangriLaBoard.show_error` and the :func:`visible_errors` guard; the controls are
public too (``board.buttons["undo"]``, ``board.lang_toggle``...).

Keys (while the board has focus): Left/Right undo/redo, Home/End start/end of the line,
Escape cancels a selection, Enter confirms a one-student recruit, H asks for a hint. Every key
has a button.

Computer players (``bots={"blue": "medium"}``), hints and watch mode live in
:mod:`~shangrila_widget.widget.seats` (``board.computer``).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.bots.levels import BotSpec
from shangrila_widget.deprecation import deprecated
from shangrila_widget.render.accessible import position_description, position_title
from shangrila_widget.render.canvas import DEFAULT_RESERVED, RESERVED_VAR, BoardCanvas
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.render.scene import build_scene
from shangrila_widget.render.styles import PLAYER_STYLES
from shangrila_widget.render.svg import position_svg
from shangrila_widget.render.zoom import zoom_scene
from shangrila_widget.rules import (
    Action,
    GameRecord,
    Node,
    Outcome,
    Position,
    PositionError,
    as_position,
)
from shangrila_widget.rules.board import MASTER_TYPES, VILLAGES
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.engine import scores
from shangrila_widget.rules.messages import (
    COLOUR_NAMES,
    LANGUAGES,
    TYPE_NAMES,
    Language,
    problem,
    rule_text,
    rule_title,
    say,
    type_letter,
)
from shangrila_widget.widget.common import (
    Callbacks,
    ShowsErrors,
    relabel,
    show_error_in,
    shown_errors,
    visible_errors,
)
from shangrila_widget.widget.controller import (
    CLICK_MODES,
    BoardController,
    Feedback,
    moved_highlights,
)
from shangrila_widget.widget.copying import LinkTools
from shangrila_widget.widget.legend_toggle import Legend
from shangrila_widget.widget.page_css import page_guard, stylesheet
from shangrila_widget.widget.seats import ComputerPlayers

log = logging.getLogger("shangrila_widget")

FOUR_PLAYERS = ("red", "blue", "yellow", "violet")

#: A caption under the board picture: one text for every language, or one per language
#: (``{"en": ..., "pl": ...}``) so it follows the board's language.
Caption = str | Mapping[str, str]


class ShangriLaBoard(widgets.VBox):  # type: ignore[misc]
    """A playable board: clicks become actions, refusals show their rule, journeys explain.

    ``position``: a :class:`Position`, its JSON, its one-line string, or None for a new game
    of ``players``. ``record``: a :class:`GameRecord` to show instead. ``lang``: ``"en"`` or
    ``"pl"``. ``show_legal``: ring the legal choices (from the first turn of play; during
    set-up nearly every empty space is legal, so nothing is ringed there). ``width``: the
    board's logical width in CSS pixels (it shrinks to the notebook's width).
    ``bots``: computer players by seat (``{"blue": "medium", "yellow": Bot("hard",
    Budget(seconds=0.5))}``, or a list of seats each playing the default bot, ``medium``;
    every seat a bot is watch mode); ``hints``: the *Hint* button; ``hint_bot``: the bot of
    a hint (see :mod:`~shangrila_widget.widget.seats`).

    >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
    >>> board.play("place healer A").rules
    ('SETUP-SPACE',)
    >>> board.game.tile("A", "healer")
    Tile(owner='red', student=False)
    >>> seen = []
    >>> board.on_change(lambda b: seen.append(b.game.to_move))
    >>> _ = board.undo()
    >>> seen
    ['red']
    """

    position = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    action_kind = traitlets.Enum(CLICK_MODES, default_value="auto").tag(sync=True)
    show_legal = traitlets.Bool(True).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    hints = traitlets.Bool(True).tag(sync=True)
    presenter = traitlets.Bool(False).tag(sync=True)
    phone = traitlets.Bool(
        False,
        help="the board is narrower than PHONE_WIDTH CSS px on the page (measured by the page):"
        " a tap on a village opens it large",
    ).tag(sync=True)
    # What the board shows: read by Python and the page, written by the board only.
    selection = traitlets.Unicode("", read_only=True).tag(sync=True)
    highlights = traitlets.List(traitlets.Dict(), read_only=True).tag(sync=True)
    message = traitlets.Unicode("", read_only=True).tag(sync=True)
    message_rules = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    error = traitlets.Unicode("", read_only=True).tag(sync=True)
    zoomed = traitlets.Unicode("", read_only=True, help="the village open large, or ''").tag(
        sync=True
    )

    def __init__(
        self,
        position: Position | str | None = None,
        *,
        players: Sequence[str] = FOUR_PLAYERS,
        lang: Language = "en",
        show_legal: bool = True,
        width: float = 900.0,
        record: GameRecord | None = None,
        bots: Mapping[str, BotSpec] | Sequence[str] | None = None,
        hints: bool = True,
        hint_bot: BotSpec = "hard",
        presenter: bool = False,
        **kwargs: Any,
    ) -> None:
        start = record.position if record is not None else as_position(position, players)
        self.controller = BoardController(GameRecord(start), lang=lang, show_legal=show_legal)
        self.controller.load(record or GameRecord(start))
        self.board_width = float(width)
        # What show() put on top of the game: highlights for one node of one record, a caption.
        self._overlay: tuple[Node | None, tuple[Highlight, ...]] = (None, ())
        self._hint: tuple[Node | None, tuple[Highlight, ...]] = (None, ())
        self._caption: Caption | None = None
        self._preview: Outcome | None = None
        self._destinations_of: str | None = None  # an owner's journey start (show_destinations)
        self._before_zoom = Feedback("info", "")
        self._change_callbacks: Callbacks[Callable[[ShangriLaBoard], Any]] = Callbacks()
        self._key_callbacks: Callbacks[Callable[[str], bool | None]] = Callbacks()
        self._click_callbacks: Callbacks[Callable[[HitTarget], bool | None]] = Callbacks()
        self._navigate_callbacks: Callbacks[Callable[[Position], bool]] = Callbacks()
        self._synced_json = start.to_json()
        self._last_feedback = Feedback("info", "")
        self.canvas = BoardCanvas(width, width * 910 / 900)
        #: "Copy link" (:class:`~shangrila_widget.widget.copying.LinkTools`): a link that
        #: opens the position on show in the checker; an owner (the checker) may set
        #: ``link_tools.link_of`` to a link of its own.
        self.link_tools = LinkTools(self.position_link, self.guarded(self._on_link_copied))
        self.link_tools.translate(lang)
        self._build_controls()
        #: The legend of the picture under the buttons, in the board's language.
        self.legend = Legend(lang=lang)
        super().__init__(
            children=[self.top_bar, self._main, self.button_bar, self.error_box],
            layout=widgets.Layout(width="100%"),
            **kwargs,
        )
        traitlets.dlink((self, "lang"), (self.legend, "lang"))
        self.add_class("shangrila-board")
        self.position = self._synced_json
        self.show_legal = show_legal
        self.lang = lang
        # The controls show the traits and set them: linked, not mirrored by hand.
        traitlets.link((self, "lang"), (self.lang_toggle, "value"))
        traitlets.link((self, "show_legal"), (self.show_legal_box, "value"))
        self._kind_link = traitlets.link((self, "action_kind"), (self.kind_toggle, "value"))
        traitlets.link((self, "presenter"), (self.presenter_button, "value"))
        self.canvas.on_click(self._on_canvas_click)
        self.canvas.widget.on_client_ready(self._on_client_ready)
        self.canvas.on_key(self._on_key)
        self.hints = hints
        #: The computer seats, the hint and watch mode (:class:`ComputerPlayers`).
        self.say(self._welcome())
        self.computer = ComputerPlayers(self, bots, hint_bot=hint_bot)
        # One row of buttons: the game's, the seats' (Hint, Review, watch mode), the legend's.
        self.button_bar.children = (*self.buttons.values(), self.computer.bar, self.legend.toggle)
        self.children = (
            self.top_bar,
            self._main,
            self.button_bar,
            self.computer.seats_info,
            self.computer.review_box,
            self.error_box,
            self.too_small,
            self.legend.picture_box,
            sheet := stylesheet(),
        )
        guard = page_guard(sheet)
        if guard is not None:  # the page measures the board: a phone's opens villages large
            traitlets.dlink((guard, "width"), (self, "phone"), lambda w: 0 < w < PHONE_WIDTH)
        self.presenter = presenter
        self._refresh()

    # ------------------------------------------------------------------ layout

    def _build_controls(self) -> None:
        #: Who is to move, the phase (and "thinking…"); last in its bar, so that nothing
        #: moves sideways when its text grows or shrinks.
        self.status = widgets.HTML()
        self.status.add_class("shangrila-status")
        #: The click mode (``action_kind``).
        self.kind_toggle = widgets.ToggleButtons(
            options=[(say(f"ui.{k}", "en"), k) for k in CLICK_MODES],
            value="auto",
            style={"button_width": "92px"},
            tooltips=[say("ui.kind_tip", "en")] * len(CLICK_MODES),
        )
        #: The EN/PL switch (``lang``).
        self.lang_toggle = widgets.ToggleButtons(
            options=[("EN", "en"), ("PL", "pl")], value="en", style={"button_width": "40px"}
        )
        #: The "show legal choices" checkbox (``show_legal``).
        self.show_legal_box = widgets.Checkbox(
            value=self.controller.show_legal,
            description=say("ui.show_legal", "en"),
            tooltip=say("ui.show_legal_tip", "en"),
            indent=False,
        )
        #: Presenter mode on and off (``presenter``).
        self.presenter_button = widgets.ToggleButton(
            description=say("ui.presenter", "en"),
            tooltip=say("ui.presenter_tip", "en"),
            icon="expand",
            layout={"width": "auto"},
        )
        self.presenter_button.add_class("shangrila-presenter-button")
        self.kind_toggle.add_class("shangrila-kind")
        #: The bar over the board: EN/PL, presenter, click mode, legal rings, status.
        self.top_bar = widgets.HBox(
            [
                self.lang_toggle,
                self.presenter_button,
                self.kind_toggle,
                self.show_legal_box,
                self.status,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        self.top_bar.add_class("shangrila-top-bar")
        #: The message line (``message``), beside the board.
        self.message_box = widgets.HTML(layout=widgets.Layout(min_height="4em"))
        self.message_box.add_class("shangrila-message")
        #: The supply and score table (and the winners at the end).
        self.side_info = widgets.HTML()
        self.side_info.add_class("shangrila-side-info")
        #: Play without a mouse: type an action (``journey A B``), Enter plays it; it offers
        #: the legal actions in the board's notation (the same in every language). The text
        #: reaches Python when it is committed (Enter, or leaving the box): a "submit"
        #: message may overtake the text's last keystrokes, a committed value cannot.
        self.action_box = widgets.Combobox(
            placeholder=say("ui.action_box_placeholder", "en"),
            description=say("ui.action_box", "en"),
            tooltip=say("ui.action_box_tip", "en"),
            ensure_option=False,
            continuous_update=False,
            layout=widgets.Layout(width="auto", max_width="28em"),
        )
        self.action_box.add_class("shangrila-action-box")
        self.action_box.observe(self.guarded(self._on_action_box), "value")
        #: The position in words (for a screen reader, or to read aloud), folded behind a
        #: toggle button (focusable and pressed with the keyboard like every button).
        self.describe_button = widgets.ToggleButton(
            description=say("ui.describe", "en"), icon="list", layout={"width": "auto"}
        )
        self.describe_button.add_class("shangrila-describe-button")
        self.description_text = widgets.HTML(layout=widgets.Layout(display="none"))
        self.description_text.add_class("shangrila-description")
        self.description = widgets.VBox([self.describe_button, self.description_text])
        self.description.add_class("shangrila-describe")
        self.describe_button.observe(self.guarded(self._on_describe), "value")
        #: Beside the board: the message line and the supply table (the tour puts its
        #: narration here too).
        #: "Copy link" (a link that opens the position on show in the checker), under the
        #: message line; the checker puts the button in its own bar.
        link_button = () if self.link_tools.button is None else (self.link_tools.button,)
        self.link_row = widgets.HBox(list(link_button))
        self.link_row.add_class("shangrila-link-row")
        self.side_panel = side = widgets.VBox(
            [self.message_box, self.link_row, self.action_box, self.side_info, self.description],
            layout=widgets.Layout(
                flex="1 1 300px",
                min_width="260px",
                padding="0 0 0 12px",
                # Never taller than the picture may be: long texts scroll inside the panel
                # instead of pushing the buttons under the board off the screen.
                max_height=f"calc(100vh - var({RESERVED_VAR}, {DEFAULT_RESERVED}))",
                overflow="hidden auto",
            ),
        )
        # A block box (not flex): the canvas is never stretched to the side panel's height;
        # it takes its own width (see render/canvas.py), the side panel the rest, or wraps.
        side.add_class("shangrila-side-panel")
        board_box = widgets.Box(
            [self.canvas.widget],
            layout=widgets.Layout(display="block", flex="0 1 auto", min_width="320px"),
        )
        board_box.add_class("shangrila-board-box")
        # The side panel comes first in the page (the stylesheet shows the board first): the
        # keyboard reaches the action box before the canvas, which keeps every key, Tab too.
        self._main = widgets.HBox(
            [side, board_box],
            layout=widgets.Layout(flex_flow="row wrap", width="100%", align_items="flex-start"),
        )
        self._main.add_class("shangrila-main")
        #: The game buttons by name: ``start``, ``undo``, ``redo``, ``end``, ``confirm``,
        #: ``pass``, ``cancel`` (``board.buttons["undo"].click()``).
        self.buttons: dict[str, widgets.Button] = {}
        actions: dict[str, Callable[[], Feedback]] = {
            "start": self.controller.reset,
            "undo": self._undo_step,
            "redo": self._redo_step,
            "end": self._go_to_end,
            "confirm": self.controller.confirm_recruit,
            "pass": lambda: self.controller.play_text("pass"),
            "cancel": self.controller.cancel,
        }
        for key, run in actions.items():
            button = widgets.Button(description=say(f"ui.{key}", "en"), layout={"width": "auto"})
            button.on_click(self.guarded(lambda _button, run=run: self._run(run)))
            button.add_class(f"shangrila-button-{key}")
            self.buttons[key] = button
        #: The row of buttons under the board (the game's, the seats', the legend's).
        self.button_bar = widgets.HBox(
            list(self.buttons.values()),
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px"),
        )
        self.button_bar.add_class("shangrila-buttons")
        #: Errors of callbacks, in red under the board (hidden while there is none).
        self.error_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_box.add_class("shangrila-error")
        #: One line in presenter mode when the window leaves the board's letters too small
        #: for a room (shown by the stylesheet's container query, hidden otherwise).
        self.too_small = widgets.HTML(html.escape(say("ui.presenter_too_small", "en")))
        self.too_small.add_class("shangrila-too-small")

    # ------------------------------------------------------------------ public API

    @property
    def record(self) -> GameRecord:
        """The game record (the tree of every line played on this board)."""
        return self.controller.record

    @property
    def game(self) -> Position:
        """The position on show, as a :class:`Position` (``position`` is its JSON text)."""
        return self.controller.position

    @property
    def preview(self) -> Outcome | None:
        """The outcome on show instead of the game (:meth:`show_preview`), or None."""
        return self._preview

    @property
    def caption(self) -> str | None:
        """The caption under the picture, in the board's language (:meth:`show`)."""
        return self._caption_text()

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
            raise ValueError(f"no village {village!r}")
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

    def share(self) -> str:
        """The position on show as its one-line string (to copy and paste)."""
        return to_compact(self.game)

    def position_link(self) -> str:
        """A link that opens the position on show in the checker (the page's checker when
        served, else the site setting: :func:`~shangrila_widget.widget.address.link_base`)."""
        from shangrila_widget.rules.ruling import question_string, ruling_link
        from shangrila_widget.widget.address import link_base

        return ruling_link(question_string(self.game), link_base(on_checker_page=False))

    def _on_link_copied(self, ok: bool) -> None:
        self.say(Feedback.sentence("info", "link_copied" if ok else "link_copy_failed"))

    def load(self, game: GameRecord | Position | str) -> None:
        """Deprecated (one release): ``board.show(game)`` does the same."""
        deprecated("board.load(game)", "board.show(game)")
        self.show(game)

    def show(
        self,
        game: GameRecord | Position | str | None = None,
        *,
        highlights: Sequence[Highlight] = (),
        caption: Caption | None = None,
    ) -> None:
        """Show ``game`` (a :class:`GameRecord`, for example one loaded from JSON, or a
        position to start a new record from: a :class:`Position`, its JSON or its one-line
        string; None keeps the game on show) with extra ``highlights`` and a ``caption`` under
        the picture, in one redraw. A bad position raises :class:`ShangrilaError` and changes
        nothing.

        The highlights belong to the node on show: once the game moves on (a click, undo,
        redo) the board shows its own highlights again, and they come back with that node. The
        caption stays until the next :meth:`show`; give it per language
        (``{"en": "...", "pl": "..."}``) so it follows :attr:`lang`. A preview ends.

        >>> from shangrila_widget.render.highlight import Highlight
        >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
        >>> board.show(highlights=[Highlight("target", village="A", type="healer")],
        ...            caption={"en": "Red's choice", "pl": "Wybór Czerwonego"})
        >>> board.highlights[-1].get("village"), board.caption
        ('A', "Red's choice")
        """
        if game is not None:
            if isinstance(game, GameRecord):
                record = game
            else:
                record = GameRecord(as_position(game))
            self.controller.load(record)
            self.set_trait("zoomed", "")
            self._destinations_of = None
        self._preview = None
        self._overlay = (self.record.current, tuple(highlights))
        self._caption = caption
        self._refresh()

    def show_preview(self, outcome: Outcome | None) -> None:
        """Show what an action would do, without playing it; None returns to the game.

        While a preview is on show, a click on the board only ends the preview.
        """
        self._preview = outcome
        if outcome is not None:
            self.say(
                Feedback(
                    "info",
                    outcome.words,
                    tuple(e.rule for e in outcome.events),
                    events=outcome.events,
                    action=outcome.action,
                )
            )
        self._refresh()

    def say(self, feedback: Feedback) -> None:
        """Show ``feedback`` in the message panel beside the board (its rule ids as badges
        whose tooltip is the rule's text) and in the ``message``/``message_rules`` traits.

        >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
        >>> board.say(Feedback("info", "Red thinks..."))
        >>> board.message
        'Red thinks...'
        """
        lang = self.lang
        self._last_feedback = feedback
        self.set_trait("message", feedback.text(lang))
        self.set_trait("message_rules", list(feedback.rules))
        if feedback.events:
            body = "".join(
                f"<li>{rule_badge(e.rule, lang)} {html.escape(e.message(lang))}</li>"
                for e in feedback.events
            )
            text = f"<ul>{body}</ul>"
            if feedback.has_own_sentence:  # a replay, a computer move
                text = f"<p>{html.escape(feedback.text(lang))}</p>{text}"
        else:
            badges = " ".join(rule_badge(r, lang) for r in feedback.rules)
            text = f"{badges} {html.escape(feedback.text(lang))}"
        # A live region: screen readers announce each new message.
        self.message_box.value = (
            f"<div class='shangrila-feedback shangrila-feedback-{feedback.kind}' role='status' "
            f"aria-live='polite' aria-atomic='true'>{text}</div>"
        )

    def on_change(self, callback: Callable[[ShangriLaBoard], Any], remove: bool = False) -> None:
        """Call ``callback(board)`` after every redraw: a move, undo/redo, a loaded game,
        a new language or action kind (``remove=True`` unregisters it). The callback may call
        :meth:`show` or :meth:`say`."""
        self._change_callbacks.register(callback, remove)

    def on_key(self, callback: Callable[[str], bool | None], remove: bool = False) -> None:
        """Call ``callback(key)`` for a key pressed on the board (``"ArrowLeft"``...) before
        the board's own bindings; a callback returning True has handled the key."""
        self._key_callbacks.register(callback, remove)

    def on_click(self, callback: Callable[[HitTarget], bool | None], remove: bool = False) -> None:
        """Call ``callback(target)`` for a click on the board before the game sees it; a
        callback returning True has handled the click (the dispute checker's edit mode)."""
        self._click_callbacks.register(callback, remove)

    def on_navigate(self, callback: Callable[[Position], bool], remove: bool = False) -> None:
        """Call ``callback(position)`` for each position that undo or redo (the buttons, the
        keys, :meth:`undo`, :meth:`redo`) reaches; a callback returning True sends the board
        on past it, one more step the same way (the computer seats go back past their own
        moves to a person's decision)."""
        self._navigate_callbacks.register(callback, remove)

    def show_error(self, error: BaseException) -> None:
        """Show ``error`` with its traceback in red under the board, set :attr:`error` and
        log it (what :func:`visible_errors` calls)."""
        log.exception("error inside the Shangri-La board", exc_info=error)
        self.set_trait("error", show_error_in(self.error_box, error, self.lang))

    def guarded(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """``callback`` wrapped so that an exception is shown under this board (for buttons
        and observers of any widget: ``button.on_click(board.guarded(handler))``); the
        same guard as :func:`visible_errors`."""
        return shown_errors(self, callback)

    @property
    def picture_key(self) -> Legend:
        """Deprecated name of :attr:`legend`."""
        deprecated("board.picture_key", "board.legend")
        return self.legend

    def redraw(self) -> None:
        """Draw the whole board again (both layers)."""
        self.canvas.redraw()

    def _repr_svg_(self) -> str:
        """The static picture where no kernel runs (saved notebooks, nbconvert)."""
        return position_svg(self.game, lang=self.lang)

    # ------------------------------------------------------------------ events

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

    @visible_errors
    def _on_client_ready(self) -> None:
        self.canvas.redraw()

    @traitlets.validate("position")
    def _validate_position(self, proposal: dict[str, Any]) -> str:
        text = proposal["value"]
        if text == self._synced_json:  # our own JSON of the engine's position
            return str(text)
        try:
            return as_position(text).to_json()
        except PositionError as error:
            raise traitlets.TraitError(str(problem("position_trait", problem=str(error)))) from None

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if change["new"] == self._synced_json:
            return
        new = Position.from_json(change["new"])
        if new != self.controller.position:
            self.show(new)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        self.controller.set_lang(lang)
        labels = [(say(f"ui.{k}", lang), k) for k in CLICK_MODES]
        relabel(self.kind_toggle, labels, link=getattr(self, "_kind_link", None))
        self.kind_toggle.tooltips = [say("ui.kind_tip", lang)] * len(CLICK_MODES)
        self.show_legal_box.description = say("ui.show_legal", lang)
        self.show_legal_box.tooltip = say("ui.show_legal_tip", lang)
        self.action_box.description = say("ui.action_box", lang)
        self.action_box.placeholder = say("ui.action_box_placeholder", lang)
        self.action_box.tooltip = say("ui.action_box_tip", lang)
        self.describe_button.description = say("ui.describe", lang)
        self.presenter_button.description = say("ui.presenter", lang)
        self.presenter_button.tooltip = say("ui.presenter_tip", lang)
        self.too_small.value = html.escape(say("ui.presenter_too_small", lang))
        for key, button in self.buttons.items():
            button.description = say(f"ui.{key}", lang)
        self.link_tools.translate(lang)
        self.say(self._last_feedback)  # said again, in the new language
        self._refresh()

    @traitlets.observe("action_kind")
    def _action_kind_changed(self, change: dict[str, Any]) -> None:
        self.controller.set_kind(change["new"])
        self._refresh()

    @traitlets.observe("presenter")
    def _presenter_changed(self, change: dict[str, Any]) -> None:
        """Presenter mode: the page's stylesheet lays the board out for a room (the class
        ``shangrila-presenter``), the canvas may grow past its logical width, the scene's
        texts grow."""
        if change["new"]:
            self.add_class(PRESENTER_CLASS)
        else:
            self.remove_class(PRESENTER_CLASS)
        self.canvas.set_css_width(_presenter_css_width if change["new"] else None)
        self._refresh()

    @traitlets.observe("phone")
    def _phone_changed(self, change: dict[str, Any]) -> None:
        if not change["new"] and self.zoomed:
            self.close_zoom()

    @traitlets.observe("busy")
    def _busy_changed(self, change: dict[str, Any]) -> None:
        self._sync(self._highlights_on_show())  # the picture does not show it: no redraw

    @traitlets.observe("show_legal")
    def _show_legal_changed(self, change: dict[str, Any]) -> None:
        self.controller.show_legal = change["new"]
        self._refresh()

    # ------------------------------------------------------------------ showing

    def _colour_name(self, colour: str) -> str:
        return COLOUR_NAMES[self.lang][colour]

    def _welcome(self) -> Feedback:
        return Feedback.sentence("info", "welcome", player=self.game.to_move)

    def _caption_text(self) -> str | None:
        if self._preview is not None:
            return say("ui.preview", self.lang, action=self._preview.action)
        if self._caption is None or isinstance(self._caption, str):
            return self._caption
        return self._caption.get(self.lang) or next(iter(self._caption.values()), None)

    def _highlights_on_show(self) -> tuple[Highlight, ...]:
        if self._preview is not None:
            return tuple(moved_highlights(self._preview))
        node, extra = self._overlay
        highlights = self.controller.highlights()
        if node is self.record.current:
            highlights += extra
        hint_node, hint = self._hint
        return highlights + hint if hint_node is self.record.current else highlights

    def _refresh(self) -> None:
        """Sync traits and side panel with the controller, redraw (one canvas message), then
        tell the :meth:`on_change` callbacks."""
        pos = self.controller.position
        shown = self._preview.position if self._preview is not None else pos
        highlights = self._highlights_on_show()
        scene = build_scene(
            shown,
            highlights=highlights,
            lang=self.lang,
            width=self.board_width,
            caption=self._caption_text(),
            presenter=self.presenter,
        )
        if self.zoomed:  # the village open large, in a picture of the board's size
            scene = zoom_scene(
                shown,
                self.zoomed,
                highlights=highlights,
                journey_from=self._journey_from(),
                lang=self.lang,
                width=scene.width,
                height=scene.height,
            )
        self.canvas.draw(scene)
        self._sync(highlights)

    def _sync(self, highlights: Sequence[Highlight]) -> None:
        """Sync traits, status, side panel and buttons with the controller, then tell the
        :meth:`on_change` callbacks."""
        pos = self.controller.position
        self._synced_json = pos.to_json()
        self.position = self._synced_json
        shown = [
            {
                "kind": h.kind,
                "village": h.village,
                "type": h.type,
                "bridge": list(h.bridge) if h.bridge else None,
            }
            for h in highlights
        ]
        self.set_trait("highlights", shown)
        ctl = self.controller
        selection = ""
        if ctl.pending_journey:
            selection = f"journey:{ctl.pending_journey}"
        elif ctl.pending_recruit:
            selection = f"recruit:{ctl.pending_recruit[0]}:{ctl.pending_recruit[1]}"
        self.set_trait("selection", selection)
        self.status.value = self._status_html(pos)
        self.side_info.value = self._side_html(pos)
        self.action_box.options = [str(a) for a in pos.legal_actions()] if not pos.is_over else []
        self.action_box.disabled = self.busy
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in self._description(pos))
        self.description_text.value = f"<ul>{lines}</ul>"
        busy = self.busy
        buttons = self.buttons
        buttons["undo"].disabled = buttons["start"].disabled = busy or not self.record.can_undo()
        buttons["redo"].disabled = buttons["end"].disabled = busy or not self.record.can_redo()
        buttons["confirm"].disabled = busy or self.controller.pending_recruit is None
        buttons["pass"].disabled = buttons["cancel"].disabled = busy
        self.link_tools.refresh()
        self._change_callbacks(self)

    def _description(self, pos: Position) -> list[str]:
        """The position in words (``render.accessible``), line by line."""
        return [position_title(pos, self.lang), *position_description(pos, self.lang).split("\n")]

    def _on_describe(self, change: dict[str, Any]) -> None:
        self.description_text.layout.display = None if change["new"] else "none"

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

    def _status_html(self, pos: Position) -> str:
        """Who is to move and the phase; at the end, who won."""
        lang = self.lang
        phase = say(f"ui.phase_{pos.phase}", lang)
        if pos.is_over:
            names = ", ".join(self._colour_name(c) for c in pos.winners())
            who = f"<b>{say('ui.winner', lang)}: {html.escape(names)}</b>"
            return f"{_dot(None)} {phase} · {who}"
        who = f"<b>{self._colour_name(pos.to_move)}</b> {say('ui.to_move', lang)}"
        thinking = f" · <i>{say('ui.busy', lang)}</i>" if self.busy else ""
        return f"{_dot(pos.to_move)} {who} · {phase}{thinking}"

    def _side_html(self, pos: Position) -> str:
        lang = self.lang
        header = "".join(
            f"<th title='{html.escape(TYPE_NAMES[lang][t], quote=True)}'>"
            f"{type_letter(t, lang)}</th>"
            for t in MASTER_TYPES
        )
        rows = []
        table = scores(pos)
        for colour in pos.players:
            cells = "".join(f"<td>{n}</td>" for n in pos.supplies(colour).values())
            masters, villages = table[colour]
            rows.append(
                f"<tr><th scope='row'>{_swatch(colour)} {self._colour_name(colour)}</th>"
                f"{cells}<td>{masters}</td><td>{villages}</td></tr>"
            )
        result = (
            f"<table class='shangrila-supply'><tr><th scope='col'>{say('ui.supply', lang)}</th>"
            f"{header}<th scope='col'>{say('ui.masters', lang)}</th>"
            f"<th scope='col'>{say('ui.villages', lang)}</th></tr>{''.join(rows)}</table>"
        )
        if pos.is_over:
            names = ", ".join(self._colour_name(c) for c in pos.winners())
            result += f"<p class='shangrila-winner'><b>{say('ui.winner', lang)}: {names}</b></p>"
        return result


#: Below this width (CSS px, measured by the page) a board is a phone's: a tap on a village
#: opens it large (:meth:`ShangriLaBoard.open_zoom`).
PHONE_WIDTH = 600

#: The CSS class of a board in presenter mode (the stylesheet's rules for a room).
PRESENTER_CLASS = "shangrila-presenter"
#: Room beside the board in presenter mode, for the side column (CSS length): narrower in
#: a narrow host (JupyterLab with its file browser open), so the picture keeps the room.
PRESENTER_SIDE = "clamp(300px, 36cqw, 460px)"


def _presenter_css_width(width: float, height: float) -> str:
    """The canvas's CSS width in presenter mode: as tall as the board's root (a CSS size
    container, ``cqh``) and leaving :data:`PRESENTER_SIDE` beside it, whatever its logical
    width (``width`` and ``height``: the picture's, for its proportions)."""
    ratio = width / height
    return f"min(calc(100cqw - {PRESENTER_SIDE}), calc(100cqh * {ratio:.6f}))"


def _dot(colour: str | None) -> str:
    """The round mark of the player to move (grey at the end of the game)."""
    fill = PLAYER_STYLES[colour].fill if colour is not None else "#999999"
    return f"<span class='shangrila-dot' style='background:{fill}'></span>"


def _swatch(colour: str) -> str:
    """A small square of the player's colour with its darker edge (legible for yellow too;
    the player's colours are the picture's, in every theme)."""
    style = PLAYER_STYLES[colour]
    return (
        f"<span class='shangrila-swatch' style='background:{style.fill};"
        f"border-color:{style.edge}'></span>"
    )


def rule_badge(rule: str, lang: Language) -> str:
    """The rule id as a small HTML badge whose tooltip is the rule's title and text (the
    board's messages, the tour's narration)."""
    try:
        tip = f"{rule_title(rule, lang)}: {rule_text(rule, lang)}"
    except KeyError:
        tip = rule
    return (
        f"<code class='shangrila-rule-badge' title='{html.escape(tip, quote=True)}'>"
        f"{html.escape(rule)}</code>"
    )


__all__ = [
    "Caption",
    "Highlight",
    "ShangriLaBoard",
    "ShowsErrors",
    "as_position",
    "relabel",
    "rule_badge",
    "show_error_in",
    "visible_errors",
]

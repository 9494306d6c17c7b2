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

Other widgets (the tour, the dispute checker, the exercises, the computer seats, the review
chart) build on the board through its contract only (:mod:`~shangrila_widget.widget.contract`):
the slots (:meth:`~ShangriLaBoard.fill`), :meth:`~ShangriLaBoard.hide_controls`,
:meth:`~ShangriLaBoard.go_to` and the public methods (:meth:`~ShangriLaBoard.show`,
:meth:`~ShangriLaBoard.say`, :meth:`~ShangriLaBoard.on_change`,
:meth:`~ShangriLaBoard.on_node`, :meth:`~ShangriLaBoard.on_key`...). The board is four
layers: :mod:`.board_layout` (its controls and their layout), :mod:`.board_input` (what its
inputs do to the controller), :mod:`.board_drawing` (the picture and the panel drawn from the
controller) and this module (the traits, showing and saying, the callbacks); its HTML
fragments are :mod:`.board_html`.

Keys (while the board has focus): Left/Right undo/redo, Home/End start/end of the line,
Escape cancels a selection, Enter confirms a one-student recruit, H asks for a hint. Every key
has a button.

Computer players (``bots={"blue": "medium"}``), hints and watch mode live in
:mod:`~shangrila_widget.widget.seats` (``board.computer``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.bots.levels import HINT_BOT, BotSpec
from shangrila_widget.deprecation import deprecated
from shangrila_widget.render.canvas import BoardCanvas
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.layout import HitTarget
from shangrila_widget.render.svg import position_svg
from shangrila_widget.rules import (
    GameRecord,
    Node,
    Outcome,
    Position,
    PositionError,
    as_position,
)
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.messages import (
    LANGUAGES,
    Language,
    problem,
)
from shangrila_widget.widget.board_drawing import BoardDrawing
from shangrila_widget.widget.board_html import (
    feedback_html,
)
from shangrila_widget.widget.board_layout import PHONE_WIDTH, PRESENTER_CLASS
from shangrila_widget.widget.clock import Clock
from shangrila_widget.widget.common import (
    Callbacks,
    show_error_in,
    shown_errors,
    visible_errors,
)
from shangrila_widget.widget.contract import (
    SLOTS,
)
from shangrila_widget.widget.controller import (
    CLICK_MODES,
    BoardController,
    Feedback,
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


class ShangriLaBoard(BoardDrawing):
    """A playable board: clicks become actions, refusals show their rule, journeys explain.

    ``position``: a :class:`Position`, its JSON, its one-line string, or None for a new game
    of ``players``. ``record``: a :class:`GameRecord` to show instead. ``lang``: ``"en"`` or
    ``"pl"``. ``show_legal``: ring the legal choices (from the first turn of play; during
    set-up nearly every empty space is legal, so nothing is ringed there). ``width``: the
    board's logical width in CSS pixels (it shrinks to the notebook's width).
    ``bots``: computer players by seat (``{"blue": "medium", "yellow": Bot("hard",
    Budget(seconds=0.5))}``, or a list of seats each playing the default bot, ``medium``;
    every seat a bot is watch mode); ``hints``: the *Hint* button; ``hint_bot``: the bot of
    a hint (by default :data:`~shangrila_widget.bots.levels.HINT_BOT`; see
    :mod:`~shangrila_widget.widget.seats`).

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
        hint_bot: BotSpec = HINT_BOT,
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
        self._node_callbacks: Callbacks[Callable[[ShangriLaBoard], Any]] = Callbacks()
        self._node_told: Node | None = None  # the node on show the last on_node told of
        self._key_callbacks: Callbacks[Callable[[str], bool | None]] = Callbacks()
        self._click_callbacks: Callbacks[Callable[[HitTarget], bool | None]] = Callbacks()
        self._navigate_callbacks: Callbacks[Callable[[Position], bool]] = Callbacks()
        self._last_feedback = Feedback("info", "")
        # The contract (widget/contract.py): what composites put into the board's slots and
        # which of its controls they hide; _layout() lays both out.
        self._slots: dict[str, tuple[widgets.Widget, ...]] = {slot: () for slot in SLOTS}
        self._hidden: set[str] = set()
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
        self.position = start.to_json()
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
        self._sheet = sheet = stylesheet()
        self._layout()
        guard = page_guard(sheet)
        if guard is not None:  # the page measures the board: a phone's opens villages large
            traitlets.dlink((guard, "width"), (self, "phone"), lambda w: 0 < w < PHONE_WIDTH)
        self.presenter = presenter
        self._node_told = None  # the first redraw with the seats listening tells of the start
        self._refresh()

    # ------------------------------------------------------------------ the contract

    @property
    def clock(self) -> Clock:
        """When the board's later work runs (the computer seats', the review's)."""
        return self.computer.clock

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

    def share(self) -> str:
        """The position on show as its one-line string (to copy and paste)."""
        return to_compact(self.game)

    def position_link(self) -> str:
        """A link that opens the position on show in the checker (the page's checker when
        served, else the site setting: :func:`~shangrila_widget.page_address.link_base`)."""
        from shangrila_widget.page_address import link_base
        from shangrila_widget.rules.ruling import question_string, ruling_link

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
        self.message_box.value = feedback_html(feedback, lang)

    def on_change(self, callback: Callable[[ShangriLaBoard], Any], remove: bool = False) -> None:
        """Call ``callback(board)`` after every redraw: a move, undo/redo, a loaded game,
        a new language or action kind (``remove=True`` unregisters it). The callback may call
        :meth:`show` or :meth:`say`."""
        self._change_callbacks.register(callback, remove)

    def on_node(self, callback: Callable[[ShangriLaBoard], Any], remove: bool = False) -> None:
        """Call ``callback(board)`` when another node is on show (a move, undo/redo,
        :meth:`show` of a game, :meth:`go_to`), after the :meth:`on_change` callbacks; not for
        a redraw of the same node (a caption, a hint, a new language), so a callback that
        redraws the board does not call itself back."""
        self._node_callbacks.register(callback, remove)

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

    @visible_errors
    def _on_client_ready(self) -> None:
        self.canvas.redraw()

    @traitlets.validate("position")
    def _validate_position(self, proposal: dict[str, Any]) -> str:
        text = proposal["value"]
        if text == self.game.to_json():  # the position on show, as the board writes it
            return str(text)
        try:
            return as_position(text).to_json()
        except PositionError as error:
            raise traitlets.TraitError(str(problem("position_trait", problem=str(error)))) from None

    @traitlets.observe("position")
    def _position_changed(self, change: dict[str, Any]) -> None:
        if change["new"] != self.game.to_json():  # set from outside (validated): show it
            self.show(Position.from_json(change["new"]))


#: The board's own names (``visible_errors``, ``relabel``... are :mod:`.common`'s).
__all__ = ["PHONE_WIDTH", "PRESENTER_CLASS", "Caption", "ShangriLaBoard"]

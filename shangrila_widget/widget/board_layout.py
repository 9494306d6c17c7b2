"""The board widget's controls and how they are laid out: the top bar, the side panel beside
the picture, the button row, and the contract's slots and hidden controls.

:class:`BoardControls` builds every control of the board once and lays them out in
:meth:`~BoardControls._layout`: the board's own controls that are not hidden
(:meth:`~BoardControls.hide_controls`), with the widgets a composite put into the slots
(:meth:`~BoardControls.fill`, :data:`~shangrila_widget.widget.contract.SLOTS`) in their places.
Presenter mode's and a phone's layout changes are here too. The board is
:class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`; see ``docs/widget.md``,
*Extending the board*.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.render.canvas import DEFAULT_RESERVED, RESERVED_VAR
from shangrila_widget.rules.messages import (
    say,
)
from shangrila_widget.widget.common import Words
from shangrila_widget.widget.contract import (
    BUTTON_CONTROLS,
    CONTROLS,
    GAME_BUTTONS,
    SLOTS,
    TOP_CONTROLS,
)
from shangrila_widget.widget.controller import (
    CLICK_MODES,
    Feedback,
)

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


#: The board's words: each control (by its contract name) and the words keys its traits say.
WORDS: Words = {
    "show_legal": {"description": "ui.show_legal", "tooltip": "ui.show_legal_tip"},
    "action_box": {
        "description": "ui.action_box",
        "placeholder": "ui.action_box_placeholder",
        "tooltip": "ui.action_box_tip",
    },
    "describe": {"description": "ui.describe"},
    "presenter": {"description": "ui.presenter", "tooltip": "ui.presenter_tip"},
    **{key: {"description": f"ui.{key}"} for key in GAME_BUTTONS},
}


class BoardControls(widgets.VBox):  # type: ignore[misc]
    """The board's controls and their layout (the board itself is
    :class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`)."""

    def _controls(self) -> dict[str, widgets.Widget]:
        """The board's own controls by their contract names, in their order."""
        return {
            "lang": self.lang_toggle,
            "presenter": self.presenter_button,
            "kind": self.kind_toggle,
            "show_legal": self.show_legal_box,
            "status": self.status,
            "message": self.message_box,
            "link": self.link_row,
            "action_box": self.action_box,
            "info": self.side_info,
            "description": self.description,
            **self.buttons,
            # One row of buttons: the game's, the seats' (Hint, Review, watch mode), the
            # legend's.
            "seats": self.computer.bar,
            "legend": self.legend.toggle,
        }

    def _layout(self) -> None:
        """Lay the board out: its controls that are not hidden, with the slots' widgets in
        their places (one flat list a box: the stylesheet sees the same boxes either way)."""
        controls = self._controls()
        slots = self._slots

        def shown(names: Sequence[str]) -> list[widgets.Widget]:
            return [controls[n] for n in names if n not in self._hidden]

        self.top_bar.children = shown(TOP_CONTROLS)
        self.side_panel.children = (
            *slots["side_top"],
            *shown(["message"]),
            *slots["under_message"],
            *shown(["link", "action_box"]),
            *slots["side_middle"],
            *shown(["info", "description"]),
            *slots["side_bottom"],
        )
        self.button_bar.children = (*shown(BUTTON_CONTROLS), *slots["buttons"])
        self.children = (
            *slots["above"],
            self.top_bar,
            self._main,
            self.button_bar,
            self.computer.seats_info,
            self.computer.review_box,
            *slots["below"],
            self.error_box,
            self.too_small,
            self.legend.picture_box,
            self._sheet,
        )

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
        # The board's table gives way first when a composite's panel is short of room.
        self.side_info.add_class("shangrila-board-info")
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
        self.description.add_class("shangrila-board-info")
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

    def fill(self, slot: str, *children: widgets.Widget) -> None:
        """Put ``children`` into the board's ``slot`` (one of :data:`SLOTS`: ``"above"``,
        ``"side_top"``, ``"under_message"``, ``"side_middle"``, ``"side_bottom"``,
        ``"buttons"``, ``"below"``), in place of what it held; no children empties it.

        >>> from shangrila_widget.widget import ShangriLaBoard
        >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
        >>> note = widgets.HTML("A lesson")
        >>> board.fill("side_top", note)
        >>> board.side_panel.children[0] is note
        True
        """
        if slot not in SLOTS:
            raise ValueError(f"no slot {slot!r}: the slots are {', '.join(SLOTS)}")
        self._slots[slot] = tuple(children)
        self._layout()

    def hide_controls(self, *names: str) -> None:
        """Leave the board's own controls ``names`` (of :data:`CONTROLS`: ``"kind"``,
        ``"action_box"``, ``"undo"``, ``"presenter"``, ``"message"``...) out of its layout,
        for a widget that does not offer them; :meth:`show_controls` brings them back.

        >>> from shangrila_widget.widget import ShangriLaBoard
        >>> board = ShangriLaBoard(players=["red", "blue", "yellow"])
        >>> board.hide_controls("undo", "redo")
        >>> board.buttons["undo"] in board.button_bar.children, sorted(board.hidden_controls)
        (False, ['redo', 'undo'])
        """
        self._hidden |= set(self._control_names(names))
        self._layout()

    def show_controls(self, *names: str) -> None:
        """Lay the controls ``names`` out again (see :meth:`hide_controls`)."""
        self._hidden -= set(self._control_names(names))
        self._layout()

    @property
    def hidden_controls(self) -> frozenset[str]:
        """The names of the controls :meth:`hide_controls` left out."""
        return frozenset(self._hidden)

    def add_panel_class(self, name: str) -> None:
        """Give the side panel the CSS class ``name`` (a composite's own panel rules)."""
        self.side_panel.add_class(name)

    @staticmethod
    def _control_names(names: Sequence[str]) -> Sequence[str]:
        unknown = [n for n in names if n not in CONTROLS]
        if unknown:
            raise ValueError(f"no control {unknown[0]!r}: the controls are {', '.join(CONTROLS)}")
        return names

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

    def _on_describe(self, change: dict[str, Any]) -> None:
        self.description_text.layout.display = None if change["new"] else "none"


__all__ = ["PHONE_WIDTH", "PRESENTER_CLASS", "PRESENTER_SIDE", "WORDS", "BoardControls"]

"""What a widget built on the board may use of it: named slots, controls it may hide, and the
methods and traits of :class:`BoardContract`.

The tour, the dispute checker, the exercises, the computer seats and the review chart (and a
widget of your own, see ``docs/widget.md``, *Extending the board*) compose a
:class:`~shangrila_widget.widget.board_widget.ShangriLaBoard` through this contract only: they
put their widgets into the board's :data:`SLOTS` (``board.fill("side_top", guide)``), take
away the board's own controls they do not offer (``board.hide_controls("action_box")``) and
move it with its public methods (``board.go_to(node)``, ``board.show(...)``). None of them
edits the board's boxes, reaches its controller or its computer seats, or imports the board
module for anything but the board itself (``tests/widget/test_contract.py`` reads the source
to hold this).

The seats and the review chart type their board as :class:`BoardContract`, so neither imports
the board module back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

if TYPE_CHECKING:
    import ipywidgets as widgets

    from shangrila_widget.render.highlight import Highlight
    from shangrila_widget.render.layout import HitTarget
    from shangrila_widget.rules import GameRecord, Node, Outcome, Position
    from shangrila_widget.widget.clock import Clock
    from shangrila_widget.widget.controller import Feedback

#: The board's slots, in the order they stand: above the board's top bar; the side panel's
#: top, under its message line, in its middle (after the action box, before the supply
#: table) and bottom; the end of the button row; and under the board.
SLOTS: Final = (
    "above",
    "side_top",
    "under_message",
    "side_middle",
    "side_bottom",
    "buttons",
    "below",
)

#: The board's own controls by name, as ``hide_controls`` and ``show_controls`` take them:
#: the top bar's, the side panel's, and the button row's.
TOP_CONTROLS: Final = ("lang", "presenter", "kind", "show_legal", "status")
SIDE_CONTROLS: Final = ("message", "link", "action_box", "info", "description")
#: The game's buttons (``board.buttons``), then the seats' (Hint, Review, watch mode) and the
#: legend's toggle.
GAME_BUTTONS: Final = ("start", "undo", "redo", "end", "confirm", "pass", "cancel")
BUTTON_CONTROLS: Final = (*GAME_BUTTONS, "seats", "legend")
CONTROLS: Final = (*TOP_CONTROLS, *SIDE_CONTROLS, *BUTTON_CONTROLS)


class BoardContract(Protocol):
    """The board as a widget built on it sees it (``ShangriLaBoard`` is one)."""

    # Traits (read; ``lang`` and ``presenter`` may be linked).
    lang: Any
    presenter: Any
    busy: Any
    hints: Any
    selection: Any

    @property
    def record(self) -> GameRecord: ...
    @property
    def game(self) -> Position: ...
    @property
    def preview(self) -> Outcome | None: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def link_tools(self) -> Any: ...

    # Layout.
    def fill(self, slot: str, *children: widgets.Widget) -> None: ...
    def hide_controls(self, *names: str) -> None: ...
    def show_controls(self, *names: str) -> None: ...
    def add_panel_class(self, name: str) -> None: ...

    # Moving and saying.
    def show(
        self,
        game: GameRecord | Position | str | None = None,
        *,
        highlights: Sequence[Highlight] = (),
        caption: Any = None,
    ) -> None: ...
    def go_to(self, node: Node, *, highlights: Sequence[Highlight] = ()) -> None: ...
    def play(self, action: Any) -> Feedback: ...
    def redo(self) -> Feedback: ...
    def cancel(self) -> Feedback: ...
    def say(self, feedback: Feedback) -> None: ...
    def show_preview(self, outcome: Outcome | None) -> None: ...
    def show_hint(self, highlights: Sequence[Highlight]) -> None: ...
    def clear_hint(self) -> None: ...
    def show_destinations(self, village: str | None) -> None: ...

    # Events and errors.
    def on_change(self, callback: Callable[[Any], Any], remove: bool = False) -> None: ...
    def on_node(self, callback: Callable[[Any], Any], remove: bool = False) -> None: ...
    def on_key(self, callback: Callable[[str], bool | None], remove: bool = False) -> None: ...
    def on_click(
        self, callback: Callable[[HitTarget], bool | None], remove: bool = False
    ) -> None: ...
    def on_navigate(self, callback: Callable[[Position], bool], remove: bool = False) -> None: ...
    def observe(self, handler: Callable[..., Any], names: Any = ...) -> None: ...
    def show_error(self, error: BaseException) -> None: ...
    def guarded(self, callback: Callable[..., Any]) -> Callable[..., Any]: ...


def _members() -> frozenset[str]:
    names = set(BoardContract.__annotations__)
    names |= {n for n in vars(BoardContract) if not n.startswith("_")}
    return frozenset(names)


#: Every name of :class:`BoardContract`: what another widget module may read of a board.
CONTRACT: Final = _members()

__all__ = [
    "BUTTON_CONTROLS",
    "BoardContract",
    "CONTRACT",
    "CONTROLS",
    "GAME_BUTTONS",
    "SIDE_CONTROLS",
    "SLOTS",
    "TOP_CONTROLS",
]

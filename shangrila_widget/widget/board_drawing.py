"""How the board draws what is on show: the picture (the game, a preview of an action or a
village open large) with its highlights and caption, then the traits, the status, the side
panel and the buttons that follow the controller, then the board's :meth:`on_change` and
:meth:`on_node` callbacks.

:class:`BoardDrawing` is a layer of the board
(:class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`), over its inputs
(:mod:`.board_input`) and its controls (:mod:`.board_layout`); everything that changes what
is on show ends in one :meth:`BoardDrawing._refresh`.
"""

from __future__ import annotations

from collections.abc import Sequence

from shangrila_widget.render.highlight import Highlight
from shangrila_widget.render.scene import build_scene
from shangrila_widget.render.zoom import zoom_scene
from shangrila_widget.rules import Node
from shangrila_widget.rules.messages import say
from shangrila_widget.widget.board_html import description_html, status_html, supply_html
from shangrila_widget.widget.board_input import BoardInput
from shangrila_widget.widget.controller import Feedback, moved_highlights


class BoardDrawing(BoardInput):
    """What the board draws (the board itself is
    :class:`~shangrila_widget.widget.board_widget.ShangriLaBoard`)."""

    position: str
    _node_told: Node | None

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
        text = pos.to_json()
        if text != self.position:  # the trait follows the game (no message when it stays)
            self.position = text
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
        self.status.value = status_html(pos, self.lang, busy=self.busy)
        self.side_info.value = supply_html(pos, self.lang)
        self.action_box.options = [str(a) for a in pos.legal_actions()] if not pos.is_over else []
        self.action_box.disabled = self.busy
        self.description_text.value = description_html(pos, self.lang)
        busy = self.busy
        buttons = self.buttons
        buttons["undo"].disabled = buttons["start"].disabled = busy or not self.record.can_undo()
        buttons["redo"].disabled = buttons["end"].disabled = busy or not self.record.can_redo()
        buttons["confirm"].disabled = busy or self.controller.pending_recruit is None
        buttons["pass"].disabled = buttons["cancel"].disabled = busy
        self.link_tools.refresh()
        self._change_callbacks(self)
        node = self.record.current
        if node is not self._node_told:  # another node on show: a move, undo, a new game
            self._node_told = node
            self._node_callbacks(self)


__all__ = ["BoardDrawing"]

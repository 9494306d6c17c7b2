"""What the rulebook tour and the dispute checker share around their board: the title line,
the folded guide, and presenter mode.

Presenter mode (``presenter`` trait, or the *Presenter* toggle in the title line) folds the
widget to what someone in front of a class needs and makes its words large enough for the
back row; the rules are in :data:`~shangrila_widget.widget.page_css.STYLESHEET` under the class
:data:`PRESENTING_CLASS`. The board follows: its own ``presenter`` trait (where the board has
one) is linked to the widget's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.rules.messages import Language, say
from shangrila_widget.widget.board_widget import ShangriLaBoard

__all__ = ["PRESENTING_CLASS", "TitleLine", "guide_html", "link_presenter"]

#: The class on the tour's or checker's root box while presenter mode is on.
PRESENTING_CLASS = "shangrila-presenting"


def guide_html(prefix: str, lang: Language) -> str:
    """The folded "how it works" text (``<prefix>_guide_summary`` and ``<prefix>_guide``)."""
    summary = html.escape(say(f"ui.{prefix}_guide_summary", lang))
    text = html.escape(say(f"ui.{prefix}_guide", lang))
    return f"<details class='shangrila-guide'><summary>{summary}</summary><p>{text}</p></details>"


class TitleLine:
    """The widget's title, its folded guide and the *Presenter* toggle, in one language.

    ``prefix`` names the sentences: ``<prefix>_title``, ``<prefix>_guide_summary``,
    ``<prefix>_guide``.
    """

    def __init__(self, prefix: str, lang: Language) -> None:
        self.prefix = prefix
        self.title = widgets.HTML()
        self.title.add_class("shangrila-title")
        self.guide = widgets.HTML()
        self.guide.add_class("shangrila-guide-box")
        self.presenter_button = widgets.ToggleButton(value=False, layout={"width": "auto"})
        self.presenter_button.add_class("shangrila-presenter-button")
        self.translate(lang)

    def translate(self, lang: Language) -> None:
        """Every word of the title line in ``lang``."""
        self.title.value = f"<b>{html.escape(say(f'ui.{self.prefix}_title', lang))}</b>"
        self.guide.value = guide_html(self.prefix, lang)
        self.presenter_button.description = say("ui.presenter", lang)
        self.presenter_button.tooltip = say("ui.presenter_tip", lang)


def link_presenter(owner: Any, board: ShangriLaBoard, button: widgets.ToggleButton) -> None:
    """Link ``owner.presenter`` with the toggle and the board's ``presenter``, and keep
    :data:`PRESENTING_CLASS` on ``owner`` while it is on. The owner's toggle is the one
    shown: the board's own is hidden (one switch, one place)."""
    traitlets.link((owner, "presenter"), (button, "value"))
    traitlets.link((owner, "presenter"), (board, "presenter"))
    button.add_class("shangrila-presenter-button")
    board.hide_controls("presenter")

    def follow(change: dict[str, Any]) -> None:
        if change["new"]:
            owner.add_class(PRESENTING_CLASS)
        else:
            owner.remove_class(PRESENTING_CLASS)

    owner.observe(follow, "presenter")
    follow({"new": owner.presenter})

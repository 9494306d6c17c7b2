"""The key to the board picture as a widget: a "Key" / "Legenda" toggle over the legend.

The legend itself is :func:`shangrila_widget.render.legend.legend_svg`, the SVG painter's
picture of the same pieces the board draws; this widget only shows or hides it and redraws
it when the language changes. The board puts one under its buttons and links its ``lang``.

>>> key = PictureKey(lang="pl")
>>> key.button.description, key.picture.layout.display
('Legenda', 'none')
>>> key.shown = True
>>> key.picture.layout.display is None and "Legenda planszy" in key.picture.value
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.render.legend import legend_button_text, legend_svg
from shangrila_widget.rules.messages import LANGUAGES, Language

__all__ = ["PictureKey"]


class PictureKey(widgets.VBox):  # type: ignore[misc]
    """A toggle button and, while it is pressed, the key to the board picture in ``lang``."""

    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, lang: Language = "en", shown: bool = False, **kwargs: Any) -> None:
        self.button = widgets.ToggleButton(value=shown, icon="question-circle")
        self.picture = widgets.HTML(
            layout=widgets.Layout(width="100%", max_width="900px", display="none")
        )
        super().__init__(children=[self.button, self.picture], **kwargs)
        self.add_class("shangrila-key")
        traitlets.link((self.button, "value"), (self, "shown"))
        self.lang = lang
        self.shown = shown
        self._update()

    @traitlets.observe("lang", "shown")
    def _changed(self, change: dict[str, Any]) -> None:
        self._update()

    def _update(self) -> None:
        if not hasattr(self, "picture"):
            return  # traits set before the children exist
        label, tip = legend_button_text(self.lang)
        self.button.description = label
        self.button.tooltip = tip
        if self.shown:
            svg = legend_svg(self.lang).replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
            self.picture.value = svg
            self.picture.layout.display = None
        else:
            self.picture.layout.display = "none"

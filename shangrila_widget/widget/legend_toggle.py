"""The legend of the board picture as a widget: a "Key" / "Legenda" toggle over it.

The legend itself is :func:`shangrila_widget.render.legend.legend_svg`, the SVG painter's
picture of the same pieces the board draws; this widget only shows or hides it and redraws
it when the language changes. The board puts one under its buttons and links its ``lang``.

(In the code "key" is only ever a key of the keyboard; the picture's key is its legend.)

>>> legend = Legend(lang="pl")
>>> legend.button.description, legend.picture.layout.display
('Legenda', 'none')
>>> legend.shown = True
>>> legend.picture.layout.display is None and "Legenda planszy" in legend.picture.value
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.deprecation import old_names
from shangrila_widget.render.legend import legend_button_text, legend_svg
from shangrila_widget.rules.messages import LANGUAGES, Language

__all__ = ["Legend"]


class Legend(widgets.VBox):  # type: ignore[misc]
    """A toggle button and, while it is pressed, the legend of the board picture in ``lang``."""

    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, lang: Language = "en", shown: bool = False, **kwargs: Any) -> None:
        self.button = widgets.ToggleButton(value=shown, icon="question-circle")
        self.button.add_class("shangrila-legend-button")
        self.picture = widgets.HTML(
            layout=widgets.Layout(width="100%", max_width="900px", display="none")
        )
        # Two parts a board may place apart (the button in its button row, the picture
        # under the board); "shangrila-key" is the class pages and tests knew them by.
        self.toggle = widgets.Box([self.button])
        self.picture_box = widgets.Box([self.picture], layout=widgets.Layout(width="100%"))
        for part in (self.toggle, self.picture_box):
            part.add_class("shangrila-key")
        super().__init__(children=[self.toggle, self.picture_box], **kwargs)
        self.add_class("shangrila-legend")
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
            self.picture.value = legend_svg(self.lang).replace(
                "<svg ", '<svg class="shangrila-legend-picture" ', 1
            )
            self.picture.layout.display = None
        else:
            self.picture.layout.display = "none"


#: ``PictureKey``, the earlier name of :class:`Legend`, warns for one release.
__getattr__ = old_names("shangrila_widget.widget.legend_toggle", {"PictureKey": ("Legend", Legend)})

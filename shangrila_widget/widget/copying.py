"""The one Copy button of the package's widgets (the checker's position string, every widget's
"Copy link"): an anywidget that writes its ``text`` to the clipboard in the browser, with the
old way (a selected text area and ``execCommand("copy")``) where the clipboard API is
refused, and tells Python whether it worked.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.rules.messages import Language, say

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


class LinkTools:
    """ "Copy link" (the button of :func:`copy_button`) and, for the checker, a QR code of
    the same link: ``link_of()`` gives the link, :meth:`refresh` updates both after a
    change; ``on_copied(ok)`` is called after each copy (True: copied)."""

    def __init__(self, link_of: Callable[[], str], on_copied: Callable[[bool], Any]) -> None:
        self.link_of = link_of
        self.button = copy_button()
        if self.button is not None:
            self.button.add_class("shangrila-copy-link")
            self.button.on_copy(on_copied)
        #: Shows and hides the QR code (:attr:`qr_box`).
        self.qr_button = widgets.ToggleButton(icon="qrcode", layout={"width": "auto"})
        self.qr_button.add_class("shangrila-qr-button")
        #: The QR code of the link and the link itself (to select by hand), large.
        self.qr_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.qr_box.add_class("shangrila-qr-box")
        self.qr_button.observe(lambda _change: self.refresh(), "value")
        self._shown = ""

    @property
    def link(self) -> str:
        return self.link_of()

    def translate(self, lang: Language) -> None:
        if self.button is not None:
            self.button.description = say("ui.copy_link", lang)
            self.button.tooltip = say("ui.copy_link_tip", lang)
        self.qr_button.description = say("ui.qr", lang)
        self.qr_button.tooltip = say("ui.qr_tip", lang)

    def refresh(self) -> None:
        """The current link into the button and, when shown, the QR code."""
        link = self.link_of()
        if self.button is not None:
            self.button.text = link
        self.qr_box.layout.display = "block" if self.qr_button.value else "none"
        if self.qr_button.value and link != self._shown:
            from shangrila_widget.render.qr import qr_svg

            self._shown = link
            self.qr_box.value = (
                f"<div class='shangrila-qr-picture'>{qr_svg(link)}</div>"
                f"<div class='shangrila-qr-link'>{html.escape(link)}</div>"
            )


__all__ = ["LinkTools", "copy_button"]

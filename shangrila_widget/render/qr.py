"""A QR code of a link, as SVG, for a projector: students open the position on their phones.

Drawn by `segno <https://pypi.org/project/segno/>`_ (pure Python, a dependency of the
package): error correction level M, the quiet zone of four modules the standard asks for,
black on white whatever the page's colours, and no fixed size: the SVG has a ``viewBox``
and fills the width it is given.

>>> svg = qr_svg("http://127.0.0.1:8866/?ruling=r1~...")
>>> svg.startswith("<svg"), "viewBox" in svg
(True, True)
"""

from __future__ import annotations

import io

QUIET_ZONE = 4
"""Modules of white around the code (the QR standard's minimum)."""


def qr_svg(text: str, *, title: str | None = None, css_class: str = "shangrila-qr") -> str:
    """The QR code of ``text`` as an SVG document without a size (it fills its box)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        border=QUIET_ZONE,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgns=True,
        omitsize=True,
        svgclass=css_class,
        title=title,
    )
    return out.getvalue().decode("utf-8")


def save_qr_svg(text: str, path: str, *, scale: int = 10) -> None:
    """Write the QR code of ``text`` to ``path`` as an SVG file ``scale`` pixels a module."""
    import segno

    segno.make(text, error="m", micro=False).save(
        path, kind="svg", scale=scale, border=QUIET_ZONE, dark="#000", light="#fff"
    )


__all__ = ["QUIET_ZONE", "qr_svg", "save_qr_svg"]

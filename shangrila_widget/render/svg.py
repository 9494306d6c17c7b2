"""The board as SVG text (and PNG through cairosvg): static pictures that survive anywhere.

``position_svg(position, **scene_options)`` is what ``Position._repr_svg_`` shows, so a
notebook displays the board without a running kernel, and saved, converted or GitHub-rendered
notebooks keep it. The SVG is well-formed XML with a ``viewBox``, a ``<title>`` and a
``<desc>`` (the whole position in words), every village label as ``<text>``, and one ``<g>``
per tile (``class="tile master"`` or ``class="tile student"``, with ``data-village``,
``data-type``, ``data-owner`` and a ``<title>`` such as "Red Healer master").

>>> from shangrila_widget.rules import Position
>>> svg = position_svg(Position.new_game(["red", "blue", "yellow"]))
>>> svg.startswith("<svg") and 'viewBox="0 0 900 910"' in svg
True
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol
from xml.sax.saxutils import escape, quoteattr

from shangrila_widget.render.accessible import describe_tile
from shangrila_widget.render.primitives import (
    FONT_FAMILY,
    Circle,
    Line,
    Polygon,
    Primitive,
    Rect,
    Tag,
    Text,
)
from shangrila_widget.render.scene import build_scene
from shangrila_widget.rules.messages import problem

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

__all__ = ["Drawing", "scene_to_svg", "position_svg", "save_svg", "save_png"]

# data-* attribute names for the fields of each tag kind (after the kind itself)
_TAG_FIELDS: dict[str, tuple[str, ...]] = {
    "master": ("village", "type", "owner"),
    "student": ("village", "type", "owner"),
    "space": ("village", "type"),
    "village": ("village",),
    "walls": ("village",),
    "label": ("village",),
    "bridge": ("a", "b", "state"),
    "move": ("index", "player", "verdict"),
    "stone": ("village",),
    "strength": ("village",),
    "highlight": ("kind", "village", "type", "bridge"),
    "legend": ("colour",),
    "key": ("item",),
    "section": ("section",),
}


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _style(p: Primitive, fill: str | None, stroke: str | None) -> str:
    parts: list[str] = []
    parts.append(f'fill="{fill}"' if fill else 'fill="none"')
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_num(p.line_width)}"')  # type: ignore[union-attr]
        dash = p.dash  # type: ignore[union-attr]
        if dash:
            parts.append(f'stroke-dasharray="{" ".join(_num(d) for d in dash)}"')
        # round caps, as the canvas painter draws them (a butt-capped Line says so; the SVG
        # default is butt, and cairosvg cannot switch an inherited round cap back to butt)
        if getattr(p, "cap", "round") == "round" and (dash or isinstance(p, Line)):
            parts.append('stroke-linecap="round"')
    if p.opacity != 1.0:
        parts.append(f'opacity="{_num(p.opacity)}"')
    return " ".join(parts)


def _elements(p: Primitive) -> list[str]:
    """The SVG of one primitive: one element, or two for a shape whose outline is an element
    of its own (the fill, then the outline)."""
    fill, stroke = p.fill, p.stroke
    if fill and stroke and getattr(p, "outline_element", False):
        return [_element(p, fill, None), _element(p, None, stroke)]
    return [_element(p, fill, stroke)]


def _element(p: Primitive, fill: str | None, stroke: str | None) -> str:
    if isinstance(p, Circle):
        return (
            f'<circle cx="{_num(p.cx)}" cy="{_num(p.cy)}" r="{_num(p.r)}" '
            f"{_style(p, fill, stroke)}/>"
        )
    if isinstance(p, Polygon):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in p.points)
        return f'<polygon points="{points}" {_style(p, fill, stroke)}/>'
    if isinstance(p, Line):
        return (
            f'<line x1="{_num(p.x1)}" y1="{_num(p.y1)}" x2="{_num(p.x2)}" y2="{_num(p.y2)}" '
            f"{_style(p, fill, stroke)}/>"
        )
    if isinstance(p, Rect):
        rx = f' rx="{_num(p.rx)}"' if p.rx else ""
        return (
            f'<rect x="{_num(p.x)}" y="{_num(p.y)}" width="{_num(p.w)}" height="{_num(p.h)}"'
            f"{rx} {_style(p, fill, stroke)}/>"
        )
    if isinstance(p, Text):
        weight = ' font-weight="bold"' if p.weight == "bold" else ""
        anchor = f' text-anchor="{p.anchor}"' if p.anchor != "start" else ""
        opacity = f' opacity="{_num(p.opacity)}"' if p.opacity != 1.0 else ""
        return (
            f'<text x="{_num(p.x)}" y="{_num(p.y)}" font-size="{_num(p.size)}"{weight}{anchor} '
            f'fill="{p.fill}"{opacity}>{escape(p.text)}</text>'
        )
    raise TypeError(f"not a primitive: {p!r}")


def _group_open(tag: Tag, lang: str) -> str:
    kind = tag[0]
    classes = kind
    if kind in ("master", "student"):
        classes = f"tile {kind}"
    elif kind == "bridge" and len(tag) > 3:
        classes = f"bridge {tag[3]}"
    attrs = [f"class={quoteattr(classes)}"]
    for name, value in zip(_TAG_FIELDS.get(kind, ()), tag[1:]):
        if value:
            attrs.append(f"data-{name}={quoteattr(value)}")
    head = f"<g {' '.join(attrs)}>"
    title = _group_title(tag, lang)
    if title:
        head += f"<title>{escape(title)}</title>"
    return head


def _group_title(tag: Tag, lang: str) -> str:
    kind = tag[0]
    if kind in ("master", "student") and len(tag) == 4:
        _, village, master_type, owner = tag
        text = describe_tile(owner, master_type, kind, lang)
        return f"{text}, {village}"
    return ""


def _layer(primitives: Sequence[Primitive], lang: str) -> list[str]:
    """Elements in painting order, the shapes of one tag in one ``<g>`` (a drawing lists
    them one after another; see :mod:`.primitives`)."""
    groups: dict[Tag, list[Primitive]] = {}
    for p in primitives:
        if p.tag:
            groups.setdefault(p.tag, []).append(p)
    out: list[str] = []
    done: set[Tag] = set()
    for p in primitives:
        if not p.tag:
            out.extend(_elements(p))
            continue
        if p.tag in done:
            continue
        done.add(p.tag)
        out.append(_group_open(p.tag, lang))
        out.extend(e for q in groups[p.tag] for e in _elements(q))
        out.append("</g>")
    return out


class Drawing(Protocol):
    """What the SVG painter draws: a :class:`~.scene.Scene` or a :class:`~.legend.LegendScene`."""

    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    @property
    def static(self) -> tuple[Primitive, ...]: ...
    @property
    def dynamic(self) -> tuple[Primitive, ...]: ...
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def lang(self) -> str: ...


def scene_to_svg(
    scene: Drawing, *, display_width: float | None = None, grouped: bool = True
) -> str:
    """The scene as a standalone SVG document (no XML declaration, so it can be inlined).

    ``display_width`` sets the ``width`` attribute (default: the scene's logical width);
    the ``viewBox`` always covers the whole scene. With ``grouped=False`` the elements come
    in the primitives' exact order, without a ``<g>`` per tag (the same picture).
    """

    def layer(primitives: Sequence[Primitive]) -> list[str]:
        if grouped:
            return _layer(primitives, scene.lang)
        return [e for p in primitives for e in _elements(p)]

    body = "\n".join(
        [
            '<g class="static">',
            *layer(scene.static),
            "</g>",
            '<g class="dynamic">',
            *layer(scene.dynamic),
            "</g>",
        ]
    )
    ident = "shangrila-" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:10]
    width = scene.width if display_width is None else display_width
    height = scene.height * width / scene.width
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(scene.width)} '
        f'{_num(scene.height)}" width="{_num(width)}" height="{_num(height)}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-family={quoteattr(FONT_FAMILY)} '
        f'stroke-linejoin="round" xml:lang="{scene.lang}">'
    )
    return (
        f'{head}\n<title id="{ident}-title">{escape(scene.title)}</title>\n'
        f'<desc id="{ident}-desc">{escape(scene.description)}</desc>\n{body}\n</svg>\n'
    )


def position_svg(position: Position, *, display_width: float | None = None, **options: Any) -> str:
    """The SVG of ``position``; ``options`` are those of :func:`.scene.build_scene`
    (``highlights``, ``selection``, ``lang``, ``width``, ``footer``, ``caption``)."""
    return scene_to_svg(build_scene(position, **options), display_width=display_width)


def save_svg(position: Position, path: str | os.PathLike[str], **options: Any) -> None:
    """Write :func:`position_svg` to ``path`` (UTF-8)."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(position_svg(position, **options))


def save_png(
    position: Position, path: str | os.PathLike[str], scale: float = 2, **options: Any
) -> None:
    """Write a PNG of the board to ``path``, ``scale`` device pixels per scene unit.

    Needs the optional package cairosvg (``pip install cairosvg``, which needs the Cairo
    library); raises ImportError saying so when it is missing, and
    :class:`~shangrila_widget.runtime.NotInBrowserError` in a browser (JupyterLite), where
    the Cairo library does not exist: :func:`save_svg` works there.
    """
    from shangrila_widget.runtime import require_cpython

    require_cpython(problem("render_what_png"))
    try:
        import cairosvg  # type: ignore[import-untyped, unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "save_png needs cairosvg: pip install cairosvg (it also needs the Cairo library, "
            "e.g. apt-get install libcairo2); save_svg works without it"
        ) from error
    svg = position_svg(position, **options)
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=os.fspath(path), scale=scale)

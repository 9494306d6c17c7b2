"""One village opened large: the scene a phone shows after a tap on a village.

On a phone the whole board is about 360 CSS px wide and a space about 16 px: no finger can
aim at one. :func:`zoom_scene` draws one village :data:`~.layout.ZOOM` times larger in a
picture of the board's own size (so the canvas keeps its size on the page): the village's
block, spaces, tiles, stone, strength and highlights exactly as the board draws them (the
same pieces, from :func:`~.scene.build_scene` at the larger width, moved into view), a
*Back* button in the top-left corner and, while a journey from this village waits for its
destination, a disc for each neighbour across a bridge (an intact bridge's disc outlined in
plank brown, a fallen one's faded and dashed, a legal destination ringed in the target
green). Its :attr:`~.scene.Scene.zoom` is the :class:`~.layout.ZoomView` that hit-tests it:
``("back",)``, ``("village", neighbour)``, or the village's ``("space", v, type)`` and
``("village", v)``. Both painters draw it like any scene.

>>> from shangrila_widget.rules import Position
>>> pos = Position.new_game(["red", "blue", "yellow", "violet"]).play("place healer A").position
>>> scene = zoom_scene(pos, "A")
>>> (scene.width, scene.height), scene.zoom.village
((900.0, 910.0), 'A')
>>> scene.hit_test(*scene.zoom.space("healer")[:2])
('space', 'A', 'healer')
>>> sorted({p.tag for p in scene.dynamic if p.tag[:1] == ("master",)})
[('master', 'A', 'healer', 'red')]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from shangrila_widget.render.accessible import scene_text
from shangrila_widget.render.highlight import HighlightLike
from shangrila_widget.render.layout import HitTarget, ZoomView, zoom_view
from shangrila_widget.render.primitives import (
    Circle,
    Line,
    Primitive,
    Rect,
    Text,
    baseline_for_centre,
    moved,
)
from shangrila_widget.render.scene import Scene, build_scene
from shangrila_widget.render.styles import (
    BACKGROUND,
    BLOCK_EDGE,
    BLOCK_FILL,
    FOOTER_FILL,
    FOOTER_INK,
    HIGHLIGHT_COLOURS,
    LABEL_INK,
    PLANK,
    rounded,
)
from shangrila_widget.rules.board import board_bridges

if TYPE_CHECKING:
    from shangrila_widget.rules.position import Position

__all__ = ["ZOOM_KINDS", "zoom_scene"]

#: The kinds of primitive of the board that belong to one village (their tag's second
#: field is the village).
ZOOM_KINDS: Final = ("village", "walls", "space", "label", "master", "student", "stone", "strength")


def _own(tag: tuple[str, ...], village: str) -> bool:
    """Whether a primitive of the board with ``tag`` belongs to ``village``."""
    if not tag:
        return False
    if tag[0] in ZOOM_KINDS:
        return len(tag) > 1 and tag[1] == village
    # a highlight of the village or one of its spaces (not a bridge's)
    return tag[0] == "highlight" and tag[2] == village and not tag[4]


@lru_cache(maxsize=64)
def _static(
    board_static: tuple[Primitive, ...], view: ZoomView, width: float, height: float, lang: str
) -> tuple[Primitive, ...]:
    """Background, the village's static pieces moved into view, the *Back* button."""
    u = width / 900
    out: list[Primitive] = [Rect(0, 0, width, height, fill=BACKGROUND, tag=("background",))]
    out += [moved(p, view.dx, view.dy) for p in board_static if _own(p.tag, view.village)]
    x0, y0, x1, y1 = view.back
    size = rounded(44 * u)
    out.append(
        Rect(
            x0,
            y0,
            rounded(x1 - x0),
            rounded(y1 - y0),
            fill=FOOTER_FILL,
            stroke=FOOTER_INK,
            line_width=rounded(3 * u),
            rx=rounded(14 * u),
            tag=("back",),
        )
    )
    out.append(
        Text(
            rounded((x0 + x1) / 2),
            baseline_for_centre((y0 + y1) / 2, size),
            scene_text(lang, "back"),
            size=size,
            fill=FOOTER_INK,
            tag=("back",),
        )
    )
    title = rounded(40 * u)
    out.append(
        Text(
            rounded(width - 24 * u),
            baseline_for_centre((y0 + y1) / 2, title),
            scene_text(lang, "village", v=view.village),
            size=title,
            fill=LABEL_INK,
            anchor="end",
            tag=("zoom-title", view.village),
        )
    )
    return tuple(out)


def _destinations(
    position: Position, view: ZoomView, marks: tuple[HighlightLike, ...], u: float
) -> list[Primitive]:
    """A disc for each neighbour a journey may go to, a plank stub from the block to it."""
    targets = {m.village for m in marks if m.kind == "target" and m.type is None and m.village}
    centre = view.centre
    radius = view.layout.villages[view.village].radius
    out: list[Primitive] = []
    for village, cx, cy, r in view.destinations:
        intact = position.bridge_intact(view.village, village)
        tag = ("destination", view.village, village)
        dx, dy = cx - centre[0], cy - centre[1]
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        sx = centre[0] + dx / length * radius * 0.9
        sy = centre[1] + dy / length * radius * 0.9
        ex, ey = cx - dx / length * r, cy - dy / length * r
        out.append(
            Line(
                rounded(sx),
                rounded(sy),
                rounded(ex),
                rounded(ey),
                stroke=PLANK,
                line_width=rounded(13 * u),
                dash=() if intact else (rounded(10 * u), rounded(12 * u)),
                opacity=1.0 if intact else 0.55,
                tag=tag,
            )
        )
        out.append(
            Circle(
                cx,
                cy,
                r,
                fill=BLOCK_FILL,
                stroke=BLOCK_EDGE if intact else PLANK,
                line_width=rounded(3 * u),
                dash=() if intact else (rounded(8 * u), rounded(8 * u)),
                opacity=1.0 if intact else 0.55,
                tag=tag,
            )
        )
        size = rounded(46 * u)
        out.append(
            Text(
                cx,
                baseline_for_centre(cy, size),
                village,
                size=size,
                fill=LABEL_INK,
                opacity=1.0 if intact else 0.55,
                tag=tag,
            )
        )
        if village in targets:
            out.append(
                Circle(
                    cx,
                    cy,
                    rounded(r + 8 * u),
                    stroke=HIGHLIGHT_COLOURS["target"],
                    line_width=rounded(6 * u),
                    dash=(rounded(14 * u), rounded(8 * u)),
                    tag=("highlight", "target", village, "", ""),
                )
            )
    return out


def zoom_scene(
    position: Position,
    village: str,
    *,
    highlights: Iterable[HighlightLike] = (),
    selection: HitTarget = None,
    journey_from: str | None = None,
    lang: str = "en",
    width: float = 900.0,
    height: float | None = None,
) -> Scene:
    """The scene of ``village`` opened large, in a picture ``width`` x ``height`` (default:
    the whole board's height with its footer, ``width * 910 / 900``).

    ``highlights`` and ``selection`` are the board's (those of the village are drawn);
    ``journey_from``: the village a journey waits to leave from; when it is ``village``, its
    neighbours across the board's bridges are drawn as destinations to tap.
    """
    height = float(height if height is not None else round(width * 910 / 900, 2))
    players = len(position.players)
    neighbours: tuple[str, ...] = ()
    if journey_from == village:
        neighbours = tuple(
            b if a == village else a for a, b in board_bridges(players) if village in (a, b)
        )
    view = zoom_view(float(width), height, players, village, neighbours)
    marks = tuple(highlights)
    board = build_scene(
        position,
        highlights=marks,
        selection=selection,
        lang=lang,
        width=view.layout.width,
        footer=False,
    )
    static = _static(board.static, view, float(width), height, lang)
    dynamic = tuple(moved(p, view.dx, view.dy) for p in board.dynamic if _own(p.tag, village))
    return Scene(
        width=float(width),
        height=height,
        static=static,
        dynamic=dynamic + tuple(_destinations(position, view, marks, width / 900)),
        layout=view.layout,
        title=board.title,
        description=board.description,
        lang=lang,
        zoom=view,
    )

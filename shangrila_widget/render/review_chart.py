"""The chart of a game review: every player's win chance over the game, as scene primitives
and as SVG, painted like the board's pictures.

:func:`review_scene` draws a :class:`~shangrila_widget.bots.review.Review` (from
:func:`shangrila_widget.bots.review`) as primitives: a point per move, tagged
``("move", index, player, verdict)`` (``""``, ``inaccuracy``, ``mistake`` or ``blunder``,
ringed thicker for a bigger loss) so that a widget can map a click to a move;
:func:`review_svg` paints them with the package's SVG painter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from shangrila_widget.render.primitives import Circle, Layers, Line, Primitive, Rect, Text
from shangrila_widget.render.styles import PLAYER_STYLES
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Language, check_language, colour_name, say

if TYPE_CHECKING:
    from shangrila_widget.bots.review import Review


@dataclass(frozen=True, slots=True)
class ChartScene(Layers):
    """The chart as a drawing, like a :class:`~.scene.Scene`: its size, its two layers of
    primitives and its accessible text."""

    width: float
    height: float
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]
    title: str
    description: str
    lang: str


#: The width of the ring around a flagged move's point, by verdict.
RING_WIDTHS: Final = {"inaccuracy": 1.5, "mistake": 2.5, "blunder": 3.5}


def review_scene(
    rev: Review, *, lang: Language = "en", width: float = 640, height: float = 260
) -> ChartScene:
    """The chart of ``rev`` as primitives: a frame, grid lines at 0, 25, 50, 75 and 100 %,
    a line per player in the player's colour inside its darker edge, a point per move (tagged
    with its index)."""
    _check_review(rev)
    check_language(lang)
    left, right, top, bottom = 44.0, 12.0, 28.0, 30.0
    plot_w = width - left - right
    plot_h = height - top - bottom
    count = max(1, len(rev.moves))

    def x_of(i: int) -> float:
        return left + plot_w * i / count

    def y_of(p: float) -> float:
        return top + plot_h * (1.0 - p)

    static: list[Primitive] = [
        Rect(0, 0, width, height, fill="#FFFFFF", tag=()),
        Text(width / 2, 18, say("review.title", lang), size=13, fill="#222222"),
    ]
    for k in range(5):
        p = k / 4
        static.append(
            Line(left, y_of(p), left + plot_w, y_of(p), stroke="#CCCCCC", line_width=1, tag=())
        )
        static.append(
            Text(
                left - 6,
                y_of(p) + 4,
                f"{round(p * 100)}%",
                size=10,
                fill="#444444",
                weight="normal",
                anchor="end",
            )
        )
    static.append(
        Text(
            left + plot_w,
            height - 8,
            say("review.move", lang, n=len(rev.moves)),
            size=10,
            fill="#444444",
            weight="normal",
            anchor="end",
        )
    )
    dynamic: list[Primitive] = []
    for colour in rev.players:
        style = PLAYER_STYLES[colour]
        series = [rev.start[colour]] + [m.after[colour] for m in rev.moves]
        # The player's colour inside its darker edge, as the tiles: yellow alone was 1.2:1
        # on white, the edge is at least 3:1 (a mark that is not text).
        for stroke, line_width in ((style.edge, 4.5), (style.fill, 2.5)):
            dynamic.extend(
                Line(
                    x_of(i),
                    y_of(series[i]),
                    x_of(i + 1),
                    y_of(series[i + 1]),
                    stroke=stroke,
                    line_width=line_width,
                    tag=("series", colour),
                )
                for i in range(len(series) - 1)
            )
    for m in rev.moves:
        style = PLAYER_STYLES[m.player]
        tag = ("move", str(m.index), m.player, m.verdict or "")
        x, y = x_of(m.index), y_of(m.after[m.player])
        dynamic.append(Circle(x, y, 3.5, fill=style.fill, stroke=style.edge, line_width=1, tag=tag))
        if m.verdict is not None:
            width = RING_WIDTHS[m.verdict]
            dynamic.append(Circle(x, y, 6.5 + width, stroke="#B00020", line_width=width, tag=tag))
    names = ", ".join(colour_name(c, lang) for c in rev.players)
    return ChartScene(
        width,
        height,
        tuple(static),
        tuple(dynamic),
        say("review.title", lang),
        say("review.desc", lang, names=names),
        lang,
    )


def review_svg(rev: Review, *, lang: Language = "en", width: float = 640) -> str:
    """The chart of :func:`review_scene` as a standalone SVG document."""
    from shangrila_widget.render.svg import scene_to_svg

    return scene_to_svg(review_scene(rev, lang=lang, width=width))


def _check_review(rev: object) -> None:
    """Refuse anything but a :class:`Review`; a game record is one call away from one."""
    from shangrila_widget.bots.review import Review

    if isinstance(rev, Review):
        return
    from shangrila_widget.rules.record import GameRecord

    if isinstance(rev, GameRecord):
        raise TypeError(
            "expected a Review, got a GameRecord: review it first, "
            "review_svg(review(record)) (review from shangrila_widget.bots)"
        )
    raise TypeError(f"expected a Review (from shangrila_widget.bots.review), got {excerpt(rev)}")


__all__ = ["ChartScene", "review_scene", "review_svg"]

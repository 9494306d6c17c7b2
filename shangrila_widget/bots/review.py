"""Review a game: every player's win chance before and after each move, and the mistakes.

:func:`review` searches each position of a record's main line once (a small budget), so
that for move i the chances "before" are the estimate of position i and "after" that of
position i+1. A move whose player lost at least ``threshold`` of win chance, while the search
preferred another action, is a mistake; it names the better action and the reason for it.

:func:`review_scene` draws the chances over the game as scene primitives (a point per move,
tagged ``("move", index, player, mistake)`` so a widget can map a click to a move) and
:func:`review_svg` paints them with the package's SVG painter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from shangrila_widget.bots.hint import explain_action
from shangrila_widget.bots.levels import check_budget
from shangrila_widget.bots.search import Search, final_shares, win_chances
from shangrila_widget.rules.actions import Action
from shangrila_widget.rules.board import COLOURS, Colour
from shangrila_widget.rules.codes import OVER
from shangrila_widget.rules.engine import legal_actions
from shangrila_widget.rules.messages import Language, check_language, colour_name, say

if TYPE_CHECKING:
    from shangrila_widget.render.primitives import Primitive
    from shangrila_widget.rules.position import Position
    from shangrila_widget.rules.record import GameRecord


@dataclass(frozen=True)
class MoveReview:
    """One move of the main line (``index`` 1 is the first move)."""

    index: int
    player: Colour
    action: Action
    before: dict[Colour, float]
    after: dict[Colour, float]
    loss: float  # the player's win chance before minus after
    mistake: bool
    better: Action | None
    better_chance: float | None
    reason: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "index": self.index,
            "player": self.player,
            "action": str(self.action),
            "before": {c: round(p, 3) for c, p in self.before.items()},
            "after": {c: round(p, 3) for c, p in self.after.items()},
            "loss": round(self.loss, 3),
            "mistake": self.mistake,
            "better": None if self.better is None else str(self.better),
            "better_chance": None if self.better_chance is None else round(self.better_chance, 3),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Review:
    """The review of a game: the players, the chances at the start, one entry per move."""

    players: tuple[Colour, ...]
    start: dict[Colour, float]
    moves: tuple[MoveReview, ...]
    lang: Language

    @property
    def mistakes(self) -> list[MoveReview]:
        """The moves marked as mistakes, biggest loss first."""
        return sorted((m for m in self.moves if m.mistake), key=lambda m: -m.loss)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "players": list(self.players),
            "start": {c: round(p, 3) for c, p in self.start.items()},
            "moves": [m.to_dict() for m in self.moves],
        }


def _estimate(pos: Position, iterations: int, seed: int) -> tuple[list[float], Search | None]:
    """Every seat's chance in ``pos`` (the value of the search's preferred action)."""
    if pos._phase == OVER:
        return final_shares(pos), None
    if len(legal_actions(pos)) == 1:
        return win_chances(pos), None
    found = Search(pos, random.Random(seed))
    found.run(iterations)
    ranked = found.ranked()
    best = ranked[0][1]
    return [v / best.visits for v in best.value], found


def review(
    record: GameRecord,
    *,
    iterations: int = 200,
    seed: int = 0,
    lang: Language = "en",
    threshold: float = 0.1,
) -> Review:
    """Review the main line of ``record`` (see the module docstring)."""
    check_budget(iterations, None)
    check_language(lang)
    positions = [record.root.position]
    actions: list[Action] = []
    for node in record.main_line():
        positions.append(node.position)
        assert node.action is not None
        actions.append(node.action)
    players = tuple(COLOURS[c] for c in positions[0]._players)
    estimates = [_estimate(pos, iterations, seed + i) for i, pos in enumerate(positions)]
    moves: list[MoveReview] = []
    for i, action in enumerate(actions):
        before_pos = positions[i]
        seat = before_pos._turn
        before, found = estimates[i]
        after = estimates[i + 1][0]
        loss = before[seat] - after[seat]
        better = better_chance = reason = None
        mistake = False
        if found is not None and loss >= threshold:
            best_action, best_node = found.ranked()[0]
            if best_action != action:
                mistake = True
                better, better_chance = best_action, best_node.mean(seat)
                reason = explain_action(before_pos, best_action, lang)[0]
        moves.append(
            MoveReview(
                index=i + 1,
                player=players[seat],
                action=action,
                before=dict(zip(players, before)),
                after=dict(zip(players, after)),
                loss=loss,
                mistake=mistake,
                better=better,
                better_chance=better_chance,
                reason=reason,
            )
        )
    return Review(players, dict(zip(players, estimates[0][0])), tuple(moves), lang)


# ----------------------------------------------------------------------------- chart


@dataclass(frozen=True)
class ChartScene:
    """A chart as scene data: what the painters need (size, primitives, accessible text)."""

    width: float
    height: float
    static: tuple[Primitive, ...]
    dynamic: tuple[Primitive, ...]
    title: str
    description: str
    lang: str

    @property
    def primitives(self) -> tuple[Primitive, ...]:
        """Everything, in drawing order."""
        return self.static + self.dynamic


def review_scene(
    rev: Review, *, lang: Language = "en", width: float = 640, height: float = 260
) -> ChartScene:
    """The chart of ``rev`` as primitives: a frame, grid lines at 0, 25, 50, 75 and 100 %,
    a line per player in the player's colour, a point per move (tagged with its index)."""
    from shangrila_widget.render.primitives import Circle, Line, Rect, Text
    from shangrila_widget.render.styles import PLAYER_STYLES

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
        for i in range(len(series) - 1):
            dynamic.append(
                Line(
                    x_of(i),
                    y_of(series[i]),
                    x_of(i + 1),
                    y_of(series[i + 1]),
                    stroke=style.fill,
                    line_width=2.5,
                    tag=("series", colour),
                )
            )
    for m in rev.moves:
        style = PLAYER_STYLES[m.player]
        tag = ("move", str(m.index), m.player, "1" if m.mistake else "")
        x, y = x_of(m.index), y_of(m.after[m.player])
        dynamic.append(Circle(x, y, 3.5, fill=style.fill, stroke=style.edge, line_width=1, tag=tag))
        if m.mistake:
            dynamic.append(Circle(x, y, 7.5, stroke="#B00020", line_width=2, tag=tag))
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
    from shangrila_widget.render.scene import Scene
    from shangrila_widget.render.svg import scene_to_svg

    return scene_to_svg(cast(Scene, review_scene(rev, lang=lang, width=width)))

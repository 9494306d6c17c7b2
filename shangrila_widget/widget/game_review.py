"""The review chart: every player's chance to win over a game; click a point to go there.

.. code-block:: python

    from shangrila_widget.widget import ReviewChart
    ReviewChart(record)                 # any GameRecord (its main line), or a Review
    board.review()                      # the board's own game, linked to the board

The chart is :func:`shangrila_widget.bots.review_scene` painted on an ipycanvas ``Canvas``
with the package's painter (:func:`shangrila_widget.render.canvas.paint`), one message per
redraw. A click picks the move nearest to it along the time axis; linked to a board, the
board goes to that move (ringed as moved) and says what the review found. Where no kernel
runs, the chart is its static SVG (:func:`shangrila_widget.bots.review_svg`).

Given a record, the chart is drawn at once (every position's chance is known before any
search) and the review's judgements fill it in slices of about 50 ms on the kernel's loop
(:class:`~shangrila_widget.bots.Reviewer`), each flag appearing as its move is judged; the
caption says how far the review is, and ``complete`` turns True at the end.

Once complete, the top line says how well each player played (the loss per move), and the
review opens on the costliest move of the person's own seat (a seat no bot plays; every
seat without a board): the board shows the move played, *Better move* shows the better one
on the board (a preview), and the caption says both moves' facts. *Previous* and *Next* step
through the other costly moves, the people's first.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets
from ipycanvas import Canvas

from shangrila_widget.bots import Review, Reviewer, explain_action
from shangrila_widget.bots.review import REVIEW_ITERATIONS, MoveReview
from shangrila_widget.render.canvas import POINTER_CLASS, batch
from shangrila_widget.render.painter import paint
from shangrila_widget.render.primitives import Circle, Line, Primitive
from shangrila_widget.render.review_chart import review_scene, review_svg
from shangrila_widget.rules import GameRecord, Node, ShangrilaError, play
from shangrila_widget.rules.board import Colour
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language, action_words, problem, say
from shangrila_widget.widget.clock import Clock
from shangrila_widget.widget.common import Callbacks, show_error_in, visible_errors
from shangrila_widget.widget.controller import Feedback
from shangrila_widget.widget.seat_search import SLICE_SECONDS

if TYPE_CHECKING:
    from shangrila_widget.render.review_chart import ChartScene
    from shangrila_widget.widget.contract import BoardContract

log = logging.getLogger("shangrila_widget")

PIXEL_RATIO = 2.0


class ReviewChart(widgets.VBox):  # type: ignore[misc]
    """A game's review as a chart (see the module docstring).

    ``game``: a :class:`GameRecord` (reviewed now, ``iterations`` per position) or a
    :class:`~shangrila_widget.bots.Review`. ``board``: a board showing that record, to
    follow the clicks and share its language. ``selected`` (synced): the move on show,
    0 for the start.
    """

    selected = traitlets.Int(0).tag(sync=True)
    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: Whether every move is judged (True at once for a finished Review).
    complete = traitlets.Bool(True).tag(sync=True)
    #: The costly move on show, an index into :meth:`costly_moves` (-1: none).
    lesson = traitlets.Int(-1).tag(sync=True)
    #: Whether the board shows the better move of the costly move on show (a preview).
    showing_better = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: GameRecord | Review,
        *,
        board: BoardContract | None = None,
        iterations: int = REVIEW_ITERATIONS,
        seed: int = 0,
        lang: Language | None = None,
        width: float = 640.0,
        height: float = 260.0,
        clock: Clock | None = None,
        people: Sequence[Colour] | None = None,
        **kwargs: Any,
    ) -> None:
        lang = lang or (board.lang if board is not None else "en")
        self._people = None if people is None else tuple(people)
        self.reviewer: Reviewer | None = None
        if isinstance(game, GameRecord):
            self.record: GameRecord | None = game
            self.reviewer = Reviewer(game, iterations=iterations, seed=seed, lang=lang)
            self.review = self.reviewer.review()
        elif isinstance(game, Review):
            self.review = game
            self.record = board.record if board is not None else None
        else:
            raise ShangrilaError(problem("review_game", value=excerpt(game)))
        self.board = board
        self.chart_width, self.chart_height = float(width), float(height)
        self._select_callbacks: Callbacks[Callable[[int], Any]] = Callbacks()
        self.canvas = Canvas(
            width=round(width * PIXEL_RATIO),
            height=round(height * PIXEL_RATIO),
            layout=widgets.Layout(width="100%", max_width=f"{width:g}px", height="auto"),
        )
        # Touch and the wheel reach the page over the chart too (the board's pointer guard
        # keeps them from ipycanvas's front end for every canvas with this class).
        self.canvas.add_class(POINTER_CLASS)
        #: What the review says about the move on show.
        self.caption = widgets.HTML()
        self.caption.add_class("shangrila-review-caption")
        #: Errors of callbacks, in red under the chart.
        self.error_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_box.add_class("shangrila-error")
        #: How well each player played, above the chart.
        self.summary = widgets.HTML()
        self.summary.add_class("shangrila-review-summary")
        self.previous_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.better_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(layout=widgets.Layout(width="auto"))
        for button, name in (
            (self.previous_button, "previous"),
            (self.better_button, "better"),
            (self.next_button, "next"),
        ):
            button.add_class(f"shangrila-review-{name}")
        self.previous_button.on_click(lambda _: self._step_lesson(-1))
        self.next_button.on_click(lambda _: self._step_lesson(1))
        self.better_button.on_click(lambda _: self._toggle_better())
        self.lesson_label = widgets.Label()
        #: Previous, the costly move's place in the list, Better move, Next.
        self.lessons_bar = widgets.HBox(
            [self.previous_button, self.lesson_label, self.better_button, self.next_button],
            layout=widgets.Layout(display="none", flex_flow="row wrap"),
        )
        super().__init__(
            children=[
                self.summary,
                self.canvas,
                self.lessons_bar,
                self.caption,
                self.error_box,
            ],
            **kwargs,
        )
        self.add_class("shangrila-review-chart")
        self.lang = lang
        if board is not None:
            traitlets.link((board, "lang"), (self, "lang"))
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(self._on_client_ready)
        self.complete = self.review.complete
        self.redraw()
        if self.complete:
            self._open_lessons()
        if self.reviewer is not None:
            self._clock = clock or (board.clock if board is not None else Clock())
            self._clock.later(0.0, self._slice)

    def _slice(self) -> None:
        """Judge moves for one slice, show what is new, and come back until done."""
        reviewer = self.reviewer
        if reviewer is None:
            return
        try:
            flags = len(self.review.mistakes)
            done = reviewer.step(SLICE_SECONDS)
            self.review = reviewer.review()
            if done or len(self.review.mistakes) != flags:
                self.redraw()
            else:
                self._caption()
            self.complete = done
            if done:
                self._open_lessons()
            else:
                self._clock.later(0.0, self._slice)
        except Exception as error:  # noqa: BLE001 - shown under the chart and logged
            self.show_error(error)

    # ------------------------------------------------------------------ public

    def go(self, index: int) -> None:
        """Show move ``index`` (0: the start): the chart marks it, a linked board goes there."""
        count = len(self.review.moves)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= count:
            raise ShangrilaError(problem("review_move", value=excerpt(index), count=count))
        self.selected = index
        board, node = self.board, self._node(index)
        if board is not None and node is not None and board.record is self.record:
            board.go_to(node)  # ringed as moved
            texts = {lang: self.describe(index, lang) for lang in LANGUAGES}
            board.say(Feedback.sentence("info", "plain", text=texts))
        self._select_callbacks(index)

    def own_seats(self) -> tuple[Colour, ...]:
        """The seats of the people (``people``: the seats no bot plays; the board's *Review*
        gives them), every seat when not given."""
        players = self.review.players
        if self._people is None:
            return players
        return tuple(p for p in players if p in self._people)

    def costly_moves(self) -> list[MoveReview]:
        """The costly moves to step through: the people's costliest first (biggest loss
        first), then the bots' (see :meth:`shangrila_widget.bots.review.Review.costliest`)."""
        own = self.own_seats()
        first = [m for c in own for m in self.review.costliest(c)]
        rest = [m for c in self.review.players if c not in own for m in self.review.costliest(c)]
        return sorted(first, key=lambda m: -m.loss) + sorted(rest, key=lambda m: -m.loss)

    def show_lesson(self, number: int, better: bool = False) -> None:
        """Show costly move ``number`` of :meth:`costly_moves`: the board goes to the move
        played (``better``: shows the better move instead, as a preview)."""
        moves = self.costly_moves()
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(moves):
            raise ShangrilaError(problem("review_move", value=excerpt(number), count=len(moves)))
        self.lesson = number
        self.showing_better = False
        move = moves[number]
        self.go(move.index)
        if better:
            self._show_better(move)
        self._lessons_bar()

    def on_select(self, callback: Callable[[int], Any], remove: bool = False) -> None:
        """Call ``callback(index)`` when a move is chosen (a click or :meth:`go`)."""
        self._select_callbacks.register(callback, remove)

    def scene(self) -> ChartScene:
        """The chart as drawing primitives (:func:`shangrila_widget.bots.review_scene`)."""
        return review_scene(self.review, lang=self.lang, width=self.chart_width)

    def move_at(self, x: float, y: float) -> int | None:
        """The move whose point is nearest to the chart point (x, y) along the time axis
        (0: the start), or None outside the plot."""
        scene = self.scene()
        if not 0 <= y <= self.chart_height:
            return None
        points = [
            (p.cx, int(p.tag[1]))
            for p in scene.dynamic
            if isinstance(p, Circle) and _is_move_point(p)
        ]
        starts = [p.x1 for p in scene.dynamic if isinstance(p, Line) and p.tag[:1] == ("series",)]
        if starts:
            points.append((min(starts), 0))
        if not points:
            return None
        xs = sorted(px for px, _ in points)
        step = (xs[-1] - xs[0]) / max(1, len(xs) - 1) if len(xs) > 1 else 20.0
        px, index = min(points, key=lambda p: abs(p[0] - x))
        return index if abs(px - x) <= max(step, 8.0) else None

    def describe(self, index: int, lang: Language | None = None) -> str:
        """What the review says about move ``index`` (0: the start), in ``lang``."""
        lang = lang or self.lang
        if index == 0:
            return say("ui.review_start", lang)
        m = self.review.moves[index - 1]
        text = say(
            "ui.review_move",
            lang,
            index=index,
            player=m.player,
            action=action_words(m.action, lang),
            before=round(100 * m.before[m.player]),
            after=round(100 * m.after[m.player]),
        )
        costly = [c.index for c in self.costly_moves()] if self.review.complete else []
        if index in costly:
            return text + " " + self.review.move_words(m, intro=False).text(lang)
        if m.verdict is not None and m.better is not None:
            reason = m.reason or ""
            before = self._node(index - 1)
            if lang != self.review.lang and before is not None:
                reason = explain_action(before.position, m.better, lang)[0]
            text += " " + say(
                "ui.review_flag",
                lang,
                verdict=say(f"ui.verdict_{m.verdict}", lang),
                better=action_words(m.better, lang),
                chance=round(100 * (m.better_chance or 0.0)),
                played=round(100 * (m.played_chance or 0.0)),
                reason=reason,
            )
        return text

    def redraw(self) -> None:
        """Paint the chart (one message) and its caption."""
        scene = self.scene()
        primitives: list[Primitive] = list(scene.primitives)
        x = self._x_of(scene, self.selected)
        if x is not None:
            primitives.append(
                Line(
                    x,
                    26,
                    x,
                    self.chart_height - 28,
                    stroke="#222222",
                    line_width=1.5,
                    dash=(4.0, 3.0),
                    tag=("selected",),
                )
            )
        with batch(self.canvas):
            paint(self.canvas, primitives, scale=PIXEL_RATIO)
        self._caption()

    def _open_lessons(self) -> None:
        """Once complete: the players' figures on top, and the costliest move of the
        person's own seat on show."""
        self._summary()
        if self.costly_moves() and self.own_seats():
            self.show_lesson(0)
        self._lessons_bar()

    def _summary(self) -> None:
        if not self.review.complete:
            self.summary.value = ""
            return
        lines = [
            html.escape(self.review.figure(c).words().text(self.lang)) for c in self.review.players
        ]
        self.summary.value = "<div>" + "<br>".join(lines) + "</div>"

    def _lessons_bar(self) -> None:
        moves = self.costly_moves() if self.review.complete else []
        self.lessons_bar.layout.display = "flex" if moves else "none"
        lang = self.lang
        self.previous_button.description = say("ui.review_previous", lang)
        self.next_button.description = say("ui.review_next", lang)
        self.better_button.description = say(
            "ui.review_show_played" if self.showing_better else "ui.review_show_better", lang
        )
        self.previous_button.disabled = self.lesson <= 0
        self.next_button.disabled = not 0 <= self.lesson + 1 < len(moves)
        self.better_button.disabled = not 0 <= self.lesson < len(moves) or self.board is None
        self.lesson_label.value = (
            say("ui.review_costly", lang, number=self.lesson + 1, count=len(moves))
            if 0 <= self.lesson < len(moves)
            else ""
        )

    @visible_errors
    def _step_lesson(self, step: int) -> None:
        self.show_lesson(max(0, self.lesson + step))

    @visible_errors
    def _toggle_better(self) -> None:
        moves = self.costly_moves()
        if not 0 <= self.lesson < len(moves):
            return
        if self.showing_better:
            self.show_lesson(self.lesson)
        else:
            self._show_better(moves[self.lesson])
            self._lessons_bar()

    def _show_better(self, move: MoveReview) -> None:
        """The better move of ``move`` on the board, as a preview, with the review's words."""
        board, node = self.board, self._node(move.index - 1)
        better = move.better if move.better is not None else move.best
        if board is None or node is None or better is None or board.record is not self.record:
            return
        board.show_preview(play(node.position, better))
        texts = {lang: self.describe(move.index, lang) for lang in LANGUAGES}
        board.say(Feedback.sentence("info", "plain", text=texts))
        self.showing_better = True

    def _caption(self) -> None:
        """What the review says of the move on show, and how far the review is."""
        text = html.escape(self.describe(self.selected))
        if not self.review.complete:
            done = sum(1 for m in self.review.moves if m.judged)
            moves = len(self.review.moves)
            progress = say("ui.reviewing", self.lang, done=done, moves=moves)
            text += f"<br><i>{html.escape(progress)}</i>"
        self.caption.value = f"<div>{text}</div>"

    def show_error(self, error: BaseException) -> None:
        """Show ``error`` under the chart (and set :attr:`error`)."""
        log.exception("error inside the review chart", exc_info=error)
        self.error = show_error_in(self.error_box, error, self.lang)

    def _repr_svg_(self) -> str:
        """The static chart where no kernel runs."""
        return review_svg(self.review, lang=self.lang, width=self.chart_width)

    # ------------------------------------------------------------------ inside

    def _node(self, index: int) -> Node | None:
        if self.record is None:
            return None
        node = self.record.root
        for _ in range(index):
            if not node.children:
                return None
            node = node.children[0]
        return node

    @staticmethod
    def _x_of(scene: ChartScene, index: int) -> float | None:
        for p in scene.dynamic:
            if index and isinstance(p, Circle) and _is_move_point(p) and int(p.tag[1]) == index:
                return float(p.cx)
            if not index and isinstance(p, Line) and p.tag[:1] == ("series",):
                return float(p.x1)
        return None

    @visible_errors
    def _on_mouse_down(self, x: float, y: float) -> None:
        index = self.move_at(x / PIXEL_RATIO, y / PIXEL_RATIO)
        if index is not None:
            self.go(index)

    @visible_errors
    def _on_client_ready(self) -> None:
        self.redraw()

    @traitlets.observe("lang", "selected")
    def _changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "canvas"):
            self.redraw()
            self._summary()
            self._lessons_bar()


def _is_move_point(p: Primitive) -> bool:
    return isinstance(p, Circle) and p.tag[:1] == ("move",) and p.fill is not None


__all__ = ["ReviewChart"]

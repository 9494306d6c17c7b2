"""The rulebook tour widget: step through the worked examples, branch off, come back.

.. code-block:: python

    from shangrila_widget.widget import RulebookTour
    RulebookTour()          # or RulebookTour(lang="pl")

A chapter is a list of frames (:mod:`shangrila_widget.tour`): the start, then one per step.
The board shows the frame's position with the step's highlights; the narration beside it
says why, and the rule ids of the step are listed with their text.

Variations: at any frame, play on the board yourself (the next step's player is to move).
The tour then records a variation branching from that frame and says so above the board;
undo/redo (or the arrow keys) step inside it, "Main line" returns to the frame, "Promote"
makes the line on show the first variation of its frame and "Delete" removes it. Variations
are kept per frame while the tour lives, and saved with :meth:`RulebookTour.save_state`.

Keys while the board has focus: Left/Right previous/next frame (inside a variation: undo/
redo), Home/End first/last frame, Escape back to the main line. *Next* (and Right) after a
chapter's last step opens the next chapter, *Back* (and Left) before its start the previous
chapter's last step.

The title line (title, chapter, steps, *Presenter*) heads the tour; the guide, the narration,
the board's message and table and the rules reference share the panel beside the board.
``presenter=True`` (see :mod:`~shangrila_widget.widget.presenting`) folds it for a projector.

``learner="ada"``: the tour on ada's learning path (:mod:`~shangrila_widget.widget.learning`):
each chapter's stars by its title in the chapter list, ada's path panel beside the board, and
*Exercises* asks ada's next questions, chosen by her learner model and kept after each answer.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from shangrila_widget.exercises import ASKABLE_RULES, exercises_on
from shangrila_widget.exercises.path import stars_text
from shangrila_widget.render.highlight import Highlight
from shangrila_widget.rules import GameRecord, Node, Position, RecordError, ShangrilaError
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_to_move
from shangrila_widget.rules.errors import at_path, excerpt
from shangrila_widget.rules.messages import (
    LANGUAGES,
    Language,
    problem,
    rule_text,
    rule_title,
    rules_reference,
    say,
)
from shangrila_widget.tour import Chapter, Frame, load_chapters
from shangrila_widget.widget.board_html import rule_badge
from shangrila_widget.widget.board_widget import ShangriLaBoard
from shangrila_widget.widget.common import Words, relabel, translate, visible_errors
from shangrila_widget.widget.controller import Feedback, moved_highlights
from shangrila_widget.widget.exercises import Exercises
from shangrila_widget.widget.learning import PathPanel, Progress
from shangrila_widget.widget.presenting import TitleLine, link_presenter

TOUR_STATE_FORMAT = "shangrila-tour/1"


class RulebookTour(widgets.VBox):  # type: ignore[misc]
    """The rulebook's worked examples on the board, with narration in English or Polish.

    Traits: ``chapter`` (chapter id), ``frame`` (0 = start), ``lang``, ``in_variation``.
    The tour's ``lang`` and its board's are one setting: the board's EN/PL switch, the
    board's trait and the tour's trait each change every word of the tour.

    >>> tour = RulebookTour(chapter="placing-a-master")
    >>> tour.board.lang = "pl"
    >>> tour.lang
    'pl'
    >>> tour.next()
    >>> tour.frame, tour.in_variation
    (1, False)
    """

    chapter = traitlets.Unicode("").tag(sync=True)
    frame = traitlets.Int(0).tag(sync=True)
    lang = traitlets.Enum(LANGUAGES, default_value="en").tag(sync=True)
    in_variation = traitlets.Bool(False).tag(sync=True)
    presenter = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        *,
        lang: Language = "en",
        chapter: str | None = None,
        width: float = 760.0,
        presenter: bool = False,
        learner: str | Progress | None = None,
        **kwargs: Any,
    ) -> None:
        #: The learner on the path (None: the tour alone).
        self.progress = Progress(learner) if isinstance(learner, str) else learner
        self.path_panel: PathPanel | None = None
        self.chapters: tuple[Chapter, ...] = load_chapters()
        self._by_id = {c.id: c for c in self.chapters}
        first = self._chapter_by_id(chapter) if chapter else self.chapters[0]
        #: Variations: (chapter id, frame index) -> the record branching from that frame.
        self.variations: dict[tuple[str, int], GameRecord] = {}
        self._arrival = 0  # the frame a change of chapter arrives at (see go_to)
        self.board = ShangriLaBoard(first.start, lang=lang, width=width, show_legal=False)
        self.board.on_key(self._on_key)
        self._build(lang)
        #: The exercises on the chapter's rules (:meth:`practise`), shown under the board.
        self.exercises: Exercises | None = None
        self.exercises_box = widgets.VBox()
        super().__init__(
            children=[self._header, self.variation_bar, self.board, self.exercises_box],
            **kwargs,
        )
        self.add_class("shangrila-tour")
        self.chapter = first.id
        self._picker_link = traitlets.link((self, "chapter"), (self.chapter_picker, "value"))
        self.lang = lang
        self.presenter = presenter
        traitlets.link((self, "lang"), (self.board, "lang"))
        if self.path_panel is not None:
            traitlets.link((self, "lang"), (self.path_panel, "lang"))
        if self.progress is not None:
            self.progress.on_change(lambda _why: self._relabel_chapters(self.lang))
        link_presenter(self, self.board, self.title_line.presenter_button)
        self.board.on_node(self._on_board_change)
        self._show()  # once more, now that every label speaks the tour's language

    # ------------------------------------------------------------------ layout

    def _build(self, lang: Language) -> None:
        self.title_line = TitleLine("tour", lang)
        self.chapter_picker = widgets.Dropdown(options=self._chapter_options(lang))
        self.chapter_picker.add_class("shangrila-chapter-picker")
        self.nav_buttons: dict[str, widgets.Button] = {}
        steps: dict[str, Callable[[], None]] = {
            "first": lambda: self.go(0),
            "prev": self.previous,
            "next": self.next,
            "last": lambda: self.go(len(self.current_chapter.frames) - 1),
        }
        for key, run in steps.items():
            button = widgets.Button(description=say(f"ui.{key}", lang), layout={"width": "auto"})
            button.add_class(f"shangrila-nav-{key}")
            button.on_click(self.board.guarded(lambda _button, run=run: run()))
            self.nav_buttons[key] = button
        self.step_label = widgets.HTML()
        self.step_label.add_class("shangrila-step-label")
        self.practise_button = widgets.Button(
            description=say("ui.practise", lang),
            tooltip=say("ui.practise_tip", lang),
            layout={"width": "auto"},
        )
        self.practise_button.add_class("shangrila-practise")
        self.practise_button.on_click(self.board.guarded(lambda _button: self.practise()))
        self._header = widgets.HBox(
            [
                self.title_line.title,
                self.chapter_picker,
                *self.nav_buttons.values(),
                self.step_label,
                self.practise_button,
                self.title_line.presenter_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self._header.add_class("shangrila-header")
        self.variation_note = widgets.HTML()
        self.variation_buttons: dict[str, widgets.Button] = {}
        actions: dict[str, Callable[[], None]] = {
            "main_line": self.main_line,
            "promote": self.promote,
            "delete": self.delete_variation,
        }
        for key, run in actions.items():
            button = widgets.Button(description=say(f"ui.{key}", lang), layout={"width": "auto"})
            button.on_click(self.board.guarded(lambda _button, run=run: run()))
            self.variation_buttons[key] = button
        # Shown only inside a variation: on the main line the board's message says so.
        self.variation_bar = widgets.HBox(
            [self.variation_note, *self.variation_buttons.values()],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", display="none"),
        )
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.narration.add_class("shangrila-narration")
        self.reference_html = widgets.HTML(rules_reference_html(lang))
        self.reference_html.add_class("shangrila-reference")
        self._reference = widgets.Accordion(
            children=[self.reference_html], titles=(say("ui.reference", lang),)
        )
        self._reference.selected_index = None
        # The side panel beside the picture: the guide, the narration (it scrolls by itself,
        # so the board's message under it never covers its last line), the board's own
        # message and table, and the rules reference.
        # (The board's table gives way first; its action box and Copy link stay whole.)
        self.board.fill("side_top", self.title_line.guide, self.narration)
        if self.progress is not None:
            self.path_panel = PathPanel(self.progress, lang)
            self.board.fill("side_bottom", self.path_panel, self._reference)
        else:
            self.board.fill("side_bottom", self._reference)
        self.board.add_panel_class("shangrila-tour-panel")

    def practise(self, count: int = 3) -> Exercises:
        """Two or three exercises on the rules the chapter on show teaches (the same ones for
        everyone), under the board, in the tour's language; returned. On a learner's path: the
        learner's next questions instead (``count`` is not used)."""
        if self.progress is not None:
            return self._show_exercises(
                Exercises(
                    learner=self.progress,
                    show_path=False,
                    lang=self.lang,
                    presenter=self.presenter,
                )
            )
        chapter = self.current_chapter
        rules = [r for step in chapter.steps for r in step.teaches if r in ASKABLE_RULES]
        seed = self.chapters.index(chapter)
        exercises = Exercises(
            exercises_on(rules, count, seed), lang=self.lang, presenter=self.presenter
        )
        return self._show_exercises(exercises)

    def _show_exercises(self, exercises: Exercises) -> Exercises:
        traitlets.link((self, "lang"), (exercises, "lang"))
        traitlets.link((self, "presenter"), (exercises, "presenter"))
        self.exercises = exercises
        self.exercises_box.children = (exercises,)
        return exercises

    def _words(self) -> Words:
        """The tour's words: each of its buttons and the words keys its traits say."""
        buttons = {**self.nav_buttons, **self.variation_buttons}
        return {
            **{key: {"description": f"ui.{key}"} for key in buttons},
            "practise": {"description": "ui.practise", "tooltip": "ui.practise_tip"},
        }

    def _chapter_options(self, lang: Language) -> list[tuple[str, str]]:
        """The chapter list's labels: each chapter's title (and, on a path, its stars)."""
        if self.progress is None:
            return [(c.title[lang], c.id) for c in self.chapters]
        path, learner = self.progress.path, self.progress.learner
        stars = {s.id: stars_text(path.stars(learner, s)) for s in path.stages}
        return [
            (say("ui.path_chapter_stars", lang, title=c.title[lang], stars=stars[c.id]), c.id)
            if c.id in stars
            else (c.title[lang], c.id)
            for c in self.chapters
        ]

    def _relabel_chapters(self, lang: Language) -> None:
        self._picker_link.unlink()  # new labels for the same chapters: no passing change
        relabel(self.chapter_picker, self._chapter_options(lang))
        self._picker_link.link()

    def show_error(self, error: BaseException) -> None:
        """Show an error of a callback under the board (see :func:`visible_errors`)."""
        self.board.show_error(error)

    # ------------------------------------------------------------------ navigation

    @property
    def current_chapter(self) -> Chapter:
        """The chapter on show (its data: title, intro, frames)."""
        return self._by_id[self.chapter]

    @property
    def current_frame(self) -> Frame:
        return self.current_chapter.frames[self.frame]

    def go(self, index: int) -> None:
        """Show frame ``index`` of the chapter on the main line (clamped to the chapter)."""
        index = max(0, min(index, len(self.current_chapter.frames) - 1))
        if index == self.frame:
            self._show()
        else:
            self.frame = index

    def go_to(self, chapter: str, index: int = 0) -> None:
        """Show frame ``index`` of ``chapter`` (a chapter id) on the main line. An unknown
        chapter, or a frame the chapter does not have (``0`` to its last), raises a
        :class:`~shangrila_widget.rules.errors.ShangrilaError` that names it; nothing moves."""
        frames = self._chapter_by_id(chapter).frames
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index: expected a frame number, got {excerpt(index)}")
        if not 0 <= index < len(frames):
            raise ShangrilaError(
                problem(
                    "no_frame", chapter=excerpt(chapter), first=0, last=len(frames) - 1, value=index
                )
            )
        if chapter == self.chapter:
            self.go(index)
            return
        self._arrival = index
        try:
            self.chapter = chapter  # shows frame ``index`` through _chapter_changed
        finally:
            self._arrival = 0

    def next(self) -> None:
        """The next frame; after a chapter's last step, the next chapter's start."""
        if self.frame < len(self.current_chapter.frames) - 1:
            self.go(self.frame + 1)
        elif (following := self._neighbour(+1)) is not None:
            self.go_to(following.id, 0)

    def previous(self) -> None:
        """The frame before; before a chapter's start, the previous chapter's last step."""
        if self.frame > 0:
            self.go(self.frame - 1)
        elif (before := self._neighbour(-1)) is not None:
            self.go_to(before.id, len(before.frames) - 1)

    def _neighbour(self, offset: int) -> Chapter | None:
        """The chapter ``offset`` places after this one (before, if negative), if any."""
        index = self.chapters.index(self.current_chapter) + offset
        return self.chapters[index] if 0 <= index < len(self.chapters) else None

    def main_line(self) -> None:
        """Leave a variation: back to the frame it branched from."""
        record = self.variations.get((self.chapter, self.frame))
        if record is not None:
            record.go_to_start()
        self._show()

    def _variation_head(self) -> tuple[GameRecord, Node] | None:
        """The record of this frame and the first node of the variation on show, if any."""
        record = self.variations.get((self.chapter, self.frame))
        if record is None or record.current is record.root:
            return None
        node = record.current
        while node.parent is not None and node.parent is not record.root:
            node = node.parent
        return record, node

    def promote(self) -> None:
        """Make the variation on show the first of its frame."""
        head = self._variation_head()
        if head is not None:
            head[0].promote(head[1])
            self._show_variation_note()

    def delete_variation(self) -> None:
        """Delete the variation on show (from the frame on) and return to the main line."""
        head = self._variation_head()
        if head is not None:
            head[0].delete(head[1])
            self.main_line()

    def variation_root(self, chapter: Chapter, index: int) -> Position:
        """Where a variation from frame ``index`` starts: the frame's position with the next
        step's player to move."""
        position = chapter.frames[index].position
        if index + 1 < len(chapter.frames):
            step = chapter.frames[index + 1].step
            if step is not None and not step.out_of_turn and not position.is_over:
                try:
                    return with_to_move(position, step.player)
                except ValueError:
                    return position
        return position

    def _record_for(self, index: int) -> GameRecord:
        key = (self.chapter, index)
        if key not in self.variations:
            self.variations[key] = GameRecord(self.variation_root(self.current_chapter, index))
        return self.variations[key]

    # ------------------------------------------------------------------ showing

    def _chapter_by_id(self, chapter: object) -> Chapter:
        """The chapter of id ``chapter``, or the error that names it and a chapter it could be."""
        if isinstance(chapter, str) and chapter in self._by_id:
            return self._by_id[chapter]
        raise ShangrilaError(
            problem("unknown_chapter", value=excerpt(chapter), example=repr(self.chapters[0].id))
        )

    @traitlets.validate("chapter")
    def _validate_chapter(self, proposal: dict[str, Any]) -> str:
        try:
            return self._chapter_by_id(proposal["value"]).id
        except ShangrilaError as error:  # a trait's own error, in the same words
            raise traitlets.TraitError(str(error)) from None

    @traitlets.observe("chapter")
    @visible_errors
    def _chapter_changed(self, change: dict[str, Any]) -> None:
        self.exercises, self.exercises_box.children = None, ()
        index = max(0, min(self._arrival, len(self.current_chapter.frames) - 1))
        if self.frame != index:
            self.frame = index  # shows through _frame_changed
        else:
            self._show()

    @traitlets.observe("frame")
    @visible_errors
    def _frame_changed(self, change: dict[str, Any]) -> None:
        self._show()

    @traitlets.observe("lang")
    @visible_errors
    def _lang_changed(self, change: dict[str, Any]) -> None:
        lang = change["new"]  # the board's follows through the link made in __init__
        self._relabel_chapters(lang)
        self.title_line.translate(lang)
        controls = {**self.nav_buttons, **self.variation_buttons, "practise": self.practise_button}
        translate(controls, self._words(), lang)
        self._reference.set_title(0, say("ui.reference", lang))
        self.reference_html.value = rules_reference_html(lang)
        self.narration.value = self._narration_html(self.current_frame)
        self._update_labels()

    def _show(self) -> None:
        """Put the current frame (its main-line record at its root) on the board."""
        frame = self.current_frame
        record = self._record_for(self.frame)
        record.go_to_start()
        marks: list[Highlight] = list(frame.step.highlights if frame.step else ())
        if frame.outcome is not None:
            marks += moved_highlights(frame.outcome)
        self.in_variation = False
        self.board.show(record, highlights=marks)  # one redraw
        self.board.say(Feedback.sentence("info", "in_main"))
        self.narration.value = self._narration_html(frame)
        self._update_labels()

    def _on_board_change(self, board: ShangriLaBoard) -> None:
        """Another node on the board: entering, moving in or leaving a variation (a redraw
        of the same node, such as the caption shown here, does not come back)."""
        record = self.variations.get((self.chapter, self.frame))
        inside = record is not None and board.record is record and record.current is not record.root
        if inside and not self.in_variation:
            self.in_variation = True
            caption: dict[str, str] = {
                lang: say("ui.variation_caption", lang, k=self.frame) for lang in LANGUAGES
            }
            board.show(caption=caption)  # the same game, now with the caption
            self._update_labels()
        elif not inside and self.in_variation:
            self._show()
        else:
            self._update_labels()

    def _update_labels(self) -> None:
        lang = self.lang
        frames = self.current_chapter.frames
        label = (
            say("ui.start_position", lang)
            if self.frame == 0
            else say("ui.step_of", lang, k=self.frame, n=len(frames) - 1)
        )
        self.step_label.value = f"<b>{html.escape(label)}</b>"
        at_start, at_end = self.frame == 0, self.frame == len(frames) - 1
        self.nav_buttons["first"].disabled, self.nav_buttons["last"].disabled = at_start, at_end
        self.nav_buttons["prev"].disabled = at_start and self._neighbour(-1) is None
        self.nav_buttons["next"].disabled = at_end and self._neighbour(+1) is None
        # The chapter ends with its exercises: the button stands out at the last step.
        if at_end:
            self.practise_button.add_class("shangrila-call")
        else:
            self.practise_button.remove_class("shangrila-call")
        self._show_variation_note()

    def _show_variation_note(self) -> None:
        record = self.variations.get((self.chapter, self.frame))
        inside = self.in_variation and record is not None
        self.variation_bar.layout.display = "flex" if inside else "none"
        if inside and record is not None:
            path = record.current.path()
            note = say("ui.in_variation", self.lang, index=path[0] + 1, k=self.frame, ply=len(path))
            self.variation_note.value = (
                f"<div class='shangrila-note shangrila-note-variation'>{html.escape(note)}</div>"
            )
        else:
            self.variation_note.value = ""  # hidden, and no stale text in the page either
        for key in ("main_line", "promote", "delete"):
            self.variation_buttons[key].disabled = not inside

    def _narration_html(self, frame: Frame) -> str:
        lang = self.lang
        chapter = self.current_chapter
        parts = [f"<h3 class='shangrila-chapter-title'>{html.escape(chapter.title[lang])}</h3>"]
        if frame.step is None:
            parts.append(f"<p>{html.escape(chapter.intro[lang])}</p>")
        else:
            step = frame.step
            if frame.refusal is not None:
                parts.append(
                    f"<p class='shangrila-note shangrila-note-refused'>"
                    f"<b>{say('ui.refused', lang)}</b> "
                    f"<code>{html.escape(str(step.action))}</code>: "
                    f"{rule_badge(frame.refusal.rule, lang)} "
                    f"{html.escape(frame.refusal.message(lang))}</p>"
                )
            elif frame.outcome is not None:
                items = "".join(
                    f"<li>{rule_badge(e.rule, lang)} {html.escape(e.message(lang))}</li>"
                    for e in frame.outcome.events
                )
                parts.append(f"<ul class='shangrila-events'>{items}</ul>")
            parts.append(f"<p>{html.escape(step.narrate(lang))}</p>")
        rule_ids = frame.rule_ids if frame.step else chapter.rules
        if rule_ids:
            rows = "".join(
                f"<p class='shangrila-rule-line'>{rule_badge(r, lang)} "
                f"<b>{html.escape(rule_title(r, lang))}.</b> {html.escape(rule_text(r, lang))}</p>"
                for r in rule_ids
            )
            parts.append(
                f"<details open><summary>{say('ui.rules_here', lang)}</summary>{rows}</details>"
            )
        return "<div class='shangrila-narration-text'>" + "".join(parts) + "</div>"

    # ------------------------------------------------------------------ keys

    def _on_key(self, key: str) -> bool:
        if self.in_variation:
            if key == "Escape":
                self.main_line()
                return True
            return False  # the board's own undo/redo step inside the variation
        moves: dict[str, Callable[[], None]] = {
            "ArrowLeft": self.previous,
            "ArrowRight": self.next,
            "Home": lambda: self.go(0),
            "End": lambda: self.go(len(self.current_chapter.frames) - 1),
        }
        if key in moves:
            moves[key]()
            return True
        return False

    # ------------------------------------------------------------------ saving

    def save_state(self) -> str:
        """The tour's place and every variation, as JSON."""
        return json.dumps(
            {
                "format": TOUR_STATE_FORMAT,
                "chapter": self.chapter,
                "frame": self.frame,
                "lang": self.lang,
                "variations": [
                    {"chapter": c, "frame": f, "record": record.to_dict()}
                    for (c, f), record in self.variations.items()
                    if record.root.children
                ],
            },
            ensure_ascii=False,
        )

    def load_state(self, text: str) -> None:
        """Restore :meth:`save_state` output; raises :class:`RecordError` if malformed."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(
                f"load_state: expected the text save_state() wrote, got {type(text).__name__} "
                f"{excerpt(text)}"
            )
        try:
            data = json.loads(text)
        except ValueError as error:
            raise RecordError(problem("json_invalid", detail=str(error)[:80])) from None
        if not isinstance(data, dict) or data.get("format") != TOUR_STATE_FORMAT:
            raise RecordError(
                at_path("format", problem("tour_format", format=repr(TOUR_STATE_FORMAT)))
            )
        variations = {}
        for i, entry in enumerate(data.get("variations", [])):
            chapter = excerpt(entry.get("chapter") if isinstance(entry, dict) else entry)
            if not isinstance(entry, dict) or entry.get("chapter") not in self._by_id:
                raise RecordError(
                    at_path(f"variations[{i}]", problem("tour_state_chapter", value=chapter))
                )
            frame = entry.get("frame")
            if not isinstance(frame, int) or not 0 <= frame < len(
                self._by_id[entry["chapter"]].frames
            ):
                raise RecordError(at_path(f"variations[{i}].frame", problem("tour_state_frame")))
            variations[(entry["chapter"], frame)] = GameRecord.from_dict(entry.get("record"))
        if data.get("chapter") not in self._by_id:
            raise RecordError(
                at_path(
                    "chapter", problem("tour_state_chapter", value=excerpt(data.get("chapter")))
                )
            )
        frame_index = data.get("frame", 0)
        if not isinstance(frame_index, int) or not 0 <= frame_index < len(
            self._by_id[data["chapter"]].frames
        ):
            raise RecordError(at_path("frame", problem("tour_state_frame")))
        lang = data.get("lang", self.lang)
        if lang not in LANGUAGES:
            raise RecordError(at_path("lang", problem("record_lang", value=excerpt(lang))))
        self.variations = variations
        self.lang = lang
        self.chapter = data["chapter"]
        self.go(frame_index)

    def _repr_svg_(self) -> str:
        """The static picture where no kernel runs (saved notebooks, nbconvert)."""
        from shangrila_widget.render.svg import position_svg

        return position_svg(self.board.game, lang=self.lang)

    def share(self) -> str:
        """The position on the board as its one-line string."""
        return to_compact(self.board.game)


def rules_reference_html(lang: Language) -> str:
    """Every rule id with its title and text, by section, as HTML (the reference panel)."""
    rows = []
    for entry in rules_reference():
        choice = " ⚙" if entry.get("engine_choice") else ""
        rows.append(
            f"<tr id='shangrila-rule-{entry['id']}'><td><code>{entry['id']}</code>{choice}</td>"
            f"<td><b>{html.escape(entry['title'][lang])}</b><br>{html.escape(entry['text'][lang])}"
            f"</td></tr>"
        )
    return f"<table class='shangrila-reference-table'>{''.join(rows)}</table>"

"""The learning path in the notebook widgets: one learner's progress, kept without asking, and
the panel that shows it (stars per chapter, *what to practise next*, a reset, an export, and at
the path's end a first game against the ``easy`` computer players with hints on).

.. code-block:: python

    from shangrila_widget.widget import Exercises, RulebookTour
    Exercises(learner="ada")      # the next question chosen for ada; ada's file kept
    RulebookTour(learner="ada")   # stars by each chapter; Practise asks ada's next questions

:class:`Progress` is the learner (:class:`~shangrila_widget.exercises.learner.Learner`), the
path (:class:`~shangrila_widget.exercises.path.LearningPath`) and where the learner is kept:

- in a notebook, Voila or a terminal: :class:`FileStore`, the learner's file
  ``learners/NAME.json`` in the user's data folder, written atomically after every answer (a
  kernel killed meanwhile loses at most the answer being given);
- on the static site (Pyodide, ``sys.platform == "emscripten"``): :class:`BrowserStore`, the
  page's ``localStorage`` (Python runs in a Web Worker there, which has none: a small
  anywidget in the page reads and writes it and hands the learner to Python when the page
  shows it).
"""

from __future__ import annotations

import base64
import html
import json
import logging
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import ipywidgets as widgets
import traitlets

from shangrila_widget.deprecation import old_names
from shangrila_widget.exercises.exercise import Exercise, Option
from shangrila_widget.exercises.learner import Answer, Learner, LearnerFileError, learner_file
from shangrila_widget.exercises.path import (
    FIRST_GAME,
    LearningPath,
    practise_next_lines,
    record_answer,
    stars_text,
)
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language, problem, say
from shangrila_widget.widget.common import Words, shown_errors, translate

#: A learner's name: letters, digits, ``-`` and ``_``, up to 40 (it names the file).
NAME = re.compile(r"\w[\w-]{0,39}")

#: The prefix of a learner's key in the browser's ``localStorage``.
STORAGE_PREFIX = "shangrila-learner/"

log = logging.getLogger(__name__)


def checked_name(name: object) -> str:
    """``name`` if it can name a learner's file, else a :class:`ShangrilaError` naming it."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ShangrilaError(problem("path_name", value=excerpt(name)))
    return name


class ProgressStore(Protocol):
    """Where one learner is kept."""

    name: str

    def load(self) -> Learner: ...
    def save(self, learner: Learner) -> None: ...
    def clear(self) -> None: ...
    def where(self, lang: Language) -> str: ...


class FileStore:
    """The learner's file (:func:`~shangrila_widget.exercises.learner.learner_file`; in
    ``folder``/learners/ if given)."""

    def __init__(self, name: str, folder: Path | None = None) -> None:
        self.name = checked_name(name)
        self.folder = folder
        self.file = learner_file(self.name, folder)

    def load(self) -> Learner:
        """The learner saved, or a new one; :class:`LearnerFileError` (naming the file, left
        as it is) for a file that cannot be read."""
        return Learner.load(self.file) if self.file.exists() else Learner(self.name)

    def save(self, learner: Learner) -> None:
        learner.save(self.file)

    def clear(self) -> None:
        self.file.unlink(missing_ok=True)

    def where(self, lang: Language) -> str:
        return str(self.file)


_STORAGE_ESM = """
const PREFIX = "shangrila-learner/";
function read(name) {
  try { return window.localStorage.getItem(PREFIX + name); } catch (error) { return null; }
}
function initialize({ model }) {
  const report = (name) => model.send({ event: "loaded", name, text: read(name) });
  model.on("msg:custom", (message) => {
    if (message.event === "load") {
      report(message.name);
      return;
    }
    let ok = true;
    try {
      if (message.event === "save") {
        window.localStorage.setItem(PREFIX + message.name, message.text);
      } else if (message.event === "clear") {
        window.localStorage.removeItem(PREFIX + message.name);
      }
    } catch (error) { ok = false; }
    model.send({ event: "stored", name: message.name, ok });
  });
  report(model.get("name"));
}
function render({ el }) { el.style.display = "none"; }
export default { initialize, render };
"""


class BrowserStore:
    """The page's ``localStorage`` (key ``shangrila-learner/NAME``), through a small anywidget
    (:attr:`widget`, to be shown in the page): :meth:`load` gives a new learner at once, and
    the one kept in the page arrives through ``on_loaded(learner)`` once the page reports it.
    Without anywidget (or before the page reports) nothing is kept."""

    def __init__(self, name: str) -> None:
        self.name = checked_name(name)
        self.widget: Any = _storage_widget(self.name)
        #: Called with the learner the page kept (or the error that it cannot be read).
        self.on_loaded: Callable[[Learner | LearnerFileError], None] | None = None
        #: The page's own replies (``stored``: True when written), for the tests and errors.
        self.stored: bool | None = None
        if self.widget is not None:
            self.widget.on_msg(self._on_page)

    def load(self) -> Learner:
        if self.widget is not None:
            self.widget.send({"event": "load", "name": self.name})
        return Learner(self.name)

    def save(self, learner: Learner) -> None:
        if self.widget is not None:
            text = json.dumps(learner.to_dict(), ensure_ascii=False)
            self.widget.send({"event": "save", "name": self.name, "text": text})

    def clear(self) -> None:
        if self.widget is not None:
            self.widget.send({"event": "clear", "name": self.name})

    def where(self, lang: Language) -> str:
        return say("ui.path_in_browser", lang)

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("name") != self.name:
            return
        if content.get("event") == "stored":
            self.stored = bool(content.get("ok"))
        elif content.get("event") == "loaded" and isinstance(content.get("text"), str):
            where = STORAGE_PREFIX + self.name
            found: Learner | LearnerFileError
            try:
                found = Learner.from_dict(json.loads(content["text"]), where)
            except ValueError as error:
                found = LearnerFileError(problem("path_bad_file", file=where, why=str(error)))
            except LearnerFileError as error:
                found = error
            if self.on_loaded is not None:
                self.on_loaded(found)


def _storage_widget(name: str) -> Any:
    try:
        import anywidget
    except ImportError:  # pragma: no cover - anywidget comes with the site
        return None

    class LearnerStorage(anywidget.AnyWidget):
        _esm = _STORAGE_ESM
        name = traitlets.Unicode("").tag(sync=True)

    return LearnerStorage(name=name)


def default_store(name: str, folder: Path | None = None) -> ProgressStore:
    """The browser's storage on the static site (Pyodide), else the learner's file."""
    if sys.platform == "emscripten" and folder is None:  # pragma: no cover - Pyodide only
        return BrowserStore(name)
    return FileStore(name, folder)


class Progress:
    """One learner on the path, kept in ``store`` after every answer (by default
    :func:`default_store` of ``name``; ``folder``: keep the file there instead of the user's
    data folder). ``on_change(callback)``: called with the reason (``"answer"``, ``"reset"``,
    ``"learner"`` for another learner or one restored from the page) after each change.

    >>> import tempfile
    >>> progress = Progress("ada", folder=Path(tempfile.mkdtemp()))
    >>> key, exercise = progress.next_exercise()
    >>> progress.record(key, exercise, exercise.answer).correct
    True
    >>> Progress("ada", folder=progress.store.folder).learner.seen
    1
    """

    def __init__(
        self,
        name: str = "me",
        *,
        store: ProgressStore | None = None,
        folder: Path | None = None,
        path: LearningPath | None = None,
    ) -> None:
        self.path = path if path is not None else LearningPath()
        self._folder = folder
        self._callbacks: list[Callable[[str], None]] = []
        self.store: Any = store if store is not None else default_store(name, folder)
        #: Why the learner's file (or stored copy) could not be read: nothing is kept then,
        #: and the file is left as it is, until :meth:`reset`.
        self.error: LearnerFileError | None = None
        self.learner = self._open()

    @property
    def name(self) -> str:
        return str(self.store.name)

    def _open(self) -> Learner:
        self.error = None
        if isinstance(self.store, BrowserStore):
            self.store.on_loaded = self._restored
        try:
            return self.store.load()  # type: ignore[no-any-return]
        except LearnerFileError as error:
            self.error = error
            return Learner(self.name)

    def _restored(self, learner: Learner | LearnerFileError) -> None:
        if isinstance(learner, LearnerFileError):
            self.error = learner
            self._changed("learner")
        elif learner.seen >= self.learner.seen:
            self.learner = learner
            self._changed("learner")

    def on_change(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def _changed(self, why: str) -> None:
        for callback in list(self._callbacks):
            callback(why)

    def next_exercise(self) -> tuple[str, Exercise] | None:
        """The learner's next question (None: the path is done; the first game is next)."""
        if self.path.stage_of(self.learner) is None:
            return None
        return self.path.next_exercise(self.learner)

    def record(self, key: str, exercise: Exercise, option: Option) -> Answer:
        """Take the learner's answer ``option`` to ``exercise`` (the path's id ``key``) and
        keep the learner at once."""
        answer = record_answer(self.learner, key, exercise, option)
        if self.error is None:
            self.store.save(self.learner)
        self._changed("answer")
        return answer

    def reset(self) -> None:
        """Forget the learner's progress (their file or stored copy too)."""
        self.store.clear()
        self.error = None
        self.learner = Learner(self.name)
        self._changed("reset")

    def switch(self, name: str) -> None:
        """Go on as learner ``name`` (their progress, restored; a new learner if none)."""
        store = (
            BrowserStore(name)
            if isinstance(self.store, BrowserStore)
            else FileStore(name, self._folder)
        )
        self.store = store
        self.learner = self._open()
        self._changed("learner")

    def export_text(self) -> str:
        """The learner's progress as the learner's file has it (``shangrila-learner/1``)."""
        return json.dumps(self.learner.to_dict(), ensure_ascii=False, indent=1) + "\n"

    def export(self, file: Path | str) -> Path:
        """Write the learner's progress to ``file``; returned."""
        path = Path(file)
        self.learner.save(path)
        return path

    @property
    def done(self) -> bool:
        return self.path.stage_of(self.learner) is None


_STYLE = """
.shangrila-path .shangrila-path-list { margin: 4px 0 6px 0; padding-left: 2em; }
.shangrila-path .shangrila-path-list li { line-height: 1.45; }
.shangrila-path .shangrila-path-here { font-weight: 700; }
.shangrila-path .shangrila-stars { letter-spacing: 1px; }
.shangrila-path .shangrila-path-next ul { margin: 2px 0; padding-left: 1.4em; }
.shangrila-path .shangrila-path-next li { line-height: 1.35; }
"""


def _stylesheet() -> widgets.HTML:
    sheet = widgets.HTML(f"<style>{_STYLE}</style>", layout=widgets.Layout(display="none"))
    sheet.add_class("shangrila-style")
    return sheet


#: The panel's words: each control (by attribute) and the words keys of its traits.
WORDS: Words = {
    "name_box": {"description": "ui.path_learner", "tooltip": "ui.path_learner_tip"},
    "reset_button": {"description": "ui.path_reset", "tooltip": "ui.path_reset_tip"},
    "export_button": {"description": "ui.path_export", "tooltip": "ui.path_export_tip"},
    "next_button": {"description": "ui.path_next", "tooltip": "ui.path_next_tip"},
    "game_button": {"description": "ui.path_first_game"},
}


class PathPanel(widgets.VBox):  # type: ignore[misc]
    """The learner's path as the widgets show it: the learner's name (another name, another
    learner), *Start again* (two clicks), *Export* (a link that downloads the learner's file),
    the stars of every stage, *What to practise next* on request, and at the end *First game*
    (a board against the ``easy`` computer players with hints on, under the panel).
    """

    lang = traitlets.Enum(LANGUAGES, default_value="en")

    def __init__(self, progress: Progress, lang: Language = "en") -> None:
        self.progress = progress
        self.name_box = widgets.Text(value=progress.name, continuous_update=False)
        self.name_box.layout.width = "220px"
        self.name_box.observe(shown_errors(self, self._on_name), "value")
        self.reset_button = widgets.Button(layout={"width": "auto"})
        self.reset_button.on_click(shown_errors(self, lambda _b: self._on_reset()))
        self.export_button = widgets.Button(layout={"width": "auto"})
        self.export_button.on_click(shown_errors(self, lambda _b: self.export()))
        self.next_button = widgets.ToggleButton(layout={"width": "auto"})
        self.next_button.add_class("shangrila-path-next-button")
        self.next_button.observe(shown_errors(self, lambda _c: self.refresh()), "value")
        self.game_button = widgets.Button(layout={"width": "auto"})
        self.game_button.add_class("shangrila-path-first-game")
        self.game_button.on_click(shown_errors(self, lambda _b: self.first_game()))
        #: The stars of every stage, the learner's own marked.
        self.stars_html = widgets.HTML()
        self.stars_html.add_class("shangrila-path-stars")
        #: What to practise next (shown while *What to practise next* is down).
        self.next_html = widgets.HTML()
        self.next_html.add_class("shangrila-path-next")
        self.note = widgets.HTML()
        self.note.add_class("shangrila-path-note")
        self.export_link = widgets.HTML()
        self.export_link.add_class("shangrila-path-export")
        #: The first game's board, once asked for.
        self.game: Any = None
        self.game_box = widgets.VBox()
        self._armed = False
        tools = widgets.HBox(
            [self.name_box, self.reset_button, self.export_button, self.next_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        store_widget = getattr(progress.store, "widget", None)
        children = [tools, self.stars_html, self.next_html, self.note, self.export_link]
        children += [self.game_button, self.game_box, _stylesheet()]
        if store_widget is not None:
            children.append(store_widget)
        super().__init__(children)
        self.add_class("shangrila-path")
        self.lang = lang
        progress.on_change(lambda _why: self.refresh())
        self.refresh()

    def export(self) -> str:
        """A link that downloads the learner's file (``NAME-progress.json``); its HTML."""
        text = self.progress.export_text()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        file = f"{self.progress.name}-progress.json"
        label = html.escape(say("ui.path_export_link", self.lang, file=file))
        self.export_link.value = (
            f"<a download='{file}' href='data:application/json;base64,{data}'>{label}</a>"
        )
        return str(self.export_link.value)

    def first_game(self) -> Any:
        """A board against the ``easy`` computer players, hints on, under the panel."""
        from shangrila_widget.widget.board_widget import ShangriLaBoard

        level = str(FIRST_GAME["level"])
        bots = {colour: level for colour in ("blue", "yellow", "violet")}
        self.game = ShangriLaBoard(bots=bots, hints=bool(FIRST_GAME["hints"]), lang=self.lang)
        traitlets.link((self, "lang"), (self.game, "lang"))
        self.game_box.children = (self.game,)
        return self.game

    def _on_name(self, change: dict[str, Any]) -> None:
        name = change["new"]
        if name == self.progress.name:
            return
        self.progress.switch(checked_name(name))  # a bad name: said by show_error

    def show_error(self, error: BaseException) -> None:
        """Say what went wrong in a callback in the panel's note (in its language), and log it."""
        log.error("learning path: %s", error, exc_info=error)
        text = error.text(self.lang) if isinstance(error, ShangrilaError) else str(error)
        self.note.value = f"<span class='shangrila-error'>{html.escape(text)}</span>"

    def _on_reset(self) -> None:
        if not self._armed:
            self._armed = True
            self.reset_button.description = say("ui.path_reset_sure", self.lang)
            return
        self._armed = False
        self.progress.reset()

    def refresh(self) -> None:
        """Show the learner's stars, what to practise next (if asked) and where it is kept."""
        lang, progress = self.lang, self.progress
        path, learner = progress.path, progress.learner
        translate({name: getattr(self, name) for name in WORDS}, WORDS, lang)
        if self._armed:
            self.reset_button.description = say("ui.path_reset_sure", lang)
        if self.name_box.value != progress.name:
            self.name_box.value = progress.name
        current = path.stage_of(learner)
        rows = []
        for stage in path.stages:
            mark = " class='shangrila-path-here' aria-current='step'" if stage is current else ""
            stars = stars_text(path.stars(learner, stage))
            rows.append(
                f"<li{mark}><span class='shangrila-stars'>{stars}</span> "
                f"{html.escape(stage.name(lang))}</li>"
            )
        title = html.escape(say("ui.path_title", lang, name=progress.name))
        rows_html = "".join(rows)
        self.stars_html.value = f"<b>{title}</b><ol class='shangrila-path-list'>{rows_html}</ol>"
        if self.next_button.value:
            lines = practise_next_lines(path, learner, lang)
            items = "".join(f"<li>{html.escape(line.lstrip('- '))}</li>" for line in lines)
            heading = html.escape(say("path.next_title", lang))
            self.next_html.value = f"<b>{heading}</b><ul>{items}</ul>"
            self.next_html.layout.display = "flex"
        else:
            self.next_html.value = ""
            self.next_html.layout.display = "none"
        saved = say("ui.path_saved", lang, answers=learner.seen, where=progress.store.where(lang))
        done = current is None
        if done:
            saved = say("ui.path_done", lang, level=FIRST_GAME["level"]) + " " + saved
        if progress.error is not None:
            saved = f"{progress.error} {say('ui.path_not_kept', lang)}"
        self.note.value = f"<small>{html.escape(saved)}</small>"
        self.game_button.layout.display = "flex" if done else "none"

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "note"):
            self.refresh()


#: ``Store`` was this module's name for :class:`ProgressStore` (it clashed with the class
#: server's :class:`~shangrila_widget.class_session.store.Store`).
__getattr__ = old_names(__name__, {"Store": ("ProgressStore", ProgressStore)})

__all__ = [
    "NAME",
    "STORAGE_PREFIX",
    "BrowserStore",
    "FileStore",
    "PathPanel",
    "Progress",
    "ProgressStore",
    "checked_name",
    "default_store",
]

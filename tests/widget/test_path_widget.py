"""The learning path in the widgets, driven headlessly: a rule held, a misreading brought back,
stars that follow the answers, progress kept in the learner's file after every answer and
restored by a new widget, a reset, an export, the first game, the tour's chapter stars, the
browser's storage (its page side simulated), EN and PL."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest

from shangrila_widget.exercises.learner import Learner
from shangrila_widget.exercises.path import LearningPath, offered, path_stages
from shangrila_widget.rules.messages import say
from shangrila_widget.widget import Exercises, RulebookTour
from shangrila_widget.widget.learning import BrowserStore, FileStore, Progress


@pytest.fixture(scope="module")
def path() -> LearningPath:
    """One path for the module: its bank of exercises grows once, not per test."""
    return LearningPath()


def _exercises(folder: Path, path: LearningPath, name: str = "ada") -> Exercises:
    return Exercises(learner=Progress(name, folder=folder, path=path))


def _right(ex: Exercises) -> None:
    ex.answer(ex.current.answer)
    ex.next()


def _misread(ex: Exercises) -> str:
    """Answer with a wrong option that comes from a misreading; that misreading."""
    option = next(o for o in ex.current.options if not o.correct and o.misreading)
    ex.answer(option)
    assert option.misreading is not None
    return option.misreading


def test_a_rule_is_held_after_right_answers_and_the_stage_gets_its_stars(
    tmp_path: Path, path: LearningPath
) -> None:
    ex = _exercises(tmp_path, path)
    panel = ex.path_panel
    assert panel is not None
    first = path.stages[0]
    assert "☆☆☆</span> " + first.name("en") in panel.stars_html.value
    assert "shangrila-path-here" in panel.stars_html.value
    _right(ex)
    # One right answer on its rules: one star.
    assert "★☆☆</span> " + first.name("en") in panel.stars_html.value
    for _ in range(30):
        if path.stage_of(ex.progress.learner) is not first:  # type: ignore[union-attr]
            break
        _right(ex)
    learner = ex.progress.learner  # type: ignore[union-attr]
    assert path.stage_of(learner) is not first
    assert all(learner.held(rule) for rule in first.rules)
    # Done without a wrong answer: three stars, and the next stage is the learner's.
    assert "★★★</span> " + first.name("en") in panel.stars_html.value
    here = panel.stars_html.value.split("class='shangrila-path-here'")[1].split("</li>")[0]
    assert here.endswith(f"</span> {path.stages[1].name('en')}")


def test_a_misreading_shown_comes_back_three_questions_later(
    tmp_path: Path, path: LearningPath
) -> None:
    ex = _exercises(tmp_path, path)
    misread = _misread(ex)
    assert ex.current.explain(
        next(o for o in ex.current.options if o.misreading == misread), "en"
    ) in ex._verdict.value.replace("&#x27;", "'")
    ex.next()
    asked = []
    for _ in range(3):
        asked.append(offered(ex.current))
        _right(ex)
    # Answered at question 1, due at question 4: the fourth question offers it again.
    assert misread in asked[-1], asked
    # What to practise next, on request, names it until it is cleared.
    panel = ex.path_panel
    assert panel is not None and panel.next_html.layout.display == "none"
    panel.next_button.value = True
    words = say(f"exercise.m_{misread}", "en")
    assert html_text(panel.next_html.value).count(words) == (
        1 if ex.progress.learner.misreading(misread).waiting else 0  # type: ignore[union-attr]
    )


def html_text(value: str) -> str:
    return value.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


def test_every_answer_is_in_the_file_at_once_and_a_new_widget_goes_on(
    tmp_path: Path, path: LearningPath
) -> None:
    ex = _exercises(tmp_path, path)
    file = FileStore("ada", tmp_path).file
    assert not file.exists()
    _misread(ex)
    ex.next()
    assert Learner.load(file).seen == 1
    _right(ex)
    assert Learner.load(file).seen == 2
    stars = ex.path_panel.stars_html.value  # type: ignore[union-attr]
    again = _exercises(tmp_path, path)
    learner = again.progress.learner  # type: ignore[union-attr]
    assert learner.to_dict() == ex.progress.learner.to_dict()  # type: ignore[union-attr]
    assert again.path_panel.stars_html.value == stars  # type: ignore[union-attr]
    assert "<b>" + say("ui.path_question", "en", number=3) + "</b>" in again._title.value
    # The score line is the learner's kept record (1 right of 2), not this widget's own.
    kept = say("ui.exercise_score", "en", score=1, answered=2)
    assert kept in again._progress.value and kept in ex._progress.value
    # Another learner is another file: nothing of ada's.
    other = _exercises(tmp_path, path, "bob")
    assert other.progress.learner.seen == 0  # type: ignore[union-attr]


def test_a_kernel_killed_while_saving_loses_only_the_answer_being_given(
    tmp_path: Path, path: LearningPath, monkeypatch: pytest.MonkeyPatch
) -> None:
    ex = _exercises(tmp_path, path)
    file = FileStore("ada", tmp_path).file
    _right(ex)
    _right(ex)
    before = file.read_bytes()

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # the kernel stopped between writing and renaming

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        ex.answer(ex.current.answer)
    monkeypatch.undo()
    assert file.read_bytes() == before
    assert Learner.load(file).seen == 2
    assert [p.name for p in file.parent.iterdir()] == [file.name]  # no temporary file left
    assert _exercises(tmp_path, path).progress.learner.seen == 2  # type: ignore[union-attr]


def test_start_again_asks_twice_and_export_downloads_the_learners_file(
    tmp_path: Path, path: LearningPath
) -> None:
    ex = _exercises(tmp_path, path)
    panel = ex.path_panel
    assert panel is not None
    _right(ex)
    panel.export_button.click()
    link = panel.export_link.value
    assert "download='ada-progress.json'" in link
    data = link.split("base64,")[1].split("'")[0]
    exported = json.loads(base64.b64decode(data))
    assert exported == json.loads(FileStore("ada", tmp_path).file.read_text("utf-8"))
    assert exported["format"] == "shangrila-learner/1" and len(exported["answers"]) == 1
    written = ex.progress.export(tmp_path / "copy.json")  # type: ignore[union-attr]
    assert Learner.load(written).seen == 1
    panel.reset_button.click()
    assert panel.reset_button.description == say("ui.path_reset_sure", "en")
    assert ex.progress.learner.seen == 1  # type: ignore[union-attr]
    panel.reset_button.click()
    assert ex.progress.learner.seen == 0  # type: ignore[union-attr]
    assert not FileStore("ada", tmp_path).file.exists()
    assert panel.reset_button.description == say("ui.path_reset", "en")
    assert "★" not in panel.stars_html.value


def test_the_learner_name_switches_learner_and_a_bad_name_is_said(
    tmp_path: Path, path: LearningPath
) -> None:
    ex = _exercises(tmp_path, path)
    _right(ex)
    panel = ex.path_panel
    assert panel is not None
    panel.name_box.value = "bob"
    assert ex.progress.name == "bob" and ex.progress.learner.seen == 0  # type: ignore[union-attr]
    assert say("ui.path_title", "en", name="bob") in panel.stars_html.value
    panel.name_box.value = "ada"
    assert ex.progress.learner.seen == 1  # type: ignore[union-attr]
    panel.name_box.value = "../etc"
    assert "../etc" in html_text(panel.note.value) and ex.progress.name == "ada"  # type: ignore[union-attr]


def test_the_panel_speaks_polish_with_the_exercises(tmp_path: Path, path: LearningPath) -> None:
    ex = _exercises(tmp_path, path)
    panel = ex.path_panel
    assert panel is not None
    ex.lang = "pl"
    assert panel.next_button.description == say("ui.path_next", "pl")
    assert panel.reset_button.description == say("ui.path_reset", "pl")
    assert path.stages[0].name("pl") in panel.stars_html.value
    assert say("ui.path_title", "pl", name="ada") in panel.stars_html.value
    panel.next_button.value = True
    assert say("path.next_title", "pl") in html_text(panel.next_html.value)
    assert say("ui.path_question", "pl", number=1) in ex._title.value


def test_at_the_paths_end_a_first_game_against_easy_with_hints(tmp_path: Path) -> None:
    short = LearningPath(stages=path_stages()[:1])
    ex = Exercises(learner=Progress("ada", folder=tmp_path, path=short))
    panel = ex.path_panel
    assert panel is not None and panel.game_button.layout.display == "none"
    for _ in range(30):
        if ex.progress.done:  # type: ignore[union-attr]
            break
        _right(ex)
    assert ex.progress.done  # type: ignore[union-attr]
    assert panel.game_button.layout.display == "flex"
    assert say("ui.path_done", "en", level="easy") in html_text(panel.note.value)
    shown = ex.current
    ex.next()  # nothing more to ask
    assert ex.current is shown
    panel.game_button.click()
    board = panel.game
    assert board is not None and board.hints
    assert panel.game_box.children == (board,)


def test_the_tour_shows_chapter_stars_and_practises_the_learners_next_question(
    tmp_path: Path, path: LearningPath
) -> None:
    tour = RulebookTour(learner=Progress("ada", folder=tmp_path, path=path))
    first = tour.chapters[0]
    labels = dict((v, k) for k, v in tour.chapter_picker.options)
    assert labels[first.id] == f"{first.title['en']} ☆☆☆"
    assert tour.path_panel is not None
    assert tour.path_panel in tour.board.side_panel.children or any(
        tour.path_panel in getattr(c, "children", ()) for c in tour.board.side_panel.children
    )
    ex = tour.practise()
    assert ex.progress is tour.progress and ex.path_panel is None
    ex.answer(ex.current.answer)
    labels = dict((v, k) for k, v in tour.chapter_picker.options)
    assert labels[first.id] == f"{first.title['en']} ★☆☆"
    assert tour.chapter == first.id  # the labels changed, not the chapter on show
    tour.lang = "pl"
    labels = dict((v, k) for k, v in tour.chapter_picker.options)
    assert labels[first.id] == f"{first.title['pl']} ★☆☆"
    assert Learner.load(FileStore("ada", tmp_path).file).seen == 1


def test_on_the_static_site_the_page_storage_keeps_the_learner(path: LearningPath) -> None:
    """The BrowserStore's page side simulated: what Python sends it, what it answers."""
    store = BrowserStore("ada")
    sent: list[dict[str, object]] = []
    store.widget.send = sent.append
    progress = Progress(store=store, path=path)
    ex = Exercises(learner=progress)
    assert ex.path_panel is not None and store.widget in ex.path_panel.children
    assert sent == [{"event": "load", "name": "ada"}]
    # The page had ada from an earlier visit: two answers.
    kept = Learner("ada")
    first = ex.current
    kept.record("k1", first.kind, first.rules, offered(first))
    kept.record("k2", first.kind, first.rules, offered(first))
    shown = ex.current
    text = json.dumps(kept.to_dict())
    store._on_page(store.widget, {"event": "loaded", "name": "ada", "text": text}, [])
    assert progress.learner.seen == 2
    assert ex.current is not shown  # a question chosen for the learner restored
    assert say("ui.path_question", "en", number=3) in ex._title.value
    assert say("ui.path_in_browser", "en") in html_text(ex.path_panel.note.value)
    ex.answer(ex.current.answer)
    saved = sent[-1]
    assert saved["event"] == "save" and saved["name"] == "ada"
    assert len(json.loads(str(saved["text"]))["answers"]) == 3
    progress.reset()
    assert sent[-1] == {"event": "clear", "name": "ada"}


def test_a_learners_file_that_cannot_be_read_is_said_and_left_as_it_is(
    tmp_path: Path, path: LearningPath
) -> None:
    file = FileStore("ada", tmp_path).file
    file.parent.mkdir(parents=True)
    file.write_text("{not json", encoding="utf-8")
    ex = _exercises(tmp_path, path)
    panel = ex.path_panel
    assert panel is not None
    assert str(file) in html_text(panel.note.value)
    assert say("ui.path_not_kept", "en") in html_text(panel.note.value)
    ex.answer(ex.current.answer)
    assert file.read_text(encoding="utf-8") == "{not json"  # not written over
    panel.reset_button.click()
    panel.reset_button.click()
    assert not file.exists()
    ex.next()
    ex.answer(ex.current.answer)
    assert Learner.load(file).seen == 1


def test_a_panel_callback_that_fails_is_said_in_the_panels_language(
    tmp_path: Path, path: LearningPath
) -> None:
    """A bad name typed under a Polish board is said in Polish, and an error in any of the
    panel's buttons is shown in its note, not lost in the kernel's log."""
    ex = _exercises(tmp_path, path)
    ex.lang = "pl"
    panel = ex.path_panel
    assert panel is not None
    panel.name_box.value = "../etc"
    shown = html_text(panel.note.value)
    polish = say("error.path_name", "pl", value="'../etc'")
    assert polish in shown and polish != say("error.path_name", "en", value="'../etc'")
    assert ex.progress.name == "ada"  # type: ignore[union-attr]

    def broken() -> None:
        raise RuntimeError("the disk went away")

    panel.first_game = broken  # type: ignore[method-assign]
    panel.game_button.click()
    assert "the disk went away" in html_text(panel.note.value)

"""The old names of issue 24 (point 5) still work for one release, each with a
DeprecationWarning that names what to use instead (docs/api.md, *Deprecated names*)."""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

from shangrila_widget.bots.thinking import RankedAction
from shangrila_widget.class_session.report import StudentAnswer
from shangrila_widget.exercises.exercise import text_before_0_2
from shangrila_widget.exercises.generate import Sentence
from shangrila_widget.render.legend import LegendScene
from shangrila_widget.widget import ShangriLaBoard
from shangrila_widget.widget.exercises import Exercises
from shangrila_widget.widget.learning import ProgressStore
from shangrila_widget.widget.legend_toggle import Legend

# (module, old name, what it is now, the new name the warning gives)
OLD_NAMES = [
    ("shangrila_widget.bots", "Line", RankedAction, "RankedAction"),
    ("shangrila_widget.bots.thinking", "Line", RankedAction, "RankedAction"),
    ("shangrila_widget.exercises", "Text", text_before_0_2, "phrase"),
    ("shangrila_widget.exercises.generate", "Text", text_before_0_2, "phrase"),
    ("shangrila_widget.render", "Legend", LegendScene, "LegendScene"),
    ("shangrila_widget.render.legend", "Legend", LegendScene, "LegendScene"),
    ("shangrila_widget.widget.legend_toggle", "PictureKey", Legend, "Legend"),
    ("shangrila_widget.class_session.report", "Answer", StudentAnswer, "StudentAnswer"),
    ("shangrila_widget.widget.learning", "Store", ProgressStore, "ProgressStore"),
]


@pytest.mark.parametrize(("module", "old", "new", "says"), OLD_NAMES)
def test_an_old_class_name_is_the_new_class_and_warns(
    module: str, old: str, new: object, says: str
) -> None:
    loaded = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=f"{module}.{old} is deprecated: use {says}"):
        assert getattr(loaded, old) is new


@pytest.mark.parametrize("module", sorted({m for m, *_ in OLD_NAMES}))
def test_the_old_names_are_not_in_all_and_unknown_names_still_fail(module: str) -> None:
    loaded = importlib.import_module(module)
    old = {o for m, o, *_ in OLD_NAMES if m == module}
    assert not old & set(getattr(loaded, "__all__", ()))
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        getattr(loaded, "Nonesuch")  # noqa: B009 - the module's __getattr__ is under test


def test_the_old_text_says_what_it_said() -> None:
    with pytest.warns(DeprecationWarning):
        from shangrila_widget.exercises import Text  # type: ignore[attr-defined]
    assert Text("o_next", {"player": "blue"}).text("en") == text_before_0_2(
        "exercise.o_next", {"player": "blue"}
    ).text("en")


def test_the_new_names_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from shangrila_widget.bots import RankedAction as ranked
        from shangrila_widget.exercises import Sentence as sentence
        from shangrila_widget.render import LegendScene as scene

        assert (ranked, sentence, scene) == (RankedAction, Sentence, LegendScene)


def test_board_load_is_show_and_warns() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    moved = board.game.play("place healer A").position
    with pytest.warns(
        DeprecationWarning, match=r"board.load\(game\) is deprecated: use board.show"
    ):
        board.load(moved)
    assert board.game == moved


def test_board_picture_key_is_the_legend_and_warns() -> None:
    board = ShangriLaBoard(players=["red", "blue", "yellow"])
    with pytest.warns(
        DeprecationWarning, match="board.picture_key is deprecated: use board.legend"
    ):
        assert board.picture_key is board.legend


#: The widget modules renamed for unique names (old -> new), as widget/__init__ lists them.
RENAMED = {
    "board": "board_widget",
    "legend": "legend_toggle",
    "key": "legend_toggle",
    "review": "game_review",
    "style": "page_css",
    "tour": "rulebook_tour",
}


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_an_old_widget_module_imports_as_the_renamed_one_and_warns(old: str, new: str) -> None:
    renamed = importlib.import_module(f"shangrila_widget.widget.{new}")
    sys.modules.pop(f"shangrila_widget.widget.{old}", None)
    with pytest.warns(
        DeprecationWarning,
        match=f"the module shangrila_widget.widget.{old} is deprecated: "
        f"use shangrila_widget.widget.{new} ",
    ):
        loaded = importlib.import_module(f"shangrila_widget.widget.{old}")
    assert loaded is renamed
    assert renamed.__name__ == renamed.__spec__.name == f"shangrila_widget.widget.{new}"


def test_the_renamed_modules_are_the_ones_the_package_lists() -> None:
    from shangrila_widget import widget

    assert widget.RENAMED_MODULES == RENAMED
    files = {p.stem for p in Path(widget.__file__).parent.glob("*.py")}
    assert not files & set(RENAMED), "an old module name is a file again"
    assert set(RENAMED.values()) <= files


MOVED = {
    "address": "shangrila_widget.page_address",
    "kernel_start": "shangrila_widget.kernel_start",
}


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_a_module_moved_out_of_widget_imports_under_its_old_path_and_warns(
    old: str, new: str
) -> None:
    from shangrila_widget import widget

    assert widget.MOVED_MODULES == MOVED
    moved = importlib.import_module(new)
    sys.modules.pop(f"shangrila_widget.widget.{old}", None)
    with pytest.warns(
        DeprecationWarning,
        match=f"the module shangrila_widget.widget.{old} is deprecated: use {new} ",
    ):
        loaded = importlib.import_module(f"shangrila_widget.widget.{old}")
    assert loaded is moved and moved.__spec__.name == new
    assert not (Path(widget.__file__).parent / f"{old}.py").exists()


def test_the_old_widget_key_module_still_serves_the_old_class_name() -> None:
    sys.modules.pop("shangrila_widget.widget.key", None)
    with pytest.warns(DeprecationWarning, match="widget.key is deprecated: use .*legend_toggle"):
        key = importlib.import_module("shangrila_widget.widget.key")
    assert key.Legend is Legend
    with pytest.warns(DeprecationWarning, match="PictureKey is deprecated: use Legend"):
        assert key.PictureKey is Legend


def test_an_unknown_widget_module_still_fails_to_import() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("shangrila_widget.widget.nonesuch")


def test_exercises_record_is_the_rule_scores_and_warns() -> None:
    ex = Exercises(count=3, seed=1)
    ex.answer(ex.current.answer.text.text("en"))
    assert ex.rule_scores and all(right == asked == 1 for right, asked in ex.rule_scores.values())
    with pytest.warns(DeprecationWarning, match="Exercises.record is deprecated: use Exercises"):
        assert ex.record is ex.rule_scores


def test_ruling_site_url_still_gives_the_link_base_and_warns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shangrila_widget.rules import ruling
    from shangrila_widget.rules.questions import DEFAULT_BASE_URL, SITE_URL_VARIABLE

    monkeypatch.delenv(SITE_URL_VARIABLE, raising=False)
    with pytest.warns(DeprecationWarning, match=r"ruling.site_url is deprecated: use ruling_link"):
        site_url = ruling.site_url
    assert site_url() == DEFAULT_BASE_URL
    assert site_url("http://school.example/") == "http://school.example/"
    monkeypatch.setenv(SITE_URL_VARIABLE, "http://class.example/")
    assert site_url() == "http://class.example/"
    assert site_url("http://school.example/") == "http://school.example/"
    assert "site_url" not in ruling.__all__

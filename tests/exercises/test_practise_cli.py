"""``shangrila practise``: the learning path in a terminal, run in-process on typed input
(issue 27): questions and explanations, progress kept between runs, reset, export, Polish,
a bad file named and left as it is."""

from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from shangrila_widget import cli_practise
from shangrila_widget.__main__ import main
from shangrila_widget.exercises import Exercise, generate
from shangrila_widget.exercises.learner import FORMAT
from shangrila_widget.exercises.path import Bank, LearningPath


@lru_cache(maxsize=1)
def pool() -> tuple[tuple[str, Exercise], ...]:
    """A small fixed pool, made once (when a test first asks for it, not at collection)."""
    return tuple((f"g-{e.id}", e) for e in generate(24, 11))


def small_path() -> LearningPath:
    return LearningPath(Bank(pool(), grow=False))


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder in a temporary one; the path on a small fixed pool."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(cli_practise, "LearningPath", small_path)
    return tmp_path / "data"


def practise(monkeypatch: pytest.MonkeyPatch, typed: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    return main(["practise", *args])


def saved(folder: Path, name: str = "me") -> Any:
    return json.loads((folder / "shangrila" / "learners" / f"{name}.json").read_text("utf-8"))


def test_a_question_an_answer_and_the_progress_kept(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_folder: Path
) -> None:
    assert practise(monkeypatch, "1\nq\n", "--name", "ada") == 0
    out = capsys.readouterr().out
    assert "Stage 1 of 11: Placing a master" in out
    assert "  1. " in out and "Your answer (1-" in out
    assert ("Right." in out) != ("Not quite: the right answer is" in out)
    assert "Your progress is kept in" in out
    data = saved(data_folder, "ada")
    assert data["format"] == FORMAT and len(data["answers"]) == 1
    # The next run goes on: its first answer is the second one.
    assert practise(monkeypatch, "2\n", "--name", "ada") == 0  # the end of input stops too
    answers = saved(data_folder, "ada")["answers"]
    assert [a["at"] for a in answers] == [1, 2]
    assert answers[0]["exercise"] != answers[1]["exercise"]


def test_a_wrong_answer_is_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_folder: Path
) -> None:
    path = small_path()
    from shangrila_widget.exercises.learner import Learner

    found = path.next_exercise(Learner("me"))
    assert found is not None
    exercise = found[1]
    wrong = next(i for i, o in enumerate(exercise.options, 1) if not o.correct)
    right = exercise.options.index(exercise.answer) + 1
    assert practise(monkeypatch, f"x\n{wrong}\nq\n") == 0
    out = capsys.readouterr().out
    assert "Type a number from 1 to" in out
    assert f"Not quite: the right answer is {right}." in out
    assert exercise.explain(exercise.options[wrong - 1]) in out
    (answer,) = saved(data_folder)["answers"]
    assert answer["chosen"] == exercise.options[wrong - 1].misreading and not answer["correct"]


def test_practise_next_on_request_and_in_polish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert practise(monkeypatch, "?\nq\n", "--lang", "pl") == 0
    out = capsys.readouterr().out
    assert "Co teraz poćwiczyć:" in out and "- zasada jeszcze nie opanowana:" in out
    assert "Etap 11 z 11: Wszystkie zasady raz jeszcze ☆☆☆" in out
    assert "Twoja odpowiedź (1-" in out


def test_reset_and_export(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data_folder: Path,
    tmp_path: Path,
) -> None:
    assert practise(monkeypatch, "1\nq\n") == 0
    export = tmp_path / "mine.json"
    assert practise(monkeypatch, "", "--export", str(export)) == 0
    assert json.loads(export.read_text("utf-8")) == saved(data_folder)
    capsys.readouterr()
    assert practise(monkeypatch, "q\n", "--reset") == 0
    assert "is cleared" in capsys.readouterr().out
    assert not (data_folder / "shangrila" / "learners" / "me.json").exists()  # q before answering


def test_a_bad_file_is_named_and_kept(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data_folder: Path
) -> None:
    file = data_folder / "shangrila" / "learners" / "ada.json"
    file.parent.mkdir(parents=True)
    file.write_text('{"format": "shangrila-learner/1", "name": "ada", "answers": 3}', "utf-8")
    assert practise(monkeypatch, "1\n", "--name", "ada") == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("shangrila practise: error: cannot read the learner's file") or (
        "practise: error: cannot read the learner's file" in err
    )
    assert str(file) in err and len(err.splitlines()) == 1
    assert "answers" in file.read_text("utf-8") and "3}" in file.read_text("utf-8")


def test_a_bad_name_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        practise(monkeypatch, "", "--name", "../x")
    assert caught.value.code == 2
    assert "--name: expected letters, digits" in capsys.readouterr().err


def test_the_questions_after_each_answer_are_made_while_the_learner_reads() -> None:
    from shangrila_widget.exercises.learner import Learner
    from shangrila_widget.exercises.path import record_answer

    path, learner = LearningPath(), Learner("ada")  # a bank that grows: made on demand
    found = path.next_exercise(learner)
    assert found is not None
    key, exercise = found
    ahead = cli_practise.Premaker(path, learner, key, exercise)
    ahead._thread.join()  # the learner reads long enough for every answer's next question
    ahead.wait()
    made = dict(path.bank.pool)
    option = next(o for o in exercise.options if not o.correct)
    record_answer(learner, key, exercise, option)
    following = path.next_exercise(learner)
    assert following is not None and following[0] in made
    assert path.bank.pool == made  # found, not made after the answer

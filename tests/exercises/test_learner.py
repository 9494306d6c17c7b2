"""The learner model and the learning path (issue 27): a rule held, a misreading brought
back at the right distance, the order of the next questions, saving and restoring."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from shangrila_widget.exercises import exercises_on, generate
from shangrila_widget.exercises.learner import FORMAT, RETURNS, Learner, LearnerFileError
from shangrila_widget.exercises.path import Bank, LearningPath, Stage, offered, path_stages


def test_a_rule_is_held_after_right_answers_in_two_kinds_in_a_row() -> None:
    learner = Learner("ada")
    learner.record("e1", "stronger", ["JOURNEY-STRENGTH"], [])
    learner.record("e2", "stronger", ["JOURNEY-STRENGTH"], [])
    assert not learner.held("JOURNEY-STRENGTH")  # two right, one kind
    learner.record("e3", "what_happens", ["JOURNEY-STRENGTH"], [])
    assert learner.held("JOURNEY-STRENGTH")
    learner.record("e4", "find_changes", ["JOURNEY-STRENGTH"], [], correct=False)
    assert not learner.held("JOURNEY-STRENGTH")  # a wrong answer starts the row again
    learner.record("e5", "stronger", ["JOURNEY-STRENGTH"], [])
    assert not learner.held("JOURNEY-STRENGTH")


def test_a_rule_only_one_kind_asks_about_is_held_after_two_right_answers() -> None:
    learner = Learner("ada")
    learner.record("e1", "legal", ["PLACE-PRESENCE"], [])
    assert not learner.held("PLACE-PRESENCE")
    learner.record("e2", "legal", ["PLACE-PRESENCE"], [])
    assert learner.held("PLACE-PRESENCE")


def _filler(learner: Learner, count: int) -> None:
    for _ in range(count):
        learner.record(f"f{learner.seen}", "legal", ["PEACE"], [])


def test_a_misreading_shown_comes_back_after_three_then_eight_questions() -> None:
    assert RETURNS == (3, 8)
    learner = Learner("ada")
    m = "bridge-stays"
    learner.record("e1", "what_happens", ["BRIDGE-COLLAPSE"], [m], chosen=m)
    assert learner.misreading(m).due == 4 and learner.waiting() == [m]
    _filler(learner, 2)
    assert learner.due() == [m]  # question 4 is the third after it
    # Answered right before its time, it does not count as a return.
    learner2 = Learner("bo")
    learner2.record("e1", "what_happens", ["BRIDGE-COLLAPSE"], [m], chosen=m)
    learner2.record("e2", "what_happens", ["BRIDGE-COLLAPSE"], [m])
    assert learner2.misreading(m).returned == 0
    learner.record("e4", "find_changes", ["BRIDGE-COLLAPSE"], [m])
    assert learner.misreading(m).due == 4 + 8 and not learner.misreading(m).cleared
    _filler(learner, 7)
    assert learner.due() == [m]
    learner.record("e12", "what_happens", ["BRIDGE-COLLAPSE"], [m])
    assert learner.misreading(m).cleared and learner.waiting() == []
    # Shown again, it starts over.
    learner.record("e13", "what_happens", ["BRIDGE-COLLAPSE"], [m], chosen=m)
    assert learner.misreading(m).due == 16 and not learner.misreading(m).cleared


def test_a_misreading_offered_and_not_chosen_is_cleared_only_by_a_right_answer() -> None:
    learner = Learner("ada")
    learner.record(
        "e1", "legal", ["PEACE"], ["peace-ignored", "bridge-stays"], chosen="bridge-stays"
    )
    assert not learner.misreading("peace-ignored").cleared
    learner.record("e2", "legal", ["PEACE"], ["peace-ignored"])
    assert learner.misreading("peace-ignored").cleared


@pytest.fixture(scope="module")
def path() -> LearningPath:
    pool = [(f"g-{e.id}", e) for e in generate(40, 11)]
    pool += [(f"r-{e.id}", e) for e in exercises_on(["PLACE-SUPPLY"], 2, 3)]
    return LearningPath(Bank(pool, grow=False))


def test_the_path_is_the_tour_chapters_then_a_review_of_every_other_misreading() -> None:
    from shangrila_widget.exercises import MISREADINGS
    from shangrila_widget.tour import load_chapters

    stages = path_stages()
    assert [s.id for s in stages] == [c.id for c in load_chapters()] + ["review"]
    every = [m for s in stages for m in s.misreadings]
    assert sorted(every) == sorted(MISREADINGS) and len(every) == len(set(every))


def test_the_first_question_puts_misreadings_of_the_first_chapter(path: LearningPath) -> None:
    found = path.next_exercise(Learner("ada"))
    assert found is not None
    assert set(offered(found[1])) & set(path.stages[0].misreadings)


def test_the_next_question_targets_the_weakest_rule_met(path: LearningPath) -> None:
    learner = Learner("ada")
    first = path.stages[0]
    learner.record("x1", "legal", ["PLACE-PRESENCE"], first.misreadings)  # all put, all right
    learner.record("x2", "legal", ["PLACE-SUPPLY"], [], correct=False)
    found = path.next_exercise(learner)
    assert found is not None and "PLACE-SUPPLY" in found[1].rules
    assert path.stage_of(learner) is first and path.stars(learner, first) == 1


def test_a_misreading_shown_is_put_again_at_its_returns(path: LearningPath) -> None:
    """A learner who chooses one misreading once, then answers right: the path puts it back
    at the third question after, then eight after that, and then it is cleared."""
    target = "masters-travel"  # offered by many exercises of the pool
    journeys = Stage("journeys", {"en": "J", "pl": "J"}, ("JOURNEY-ALL",), (target,))
    path = LearningPath(path.bank, [journeys])
    learner = Learner("ada")
    shown_at = 0
    put_at = []
    while learner.seen < 30:
        found = path.next_exercise(learner)
        assert found is not None
        key, exercise = found
        there = target in offered(exercise)
        if there and learner.seen + 1 > shown_at > 0:
            put_at.append(learner.seen + 1)
        chosen = target if there and not shown_at else None
        if chosen:
            shown_at = learner.seen + 1
        learner.record(key, exercise.kind, exercise.rules, offered(exercise), chosen=chosen)
        if shown_at and learner.misreading(target).cleared:
            break
    assert shown_at, "the path never put the misreading"
    assert shown_at + 3 in put_at and shown_at + 3 + 8 in put_at, (shown_at, put_at)
    assert learner.misreading(target).cleared


def test_a_learner_saved_and_loaded_is_the_same(tmp_path: Path) -> None:
    learner = Learner("zoë")
    learner.record(
        "e1", "what_happens", ["BRIDGE-COLLAPSE"], ["bridge-stays"], chosen="bridge-stays"
    )
    learner.record("e2", "legal", ["PEACE"], ["peace-ignored"])
    file = tmp_path / "sub" / "zoë.json"
    learner.save(file)
    data = json.loads(file.read_text("utf-8"))
    assert data["format"] == FORMAT and len(data["answers"]) == 2
    again = Learner.load(file)
    assert again.to_dict() == learner.to_dict()
    assert again.waiting() == ["bridge-stays"] and again.misreading("peace-ignored").cleared
    assert [p.name for p in file.parent.iterdir()] == ["zoë.json"]  # no temporary left


def test_a_write_cut_short_leaves_the_last_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a killed process would leave: the file of the answers before, and no half file."""
    learner = Learner("ada")
    learner.record("e1", "legal", ["PEACE"], [])
    file = tmp_path / "ada.json"
    learner.save(file)
    before = file.read_bytes()
    learner.record("e2", "legal", ["PEACE"], [])

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        learner.save(file)
    assert file.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["ada.json"]
    assert Learner.load(file).seen == 1


@pytest.mark.parametrize(
    "text",
    [
        "{",
        '{"format": "shangrila-learner/9", "name": "a", "answers": []}',
        '{"format": "shangrila-learner/1", "name": "a", "answers": [{"at": 1}]}',
        "[]",
    ],
)
def test_a_bad_file_is_named_and_left_as_it_is(tmp_path: Path, text: str) -> None:
    file = tmp_path / "ada.json"
    file.write_text(text, "utf-8")
    with pytest.raises(LearnerFileError) as caught:
        Learner.load(file)
    assert str(file) in str(caught.value) and str(file) in caught.value.text("pl")
    assert file.read_text("utf-8") == text


def test_a_process_killed_while_saving_leaves_a_readable_file(tmp_path: Path) -> None:
    """A process that saves after every answer, killed (SIGKILL) at some moment: the file it
    leaves is whole, with every answer but at most the one being saved."""
    import signal
    import subprocess
    import sys
    import time

    file = tmp_path / "ada.json"
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from shangrila_widget.exercises.learner import Learner\n"
        "learner = Learner('ada')\n"
        "while True:\n"
        "    learner.record(f'e{learner.seen}', 'legal', ['PEACE'] * 50, ['peace-ignored'])\n"
        "    learner.save(Path(sys.argv[1]))\n"
        "    print(learner.seen, flush=True)\n"
    )
    root = str(Path(__file__).resolve().parents[2])
    process = subprocess.Popen(
        [sys.executable, "-c", script, str(file)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": root},
    )
    assert process.stdout is not None
    last = 0
    while last < 20:  # twenty answers saved at least
        assert process.poll() is None, "the saving process stopped"
        last = int(process.stdout.readline() or 0)
    time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    said = [int(line) for line in process.stdout.read().split()]
    process.stdout.close()
    learner = Learner.load(file)
    last = said[-1] if said else last
    assert learner.seen in (last, last + 1)
    assert [a.at for a in learner.answers] == list(range(1, learner.seen + 1))

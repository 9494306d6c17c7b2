"""How long ``shangrila practise`` keeps a learner waiting for the next question after an
answer, with the next questions made while the learner reads (``premake``, the default at a
terminal) and without.

A simulated learner thinks ``--think`` seconds over each question, then types an option (the
first wrong one, then the right one, in turn: the path's questions then come back, as for a
learner who misreads). Measured: the seconds from the typed answer to the next prompt (the
verdict, the explanation, the next question made and written). Output is thrown away; the
learner's file goes to a temporary folder.

``nice -n 10 python benchmarks/practise_wait.py --questions 8 --think 3``
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

from shangrila_widget import cli_practise
from shangrila_widget.cli_practise import practise
from shangrila_widget.exercises.exercise import Exercise
from shangrila_widget.exercises.learner import Learner
from shangrila_widget.exercises.path import LearningPath
from shangrila_widget.rules.messages import Language


class ThinkingInput(io.TextIOBase):
    """Standard input of a learner who thinks, then answers; records the waits."""

    def __init__(self, questions: int, think: float) -> None:
        self.left, self.think = questions, think
        self.waits: list[float] = []
        self._answered: float | None = None
        #: The exercise on show (written by ``question_text``, see :func:`run`).
        self.shown: Exercise | None = None

    def readline(self, size: int | None = -1) -> str:
        now = time.perf_counter()
        if self._answered is not None:
            self.waits.append(now - self._answered)
        if self.left == 0:
            return ""
        self.left -= 1
        time.sleep(self.think)
        assert self.shown is not None
        options = self.shown.options
        wrong = [i for i, o in enumerate(options) if not o.correct]
        index = wrong[0] if wrong and self.left % 2 else options.index(self.shown.answer)
        self._answered = time.perf_counter()
        return f"{index + 1}\n"


def run(questions: int, think: float, premake: bool) -> list[float]:
    path, learner = LearningPath(), Learner("bench")
    typed = ThinkingInput(questions, think)
    folder = Path(tempfile.mkdtemp(prefix="practise-wait-"))
    stdin, write_question = sys.stdin, cli_practise.question_text

    def shown(exercise: Exercise, lang: Language) -> str:
        typed.shown = exercise
        return write_question(exercise, lang)

    sys.stdin = typed  # type: ignore[assignment]
    cli_practise.question_text = shown  # type: ignore[assignment]
    try:
        with redirect_stdout(io.StringIO()):
            practise(learner, folder / "bench.json", "en", path, premake=premake)
    finally:
        sys.stdin, cli_practise.question_text = stdin, write_question
    return typed.waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument("--think", type=float, default=3.0)
    args = parser.parse_args()
    for premake in (False, True):
        waits = run(args.questions, args.think, premake)
        label = "premake" if premake else "no premake"
        print(
            f"{label:>10}: wait after an answer median {statistics.median(waits):.2f} s, "
            f"max {max(waits):.2f} s ({len(waits)} answers, {args.think:.0f} s thinking each)"
        )


if __name__ == "__main__":
    main()

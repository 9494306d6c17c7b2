"""The ``practise`` command: ``shangrila practise [--name NAME] [--lang en|pl] [--reset]
[--export FILE]``: the learning path in a terminal.

A question (the position in words, the question, its options numbered), a typed answer, the
explanation; ``?`` says what to practise next, ``q`` (or the end of the input) stops. Each
answer is saved at once, atomically, in the learner's file in the user's data folder
(:func:`learner_file`), so the next ``practise`` goes on where this one stopped. ``--reset``
starts again from nothing; ``--export FILE`` writes one's progress to FILE and stops.
Exit status 0; 2 and one line on standard error for a bad option or an unreadable file.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
from pathlib import Path
from typing import Any

from shangrila_widget.cli import add_lang_argument, option_error, write_output
from shangrila_widget.exercises.exercise import Exercise
from shangrila_widget.exercises.learner import Learner, learner_file
from shangrila_widget.exercises.path import (
    FIRST_GAME,
    LearningPath,
    Stage,
    practise_next_text,
    record_answer,
    stage_line,
)
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Language, say

_NAME = re.compile(r"\w[\w-]{0,39}")


def learner_name(text: str) -> str:
    """A learner's name as the file is named: letters, digits, ``-`` and ``_``, up to 40."""
    if not _NAME.fullmatch(text):
        raise option_error("path_name", value=excerpt(text))
    return text


def question_text(exercise: Exercise, lang: Language) -> str:
    from shangrila_widget.render.accessible import position_description

    lines = [position_description(exercise.position, lang), "", exercise.question.text(lang)]
    lines += [f"  {i}. {o.text.text(lang)}" for i, o in enumerate(exercise.options, 1)]
    return "\n".join(lines) + "\n"


class Premaker:
    """Makes the path's next questions in a thread while the learner reads and types: for
    each answer the learner may give to ``exercise``, the question that would follow, so that
    the bank holds it when the answer comes (making one can take seconds; the learner's own
    choice is then a look-up): the right answer's first, then the others'. :meth:`wait` once
    the answer is typed: the question in the making is finished, no other is begun (the bank
    is not shared while the thread runs)."""

    def __init__(self, path: LearningPath, learner: Learner, key: str, exercise: Exercise) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(path, learner, key, exercise), daemon=True
        )
        self._thread.start()

    def _run(self, path: LearningPath, learner: Learner, key: str, exercise: Exercise) -> None:
        for option in sorted(exercise.options, key=lambda o: not o.correct):
            if self._stop.is_set():
                return
            shadow = Learner(learner.name, learner.answers)
            record_answer(shadow, key, exercise, option)
            if path.stage_of(shadow) is not None:
                path.next_exercise(shadow)

    def wait(self) -> None:
        self._stop.set()
        self._thread.join()


def practise(
    learner: Learner,
    file: Path,
    lang: Language,
    path: LearningPath | None = None,
    *,
    premake: bool = True,
) -> int:
    """Ask questions on standard input until ``q``, the end of the input or the path's end;
    the learner is saved to ``file`` after each answer. ``premake``: the next questions are
    made while the learner reads (:class:`Premaker`)."""
    path = path or LearningPath()
    shown: Stage | None = None
    while True:
        stage = path.stage_of(learner)
        found = path.next_exercise(learner) if stage is not None else None
        if stage is None or found is None:
            write_output(say("path.done", lang, level=FIRST_GAME["level"]) + "\n")
            return 0
        if stage is not shown:
            write_output("\n" + stage_line(path, learner, stage, lang) + "\n")
            shown = stage
        key, exercise = found
        write_output("\n" + question_text(exercise, lang))
        ahead = Premaker(path, learner, key, exercise) if premake else None
        while True:
            write_output(say("path.prompt", lang, last=len(exercise.options)))
            line = sys.stdin.readline()
            typed = line.strip().lower()
            if not line or typed == "q":
                write_output("\n" + say("path.bye", lang, file=str(file)) + "\n")
                return 0
            if typed == "?":
                if ahead is not None:
                    ahead.wait()
                write_output(practise_next_text(path, learner, lang))
                continue
            if typed.isdecimal() and 1 <= int(typed) <= len(exercise.options):
                break
            write_output(say("path.not_an_option", lang, last=len(exercise.options)) + "\n")
        option = exercise.options[int(typed) - 1]
        if ahead is not None:
            ahead.wait()
        record_answer(learner, key, exercise, option)
        learner.save(file)
        if option.correct:
            write_output(say("path.right", lang) + "\n")
        else:
            right = exercise.options.index(exercise.answer) + 1
            write_output(
                say("path.wrong", lang, number=right, answer=exercise.answer.text.text(lang))
                + "\n"
                + exercise.explain(option, lang)
                + "\n"
            )


def run_practise(args: argparse.Namespace) -> int:
    """Run the parsed ``practise`` command; returns the exit status."""
    lang: Language = "pl" if args.lang == "pl" else "en"
    file = learner_file(args.name)
    if args.reset:
        file.unlink(missing_ok=True)
        write_output(say("path.reset", lang, name=args.name) + "\n")
    learner = Learner.load(file) if file.exists() else Learner(args.name)
    if args.export is not None:
        learner.save(args.export)
        write_output(say("path.exported", lang, file=str(args.export)) + "\n")
        return 0
    # Typed answers leave time to make the next questions meanwhile; piped ones do not.
    return practise(learner, file, lang, premake=sys.stdin.isatty())


def add_practise_command(commands: Any) -> None:
    """Register ``practise`` on the subparsers object of the main parser."""
    parser = commands.add_parser(
        "practise", help="the learning path in the terminal: questions, answers, progress kept"
    )
    parser.add_argument(
        "--name", type=learner_name, default="me", help="whose progress (default: me)"
    )
    add_lang_argument(parser, "(default en)")
    parser.add_argument("--reset", action="store_true", help="start again from nothing")
    parser.add_argument("--export", type=Path, metavar="FILE", help="write the progress to FILE")
    parser.set_defaults(run=run_practise)

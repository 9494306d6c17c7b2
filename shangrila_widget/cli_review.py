"""The ``review`` command: ``python -m shangrila_widget review RECORD_FILE`` (a saved game,
``shangrila-record/1``; ``-`` reads standard input).

It prints one JSON object: ``seats``, ``players`` (for each colour ``loss_per_move``,
``spread``, ``moves``, ``name``, ``words`` and ``costliest``, each costly move with
``index``, ``action``, ``better``, ``loss``, ``size``, ``facts`` and ``text``), ``flags`` (the
significant moves, as the widget shows them) and ``complete``; ``--moves`` adds every move.
See :meth:`shangrila_widget.bots.review.Review.to_dict`. Exit status 0, 2 for a file that
cannot be read or holds no game record, or a bad option (the ``check`` command's
conventions).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO, Any

from shangrila_widget.cli import (
    STANDARD_INPUT,
    add_lang_argument,
    command_line_error,
    read_text_file,
    whole_number,
    write_json,
)
from shangrila_widget.rules import GameRecord, ShangrilaError
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Message, Words

#: The most characters of a file name that an error message quotes.
_PATH_LIMIT = 200


def record_argument(argument: str, stdin: IO[bytes] | None = None) -> GameRecord:
    """The game record a ``RECORD_FILE`` argument names (``-``: standard input). A file that
    holds no record raises a :class:`ShangrilaError` naming the file and what is wrong."""
    where: Words
    if argument == "-":
        where = STANDARD_INPUT
        data = (stdin if stdin is not None else sys.stdin.buffer).read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            why = Message(
                "error.cli_not_utf8", {"byte": f"{data[error.start]:#04x}", "at": error.start}
            )
            raise command_line_error("cannot_read", where=where, why=why) from None
    else:
        where = excerpt(argument, _PATH_LIMIT)
        text = read_text_file(Path(argument))
    if not text.strip():
        raise command_line_error("cannot_read", where=where, why=Message("error.cli_empty"))
    try:
        return GameRecord.from_json(text.removeprefix("\ufeff"))
    except ShangrilaError as error:
        raise ShangrilaError(
            Message("error.cli_no_record_in", {"where": where, "problem": error.words})
        ) from None


def review_answer(
    record: GameRecord,
    *,
    iterations: int | None = None,
    seed: int | None = None,
    lang: str = "en",
    moves: bool = False,
) -> dict[str, Any]:
    """The ``review`` answer (see the module docstring)."""
    from shangrila_widget.bots import review

    answer = review(record, iterations=iterations, seed=seed, lang="pl" if lang == "pl" else "en")
    found = answer.to_dict()
    if not moves:
        del found["moves"]
    return found


def run_review(args: argparse.Namespace) -> int:
    """Run the parsed ``review`` command; returns the exit status."""
    record = record_argument(args.record)
    answer = review_answer(
        record, iterations=args.iterations, seed=args.seed, lang=args.lang, moves=args.moves
    )
    write_json(answer, args.pretty)
    return 0


def add_review_command(commands: Any) -> None:
    """Register ``review`` on the subparsers object of the main parser."""
    from shangrila_widget.bots.review import REVIEW_ITERATIONS

    parser = commands.add_parser(
        "review", help="review a saved game: how well each player played, the costliest moves"
    )
    parser.add_argument(
        "record",
        metavar="RECORD_FILE",
        help="a saved game record (shangrila-record/1, JSON); - reads standard input",
    )
    parser.add_argument(
        "--iterations",
        type=whole_number("--iterations"),
        default=None,
        help=f"search iterations of each screened move (default {REVIEW_ITERATIONS})",
    )
    parser.add_argument(
        "--seed",
        type=whole_number("--seed"),
        default=None,
        help="random seed (default 0: the same record gives the same review)",
    )
    parser.add_argument("--moves", action="store_true", help="add every move's judgement")
    add_lang_argument(parser, "language of the words (default en)")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
    parser.set_defaults(run=run_review)

"""The ``hint`` command: ``python -m shangrila_widget hint POSITION [--level hard]`` (the
position as for ``check``: a file, ``-``, a one-line string or ``--example NAME``).

It prints one JSON object: the suggested action and the ranked candidates, each with the
estimated win chance and a reason. Exit status 0, 1 when the game is over (the object then
says so), 2 for a malformed position file or option (the ``check`` command's conventions).
"""

from __future__ import annotations

import argparse
from typing import Any

from shangrila_widget.cli import (
    add_lang_argument,
    add_position_arguments,
    number_of_seconds,
    one_of,
    position_of,
    whole_number,
    write_json,
)
from shangrila_widget.rules import Position
from shangrila_widget.rules.messages import Language


def hint_verdict(
    position: Position,
    *,
    level: str | None = None,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    lang: str = "en",
) -> tuple[int, dict[str, Any]]:
    """The ``hint`` answer as (exit status, JSON object).

    >>> status, answer = hint_verdict(Position.new_game(["red", "blue", "yellow"]),
    ...                               iterations=20, seed=1)
    >>> status, answer["player"], len(answer["candidates"]) > 0
    (0, 'red', True)
    """
    from shangrila_widget.bots import hint
    from shangrila_widget.bots.levels import HINT_BOT, bot_from

    # no level: the hints' own bot (HINT_BOT), with the budget and seed given
    bot = bot_from(None, HINT_BOT, level=level, iterations=iterations, seconds=seconds, seed=seed)
    if position.is_over:
        return 1, {
            "game_over": True,
            "action": None,
            "candidates": [],
            "winners": list(position.winners()),
        }
    language: Language = "pl" if lang == "pl" else "en"
    found = hint(position, bot, lang=language)
    return 0, {"game_over": False, **found.to_dict()}


def run_hint(args: argparse.Namespace) -> int:
    """Run the parsed ``hint`` command; returns the exit status (errors go to the one error
    line of :func:`shangrila_widget.__main__.main`)."""
    status, answer = hint_verdict(
        position_of(args),
        level=args.level,
        seconds=args.seconds,
        iterations=args.iterations,
        seed=args.seed,
        lang=args.lang,
    )
    write_json(answer, args.pretty)
    return status


def add_hint_command(commands: Any) -> None:
    """Register ``hint`` on the subparsers object of the main parser."""
    from shangrila_widget.bots.levels import DEFAULT_BUDGETS, HINT_BOT, LEVELS

    hard, medium = DEFAULT_BUDGETS["hard"], DEFAULT_BUDGETS["medium"]
    hint_seconds = HINT_BOT.budget.seconds if HINT_BOT.budget else None
    parser = commands.add_parser("hint", help="suggest the best actions in a position")
    add_position_arguments(parser)
    parser.add_argument(
        "--level",
        choices=LEVELS,
        type=one_of("--level", LEVELS),
        default=None,
        help=f"bot level (default: the hints' own, medium's search for {hint_seconds:g} s)",
    )
    parser.add_argument(
        "--seconds",
        type=number_of_seconds("--seconds"),
        default=None,
        help=f"search time limit in seconds (default: the level's, {hard.seconds:g} for hard, "
        f"{medium.seconds:g} for medium; none with only --iterations)",
    )
    parser.add_argument(
        "--iterations",
        type=whole_number("--iterations"),
        default=None,
        help=f"search iterations (default: the level's, {hard.iterations:,} for hard, "
        f"{medium.iterations} for medium; none with only --seconds)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number("--seed"),
        default=None,
        help="random seed: with the same seed, levels random and easy give the same answer, "
        "and medium and hard do with --iterations and no --seconds (a time limit, theirs by "
        "default, stops the search wherever the clock finds it)",
    )
    add_lang_argument(parser, "reason language (default en)")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
    parser.set_defaults(run=run_hint)

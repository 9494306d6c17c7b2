"""The ``hint`` command: ``python -m shangrila_widget hint POSITION.json [--level hard]``.

It prints one JSON object: the suggested action and the ranked candidates, each with the
estimated win chance and a reason. Exit status 0, 1 when the game is over (the object then
says so), 2 for a malformed position file or option (the ``check`` command's conventions).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from shangrila_widget.rules import Position, ShangrilaError


def hint_verdict(
    position: Position,
    *,
    level: str = "hard",
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

    if position.is_over:
        return 1, {
            "game_over": True,
            "action": None,
            "candidates": [],
            "winners": list(position.winners()),
        }
    found = hint(
        position,
        level=level,
        seconds=seconds,
        iterations=iterations,
        seed=seed,
        lang="pl" if lang == "pl" else "en",
    )
    return 0, {"game_over": False, **found.to_dict()}


def run_hint(args: argparse.Namespace) -> int:
    """Run the parsed ``hint`` command; returns the exit status."""
    try:
        text = Path(args.position).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read {args.position}: {error}", file=sys.stderr)
        return 2
    try:
        position = Position.from_json(text)
        status, answer = hint_verdict(
            position,
            level=args.level,
            seconds=args.seconds,
            iterations=args.iterations,
            seed=args.seed,
            lang=args.lang,
        )
    except ShangrilaError as error:
        print(f"error: {error.text(args.lang)}", file=sys.stderr)
        return 2
    print(json.dumps(answer, ensure_ascii=False, indent=2 if args.pretty else None))
    return status


def add_hint_command(commands: Any) -> None:
    """Register ``hint`` on the subparsers object of the main parser."""
    from shangrila_widget.bots.levels import LEVELS

    parser = commands.add_parser("hint", help="suggest the best actions in a position")
    parser.add_argument("position", help="a position file in the shangrila-position/1 JSON format")
    parser.add_argument("--level", choices=LEVELS, default="hard", help="bot level (default hard)")
    parser.add_argument("--seconds", type=float, default=None, help="search time")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations")
    parser.add_argument("--seed", type=int, default=None, help="seed (repeatable answers)")
    parser.add_argument("--lang", choices=("en", "pl"), default="en", help="reason language")
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")
    parser.set_defaults(run=run_hint)

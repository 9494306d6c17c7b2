"""The terminal: ``python -m shangrila_widget check POSITION.json "journey A B"``.

``hint POSITION.json [--level LEVEL] [--seconds S] [--lang pl]`` suggests actions
(:mod:`shangrila_widget.cli_hint`).

``check`` prints one JSON object (``position-format.md``) and exits 0 for a legal action,
1 for a refused one, 2 for a malformed position file or action text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shangrila_widget.cli_hint import add_hint_command
from shangrila_widget.rules import (
    IllegalActionError,
    Position,
    ShangrilaError,
    parse_action,
)
from shangrila_widget.rules.messages import Language


def check_action(
    position: Position, action_text: str, lang: Language = "en"
) -> tuple[int, dict[str, Any]]:
    """The ``check`` verdict as (exit status, JSON object); raises on a malformed action.

    >>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
    >>> status, verdict = check_action(pos, "journey A B")
    >>> status, verdict["legal"], verdict["rule"]
    (1, False, 'SETUP-ORDER')
    """
    action = parse_action(action_text)
    try:
        outcome = position.play(action)
    except IllegalActionError as error:
        return 1, {
            "legal": False,
            "rule": error.rule,
            "message": error.refusal.message(lang),
            "situation": None,
            "events": [],
            "position": position.to_dict(),
        }
    return 0, {
        "legal": True,
        "rule": None,
        "message": " ".join(outcome.messages(lang)),
        "situation": outcome.situation,
        "events": [{"rule": e.rule, "message": e.message(lang)} for e in outcome.events],
        "position": outcome.position.to_dict(),
    }


def _check(args: argparse.Namespace) -> int:
    try:
        text = Path(args.position).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read {args.position}: {error}", file=sys.stderr)
        return 2
    try:
        position = Position.from_json(text)
        status, verdict = check_action(position, args.action, args.lang)
    except ShangrilaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(verdict, ensure_ascii=False, indent=2 if args.pretty else None))
    return status


def _tour(args: argparse.Namespace) -> int:
    from shangrila_widget.serve import serve_tour

    return serve_tour(port=args.port, open_browser=not args.no_browser)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m shangrila_widget",
        description="Referee and teach The Bridges of Shangri-La.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check", help="is an action legal in a position, and what does it do?"
    )
    check.add_argument("position", help="a position file in the shangrila-position/1 JSON format")
    check.add_argument("action", help='an action text, e.g. "journey A B" or "place healer C"')
    check.add_argument("--lang", choices=("en", "pl"), default="en", help="message language")
    check.add_argument("--pretty", action="store_true", help="indent the JSON output")
    check.set_defaults(run=_check)
    add_hint_command(commands)
    tour = commands.add_parser("tour", help="open the rulebook tour in a browser (Voila)")
    tour.add_argument("--port", type=int, default=8866)
    tour.add_argument("--no-browser", action="store_true", help="only start the server")
    tour.set_defaults(run=_tour)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""The terminal: ``shangrila check POSITION.json "journey A B"`` (the console script) or
``python -m shangrila_widget check POSITION.json "journey A B"``.

``hint POSITION.json [--level LEVEL] [--seconds S] [--lang pl]`` suggests actions
(:mod:`shangrila_widget.cli_hint`).

``check`` prints one JSON object (``position-format.md``) and exits 0 for a legal action,
1 for a refused one, 2 for a malformed position file, action text or command line: then one
line on standard error says what is wrong, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from shangrila_widget.cli_hint import add_hint_command
from shangrila_widget.lite import add_lite_command
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


class CommandLineError(ShangrilaError):
    """A command line or a file it names cannot be used; the CLI exits 2 with the message."""


def _check(args: argparse.Namespace) -> int:
    try:
        text = Path(args.position).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandLineError(
            f"cannot read {args.position!r}: {error.strerror or type(error).__name__}"
        ) from None
    except UnicodeDecodeError:
        raise CommandLineError(f"cannot read {args.position!r}: not UTF-8 text") from None
    position = Position.from_json(text)
    status, verdict = check_action(position, args.action, args.lang)
    _write(json.dumps(verdict, ensure_ascii=False, indent=2 if args.pretty else None) + "\n")
    return status


def _write(text: str) -> None:
    """Write to standard output; a reader that stopped early (``| head``) is no error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Point stdout at devnull so that the flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _tour(args: argparse.Namespace) -> int:
    from shangrila_widget.serve import serve_tour

    return serve_tour(port=args.port, open_browser=not args.no_browser)


def program_name(argv0: str | None = None) -> str:
    """How the program was started, for its usage line: ``shangrila`` (the console script)
    or ``python -m shangrila_widget``.

    >>> program_name("/usr/local/bin/shangrila"), program_name(".../shangrila_widget/__main__.py")
    ('shangrila', 'python -m shangrila_widget')
    """
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if name in ("", "-c", "__main__.py") or name.startswith("python"):
        return "python -m shangrila_widget"
    return name.removesuffix(".exe").removesuffix("-script.py")


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line on one line (usage stays under --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _one_line(f"{self.prog}: error: {message} (see {self.prog} --help)") + "\n")


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text[:6]) < 65536:
        raise argparse.ArgumentTypeError(f"expected a port number 1-65535, got {text[:24]!r}")
    return int(text)


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog or program_name(),
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
    tour.add_argument("--port", type=_port, default=8866)
    tour.add_argument("--no-browser", action="store_true", help="only start the server")
    tour.set_defaults(run=_tour)
    add_lite_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 and one line on standard error for
    any bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except ShangrilaError as error:
        said = error.text(getattr(args, "lang", "en"))  # in the language asked for
        print(_one_line(f"{parser.prog} {args.command}: error: {said}"), file=sys.stderr)
        return 2
    except BrokenPipeError:
        _write("")  # standard output is closed: nothing more to say, and no traceback
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())

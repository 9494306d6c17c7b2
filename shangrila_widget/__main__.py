"""The terminal: ``shangrila check POSITION.json "journey A B"`` (the console script) or
``python -m shangrila_widget check POSITION.json "journey A B"``.

``check ... --ruling`` adds the whole ruling (every refusing rule, what would make the
action legal, the ruling string and its link; :mod:`shangrila_widget.rules.ruling`) and
``ruling STRING`` reads a ruling string back; ``--qr FILE.svg`` also writes the QR code
of the ruling's link (:mod:`shangrila_widget.render.qr`).
``hint POSITION.json [--level LEVEL] [--seconds S] [--lang pl]`` suggests actions
(:mod:`shangrila_widget.cli_hint`); ``review RECORD.json`` reviews a saved game
(:mod:`shangrila_widget.cli_review`); ``tour`` and ``lite`` start the tour and build the static
site. Each command is one function registered by one ``add_..._command`` call in
:func:`build_parser`; what they share (the position argument, the output, the error line) is
in :mod:`shangrila_widget.cli`.

``check`` prints one JSON object (``position-format.md``) and exits 0 for a legal action,
1 for a refused one, 2 for a malformed position, action text or command line, or an answer
that cannot be written: then one line on standard error says what is wrong, never a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from shangrila_widget import __version__
from shangrila_widget.cli import (
    CommandLineError,
    OptionError,
    add_lang_argument,
    add_position_arguments,
    asked_language,
    command_line_error,
    error_message,
    one_of,
    option_error,
    os_problem,
    position_of,
    write_json,
    write_output,
)
from shangrila_widget.cli_class import add_class_command
from shangrila_widget.cli_exercises import add_exercises_command
from shangrila_widget.cli_hint import add_hint_command
from shangrila_widget.cli_practise import add_practise_command
from shangrila_widget.cli_review import add_review_command
from shangrila_widget.lite.command import add_lite_command
from shangrila_widget.rules import (
    COLOURS,
    IllegalActionError,
    Position,
    ShangrilaError,
    parse_action,
)
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import Language, Message
from shangrila_widget.rules.questions import DEFAULT_BASE_URL, SITE_URL_VARIABLE
from shangrila_widget.runtime import NotInBrowserError

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def check_action(
    position: Position, action_text: str, lang: Language = "en", player: str | None = None
) -> tuple[int, dict[str, Any]]:
    """The ``check`` verdict as (exit status, JSON object); raises on a malformed action.
    ``player`` tries the action instead of the player to move (``TURN-ORDER``).

    >>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
    >>> status, verdict = check_action(pos, "journey A B")
    >>> status, verdict["legal"], verdict["rule"]
    (1, False, 'SETUP-ORDER')
    """
    action = parse_action(action_text)
    try:
        outcome = position.play(action, player)
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


def site_url(base_url: str | None = None) -> str:
    """The base of the ruling links the command line prints: ``base_url`` (``--base-url``),
    else the environment variable ``SHANGRILA_SITE_URL``, else
    :data:`~shangrila_widget.rules.questions.DEFAULT_BASE_URL`. The command line reads the
    environment here, where it starts; the rules take the address as an argument."""
    return base_url or os.environ.get(SITE_URL_VARIABLE) or DEFAULT_BASE_URL


def ruling_answer(
    position: Position,
    action_text: str,
    lang: Language = "en",
    player: str | None = None,
    base_url: str | None = None,
) -> tuple[int, dict[str, Any]]:
    """``check --ruling``: the ``check`` verdict's fields as they are, then the ruling's
    (:mod:`shangrila_widget.rules.ruling`): ``question``, ``rules``, ``refusals``,
    ``legal_if``, ``scores``, ``winners``, ``edition``, ``other_edition``, ``version``,
    ``ruling`` and ``link``.

    >>> pos = Position.new_game(["red", "blue", "yellow", "violet"])
    >>> status, answer = ruling_answer(pos, "journey A B")
    >>> status, answer["rule"], answer["rules"], answer["legal_if"][0]["changes"]
    (1, 'SETUP-ORDER', ['SETUP-ORDER', 'JOURNEY-START'], ['play_phase', 'add_pair'])
    """
    from shangrila_widget.rules.ruling import ruling

    status, verdict = check_action(position, action_text, lang, player)
    extra = ruling(position, action_text, player).to_dict(lang, site_url(base_url))
    del extra["legal"], extra["events"]  # the verdict's own fields say them
    return status, {**verdict, **extra}


def _check(args: argparse.Namespace) -> int:
    position = position_of(args)
    if args.ruling or args.player is not None:
        status, verdict = ruling_answer(
            position, args.action, args.lang, args.player, args.base_url
        )
        _write_qr(args.qr, verdict["link"])
    else:
        if args.base_url is not None:
            raise command_line_error("base_url_needs_ruling")
        if args.qr is not None:
            raise command_line_error("qr_needs_ruling")
        status, verdict = check_action(position, args.action, args.lang)
    write_json(verdict, args.pretty)
    return status


def _write_qr(path: Path | None, link: str) -> None:
    """Write the QR code of ``link`` to ``path`` (``--qr``), if given."""
    if path is None:
        return
    from shangrila_widget.render.qr import save_qr_svg

    if path.suffix.lower() != ".svg":
        raise command_line_error("qr_svg", path=str(path))
    try:
        save_qr_svg(link, str(path))
    except OSError as error:
        raise command_line_error("cannot_write_qr", path=str(path), why=os_problem(error)) from None


def _ruling(args: argparse.Namespace) -> int:
    from shangrila_widget.rules.questions import base_of_link
    from shangrila_widget.rules.ruling import read_ruling_string

    position, action, player = read_ruling_string(args.string)
    base = args.base_url or base_of_link(args.string)  # a link given: its own page again
    status, verdict = ruling_answer(position, str(action), args.lang, player, base)
    _write_qr(args.qr, verdict["link"])
    write_json(verdict, args.pretty)
    return status


def _tour(args: argparse.Namespace) -> int:
    from shangrila_widget.serve import serve_tour

    return serve_tour(port=args.port, open_browser=not args.no_browser, lang=args.lang)


def _voila_errors() -> tuple[type[BaseException], ...]:
    """The machine problems ``tour`` and ``serve`` report on their one error line (in
    ``--lang``): a browser that cannot start programs, a notebook missing from the install."""
    from shangrila_widget.serve import NotebookMissingError

    return (NotInBrowserError, NotebookMissingError)


def add_serve_command(commands: Any) -> None:
    """Register ``serve NOTEBOOK...``: Voila on any notebooks, with the kernel handling and the
    port choice of ``tour`` (:func:`shangrila_widget.serve.serve_notebooks`)."""
    serve = commands.add_parser(
        "serve",
        help="show notebooks in a browser (Voila), closed pages' kernels stopped",
        description=(
            "Serve notebooks with Voila on 127.0.0.1: the code hidden, each page's kernel "
            "stopped when the page is closed or reloaded. Names of the packaged examples "
            "(tour.ipynb, hot-seat.ipynb, dispute-checker.ipynb, exercises.ipynb) serve copies "
            "of them."
        ),
    )
    serve.add_argument("notebooks", nargs="+", metavar="NOTEBOOK", help="a notebook (.ipynb)")
    serve.add_argument(
        "--port", type=_port, default=8866, help="the first port to try (default %(default)s)"
    )
    serve.add_argument("--no-browser", action="store_true", help="only start the server")
    add_lang_argument(serve, "the language of the error line")
    serve.set_defaults(run=_serve_notebooks, errors=_voila_errors())


def _serve_notebooks(args: argparse.Namespace) -> int:
    from shangrila_widget.serve import serve_notebooks

    return serve_notebooks(
        args.notebooks, port=args.port, open_browser=not args.no_browser, lang=args.lang
    )


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
    """argparse that reports a bad command line on one line (usage stays under --help) and
    writes --help and --version the way the commands write their answers."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _one_line(f"{self.prog}: error: {message} (see {self.prog} --help)") + "\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        if file is None or file is sys.stdout:
            try:
                write_output(message)
            except CommandLineError as error:
                self.exit(2, _one_line(f"{self.prog}: error: {error}") + "\n")
        else:
            super()._print_message(message, file)


class _CommandParser(_Parser):
    """A command's own parser: options and arguments in any order (``check FILE --example 04
    pass`` reads both positions, so the command can say it wants one), and an argument it
    does not know reported under the command's name (``shangrila check: error: ...``)."""

    _intermixed = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixed:  # the passes of parse_known_intermixed_args itself
            return super().parse_known_args(args, namespace)
        self._intermixed = True
        try:
            parsed, extras = self.parse_known_intermixed_args(args, namespace)
        except OptionError as error:  # a bad option value, said in the --lang asked for
            lang = asked_language(sys.argv[1:] if args is None else list(args))
            see = Message("error.cli_see_help", {"command": self.prog}).text(lang)
            self.exit(2, _one_line(f"{self.prog}: error: {error.text(lang)} {see}") + "\n")
        finally:
            self._intermixed = False
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text[:6]) < 65536:
        raise option_error("port", value=excerpt(text))
    return int(text)


def add_check_command(commands: Any) -> None:
    """Register ``check`` on the subcommands of the main parser."""
    check = commands.add_parser(
        "check", help="is an action legal in a position, and what does it do?"
    )
    add_position_arguments(check)
    check.add_argument(
        "action", help='an action text, e.g. "journey A B", "journey A-B" or "place healer C"'
    )
    add_lang_argument(check)
    check.add_argument("--pretty", action="store_true", help="indent the JSON output")
    check.add_argument(
        "--ruling",
        action="store_true",
        help="add the ruling: every refusing rule, what would make it legal, the edition, "
        "the ruling string and its link (see docs/cli.md)",
    )
    check.add_argument(
        "--player",
        choices=COLOURS,
        type=one_of("--player", COLOURS),
        help="the colour who tries the action (default: the player to move); implies --ruling",
    )
    _add_base_url(check)
    check.set_defaults(run=_check)


def _add_base_url(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="the checker's page the link opens (default: "
        f"${SITE_URL_VARIABLE}, else {DEFAULT_BASE_URL}, where "
        "'serve dispute-checker.ipynb' serves it; a static site's is .../dispute-checker.html)",
    )
    parser.add_argument(
        "--qr",
        metavar="FILE.svg",
        type=Path,
        help="also write the QR code of the link to FILE.svg (for a projector)",
    )


def add_ruling_command(commands: Any) -> None:
    """Register ``ruling STRING``: read a ruling string (or a link holding one) back and
    print its ruling like ``check --ruling``."""
    ruling = commands.add_parser(
        "ruling",
        help="read a ruling string (or its link) and print the ruling",
        description="Read a ruling string (r1~...) or a link holding one (?ruling=r1~...) "
        "and print the ruling, as 'check --ruling' does. A string cut short or altered is "
        "refused (exit 2).",
    )
    ruling.add_argument("string", metavar="STRING", help="a ruling string or its link")
    add_lang_argument(ruling)
    ruling.add_argument("--pretty", action="store_true", help="indent the JSON output")
    _add_base_url(ruling)
    ruling.set_defaults(run=_ruling)


def add_tour_command(commands: Any) -> None:
    """Register ``tour`` on the subcommands of the main parser."""
    tour = commands.add_parser("tour", help="open the rulebook tour in a browser (Voila)")
    tour.add_argument(
        "--port", type=_port, default=8866, help="the first port to try (default %(default)s)"
    )
    tour.add_argument("--no-browser", action="store_true", help="only start the server")
    add_lang_argument(tour, "the language of the error line")
    tour.set_defaults(run=_tour, errors=_voila_errors())


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The command line: one ``add_..._command`` per command. A command sets ``run`` (the
    function that runs it and returns the exit status) and may set ``errors``: the exception
    types, besides the package's own, that it reports as a one-line error."""
    parser = _Parser(
        prog=prog or program_name(),
        description="Referee and teach The Bridges of Shangri-La.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__} (shangrila_widget)"
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_CommandParser)
    add_check_command(commands)
    add_ruling_command(commands)
    add_hint_command(commands)
    add_review_command(commands)
    add_tour_command(commands)
    add_serve_command(commands)
    add_lite_command(commands)
    add_exercises_command(commands)
    add_practise_command(commands)
    add_class_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 and one line on standard error for
    any bad input or an answer that cannot be written)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    expected: tuple[type[BaseException], ...] = (
        ShangrilaError,
        CommandLineError,
        *getattr(args, "errors", ()),
    )
    try:
        status: int = args.run(args)
    except expected as error:
        message = error_message(error, getattr(args, "lang", "en"))
        print(_one_line(f"{parser.prog} {args.command}: error: {message}"), file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())

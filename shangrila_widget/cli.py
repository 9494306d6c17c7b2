"""What the terminal's commands share: reading the position a command is given, writing its
answer, and the one way an error is reported.

A command takes its position as a JSON file (``shangrila-position/1``), ``-`` for standard
input, a one-line position string (``"rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C"``), or
``--example NAME``, one of the positions that come with the package (``--example 03``).

>>> example_name("3"), example_name("journey-situation-1")
('03-journey-situation-1', '03-journey-situation-1')
>>> position_argument("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C").players
('red', 'blue', 'yellow')

Every command reports a problem the same way, on one line of standard error, and exits 2:
``shangrila check: error: cannot read 'x.json': no such file``.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, TypeVar

from shangrila_widget.rules import Position, ShangrilaError, from_compact
from shangrila_widget.rules.errors import excerpt
from shangrila_widget.rules.messages import LANGUAGES, Language, Message, Words, text_of

if TYPE_CHECKING:
    from importlib.abc import Traversable


class CommandLineError(Exception):
    """A command line, a file it names or the output it writes cannot be used: the command
    exits 2 with the message (bad positions and actions raise the rules' own errors).

    ``words``: what is wrong, a text or a message of the package's words, so that
    ``text(lang)`` says it in Polish as well; ``str(error)`` is the English text."""

    def __init__(self, words: Words = "") -> None:
        super().__init__(str(words))
        self.words = words

    def text(self, lang: Language = "en") -> str:
        """What is wrong, in ``lang``."""
        return text_of(self.words, lang)


def command_line_error(key: str, /, **params: object) -> CommandLineError:
    """The command line's error of words ``error.cli_<key>``."""
    return CommandLineError(Message(f"error.cli_{key}", params))


#: Standard input, named in an error as a file would be.
STANDARD_INPUT: Final = Message("error.cli_standard_input")


def error_message(error: BaseException, lang: str = "en") -> str:
    """The words the terminal prints for ``error`` (after ``PROGRAM COMMAND: error:``), in
    ``lang`` where the error can say itself in it.

    Every command reports through this one function: the one place where an error is put
    into the ``--lang`` language. A package error that keeps its words (a ``text(lang)``
    method) says them in ``lang``; any other error gives its own text, in English.

    >>> error_message(CommandLineError("cannot read 'x.json': no such file"), "pl")
    "cannot read 'x.json': no such file"
    >>> why = Message("error.cli_no_file")
    >>> error_message(command_line_error("cannot_read", where="'x.json'", why=why), "pl")
    "błąd odczytu ('x.json'): nie ma takiego pliku"
    """
    said: object = None
    text = getattr(error, "text", None)
    ours = isinstance(error, (ShangrilaError, CommandLineError))
    if (ours or isinstance(getattr(error, "words", None), Message)) and callable(text):
        said = text(lang)
    if not isinstance(said, str):
        said = str(error)
    return " ".join(said.splitlines()) or type(error).__name__


# ------------------------------------------------------------------------ option values

_T = TypeVar("_T")


class OptionError(CommandLineError):
    """An option's value the command cannot use, raised by its ``type`` while the command
    line is parsed. Not an ``ArgumentTypeError``: argparse lets it through with its words, and
    the command's parser reports it in the language the line asks for (see
    :func:`asked_language`)."""


def option_error(key: str, /, **params: object) -> OptionError:
    """The option error of words ``error.cli_<key>``."""
    return OptionError(Message(f"error.cli_{key}", params))


def asked_language(args: Sequence[str]) -> Language:
    """The language a command line asks for (``--lang pl`` or ``--lang=pl``), read before it
    is parsed, for the errors met while parsing it; English otherwise.

    >>> asked_language(["--count", "x", "--lang", "pl"]), asked_language(["--lang=de"])
    ('pl', 'en')
    """
    for i, arg in enumerate(args):
        if arg == "--lang=pl" or (arg == "--lang" and args[i + 1 : i + 2] == ["pl"]):
            return "pl"
    return "en"


def one_of(option: str, choices: Sequence[_T]) -> Callable[[str], _T]:
    """The ``type`` of an option with ``choices``: the choice written ``text``, else an
    :class:`OptionError` that lists them.

    >>> one_of("--players", (3, 4))("4")
    4
    >>> one_of("--lang", ("en", "pl"))("de")
    Traceback (most recent call last):
    ...
    shangrila_widget.cli.OptionError: --lang: expected one of en, pl, got 'de'
    """
    by_text = {str(choice): choice for choice in choices}

    def choice(text: str) -> _T:
        if text not in by_text:
            raise option_error(
                "choice", option=option, choices=", ".join(by_text), value=excerpt(text)
            )
        return by_text[text]

    return choice


def add_lang_argument(parser: argparse.ArgumentParser, about: str = "message language") -> None:
    """The ``--lang en|pl`` option: the language of the answer and of the error line."""
    parser.add_argument(
        "--lang", choices=LANGUAGES, type=one_of("--lang", LANGUAGES), default="en", help=about
    )


def whole_number(option: str, most: int | None = None) -> Callable[[str], int]:
    """The ``type`` of an option that is a whole number: 0 to ``most`` when given, else any
    of up to 18 digits, a sign allowed.

    >>> whole_number("--count", 99999)("12"), whole_number("--seed")("-3")
    (12, -3)
    """

    def number(text: str) -> int:
        digits = text if most is not None or text[:1] != "-" else text[1:]
        limit = 18 if most is None else len(str(most))
        if digits.isascii() and digits.isdigit() and len(digits) <= limit:
            if most is None or int(digits) <= most:
                return int(text)
        if most is None:
            raise option_error("whole_number", option=option, value=excerpt(text))
        raise option_error("whole_number_upto", option=option, most=most, value=excerpt(text))

    return number


def number_of_seconds(option: str) -> Callable[[str], float]:
    """The ``type`` of an option that is a number of seconds (``1.5``)."""

    def number(text: str) -> float:
        try:
            return float(text)
        except ValueError:
            raise option_error("seconds", option=option, value=excerpt(text)) from None

    return number


# ------------------------------------------------------------------------ the position


POSITION_HELP: Final = (
    "the position: a JSON file (shangrila-position/1), - for standard input, or a one-line "
    "position string such as 'rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C'"
)
_EXAMPLES_FOLDER: Final = "positions"
#: How the name of a position file ends (a one-line position string ends otherwise).
_FILE_ENDINGS: Final = (".json", ".txt")
#: The most characters of a file name that an error message quotes.
_PATH_LIMIT: Final = 200


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``POSITION`` argument and its alternative ``--example NAME``."""
    parser.add_argument("position", nargs="?", metavar="POSITION", help=POSITION_HELP)
    parser.add_argument(
        "--example",
        metavar="NAME",
        help="instead of POSITION, an example position that comes with the package, by its "
        f"number or name: {', '.join(example_names()[:2])}, ... (01 to "
        f"{example_names()[-1][:2]}; see docs/cli.md)",
    )


def position_of(args: argparse.Namespace) -> Position:
    """The position a parsed command line names (``POSITION`` or ``--example``)."""
    if args.example is not None:
        if args.position is not None:
            raise command_line_error("both")
        return example_position(args.example)
    if args.position is None:
        raise command_line_error("no_position")
    return position_argument(args.position)


def position_argument(argument: str, stdin: IO[bytes] | None = None) -> Position:
    """The position that a ``POSITION`` argument names: ``-`` reads standard input; an
    existing file, a word with no spaces or a name ending in ``.json`` or ``.txt`` is read as
    a file; anything else as a one-line position string. A file (or standard input) may hold
    JSON or a one-line string."""
    if argument == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        return position_text(_decoded(stream.read(), STANDARD_INPUT), STANDARD_INPUT)
    path = Path(argument)
    named_file = argument.lower().endswith(_FILE_ENDINGS)
    if named_file or not any(c.isspace() for c in argument) or _is_file(path):
        return position_text(read_text_file(path), excerpt(argument, _PATH_LIMIT))
    return from_compact(argument)


def _is_file(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, or holding a NUL character
        return False


def position_text(text: str, where: Words) -> Position:
    """A position from the text of a file (``where`` names it): JSON, or a one-line position
    string. Text that is neither raises a :class:`ShangrilaError` naming the file."""
    body = text.removeprefix("\ufeff").strip()
    if not body:
        raise command_line_error("cannot_read", where=where, why=Message("error.cli_empty"))
    if body[0] not in '{["' and "\n" not in body:
        try:
            return from_compact(body)
        except ShangrilaError as error:  # garbage: say which file holds it
            raise ShangrilaError(
                Message("error.cli_no_position_in", {"where": where, "problem": error.words})
            ) from None
    return Position.from_json(text)


def read_text_file(path: Path) -> str:
    """The UTF-8 text of a file, or a :class:`CommandLineError` saying why it cannot be read."""
    where = excerpt(str(path), _PATH_LIMIT)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise command_line_error("cannot_read", where=where, why=os_problem(error)) from None
    except ValueError:  # "embedded null byte"
        raise command_line_error(
            "cannot_read", where=where, why=Message("error.cli_not_file_name")
        ) from None
    return _decoded(data, where)


def _decoded(data: bytes, where: Words) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        why = Message(
            "error.cli_not_utf8", {"byte": f"{data[error.start]:#04x}", "at": error.start}
        )
        raise command_line_error("cannot_read", where=where, why=why) from None


_OS_PROBLEMS: Final = {
    errno.ENOENT: "no_file",
    errno.EISDIR: "folder",
    errno.EACCES: "denied",
    errno.ENOTDIR: "not_folder",
    errno.ENAMETOOLONG: "name_too_long",
}


def os_problem(error: OSError) -> Words:
    """Why the system refused a file, in the package's words where it has them (else the
    system's own, in English)."""
    if error.errno in _OS_PROBLEMS:
        return Message(f"error.cli_{_OS_PROBLEMS[error.errno]}")
    return (error.strerror or type(error).__name__).lower()


# ------------------------------------------------------------------------ the examples


def _examples_folder() -> Traversable | Path:
    """The example positions: in an installed wheel the package data
    ``shangrila_widget/data/positions/`` (the build copies ``examples/positions/`` there); in a
    source checkout ``examples/positions/`` next to the package."""
    packaged = resources.files("shangrila_widget").joinpath("data").joinpath(_EXAMPLES_FOLDER)
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "examples" / _EXAMPLES_FOLDER


def example_names() -> list[str]:
    """The names of the example positions, in order (``01-placing-a-master``, ...)."""
    folder = _examples_folder()
    if not folder.is_dir():
        return []
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".json"))


def example_name(name: str) -> str:
    """The full name of an example given by its number (``3``, ``03``), its name with or
    without the number, or its file name."""
    names = example_names()
    wanted = name.strip().removesuffix(".json")
    for full in names:
        number, _, rest = full.partition("-")
        by_number = wanted.isascii() and wanted.isdecimal() and len(wanted) <= 3
        if wanted in (full, rest) or (by_number and int(wanted) == int(number)):
            return full
    if not names:
        raise command_line_error("no_examples")
    raise command_line_error(
        "no_example",
        value=excerpt(name),
        first=names[0][:2],
        last=names[-1][:2],
        example=repr(names[0]),
    )


def example_position(name: str) -> Position:
    """The example position ``name`` (see :func:`example_name`)."""
    source = _examples_folder().joinpath(example_name(name) + ".json")
    return Position.from_json(source.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------ the answer


def write_output(text: str) -> None:
    """Write ``text`` to standard output.

    A reader that stopped early (``| head``) is no error: the rest is dropped quietly and the
    command's exit status stays its answer's. Output that cannot be written (a full disk,
    ``> /dev/full``) raises :class:`CommandLineError`.
    """
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
    except OSError as error:
        _drop_stdout()
        raise command_line_error("cannot_write", why=os_problem(error)) from None


def write_json(answer: object, pretty: bool) -> None:
    """Write one JSON value (indented with ``pretty``) and a newline."""
    write_output(json.dumps(answer, ensure_ascii=False, indent=2 if pretty else None) + "\n")


def _drop_stdout() -> None:
    """Point standard output at the null device, so that Python's flush at exit neither
    fails again nor prints a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor (captured output): nothing to flush
        pass


__all__ = [
    "POSITION_HELP",
    "CommandLineError",
    "add_position_arguments",
    "command_line_error",
    "error_message",
    "os_problem",
    "example_name",
    "example_names",
    "example_position",
    "position_argument",
    "position_of",
    "position_text",
    "read_text_file",
    "write_json",
    "write_output",
]

"""The terminal: ``check`` and ``hint`` verdicts and exit statuses, the positions they take
(a file, ``-``, a one-line string, ``--example``), and that every bad input or unwritable
answer ends in exit status 2 with one line on standard error and no traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import IO

import pytest

from shangrila_widget.__main__ import build_parser, main, program_name
from tests.support.paths import EXAMPLE_POSITIONS, REPO_ROOT

EXAMPLE = EXAMPLE_POSITIONS / "03-journey-situation-1.json"
CORPUS = REPO_ROOT / "tests" / "rules" / "corpus" / "position-json"


def spawn(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``python -m shangrila_widget ARGS`` in a process of its own: for what only a process
    shows (a closed pipe, the flush at exit, the name it was started by)."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    if "stdout" not in kwargs:
        kwargs["capture_output"] = True
    return subprocess.run(
        [sys.executable, "-m", "shangrila_widget", *args],
        text=True,
        env=env,
        timeout=60,
        **kwargs,  # type: ignore[call-overload]
    )


def run(
    *args: str, input: str | None = None, stdout: IO[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m shangrila_widget ARGS`` in this process, as :func:`spawn` would see it:
    ``main(ARGS)`` with standard input read from ``input``, its output and errors captured (or
    output into the file ``stdout``) and the program named as ``-m`` names it; ``SystemExit``
    (argparse) gives the exit status, any other exception the traceback and status 1, as the
    interpreter would."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO((input or "").encode("utf-8")), encoding="utf-8")
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    sys.argv = [str(REPO_ROOT / "shangrila_widget" / "__main__.py"), *args]
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout or out, err
    try:
        status = main(list(args))
    except SystemExit as exit:
        status = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
        if isinstance(exit.code, str):
            print(exit.code, file=err)
    except Exception:  # noqa: BLE001 - what the interpreter would print, for the assertions
        traceback.print_exc(file=err)
        status = 1
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(list(args), status, out.getvalue(), err.getvalue())


def assert_one_line_error(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr[:2000]
    assert "error:" in lines[0] and len(lines[0]) < 400, lines[0][:500]
    assert result.stdout == ""


def test_legal_and_refused_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLE), "journey A B"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is True and verdict["situation"] == 1
    assert main(["check", str(EXAMPLE), "journey A M", "--lang", "pl"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is False and verdict["rule"] == "JOURNEY-BRIDGE"


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.glob("*")))
def test_every_malformed_position_file_exits_2_with_one_line(name: str) -> None:
    """Every malformed file, a position nested ~990 deep included, ends in one line of error
    and exit status 2 (no RecursionError traceback, no exit 1)."""
    assert_one_line_error(run("check", str(CORPUS / name), "pass"))


@pytest.mark.parametrize(
    "args",
    [
        ["check", "no-such-file.json", "pass"],
        ["check", ".", "pass"],
        ["check", str(EXAMPLE), "place healer"],
        ["check", str(EXAMPLE), "jump A B"],
        ["check", str(EXAMPLE), "place ² A"],
        ["check", str(EXAMPLE), "journey A " + "B" * 50_000],
        ["check", str(EXAMPLE), "pass", "--lang", "de"],
        ["check", str(EXAMPLE)],
        ["check"],
        ["chek", str(EXAMPLE), "pass"],
        [],
        ["tour", "--port", "99999999"],
        ["tour", "--port", "²"],
    ],
    ids=lambda a: " ".join(a)[:40],
)
def test_bad_command_lines_exit_2_with_one_line(args: list[str]) -> None:
    assert_one_line_error(run(*args))


def test_a_file_that_is_not_utf8_or_not_json(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b"\xff\xfe{}")
    assert_one_line_error(run("check", str(latin), "pass"))
    text = tmp_path / "text.json"
    text.write_text("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C junk\n", "utf-8")
    assert_one_line_error(run("check", str(text), "pass"))


def test_action_word_count_is_grammatical() -> None:
    """``check FILE "place healer"`` says "got 1 word", not "got 1 words"."""
    result = run("check", str(EXAMPLE), "place healer")
    assert "got 1 word" in result.stderr and "got 1 words" not in result.stderr


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    """``check ... --pretty | head`` ends quietly, without a BrokenPipeError traceback."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "shangrila_widget",
            "check",
            str(EXAMPLE),
            "journey A B",
            "--pretty",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the verdict is written
    stderr = process.stderr.read().decode()
    process.stderr.close()
    status = process.wait(timeout=60)
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr, stderr
    assert status == 0  # the verdict still decides the status: the action is legal


def test_head_of_pretty_output_in_a_shell() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    command = (
        f'"{sys.executable}" -m shangrila_widget check "{EXAMPLE}" "journey A B" --pretty | head -1'
    )
    result = subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.stdout == "{\n"
    assert "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("argv0", "name"),
    [
        ("/usr/local/bin/shangrila", "shangrila"),
        ("C:\\venv\\Scripts\\shangrila.exe", "shangrila"),
        ("/x/site-packages/shangrila_widget/__main__.py", "python -m shangrila_widget"),
        ("-c", "python -m shangrila_widget"),
    ],
)
def test_the_program_name_follows_how_it_was_started(argv0: str, name: str) -> None:
    """The usage line names the program as it was started: ``shangrila`` for the console
    script, ``python -m shangrila_widget`` for the module."""
    assert program_name(argv0.replace("\\", "/")) == name
    assert (
        build_parser(program_name(argv0.replace("\\", "/")))
        .format_usage()
        .startswith(f"usage: {name} ")
    )


def test_the_console_script_names_itself(tmp_path: Path) -> None:
    script = tmp_path / "shangrila"
    script.write_text(
        "import sys\nfrom shangrila_widget.__main__ import main\nsys.exit(main())\n", "utf-8"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    result = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0 and result.stdout.startswith("usage: shangrila "), result.stdout
    result = subprocess.run(
        [sys.executable, "-m", "shangrila_widget", "--help"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.stdout.startswith("usage: python -m shangrila_widget "), result.stdout


def test_the_console_script_is_documented() -> None:
    """The ``shangrila`` console script is declared and documented."""
    scripts = "shangrila = " in (REPO_ROOT / "pyproject.toml").read_text("utf-8")
    assert scripts
    readme = (REPO_ROOT / "README.md").read_text("utf-8")
    terminal = readme.split("## From a terminal", 1)[1].split("\n## ", 1)[0]
    assert "shangrila check " in terminal
    assert "shangrila check " in (REPO_ROOT / "docs" / "cli.md").read_text("utf-8")


def test_venv_is_ignored_by_git() -> None:
    """A virtual environment in ``.venv/`` is ignored by git (no untracked files)."""
    ignore = (REPO_ROOT / ".gitignore").read_text("utf-8").split()
    assert ".venv/" in ignore
    if (REPO_ROOT / ".git").exists():
        result = subprocess.run(
            ["git", "check-ignore", "-q", ".venv/bin/python"], cwd=REPO_ROOT, timeout=30
        )
        assert result.returncode == 0


# ============================================================================ one error line

PROG = "python -m shangrila_widget"
START = "rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C"


def error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert_one_line_error(result)
    return result.stderr.rstrip("\n")


def file_cases(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """A bad position file of each kind: (the argument, the words of its error)."""
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.json"
    blank.write_bytes(b"\xef\xbb\xbf \n\n")
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "\xe9"}')
    return {
        "not found": (
            str(tmp_path / "none.json"),
            f"cannot read '{tmp_path}/none.json': no such file",
        ),
        "a folder": (str(tmp_path), f"cannot read '{tmp_path}': it is a folder, not a file"),
        "empty": (str(empty), f"cannot read '{empty}': it is empty"),
        "only spaces": (str(blank), f"cannot read '{blank}': it is empty"),
        "not UTF-8": (
            str(latin),
            f"cannot read '{latin}': not UTF-8 text (byte 0xe9 at position 12)",
        ),
    }


@pytest.mark.parametrize("case", ["not found", "a folder", "empty", "only spaces", "not UTF-8"])
def test_check_and_hint_word_a_bad_file_the_same_way(case: str, tmp_path: Path) -> None:
    """``check`` and ``hint`` word a bad file the same way, in the package's own words:
    ``shangrila <command>: error: <what is wrong>``."""
    argument, words = file_cases(tmp_path)[case]
    for command in ("check", "hint"):
        args = [command, argument] + (["pass"] if command == "check" else ["--iterations", "5"])
        assert error_line(run(*args)) == f"{PROG} {command}: error: {words}"


def test_hint_reports_a_bad_position_and_a_bad_budget_like_check() -> None:
    line = error_line(run("hint", "rby r setup 7/7", "--iterations", "5"))
    assert line.startswith(f"{PROG} hint: error: expected 6 fields"), line
    line = error_line(run("hint", "--example", "03", "--iterations", "0"))
    assert line.startswith(f"{PROG} hint: error: iterations must be a whole number"), line


def test_lite_reports_a_build_problem_on_the_one_error_line() -> None:
    line = error_line(run("lite", "site", "--pyodide", "x", "--pyodide-lock", "y"))
    assert line.startswith(f"{PROG} lite: error: give --pyodide DIR or --pyodide-lock"), line


def test_build_and_command_line_problems_are_not_bad_game_input() -> None:
    """``ShangrilaError`` (a ValueError) is only for bad game input: build and command line
    problems have errors of their own."""
    from shangrila_widget.cli import CommandLineError
    from shangrila_widget.lite import LiteBuildError
    from shangrila_widget.rules import ShangrilaError

    assert not issubclass(CommandLineError, ValueError)
    assert not issubclass(LiteBuildError, ShangrilaError)


def test_every_error_line_goes_through_error_message_with_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The one place where an error is put into the --lang language."""
    import shangrila_widget.__main__ as cli_main

    seen: list[tuple[str, str]] = []

    def words(error: BaseException, lang: str = "en") -> str:
        seen.append((type(error).__name__, lang))
        return f"<{lang}>"

    monkeypatch.setattr(cli_main, "error_message", words)
    assert main(["check", START, "jump", "--lang", "pl"]) == 2
    assert main(["hint", "no-such-file.json", "--lang", "pl"]) == 2
    assert main(["check", "no-such-file.json", "pass"]) == 2
    assert seen == [
        ("ActionParseError", "pl"),
        ("CommandLineError", "pl"),
        ("CommandLineError", "en"),
    ]
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{cli_main.build_parser().prog} check: error: <pl>"


def test_error_message_says_an_error_in_the_language_it_keeps_words_for() -> None:
    """An error that keeps its words (``text(lang)``) is said in --lang; others as they are."""
    from shangrila_widget.cli import CommandLineError, error_message
    from shangrila_widget.rules import ShangrilaError

    class Worded(ShangrilaError):
        def text(self, lang: str = "en") -> str:
            return {"en": "a bad\nvalue", "pl": "zła wartość"}[lang]

    assert error_message(Worded("a bad value"), "pl") == "zła wartość"
    assert error_message(Worded("a bad value"), "en") == "a bad value"
    assert error_message(CommandLineError("no such file"), "pl") == "no such file"
    assert error_message(ShangrilaError("two\nlines"), "pl") == "two lines"


def test_an_error_said_in_polish_reaches_the_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shangrila_widget.cli as cli
    from shangrila_widget.rules import ActionParseError

    monkeypatch.setattr(
        ActionParseError, "text", lambda self, lang="en": f"[{lang}] {self}", raising=False
    )
    assert cli.error_message(ActionParseError("x"), "pl") == "[pl] x"
    assert main(["check", START, "jump", "--lang", "pl"]) == 2
    assert capsys.readouterr().err.startswith(f"{build_parser().prog} check: error: [pl] unknown")


# ============================================================================ the output

FULL = Path("/dev/full")


UNWRITTEN = [
    ["check", str(EXAMPLE), "journey A B"],
    ["check", str(EXAMPLE), "journey A M"],
    ["hint", str(EXAMPLE), "--iterations", "5"],
    ["--help"],
    ["--version"],
]


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("args", "where"),
    [(UNWRITTEN[0], "a process"), *((args, "in process") for args in UNWRITTEN)],
    ids=lambda a: " ".join(a)[:30] if isinstance(a, list) else a,
)
def test_an_answer_that_cannot_be_written_is_a_clean_error(args: list[str], where: str) -> None:
    """An answer that cannot be written (``check ... > /dev/full``) is one line of error and
    exit status 2, not a traceback with exit status 1; in a process of its own, nothing is
    said again when the interpreter flushes its output at exit."""
    with FULL.open("w") as full:
        if where == "a process":
            result = spawn(*args, stdout=full, stderr=subprocess.PIPE)
        else:
            result = run(*args, stdout=full)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.stderr.splitlines() == [
        f"{PROG}{' ' + args[0] if args[0] in ('check', 'hint') else ''}: error: "
        "cannot write the answer: no space left on device"
    ]


def pretty_hint_head(lines: int) -> tuple[int, str, str]:
    """``hint ... --pretty | head -LINES``: the hint's exit status, what head got, stderr."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "shangrila_widget", "hint", str(EXAMPLE)]
        + ["--iterations", "40", "--seed", "1", "--pretty"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    head = "".join(process.stdout.readline().decode() for _ in range(lines))
    process.stdout.close()  # head has what it wanted and is gone
    stderr = process.stderr.read().decode()
    process.stderr.close()
    return process.wait(timeout=60), head, stderr


def test_hint_into_a_reader_that_stops_early_exits_with_its_answer() -> None:
    """``hint ... --pretty | head -2`` exits 0 with its answer and nothing on stderr in every
    run, whatever the pipe's timing."""
    for _ in range(3):
        status, head, stderr = pretty_hint_head(2)
        assert head.startswith('{\n  "game_over": false,'), head
        assert stderr == ""
        assert status == 0


def test_hint_into_a_closed_pipe_exits_with_its_answer() -> None:
    status, head, stderr = pretty_hint_head(0)
    assert (status, head, stderr) == (0, "", "")


# ============================================================================ the position


def verdict(*args: str, stdin: str | None = None) -> tuple[int, dict[str, object]]:
    result = run(*args, input=stdin) if stdin is not None else run(*args)
    assert result.stderr == "", result.stderr
    return result.returncode, json.loads(result.stdout)


def test_a_one_line_position_string_is_a_position() -> None:
    status, answer = verdict("check", START, "place healer A")
    assert status == 0 and answer["position"]["villages"] == {  # type: ignore[index]
        "A": {"healer": {"owner": "red", "student": False}}
    }
    status, answer = verdict("hint", START, "--iterations", "5", "--seed", "1")
    assert status == 0 and answer["player"] == "red"


@pytest.mark.parametrize(
    "text",
    [EXAMPLE.read_text("utf-8"), EXAMPLE.read_text("utf-8").replace("\n", " ")],
    ids=["JSON", "JSON on one line"],
)
def test_standard_input_holds_json(text: str) -> None:
    assert verdict("check", "-", "journey A B", stdin=text)[0] == 0


def test_a_missing_file_whose_name_has_spaces_is_named_as_a_file(tmp_path: Path) -> None:
    name = str(tmp_path / "my position.json")
    assert error_line(run("check", name, "pass")) == (
        f"{PROG} check: error: cannot read '{name}': no such file"
    )
    Path(name).write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    assert verdict("check", name, "journey A B")[0] == 0


def test_standard_input_holds_a_one_line_string() -> None:
    status, answer = verdict("check", "-", "place healer A", stdin=START + "\n")
    assert status == 0 and answer["legal"] is True
    assert verdict("hint", "-", "--iterations", "5", stdin=START)[0] == 0


def test_empty_standard_input_says_so() -> None:
    line = error_line(run("check", "-", "pass", input=""))
    assert line == f"{PROG} check: error: cannot read standard input: it is empty"


def test_a_file_may_hold_a_one_line_string(tmp_path: Path) -> None:
    path = tmp_path / "start.txt"
    path.write_text(START + "\n", "utf-8")
    assert verdict("check", str(path), "place healer A")[0] == 0


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """A file in UTF-8 with a byte order mark (as Windows editors write it) is read."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    status, answer = verdict("check", str(path), "journey A B")
    assert status == 0 and answer["situation"] == 1


def test_a_key_given_twice_is_refused_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "twice.json"
    path.write_text(
        EXAMPLE.read_text("utf-8").replace('"phase": "play",', '"phase": "play", "phase": "over",'),
        "utf-8",
    )
    assert error_line(run("check", str(path), "pass")) == (
        f"{PROG} check: error: phase: the key is given twice"
    )


def test_an_unknown_format_is_named_before_anything_else() -> None:
    line = error_line(run("check", "-", "pass", input='{"format": "shangrila-position/2"}'))
    assert line == (
        f"{PROG} check: error: format: unknown format 'shangrila-position/2': "
        "expected 'shangrila-position/1'"
    )


def test_a_game_record_is_not_a_position(tmp_path: Path) -> None:
    from shangrila_widget.rules import GameRecord, Position

    path = tmp_path / "game.json"
    path.write_text(GameRecord(Position.new_game(["red", "blue", "yellow"])).to_json(), "utf-8")
    line = error_line(run("check", str(path), "pass"))
    assert line.endswith(
        "format: this is a game record (shangrila-record/1), not a position: "
        "read it with GameRecord.from_json"
    ), line


def test_journey_written_as_a_bridge() -> None:
    """``journey A-B`` (bridges as the package writes them) is read as ``journey A B``."""
    assert verdict("check", str(EXAMPLE), "journey A-B") == verdict(
        "check", str(EXAMPLE), "journey A B"
    )


@pytest.mark.parametrize(
    "name",
    ["03", "3", "03-journey-situation-1", "journey-situation-1", "03-journey-situation-1.json"],
)
def test_an_example_by_number_or_name(name: str) -> None:
    status, answer = verdict("check", "--example", name, "journey A B")
    assert status == 0 and answer["situation"] == 1
    assert verdict("check", str(EXAMPLE), "journey A B")[1] == answer


def test_every_example_can_be_named() -> None:
    from shangrila_widget.cli import example_names, example_position
    from shangrila_widget.rules import Position

    names = example_names()
    assert names == sorted(p.stem for p in EXAMPLE_POSITIONS.glob("*.json"))
    for name in names:
        assert example_position(name) == Position.from_json(
            (EXAMPLE_POSITIONS / f"{name}.json").read_text("utf-8")
        )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--example", "99"], "no example '99': expected a number 01-11 or a name such as"),
        (["--example", "journey"], "no example 'journey'"),
        (["--example", "²"], "no example '²'"),
        (["--example", "03", str(EXAMPLE)], "give a POSITION or --example NAME, not both"),
        ([], "give a POSITION (a JSON file, - for standard input, or a one-line position"),
    ],
)
def test_a_bad_example_or_no_position(args: list[str], words: str) -> None:
    line = error_line(run("check", *args, "pass"))
    assert line.startswith(f"{PROG} check: error: {words}"), line


# ============================================================================ the help


def test_version() -> None:
    from shangrila_widget import __version__

    result = run("--version")
    assert result.returncode == 0 and result.stdout == f"{PROG} {__version__} (shangrila_widget)\n"


def help_text(*command: str) -> str:
    result = run(*command, "--help")
    assert result.returncode == 0, result.stderr
    return " ".join(result.stdout.split())


def test_the_help_shows_the_defaults() -> None:
    """The help of ``tour --port`` and ``hint --seconds/--iterations`` shows the defaults."""
    from shangrila_widget.bots import DEFAULT_BUDGETS

    assert "--port PORT the first port to try (default 8866)" in help_text("tour")
    hint = help_text("hint")
    assert f"{DEFAULT_BUDGETS['hard'].seconds:g} for hard" in hint
    assert f"{DEFAULT_BUDGETS['hard'].iterations:,} for hard" in hint
    assert "--level {random,easy,medium,hard} bot level (default: the hints' own, medium's" in hint


def test_hint_seed_help_says_when_answers_repeat() -> None:
    """The help of ``--seed`` says that answers repeat only with ``--iterations`` (and no
    ``--seconds``), and they do."""
    hint = help_text("hint")
    assert "medium and hard do with --iterations and no --seconds" in hint
    first = verdict("hint", str(EXAMPLE), "--seed", "7", "--iterations", "60")
    assert verdict("hint", str(EXAMPLE), "--seed", "7", "--iterations", "60") == first


def test_the_position_argument_is_described_everywhere_it_is_taken() -> None:
    for command in ("check", "hint"):
        text = help_text(command)
        assert "- for standard input" in text and "one-line position string" in text
        assert "--example NAME" in text


# ============================================================================ the docs


PLACEHOLDERS = {"POSITION", "OUT_DIR", "POSITION.json"}


def documented_command_lines() -> list[str]:
    """The command lines that README.md and docs/cli.md show in their code blocks, with no
    placeholder (``POSITION``, ``OUT_DIR``) and no shell prompt."""
    found = []
    for page in (REPO_ROOT / "README.md", REPO_ROOT / "docs" / "cli.md"):
        blocks = page.read_text("utf-8").split("```")[1::2]
        for block in blocks:
            for line in block.splitlines():
                for start in ("shangrila ", "python -m shangrila_widget "):
                    if (
                        line.startswith(start)
                        and ": error: " not in line  # an error line the page shows
                        and "[" not in line  # a synopsis: [--level hard]
                        and not PLACEHOLDERS & set(line.split())
                    ):
                        found.append(line.removeprefix(start))
    return found


@pytest.mark.parametrize("line", documented_command_lines())
def test_the_documented_command_lines_work(
    line: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each command line the docs show works as written, run in a folder of its own that
    shows the checkout's examples/ (the docs' paths are relative to the checkout): what a
    line writes (``--qr ruling.svg``) lands there, never in the checkout."""
    import shlex

    if line.startswith(("tour", "serve")):
        pytest.skip("starts a server")
    args = shlex.split(line)
    if args[0] == "hint":
        args += ["--iterations", "20"]  # the same answer's shape, quicker
    (tmp_path / "examples").symlink_to(REPO_ROOT / "examples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    status = main(args)
    out, err = capsys.readouterr()
    assert status in (0, 1) and err == "", (line, err)
    assert json.loads(out)
    if "--qr" in args:
        assert (tmp_path / args[args.index("--qr") + 1]).read_text("utf-8").startswith("<")


def test_the_examples_table_of_the_docs_is_complete() -> None:
    from shangrila_widget.cli import example_names

    text = (REPO_ROOT / "docs" / "cli.md").read_text("utf-8")
    rows = [
        f"{cells[1].strip()}-{cells[2].strip().strip('`')}"
        for cells in (line.split("|") for line in text.splitlines())
        if len(cells) == 4 and cells[1].strip().isdigit()
    ]
    assert rows == example_names()


# ============================================================================ rulings


RULING_QUESTIONS = [
    ["--example", "03", "journey A B"],  # legal
    ["--example", "03", "journey A M"],  # no bridge
    ["--example", "01", "place healer A"],
    ["--example", "02", "recruit healer A healer A"],
    [str(EXAMPLE), "pass"],
    ["rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C", "journey A B"],
]


def answer(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    status = main(args)
    out, err = capsys.readouterr()
    assert err == "", err
    return status, json.loads(out)


@pytest.mark.parametrize("question", RULING_QUESTIONS, ids=lambda q: " ".join(q)[-30:])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_check_ruling_keeps_the_check_fields(
    question: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, plain = answer(["check", *question, "--lang", lang], capsys)
    ruled_status, ruled = answer(["check", *question, "--lang", lang, "--ruling"], capsys)
    assert ruled_status == status
    assert list(ruled)[: len(plain)] == list(plain)
    assert {key: ruled[key] for key in plain} == plain
    for key in ("question", "rules", "legal_if", "edition", "version", "ruling", "link"):
        assert key in ruled
    assert (ruled["rules"] or [None])[0] == plain["rule"]
    # the ruling string gives the same ruling back
    assert answer(["ruling", str(ruled["ruling"]), "--lang", lang], capsys) == (status, ruled)
    assert answer(["ruling", str(ruled["link"]), "--lang", lang], capsys) == (status, ruled)


def test_check_ruling_legal_if_link_and_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = "rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C"
    _, ruled = answer(["check", setup, "recruit healer A", "--ruling", "--lang", "pl"], capsys)
    assert ruled["rules"] == ["SETUP-ORDER", "RECRUIT-OWN"]
    (entry,) = ruled["legal_if"]  # type: ignore[misc]
    assert entry["text"].startswith("Byłoby legalne, gdyby rozmieszczanie Mistrzów")
    assert entry["position"]["phase"] == "play"
    assert entry["position"]["villages"]["A"]["healer"] == {"owner": "red", "student": False}
    assert ruled["link"] == f"http://127.0.0.1:8866/?ruling={ruled['ruling']}"
    monkeypatch.setenv("SHANGRILA_SITE_URL", "https://site.example/lab/")
    _, ruled = answer(["check", setup, "pass", "--ruling"], capsys)
    assert str(ruled["link"]).startswith("https://site.example/lab/?ruling=r1~standard~rby_r_setup")
    _, ruled = answer(["check", setup, "pass", "--ruling", "--base-url", "http://h:1/"], capsys)
    assert str(ruled["link"]).startswith("http://h:1/?ruling=r1~")
    status, ruled = answer(["check", str(EXAMPLE), "journey A B", "--player", "blue"], capsys)
    assert status == 1 and ruled["rule"] == "TURN-ORDER" and ruled["question"]["player"] == "blue"  # type: ignore[index]
    assert "~blue~" in str(ruled["ruling"])


@pytest.mark.parametrize(
    "string",
    [
        "r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~1b1f1b3a"[:-1],
        "r1~standard~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7",
        "r1~house~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~00000000",
        "r1~standard~rby_b_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~00000000",
        "r9~x",
        "hello world",
        "",
    ],
)
def test_bad_ruling_strings_exit_2_with_one_line(string: str) -> None:
    result = run("ruling", string, "--lang", "pl")
    assert_one_line_error(result)
    assert " ruling: error: " in result.stderr


def test_bad_ruling_string_names_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ruling", "r1~house~rby_r_setup_7.7.7.7.7.7.7.7.7.7.7.7.7_-_C~pass~0"]) == 2
    assert "unknown edition 'house'" in capsys.readouterr().err
    assert main(["check", str(EXAMPLE), "pass", "--base-url", "http://h/"]) == 2
    assert "--base-url needs --ruling" in capsys.readouterr().err


def test_qr_writes_the_code_of_the_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import cairosvg  # the test extras: cairosvg (and Pillow), zxing-cpp
    import zxingcpp
    from PIL import Image

    svg = tmp_path / "ruling.svg"
    _, ruled = answer(
        ["check", "--example", "03", "journey A M", "--ruling", "--qr", str(svg)], capsys
    )
    picture = Image.open(io.BytesIO(cairosvg.svg2png(url=str(svg)))).convert("L")
    assert [
        r.text for r in zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
    ] == [ruled["link"]]
    again = tmp_path / "again.svg"
    _, read = answer(["ruling", str(ruled["ruling"]), "--qr", str(again)], capsys)
    assert again.read_bytes() == svg.read_bytes() and read == ruled
    assert main(["check", "--example", "03", "pass", "--qr", str(svg)]) == 2
    assert "--qr needs --ruling" in capsys.readouterr().err
    assert main(["ruling", str(ruled["ruling"]), "--qr", str(tmp_path / "x.png")]) == 2
    assert "ending in .svg" in capsys.readouterr().err
    assert main(["ruling", str(ruled["ruling"]), "--qr", str(tmp_path / "no" / "x.svg")]) == 2
    assert "cannot write the QR code" in capsys.readouterr().err

"""The terminal: ``check`` verdicts and exit statuses, and that every bad input ends in exit
status 2 with one line on standard error and no traceback (issues 7 and 11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shangrila_widget.__main__ import build_parser, main, program_name
from tests.support.paths import EXAMPLE_POSITIONS, REPO_ROOT

EXAMPLE = EXAMPLE_POSITIONS / "03-journey-situation-1.json"
CORPUS = REPO_ROOT / "tests" / "rules" / "corpus" / "position-json"


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "shangrila_widget", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        **kwargs,  # type: ignore[call-overload]
    )


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
    """Issue 11.1: a position nested ~990 deep printed a RecursionError traceback, exit 1."""
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
    text.write_text("rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C\n", "utf-8")
    assert_one_line_error(run("check", str(text), "pass"))


def test_action_word_count_is_grammatical() -> None:
    """Issue 7.5: ``check FILE "place healer"`` said "got 1 words"."""
    result = run("check", str(EXAMPLE), "place healer")
    assert "got 1 word" in result.stderr and "got 1 words" not in result.stderr


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    """Issue 7.5: ``check ... --pretty | head`` ended in a BrokenPipeError traceback."""
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
    """Issue 7.5: the console script's usage line said ``python -m shangrila_widget``."""
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
    """Issue 7.5: the ``shangrila`` console script was in no document."""
    scripts = "shangrila = " in (REPO_ROOT / "pyproject.toml").read_text("utf-8")
    assert scripts
    readme = (REPO_ROOT / "README.md").read_text("utf-8")
    terminal = readme.split("## From a terminal", 1)[1].split("\n## ", 1)[0]
    assert "shangrila check " in terminal
    assert "shangrila check " in (REPO_ROOT / "docs" / "cli.md").read_text("utf-8")


def test_venv_is_ignored_by_git() -> None:
    """Issue 7.6: a virtual environment in ``.venv/`` showed up as untracked files."""
    ignore = (REPO_ROOT / ".gitignore").read_text("utf-8").split()
    assert ".venv/" in ignore
    if (REPO_ROOT / ".git").exists():
        result = subprocess.run(
            ["git", "check-ignore", "-q", ".venv/bin/python"], cwd=REPO_ROOT, timeout=30
        )
        assert result.returncode == 0

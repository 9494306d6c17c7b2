"""The terminal's edges a new user trips on first (issue 24, point 6), run in-process: each
ends in one error line that names what was wrong, from the words files with ``--lang pl``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shangrila_widget.__main__ import main
from shangrila_widget.rules import Position
from shangrila_widget.rules.ruling import ruling_link, ruling_string

SETUP = "rby r setup 7/7/7/7/7/7/7/7/7/7/7/7/7 - C"


def error_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line a command line that fails prints on standard error (exit status 2)."""
    try:
        status = main(args)
    except SystemExit as stop:  # argparse's own errors
        status = int(str(stop.code))
    out, err = capsys.readouterr()
    assert status == 2 and out == "", (status, out[:200])
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_file_of_garbage_is_named_and_said_to_hold_no_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("garbage here\n", "utf-8")
    line = error_line(["check", str(junk), "pass"], capsys)
    assert "junk.txt" in line and "no position" in line, line
    assert "expected 6 fields" in line  # why it is no one-line position either
    polish = error_line(["check", str(junk), "pass", "--lang", "pl"], capsys)
    assert "junk.txt" in polish and polish != line
    good = tmp_path / "good.txt"
    good.write_text(SETUP + "\n", "utf-8")
    assert main(["check", str(good), "pass"]) == 1  # a one-line string in a file still reads
    capsys.readouterr()


def test_a_position_and_an_example_together_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.txt"
    good.write_text(SETUP, "utf-8")
    line = error_line(["check", str(good), "--example", "04", "pass"], capsys)
    assert "give a POSITION or --example NAME, not both" in line, line
    assert "unrecognized" not in line


def test_an_unknown_option_is_reported_by_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    line = error_line(["check", SETUP, "pass", "--frobnicate"], capsys)
    assert " check: error: unrecognized arguments: --frobnicate" in line, line
    assert "check --help" in line
    line = error_line(["hint", SETUP, "--nope"], capsys)
    assert " hint: error: unrecognized arguments: --nope" in line, line


def test_ruling_of_a_link_keeps_the_link_s_base(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHANGRILA_SITE_URL", "https://env.example/")
    text = ruling_string(Position.from_compact(SETUP), "pass")
    base = "https://site.example/s/dispute-checker.html?lang=pl"
    link = ruling_link(text, base)
    assert main(["ruling", link]) == 1
    assert json.loads(capsys.readouterr().out)["link"] == link
    assert main(["ruling", link, "--base-url", "http://h:1/"]) == 1  # the option wins
    assert json.loads(capsys.readouterr().out)["link"] == ruling_link(text, "http://h:1/")
    assert main(["ruling", text]) == 1  # a bare string: the site setting, as before
    assert json.loads(capsys.readouterr().out)["link"] == ruling_link(text, "https://env.example/")


def test_with_lang_pl_the_terminal_s_own_errors_are_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.json")
    english = error_line(["check", missing, "pass"], capsys)
    polish = error_line(["check", missing, "pass", "--lang", "pl"], capsys)
    assert "cannot read" in english and "no such file" in english
    assert "missing.json" in polish and "cannot read" not in polish
    both = error_line(["check", SETUP, "--example", "03", "pass", "--lang", "pl"], capsys)
    assert "--example" in both and "not both" not in both
    docs = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
    assert "in English for now" not in docs.read_text("utf-8")

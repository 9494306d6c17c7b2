"""The terminal's edges a new user trips on first (issue 24, point 6), run in-process: each
ends in one error line that names what was wrong, from the words files with ``--lang pl``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shangrila_widget.__main__ import main
from shangrila_widget.rules import Position
from shangrila_widget.rules.messages import Message
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


@pytest.mark.parametrize(
    ("args", "key", "params"),
    [
        (["exercises", "--count", "x"], "whole_number_upto", {"option": "--count", "most": 99999}),
        (["exercises", "--seed", "1.5"], "whole_number", {"option": "--seed"}),
        (["exercises", "--rule", "NOPE"], "no_exercise_rule", {}),
        (["hint", "--example", "03", "--seconds", "soon"], "seconds", {"option": "--seconds"}),
        (
            ["hint", "--example", "03", "--iterations", "many"],
            "whole_number",
            {"option": "--iterations"},
        ),
        (["tour", "--port", "99999"], "port", {}),
    ],
)
def test_a_bad_option_value_is_said_from_the_words_in_the_language_asked(
    args: list[str], key: str, params: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    value = repr(args[-1])
    for lang, extra in (("en", []), ("pl", ["--lang", "pl"]), ("pl", ["--lang=pl"])):
        line = error_line([*args, *extra], capsys)
        said = Message(f"error.cli_{key}", {**params, "value": value}).text(lang)
        assert f"{args[0]}: error: {said} " in line, line
        assert line.endswith(
            Message("error.cli_see_help", {"command": line.split(":")[0]}).text(lang)
        )
    # the language may be asked before the bad value, too
    polish = error_line([args[0], "--lang", "pl", *args[1:]], capsys)
    assert Message(f"error.cli_{key}", {**params, "value": value}).text("pl") in polish


@pytest.mark.parametrize(
    ("args", "option", "choices"),
    [
        (["check", "--example", "03", "pass", "--lang", "de"], "--lang", "en, pl"),
        (["ruling", "r1~x", "--lang", "de"], "--lang", "en, pl"),
        (["hint", "--example", "03", "--lang", "de"], "--lang", "en, pl"),
        (["exercises", "--lang", "de"], "--lang", "en, pl"),
        (
            ["hint", "--example", "03", "--level", "genius", "--lang", "pl"],
            "--level",
            "random, easy, medium, hard",
        ),
        (["exercises", "--players", "5", "--lang", "pl"], "--players", "3, 4"),
        (
            ["check", "--example", "03", "pass", "--player", "pink", "--lang", "pl"],
            "--player",
            "red, blue, yellow, violet",
        ),
    ],
)
def test_a_value_not_among_an_option_s_choices_is_said_from_the_words(
    args: list[str], option: str, choices: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --lang the program does not speak is said in English (the words of en.json); any
    other option's bad choice in the language asked for."""
    lang = "pl" if args[-2:] == ["--lang", "pl"] else "en"
    bad = args[args.index(option) + 1]
    line = error_line(args, capsys)
    said = Message("error.cli_choice", {"option": option, "choices": choices, "value": repr(bad)})
    assert f": error: {said.text(lang)} " in line, line
    assert "invalid choice" not in line

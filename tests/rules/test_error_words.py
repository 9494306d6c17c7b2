"""The rules layer's errors keep a key and facts, so they can be said in Polish.

``str(error)`` stays the English text; ``error.text("pl")`` says it in Polish, and so do the
checker's editor and ``shangrila check --lang pl``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from shangrila_widget.__main__ import main
from shangrila_widget.rules import Position, parse_action
from shangrila_widget.rules.errors import ActionParseError, PositionError, ShangrilaError
from shangrila_widget.rules.messages import Message

TOO_MANY = "villages: red has 14 tiles of type rainmaker on the board; only 6 exist"
TOO_MANY_PL = (
    "villages: gracz Czerwony ma na planszy 14 żetonów typu Przywoływacz Deszczu, "
    "a istnieje tylko 6"
)


def too_many_rainmakers() -> str:
    data = Position.new_game(["red", "blue", "yellow"]).to_dict()
    data["phase"] = "play"
    data.pop("setup_turns", None)
    data["villages"] = {v: {"rainmaker": {"owner": "red", "student": True}} for v in "ABDEFGH"}
    return json.dumps(data)


def test_a_position_error_is_english_as_text_and_polish_when_asked() -> None:
    with pytest.raises(PositionError) as caught:
        Position.from_json(too_many_rainmakers())
    error = caught.value
    assert str(error) == TOO_MANY and error.problem == TOO_MANY.removeprefix("villages: ")
    assert error.text("pl") == TOO_MANY_PL
    assert isinstance(error.problem_words, Message)


@pytest.mark.parametrize(
    ("read", "english", "polish"),
    [
        (lambda: Position.from_json("[1"), "not valid JSON", "to nie jest poprawny JSON"),
        (
            lambda: Position.from_compact("rby r setup 7/7 - -"),
            "board: expected 13 villages separated by '/', got 2",
            "board: oczekiwano 13 wiosek rozdzielonych znakiem '/', a jest 2",
        ),
        (
            lambda: Position.from_compact("rbx r setup " + "/".join(["7"] * 13) + " - -"),
            "unknown colour letter 'x'",
            "nieznana litera koloru 'x'",
        ),
        (
            lambda: Position.from_compact("rby r setup 6/" + "/".join(["7"] * 12) + " - -"),
            "describes 6 spaces, not 7",
            "opisuje 6 pól, nie 7",
        ),
        (lambda: parse_action("place healer"), "got 1 word", "podano 1 słowo"),
        (lambda: parse_action("journey A B C"), "got 3 words", "podano 3 słowa"),
        (lambda: parse_action("jump"), "unknown action 'jump'", "nieznana akcja 'jump'"),
    ],
)
def test_readers_errors_are_said_in_both_languages(read: object, english: str, polish: str) -> None:
    with pytest.raises(ShangrilaError) as caught:
        read()  # type: ignore[operator]
    assert english in str(caught.value) and polish in caught.value.text("pl")
    assert english in caught.value.text("en")


def test_the_refusal_inside_an_illegal_action_error_follows_the_language() -> None:
    pos = Position.new_game(["red", "blue", "yellow"])
    with pytest.raises(ShangrilaError) as caught:
        pos.play("journey A B")
    assert str(caught.value).startswith("SETUP-ORDER: Red may only place")
    assert caught.value.text("pl").startswith("SETUP-ORDER: Gracz Czerwony")


def test_check_lang_pl_says_a_bad_position_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(too_many_rainmakers(), "utf-8")
    assert main(["check", str(path), "pass", "--lang", "pl"]) == 2
    assert TOO_MANY_PL in capsys.readouterr().err
    assert main(["check", str(path), "pass"]) == 2
    assert TOO_MANY in capsys.readouterr().err


def test_the_checkers_editor_says_a_refused_position_in_its_language() -> None:
    from shangrila_widget.widget import DisputeChecker

    checker = DisputeChecker(lang="pl")
    checker.load(too_many_rainmakers())
    assert checker.board.message == TOO_MANY_PL
    checker.lang = "en"
    assert checker.board.message == TOO_MANY, "said again in the new language"


READERS = ("position_json.py", "compact.py", "editing.py", "actions.py")


@pytest.mark.parametrize("module", READERS)
def test_the_readers_raise_their_errors_with_words_not_fixed_text(module: str) -> None:
    """Every PositionError / ActionParseError of the readers is given a message (a key and
    facts), never an English text fixed when raised."""
    source = Path(__file__).parents[2] / "shangrila_widget" / "rules" / module
    fixed = []
    for node in ast.walk(ast.parse(source.read_text("utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in (PositionError.__name__, ActionParseError.__name__):
            continue
        said = node.args[-1] if node.args else None
        if isinstance(said, (ast.Constant, ast.JoinedStr, ast.BinOp)):
            fixed.append(f"{module}:{node.lineno}")
    assert fixed == []


def test_hint_lang_pl_says_a_bad_position_in_polish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(too_many_rainmakers(), "utf-8")
    assert main(["hint", str(path), "--lang", "pl"]) == 2
    assert TOO_MANY_PL in capsys.readouterr().err
    assert main(["hint", str(path)]) == 2
    assert TOO_MANY in capsys.readouterr().err


def test_a_hint_for_a_finished_game_is_refused_in_both_languages() -> None:
    from shangrila_widget.bots import hint
    from shangrila_widget.rules import GameRecord

    record = GameRecord(Position.new_game(["red", "blue", "yellow"]))
    while not record.position.is_over:
        record.play(record.position.legal_actions()[0])
    with pytest.raises(ShangrilaError) as caught:
        hint(record.position, level="easy")
    assert str(caught.value) == "the game is over: there is nothing to suggest"
    assert caught.value.text("pl") == "gra jest zakończona: nie ma czego podpowiadać"

"""The dispute checker: editing, previews, the position string, driven headlessly (clicks
as the browser sends them)."""

from __future__ import annotations

import html
import json
from typing import Any
from urllib.parse import quote

import pytest

from shangrila_widget.rules import Position, from_compact, parse_action
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.ruling import EDITIONS, read_question, ruling, ruling_string
from shangrila_widget.widget import DisputeChecker
from tests.support.paths import EXAMPLE_POSITIONS, EXAMPLES
from tests.support.widget import click_bridge, click_space


def situation_one() -> Position:
    return Position.from_json(
        (EXAMPLE_POSITIONS / "03-journey-situation-1.json").read_text("utf-8")
    )


def test_what_if_lists_journeys_with_predictions_and_preview_changes_nothing() -> None:
    checker = DisputeChecker(situation_one())
    labels = [label for label, _ in checker.action_list.options]
    assert any(label.startswith("journey A B · situation 1 · J1-OTHER J-EMPTY") for label in labels)
    before = checker.game
    index = next(i for i, p in enumerate(checker.predictions) if str(p.action) == "journey A B")
    checker.action_list.value = index  # choosing previews it
    assert checker.board.preview is not None
    assert checker.game == before, "a preview plays nothing"
    assert checker.board.canvas.scene is not None
    drawn = [p.tag for p in checker.board.canvas.scene.dynamic if p.tag[:1] == ("master",)]
    assert ("master", "B", "dragon_breeder", "red") in drawn, "the board shows the preview"
    assert "J1-OTHER" in checker.board.message_rules
    checker.end_preview()
    assert checker.board.preview is None
    checker.action_list.value = index
    checker.play_preview()
    assert checker.game.tile("B", "dragon_breeder") == ("red", False)


def test_edit_mode_puts_tiles_breaks_bridges_and_refuses_impossible_edits() -> None:
    checker = DisputeChecker(situation_one())
    checker.mode = "edit"
    checker.colour_picker.value = "blue"
    checker.piece_buttons.value = "pair"
    click_space(checker.board, "D", "healer")
    assert checker.game.tile("D", "healer") == ("blue", True)
    click_bridge(checker.board, "A", "B")
    assert not checker.game.bridge_intact("A", "B")
    click_bridge(checker.board, "A", "B")
    assert checker.game.bridge_intact("A", "B")
    before = checker.game
    checker.colour_picker.value = "red"
    checker.piece_buttons.value = "master"
    for village in "CDEFGHIJ":  # the seventh Red Healer is impossible
        click_space(checker.board, village, "healer")
    assert (
        sum(
            1 for v in "ABCDEFGHIJKLM" if (t := checker.game.tile(v, "healer")) and t.owner == "red"
        )
        == 6
    )
    assert checker.board.message_rules == [] and "only 6 exist" in checker.board.message
    assert checker.game != before


def test_to_move_dropdown_and_string_round_trip() -> None:
    checker = DisputeChecker(situation_one())
    checker.to_move_picker.value = "violet"
    assert checker.game.to_move == "violet"
    assert from_compact(checker.string_field.value) == checker.game
    other = DisputeChecker()
    other.string_field.value = checker.string_field.value
    other.load_string_button.click()
    assert other.game == checker.game


def test_a_bad_position_string_is_refused_and_the_board_keeps_its_position() -> None:
    checker = DisputeChecker(situation_one())
    before = checker.game
    checker.load("rbyv r play 7/7 - -")
    assert checker.game == before
    assert "13 villages" in checker.board.message
    checker.load('{"format": "shangrila-position/1", "players": ["red"]}')
    assert checker.game == before


def test_play_mode_clicks_still_play() -> None:
    checker = DisputeChecker(situation_one())
    click_space(checker.board, "A", "rainmaker")  # Red's student: start a journey
    assert checker.board.selection == "journey:A"


def test_polish_labels() -> None:
    checker = DisputeChecker(situation_one(), lang="pl")
    assert checker.play_it_button.description == "Zagraj"
    labels = [label for label, _ in checker.action_list.options]
    assert any("sytuacja 1" in label for label in labels)


def test_edit_mode_says_how_to_edit_and_play_mode_who_is_to_move() -> None:
    from shangrila_widget.rules.messages import say

    checker = DisputeChecker(situation_one())
    checker.mode_buttons.value = "edit"  # as the front end sets it
    assert checker.mode == "edit"
    assert checker.board.message == say("ui.edit_mode_help", "en")
    assert "Click a space to play" not in checker.board.message
    assert checker.edit_tools.layout.display == "flex"
    assert checker.colour_picker.description == "Colour"
    checker.board.lang = "pl"
    assert checker.board.message == say("ui.edit_mode_help", "pl")
    assert checker.colour_picker.description == "Kolor"
    assert checker.mode == "edit", "the relabelled toggle changed no mode"
    checker.mode = "play"
    assert checker.mode_buttons.value == "play"
    assert checker.board.message.startswith("Kliknij pole")


def test_the_copy_button_holds_the_string_and_says_what_the_browser_did() -> None:
    from shangrila_widget.rules.messages import say

    checker = DisputeChecker(situation_one())
    button = checker.copy_button
    assert button is not None and button.text == checker.string_field.value
    assert button.description == "Copy"
    click_space(checker.board, "A", "rainmaker")
    click_space(checker.board, "B", "rainmaker")  # a journey: a new position, a new string
    assert button.text == checker.string_field.value != to_compact(situation_one())

    def front_end(ok: bool) -> None:  # what the page sends after the click
        message = {"method": "custom", "content": {"event": "copied", "ok": ok}}
        button._handle_msg({"content": {"data": message}, "buffers": []})

    front_end(True)
    assert checker.board.message == say("ui.copied", "en")
    front_end(False)
    assert checker.board.message == say("ui.copy_failed", "en")


def test_the_checker_title_guide_and_svg() -> None:
    from shangrila_widget.rules.messages import say

    checker = DisputeChecker(lang="pl")
    assert say("ui.checker_title", "pl") in checker.title_line.title.value
    assert checker.title_line.guide in checker.board.side_panel.children
    assert checker._repr_svg_().startswith("<svg")


def test_a_callback_error_of_the_checker_is_shown_under_the_board() -> None:
    checker = DisputeChecker(situation_one())
    checker.predictions = []  # the list no longer matches its options
    checker.action_list.value = 0  # as the front end chooses the first line
    assert "IndexError" in checker.board.error


# ---------------------------------------------------------------------------- rulings, links


BROKEN_AB = "rbyv r play 7/R6/7/7/7/7/7/7/7/7/7/7/7 AB -"


def _no_page(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("QUERY_STRING", "VOILA_REQUEST_URL", "SHANGRILA_PAGE_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.delenv("SHANGRILA_SITE_URL", raising=False)


def test_a_link_in_the_page_address_opens_its_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila gives the kernel the page's query (QUERY_STRING) and address: the checker opens
    the link's position and question, and its own link is the same link."""
    _no_page(monkeypatch)
    pos = Position.from_compact(BROKEN_AB)
    link = ruling(pos, "journey A B").link("http://127.0.0.1:8871/")
    monkeypatch.setenv("QUERY_STRING", link.split("?", 1)[1])
    monkeypatch.setenv("VOILA_REQUEST_URL", link)
    checker = DisputeChecker.from_address(situation_one(), lang="pl")
    assert checker.game == pos
    assert checker.question is not None and str(checker.question[0]) == "journey A B"
    box = checker.ruling_box.value
    assert "Werdykt: akcja niedozwolona." in box
    assert box.index("JOURNEY-BRIDGE") < box.index("JOURNEY-START")
    assert "Byłoby legalne, gdyby most A-B jeszcze stał" in box
    assert checker.link() == link
    button = checker.link_tools.button
    assert button is not None and button.text == link and button.description == "Kopiuj link"
    assert button in checker.children[0].children and checker.board.link_row not in (
        checker.board.side_panel.children
    )


@pytest.mark.parametrize(
    ("cut", "words"),
    [
        (lambda s: s[:-3], "cut or altered"),
        (lambda s: s.replace("journey.A.B", "journey.A.C"), "cut or altered"),
        (lambda s: s.replace("~standard~", "~house~"), "unknown edition 'house'"),
        (lambda s: s.split("~journey")[0], "incomplete or cut"),
        (lambda s: s + "<script>", "is not allowed"),
    ],
)
def test_a_bad_link_says_why_and_shows_no_board_of_it(
    monkeypatch: pytest.MonkeyPatch, cut: Any, words: str
) -> None:
    _no_page(monkeypatch)
    good = ruling_string(Position.from_compact(BROKEN_AB), "journey A B")
    monkeypatch.setenv("QUERY_STRING", "ruling=" + quote(cut(good)))
    checker = DisputeChecker.from_address(situation_one())
    assert checker.game == situation_one(), "the board is the checker's own, not a guess"
    assert checker.link_error is not None and checker.question is None
    assert words in html.unescape(checker.ruling_box.value)
    assert "This link cannot be opened" in checker.ruling_box.value
    assert "<script>" not in checker.ruling_box.value
    checker.lang = "pl"
    assert "Nie można otworzyć tego linku" in checker.ruling_box.value


def test_choosing_an_action_asks_it_and_the_link_carries_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _no_page(monkeypatch)
    checker = DisputeChecker(situation_one())
    assert checker.ruling_box.value == "" and "~-~" in checker.link()
    index = next(i for i, p in enumerate(checker.predictions) if str(p.action) == "journey A B")
    checker.action_list.value = index
    assert "Verdict: legal." in checker.ruling_box.value
    assert read_question(checker.link()) == (situation_one(), parse_action("journey A B"), None)
    assert checker.link().startswith("http://127.0.0.1:8866/?ruling=r1~")
    monkeypatch.setenv("SHANGRILA_SITE_URL", "https://site.example/s/dispute-checker.html")
    checker.ask("journey A M")
    assert checker.link().startswith("https://site.example/s/dispute-checker.html?ruling=r1~")
    assert "Verdict: refused." in checker.ruling_box.value


def test_the_edition_picker_rejudges_and_says_where_editions_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.rules.test_ruling import eleven_stones

    _no_page(monkeypatch)
    before, _after, action = eleven_stones(end_eleven=False)
    checker = DisputeChecker(before)
    assert [v for _, v in checker.edition_picker.options] == list(EDITIONS)
    assert checker.edition_picker.label.startswith("standard: the rulebook's rules")
    checker.ask(action)
    assert "Under END-ELEVEN this journey would end the game" in checker.ruling_box.value
    checker.edition_picker.value = "END-ELEVEN"
    assert checker.game.end_eleven and checker.game.stones == before.stones
    assert "Judged by: END-ELEVEN." in checker.ruling_box.value
    assert "Under the standard rules this journey would not end the game" in (
        checker.ruling_box.value
    )
    assert "~END-ELEVEN~" in checker.link()
    checker.lang = "pl"
    assert checker.edition_picker.label.startswith("END-ELEVEN: gra kończy się")


def test_the_qr_code_shows_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_page(monkeypatch)
    checker = DisputeChecker(situation_one())
    tools = checker.link_tools
    assert tools.qr_box.layout.display == "none" and tools.qr_button.description == "QR code"
    tools.qr_button.value = True
    assert tools.qr_box.layout.display == "block"
    assert "<svg" in tools.qr_box.value and html.escape(checker.link()) in tools.qr_box.value
    checker.ask("journey A B")
    assert html.escape(checker.link()) in tools.qr_box.value


def test_the_board_and_the_tour_copy_a_link_of_their_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shangrila_widget.rules.messages import say
    from shangrila_widget.widget import RulebookTour, ShangriLaBoard

    _no_page(monkeypatch)
    board = ShangriLaBoard(situation_one())
    button = board.link_tools.button
    assert button is not None and button in board.link_row.children
    assert read_question(button.text) == (situation_one(), None, None)
    click_space(board, "A", "rainmaker")
    click_space(board, "B", "rainmaker")
    assert read_question(button.text)[0] == board.game != situation_one()
    button._handle_msg(
        {
            "content": {"data": {"method": "custom", "content": {"event": "copied", "ok": True}}},
            "buffers": [],
        }
    )
    assert board.message == say("ui.link_copied", "en")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://127.0.0.1:8870/voila/render/tour.ipynb")
    tour = RulebookTour()
    tour_button = tour.board.link_tools.button
    assert tour_button is not None
    assert tour_button.text.startswith(
        "http://127.0.0.1:8870/voila/render/dispute-checker.ipynb?ruling=r1~"
    )
    assert read_question(tour_button.text)[0] == tour.board.game


def test_a_ruling_link_opened_on_the_tours_page_shows_the_checker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``shangrila tour`` serves the tour alone at the links' default base: its notebook
    (``ruling_or(RulebookTour)``) shows the checker when the address carries a ruling."""
    from shangrila_widget.widget import RulebookTour, ruling_or

    _no_page(monkeypatch)
    assert isinstance(ruling_or(RulebookTour), RulebookTour)
    pos = Position.from_compact(BROKEN_AB)
    link = ruling(pos, "journey A B").link()
    assert link.startswith("http://127.0.0.1:8866/?ruling=")
    monkeypatch.setenv("QUERY_STRING", link.split("?", 1)[1])
    shown = ruling_or(RulebookTour)
    assert isinstance(shown, DisputeChecker) and shown.game == pos
    assert shown.question is not None and str(shown.question[0]) == "journey A B"
    assert "JOURNEY-BRIDGE" in shown.ruling_box.value
    tour_cell = json.loads((EXAMPLES / "tour.ipynb").read_text(encoding="utf-8"))
    assert "ruling_or(RulebookTour)" in "".join(tour_cell["cells"][0]["source"])

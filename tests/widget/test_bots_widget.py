"""Computer seats, hints, watch mode and the review chart of the board widget (issue 9).

Everything the person does goes through front-end messages on the browser's route
(``widget_helpers``); without a running asyncio loop the bots think at once, so these tests
drive whole games synchronously. One test runs a loop to check that thinking comes in slices
and the board still answers while it thinks.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from shangrila_widget.bots import Budget, choose_action, hint, review
from shangrila_widget.rules import GameRecord, Journey, Pass, Place, Position, Recruit
from shangrila_widget.rules.errors import ShangrilaError
from shangrila_widget.rules.messages import action_words
from shangrila_widget.widget import Bot, Highlight, ReviewChart, ShangriLaBoard
from shangrila_widget.widget.clock import Clock
from shangrila_widget.widget.seats import SLICE_SECONDS, hint_highlights
from tests.support.loops import run_loop
from tests.support.widget import (
    click_space,
    foreign_words,
    frontend_message,
    press,
    press_button,
)

THREE = ["red", "blue", "yellow"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


FAST = Bot("medium", Budget(iterations=6), seed=3)


def person_plays(board: ShangriLaBoard, action: object) -> None:
    """The person clicks ``action`` on the board (or presses Pass), as a browser would."""
    pos = board.game
    if isinstance(action, Place):
        click_space(board, action.village, action.type)
    elif isinstance(action, Recruit):
        for master_type, village in action.students:
            click_space(board, village, master_type)
        if len(action.students) == 1:
            click_space(board, action.students[0][1], action.students[0][0])
    elif isinstance(action, Journey):
        me = pos.to_move
        start = next(
            t for t, tile in pos.tiles(action.origin).items() if tile.owner == me and tile.student
        )
        click_space(board, action.origin, start)
        click_space(board, action.destination, "healer")
    elif isinstance(action, Pass):  # the button's click message, as the browser sends it
        press_button(board.buttons["pass"])
    else:  # pragma: no cover
        raise AssertionError(action)


def test_bot_seats_play_a_whole_game_through_click_messages() -> None:
    board = ShangriLaBoard(players=THREE, bots={"blue": FAST, "yellow": "easy"})
    rng = random.Random(5)
    person_moves = 0
    while not board.game.is_over:
        assert board.game.to_move == "red", "the computer seats move by themselves"
        assert not board.busy
        action = choose_action(board.game, level="random", seed=rng.randrange(10**6))
        before = board.record.current.ply
        person_plays(board, action)
        person_moves += 1
        node = board.record.current
        # the person's move is in the record, then the bots' replies
        path = []
        walk = node
        while walk.ply > before:
            path.append(walk)
            assert walk.parent is not None
            walk = walk.parent
        path.reverse()
        assert path[0].action == action
        assert (
            [n.parent.position.to_move for n in path[1:]]
            == [  # type: ignore[union-attr]
                n.parent.position.to_move  # type: ignore[union-attr]
                for n in path[1:]
                if n.parent.position.to_move in ("blue", "yellow")  # type: ignore[union-attr]
            ]
        )
        if len(path) > 1:
            last = path[-1]
            assert last.parent is not None
            bot = last.parent.position.to_move
            name = {"blue": "Blue", "yellow": "Yellow"}[bot]
            assert board.message.startswith(f"{name} (computer, "), board.message
            assert f"plays {action_words(last.action)}" in board.message
            if not isinstance(last.action, Pass):
                assert any(h["kind"] == "moved" for h in board.highlights), "ringed as moved"
    assert board.game.is_over and person_moves > 10
    assert board.error == ""


def test_a_forced_pass_by_the_button_message_and_the_bots_pass_too() -> None:
    start = (EXAMPLES / "11-everyone-must-pass.json").read_text("utf-8")
    board = ShangriLaBoard(start, bots={c: FAST for c in ("blue", "yellow", "violet")})
    person_plays(board, Pass())
    assert [n.action for n in board.record.main_line()] == [Pass()] * 4
    assert board.game.is_over and board.message.startswith("Violet (computer, medium) plays a pass")
    assert board.error == ""


def test_undo_goes_back_past_the_bots_to_the_persons_last_decision() -> None:
    board = ShangriLaBoard(players=THREE, bots={"blue": FAST, "yellow": "easy"})
    assert "Computer players: Blue (medium, budget: 6 iterations); Yellow (easy)." in (
        board.computer.seats_info.value
    ), "who plays by computer, and each budget, is always on show"
    click_space(board, "A", "healer")
    assert board.game.to_move == "red" and board.record.current.ply == 3
    click_space(board, "B", "priest")
    assert board.record.current.ply == 6
    press(board, "ArrowLeft")  # the key a person presses
    assert board.record.current.ply == 3 and board.game.to_move == "red"
    board.buttons["undo"].click()
    assert board.record.current.ply == 0 and board.game.to_move == "red"
    assert not board.busy, "undo to a person's turn makes no bot think"
    board.redo()
    assert board.record.current.ply == 3 and board.game.to_move == "red"
    # a different decision after undo: the bots answer it
    board.undo()
    click_space(board, "D", "healer")
    assert board.record.current.ply == 3 and board.record.root.children[-1].action == Place(
        "healer", "D"
    )


def test_a_bot_to_move_first_moves_at_once_and_redo_is_replayed_not_rethought() -> None:
    board = ShangriLaBoard(players=THREE, bots={"red": FAST})
    assert board.record.current.ply == 1 and board.game.to_move == "blue"
    assert "Red (computer, medium) plays" in board.message
    board.undo()  # blue's previous decision is the start: red's move is taken back too
    assert board.record.current.ply == 0 and board.record.can_redo()
    assert board.record.current.ply == 0, "a bot does not replay over a line it can redo"
    click_space(board, "A", "healer")  # not the person's turn
    assert board.message.startswith("It is Red's turn, a computer player")
    assert board.record.current.ply == 0


def test_watch_mode_steps_plays_to_the_end_and_refuses_clicks() -> None:
    bots = {c: Bot("easy", seed=i) for i, c in enumerate(THREE)}
    board = ShangriLaBoard(players=THREE, bots=bots)
    assert board.computer.watching
    assert "Every seat is a computer player" in board.message
    assert board.record.current.ply == 0, "watch mode waits for Play or Step"
    click_space(board, "A", "healer")
    assert board.record.current.ply == 0 and "use Play or Step" in board.message
    board.computer.buttons["step"].click()
    assert board.record.current.ply == 1 and "Red (computer, easy) plays" in board.message
    board.step()
    assert board.record.current.ply == 2
    board.undo()
    assert board.record.current.ply == 1, "in watch mode undo takes back one action"
    board.step()  # replays the action the record has
    assert board.record.current.ply == 2
    board.computer.pause()
    assert "Paused." in board.computer.progress_text.value
    assert board.message.startswith("Replayed: "), "the last action's story stays"
    board.computer.speed = "fastest"
    board.computer.buttons["play"].click()  # without a running loop the game plays out at once
    assert board.game.is_over and not board.computer.playing
    assert board.computer.buttons["play"].disabled and board.computer.buttons["step"].disabled


def test_the_hint_button_and_key_draw_the_suggestion_and_say_why() -> None:
    spec = Bot("medium", Budget(iterations=40), seed=7)
    board = ShangriLaBoard(players=THREE, hint_bot=spec)
    click_space(board, "A", "healer")
    press(board, "h")
    expected = hint(board.game, level="medium", iterations=40, seed=7 + 1).action
    highlights = [h for h in board.highlights if h["kind"] == "hint"]
    assert isinstance(expected, Place)
    assert highlights == [
        {"kind": "hint", "village": expected.village, "type": expected.type, "bridge": None}
    ]
    assert board.message.startswith(f"Hint for Blue: {action_words(expected)}")
    assert "estimated chance to win afterwards" in board.message
    assert not board.busy
    click_space(board, expected.village, expected.type)  # following it
    assert not any(h["kind"] == "hint" for h in board.highlights), "hint highlights go"
    board.computer.buttons["hint"].click()
    assert any(h["kind"] == "hint" for h in board.highlights)


def test_a_journey_hint_is_an_arrow_across_the_bridge() -> None:
    assert hint_highlights(Journey("A", "B")) == [
        Highlight("hint", village="A"),
        Highlight("hint", bridge=("A", "B")),
    ]
    pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    board = ShangriLaBoard(pos, hint_bot=Bot("medium", Budget(iterations=200), seed=1))
    board.hint()
    expected = hint(pos, level="medium", iterations=200, seed=1).action
    highlights = [h for h in board.highlights if h["kind"] == "hint"]
    assert highlights == [
        {
            "kind": "hint",
            "village": m.village,
            "type": m.type,
            "bridge": list(m.bridge) if m.bridge else None,
        }
        for m in hint_highlights(expected)
    ]
    assert board.canvas.scene is not None and board.canvas.scene.tagged("highlight", "hint")


def test_hints_can_be_switched_off_for_a_test() -> None:
    board = ShangriLaBoard(players=THREE, hints=False)
    assert board.computer.buttons["hint"].layout.display == "none"
    press(board, "h")
    assert board.message == "Hints are switched off for this board."
    assert not any(h["kind"] == "hint" for h in board.highlights)
    board.hints = True
    board.computer.hint_bot = Bot("easy")
    press(board, "H")
    assert any(h["kind"] == "hint" for h in board.highlights)
    board.hints = False
    assert not any(h["kind"] == "hint" for h in board.highlights), "switching off clears it"


def test_no_hint_for_a_bot_seat_or_a_finished_game() -> None:
    bots = {c: Bot("easy") for c in THREE}
    board = ShangriLaBoard(players=THREE, bots=bots)
    board.hint()
    assert board.message.startswith("No hint now")


def test_bad_bot_settings_are_refused_with_their_reason() -> None:
    with pytest.raises(ShangrilaError, match="no seat 'violet'"):
        ShangriLaBoard(players=THREE, bots={"violet": "easy"})
    with pytest.raises(ShangrilaError, match="unknown bot level 'genius'"):
        ShangriLaBoard(players=THREE, bots={"blue": "genius"})
    with pytest.raises(ShangrilaError, match="iterations must be"):
        Bot("medium", Budget(iterations=0))
    with pytest.raises(ShangrilaError, match="seconds must be"):
        ShangriLaBoard(players=THREE, bots={"blue": {"level": "hard", "seconds": -1}})
    with pytest.raises(ShangrilaError, match="not a bot"):
        ShangriLaBoard(players=THREE, bots={"blue": {"strength": 3}})


def test_a_list_of_seats_plays_the_default_bot_and_a_bare_seat_is_refused_clearly() -> None:
    """``bots=["blue"]`` raised AttributeError: a list of seats seats the default bot
    (``medium``) in each; a text or another value is refused in words, in both languages."""
    board = ShangriLaBoard(players=THREE, bots=["blue", "yellow"])
    assert board.computer.bots == {"blue": Bot(), "yellow": Bot()}
    assert board.game.to_move == "red" and not board.computer.watching
    for value in ("blue", 3):
        with pytest.raises(
            ShangrilaError, match="expected a dict from seat to bot or a list"
        ) as info:
            ShangriLaBoard(players=THREE, bots=value)  # type: ignore[arg-type]
        assert info.value.text("pl").startswith("bots: oczekiwano słownika")
    with pytest.raises(ShangrilaError, match="no seat 'violet' in this game"):
        ShangriLaBoard(players=THREE, bots=["violet"])


def test_thinking_comes_in_slices_and_the_board_answers_meanwhile() -> None:
    """With a running loop (a kernel, Pyodide) a search is cut into slices: between them the
    board handles messages (a click is refused with the busy note) and shows its budget."""

    async def scenario() -> tuple[list[float], str, str, int]:
        slow = Bot("medium", Budget(iterations=100_000, seconds=10 * SLICE_SECONDS), seed=1)
        board = ShangriLaBoard(players=THREE, bots={"blue": slow, "yellow": "easy"})
        board.computer.clock.use_loop = True  # as in a kernel
        board.computer.speed = "fast"  # the pause before the next computer seat thinks
        click_space(board, "A", "healer")
        assert board.busy and board.game.to_move == "blue", "thinking has only begun"
        seen: list[float] = []
        note = progress = ""
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if board.record.current.ply == 3:
                break
            if not board.busy:
                continue  # the pause between two computer moves
            seen.append(board.computer.progress.value)
            progress = progress or board.computer.progress_text.value
            if not note:
                click_space(board, "B", "priest")
                note = board.message
        return seen, note, progress, board.record.current.ply

    seen, note, progress, ply = run_loop(scenario)
    assert note == "Please wait: the board is busy (thinking)."
    assert "Blue (computer, medium) is thinking…" in progress and "budget: 100000" in progress
    assert seen and 0 < seen[0] < 1 and seen == sorted(seen), "seen mid-search, filling up"
    assert ply == 3, "blue and then yellow moved after the slices"


def test_pause_stops_a_search_under_way() -> None:
    async def scenario() -> tuple[bool, bool, int, bool]:
        slow = Bot("medium", Budget(iterations=100_000, seconds=20 * SLICE_SECONDS), seed=1)
        board = ShangriLaBoard(players=THREE, bots={c: slow for c in THREE})
        board.computer.clock.use_loop = True  # as in a kernel
        board.computer.play()
        for _ in range(200):
            await asyncio.sleep(0.005)
            if board.busy:
                break
        was_busy = board.busy
        board.computer.buttons["pause"].click()
        for _ in range(20):
            await asyncio.sleep(0.01)
        return (
            was_busy,
            board.busy,
            board.record.current.ply,
            board.computer.buttons["play"].disabled,
        )

    was_busy, busy, ply, play_disabled = run_loop(scenario)
    assert was_busy and not busy and ply == 0 and not play_disabled


def test_a_loop_outside_a_kernel_is_not_used() -> None:
    """A loop some library runs in this thread (Playwright's sync API does) would never run
    the slices: outside a kernel the bots think at once."""

    async def scenario() -> tuple[bool, int]:
        board = ShangriLaBoard(players=THREE, bots={"blue": FAST, "yellow": FAST})
        click_space(board, "A", "healer")
        return board.busy, board.record.current.ply

    assert run_loop(scenario) == (False, 3)


def test_the_clock_runs_callbacks_in_order_without_nesting() -> None:
    clock = Clock()
    order: list[int] = []

    def first() -> None:
        clock.later(0, lambda: order.append(2))
        order.append(1)

    clock.later(0, first)
    assert order == [1, 2]


def _short_game() -> GameRecord:
    board = ShangriLaBoard(players=THREE, bots={c: Bot("easy", seed=1) for c in THREE})
    for _ in range(8):
        board.step()
    return board.record


def test_the_review_chart_goes_to_the_move_clicked() -> None:
    bots = {c: Bot("easy", seed=1) for c in THREE}
    board = ShangriLaBoard(players=THREE, bots=bots)
    for _ in range(8):
        board.step()
    chart = board.review(iterations=5)
    assert chart in board.computer.review_box.children
    assert len(chart.review.moves) == 8
    point = next(p for p in chart.scene().dynamic if p.tag[:2] == ("move", "3") and p.fill)
    # a mouse press on that point, on the canvas's own comm (the browser's route)
    frontend_message(chart.canvas, {"event": "mouse_down", "x": point.cx * 2, "y": point.cy * 2})
    assert chart.selected == 3 and board.record.current.ply == 3
    assert board.message.startswith("Move 3: Yellow plays")
    assert any(h["kind"] == "moved" for h in board.highlights)
    board.lang = "pl"
    assert chart.lang == "pl" and "Ruch 3: Żółty gra" in chart.caption.value
    chart.go(0)
    assert board.record.current.ply == 0
    with pytest.raises(ShangrilaError, match="no move 9"):
        chart.go(9)
    svg = chart._repr_svg_()
    assert svg.startswith("<svg") and "Szansa na wygraną" in svg


def test_a_review_chart_of_any_record_and_the_button() -> None:
    record = _short_game()
    chart = ReviewChart(record, iterations=5, lang="pl")
    chosen: list[int] = []
    chart.on_select(chosen.append)
    chart.go(2)
    assert chosen == [2] and record.current.ply == 8, "no board: the record is not moved"
    board = ShangriLaBoard(players=THREE)
    board.computer.buttons["review"].click()
    assert board.message == "Nothing to review yet: no move has been played."
    click_space(board, "A", "healer")
    board.computer.buttons["review"].click()  # no running loop: reviewed at once
    assert board.computer.review_chart is not None and not board.busy


def test_every_new_word_is_translated() -> None:
    bots = {"blue": FAST, "yellow": FAST}
    board = ShangriLaBoard(players=THREE, bots=bots, hint_bot=Bot("easy"))
    click_space(board, "A", "healer")  # a bot move in the message line
    board.hint()
    board.review(iterations=3)
    board.lang_toggle.value = "pl"
    assert foreign_words(board, "pl") == []
    assert board.message.startswith("Podpowiedź dla gracza Czerwony")
    board.lang = "en"
    assert foreign_words(board, "en") == []
    watch = ShangriLaBoard(players=THREE, bots={c: Bot("easy") for c in THREE}, lang="pl")
    watch.step()
    assert watch.message.startswith("Czerwony (komputer, łatwy) gra")
    assert foreign_words(watch, "pl") == []
    watch.lang = "en"
    assert foreign_words(watch, "en") == []


def test_the_seats_use_the_boards_public_events_only() -> None:
    """The seats import neither the board nor anything lazily, touch no controller and keep
    no re-entry flag: they subscribe to the board's events (issue 16.1)."""
    import ast
    import inspect

    from shangrila_widget.widget import seats

    tree = ast.parse(inspect.getsource(seats))
    runtime_imports = [
        node
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and "widget.board_widget" in node.module
    ]
    assert runtime_imports == [], "the board imports the seats, not back"
    nested = [
        node
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert nested == [], "no lazy import"
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert "controller" not in attributes and "_applying" not in attributes


def test_a_navigation_rule_of_ones_own_goes_on_past_positions() -> None:
    board = ShangriLaBoard(players=THREE)
    for seed in range(6):
        assert board.play(choose_action(board.game, level="random", seed=seed)).kind == "played"
    movers = [n.position.to_move for n in [board.record.root, *board.record.main_line()]]
    reached: list[int] = []

    def past_blue(position: Position) -> bool:
        reached.append(board.record.current.ply)
        return position.to_move == "blue"

    board.on_navigate(past_blue)
    while board.record.can_undo():
        board.undo()
        ply = board.record.current.ply
        assert movers[ply] != "blue" or ply == 0, "stops only where blue is not to move"
    assert reached == list(range(5, -1, -1)), "asked about every position on the way"
    board.redo()
    assert movers[board.record.current.ply] != "blue"
    board.on_navigate(past_blue, remove=True)
    before = board.record.current.ply
    board.undo()
    assert board.record.current.ply == before - 1, "without the rule: one step"


def test_the_hint_draws_the_answer_the_search_expects_and_says_why_this_move() -> None:
    """The board's hint is the hint of the same thinking: its words compare the first
    candidate with the second, name the expected answers, and the first answer is drawn in
    dotted grey."""
    pos = Position.from_compact("rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -")
    # medium's search, the hints' own (hard's random playouts expect no answers)
    spec = Bot("medium", Budget(iterations=300), seed=1)
    board = ShangriLaBoard(pos, hint_bot=spec)
    board.hint()
    found = hint(pos, level="medium", iterations=300, seed=1)
    first = found.candidates[0]
    assert first.replies, "300 iterations expect some answer"
    marks = [h for h in board.highlights if h["kind"] == "reply"]
    expected = [
        {
            "kind": "reply",
            "village": m.village,
            "type": m.type,
            "bridge": list(m.bridge) if m.bridge else None,
        }
        for m in hint_highlights(first.replies[0], "reply")
    ]
    assert marks == expected
    assert "The search expects next:" in board.message
    assert "than" in board.message or "About as good as" in board.message
    board.lang = "pl"
    assert "Wyszukiwanie spodziewa się dalej:" in board.message


def test_the_review_chart_draws_at_once_and_fills_in_slices() -> None:
    """With a running loop the chart shows every move's point before any search, says how
    far the review is, and ends with the same review as one run to the end."""
    record = _record_of_bots(60)

    async def scenario() -> tuple[int, bool, str, list[float], bool, object]:
        clock = Clock(use_loop=True)
        chart = ReviewChart(record, iterations=8, seed=2, clock=clock)
        points = sum(1 for p in chart.scene().dynamic if p.tag[:1] == ("move",) and p.fill)
        first_complete = chart.complete
        caption = chart.caption.value
        shares: list[float] = []
        for _ in range(4000):
            await asyncio.sleep(0.002)
            assert chart.reviewer is not None
            shares.append(chart.reviewer.progress)
            if chart.complete:
                break
        return points, first_complete, caption, shares, chart.complete, chart.review

    points, first_complete, caption, shares, complete, found = run_loop(scenario)
    assert points == 60 and not first_complete
    assert "Reviewing: 0 of 60 moves judged" in caption
    assert complete and shares == sorted(shares) and len(set(shares)) > 2
    assert found == review(record, iterations=8, seed=2)


def _record_of_bots(moves: int) -> GameRecord:
    record = GameRecord(Position.new_game(THREE))
    rng = random.Random(8)
    for _ in range(moves):
        pos = record.current.position
        record.play(choose_action(pos, level="easy", seed=rng.randrange(1000)))
    return record

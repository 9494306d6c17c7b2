"""The students' page alone on a phone (390x844, touch): join, the board drawn, an option
tapped and acknowledged, spaces found in a village opened large, and after each Reveal
(through the teacher's API) right or wrong and why; text at least 16 px, controls at least
44 px. Screenshots: ``test-artifacts/browser/test_the_class_page_on_a_phone-*.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.class_session.launch import RunningServer, start_server
from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.rules.messages import say
from tests.browser.conftest import ARTIFACT_DIR, BrowserDiagnostics
from tests.support.browser import hermetic_context, save_picture
from tests.support.class_server import teacher

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SPEC = {"seed": 1, "count": 2, "kinds": ["what_happens", "find_changes"]}
NAME = 'Zoë & "Bo"'

# Every visible text outside the board under 16 px, every visible button under 44 px tall,
# and whether the page scrolls sideways.
_MEASURE_JS = """() => {
    const small = [], low = [];
    const shown = (el) => el.getClientRects().length > 0 && !el.closest("[hidden]");
    for (const el of document.querySelectorAll("main *:not(svg):not(svg *)")) {
        if (!shown(el)) continue;
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (own && size < 16) small.push(el.tagName + "#" + el.id + " " + size);
    }
    for (const el of document.querySelectorAll("button, input")) {
        if (!shown(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.height < 44 || box.width < 44) low.push(el.id + " " + box.width + "x" + box.height);
    }
    const sideways = document.documentElement.scrollWidth > window.innerWidth;
    return {small, low, sideways};
}"""

# The board's picture: its width on screen and how many shapes it draws.
_BOARD_JS = """() => {
    const svg = document.querySelector("#board svg");
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    return {width: box.width, height: box.height,
            shapes: svg.querySelectorAll("polygon, circle, line, rect, text").length};
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RunningServer]:
    with start_server(db=tmp_path / "class.sqlite3") as running:
        yield running


@pytest.fixture
def phone(browser: Browser, browser_diagnostics: BrowserDiagnostics) -> Iterator[Page]:
    context = hermetic_context(
        browser,
        browser_diagnostics.blocked_urls,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        timeout_ms=60_000,
    )
    page = context.new_page()
    page.on("console", lambda m: browser_diagnostics.console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: browser_diagnostics.page_errors.append(str(e)))
    yield page
    context.close()
    assert browser_diagnostics.page_errors == []


def shot(page: Page, label: str) -> None:
    save_picture(page, ARTIFACT_DIR / f"test_the_class_page_on_a_phone-{label}.png")


def tap_middle(page: Page, selector: str) -> None:
    """A finger's tap at the middle of what ``selector`` draws (whatever is drawn on top)."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def assert_readable(page: Page) -> None:
    measured: dict[str, Any] = page.evaluate(_MEASURE_JS)
    assert measured == {"small": [], "low": [], "sideways": False}


def test_the_class_page_on_a_phone(server: RunningServer, phone: Page) -> None:
    questions = build_questions(LessonSpec.from_json(SPEC))
    assert teacher(server, "/api/lesson", {"spec": SPEC})[0] == 200
    phone.goto(server.students_url)
    assert phone.locator("#code").input_value() == server.code
    assert phone.locator("#join-button").inner_text() == say("class.join", "en")
    assert_readable(phone)
    shot(phone, "join")

    # a name with markup is refused, in words; one with & and quotes is kept and shown as text
    phone.locator("#name").fill("<b>Bo</b>")
    phone.locator("#join-button").tap()
    phone.locator("#error").wait_for(state="visible")
    assert phone.locator("#error").inner_text() == say("class.error_bad_name", "en")
    phone.locator("#name").fill(NAME)
    phone.locator("#join-button").tap()
    phone.locator("#waiting").wait_for(state="visible")
    assert phone.locator("#status").inner_text() == say("class.joined_as", "en", name=NAME)
    assert teacher(server, "/api/state")[1]["students"][0]["name"] == NAME

    # the first question: the board drawn to the phone's width, the options as buttons
    teacher(server, "/api/next", {})
    phone.locator("#question").wait_for(state="visible")
    phone.locator('#board[data-view="board"] svg').wait_for()  # the picture comes by address
    board = phone.evaluate(_BOARD_JS)
    assert board is not None and board["shapes"] > 200
    assert 340 <= board["width"] <= 390 and board["height"] > 300
    what = questions[0]
    buttons = phone.locator("#options button")
    assert buttons.count() == len(what.options)
    assert phone.locator("#question-text").inner_text() == what.question.text("en")
    assert_readable(phone)
    shot(phone, "question")
    wrong = next(i for i, o in enumerate(what.options) if not o.correct)
    buttons.nth(wrong).tap()
    ack = say("class.ack", "en", answer=what.options[wrong].text.text("en"))
    phone.wait_for_function("(t) => document.querySelector('#ack').innerText === t", arg=ack)
    shot(phone, "ack")

    # a phone that reloads (or slept) comes back as the same student, to its own answer
    phone.reload()
    phone.wait_for_function("(t) => document.querySelector('#ack').innerText === t", arg=ack)
    assert phone.locator("#options button.mine").count() == 1
    assert teacher(server, "/api/state")[1]["joined"] == 1

    teacher(server, "/api/reveal", {})
    phone.locator("#verdict").wait_for(state="visible")
    assert phone.locator("#verdict-line").inner_text() == say("class.wrong", "en")
    assert what.explain(what.options[wrong], "en") in phone.locator("#why").inner_text()
    assert phone.locator("#steps li").count() >= 1
    assert phone.locator("#options button.right").inner_text().startswith("✓ ")
    assert_readable(phone)
    shot(phone, "revealed")

    # every space that changes: a tap opens a village, taps choose its spaces, Done answers
    teacher(server, "/api/next", {})
    phone.locator("#done-button").wait_for(state="visible")
    spaces = [tuple(s) for s in questions[1].answer.claims["spaces"]]
    for village in dict.fromkeys(v for v, _t in spaces):
        phone.locator('#board[data-view="board"]:not([aria-busy])').wait_for()
        tap_middle(phone, f'#board g.village[data-village="{village}"]')
        phone.locator("#back-button").wait_for(state="visible")
        # the village's own picture, not the whole board's spaces of the same name
        phone.locator(f'#board[data-view="{village}"]:not([aria-busy])').wait_for()
        for _v, master_type in (s for s in spaces if s[0] == village):
            space = f'#board g.space[data-village="{village}"][data-type="{master_type}"]'
            tap_middle(phone, space)
            phone.locator(space + ".sel").wait_for()
        if village == spaces[0][0]:
            assert_readable(phone)
            shot(phone, "zoom")
        phone.locator("#back-button").tap()
    assert phone.locator("#board g.space.sel").count() == len(spaces)  # each space, tiled or not
    phone.locator("#done-button").tap()
    phone.locator("#ack").wait_for(state="visible")
    phone.wait_for_function("() => !document.querySelector('#ack').innerText.includes('…')")
    teacher(server, "/api/reveal", {})
    phone.locator("#verdict").wait_for(state="visible")
    assert phone.locator("#verdict-line").inner_text() == say("class.right", "en")
    shot(phone, "found")
    assert teacher(server, "/api/state")[1]["tally"][0]["count"] == 1

    teacher(server, "/api/end", {})
    phone.locator("#ended").wait_for(state="visible")
    assert phone.locator("#results").inner_text() == say(
        "class.results", "en", answered=2, total=2, right=1
    )
    shot(phone, "ended")


def test_the_class_page_without_websockets(server: RunningServer, phone: Page) -> None:
    """Where the network lets no websocket through, the page goes on over plain HTTP."""
    phone.route_web_socket("**/ws", lambda socket: socket.close())
    teacher(server, "/api/lesson", {"spec": SPEC})
    teacher(server, "/api/next", {})
    phone.goto(server.students_url)
    phone.locator("#name").fill("Ada")
    phone.locator("#join-button").tap()
    phone.locator("#question").wait_for(state="visible")
    assert phone.locator("#status").inner_text() == say("class.joined_as", "en", name="Ada")
    phone.locator("#options button").nth(0).tap()
    phone.wait_for_function("() => document.querySelector('#ack').innerText.includes(':')")
    assert teacher(server, "/api/state")[1]["question"]["answered"] == 1
    teacher(server, "/api/reveal", {})
    phone.locator("#verdict").wait_for(state="visible")  # the page asks every 3 s
    shot(phone, "http")

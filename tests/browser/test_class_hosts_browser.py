"""The teacher's class widget where teachers run notebooks: JupyterLab 4 with its file browser
open, and Notebook 7, at 1280x720 in presenter mode. A phone (the plain HTTP fallback, from
the test) joins with the link shown on the page and answers; the count reaches the page
through the widget's long poll into the kernel's loop; Reveal shows the tally; every text
can be reached and is at least 20 px; the board's letters at least 12 px, inside the window.
(``test_class_browser.py`` runs the same through ``shangrila class`` in Voila, with real
phones.)

Screenshots: ``test-artifacts/browser/test_the_teachers_widget_in_a_notebook-<host>-*.png``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.rules.messages import say
from tests.support.reach import board_letter_px, reach_everything

if TYPE_CHECKING:
    from tests.browser.conftest import BoardOpener

ROOT = ".shangrila-class"
SPEC = {"seed": 3, "count": 2, "level": 1}
TIMEOUT_MS = 120_000


def _post(url: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return list(json.loads(response.read()))


@pytest.mark.parametrize("host", ["lab", "notebook7"])
def test_the_teachers_widget_in_a_notebook(
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
    host: str,
) -> None:
    from playwright.sync_api import expect

    # A file of its own each time the cell runs (a host may run it more than once).
    source = (
        "import pathlib, tempfile\n"
        "from shangrila_widget.widget.class_session import ClassSession\n\n"
        "db = pathlib.Path(tempfile.mkdtemp()) / 'class.sqlite3'\n"
        "session = ClassSession.start(db=db, presenter=True)\n"
        f"session.start_lesson({SPEC!r})\n"
        "session"
    )
    page = open_board(
        f"class-{host}.ipynb",
        cells=[source],
        env=host,
        viewport=(1280, 720),
        file_browser=host == "lab",
        wait=False,
    )
    root = page.locator(ROOT)
    exercise = build_questions(LessonSpec.from_json(SPEC))[0]
    expect(root.locator(".shangrila-class-question")).to_contain_text(
        exercise.question.text("en"), timeout=TIMEOUT_MS
    )
    expect(root.locator("canvas").first).to_be_visible()

    # A phone joins with the link the page shows, and answers a misread option.
    link = root.locator(".shangrila-class-link").inner_text()
    found = re.search(r"(http://127\.0\.0\.1:\d+)/\?code=(\w+)", link)
    assert found is not None, link
    base, code = found.groups()
    joined = _post(f"{base}/api/join", {"type": "join", "code": code, "name": "Ada"})[0]
    assert joined["type"] == "joined", joined
    wrong = next(i for i, o in enumerate(exercise.options) if o.misreading)
    (ack,) = _post(
        f"{base}/api/answer",
        {"student": joined["resume"], "index": 0, "answer": {"option": wrong}},
    )
    assert ack["type"] == "ack", ack
    answered = say("class.teacher_answered", "en", n=1, total=1)
    expect(root.locator(".shangrila-class-answered")).to_contain_text(answered)
    save_screenshot(f"{host}-answered", full_page=False)

    root.get_by_role("button", name=say("class.teacher_reveal", "en")).click()
    tally = root.locator(".shangrila-class-tally")
    row = tally.locator(f"[data-option='{wrong}']")
    expect(row).to_have_attribute("data-count", "1")
    name = misreading_name(str(exercise.options[wrong].misreading))
    label = say("class.teacher_count_misread", "en", count=1, total=1, misreading=name)
    expect(tally).to_contain_text(label)
    save_screenshot(f"{host}-revealed", full_page=False)

    # The back row reads it: every text reachable as a person would scroll, 20 px or more.
    report = reach_everything(page, ROOT)
    assert report.unreachable() == [], report.describe()
    small = report.small_texts(20)
    assert small == [], [f"{t.name!r} {t.font}px" for t in small[:10]]
    assert not root.locator(".shangrila-class-error").is_visible()
    # The board's letters read from the back row too, beside an open file browser: in
    # presenter mode the header goes to the side panel and the board takes the whole height.
    letters = board_letter_px(page, ROOT, presenter=True)
    assert letters >= 12, f"the board's letters are {letters:.1f} px"
    box = root.locator("canvas").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 720, box

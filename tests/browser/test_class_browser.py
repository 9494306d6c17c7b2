"""A class that answers together, end to end, in Chromium, offline: ``shangrila class
--no-browser`` as a teacher runs it, the teacher's page (1280x720, presenter mode) and three
phones (390x844, touch) that join through the link decoded from the QR code on the teacher's
page, answer, and see their result after the teacher's Reveal; the tally on the teacher's page
matches what the phones chose, each wrong option named by its misreading.

Screenshots (``test-artifacts/browser/``): the projector before and after Reveal and with the
report at the end, a phone before and after Reveal.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from shangrila_widget.class_session.lesson import LessonSpec, build_questions
from shangrila_widget.class_session.report import misreading_name
from shangrila_widget.rules.messages import say
from tests.browser.conftest import ARTIFACT_DIR, DEFAULT_TIMEOUT_MS
from tests.browser.test_ruling_link_browser import decode_qr
from tests.support.browser import hermetic_context
from tests.support.reach import reach_everything

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

    from tests.browser.conftest import BrowserDiagnostics, VoilaFactory

ROOT = ".shangrila-class"
#: A page where no websocket opens (each closes at once), as behind a filter that blocks them.
NO_WEBSOCKETS_JS = """window.WebSocket = class {
    constructor() { this.readyState = 3; setTimeout(() => this.onclose && this.onclose(), 0); }
    send() {}
    close() {}
};"""
START_TIMEOUT = 120.0
#: Generous: Voila's kernel and the first drawing under a loaded machine.
PAGE_TIMEOUT_MS = 120_000
PHONE = {"width": 390, "height": 844}
TEACHER = {"width": 1280, "height": 720}
#: The lesson chosen on the teacher's page: level 1 (options to tap), two questions.
SEED, COUNT, LEVEL = 3, 2, 1


@pytest.fixture
def class_command(tmp_path: Path, voila_server: VoilaFactory) -> Iterator[dict[str, Any]]:
    """``python -m shangrila_widget class --no-browser --db FILE`` running, with the two
    addresses it printed (read from its output, not assumed)."""
    log_path = tmp_path / "class.log"
    log = log_path.open("w+b")
    process = subprocess.Popen(
        [sys.executable, "-m", "shangrila_widget", "class", "--no-browser"]
        + ["--db", str(tmp_path / "class.sqlite3")],
        cwd=tmp_path,
        env=voila_server.env,
        stdout=subprocess.PIPE,
        stderr=log,
        start_new_session=True,
    )
    assert process.stdout is not None
    lines: dict[str, str] = {}
    deadline = time.monotonic() + START_TIMEOUT
    while len(lines) < 2 and time.monotonic() < deadline:
        line = process.stdout.readline().decode()
        if not line:
            break
        name, _, url = line.strip().partition(": ")
        lines[name] = url
    assert set(lines) == {"teacher", "students"}, log_path.read_text(errors="replace")
    try:
        yield {"process": process, "log": log_path, **lines}
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()


def _context(
    browser: Browser, diagnostics: BrowserDiagnostics, viewport: dict[str, int], phone: bool
) -> BrowserContext:
    return hermetic_context(
        browser,
        diagnostics.blocked_urls,
        viewport=viewport,
        timeout_ms=DEFAULT_TIMEOUT_MS,
        has_touch=phone,
        is_mobile=phone,
    )


def _shot(page: Page, name: str) -> Path:
    ARTIFACT_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACT_DIR / f"test_class-{name}.png"
    page.screenshot(path=str(path))
    return path


def test_three_phones_answer_and_the_teacher_reveals(
    browser: Browser,
    browser_diagnostics: BrowserDiagnostics,
    class_command: dict[str, Any],
) -> None:
    teacher_url, students_url = class_command["teacher"], class_command["students"]
    assert "token=" in teacher_url and "token" not in students_url
    code = re.search(r"code=(\w+)", students_url)
    assert code is not None

    contexts: list[BrowserContext] = []
    try:
        teacher_context = _context(browser, browser_diagnostics, TEACHER, phone=False)
        contexts.append(teacher_context)
        teacher = teacher_context.new_page()
        teacher.on("pageerror", lambda e: browser_diagnostics.page_errors.append(str(e)))
        teacher.goto(teacher_url + "&presenter=1", timeout=PAGE_TIMEOUT_MS)
        teacher.locator(".shangrila-class-code-value").filter(has_text=code.group(1)).wait_for(
            timeout=PAGE_TIMEOUT_MS
        )
        # The students' link, read from the QR code drawn on the teacher's page.
        picture = teacher.locator(".shangrila-class-qr .shangrila-qr-picture svg")
        picture.wait_for()
        assert decode_qr(picture.screenshot()) == [students_url]
        assert decode_qr(teacher.screenshot()) == [students_url], "readable on the projector"
        link = students_url

        phones = []
        polls: list[str] = []  # the HTTP fallback's requests of the third phone
        for name in ("Ada", "Bo", ""):
            context = _context(browser, browser_diagnostics, PHONE, phone=True)
            contexts.append(context)
            if not name:  # a network that blocks websockets: this phone answers over HTTP
                context.add_init_script(NO_WEBSOCKETS_JS)
            phone = context.new_page()
            if not name:
                phone.on("request", lambda r: "/api/" in r.url and polls.append(r.url))
            phone.on("pageerror", lambda e: browser_diagnostics.page_errors.append(str(e)))
            phone.goto(link)
            phone.locator("#name").fill(name)
            phone.locator("#join-button").tap()
            phone.locator("#waiting").wait_for(timeout=PAGE_TIMEOUT_MS)
            phones.append(phone)
        joined = say("class.teacher_joined", "en", n=3)
        teacher.locator(".shangrila-class-joined").filter(has_text=joined).wait_for()

        # The teacher chooses the lesson on the page and starts it.
        chooser = teacher.locator(".shangrila-class-chooser")
        chooser.locator("select").nth(2).select_option(label=say("exercise.level_1", "en"))
        for index, value in ((0, SEED), (1, COUNT)):
            box = chooser.locator("input").nth(index)
            box.fill(str(value))
            box.press("Tab")
        spec = LessonSpec.from_json({"seed": SEED, "count": COUNT, "level": LEVEL})
        exercise = build_questions(spec)[0]
        chooser.get_by_role("button", name=say("class.teacher_start", "en")).click()
        question = exercise.question.text("en")
        teacher.locator(".shangrila-class-question").filter(has_text=question).wait_for(
            timeout=PAGE_TIMEOUT_MS
        )

        right = exercise.options.index(exercise.answer)
        wrong = next(i for i, o in enumerate(exercise.options) if o.misreading)
        chosen = (right, wrong, wrong)
        for phone, option in zip(phones, chosen):
            buttons = phone.locator("#options button")
            buttons.nth(len(exercise.options) - 1).wait_for(timeout=PAGE_TIMEOUT_MS)
            assert buttons.count() == len(exercise.options)
            buttons.nth(option).tap()
            phone.locator("#ack").wait_for()
        answered = say("class.teacher_answered", "en", n=3, total=3)
        teacher.locator(".shangrila-class-answered").filter(has_text=answered).wait_for()
        # While the question is open the projector shows no count and no misreading.
        tally = teacher.locator(".shangrila-class-tally")
        assert tally.locator("[data-count]").count() == 0
        name = misreading_name(str(exercise.options[wrong].misreading))
        assert name not in teacher.locator(ROOT).inner_text()
        _shot(teacher, "teacher-before-reveal")
        _shot(phones[1], "phone-before-reveal")

        teacher.get_by_role("button", name=say("class.teacher_reveal", "en")).click()
        tally.locator("[data-count]").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        counts = {
            int(row.get_attribute("data-option") or -1): int(row.get_attribute("data-count") or -1)
            for row in tally.locator("[data-count]").all()
        }
        assert counts[right] == 1 and counts[wrong] == 2
        assert sum(counts.values()) == 3
        label = say("class.teacher_count_misread", "en", count=2, total=3, misreading=name)
        assert label in tally.inner_text()

        for phone, option in zip(phones, chosen):
            verdict = phone.locator("#verdict-line")
            verdict.wait_for(timeout=PAGE_TIMEOUT_MS)
            if phone is phones[0]:
                first_verdict = time.monotonic()
            want = "right" if option == right else "wrong"
            phone.locator(f"#verdict-line.{want}").wait_for()
        # The phone on plain HTTP hears the Reveal by its long poll, as soon as the others.
        lag = time.monotonic() - first_verdict
        assert lag < 2.0, f"the HTTP phone's verdict came {lag:.1f} s after a websocket phone's"
        assert any("/api/now" in url and "wait=1" in url for url in polls), polls
        _shot(teacher, "teacher-after-reveal")
        _shot(phones[1], "phone-after-reveal")

        # Readable from the back row, and every text can be reached on the projector.
        report = reach_everything(teacher, ROOT)
        assert report.unreachable() == [], report.describe()
        small = report.small_texts(20)
        assert small == [], [f"{t.name!r} {t.font}px" for t in small[:10]]
        # The end: the report as a chart on the projector, the phones' own results.
        teacher.get_by_role("button", name=say("class.teacher_end", "en")).click()
        chart = teacher.locator(".shangrila-class-report")
        chart.get_by_text(say("class.teacher_report_students", "en")).wait_for(
            timeout=PAGE_TIMEOUT_MS
        )
        total = say("class.teacher_report_total", "en", right=1, answered=3)
        assert total in chart.inner_text()
        assert "Ada" in chart.inner_text() and name in chart.inner_text()
        phones[0].locator("#ended").wait_for(timeout=PAGE_TIMEOUT_MS)
        # A phone that misread sees that misreading in its path's "what to practise next".
        misread = say(f"exercise.m_{exercise.options[wrong].misreading}", "en")
        phones[1].locator("#path-next li").filter(has_text=misread).wait_for(
            timeout=PAGE_TIMEOUT_MS
        )
        assert phones[1].locator("#path-title").inner_text() == say("path.next_title", "en")
        _shot(phones[1], "phone-ended")
        _shot(teacher, "teacher-report")
        # No request of the widget failed meanwhile (its errors show under it, in red).
        assert not teacher.locator(".shangrila-class-error").is_visible(), teacher.locator(
            ".shangrila-class-error"
        ).inner_text()
    finally:
        for context in contexts:
            context.close()

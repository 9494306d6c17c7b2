"""A ruling settled with a link, in Voila and Chromium, offline: the link the command line
prints (``check ... --ruling``, its base the test's server) opens the checker on the link's
position with the question and the verdict, nothing typed; "Copy link" copies the same link;
the QR code on the page decodes to it; a link cut or altered is said on the page and the
board stays the notebook's own.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.rules import Position, Tile
from shangrila_widget.rules.compact import to_compact
from shangrila_widget.rules.editing import with_tile
from tests.support.board import CANVAS, BoardGeometry, player_rgba
from tests.support.browser import wait_for_canvas_color
from tests.support.paths import EXAMPLES, REPO_ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener

CHECKER = EXAMPLES / "dispute-checker.ipynb"
START = "rbyv r play RyR1b1V/Y2y1bb/7/7/7/7/7/7/7/7/7/7/7 - -"  # the notebook's position
GEOMETRY = BoardGeometry(760.0)  # DisputeChecker's default board width
ROOT = ".shangrila-checker"
RULING = ".shangrila-ruling"
STRING = "Position string"
QUESTION = "journey B A"


def linked_position() -> Position:
    """The notebook's position with a Blue master and student on F's Priest: another board."""
    return with_tile(Position.from_compact(START), "F", "priest", Tile("blue", True))


def cli_ruling(position: Position, action: str, base_url: str) -> dict[str, object]:
    """``shangrila check POSITION ACTION --ruling --base-url URL``, run as a user runs it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env.pop("SHANGRILA_SITE_URL", None)
    command = [sys.executable, "-m", "shangrila_widget", "check", to_compact(position), action]
    result = subprocess.run(
        [*command, "--ruling", "--base-url", base_url],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 1, result.stderr  # refused
    answer: dict[str, object] = json.loads(result.stdout)
    return answer


def decode_qr(png: bytes) -> list[str]:
    """The texts of the QR codes in a PNG picture (zxing-cpp, of the test extras). Only QR
    codes are looked for: with every format, a run once read a strip of the code as a
    one-dimensional barcode too (a second text, '9147')."""
    import zxingcpp
    from PIL import Image

    picture = Image.open(io.BytesIO(png)).convert("L")
    return [
        result.text
        for result in zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
    ]


def test_a_cli_link_opens_the_ruling_copies_and_draws_its_qr_code(
    open_board: BoardOpener, voila_server: Callable[..., str], save_screenshot: Callable[..., Path]
) -> None:
    from playwright.sync_api import expect

    base = voila_server(CHECKER)
    position = linked_position()
    answer = cli_ruling(position, QUESTION, base)
    link = str(answer["link"])
    assert link.startswith(f"{base}?ruling=r1~standard~") and answer["rules"] == ["JOURNEY-START"]

    # 1. The link opens the position, the question and the verdict: nothing typed.
    started = time.perf_counter()
    page: Page = open_board(url=link, viewport=(1280, 720), timeout=90.0)
    root = page.locator(ROOT)
    ruling_box = page.locator(RULING)
    expect(ruling_box).to_contain_text("Verdict: refused.", timeout=60_000)
    opened = time.perf_counter() - started
    print(f"\nruling link: verdict on the page {opened:.2f} s after navigation")
    expect(ruling_box).to_contain_text("Question: may Red play journey B A?")
    expect(ruling_box).to_contain_text("JOURNEY-START")
    expect(ruling_box).to_contain_text(
        "Legal if Red had an Astrologer master with its student in village B."
    )
    expect(ruling_box).to_contain_text("Judged by: standard.")
    expect(page.locator(".shangrila-message")).to_contain_text("Opened from the link")
    expect(root.get_by_label(STRING)).to_have_value(to_compact(position))
    blue_student = GEOMETRY.tile_fill_point("F", "priest", student=True)
    wait_for_canvas_color(page, CANVAS, *blue_student, player_rgba("blue"), tolerance=10)
    save_screenshot("opened", full_page=False)

    # 2. Copy link copies the same link (the clipboard API, allowed on this page).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator(".shangrila-message")).to_contain_text("Link copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == link

    # 3. The QR code, large on a 1280x720 page, decodes to the link.
    page.get_by_role("button", name="QR code").click()
    picture = page.locator(".shangrila-qr-picture svg")
    expect(picture).to_be_visible()
    box = picture.bounding_box()
    assert box is not None and box["width"] >= 250, box
    assert decode_qr(picture.screenshot()) == [link]
    save_screenshot("qr-1280x720", full_page=False)
    assert decode_qr(page.screenshot()) == [link], "readable from the whole page too"

    # 4. The same ruling in Polish.
    page.get_by_role("button", name="QR code").click()
    page.get_by_role("button", name="PL", exact=True).click()
    expect(ruling_box).to_contain_text("Werdykt: akcja niedozwolona.")
    expect(ruling_box).to_contain_text("Pytanie: czy Czerwony może wykonać journey B A?")
    save_screenshot("pl", full_page=False)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        ("cut", "the ruling string was cut or altered"),
        ("edition", "unknown edition 'house'"),
    ],
)
def test_a_bad_link_is_said_on_the_page_and_shows_no_board_of_it(
    open_board: BoardOpener,
    voila_server: Callable[..., str],
    save_screenshot: Callable[..., Path],
    damage: str,
    words: str,
) -> None:
    from playwright.sync_api import expect

    base = voila_server(CHECKER)
    link = str(cli_ruling(linked_position(), QUESTION, base)["link"])
    bad = link[:-5] if damage == "cut" else link.replace("~standard~", "~house~")
    page: Page = open_board(url=bad, viewport=(1280, 720), timeout=90.0)
    alert = page.locator(".shangrila-ruling-error")
    expect(alert).to_contain_text("This link cannot be opened", timeout=60_000)
    expect(alert).to_contain_text(words)
    expect(page.locator(ROOT).get_by_label(STRING)).to_have_value(START)
    expect(page.locator(".shangrila-error-details")).to_have_count(0)  # no traceback
    assert "Traceback" not in page.locator("body").inner_text()
    save_screenshot(damage, full_page=False)

"""``python -m shangrila_widget tour --no-browser --port P`` (``shangrila_widget/serve.py``): the
command a user runs. It serves the packaged tour notebook with Voila on 127.0.0.1, the page
shows the tour with its board drawn, a closed page's kernel is shut down (the kernel-shutdown
beacon gets through), and Ctrl+C or SIGTERM stop Voila with its kernels, leaving no process.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from shangrila_widget.tour import load_chapters
from tests.support.board import CANVAS, BoardGeometry, player_rgba
from tests.support.browser import (
    LOCAL_HOST,
    VoilaServer,
    _http_answers,
    free_port,
    wait_for_canvas_color,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BrowserDiagnostics, VoilaFactory

GEOMETRY = BoardGeometry(760.0)  # the tour's board
VIEWPORT = {"width": 1000, "height": 1400}
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0


@dataclass
class TourCommand:
    server: VoilaServer

    @property
    def process(self) -> subprocess.Popen[bytes]:
        return self.server.process

    def log(self) -> str:
        return self.server.log_text()

    def wait_for_log(self, pattern: str, timeout: float) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.log())
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{pattern!r} not in the log within {timeout} s:\n{self.server.log_tail()}"
                )
            time.sleep(0.1)

    def group_alive(self) -> bool:
        """Whether any process of the command's process group is left."""
        try:
            os.killpg(self.process.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # pragma: no cover - a recycled group id of someone else
            return True
        return True


def kernel_processes(connection_dir: str) -> list[int]:
    """PIDs of kernels whose connection file lies in Voila's ``connection_dir``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if connection_dir in cmdline and "ipykernel" in cmdline:
            pids.append(int(entry.name))
    return pids


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.1)


def open_tour(page: Page, command: TourCommand) -> None:
    """Open the served tour and wait until its first chapter's board is drawn (Yellow's
    Rainmaker in A)."""
    page.goto(command.server.url)
    wait_for_canvas_color(
        page,
        CANVAS,
        *GEOMETRY.tile_fill_point("A", "rainmaker", student=False),
        player_rgba("yellow"),
        tolerance=10,
        timeout=45,
    )


@pytest.fixture
def tour_command(tmp_path: Path, voila_server: VoilaFactory) -> Iterator[TourCommand]:
    """``python -m shangrila_widget tour --no-browser --port P`` running, answering HTTP."""
    port = free_port()
    url = f"http://{LOCAL_HOST}:{port}/"
    log_path = tmp_path / "tour-command.log"
    log_file = log_path.open("wb")
    command = [
        sys.executable,
        "-m",
        "shangrila_widget",
        "tour",
        "--no-browser",
        "--port",
        str(port),
    ]
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=voila_server.env,
        stdin=subprocess.DEVNULL,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, like a terminal job
    )
    server = VoilaServer(Path("tour.ipynb"), port, url, log_path, process, 0.0, log_file)
    voila_server.adopt(server)  # its log goes into a failure report
    running = TourCommand(server)
    try:
        deadline = started + START_TIMEOUT
        while not (url in running.log() and _http_answers(url + "voila/static/")):
            if process.poll() is not None or time.perf_counter() > deadline:
                raise AssertionError(
                    f"the tour command did not serve {url} (exit code {process.poll()}):\n"
                    f"{server.log_tail()}"
                )
            time.sleep(0.1)
        server.startup_seconds = time.perf_counter() - started
        yield running
    finally:
        if running.group_alive():
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait(timeout=STOP_TIMEOUT)
        log_file.close()


def test_tour_command_serves_the_tour_and_stops_on_ctrl_c(
    tour_command: TourCommand,
    browser_page: Page,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = browser_page
    page.set_viewport_size(VIEWPORT)  # type: ignore[arg-type]
    open_tour(page, tour_command)
    chapter = load_chapters()[0]
    expect(page.locator(".shangrila-narration")).to_contain_text(chapter.title["en"])
    expect(page.locator(".shangrila-narration")).to_contain_text(
        " ".join(chapter.intro["en"].split())
    )
    save_screenshot("tour-command")
    assert browser_diagnostics.page_errors == []

    log = tour_command.log()
    assert "Serving tour.ipynb at" in log
    connection_dir = tour_command.wait_for_log(r"Storing connection files in (\S+?)\.?\n", 5)[1]
    kernel = tour_command.wait_for_log(r"Kernel started: ([0-9a-f-]+)", 5)[1]
    assert kernel_processes(connection_dir), "the page's kernel runs"

    # Closing the page shuts its kernel down (Voila's beacon needs the XSRF setting).
    with page.expect_event("close", timeout=10_000):
        page.close(run_before_unload=True)
    tour_command.wait_for_log(rf"Kernel shutdown: {kernel}", 15)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in tour_command.log()

    # Ctrl+C in a terminal: SIGINT to the whole process group.
    os.killpg(tour_command.process.pid, signal.SIGINT)
    assert tour_command.process.wait(timeout=STOP_TIMEOUT) == 0
    wait_until(lambda: not tour_command.group_alive(), 10, "the process group is gone")
    wait_until(lambda: not kernel_processes(connection_dir), 10, "no kernel is left")
    assert "Stopping..." in tour_command.log()


def test_tour_command_stops_voila_and_its_kernel_on_sigterm(
    tour_command: TourCommand, browser_page: Page
) -> None:
    """SIGTERM to the command alone (``kill PID``, a process manager) must not orphan Voila."""
    page = browser_page
    open_tour(page, tour_command)
    connection_dir = tour_command.wait_for_log(r"Storing connection files in (\S+?)\.?\n", 5)[1]
    kernel = tour_command.wait_for_log(r"Kernel started: ([0-9a-f-]+)", 5)[1]
    assert kernel_processes(connection_dir)

    tour_command.process.terminate()  # the page stays open: Voila must stop its kernel itself
    assert tour_command.process.wait(timeout=STOP_TIMEOUT) == 0
    wait_until(lambda: not tour_command.group_alive(), 10, "Voila is gone too")
    wait_until(lambda: not kernel_processes(connection_dir), 10, "no kernel is left")
    tour_command.wait_for_log(rf"Kernel shutdown: {kernel}", 5)

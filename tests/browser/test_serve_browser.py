"""``python -m shangrila_widget tour --no-browser --port P`` and ``serve NOTEBOOK...``
(``shangrila_widget/serve.py``): the commands a user runs. The tour command serves the
packaged tour notebook with Voila on 127.0.0.1, the page shows the tour with its board drawn,
a closed page's kernel is shut down (the kernel-shutdown beacon gets through), and Ctrl+C or
SIGTERM stop Voila with its kernels, leaving no process. ``serve`` does the same for any
notebook: a reload or a closed tab leaves no kernel (asked of the server's REST API and of
the process table). Both print the address Voila really listens on when the port asked for
is taken. The pages ask no other host for anything (``browser_page`` fails the test if so).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
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
from tests.support.paths import REPO_ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import BoardOpener, BrowserDiagnostics, VoilaFactory

GEOMETRY = BoardGeometry(760.0)  # the tour's board
GEOMETRY_HOT_SEAT = BoardGeometry(900.0)
VIEWPORT = (1000, 1400)
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


def open_tour(
    open_board: BoardOpener, command: TourCommand, viewport: tuple[int, int] | None = None
) -> Page:
    """Open the served tour and wait until its first chapter's board is drawn (Yellow's
    Rainmaker in A)."""
    page = open_board(url=command.server.url, viewport=viewport)
    wait_for_canvas_color(
        page,
        CANVAS,
        *GEOMETRY.tile_fill_point("A", "rainmaker", student=False),
        player_rgba("yellow"),
        tolerance=10,
        timeout=45,
    )
    return page


def close_tab(page: Page) -> None:
    """Close the tab: the page unloads (Voila's page sends its kernel-shutdown beacon then,
    as on a reload) and the tab goes.

    The page leaves for ``about:blank`` before the tab closes: closing the tab from Playwright
    at once (``page.close(run_before_unload=True)``) lost the beacon in about one close of
    five here under load (measured on main, 2026-12-03: the kernel was still running 15 s
    later and the log had no shutdown), a race in headless Chromium's teardown that this
    test cannot tell from a server that refuses the beacon. Whether a closed browser loses
    beacons so is not known: the server's idle cull (``serve.CULL_IDLE_SECONDS``) stops
    such kernels anyway."""
    page.goto("about:blank", wait_until="load")
    with page.expect_event("close", timeout=10_000):
        page.close(run_before_unload=True)


SERVING = re.compile(r"at (http://127\.0\.0\.1:(\d+)/)")


def start_command(
    tmp_path: Path, voila_server: VoilaFactory, *args: str, name: str = "command"
) -> TourCommand:
    """``python -m shangrila_widget ARGS --no-browser`` running, answering HTTP at the address
    it printed (read back from its output, not assumed)."""
    log_path = tmp_path / f"{name}.log"
    log_file = log_path.open("wb")
    command = [sys.executable, "-m", "shangrila_widget", *args, "--no-browser"]
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
    server = VoilaServer(Path(args[-1]), 0, "", log_path, process, 0.0, log_file)
    voila_server.adopt(server)  # its log goes into a failure report
    running = TourCommand(server)
    try:
        deadline = started + START_TIMEOUT
        while True:
            found = SERVING.search(running.log())
            if found and _http_answers(found[1] + "voila/static/"):
                break
            if process.poll() is not None or time.perf_counter() > deadline:
                raise AssertionError(
                    f"{command} did not serve (exit code {process.poll()}):\n{server.log_tail()}"
                )
            time.sleep(0.1)
    except BaseException:
        stop_command(running)
        raise
    server.url, server.port = found[1], int(found[2])
    server.startup_seconds = time.perf_counter() - started
    return running


def stop_command(running: TourCommand) -> None:
    if running.group_alive():
        try:
            os.killpg(running.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    running.process.wait(timeout=STOP_TIMEOUT)
    if running.server._log_file is not None:
        running.server._log_file.close()


@pytest.fixture
def tour_command(tmp_path: Path, voila_server: VoilaFactory) -> Iterator[TourCommand]:
    """``python -m shangrila_widget tour --no-browser --port P`` running, answering HTTP."""
    port = free_port()
    running = start_command(tmp_path, voila_server, "tour", "--port", str(port), name="tour")
    assert running.server.port == port
    try:
        yield running
    finally:
        stop_command(running)


def test_tour_command_serves_the_tour_and_stops_on_ctrl_c(
    tour_command: TourCommand,
    open_board: BoardOpener,
    browser_diagnostics: BrowserDiagnostics,
    save_screenshot: Callable[..., Path],
) -> None:
    from playwright.sync_api import expect

    page = open_tour(open_board, tour_command, VIEWPORT)
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
    close_tab(page)
    tour_command.wait_for_log(rf"Kernel shutdown: {kernel}", 15)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in tour_command.log()

    # Ctrl+C in a terminal: SIGINT to the whole process group.
    os.killpg(tour_command.process.pid, signal.SIGINT)
    assert tour_command.process.wait(timeout=STOP_TIMEOUT) == 0
    wait_until(lambda: not tour_command.group_alive(), 10, "the process group is gone")
    wait_until(lambda: not kernel_processes(connection_dir), 10, "no kernel is left")
    assert "Stopping..." in tour_command.log()


def test_tour_command_stops_voila_and_its_kernel_on_sigterm(
    tour_command: TourCommand, open_board: BoardOpener
) -> None:
    """SIGTERM to the command alone (``kill PID``, a process manager) must not orphan Voila."""
    open_tour(open_board, tour_command)
    connection_dir = tour_command.wait_for_log(r"Storing connection files in (\S+?)\.?\n", 5)[1]
    kernel = tour_command.wait_for_log(r"Kernel started: ([0-9a-f-]+)", 5)[1]
    assert kernel_processes(connection_dir)

    tour_command.process.terminate()  # the page stays open: Voila must stop its kernel itself
    assert tour_command.process.wait(timeout=STOP_TIMEOUT) == 0
    wait_until(lambda: not tour_command.group_alive(), 10, "Voila is gone too")
    wait_until(lambda: not kernel_processes(connection_dir), 10, "no kernel is left")
    tour_command.wait_for_log(rf"Kernel shutdown: {kernel}", 5)


def kernel_state(url: str, kernel: str) -> int:
    """The HTTP status of the server's REST API ``GET /api/kernels/<id>``: 200 while the kernel
    runs, 404 once it is shut down (Voila serves no list of kernels, only each one)."""
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel}", timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def started_kernels(command: TourCommand) -> list[str]:
    return re.findall(r"Kernel started: ([0-9a-f-]+)", command.log())


def test_serve_command_reload_and_closed_tab_leave_no_kernel(
    tmp_path: Path,
    voila_server: VoilaFactory,
    open_board: BoardOpener,
    save_screenshot: Callable[..., Path],
) -> None:
    """``serve`` on a notebook of the user's (not a packaged one): each page load starts a
    kernel; a reload stops the old one and a closed tab the last one."""
    notebook = tmp_path / "lesson" / "my-game.ipynb"
    notebook.parent.mkdir()
    notebook.write_bytes((REPO_ROOT / "examples" / "hot-seat.ipynb").read_bytes())
    command = start_command(
        tmp_path, voila_server, "serve", "--port", str(free_port()), str(notebook), name="serve"
    )
    try:
        url = command.server.url
        assert f"Serving my-game.ipynb at {url}" in command.log()
        red_healer_a = GEOMETRY_HOT_SEAT.tile_fill_point("A", "healer", student=False)
        page = open_board(url=url)
        wait_for_canvas_color(page, CANVAS, *red_healer_a, player_rgba("red"), timeout=45)
        save_screenshot("serve")
        connection_dir = command.wait_for_log(r"Storing connection files in (\S+?)\.?\n", 5)[1]
        (first,) = started_kernels(command)
        assert kernel_state(url, first) == 200
        assert len(kernel_processes(connection_dir)) == 1

        page.reload()
        wait_for_canvas_color(page, CANVAS, *red_healer_a, player_rgba("red"), timeout=45)
        wait_until(lambda: len(started_kernels(command)) == 2, 10, "the reload started a kernel")
        second = started_kernels(command)[1]
        wait_until(lambda: kernel_state(url, first) == 404, 15, "the reload stopped the old one")
        assert kernel_state(url, second) == 200
        wait_until(lambda: len(kernel_processes(connection_dir)) == 1, 10, "one kernel runs")

        close_tab(page)
        wait_until(lambda: kernel_state(url, second) == 404, 15, "the closed tab's kernel stops")
        wait_until(lambda: not kernel_processes(connection_dir), 10, "no kernel process is left")
        assert "403 POST" not in command.log()
    finally:
        stop_command(command)


def test_tour_command_prints_the_port_it_serves_when_the_asked_one_is_taken(
    tmp_path: Path, voila_server: VoilaFactory, open_board: BoardOpener
) -> None:
    """A second ``tour`` while another server has the port: the address printed is where the
    new server answers (not the old server's)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind((LOCAL_HOST, 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        command = start_command(tmp_path, voila_server, "tour", "--port", str(port), name="tour")
        try:
            printed = command.server.port
            assert printed != port, command.log()
            assert f"Port {port} is taken" in command.log()
            assert re.search(
                rf"Voil.? is running at:\s*http://127\.0\.0\.1:{printed}/", command.log()
            )
            open_tour(open_board, command)
        finally:
            stop_command(command)

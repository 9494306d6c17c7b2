"""The server killed (SIGKILL) during an open question and started again on the same file:
every acknowledged answer is there, and each phone, coming back with its resume token, gets
the same question and its own answer."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import signal
from pathlib import Path
from typing import Any

from tornado.websocket import WebSocketClosedError

from shangrila_widget.class_session.launch import start_server
from shangrila_widget.class_session.store import Store
from tests.support.class_server import teacher, ws_ask, ws_phone
from tests.support.loops import run_loop

PHONES = 8
ANSWERS = 12  # per phone, under the rate limit


def test_a_killed_server_loses_no_acknowledged_answer(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite3"
    server = start_server(db=db)
    teacher(server, "/api/lesson", {"spec": {"seed": 3, "count": 3}})
    teacher(server, "/api/next", {})
    teacher(server, "/api/reveal", {})
    teacher(server, "/api/next", {})  # question 1 open when the server dies
    sent: dict[int, list[dict[str, int]]] = {}
    acked: dict[int, dict[str, int]] = {}
    tokens: dict[int, str] = {}
    students: dict[int, int] = {}

    async def phone(number: int, killed: asyncio.Event) -> None:
        connection = await ws_phone(server)
        joined, _now = await ws_ask(
            connection, {"type": "join", "code": server.code, "name": f"p{number}"}, 2
        )
        tokens[number] = str(joined["resume"])
        students[number] = int(joined["student"])
        sent[number] = []
        for turn in range(ANSWERS):
            answer = {"option": (number + turn) % 2}  # every question has two options
            if sent[number] and sent[number][-1] == answer:
                continue
            sent[number].append(answer)
            try:
                await connection.write_message(
                    json.dumps({"type": "answer", "index": 1, "answer": answer})
                )
            except WebSocketClosedError:
                return  # the server died between this phone's last ack and this answer
            reply = await connection.read_message()
            if reply is None:
                return  # the server is gone
            message = json.loads(reply)
            assert message["type"] == "ack", message
            acked[number] = message["answer"]
            if number == 0 and turn == ANSWERS // 2:
                os.kill(server.pid, signal.SIGKILL)
                killed.set()
        await killed.wait()

    async def everyone() -> None:
        killed = asyncio.Event()
        await asyncio.gather(*(phone(n, killed) for n in range(PHONES)))

    run_loop(everyone)
    assert server.process.wait(30) == -signal.SIGKILL
    server.stop()
    assert acked, "no answer was acknowledged before the kill"

    store = Store.open(db)
    stored = {row.student: dict(row.answer) for row in store.answers(1) if row.question == 1}
    store.close()
    for number, answer in acked.items():
        # the acknowledged answer, or one sent after it (written, its ack lost with the server)
        later = sent[number][sent[number].index(answer) :]
        assert stored.get(students[number]) in later, (number, answer, stored)

    with start_server(db=db) as again:
        assert (again.session, again.code, again.token) == (
            server.session,
            server.code,
            server.token,
        )

        async def come_back(number: int) -> dict[str, Any]:
            connection = await ws_phone(again)
            joined, now = await ws_ask(
                connection,
                {"type": "join", "code": again.code, "name": "", "resume": tokens[number]},
                2,
            )
            assert joined["student"] == students[number]
            return now

        for number in tokens:
            now = run_loop(functools.partial(come_back, number))
            assert now["type"] == "question" and now["question"]["index"] == 1
            assert now["question"]["id"] == "3-4-1"
            assert now["yours"] == stored.get(students[number])


def test_a_server_stops_when_the_program_that_started_it_is_killed(tmp_path: Path) -> None:
    """A kernel restarted or killed leaves no class server behind holding its port: the
    server sees its standard input end and stops (its answers are already in the file)."""
    import subprocess
    import sys
    import time

    script = (
        "import json, sys\n"
        "from shangrila_widget.class_session.launch import start_server\n"
        f"server = start_server(db={str(tmp_path / 'class.sqlite3')!r})\n"
        "print(server.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    os.kill(pid, 0)  # the server runs
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
        try:  # reap it if it is our grandchild turned zombie (it is not: init adopts it)
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
    else:
        os.kill(pid, signal.SIGKILL)
        raise AssertionError("the class server outlived the program that started it")

"""A class of simulated students through a lesson: how fast the server tells everyone.

Starts the class server (``launch.start_server``, its own process, a file in a temporary
folder), links ``--students`` websocket clients (asyncio, Tornado's ``websocket_connect``,
with compression as browsers offer it) and asks ``--questions`` questions. For each question
every student answers after a random pause (up to ``--think`` seconds; one in ten changes
its answer once), the teacher waits until every answer is acknowledged, then reveals.
Run from the checkout:

    python -m benchmarks.class_load --students 60 --questions 20

Figures (seconds; p50 and p95 over all of them):

* ``reveal_to_all``: from the teacher's ``POST /api/reveal`` to the last phone having its
  ``revealed`` message (one figure per question); ``reveal_to_phone``: the same per phone;
* ``answer_to_count``: from a phone sending its first answer to the teacher's long poll
  (``GET /api/state?after=V``) showing a count that includes it;
* ``next_to_all``: from ``POST /api/next`` to the last phone having the question and its
  board (fetched by its address, gzipped, as a browser does);
* ``lost``: acknowledged answers missing from the file afterwards (or stored differently);
* the server's CPU seconds and peak memory (psutil if installed, else ``/proc``, else
  ``resource`` once the server has ended).

The load average is printed: the machine is shared, wall times are noisy. The last line is
one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from shangrila_widget.class_session.launch import RunningServer, start_server
from shangrila_widget.class_session.store import Store


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def server_usage(pid: int) -> dict[str, float] | None:
    """The server process's CPU seconds and peak resident memory (MiB), while it runs."""
    try:
        import psutil  # type: ignore[import-not-found]
    except ImportError:
        psutil = None
    if psutil is not None:
        process = psutil.Process(pid)
        cpu = process.cpu_times()
        info = process.memory_info()
        peak = getattr(info, "peak_wset", None) or info.rss
        return {"cpu_s": cpu.user + cpu.system, "peak_mib": peak / 2**20, "how": "psutil"}
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        return None
    fields = stat.read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu_s = (int(fields[11]) + int(fields[12])) / ticks
    peak = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) / 1024
    return {"cpu_s": cpu_s, "peak_mib": peak, "how": "/proc"}


class Teacher:
    """The teacher's API through Tornado's HTTP client, and a long poll that notes when each
    count of answers was first seen."""

    def __init__(self, server: RunningServer) -> None:
        self.server = server
        self.client = AsyncHTTPClient(force_instance=True, max_clients=4)
        self.seen: dict[tuple[int, int], float] = {}  # (question, answered) -> first seen
        self.version = -1
        self.polling = True

    async def call(self, path: str, body: object = None) -> dict[str, Any]:
        request = HTTPRequest(
            self.server.teacher_api + path,
            method="GET" if body is None else "POST",
            body=None if body is None else json.dumps(body),
            headers={"Authorization": f"Bearer {self.server.token}"},
            request_timeout=60,
        )
        response = await self.client.fetch(request)
        result: dict[str, Any] = json.loads(response.body)
        return result

    async def poll(self) -> None:
        while self.polling:
            state = await self.call(f"/api/state?after={self.version}")
            now = time.perf_counter()
            self.version = state["version"]
            question = state["question"]
            if question is not None:
                self.seen.setdefault((question["index"], question["answered"]), now)


class Student:
    """One phone: joins, answers each question, notes when messages arrive."""

    def __init__(self, number: int, rng: random.Random) -> None:
        self.number = number
        self.rng = rng
        self.connection: WebSocketClientConnection | None = None
        self.arrived: dict[tuple[str, int], float] = {}
        self.first_sent: dict[int, float] = {}
        self.acked: dict[int, dict[str, Any]] = {}
        self.student = 0
        self.errors: list[dict[str, Any]] = []
        self.base: str | None = None
        self.http = AsyncHTTPClient(force_instance=True, max_clients=2)

    async def join(self, server: RunningServer) -> None:
        self.base = server.students_url.split("/?")[0]
        self.connection = await websocket_connect(
            self.base.replace("http://", "ws://") + "/ws",
            compression_options={},
            on_message_callback=self._heard,
        )
        await self._send({"type": "join", "code": server.code, "name": f"student {self.number}"})

    def _heard(self, text: str | bytes | None) -> None:
        if text is None:
            return
        message = json.loads(text)
        kind = message["type"]
        now = time.perf_counter()
        if kind == "question":
            index = message["question"]["index"]
            self.arrived.setdefault(("message", index), now)
            address = message["question"]["board"]
            asyncio.get_running_loop().create_task(self._picture(index, address))
        elif kind == "revealed":
            self.arrived.setdefault((kind, message["question"]["index"]), now)
        elif kind == "joined":
            self.student = int(message["student"])
        elif kind == "ack":
            self.acked[message["index"]] = message["answer"]
        elif kind == "error":
            self.errors.append(message)

    async def _picture(self, index: int, address: str) -> None:
        """Fetch the board as a phone's browser does (gzip); the question has arrived then."""
        assert self.base is not None
        response = await self.http.fetch(self.base + address, decompress_response=True)
        assert response.body.startswith(b"<svg")
        self.arrived.setdefault(("question", index), time.perf_counter())

    async def _send(self, message: object) -> None:
        assert self.connection is not None
        await self.connection.write_message(json.dumps(message))

    async def answer(self, index: int, options: int, think: float) -> None:
        await asyncio.sleep(self.rng.uniform(0, think))
        choice = self.rng.randrange(options)
        self.first_sent[index] = time.perf_counter()
        await self._send({"type": "answer", "index": index, "answer": {"option": choice}})
        if self.rng.random() < 0.1:
            await asyncio.sleep(self.rng.uniform(0, think / 2))
            other = (choice + 1) % options
            await self._send({"type": "answer", "index": index, "answer": {"option": other}})


async def lesson(
    server: RunningServer, students: int, questions: int, think: float
) -> dict[str, Any]:
    rng = random.Random(25)
    teacher = Teacher(server)
    class_ = [Student(n, random.Random(rng.random())) for n in range(students)]
    await asyncio.gather(*(s.join(server) for s in class_))
    poller = asyncio.create_task(teacher.poll())
    await teacher.call(
        "/api/lesson",
        {
            "spec": {
                "seed": 11,
                "count": questions,
                "kinds": ["what_happens", "stronger", "legal", "who_wins", "find_journey"],
            }
        },
    )
    reveal_to_all, reveal_to_phone, next_to_all, answer_to_count = [], [], [], []
    for index in range(questions):
        asked = time.perf_counter()
        await teacher.call("/api/next", {})
        while not all(("question", index) in s.arrived for s in class_):
            await asyncio.sleep(0.005)
        next_to_all.append(max(s.arrived["question", index] for s in class_) - asked)
        options = 2  # every kind asked has at least two options
        await asyncio.gather(*(s.answer(index, options, think) for s in class_))
        deadline = time.perf_counter() + 30
        while not all(index in s.acked for s in class_) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        while (index, students) not in teacher.seen and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(think / 2 + 0.05)  # the last changes of mind arrive
        # the k-th first answer sent is in the count once the teacher sees k answers
        firsts = sorted(s.first_sent[index] for s in class_)
        for k, sent in enumerate(firsts, start=1):
            seen = min(
                (t for (q, n), t in teacher.seen.items() if q == index and n >= k),
                default=None,
            )
            if seen is not None:
                answer_to_count.append(max(0.0, seen - sent))
        revealing = time.perf_counter()
        await teacher.call("/api/reveal", {})
        while not all(("revealed", index) in s.arrived for s in class_):
            await asyncio.sleep(0.002)
            if time.perf_counter() - revealing > 30:
                break
        times = [s.arrived.get(("revealed", index), float("inf")) - revealing for s in class_]
        reveal_to_phone.extend(times)
        reveal_to_all.append(max(times))
    usage = server_usage(server.pid)
    await teacher.call("/api/end", {})
    teacher.polling = False
    poller.cancel()
    for s in class_:
        if s.connection is not None:
            s.connection.close()
    acked = {(s.student, q): a for s in class_ for q, a in s.acked.items()}
    return {
        "reveal_to_all": reveal_to_all,
        "reveal_to_phone": reveal_to_phone,
        "next_to_all": next_to_all,
        "answer_to_count": answer_to_count,
        "acked": acked,
        "errors": [e for s in class_ for e in s.errors],
        "usage": usage,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.class_load", description=__doc__)
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--think", type=float, default=1.0, help="most seconds before answering")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "class.sqlite3"
        started = time.perf_counter()
        server = start_server(db=db)
        try:
            result = asyncio.run(lesson(server, args.students, args.questions, args.think))
        finally:
            server.stop()
        wall = time.perf_counter() - started
        usage = result["usage"] or {}
        if not usage:
            children = resource.getrusage(resource.RUSAGE_CHILDREN)
            usage = {
                "cpu_s": children.ru_utime + children.ru_stime,
                "peak_mib": children.ru_maxrss / 1024,
                "how": "resource",
            }
        store = Store.open(db)
        stored = {(a.student, a.question): dict(a.answer) for a in store.answers(1)}
        store.close()
    lost = sum(1 for key, answer in result["acked"].items() if stored.get(key) != answer)
    figures: dict[str, Any] = {
        "students": args.students,
        "questions": args.questions,
        "acknowledged": len(result["acked"]),
        "lost": lost,
        "errors": len(result["errors"]),
        "server_cpu_s": round(usage["cpu_s"], 2),
        "server_peak_mib": round(usage["peak_mib"], 1),
        "usage_from": usage["how"],
        "wall_s": round(wall, 1),
        "load_after": round(os.getloadavg()[0], 1),
    }
    for name in ("reveal_to_all", "reveal_to_phone", "next_to_all", "answer_to_count"):
        values = result[name]
        figures[f"{name}_p50"] = round(statistics.median(values), 3)
        figures[f"{name}_p95"] = round(percentile(values, 0.95), 3)
        print(
            f"{name:>16}: p50 {figures[f'{name}_p50']:.3f} s, p95 {figures[f'{name}_p95']:.3f} s,"
            f" max {max(values):.3f} s ({len(values)} figures)"
        )
    print(
        f"acknowledged {figures['acknowledged']} answers, lost {lost}, errors "
        f"{figures['errors']}; server CPU {figures['server_cpu_s']} s, peak memory "
        f"{figures['server_peak_mib']} MiB ({usage['how']}); wall {figures['wall_s']} s"
    )
    print(json.dumps(figures))
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

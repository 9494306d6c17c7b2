"""The class's server: the students' page and websocket, and the teacher's API (Tornado).

Two listening sockets in one process:

- the **students' app** on ``--host`` (default 127.0.0.1) and ``--port`` (0: a free one):
  ``GET /`` (the page), ``/class.js``, ``/class.css``, the websocket ``/ws`` and its plain
  HTTP fallback ``POST /api/join``, ``GET /api/now``, ``POST /api/answer``; nothing else.
  It runs no kernel and executes nothing a phone sends;
- the **teacher's API** on 127.0.0.1 only (its own free port), every request with
  ``Authorization: Bearer <teacher token>``.

``python -m shangrila_widget.class_session.server --db FILE [--host H] [--port P]
[--lang en|pl]`` resumes the newest session of FILE not ended (or makes one) and prints one
JSON line: ``{"students": URL, "teacher_api": URL, "code": C, "token": T, "session": ID}``.
The protocol is in docs/class.md ("Protocol"). This module starts the process; the parts are
:mod:`.protocol` (limits, words, errors), :mod:`.state` (the session and the answers' writer),
:mod:`.students_app` and :mod:`.teacher_app`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys
import threading

import tornado.httpserver
import tornado.locks
import tornado.netutil
import tornado.web
import tornado.websocket

from shangrila_widget.class_session.protocol import (
    MESSAGE_LIMIT,
    PHONE_WORDS,
    RATE_LIMIT,
    RATE_WINDOW,
)
from shangrila_widget.class_session.state import ClassState, Writer
from shangrila_widget.class_session.store import Store
from shangrila_widget.class_session.students_app import students_app
from shangrila_widget.class_session.teacher_app import teacher_app
from shangrila_widget.rules.messages import Language, check_language

__all__ = [
    "MESSAGE_LIMIT",
    "RATE_LIMIT",
    "RATE_WINDOW",
    "ClassState",
    "PHONE_WORDS",
    "main",
    "students_app",
    "teacher_app",
]


# the process


def _address_for(host: str) -> str:
    """The address to put in the students' link for a server bound to ``host``: for every
    address (``0.0.0.0``, ``::``), this computer's first address that is not a loopback one,
    from its own name (no packet sent); ``127.0.0.1`` if it has none."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
        try:
            found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        except OSError:
            found = []
        for *_rest, address in found:
            if not str(address[0]).startswith("127."):
                host = str(address[0])
                break
    return f"[{host}]" if ":" in host else host


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m shangrila_widget.class_session.server",
        description="Serve a class: the students' page on --host, the teacher's API on 127.0.0.1.",
    )
    parser.add_argument("--db", required=True, help="the class's SQLite file")
    parser.add_argument("--host", default="127.0.0.1", help="the students' address")
    parser.add_argument("--port", type=int, default=0, help="the students' port (0: free)")
    parser.add_argument("--lang", default="en", choices=("en", "pl"))
    parser.add_argument(
        "--stop-with-parent",
        action="store_true",
        help="stop when standard input ends (the program that started it, gone or closed)",
    )
    return parser


def _stop_when_input_ends(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """Stop the server once standard input ends: the pipe of the program that started it
    closes when that program exits in any way (a kernel restarted or killed included), so no
    server is left behind holding its port."""

    def wait() -> None:
        # os.read on the descriptor, not sys.stdin: a daemon thread blocked in a buffered
        # reader holds its lock, and the interpreter aborts at exit (SIGABRT) waiting for it.
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=wait, name="class-parent-watch", daemon=True).start()


async def serve(
    db: str, host: str, port: int, lang: Language, *, stop_with_parent: bool = False
) -> None:
    """Open the file, resume or make the session, listen, print the JSON line, run (until
    SIGTERM, Ctrl+C or, with ``stop_with_parent``, the end of standard input)."""
    store = Store.open(db)
    session = store.newest_open_session() or store.create_session(lang)
    students_sockets = tornado.netutil.bind_sockets(port, host)
    teacher_sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    students_port = students_sockets[0].getsockname()[1]
    teacher_port = teacher_sockets[0].getsockname()[1]
    url = f"http://{_address_for(host)}:{students_port}/?code={session.code}"
    writer = Writer(Store.open(db))
    state = ClassState(store, session, lang, url, writer, asyncio.get_running_loop().call_soon)
    tornado.httpserver.HTTPServer(students_app(state), max_body_size=64 * 1024).add_sockets(
        students_sockets
    )
    tornado.httpserver.HTTPServer(teacher_app(state), max_body_size=64 * 1024).add_sockets(
        teacher_sockets
    )
    line = {
        "students": url,
        "teacher_api": f"http://127.0.0.1:{teacher_port}",
        "code": session.code,
        "token": session.token,
        "session": session.id,
    }
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    if stop_with_parent:
        _stop_when_input_ends(loop, stop)
    await stop.wait()
    writer.close()
    store.close()


def main(argv: list[str] | None = None) -> int:
    """Run the server until SIGTERM or Ctrl+C."""
    args = _parser().parse_args(argv)
    lang = check_language(args.lang)
    asyncio.run(serve(args.db, args.host, args.port, lang, stop_with_parent=args.stop_with_parent))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The ``class`` command: a class that answers together, from the teacher's computer.

``shangrila class [--host HOST] [--port PORT] [--db FILE] [--no-browser] [--lang en|pl]``
starts the class server (the students' pages on ``HOST:PORT``, 127.0.0.1 unless ``--host``
is given; the lesson kept in the SQLite file ``FILE``) and Voila, on 127.0.0.1 only, with a
notebook that opens a :class:`~shangrila_widget.widget.class_session.ClassSession` on that
server. It prints two lines and keeps running until Ctrl+C::

    teacher: http://127.0.0.1:8866/?token=...
    students: http://192.168.1.20:8123/?code=K7Q2XW

The teacher's address carries the teacher's token (the class server's controls need it): it
is printed here and nowhere else; the students' address (and its QR code) never has it.

``shangrila class report FILE [--session ID] [--csv] [--lang en|pl]`` prints the report of a
lesson kept in ``FILE`` (the session's last lesson; the newest session by default): per rule,
per misreading, per student, or the same as CSV.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from shangrila_widget.class_session.launch import API_VARIABLE
from shangrila_widget.cli import (
    add_lang_argument,
    command_line_error,
    option_error,
    whole_number,
    write_output,
)
from shangrila_widget.rules.errors import ShangrilaError, excerpt
from shangrila_widget.rules.messages import Language, problem, rule_title, say

__all__ = [
    "API_VARIABLE",
    "add_class_command",
    "class_notebook",
    "report_text",
    "teacher_url",
]


#: The cell of the teacher's notebook.
NOTEBOOK_CODE = (
    "from shangrila_widget.widget.class_session import session_from_page\n"
    "session = session_from_page()\n"
    "session"
)


def class_notebook() -> str:
    """The teacher's notebook (nbformat 4 JSON): one cell that opens the session."""
    import json

    return json.dumps(
        {
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": "class-session",
                    "metadata": {},
                    "outputs": [],
                    "source": NOTEBOOK_CODE,
                }
            ],
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        indent=1,
    )


def teacher_url(port: int, token: str, lang: Language = "en") -> str:
    """The teacher's page: Voila on 127.0.0.1:``port``, the teacher's token in its query."""
    query = {"token": token} if lang == "en" else {"token": token, "lang": lang}
    return f"http://127.0.0.1:{port}/?{urlencode(query)}"


# ------------------------------------------------------------------------ shangrila class


def _host(text: str) -> str:
    host = text.strip()
    if not host or len(host) > 253 or any(c.isspace() or c in "/?#@" for c in host):
        raise option_error("class_host", value=excerpt(text))
    return host


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 <= int(text[:6]) < 65536:
        raise option_error("port", value=excerpt(text))
    return int(text)


def run_class(args: argparse.Namespace) -> int:
    """Start the class server and the teacher's page; run until Ctrl+C."""
    from shangrila_widget.class_session.launch import start_server
    from shangrila_widget.serve import DEFAULT_PORT, choose_port, run_until_stopped, voila_command

    if _cannot_run_voila(args.lang):
        return 2
    server = start_server(db=args.db, host=args.host, port=args.port, lang=args.lang)
    folder = Path(tempfile.mkdtemp(prefix="shangrila-class-"))
    try:
        notebook = folder / "class.ipynb"
        notebook.write_text(class_notebook(), encoding="utf-8")
        port = choose_port(DEFAULT_PORT)
        url = teacher_url(port, server.token, args.lang)
        os.environ[API_VARIABLE] = server.teacher_api
        lines = f"teacher: {url}\nstudents: {server.students_url}\n"
        _announce_when_up(lines, url, port, open_browser=not args.no_browser)
        return run_until_stopped(voila_command(notebook, port, open_browser=False), folder)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _cannot_run_voila(lang: Language = "en") -> bool:
    """Say why the teacher's page cannot be served here (in a browser, or no Voila), if so."""
    from shangrila_widget.runtime import browser_message, in_browser

    if in_browser():
        print(browser_message(problem("class_what_start")).text(lang), file=sys.stderr)
        return True
    if importlib.util.find_spec("voila") is None:
        print(say("class.teacher_no_voila", lang), file=sys.stderr)
        return True
    return False


def wait_until_up(port: int, limit: float = 120.0) -> bool:
    """Whether Voila answers on 127.0.0.1:``port`` within ``limit`` seconds."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=2):
                return True
        except urllib.error.HTTPError:  # it answers
            return True
        except OSError:
            time.sleep(0.3)
    return False


def _announce_when_up(lines: str, url: str, port: int, *, open_browser: bool) -> None:
    """Print the two addresses once Voila answers (so that they work when printed) and open
    the teacher's page (Voila's own opening would leave the token out)."""

    def announce() -> None:
        if not wait_until_up(port):
            return  # Voila did not start: its own error is on the terminal
        write_output(lines)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    threading.Thread(target=announce, name="class-announce", daemon=True).start()


# ------------------------------------------------------------------------ shangrila class report


def run_report(args: argparse.Namespace) -> int:
    """Print the report of a lesson kept in ``args.file``."""
    from shangrila_widget.class_session import report
    from shangrila_widget.class_session.store import Store

    path = Path(args.file)
    if not path.is_file():
        raise command_line_error(
            "cannot_read", where=excerpt(args.file, 200), why=problem("class_no_file")
        )
    store = Store.open(path)
    try:
        sessions = list(store.sessions())
        if args.session is not None:
            chosen = [s for s in sessions if s.id == args.session]
            if not chosen:
                raise ShangrilaError(problem("class_no_session", value=args.session))
        else:
            chosen = sessions[-1:]
            if not chosen:
                raise ShangrilaError(problem("class_no_session", value=excerpt(args.file, 200)))
        session = chosen[0]
        built = report.build(store, session.id)
    finally:
        store.close()
    if args.csv:
        write_output(built.to_csv(args.lang))
    else:
        write_output(report_text(built.to_dict(args.lang), session.id, session.code, args.lang))
    return 0


def report_text(data: dict[str, Any], session: int, code: str, lang: Language = "en") -> str:
    """The report (``ClassReport.to_dict``) as lines for a terminal."""
    lines = [say("class.teacher_cli_session", lang, session=session, code=code)]
    lines.append(
        say(
            "class.teacher_report_total",
            lang,
            right=int(data["right"]),
            answered=int(data["answered"]),
        )
    )
    lines += ["", say("class.teacher_report_rules", lang)]
    for rule in data["rules"]:
        share = rule["right"] / rule["answered"] if rule["answered"] else 0.0
        said = say(
            "class.teacher_report_rule", lang, right=rule["right"], answered=rule["answered"]
        )
        line = f"  {rule['rule']} ({rule_title(rule['rule'], lang)}): {said} ({share:.0%})"
        if rule["misreadings"]:
            line += " · " + "; ".join(f"{m['name']} ({m['count']})" for m in rule["misreadings"])
        lines.append(line)
    chosen = [m for m in data["misreadings"] if m["chosen"]]
    if chosen:
        lines += ["", say("class.teacher_report_misreadings", lang)]
        lines += [
            f"  {m['name']}: {say('class.teacher_report_chosen', lang, n=m['chosen'])}"
            for m in chosen
        ]
    if data["students"]:
        lines += ["", say("class.teacher_report_students", lang)]
        anonymous = say("class.teacher_anonymous", lang)
        for s in data["students"]:
            name = "".join(c if c.isprintable() else "?" for c in (s["name"] or anonymous))
            lines.append(f"  {name}: {s['right']} / {s['answered']}")
    return "\n".join(lines) + "\n"


def add_class_command(commands: Any) -> None:
    """Register ``class`` (and ``class report``) on the subcommands of the main parser."""
    parser = commands.add_parser(
        "class",
        help="a class that answers together: the students join from their phones",
        description="Start the class server and the teacher's page; prints the teacher's and "
        "the students' addresses. 'class report FILE' prints a past lesson's report.",
    )
    parser.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help="where the students' pages listen (default 127.0.0.1: this computer only; give "
        "this computer's address on the school network, or 0.0.0.0, for phones to reach it)",
    )
    parser.add_argument(
        "--port", type=_port, default=0, help="the students' port (default 0: any free one)"
    )
    parser.add_argument(
        "--db",
        metavar="FILE",
        help="the SQLite file that keeps the class (default: class.sqlite3 in the user's "
        "data folder); a server started again on it resumes the lesson",
    )
    parser.add_argument("--no-browser", action="store_true", help="only start the servers")
    add_lang_argument(parser, "the language of the pages and of the report (default en)")
    parser.add_argument(
        "report",
        nargs="*",
        metavar="report FILE",
        help="print the report of a lesson kept in FILE (per rule, misreading, student) "
        "instead of starting a class",
    )
    parser.add_argument(
        "--session",
        type=whole_number("--session"),
        metavar="ID",
        help="with report: which session of the file (default the newest)",
    )
    parser.add_argument("--csv", action="store_true", help="with report: print CSV instead")
    parser.set_defaults(run=run_command, errors=_errors())


def run_command(args: argparse.Namespace) -> int:
    """``class`` or ``class report FILE``."""
    if not args.report:
        return run_class(args)
    if args.report[0] != "report" or len(args.report) != 2:
        raise command_line_error("class_words", value=excerpt(" ".join(args.report)))
    args.file = args.report[1]
    return run_report(args)


def _errors() -> tuple[type[BaseException], ...]:
    from shangrila_widget.class_session.launch import ServerStartError
    from shangrila_widget.runtime import NotInBrowserError

    return (NotInBrowserError, ServerStartError)

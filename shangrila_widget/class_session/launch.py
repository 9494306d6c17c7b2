"""Start the class's server in its own process: the one way the CLI, the widget and the
tests start it.

.. code-block:: python

    from shangrila_widget.class_session.launch import start_server
    with start_server(db="class.sqlite3") as server:
        print(server.students_url, server.teacher_api)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from shangrila_widget.class_session.store import default_db_path
from shangrila_widget.rules.errors import MachineError
from shangrila_widget.rules.messages import problem

__all__ = ["API_VARIABLE", "RunningServer", "ServerStartError", "start_server"]

#: The environment variable that tells the teacher's notebook where the teacher's API is
#: (its address only: the token comes in the page's address). ``shangrila class`` sets it
#: for the Voila it starts; the page's kernel reads it at its start.
API_VARIABLE = "SHANGRILA_CLASS_API"


class ServerStartError(MachineError):
    """The server's process ended or said nothing before its first line; ``str(error)`` is
    the English text, :meth:`text` says it in another language.

    >>> ServerStartError(1).text("pl")
    'serwer klasy nie wystartował (kod wyjścia 1)'
    """

    def __init__(self, status: int | None) -> None:
        self.status = status
        super().__init__(problem("class_server_no_start", status=status))

    def __reduce__(self) -> tuple[type[MachineError], tuple[object, ...]]:
        return type(self), (self.status,)


@dataclass
class RunningServer:
    """A running server: its students' link, teacher API, join code, teacher token, session
    id and process; :meth:`stop` ends it (also on leaving a ``with`` block)."""

    students_url: str
    teacher_api: str
    code: str
    token: str
    session: int
    db: Path
    process: subprocess.Popen[str] = field(repr=False)

    @property
    def pid(self) -> int:
        """The server process's id."""
        return self.process.pid

    def stop(self, timeout: float = 10.0) -> int:
        """Ask the server to stop (SIGTERM), killing it after ``timeout`` seconds; its exit
        status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()
        return int(self.process.returncode)

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def start_server(
    db: str | os.PathLike[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    lang: str = "en",
    *,
    timeout: float = 60.0,
) -> RunningServer:
    """Start ``python -m shangrila_widget.class_session.server`` on ``db`` (default:
    :func:`~.store.default_db_path`) and wait for its line."""
    path = Path(db) if db is not None else default_db_path()
    command = [
        sys.executable,
        "-m",
        "shangrila_widget.class_session.server",
        "--db",
        str(path),
        "--host",
        host,
        "--port",
        str(port),
        "--lang",
        lang,
        "--stop-with-parent",
    ]
    # The server stops when this process's end closes the pipe to its standard input.
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(
        target=lambda: lines.append(process.stdout.readline() if process.stdout else ""),
        daemon=True,
    )
    reader.start()
    reader.join(timeout)
    if not lines or not lines[0].strip():
        process.kill()
        process.wait()
        raise ServerStartError(process.returncode)
    info = json.loads(lines[0])
    return RunningServer(
        students_url=str(info["students"]),
        teacher_api=str(info["teacher_api"]),
        code=str(info["code"]),
        token=str(info["token"]),
        session=int(info["session"]),
        db=path,
        process=process,
    )

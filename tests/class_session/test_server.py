"""The server over 127.0.0.1: the teacher's API behind its token and on loopback only, the
students' app serving its own three files and nothing else, the websocket and the HTTP
fallback, the long poll."""

from __future__ import annotations

import gzip
import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from shangrila_widget.class_session.launch import RunningServer, start_server
from tests.support.class_server import raw_get, teacher, ws_ask, ws_phone
from tests.support.loops import run_loop


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RunningServer]:
    with start_server(db=tmp_path / "class.sqlite3") as running:
        yield running


def open_question(server: RunningServer, count: int = 3) -> None:
    assert teacher(server, "/api/lesson", {"spec": {"seed": 3, "count": count}})[0] == 200
    assert teacher(server, "/api/next", {})[0] == 200


TEACHER_CALLS = [
    ("GET", "/api/state"),
    ("GET", "/api/state?after=0"),
    ("GET", "/api/report"),
    ("GET", "/api/report.csv"),
    ("POST", "/api/lesson"),
    ("POST", "/api/next"),
    ("POST", "/api/reveal"),
    ("POST", "/api/end"),
    ("GET", "/api/nothing"),
]


def test_the_teacher_api_refuses_every_call_without_the_token(server: RunningServer) -> None:
    open_question(server)
    before = teacher(server, "/api/state")[1]
    for wrong in ("", "nope", server.code, server.token[:-1], server.token + "x"):
        for method, path in TEACHER_CALLS:
            body = {"spec": {"seed": 1, "count": 1}} if method == "POST" else None
            status, said = teacher(server, path, body, token=wrong, method=method)
            assert status == 401, (wrong, path)
            assert said["error"]["code"] == "unauthorized"
    # the token in the address instead of the header does not do either
    status, _ = teacher(server, f"/api/end?token={server.token}", {}, token="")
    assert status == 401
    assert teacher(server, "/api/state")[1] == before


def test_the_teacher_api_errors_are_worded_with_their_status(server: RunningServer) -> None:
    assert teacher(server, "/api/next", {})[0] == 409  # no lesson yet
    status, said = teacher(server, "/api/lesson", {"spec": {"seed": 1, "count": 99}})
    assert status == 400 and said["error"]["code"] == "bad_spec"
    assert "count" in said["error"]["message"]
    assert teacher(server, "/api/reveal", {})[1]["error"]["code"] == "no_lesson"
    open_question(server)
    assert teacher(server, "/api/lesson", {"spec": {"seed": 1, "count": 1}})[0] == 409
    assert teacher(server, "/api/state?after=x")[0] == 400
    assert teacher(server, "/api/nothing")[0] == 404
    request = urllib.request.Request(
        server.teacher_api + "/api/lesson",
        data=b"{not json",
        headers={"Authorization": f"Bearer {server.token}"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 400


def listening(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp writes them) listening on ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc/net/tcp")
def test_the_teacher_api_listens_on_loopback_even_with_a_host(tmp_path: Path) -> None:
    with start_server(db=tmp_path / "class.sqlite3", host="0.0.0.0") as server:
        teacher_port = int(server.teacher_api.rsplit(":", 1)[1])
        students_port = int(server.students_url.split(":")[2].split("/")[0])
        assert server.teacher_api.startswith("http://127.0.0.1:")
        assert listening(teacher_port) == {"0100007F"}  # 127.0.0.1 only
        assert listening(students_port) == {"00000000"}  # every address, as asked
        assert server.token not in server.students_url
        local = server.students_url.replace(
            server.students_url.split("/")[2].split(":")[0], "127.0.0.1", 1
        )
        with urllib.request.urlopen(local, timeout=30) as page:
            assert server.token not in page.read().decode("utf-8")


TRAVERSALS = [
    "/../server.py",
    "/..%2fserver.py",
    "/%2e%2e/store.py",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/class.js/../server.py",
    "/class.js/..%2f..%2f__init__.py",
    "/class.css%00.py",
    "/class_session/server.py",
    "/shangrila_widget/class_session/server.py",
    "/page.html",
    "/server.py",
    "/lesson.py",
    "/state.py",
    "/protocol.py",
    "/students_app.py",
    "/__init__.py",
    "/class.sqlite3",
    "/static/../../../../etc/passwd",
    "//etc/passwd",
    "/.%2e/.%2e/etc/passwd",
    "/api/../../etc/passwd",
    "/class.jsx",
    "/CLASS.JS",
    "/ws/../server.py",
    "\\..\\server.py",
    "/board/../server.py",
    "/board/..%2f..%2fserver.py",
    "/board/AAAAAAAAAAAAAAAA.svg",
    "/board/%2e%2e%2f%2e%2e%2fserver.py.svg",
]


def test_nothing_outside_the_server_s_own_files_is_served(server: RunningServer) -> None:
    for path in TRAVERSALS:
        status, body = raw_get(server.students_url, path)
        assert status in (400, 404), path
        for secret in ("import ", "root:", "SQLite", server.token, "def "):
            assert secret not in body, path
    assert raw_get(server.students_url, "/class.js")[0] == 200
    assert raw_get(server.students_url, "/class.css")[0] == 200


def test_the_page_carries_no_question_and_forbids_other_hosts(server: RunningServer) -> None:
    open_question(server)
    with urllib.request.urlopen(server.students_url, timeout=30) as response:
        page = response.read().decode("utf-8")
        policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert "http" not in page.split("<body>")[1]  # no other host named
    for secret in ('"correct"', "misreading", "claims", "<svg", server.token):
        assert secret not in page


def test_a_phone_answers_over_the_websocket_and_the_teacher_counts_it(
    server: RunningServer,
) -> None:
    open_question(server)
    version = teacher(server, "/api/state")[1]["version"]
    polled: list[dict[str, object]] = []
    poll = threading.Thread(
        target=lambda: polled.append(teacher(server, f"/api/state?after={version}")[1])
    )
    poll.start()

    async def phone() -> list[dict[str, object]]:
        connection = await ws_phone(server)
        joined, now = await ws_ask(
            connection, {"type": "join", "code": server.code, "name": "Ada", "resume": None}, 2
        )
        assert joined["type"] == "joined" and now["type"] == "question"
        return await ws_ask(connection, {"type": "answer", "index": 0, "answer": {"option": 1}})

    assert run_loop(phone) == [{"type": "ack", "index": 0, "answer": {"option": 1}}]
    poll.join(30)
    assert polled and polled[0]["joined"] == 1
    final = teacher(server, "/api/state")[1]
    assert final["question"]["answered"] == 1 and final["students"][0]["name"] == "Ada"


def post(server: RunningServer, path: str, body: object) -> list[dict[str, object]]:
    base = server.students_url.split("/?")[0]
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data), timeout=30) as r:
        return json.loads(r.read())


def now(server: RunningServer, resume: str, wait: bool = False) -> list[dict[str, object]]:
    base = server.students_url.split("/?")[0]
    asked = f"{base}/api/now?student={resume}" + ("&wait=1" if wait else "")
    with urllib.request.urlopen(asked, timeout=30) as r:
        return json.loads(r.read())


def test_the_http_fallback_joins_answers_and_tells_what_is_on(server: RunningServer) -> None:
    open_question(server)
    joined, first = post(server, "/api/join", {"type": "join", "code": server.code, "name": "Bo"})
    assert joined["type"] == "joined" and first["type"] == "question"
    resume = str(joined["resume"])
    answer = {"student": resume, "index": 0, "answer": {"option": 2}}
    assert post(server, "/api/answer", answer) == [
        {"type": "ack", "index": 0, "answer": {"option": 2}}
    ]
    assert post(server, "/api/answer", answer)[0]["code"] == "replayed"
    assert now(server, resume)[0]["yours"] == {"option": 2}
    assert now(server, "not-a-token")[0]["code"] == "wrong_token"
    assert post(server, "/api/answer", {"index": 0, "answer": {}})[0]["code"] == "not_joined"
    assert post(server, "/api/answer", b"{oops")[0]["code"] == "bad_json"
    assert post(server, "/api/join", {"type": "join", "code": "AAAAAA"})[0]["code"] == (
        "wrong_code"
    )
    teacher(server, "/api/reveal", {})
    (revealed,) = now(server, resume)
    assert revealed["type"] == "revealed" and revealed["yours"]["option"] == 2
    assert teacher(server, "/api/state")[1]["tally"][2]["count"] == 1


def test_the_http_fallbacks_long_poll_answers_when_what_is_on_changes(
    server: RunningServer,
) -> None:
    open_question(server)
    joined, _ = post(server, "/api/join", {"type": "join", "code": server.code, "name": "Bo"})
    resume = str(joined["resume"])
    heard: list[tuple[float, list[dict[str, object]]]] = []
    started = time.monotonic()

    def wait() -> None:
        heard.append((time.monotonic() - started, now(server, resume, wait=True)))

    poll = threading.Thread(target=wait)
    poll.start()
    # An answer (this phone's or another's) changes nothing it is told yet: it keeps waiting.
    other, _ = post(server, "/api/join", {"type": "join", "code": server.code, "name": "Cy"})
    post(server, "/api/answer", {"student": other["resume"], "index": 0, "answer": {"option": 1}})
    time.sleep(1.0)
    assert heard == [] and poll.is_alive()
    revealed_at = time.monotonic() - started
    teacher(server, "/api/reveal", {})
    poll.join(10)
    ((when, (message,)),) = heard
    assert message["type"] == "revealed"
    assert when - revealed_at < 2.0, f"told {when - revealed_at:.2f} s after the Reveal"
    # A plain ask answers at once.
    assert now(server, resume)[0]["type"] == "revealed"


def test_the_pictures_go_by_address_gzipped_once(server: RunningServer) -> None:
    teacher(server, "/api/lesson", {"spec": {"seed": 1, "count": 1, "kinds": ["find_changes"]}})
    teacher(server, "/api/next", {})
    joined, first = post(server, "/api/join", {"type": "join", "code": server.code, "name": ""})
    question = first["question"]
    assert isinstance(question, dict)
    addresses = [question["board"], *question["zoom"].values()]
    assert len(addresses) == 1 + 13 and all(a.startswith("/board/") for a in addresses)
    base = server.students_url.split("/?")[0]
    for address in addresses[:3]:
        plain = urllib.request.urlopen(base + address, timeout=30)
        assert plain.headers["Content-Type"].startswith("image/svg+xml")
        assert plain.read().startswith(b"<svg")
        packed = urllib.request.urlopen(
            urllib.request.Request(base + address, headers={"Accept-Encoding": "gzip"}),
            timeout=30,
        )
        assert packed.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.read()).startswith(b"<svg")
    (again,) = now(server, str(joined["resume"]))
    assert again["question"]["board"] == question["board"]


def test_an_oversized_message_is_refused_and_a_huge_frame_closes_the_link(
    server: RunningServer,
) -> None:
    open_question(server)

    async def phone() -> tuple[list[dict[str, object]], object]:
        connection = await ws_phone(server)
        await ws_ask(connection, {"type": "join", "code": server.code, "name": "Ada"}, 2)
        big = await ws_ask(connection, {"type": "answer", "index": 0, "x": "a" * 5000})
        await connection.write_message("x" * (65 * 1024))
        return big, await connection.read_message()

    big, after = run_loop(phone)
    assert big[0]["code"] == "too_big"
    assert after is None  # the server closed the connection
    assert teacher(server, "/api/state")[1]["question"]["answered"] == 0


def test_the_students_link_names_an_address_phones_can_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shangrila_widget.class_session import server as module

    def addresses(*_args: object) -> list[tuple[object, ...]]:
        return [(2, 1, 6, "", ("127.0.1.1", 0)), (2, 1, 6, "", ("192.168.4.20", 0))]

    monkeypatch.setattr(module.socket, "getaddrinfo", addresses)
    assert module._address_for("0.0.0.0") == "192.168.4.20"
    assert module._address_for("10.1.2.3") == "10.1.2.3"
    assert module._address_for("::1") == "[::1]"
    monkeypatch.setattr(module.socket, "getaddrinfo", lambda *_a: addresses()[:1])
    assert module._address_for("0.0.0.0") == "127.0.0.1"


def test_sigterm_stops_the_server_cleanly(tmp_path: Path) -> None:
    running = start_server(db=tmp_path / "class.sqlite3")
    assert teacher(running, "/api/state")[0] == 200
    assert running.stop() == 0

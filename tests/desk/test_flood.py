"""Registration spam replayed against the real server (`builder event serve` in its own process,
loopback, distinct source addresses as distinct clients): many teams with one list from forty
addresses. The event takes as many as its pack says and refuses the rest; the organiser's
dashboard stays a page, the summary sheet stays small and the desk's memory bounded; the organiser
removes the spam and its names are free again. A print whose organiser closed the tab runs to its
end as a job, the server answering meanwhile."""

from __future__ import annotations

import io
import re
import secrets
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.desk.test_load import MIB, exchange, page, proportional
from tests.desk.test_server import ALFA, TOKEN, WARBOOK, kill, start
from tests.serve.live import free_port

ADDRESSES = [f"127.0.5.{n}" for n in range(1, 41)]
ORGANISER = "127.0.0.9"
TEAMS_MOST = 300
"""The example pack's bound: the default ``event.max_teams``."""


def form(fields: dict[str, str], files: tuple[tuple[str, bytes], ...] = ()) -> tuple[str, bytes]:
    boundary = secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n\r\n'.encode() + d
              + b"\r\n" for n, d in files]
    return f"multipart/form-data; boundary={boundary}", b"".join(parts) + f"--{boundary}--\r\n".encode()


def post(port: int, source: str, path: str, cookies: str, fields: dict[str, str],
         files: tuple[tuple[str, bytes], ...] = ()) -> tuple[int, bytes]:
    kind, body = form(fields, files)
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nCookie: {cookies}\r\n"
            f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    return exchange(port, source, head + body)


def get(port: int, source: str, path: str, cookies: str) -> tuple[int, bytes]:
    return exchange(port, source, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                                  f"Cookie: {cookies}\r\n\r\n".encode())


def register(port: int, source: str, csrf: str, team: str) -> str:
    """A new team with Patrulla Alfa: ``stored``, or the code it was refused with."""
    status, answer = post(port, source, "/submit", f"desk_csrf={csrf}",
                          {"csrf": csrf, "team": team, "code": "", "lang": "es", "pasted": ""},
                          (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK)))
    location = re.search(rb"\r\nlocation: ([^\r]+)", answer, re.IGNORECASE)
    if status != 303 or location is None:
        return str(status)
    if location.group(1).startswith(b"/receipt/"):
        return "stored"
    refused = re.search(rb"desk_refused=([^;]+)", answer).group(1).decode()
    _, shown = get(port, source, location.group(1).decode(), f"desk_csrf={csrf}; desk_refused={refused}")
    return re.search(rb'data-code="([a-z-]+)"', shown).group(1).decode()


def body(answer: bytes) -> bytes:
    head, _, rest = answer.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" not in head.lower():
        return rest
    out = b""
    while rest:
        size, _, rest = rest.partition(b"\r\n")
        if int(size, 16) == 0:
            break
        out, rest = out + rest[:int(size, 16)], rest[int(size, 16) + 2:]
    return out


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from Linux's /proc")
def test_a_registration_flood_from_many_addresses_is_bounded_and_the_organiser_removes_it(tmp_path):
    port = free_port()
    server = start(tmp_path / "torneo.sqlite", port)
    most = [0]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            # Its proportional share: the summary is made in a worker forked from the checks' own fork
            # server, whose pages resident sizes would count once per process.
            most[0] = max(most[0], proportional(server.pid))
            time.sleep(0.1)

    watcher = threading.Thread(target=watch)
    try:
        tokens = {source: page(port, source)[1] for source in ADDRESSES}
        with ThreadPoolExecutor(8) as pool:
            said = list(pool.map(lambda n: register(port, ADDRESSES[n % 40], tokens[ADDRESSES[n % 40]],
                                                    f"Relleno {n:04}"), range(TEAMS_MOST + 40)))
        watcher.start()
        _, csrf = page(port, ORGANISER)
        status, answer = post(port, ORGANISER, "/admin/login", f"desk_csrf={csrf}", {"csrf": csrf, "token": TOKEN})
        session = re.search(rb"(desk_session=[^;]+)", answer).group(1).decode()
        cookies = f"desk_csrf={csrf}; {session}"
        status, answer = get(port, ORGANISER, "/admin", cookies)
        board = body(answer)
        summary_status, sheet = downloaded(port, "/admin/summary.xlsx", cookies)
        book = load_workbook(io.BytesIO(body(sheet)))
        # The organiser removes every team of that list at once (asked first), and a name is free again.
        removed = post(port, ORGANISER, "/admin/remove", cookies, {"csrf": csrf, "same": "WT-068D-E2A7",
                                                                   "confirm": "yes"})[0]
        again = register(port, ADDRESSES[0], tokens[ADDRESSES[0]], "Relleno 0000")
    finally:
        done.set()
        if watcher.is_alive():
            watcher.join()
        kill(server)
    assert said.count("stored") == TEAMS_MOST and said.count("event-full") == 40, sorted(set(said))
    assert status == 200 and len(re.findall(rb'<tr data-team="\d+"', board)) == 50
    assert len(board) < 200 * 1024, len(board) / 1024  # a page of rows, each naming three others at most
    assert b"300 equipos de 300 como mucho" in board and b"y 296 equipos m\xc3\xa1s" in board
    assert summary_status == 200 and book["Listas"].max_row == TEAMS_MOST + 1 and len(body(sheet)) < 1024 * 1024
    # Each list names eight of the others it repeats, never all of them.
    assert max(len(str(row[11] or "")) for row in book["Listas"].iter_rows(values_only=True)) < 1000
    assert most[0] < 300 * MIB, most[0] / MIB
    assert removed == 303 and again == "stored"


def downloaded(port: int, path: str, cookies: str, seconds: float = 300.0) -> tuple[int, bytes]:
    """An organiser's export at its old address: asked (303 to its page), its page looked at until
    the job has ended, then its file: its status and the whole answer."""
    status, answer = get(port, ORGANISER, path, cookies)
    assert status == 303, answer[:300]
    return made(port, re.search(rb"\r\nlocation: ([^\r]+)", answer, re.IGNORECASE).group(1).decode(), cookies, seconds)


def made(port: int, where: str, cookies: str, seconds: float = 300.0) -> tuple[int, bytes]:
    """The export whose page is ``where``, once its job has ended: its file's status and answer."""
    until = time.monotonic() + seconds
    while b'data-state="running"' in body(answer := get(port, ORGANISER, where, cookies)[1]):
        assert time.monotonic() < until
        time.sleep(0.3)
    link = re.search(rb'href="(/admin/exports/[^"?]+)', body(answer)).group(1).decode()
    return get(port, ORGANISER, link, cookies)


def test_a_print_whose_organiser_left_runs_to_its_end_on_the_real_server_which_answers_meanwhile(tmp_path):
    from pypdf import PdfReader

    from builder.events.store import Checked, Store

    db = tmp_path / "torneo.sqlite"
    store = Store.open(f"sqlite:///{db}")
    event = store.create_event("Torneo de Otoño", "wartime")
    files = {"alfa.yaml": ALFA.decode(), "fenix-warbook.yaml": WARBOOK.decode()}
    for n in range(12):
        store.register(event, f"Equipo {n:02}", files, Checked("wartime", 178, 250, True, 0, "WT-068D-E2A7"))
    store.close()
    port = free_port()
    server = start(db, port)
    try:
        _, csrf = page(port, ORGANISER)
        _, answer = post(port, ORGANISER, "/admin/login", f"desk_csrf={csrf}", {"csrf": csrf, "token": TOKEN})
        cookies = f"desk_csrf={csrf}; " + re.search(rb"(desk_session=[^;]+)", answer).group(1).decode()
        with socket.create_connection(("127.0.0.1", port), source_address=(ORGANISER, 0)) as tab:
            tab.sendall(f"GET /admin/print.pdf HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        f"Cookie: {cookies}\r\n\r\n".encode())
            assert tab.recv(100).startswith(b"HTTP/1.1 303")  # the tab closed as soon as the print began
        answered = page(port, ORGANISER)[0]  # a page while it prints
        status, pdf = made(port, "/admin/exports/print", cookies)  # the tab opened again: the print, made
    finally:
        kill(server)
    assert answered == 200 and status == 200
    cover = PdfReader(io.BytesIO(body(pdf))).pages[0].extract_text()
    assert "12 equipos" in cover and "Equipo 00" in cover and "Equipo 11" in cover


# Timed attacks: never beside another (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("measured_alone")

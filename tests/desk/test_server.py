"""The desk as an organiser runs it: `builder event serve` in its own process, on loopback, a real
SQLite file. Killed with SIGKILL between and during submissions, and started again: every
acknowledged list is there, the edit codes still work, and the database opens clean."""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from builder.events.rounds import Result
from builder.events.store import Store
from tests.serve.live import free_port

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
ALFA = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes() \
    .replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml")
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
TOKEN = "una-clave-de-prueba-larga"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")


def start(db: Path, port: int, workers: int = 1, *extra: str) -> subprocess.Popen:
    """``builder event serve`` in a process of its own (``extra``: more of its options), once it listens.

    Started only once the port is free: a desk killed just before may still hold its listening
    socket a moment after its processes are gone, and a probe would take that for the new desk's."""
    held = time.monotonic() + 30
    while not _free(port):
        assert time.monotonic() < held, f"port {port} still held"
        time.sleep(0.02)
    server = subprocess.Popen([sys.executable, "-m", "builder", "event", "serve", str(PACK), "--db", str(db),
                               "--port", str(port), "--token", TOKEN, "--rate", "10000", "--workers", str(workers),
                               *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                              start_new_session=True)
    return listening(server, port)


def listening(server: subprocess.Popen, port: int) -> subprocess.Popen:
    """``server`` once it takes connections on ``port`` (its error output if it died first)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            assert server.poll() is None, server.stderr.read().decode()
            time.sleep(0.05)
    raise AssertionError("the desk did not start")


def _free(port: int) -> bool:
    """Whether nothing listens on ``port`` (it binds as the desk binds it: no socket listening there)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def kill(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGKILL)  # the server and its workers, as a power cut would
    server.wait()
    # Its workers die a moment later (only the server is waited for). Even then the listening socket
    # may outlive them a moment (seen for 0.17 s, longer under load): start() waits for the port.
    deadline = time.monotonic() + 10
    while _alive_in_group(server.pid) and time.monotonic() < deadline:
        time.sleep(0.02)


def _alive_in_group(group: int) -> bool:
    """Whether a process of the process group ``group`` is still running (not yet a zombie): any of
    its threads, since a process whose first thread is a zombie holds its files until its last ends."""
    if not Path("/proc").is_dir():
        return False  # no way to tell here: the server itself was waited for
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[2]) != group:
                    continue
                states = [(task / "stat").read_text().rsplit(")", 1)[1].split()[0]
                          for task in (entry / "task").iterdir()]
            except (OSError, ValueError):
                continue
            if any(state not in ("Z", "X") for state in states):
                return True
    return False


def submit(port: int, team: str, code: str = "", follow: bool = True) -> tuple[int, bytes]:
    """The POST's status (303 once stored) and, ``follow``ing it, the receipt page it leads to."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request("GET", "/")
    page = conn.getresponse()
    page.read()
    csrf = re.search(r"desk_csrf=([^;]+)", page.getheader("set-cookie")).group(1)
    boundary = secrets.token_hex(8)
    fields = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
              for k, v in (("csrf", csrf), ("team", team), ("code", code), ("lang", "es"))]
    files = [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n\r\n'.encode() + d + b"\r\n"
             for n, d in (("alfa.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))]
    conn.request("POST", "/submit", body=b"".join(fields + files) + f"--{boundary}--\r\n".encode(),
                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": f"desk_csrf={csrf}"})
    answer = conn.getresponse()
    body = answer.read()
    if answer.status == 303 and not answer.getheader("location", "").startswith("/receipt/"):
        # Refused: the form it leads to says why, with the refusal's status; nothing stored.
        refused = re.search(r"desk_refused=([^;]+)", answer.getheader("set-cookie")).group(1)
        conn.request("GET", answer.getheader("location"), headers={"Cookie": f"desk_refused={refused}"})
        shown = conn.getresponse()
        body = shown.read()
        conn.close()
        return shown.status, body
    if follow and answer.status == 303:  # the receipt, shown to the browser holding its cookie
        receipt = re.search(r"desk_receipt=([^;]+)", answer.getheader("set-cookie")).group(1)
        conn.request("GET", answer.getheader("location"), headers={"Cookie": f"desk_receipt={receipt}"})
        shown = conn.getresponse()
        assert shown.status == 200
        body = shown.read()
    conn.close()
    return answer.status, body


def code_of(body: bytes) -> str:
    return re.search(rb'id="edit-code">([A-Z0-9-]+)<', body).group(1).decode()


def teams_in(db: Path) -> dict[str, int]:
    store = Store.open(f"sqlite:///{db}")
    try:
        event = store.find_event("Torneo de Otoño", "wartime")
        return {name: len(store.versions(team)) for team, name in store.teams(event).items()}
    finally:
        store.close()


def test_what_was_acknowledged_survives_a_kill_and_the_codes_still_work(tmp_path):
    db, port = tmp_path / "torneo.sqlite", free_port()
    server = start(db, port)
    try:
        codes = {}
        for n in range(5):
            status, body = submit(port, f"Equipo {n}")
            assert status == 303
            codes[f"Equipo {n}"] = code_of(body)
        kill(server)
        server = start(db, port)
        status, body = submit(port, "Equipo 2", codes["Equipo 2"])  # a new version after the restart
        assert status == 303 and b'id="r-version">2<' in body
        assert submit(port, "Equipo 3", "AAAA-BBBB-CCCC-DDDD")[0] == 403
    finally:
        kill(server)
    assert teams_in(db) == {"Equipo 0": 1, "Equipo 1": 1, "Equipo 2": 2, "Equipo 3": 1, "Equipo 4": 1}


def test_a_desk_started_again_is_called_up_only_once_the_killed_ones_socket_is_gone(tmp_path):
    # A killed desk's listening socket, still held a moment after its processes: the kernel takes
    # connections into it, then resets them as it goes. A probe that only connects took it for the
    # new desk, whose first request was then reset: the flake after a kill and a restart.
    port = free_port()
    killed = socket.socket()
    killed.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    killed.bind(("127.0.0.1", port))
    killed.listen()
    threading.Timer(1.0, killed.close).start()
    server = start(tmp_path / "torneo.sqlite", port)
    try:
        assert submit(port, "Tras el corte")[0] == 303
    finally:
        kill(server)


def test_a_kill_in_the_middle_of_submissions_loses_none_acknowledged(tmp_path):
    db, port = tmp_path / "torneo.sqlite", free_port()
    server = start(db, port, workers=2)
    acknowledged: list[str] = []
    lock = threading.Lock()

    def player(n: int) -> None:
        for k in range(40):
            try:
                status, _ = submit(port, f"Jugador {n}-{k}", follow=False)
            except (OSError, http.client.HTTPException):
                return  # the server is gone: nothing more acknowledged
            if status == 303:  # stored: the answer leads to the receipt
                with lock:
                    acknowledged.append(f"Jugador {n}-{k}")

    players = [threading.Thread(target=player, args=(n,)) for n in range(4)]
    try:
        for p in players:
            p.start()
        while len(acknowledged) < 20:
            time.sleep(0.01)
        kill(server)
        for p in players:
            p.join(30)
        seen = list(acknowledged)
        server = start(db, port)  # the database opens clean and the desk answers
        assert submit(port, "Tras el corte")[0] == 303
    finally:
        kill(server)
    there = teams_in(db)
    assert len(seen) >= 20 and [team for team in seen if team not in there] == []


DAY_DESK = """
import sys
import uvicorn
from builder.desk.app import create_desk
from tests.desk.support import day_pack
db, port, token = sys.argv[1], int(sys.argv[2]), sys.argv[3]
uvicorn.run(create_desk(day_pack(), db, token, f"127.0.0.1:{port}", posts_per_minute=100000),
            host="127.0.0.1", port=port, log_level="warning")
"""
"""A desk of the example tournament played in rounds, in a process of its own (until the pack's
``rounds:`` block is read by `builder event serve`, the test's pack gives it its rounds)."""


def start_day(db: Path, port: int) -> subprocess.Popen:
    held = time.monotonic() + 30
    while not _free(port):
        assert time.monotonic() < held, f"port {port} still held"
        time.sleep(0.02)
    server = subprocess.Popen([sys.executable, "-c", DAY_DESK, f"sqlite:///{db}", str(port), TOKEN],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    return listening(server, port)


def report(port: int, team: str, code: str, winner: str, score_a: int, score_b: int) -> int:
    """A team's phone: its page, its name and code, its result; the report's status (303 once stored)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request("GET", "/day")
    page = conn.getresponse()
    page.read()
    csrf = re.search(r"desk_csrf=([^;]+)", page.getheader("set-cookie")).group(1)
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    body = f"csrf={csrf}&action=look&lang=es&team={team.replace(' ', '+')}&code={code}"
    conn.request("POST", "/day", body=body, headers={**form, "Cookie": f"desk_csrf={csrf}"})
    looked = conn.getresponse()
    looked.read()
    assert looked.status == 303, looked.status
    day = re.search(r"desk_day=([^;]+)", looked.getheader("set-cookie")).group(1)
    body = f"csrf={csrf}&action=report&lang=es&round=1&winner={winner}&score_a={score_a}&score_b={score_b}"
    conn.request("POST", "/day", body=body, headers={**form, "Cookie": f"desk_csrf={csrf}; desk_day={day}"})
    answer = conn.getresponse()
    answer.read()
    conn.close()
    return answer.status


def test_a_kill_in_the_middle_of_result_reports_loses_none_acknowledged(tmp_path):
    from tests.desk.support import ROUNDS, day_pack
    from builder.events.schema import Checked

    db, port = tmp_path / "torneo.sqlite", free_port()
    store = Store.open(f"sqlite:///{db}")
    pack = day_pack()
    event = store.open_event(pack.name, pack.system)
    codes = {}
    for n in range(60):
        receipt = store.register(event, f"Equipo {n}", {"lista.yaml": "system: wartime\n"},
                                 Checked("wartime", 200, 250, True, 0, f"WT-{n:04d}"))
        store.check_in(receipt.team_id, organiser=True)
        codes[receipt.team_id] = (f"Equipo {n}", receipt.edit_code)
    store.pair_next_round(event, ROUNDS)
    store.publish(event, 1)
    seats = [(team, table.number) for table in store.day(event).rounds[0].tables for team in table.teams()]
    store.close()
    server = start_day(db, port)
    acknowledged: list[tuple[int, str, int]] = []
    lock = threading.Lock()

    def phone(share: list[tuple[int, int]]) -> None:
        for team, table in share:
            name, code = codes[team]
            try:
                status = report(port, name, code, "draw", table, table)
            except (OSError, http.client.HTTPException, AttributeError, AssertionError):
                return  # the desk is gone: nothing more acknowledged
            if status == 303:
                with lock:
                    acknowledged.append((team, name, table))

    phones = [threading.Thread(target=phone, args=(seats[n::4],)) for n in range(4)]
    try:
        for p in phones:
            p.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 20 and time.monotonic() < deadline:
            time.sleep(0.01)
        kill(server)
        for p in phones:
            p.join(30)
        seen = list(acknowledged)
        server = start_day(db, port)  # the database opens clean and the desk takes reports again
        left = next((team, table) for team, table in seats if team not in {s[0] for s in seen})
        assert report(port, *codes[left[0]], "draw", left[1], left[1]) == 303
    finally:
        kill(server)
    store = Store.open(f"sqlite:///{db}")
    try:
        claims = store.claims(event, 1)
        day = store.day(event)
        sides = {team: ("a" if table.a == team else "b", table.number) for table in day.rounds[0].tables
                 for team in table.teams()}
        lost = [name for team, name, table in seen
                if getattr(claims[sides[team][1]], sides[team][0]) != Result("draw", table, table)]
    finally:
        store.close()
    assert len(seen) >= 20 and lost == []

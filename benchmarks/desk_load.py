"""The event desk under load, on loopback (issue 31): many players submitting at once.

``load_run`` starts ``builder event serve`` as a user would (its own process, a SQLite file), lets
``clients`` threads submit ``lists`` lists in all through keep-alive connections, and then reads
the database: every acknowledged submission (a receipt with an edit code came back) must be there.
With ``kill_after``, the server is killed (SIGKILL) once that many are acknowledged and started
again; the clients retry what got no answer. Bounded in count and in time (``TIME_MOST``).

Run by ``make bench`` (benchmarks/run.py), or alone: ``python benchmarks/desk_load.py``.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
PACK = ROOT / "examples" / "tournament" / "pack" / "torneo-otono.yaml"
LIST = (ROOT / "examples" / "tournament" / "lists" / "01-patrulla-alfa.yaml").read_bytes()
WARBOOK = (ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes()
TOKEN = "bench-" + "x" * 20
TIME_MOST = 300.0
"""Seconds a run may take before it stops, whatever is left."""
CODE = re.compile(rb'id="edit-code">([A-Z0-9-]+)<')


class Load(NamedTuple):
    acknowledged: int
    lost: int
    p50_ms: float
    p95_ms: float
    per_second: float
    seconds: float
    retried: int
    unanswered: int
    """Stored but never acknowledged: in flight when the server was killed (the retry finds the name taken)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


WORKERS = max(1, min(4, (os.cpu_count() or 2) // 2))
"""The desk's processes (--workers): half the cores, the load's fifty clients run on the other half."""


def _start(pack: Path, db: Path, port: int) -> subprocess.Popen:
    server = subprocess.Popen([PYTHON, "-m", "builder", "event", "serve", str(pack), "--db", str(db),
                               "--port", str(port), "--token", TOKEN, "--rate", "100000", "--workers", str(WORKERS)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("the desk did not start within 30 s")


def _kill_all(server: subprocess.Popen) -> None:
    """SIGKILL the desk and its worker processes at once: nothing gets to finish or flush."""
    children = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()
    for pid in [server.pid, *map(int, children)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    server.wait()
    for pid in map(int, children):
        while True:  # the workers are gone before the next server binds the port
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.01)


def receipt(conn: http.client.HTTPConnection, answer: http.client.HTTPResponse, page: bytes,
            csrf: str) -> tuple[http.client.HTTPResponse, bytes]:
    """The receipt a submission leads to, as a browser goes on to it: the desk answers a stored
    submission with a 303 to its receipt, which only the receipt's cookie opens."""
    if answer.status != 303:
        return answer, page
    kept = re.search(r"desk_receipt=([^;]+)", answer.getheader("set-cookie") or "")
    conn.request("GET", answer.getheader("location", "/"),
                 headers={"Cookie": f"desk_csrf={csrf}" + (f"; desk_receipt={kept.group(1)}" if kept else "")})
    followed = conn.getresponse()
    return followed, followed.read()


def _body(team: str, csrf: str, boundary: str) -> bytes:
    parts = []
    for name, value in (("csrf", csrf), ("team", team), ("code", ""), ("lang", "es"), ("pasted", "")):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    # The list names its Warbook by a bare name: both travel in the submission.
    listing = LIST.replace(b"../../wartime/fenix-warbook.yaml", b"fenix-warbook.yaml")
    for name, data in (("lista.yaml", listing), ("fenix-warbook.yaml", WARBOOK)):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
                     f"Content-Type: application/x-yaml\r\n\r\n".encode() + data + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode()


class _Client(threading.Thread):
    def __init__(self, run: "_Run", n: int):
        super().__init__(daemon=True)
        self.run_, self.n = run, n
        self.conn: http.client.HTTPConnection | None = None
        self.csrf = ""

    def _connect(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.run_.port, timeout=30)
        self.conn.request("GET", "/")
        answer = self.conn.getresponse()
        answer.read()
        cookie = answer.getheader("set-cookie") or ""
        self.csrf = re.search(r"desk_csrf=([^;]+)", cookie).group(1)

    def run(self) -> None:
        run = self.run_
        while True:
            team = run.next_team()
            if team is None:
                return
            while not run.over():
                try:
                    if self.conn is None:
                        self._connect()
                    boundary = secrets.token_hex(8)
                    body = _body(team, self.csrf, boundary)
                    started = time.perf_counter()
                    self.conn.request("POST", "/submit", body=body, headers={
                        "Content-Type": f"multipart/form-data; boundary={boundary}",
                        "Cookie": f"desk_csrf={self.csrf}", "Origin": f"http://127.0.0.1:{run.port}"})
                    answer = self.conn.getresponse()
                    page = answer.read()
                    answer, page = receipt(self.conn, answer, page, self.csrf)
                    took = time.perf_counter() - started
                except (OSError, http.client.HTTPException, AttributeError):
                    # No answer (the server was killed): nothing acknowledged; try again when it's back.
                    if self.conn is not None:
                        self.conn.close()
                    self.conn = None
                    run.retry()
                    time.sleep(0.05)
                    continue
                if answer.status == 200 and CODE.search(page):
                    run.acknowledge(team, took)
                elif answer.status == 409:
                    run.orphan()  # stored just before a kill, never acknowledged: the retry finds its name taken
                else:
                    run.fail(answer.status)
                break


class _Run:
    def __init__(self, port: int, lists: int, kill_after: int | None):
        self.port, self.lists, self.kill_after = port, lists, kill_after
        self.lock = threading.Lock()
        self.given = 0
        self.acknowledged: list[str] = []
        self.times: list[float] = []
        self.retried = 0
        self.orphans = 0
        self.failures: dict[int, int] = {}
        self.killed = threading.Event()
        self.started = time.monotonic()

    def over(self) -> bool:
        return time.monotonic() - self.started > TIME_MOST

    def next_team(self) -> str | None:
        with self.lock:
            if self.given >= self.lists or self.over():
                return None
            self.given += 1
            return f"Equipo {self.given:05d}"

    def acknowledge(self, team: str, took: float) -> None:
        with self.lock:
            self.acknowledged.append(team)
            self.times.append(took)
            if self.kill_after is not None and len(self.acknowledged) == self.kill_after:
                self.killed.set()

    def orphan(self) -> None:
        with self.lock:
            self.orphans += 1

    def retry(self) -> None:
        with self.lock:
            self.retried += 1

    def fail(self, status: int) -> None:
        with self.lock:
            self.failures[status] = self.failures.get(status, 0) + 1


def load_run(clients: int = 50, lists: int = 1000, kill_after: int | None = None) -> Load:
    from builder.events.packs import load_pack
    from builder.events.store import Store

    with tempfile.TemporaryDirectory(prefix="builder-desk-load-") as tmp:
        db = Path(tmp) / "evento.sqlite"
        port = _free_port()
        server = _start(PACK, db, port)
        run = _Run(port, lists, kill_after)
        threads = [_Client(run, n) for n in range(clients)]
        try:
            for thread in threads:
                thread.start()
            if kill_after is not None:
                run.killed.wait(TIME_MOST)
                _kill_all(server)
                server = _start(PACK, db, port)
            for thread in threads:
                thread.join(TIME_MOST)
        finally:
            _kill_all(server)
        seconds = time.monotonic() - run.started
        if run.failures:
            raise SystemExit(f"the desk refused submissions: {run.failures}")
        pack = load_pack(PACK)
        store = Store.open(f"sqlite:///{db}")
        try:
            event = store.find_event(pack.name, pack.system)
            there = set(store.teams(event).values()) if event is not None else set()
        finally:
            store.close()
    lost = sum(1 for team in run.acknowledged if team not in there)
    times = sorted(run.times) or [0.0]
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return Load(len(run.acknowledged), lost, statistics.median(times) * 1000, p95 * 1000,
                len(run.acknowledged) / seconds, seconds, run.retried, run.orphans)


def report(label: str, load: Load, expected: int) -> bool:
    ok = load.lost == 0 and load.p95_ms < 250 and load.acknowledged + load.unanswered == expected
    print(f"{label:<46} {load.acknowledged:5d} acknowledged, {load.lost} lost · p50 {load.p50_ms:6.1f} ms · "
          f"p95 {load.p95_ms:6.1f} ms (aim < 250) · {load.per_second:6.1f} lists/s · {load.seconds:5.1f} s"
          f"{f' · {load.retried} retried, {load.unanswered} stored unanswered' if load.retried else ''}"
          f"  {'ok' if ok else 'MISSED'}")
    return ok


def main() -> int:
    print(f"python {sys.version.split()[0]} · {os.cpu_count()} cores · desk --workers {WORKERS}")
    results = [report("desk: 50 clients submit 1000 lists", load_run(), 1000),
               report("desk: the same, killed after 300 and restarted", load_run(kill_after=300), 1000)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

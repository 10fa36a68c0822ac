"""The event desk as deployed (deploy/: Caddy in front of two desk processes on one database) under
an open-loop rush: submissions arrive at random (a Poisson process) at a steady 50 a second for
20 s, whether or not the earlier ones were answered, while another player loads the page every
100 ms. A submission's time runs from the moment it was due, so a desk that falls behind shows it.

On SQLite, and on PostgreSQL when BUILDER_TEST_DB names one (a schema of its own, dropped after).
Loopback only; bounded in count (at most 1,500 submissions) and in time (``TIME_MOST``); Caddy's
certificate from its local authority, trusted by this client alone. Needs ``caddy`` (apt-get
install caddy). Run by ``make bench``, or alone: ``python benchmarks/desk_rush.py``.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator, NamedTuple

from desk_load import CODE, PACK, PYTHON, ROOT, TOKEN, _body, _free_port, receipt  # beside this file

CADDYFILE = ROOT / "deploy" / "Caddyfile"
RATE = 50.0
"""Submissions a second, on average."""
SECONDS = 20.0
MOST = 1500
TIME_MOST = 120.0
"""Seconds a run may take, the rush and its stragglers, before it stops."""
SEED = 39


class Rush(NamedTuple):
    sent: int
    acknowledged: int
    lost: int
    p50_ms: float
    p95_ms: float
    page_p50_ms: float
    page_p95_ms: float
    pages: int
    seconds: float
    refused: dict[int, int]


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


@contextlib.contextmanager
def _database(kind: str, folder: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'evento.sqlite'}"
        return
    import sqlalchemy as sa

    url = sa.make_url(os.environ["BUILDER_TEST_DB"]).set(drivername="postgresql+psycopg")
    engine, schema = sa.create_engine(url), f"bench_{secrets.token_hex(6)}"
    with engine.begin() as conn:
        conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        engine.dispose()


def _started(command: list[str], **env: str) -> subprocess.Popen:
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                            start_new_session=True, env={**os.environ, **env})


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


class _Player:
    """A keep-alive HTTPS connection to Caddy with the page's CSRF cookie, one per sending thread."""

    def __init__(self, port: int, context: ssl.SSLContext, source: str = "127.0.0.1"):
        self.port, self.context, self.source = port, context, source
        self.conn: http.client.HTTPSConnection | None = None
        self.csrf = ""

    def get(self, path: str = "/") -> bytes:
        if self.conn is None:
            self.conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context, timeout=30,
                                                    source_address=(self.source, 0))
        self.conn.request("GET", path)
        answer = self.conn.getresponse()
        page = answer.read()
        cookie = re.search(r"desk_csrf=([^;]+)", answer.getheader("set-cookie") or "")
        self.csrf = cookie.group(1) if cookie else self.csrf
        return page

    def submit(self, team: str) -> tuple[int, bytes]:
        if self.conn is None or not self.csrf:
            self.get()
        boundary = secrets.token_hex(8)
        self.conn.request("POST", "/submit", body=_body(team, self.csrf, boundary), headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": f"desk_csrf={self.csrf}"})
        answer = self.conn.getresponse()
        answer, page = receipt(self.conn, answer, answer.read(), self.csrf)
        return answer.status, page

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.conn = None


def _behind_flags() -> bool:
    shown = subprocess.run([PYTHON, "-m", "builder", "event", "serve", "--help"], capture_output=True, text=True,
                           cwd=ROOT, timeout=60).stdout
    return "--trusted-proxy" in shown and "--public-url" in shown


def rush(kind: str) -> Rush:
    from builder.events.packs import load_pack
    from builder.events.store import Store

    with behind_caddy(kind, "builder-desk-rush-") as (https, home, processes, db):
        return _measure(https, home, processes, db, load_pack(PACK), Store)


@contextlib.contextmanager
def behind_caddy(kind: str, prefix: str) -> Iterator[tuple[int, Path, list[subprocess.Popen], str]]:
    """Two ``builder event serve`` processes on one database (``kind``) behind the deployment
    guide's Caddyfile run by the real Caddy, stopped on leaving: its HTTPS port, Caddy's home
    (its local root certificate), the processes, and the database's URL."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp, _database(kind, Path(tmp)) as db:
        home = Path(tmp) / "caddy"
        https, http_port, desks = _free_port(), _free_port(), [_free_port(), _free_port()]
        proxied = _behind_flags()
        behind = ["--trusted-proxy", "127.0.0.1", "--public-url", f"https://127.0.0.1:{https}"] if proxied else []
        processes = [_started([PYTHON, "-m", "builder", "event", "serve", str(PACK), "--db", db, "--host", "127.0.0.1",
                               "--port", str(port), "--token", TOKEN, "--rate", "100000", *behind]) for port in desks]
        processes.append(_started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
            HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
            DESK_SITE=f"127.0.0.1:{https}", DESK_HTTPS_PORT=str(https), DESK_HTTP_PORT=str(http_port),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            DESK_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in desks),
            DESK_UPSTREAM_EXTRA="" if proxied else "header_up Host {upstream_hostport}"))
        try:
            yield https, home, processes, db
        finally:
            for process in processes:
                _stop(process)


def _ready(port: int, home: Path, processes: list[subprocess.Popen]) -> ssl.SSLContext:
    root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(process.poll() is not None for process in processes):
            break
        if root.is_file():
            try:
                probe = _Player(port, ssl.create_default_context(cafile=str(root)))
                probe.get()
                probe.close()
                if probe.csrf:
                    return probe.context
            except (OSError, ssl.SSLError, http.client.HTTPException):
                pass
        time.sleep(0.2)
    raise SystemExit("the desk behind Caddy did not start within 60 s")


def _measure(port: int, home: Path, processes, db: str, pack, store_class) -> Rush:
    context = _ready(port, home, processes)
    arrivals, moment, chance = [], 0.0, random.Random(SEED)
    while len(arrivals) < MOST:
        moment += chance.expovariate(RATE)
        if moment >= SECONDS:
            break
        arrivals.append(moment)
    local = threading.local()
    lock = threading.Lock()
    times: list[float] = []
    acknowledged: list[str] = []
    refused: dict[int, int] = {}
    players: list[_Player] = []
    started = time.monotonic()

    def send(n: int, due: float) -> None:
        team = f"Equipo {n:05d}"
        player = getattr(local, "player", None)
        if player is None:
            with lock:
                # Each sending thread a player of its own address (127/8 is all loopback), as at an
                # event: one address's budget (two checks at a time, 30 posts a minute) is not the rush's.
                player = local.player = _Player(port, context, f"127.0.{len(players) // 250 + 10}.{len(players) % 250 + 1}")
                players.append(player)
        try:
            status, page = player.submit(team)
        except (OSError, http.client.HTTPException):
            player.close()
            status, page = 0, b""
        took = time.monotonic() - (started + due)
        with lock:
            if status == 200 and CODE.search(page):
                acknowledged.append(team)
                times.append(took)
            else:
                refused[status] = refused.get(status, 0) + 1

    pages: list[float] = []
    rushing = threading.Event()

    def browse() -> None:  # another player, loading the page every 100 ms while the rush lasts
        reader = _Player(port, context)
        while not rushing.is_set() and time.monotonic() - started < TIME_MOST:
            began = time.monotonic()
            try:
                reader.get()
                pages.append(time.monotonic() - began)
            except (OSError, http.client.HTTPException):
                reader.close()
            time.sleep(max(0.0, 0.1 - (time.monotonic() - began)))
        reader.close()

    browser = threading.Thread(target=browse, daemon=True)
    browser.start()
    with ThreadPoolExecutor(max_workers=64) as pool:
        for n, due in enumerate(arrivals, start=1):
            wait = started + due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            if time.monotonic() - started > TIME_MOST:
                break
            pool.submit(send, n, due)
    rushing.set()
    browser.join(TIME_MOST)
    seconds = time.monotonic() - started
    for player in players:
        player.close()
    store = store_class.open(db)
    try:
        event = store.find_event(pack.name, pack.system)
        there = set(store.teams(event).values()) if event is not None else set()
    finally:
        store.close()
    return Rush(len(arrivals), len(acknowledged), sum(1 for team in acknowledged if team not in there),
                _quantile(times, 0.5), _quantile(times, 0.95), _quantile(pages, 0.5), _quantile(pages, 0.95),
                len(pages), seconds, refused)


def report(label: str, result: Rush) -> bool:
    ok = result.lost == 0 and not result.refused and result.p95_ms < 100 and result.page_p95_ms < 100
    print(f"{label:<46} {result.acknowledged:5d} of {result.sent} acknowledged, {result.lost} lost · submission "
          f"p50 {result.p50_ms:6.1f} ms, p95 {result.p95_ms:6.1f} ms · another player's page p50 "
          f"{result.page_p50_ms:5.1f} ms, p95 {result.page_p95_ms:5.1f} ms ({result.pages}) (aim p95 < 100) · "
          f"{result.seconds:4.1f} s{f' · refused {result.refused}' if result.refused else ''}  {'ok' if ok else 'MISSED'}")
    return ok


def kinds() -> list[str]:
    return ["sqlite"] + (["postgresql"] if os.environ.get("BUILDER_TEST_DB") else [])


def main() -> int:
    if shutil.which("caddy") is None:
        print("desk behind caddy: skipped (apt-get install caddy)")
        return 0
    caddy = subprocess.run(["caddy", "version"], capture_output=True, text=True).stdout.split()[0]
    print(f"python {sys.version.split()[0]} · {os.cpu_count()} cores · caddy {caddy} · two desks")
    results = [report(f"desk behind caddy, open loop, {kind}", rush(kind)) for kind in kinds()]
    if len(results) == 1:
        print("desk behind caddy on PostgreSQL: skipped (set BUILDER_TEST_DB)")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""The tournament day's results as deployed (deploy/: Caddy in front of two desk processes on one
database, issue 48): 300 teams at 150 tables of a published round, each phone already on its day
page, report their results at random (a Poisson process) at 300 a minute for a minute, whether or
not the earlier ones were answered. A report's time runs from the moment it was due to its 303.

On SQLite, and on PostgreSQL when BUILDER_TEST_DB names one (a schema of its own, dropped after).
Loopback only; bounded in count and time (``TIME_MOST``). Needs ``caddy``. Run by ``make bench``,
or alone: ``python benchmarks/desk_reports.py``.
"""

from __future__ import annotations

import http.client
import random
import re
import shutil
import ssl
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

from desk_load import PACK, PYTHON, ROOT, TOKEN, _free_port  # beside this file
from desk_rush import CADDYFILE, _database, _quantile, _started, _stop, kinds

TEAMS = 300
PER_MINUTE = 300.0
SECONDS = 60.0
TIME_MOST = 150.0
SEED = 48
DESK = """
import sys
from dataclasses import replace
import uvicorn
from builder.core.pack import RoundsFormat
from builder.desk.app import create_desk
from builder.events.packs import load_pack
pack, db, port, https, token = sys.argv[1:6]
day = replace(load_pack(pack), rounds=RoundsFormat(count=5, score="puntos de victoria"))
uvicorn.run(create_desk(day, db, token, f"127.0.0.1:{port}", posts_per_minute=100000,
                        public_url=f"https://127.0.0.1:{https}", trusted_proxies=("127.0.0.1",)),
            host="127.0.0.1", port=int(port), log_level="warning")
"""
"""A desk whose pack plays rounds (the pack's ``rounds:`` block given here, as the bench's own)."""


class Reports(NamedTuple):
    sent: int
    acknowledged: int
    lost: int
    p50_ms: float
    p95_ms: float
    seconds: float


def _prepared(db: str) -> dict[str, str]:
    """The event with its teams checked in and round 1 published: team name → edit code."""
    from builder.events.packs import load_pack
    from builder.events.schema import Checked
    from builder.events.store import Store
    from builder.core.pack import RoundsFormat

    pack = load_pack(PACK)
    store = Store.open(db)
    event = store.open_event(pack.name, pack.system)
    codes = {}
    for n in range(TEAMS):
        receipt = store.register(event, f"Equipo {n:03}", {"lista.yaml": "system: wartime\n"},
                                 Checked("wartime", 200, 250, True, 0, f"WT-{n:04d}"))
        store.check_in(receipt.team_id, organiser=True)
        codes[f"Equipo {n:03}"] = receipt.edit_code
    store.pair_next_round(event, RoundsFormat(count=5))
    store.publish(event, 1)
    store.close()
    return codes


class _Phone:
    """A team's phone: its own connection through Caddy, its CSRF and day cookies."""

    def __init__(self, port: int, context: ssl.SSLContext, team: str, code: str):
        self.conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=30)
        self.conn.request("GET", "/day")
        answer = self.conn.getresponse()
        answer.read()
        self.csrf = re.search(r"desk_csrf=([^;]+)", answer.getheader("set-cookie")).group(1)
        looked = self._post(f"action=look&team={team.replace(' ', '+')}&code={code}", f"desk_csrf={self.csrf}")
        self.day = re.search(r"desk_day=([^;]+)", looked.getheader("set-cookie")).group(1)

    def _post(self, fields: str, cookie: str) -> http.client.HTTPResponse:
        self.conn.request("POST", "/day", body=f"csrf={self.csrf}&lang=es&{fields}", headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        answer = self.conn.getresponse()
        answer.read()
        return answer

    def report(self, score: int) -> int:
        return self._post(f"action=report&round=1&winner=draw&score_a={score}&score_b={score}",
                          f"desk_csrf={self.csrf}; desk_day={self.day}").status


def reports(kind: str) -> Reports:
    with tempfile.TemporaryDirectory(prefix="builder-desk-reports-") as tmp, _database(kind, Path(tmp)) as db:
        codes = _prepared(db)
        home = Path(tmp) / "caddy"
        https, http_port, desks = _free_port(), _free_port(), [_free_port(), _free_port()]
        processes = [_started([PYTHON, "-c", DESK, str(PACK), db, str(port), str(https), TOKEN]) for port in desks]
        processes.append(_started(
            ["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
            HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
            DESK_SITE=f"127.0.0.1:{https}", DESK_HTTPS_PORT=str(https), DESK_HTTP_PORT=str(http_port),
            DESK_ADMIN="off", DESK_GLOBAL_EXTRA="default_bind 127.0.0.1",
            DESK_UPSTREAMS=" ".join(f"127.0.0.1:{port}" for port in desks), DESK_UPSTREAM_EXTRA=""))
        try:
            from desk_rush import _ready

            context = _ready(https, home, processes)
            with ThreadPoolExecutor(16) as pool:  # every phone on its page first, as at the venue
                phones = list(pool.map(lambda item: _Phone(https, context, *item), codes.items()))
            return _measure(phones)
        finally:
            for process in processes:
                _stop(process)


def _measure(phones: list[_Phone]) -> Reports:
    chance = random.Random(SEED)
    chance.shuffle(phones)
    arrivals, moment = [], 0.0
    while len(arrivals) < len(phones):
        moment += chance.expovariate(PER_MINUTE / 60)
        if moment >= SECONDS:
            break
        arrivals.append(moment)
    times: list[float] = []
    acknowledged = 0
    lock = threading.Lock()
    started = time.monotonic()

    def send(phone: _Phone, due: float) -> None:
        nonlocal acknowledged
        wait = started + due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        try:
            status = phone.report(7)
        except (OSError, http.client.HTTPException):
            return
        with lock:
            times.append(time.monotonic() - (started + due))
            acknowledged += status == 303

    with ThreadPoolExecutor(32) as pool:
        for phone, due in zip(phones, arrivals):
            pool.submit(send, phone, due)
    seconds = time.monotonic() - started
    return Reports(len(arrivals), acknowledged, len(arrivals) - acknowledged, _quantile(times, 0.5),
                   _quantile(times, 0.95), min(seconds, TIME_MOST))


def report(label: str, result: Reports) -> bool:
    ok = result.lost == 0 and result.p95_ms < 100
    print(f"{label:<46} {result.acknowledged:5d} of {result.sent} acknowledged, {result.lost} lost · report "
          f"p50 {result.p50_ms:6.1f} ms, p95 {result.p95_ms:6.1f} ms (aim p95 < 100) · {result.seconds:4.1f} s  "
          f"{'ok' if ok else 'MISSED'}")
    return ok


def run_in_bench() -> list[bool]:
    return [report(f"day: {PER_MINUTE:.0f} reports a minute behind caddy, {kind}", reports(kind)) for kind in kinds()]


def main() -> int:
    if shutil.which("caddy") is None:
        print("desk behind caddy: skipped (apt-get install caddy)")
        return 0
    return 0 if all(run_in_bench()) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())

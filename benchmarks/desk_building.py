"""The builder on the desk as deployed (deploy/: Caddy in front of two desk processes on one
database, issue 41): 60 players building at once, each clicking every 2 s (a click, then the
choices of the part shown tried, as the page asks after each answer), while submissions arrive
(2 a second) and another player loads the page every 100 ms. Reports p50/p95 of a click (its
answer; and with the choices tried after it) and of ``GET /``.

Each player is an address of its own (127/8 is all loopback), through Caddy as the deployment
guide sets it up (``--trusted-proxy``). Bounded in count and time (``SECONDS``, ``TIME_MOST``).
Needs ``caddy``. Run by ``make bench``, or alone: ``python benchmarks/desk_building.py``.
"""

from __future__ import annotations

import http.client
import os
import random
import secrets
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple

from desk_load import LIST, WARBOOK  # beside this file
from desk_rush import _Player, _quantile, _ready, behind_caddy

PLAYERS = 60
EVERY = 2.0
"""Seconds between one player's clicks."""
SECONDS = 30.0
SUBMISSIONS_PER_SECOND = 2.0
TIME_MOST = 120.0
SEED = 41
WARM_UP = 3.0
"""Seconds for the players to open the page (a connection each) before the clicks begin."""


class Building(NamedTuple):
    clicks: int
    click_p50_ms: float
    click_p95_ms: float
    tried_p50_ms: float
    tried_p95_ms: float
    page_p50_ms: float
    page_p95_ms: float
    pages: int
    submitted: int
    refused: dict[int, int]


def _form(csrf: str, boundary: str, fields: dict[str, str], files: dict[str, bytes]) -> bytes:
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}'.encode() for k, v in
             {"csrf": csrf, "lang": "es", **fields}.items()]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n'
              f'Content-Type: application/yaml\r\n\r\n'.encode() + data for n, data in files.items()]
    return b"\r\n".join(parts) + f"\r\n--{boundary}--\r\n".encode()


class _Builder(_Player):
    """A player building: each click carries the list and its Warbook, as the page sends them."""

    def post(self, path: str, fields: dict[str, str], files: dict[str, bytes]) -> tuple[int, bytes]:
        if self.conn is None or not self.csrf:
            self.get("/build")
        boundary = secrets.token_hex(8)
        self.conn.request("POST", path, body=_form(self.csrf, boundary, fields, files), headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": f"desk_csrf={self.csrf}"})
        answer = self.conn.getresponse()
        return answer.status, answer.read()


def _text(page: bytes) -> bytes:
    import html

    start, end = page.find(b'<template id="build-text">'), page.find(b"</template>")
    return html.unescape(page[start + len(b'<template id="build-text">'):end].decode()).encode()


def building(kind: str = "sqlite") -> Building:
    with behind_caddy(kind, "builder-desk-building-") as (https, home, processes, _):
        return _measure(https, home, processes)


def _measure(port: int, home: Path, processes) -> Building:
    context = _ready(port, home, processes)
    lock = threading.Lock()
    clicks: list[float] = []
    tried: list[float] = []
    pages: list[float] = []
    refused: dict[int, int] = {}
    submitted = [0]
    started = time.monotonic()
    stop = threading.Event()

    def count(status: int) -> None:
        with lock:
            refused[status] = refused.get(status, 0) + 1

    def player(n: int) -> None:
        chance = random.Random(SEED + n)
        me = _Builder(port, context, f"127.0.{n // 250 + 20}.{n % 250 + 1}")
        files = {"lista.yaml": LIST, "fenix-warbook.yaml": WARBOOK}
        try:
            me.get("/build")  # the page opened (its connection and cookie) before the first click
        except (OSError, http.client.HTTPException):
            me.close()
        due = started + WARM_UP + chance.uniform(0, EVERY)  # the players' clicks spread over the first period
        parts = ['["squads", 0]', "[]"]
        k = 0
        while not stop.is_set():
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            if stop.is_set():
                break
            k += 1
            at = parts[k % 2]
            try:
                began = time.monotonic()
                # A value set (the squad's name, or the list's), as a player types it in a field.
                path = '["squads", 0, "name"]' if at != "[]" else '["name"]'
                status, page = me.post("/build/edit", {"file": "lista.yaml", "op": "set", "path": path,
                                                       "value": f"Alfa {n}-{k}", "at": at}, files)
                answered = time.monotonic()
                if status != 200:
                    count(status)
                else:
                    files = {**files, "lista.yaml": _text(page)}
                    status, _ = me.post("/build/choices", {"file": "lista.yaml", "at": at}, files)
                    done = time.monotonic()
                    with lock:
                        clicks.append(answered - began)
                        if status == 200:
                            tried.append(done - began)
                    if status != 200:
                        count(status)
            except (OSError, http.client.HTTPException):
                me.close()
                count(0)
            due += EVERY
        me.close()

    def submitter() -> None:
        chance = random.Random(SEED)
        n = 0
        while not stop.is_set():
            time.sleep(chance.expovariate(SUBMISSIONS_PER_SECOND))
            n += 1
            me = _Player(port, context, f"127.0.{n // 250 + 40}.{n % 250 + 1}")
            try:
                status, _ = me.submit(f"Equipo {n:04d}")
                if status == 200:
                    with lock:
                        submitted[0] += 1
                else:
                    count(status)
            except (OSError, http.client.HTTPException):
                count(0)
            me.close()

    def browse() -> None:
        reader = _Player(port, context)
        while not stop.is_set():
            began = time.monotonic()
            try:
                reader.get()
                with lock:
                    pages.append(time.monotonic() - began)
            except (OSError, http.client.HTTPException):
                reader.close()
            time.sleep(max(0.0, 0.1 - (time.monotonic() - began)))
        reader.close()

    threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(PLAYERS)]
    threads += [threading.Thread(target=submitter, daemon=True), threading.Thread(target=browse, daemon=True)]
    for thread in threads:
        thread.start()
    time.sleep(WARM_UP + SECONDS)
    stop.set()
    for thread in threads:
        thread.join(max(1.0, TIME_MOST - (time.monotonic() - started)))
    if os.environ.get("BENCH_VERBOSE"):
        print("slowest clicks (ms):", [round(t * 1000) for t in sorted(clicks)[-20:]])
    return Building(len(clicks), _quantile(clicks, 0.5), _quantile(clicks, 0.95), _quantile(tried, 0.5),
                    _quantile(tried, 0.95), _quantile(pages, 0.5), _quantile(pages, 0.95), len(pages),
                    submitted[0], refused)


def report(label: str, result: Building) -> bool:
    ok = result.click_p95_ms < 150 and result.page_p95_ms < 100 and not result.refused
    print(f"{label:<46} {result.clicks} clicks · click p50 {result.click_p50_ms:6.1f} ms, p95 "
          f"{result.click_p95_ms:6.1f} ms (aim < 150) · with its choices tried p50 {result.tried_p50_ms:6.1f} ms, "
          f"p95 {result.tried_p95_ms:6.1f} ms · GET / p50 {result.page_p50_ms:5.1f} ms, p95 {result.page_p95_ms:5.1f} ms "
          f"({result.pages}) (aim < 100) · {result.submitted} submitted"
          f"{f' · refused {result.refused}' if result.refused else ''}  {'ok' if ok else 'MISSED'}")
    return ok


def main() -> int:
    if shutil.which("caddy") is None:
        print("desk builder behind caddy: skipped (apt-get install caddy)")
        return 0
    return 0 if report(f"desk: {PLAYERS} players building behind caddy", building()) else 1


if __name__ == "__main__":
    sys.exit(main())

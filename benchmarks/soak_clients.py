"""The soak's well-behaved clients (benchmarks/soak.py): the players and the organiser who use the
desk the whole time, a reader of its page every 200 ms, and the probe that times a plain click, a
submission and a receipt on a quiet desk. Every request's time and answer go into one tally, under
the phase (the attack, or the quiet after it) it was made in. Each client has a loopback address
of its own; every loop stops at the soak's end and is bounded in count besides."""

from __future__ import annotations

import http.client
import re
import ssl
import threading
import time
from pathlib import Path
from typing import Callable, NamedTuple

from tests.desk.deployment import ALFA, EDIT_CODE, WARBOOK, Browser, Deployment

FAILED = (OSError, ssl.SSLError, http.client.HTTPException)
"""A connection refused, reset or timed out: counted as status 0."""
PLAIN = (("lista.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))
VERSION = re.compile(r'id="r-version">(\d+)<')
PLAYERS = 8
LOOPS_MOST = 100_000
"""Any one client's loop stops after this many rounds, whatever the clock says."""


class Tally:
    """Every request's (phase, kind, seconds, status), and what the desk acknowledged."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.phase = "fresh"
        self.rows: list[tuple[str, str, float, int]] = []
        self.acknowledged: dict[str, int] = {}
        """Teams whose submission came back with a receipt, and the highest version acknowledged."""
        self.receipts = 0

    def timed(self, kind: str, work: Callable[[], tuple[int, str]]) -> tuple[int, str]:
        phase, began = self.phase, time.monotonic()
        try:
            status, page = work()
        except FAILED:
            status, page = 0, ""
        except Exception:  # noqa: BLE001 - the client's own fault (-1), counted, never the end of a client
            status, page = -1, ""
        with self.lock:
            self.rows.append((phase, kind, time.monotonic() - began, status))
        return status, page

    def acknowledge(self, team: str, version: int = 1) -> None:
        with self.lock:
            self.acknowledged[team] = max(self.acknowledged.get(team, 0), version)
            self.receipts += 1

    def forget(self, teams: list[str]) -> None:
        """Teams the organiser removed: no longer looked for in the store."""
        with self.lock:
            for team in teams:
                self.acknowledged.pop(team, None)

    def of(self, phase: str, kind: str) -> list[tuple[float, int]]:
        with self.lock:
            return [(s, status) for p, k, s, status in self.rows if p == phase and k == kind]


class Timings(NamedTuple):
    count: int
    p50_ms: float
    p95_ms: float
    failed: dict[int, int]
    """Answers other than the one expected, by status (0: no answer)."""

    def __str__(self) -> str:
        if not self.count:
            return "none"
        failed = f" · {self.failed}" if self.failed else ""
        return f"p50 {self.p50_ms:6.0f} ms, p95 {self.p95_ms:6.0f} ms ({self.count}){failed}"


def timings(rows: list[tuple[float, int]], ok: tuple[int, ...] = (200,)) -> Timings:
    """p50 and p95 of the answered rows, and the others counted by status."""
    good = sorted(s for s, status in rows if status in ok)
    failed: dict[int, int] = {}
    for _, status in rows:
        if status not in ok:
            failed[status] = failed.get(status, 0) + 1

    def at(q: float) -> float:
        return good[min(len(good) - 1, round(q * (len(good) - 1)))] * 1000 if good else 0.0
    return Timings(len(rows), at(0.5), at(0.95), failed)


def click(browser: Browser, n: int) -> tuple[int, str]:
    """A plain click: the list's name set, its Warbook beside it, as the builder page sends it."""
    return browser.post("/build/edit", {"lang": "es", "file": "lista.yaml", "op": "set", "path": '["name"]',
                                        "value": f"Patrulla {n}", "at": "[]"}, PLAIN)


def submit(browser: Browser, team: str, code: str = "", files=PLAIN) -> tuple[int, str]:
    """A submission followed to its receipt: 200 with an edit code when stored. Where the receipt
    is, is kept in ``browser.receipt`` (re-read with the browser's receipt cookie)."""
    answer = browser.post("/submit", {"team": team, "code": code, "lang": "es", "pasted": ""}, files)
    where = browser.location if answer[0] == 303 else None
    browser.receipt = where if where and where.startswith("/receipt/") else None
    return browser.followed(answer)


def receipt_of(browser: Browser) -> str | None:
    """Where the receipt the browser's last submission led to is, if it led to one."""
    return getattr(browser, "receipt", None)


class Probe(NamedTuple):
    click: Timings
    submission: Timings
    receipt: Timings


def probe(site: Deployment, tally: Tally, label: str, block: int, clicks: int, submissions: int,
          time_most: float) -> Probe:
    """Plain clicks, submissions (each a new team) and receipt GETs one after another, each from a
    fresh address (so no address's share is what is measured), at most ``time_most`` seconds."""
    tally.phase = label
    end = time.monotonic() + time_most
    receipts: list[tuple[Browser, str]] = []
    warm = Browser(site.https, site.root, f"127.{block}.255.1", timeout=30)
    tally.timed("warm-up", lambda: click(warm, 0))  # the first click of a desk fills its caches: not counted
    for n in range(max(clicks, submissions)):
        if time.monotonic() > end:
            break
        browser = Browser(site.https, site.root, f"127.{block}.{n // 250}.{n % 250 + 1}", timeout=30)
        if n < clicks:
            tally.timed("probe-click", lambda: click(browser, n))
        if n < submissions:
            team = f"Sonda {block}-{n}"
            status, page = tally.timed("probe-submit", lambda: submit(browser, team))
            if status == 200 and EDIT_CODE.search(page):
                tally.acknowledge(team)
                found = receipt_of(browser)
                if found:
                    receipts.append((browser, found))
    for n in range(clicks):
        if time.monotonic() > end or not receipts:
            break
        browser, where = receipts[n % len(receipts)]
        tally.timed("probe-receipt", lambda: browser.request("GET", where))
    return Probe(*(timings(tally.of(label, kind)) for kind in ("probe-click", "probe-submit", "probe-receipt")))


def player(site: Deployment, tally: Tally, n: int, stop: threading.Event) -> None:
    """A player building and submitting, again and again: five clicks 2 s apart, a submission (the
    first registers the team, the next ones bring its code), the receipt, and now and then the
    team's status looked up by name and code."""
    browser = Browser(site.https, site.root, f"127.0.100.{n + 1}", timeout=130)
    team, code = f"Jugador {n}", ""
    for round_ in range(LOOPS_MOST):
        for k in range(5):
            if stop.wait(2.0):
                return
            tally.timed("click", lambda: click(browser, round_ * 5 + k))
        files = (("lista.yaml", ALFA + f"# ronda {round_}\n".encode()), PLAIN[1])  # a new version each time
        status, page = tally.timed("submit", lambda: submit(browser, team, code, files))
        found, version = EDIT_CODE.search(page), VERSION.search(page)
        if status == 200 and version:  # a later version's receipt shows no code: the first one's still works
            tally.acknowledge(team, int(version.group(1)))
            code = code or (found.group(1) if found else "")
            where = receipt_of(browser)
            if where:
                tally.timed("receipt", lambda: browser.request("GET", where))
        elif status == 409 and code:  # the team keeps all the versions the pack allows: the player starts another
            team, code = f"{team}+", ""
        elif status == 403 and not code:
            # Its first version stored but the answer lost (its desk killed as it answered): the code never
            # reached the player, whose team name is taken now; as a player would, it registers another.
            team = f"{team}+"
        if code and round_ % 3 == 2:
            tally.timed("status", lambda: browser.followed(browser.post(
                "/status", {"team": team, "code": code, "lang": "es"})))


def organiser(site: Deployment, tally: Tally, stop: threading.Event, every: float = 20.0,
              exports_every: float = 120.0) -> None:
    """The organiser at the dashboard: /admin and a team's page every ``every`` seconds, the
    summary sheet and the printout every ``exports_every``."""
    browser = Browser(site.https, site.root, "127.0.9.1", timeout=130)
    last_export = time.monotonic() - exports_every / 2
    for _ in range(LOOPS_MOST):
        if "desk_session" not in browser.cookies:
            tally.timed("login", lambda: browser.post("/admin/login", {"token": site.token, "lang": "es"}))
        status, board = tally.timed("admin", lambda: browser.request("GET", "/admin"))
        teams = re.findall(r'href="/admin/team/(\d+)', board)
        if teams:
            tally.timed("admin-team", lambda: browser.request("GET", f"/admin/team/{teams[0]}"))
        if time.monotonic() - last_export > exports_every:
            last_export = time.monotonic()
            tally.timed("xlsx", lambda: browser.request("GET", "/admin/summary.xlsx"))
            tally.timed("pdf", lambda: browser.request("GET", "/admin/print.pdf"))
        if stop.wait(every):
            return


def reader(site: Deployment, tally: Tally, stop: threading.Event) -> None:
    """Someone loading the page every 200 ms: how long the site answered nothing but errors."""
    browser = Browser(site.https, site.root, "127.0.8.1", timeout=30)
    for _ in range(LOOPS_MOST * 10):
        began = time.monotonic()
        tally.timed("page", lambda: browser.request("GET", "/"))
        if stop.wait(max(0.0, 0.2 - (time.monotonic() - began))):
            return


def longest_outage(rows: list[tuple[str, str, float, int]], phase: str) -> float:
    """The longest run of the page reader's failed loads in a phase, in seconds (each ~0.2 s apart)."""
    run = most = 0.0
    for p, kind, seconds, status in rows:
        if p != phase or kind != "page":
            continue
        run = run + max(seconds, 0.2) if status != 200 else 0.0
        most = max(most, run)
    return most


def started_clients(site: Deployment, tally: Tally, stop: threading.Event) -> list[threading.Thread]:
    threads = [threading.Thread(target=player, args=(site, tally, n, stop), daemon=True) for n in range(PLAYERS)]
    threads += [threading.Thread(target=organiser, args=(site, tally, stop), daemon=True),
                threading.Thread(target=reader, args=(site, tally, stop), daemon=True)]
    for thread in threads:
        thread.start()
    return threads


def lost(db: str, tally: Tally, pack: Path) -> list[str]:
    """Acknowledged submissions the store doesn't have: a team missing, or its highest acknowledged
    version not there."""
    from builder.events.packs import load_pack
    from builder.events.store import Store

    loaded = load_pack(pack)
    store = Store.open(db)
    try:
        event = store.find_event(loaded.name, loaded.system)
        teams = {name: team_id for team_id, name in store.teams(event).items()} if event is not None else {}
        missing = []
        for team, version in sorted(tally.acknowledged.items()):
            kept = {s.version for s in store.versions(teams[team])} if team in teams else set()
            if version not in kept:
                missing.append(f"{team} (version {version} of {max(kept, default=0)})")
        return missing
    finally:
        store.close()

"""The outside probe's attacks on the deployment (issue 46), one at a time, for benchmarks/soak.py.

Each attack runs until ``end`` (a ``time.monotonic()`` moment) or its count is spent, then closes
everything it opened and returns one line saying what the desk answered it. Each attacker is a
loopback address of its own (127.0.6x.y), and only loopback is ever used."""

from __future__ import annotations

import re
import socket
import ssl
import threading
import time
from typing import Callable

from soak_clients import FAILED, PLAIN, Tally, receipt_of, submit  # beside this file
from tests.desk.deployment import ALFA, EDIT_CODE, WARBOOK, Browser, Deployment

ATTACKER_TIMEOUT = 30.0
"""Seconds an attacker waits for an answer before it gives up (and closes its connection)."""
TEXT_MOST = 1_000_000
"""A little under the desk's 1 MiB a file."""


def colons(size: int) -> bytes:
    """Patrulla Alfa with a comment full of colons: every line opens more levels than libyaml is
    trusted with (builder.core.nesting), so the whole text goes to PyYAML's pure-Python parser."""
    line = b"# " + b":" * 70 + b"\n"
    return ALFA + line * max(1, (size - len(ALFA)) // len(line))


def heavy(size: int = TEXT_MOST) -> bytes:
    """The largest roster a Warbook allows (30 characters, 60 member lines: benchmarks/run.py's),
    padded with a plain comment to nearly the largest file a click may carry."""
    from run import cards_roster  # beside this file

    text = cards_roster().encode()
    return text + b"#" + b" relleno" * ((size - len(text)) // 8) + b"\n"


def _crowd(count: int, end: float, work: Callable[[int, int], None], rounds_most: int) -> None:
    """``count`` threads each doing ``work(thread, round)`` until ``end`` or ``rounds_most`` rounds;
    waited for (each round is bounded by the attacker's timeout)."""
    def loop(n: int) -> None:
        for k in range(rounds_most):
            if time.monotonic() > end:
                return
            work(n, k)
    threads = [threading.Thread(target=loop, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, end - time.monotonic()) + ATTACKER_TIMEOUT + 5)


def _answers(tally: Tally, kind: str) -> str:
    with tally.lock:
        counted: dict[int, int] = {}
        for phase, k, _, status in tally.rows:
            if k == kind and phase == tally.phase:
                counted[status] = counted.get(status, 0) + 1
    return ", ".join(f"{status}×{n}" for status, n in sorted(counted.items())) or "none"


def clicks_flood(site: Deployment, tally: Tally, end: float, files: tuple, kind: str) -> str:
    """One address with 12 connections clicking as fast as the desk answers."""
    browser = Browser(site.https, site.root, "127.0.61.1" if kind == "heavy-click" else "127.0.62.1",
                      timeout=ATTACKER_TIMEOUT)
    browser.request("GET", "/build")
    tally.timed(kind, lambda: browser.post("/build/edit", {"lang": "es", "file": "lista.yaml", "op": "set",
                                                           "path": '["name"]', "value": "X", "at": "[]"}, files))
    _crowd(12, end, lambda n, k: tally.timed(kind, lambda: browser.post(
        "/build/edit", {"lang": "es", "file": "lista.yaml", "op": "set", "path": '["name"]',
                        "value": f"Voraz {n}-{k}", "at": "[]"}, files)), 2000)
    return f"answers {_answers(tally, kind)}"


def heavy_clicks(site: Deployment, tally: Tally, end: float) -> str:
    return clicks_flood(site, tally, end, (("lista.yaml", heavy()),), "heavy-click")


def slow_texts(site: Deployment, tally: Tally, end: float) -> str:
    return clicks_flood(site, tally, end, (("lista.yaml", colons(260_000)), ("fenix-warbook.yaml", WARBOOK)),
                        "slow-click")


def rechecks(site: Deployment, tally: Tally, end: float) -> str:
    """A slow list stored (a comment of colons, nearly 1 MiB), then GET /status and its receipt
    again and again from 10 connections, each closed after 0.5 s."""
    browser = Browser(site.https, site.root, "127.0.63.1", timeout=ATTACKER_TIMEOUT * 2)
    status, page = tally.timed("slow-submit", lambda: submit(browser, "Lenta", files=(
        ("lista.yaml", colons(TEXT_MOST)), ("fenix-warbook.yaml", WARBOOK))))
    stored = "the slow list stored"
    if not (status == 200 and EDIT_CODE.search(page)):
        stored = f"the slow list refused ({status}), a plain one stored instead"
        status, page = tally.timed("slow-submit", lambda: submit(browser, "Lenta", files=PLAIN))
    found = EDIT_CODE.search(page)
    if not (status == 200 and found):
        return f"nothing stored to re-check ({status})"
    tally.acknowledge("Lenta")
    where = receipt_of(browser) or "/receipt/x"
    tally.timed("status-cookie", lambda: browser.post("/status", {"team": "Lenta", "code": found.group(1),
                                                                  "lang": "es"}))
    cookies = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    context = ssl.create_default_context(cafile=str(site.root))
    sent = [0]

    def leave_early(n: int, k: int) -> None:
        path = "/status?lang=es" if k % 2 else where
        try:
            with socket.create_connection(("127.0.0.1", site.https), timeout=5,
                                          source_address=("127.0.63.1", 0)) as raw, \
                    context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                tls.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{site.https}\r\nCookie: {cookies}\r\n\r\n"
                            .encode())
                sent[0] += 1
                time.sleep(0.5)
        except FAILED:
            pass
    _crowd(10, end, leave_early, 60)
    return f"{stored}; {sent[0]} GETs left after 0.5 s"


def registration_spam(site: Deployment, tally: Tally, end: float, most: int = 600) -> str:
    """Hundreds of teams from 40 addresses, then the organiser opens /admin and the summary sheet,
    and leaves the printout after 5 s."""
    spam_end = time.monotonic() + (end - time.monotonic()) * 0.6
    browsers = [Browser(site.https, site.root, f"127.0.70.{n + 1}", timeout=ATTACKER_TIMEOUT) for n in range(40)]
    registered = [0]

    def register(n: int, k: int) -> None:
        if registered[0] >= most:
            return
        team = f"Relleno {n}-{k}"
        status, page = tally.timed("spam", lambda: submit(browsers[n], team))
        if status == 200 and EDIT_CODE.search(page):
            tally.acknowledge(team)
            registered[0] += 1
    _crowd(40, spam_end, register, most)
    organiser = Browser(site.https, site.root, "127.0.9.2", timeout=60)
    tally.timed("login", lambda: organiser.post("/admin/login", {"token": site.token, "lang": "es"}))
    said = [f"{registered[0]} teams registered"]
    for kind, path, timeout in (("spam-admin", "/admin", 60), ("spam-xlsx", "/admin/summary.xlsx", 60),
                                ("spam-pdf", "/admin/print.pdf", 5)):
        organiser.timeout = timeout
        began = time.monotonic()
        status, page = tally.timed(kind, lambda: organiser.request("GET", path))
        size = f", {len(page.encode()) / 1024 / 1024:.1f} MiB" if kind == "spam-admin" and status == 200 else ""
        said.append(f"{path} {status or 'left' if timeout == 5 else status} in {time.monotonic() - began:.1f} s{size}")
    # Then the organiser removes the spam, as one would: the event takes new teams again.
    organiser.timeout = 60
    removed: list[str] = []
    tally.timed("spam-remove", lambda: remove_spam(organiser, removed))
    tally.forget([team for team in list(tally.acknowledged) if team.startswith("Relleno ")])
    said.append(f"{len(removed)} spam teams removed")
    return "; ".join(said)


SPAM_ROW = re.compile(r'name="team-(\d+)"[^>]*aria-label="[^"]*Relleno ')


def remove_spam(organiser: Browser, found: list[str]) -> tuple[int, str]:
    """The spam teams found on the dashboard's pages (by their names), removed 200 at a time; their
    ids added to ``found``; the last removal's answer."""
    answer = (200, "")
    for number in range(1, 40):
        status, page = organiser.request("GET", f"/admin?lang=es&page={number}")
        ids = [i for i in (SPAM_ROW.findall(page) if status == 200 else []) if i not in found]
        found += ids
        if not ids and number > 1:  # past the last page the dashboard shows the last one again
            break
    for start in range(0, len(found), 200):
        answer = organiser.post("/admin/remove", {"teams": ",".join(found[start:start + 200]), "confirm": "yes",
                                                  "lang": "es"})
    return answer


def slowloris(site: Deployment, tally: Tally, end: float, count: int = 300) -> str:
    """300 TLS connections from one address, each sending a request head a line every 5 s."""
    context = ssl.create_default_context(cafile=str(site.root))
    held: list[ssl.SSLSocket | None] = [None] * count
    opened = dropped = 0
    for _ in range(200):  # rounds of 5 s at most
        if time.monotonic() > end or opened > count * 10:
            break
        for n in range(count):
            try:
                if held[n] is None:
                    raw = socket.create_connection(("127.0.0.1", site.https), timeout=5,
                                                   source_address=("127.0.64.1", 0))
                    held[n] = context.wrap_socket(raw, server_hostname="127.0.0.1")
                    held[n].sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{site.https}\r\n".encode())
                    opened += 1
                else:
                    held[n].sendall(b"X-Lento: a\r\n")
            except FAILED:
                if held[n] is not None:
                    held[n].close()
                    dropped += 1
                held[n] = None
        time.sleep(max(0.0, min(5.0, end - time.monotonic())))
    for sock in held:
        if sock is not None:
            sock.close()
    return f"{opened} connections opened, {dropped} closed by the other side"


def trickled_bodies(site: Deployment, tally: Tally, end: float) -> str:
    """30 addresses each uploading a 6 MB submission at 4 KB a second."""
    context = ssl.create_default_context(cafile=str(site.root))
    opened, dropped = [0], [0]

    def trickle(n: int, k: int) -> None:
        try:
            raw = socket.create_connection(("127.0.0.1", site.https), timeout=10,
                                           source_address=(f"127.0.65.{n + 1}", 0))
            with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                tls.sendall(f"POST /submit HTTP/1.1\r\nHost: 127.0.0.1:{site.https}\r\nContent-Type: multipart/"
                            f"form-data; boundary=b\r\nContent-Length: 6291456\r\n\r\n".encode())
                opened[0] += 1
                for _ in range(1500):
                    if time.monotonic() > end:
                        return
                    tls.sendall(b"x" * 4096)
                    time.sleep(1.0)
        except FAILED:
            dropped[0] += 1
            time.sleep(1.0)
    _crowd(30, end, trickle, 50)
    return f"{opened[0]} uploads begun, {dropped[0]} cut off"


def kills(site: Deployment, tally: Tally, end: float) -> str:
    """kill -9 of one desk; once it is back, of one and then the other 18 s apart (the unit starts
    each again 2 s after it dies)."""
    said = []
    began = time.monotonic()
    site.kill(0)
    said.append(f"one desk back in {time.monotonic() - began:.1f} s" if site.up(0, 60) else "one desk not back in 60 s")
    time.sleep(5)
    site.kill(1)
    time.sleep(18)
    began = time.monotonic()
    site.kill(0)
    back = site.up(0, 60) and site.up(1, 60)
    said.append(f"both back {time.monotonic() - began:.1f} s after the second kill" if back else "not both back in 60 s")
    return "; ".join(said)


ATTACKS: dict[str, Callable[[Deployment, Tally, float], str]] = {
    "kills": kills,
    "heavy-clicks": heavy_clicks,
    "slow-texts": slow_texts,
    "rechecks": rechecks,
    "registration-spam": registration_spam,
    "slowloris": slowloris,
    "trickled-bodies": trickled_bodies,
}
"""In the order they come, the crashes first: the rest then wear on desks that are not restarted
again, as a season's desks are not (BUILDER_SOAK_ATTACKS picks and orders them)."""

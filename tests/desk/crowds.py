"""Issue 55's hostile clients of the deployment behind Caddy, for tests/desk/test_deployment.py,
tests/hosted/test_deployment.py and the bench (benchmarks/proxy_attacks.py): one address sending 16
bodies of 3–7 MB at once, or 24 addresses asking for PDFs, while another player clicks and submits.

The player's own p95 is measured before the attack and again during it, in the same run: the attack
may slow it (the machine is shared), never past three times, and never to a 503; and Caddy must never
have left every process out ("no upstreams available" in its log).

Each attacker is a loopback address of its own; every loop is bounded in count and in time."""

from __future__ import annotations

import http.client
import multiprocessing
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tests import timing
from tests.desk.deployment import ALFA, WARBOOK, Browser, Deployment, form

BODY_SIZES = (3, 4, 5, 6, 7)
"""The attacker's bodies, in MB (10**6 bytes, as Caddy counts them), in turn."""
BODIES_AT_ONCE = 16
PDF_ADDRESSES = 24
ATTACKER_TIMEOUT = 30.0
STOP_GRACE = 2.0
"""Seconds the attacker's requests under way at the attack's end may still take to be answered."""
ROUNDS_MOST = 1000
"""Requests one attacker's thread sends at most, whatever the time left."""
SLOWER_MOST = 3.0
"""How much slower the player's p95 may be during the attack than before it."""
PACE = 0.25
"""Seconds from one of the player's rounds to the next, at the least: a busy player's clicks, not a flood of
its own (unpaced, it sent some 50 requests a second, nearly all past its own budget, and its refusals
loaded the processes it was measuring)."""
OWN_BUDGET = 429
"""The player's own address past its budget (it plays faster than a person: 30 submissions a minute at the
desk): counted, not timed, since it is answered at once and is never another client's doing."""
NO_UPSTREAMS = "no upstreams available"
RESET = "connection reset by peer"
"""What Caddy logs when a process closes a connection on a body it has not read: a 502 to that client,
and (under passive health checks) the process counted failed."""

Action = Callable[[Browser, int], int]
"""One of the player's requests (its ``n``-th): the status it got."""


@dataclass
class Timings:
    seconds: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[str, Counter] = field(default_factory=dict)

    def add(self, kind: str, spent: float, status: int) -> None:
        if status != OWN_BUDGET:
            self.seconds.setdefault(kind, []).append(spent)
        self.statuses.setdefault(kind, Counter())[status] += 1

    def p95(self, kind: str) -> float:
        seconds = sorted(self.seconds[kind])
        return seconds[min(len(seconds) - 1, round(0.95 * (len(seconds) - 1)))]


def played(player: Browser, actions: dict[str, Action], rounds: int, timings: Timings, start: int = 0,
           end: float | None = None) -> int:
    """``rounds`` rounds of the player's ``actions`` (or fewer, once ``end`` has passed), each timed
    into ``timings``: the rounds played."""
    for n in range(start, start + rounds):
        if end is not None and time.monotonic() > end:
            return n - start
        round_began = time.monotonic()
        for kind, act in actions.items():
            began = time.monotonic()
            status = act(player, n)
            timings.add(kind, time.monotonic() - began, status)
        time.sleep(max(0.0, round_began + PACE - time.monotonic()))
    return rounds


def crowd(count: int, seconds: float, work: Callable[[int, int], int]) -> Callable[[float], Counter]:
    """``count`` threads, each doing ``work(thread, round)`` until ``seconds`` have passed (or
    :data:`ROUNDS_MOST` rounds); their statuses counted (0: no answer; one not answered by
    :data:`STOP_GRACE` after the end is dropped uncounted). Started, in a process of their
    own (forked, so ``work`` goes with them): a real attacker is another machine, and its threads beside
    the player's would have the player wait for this process's interpreter (its GIL), not for the
    server. Returned: a function that waits for them (at most its seconds) and gives their count."""
    told = multiprocessing.get_context("fork").SimpleQueue()

    def attack() -> None:
        end, answers, lock = time.monotonic() + seconds, Counter(), threading.Lock()

        def loop(n: int) -> None:
            for k in range(ROUNDS_MOST):
                if time.monotonic() > end:
                    return
                try:
                    status = work(n, k)
                except (OSError, ValueError, http.client.HTTPException):  # a connection closed on it: counted as 0
                    status = 0
                with lock:
                    answers[status] += 1
        threads = [threading.Thread(target=loop, args=(n,), daemon=True) for n in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, end + STOP_GRACE - time.monotonic()))
        with lock:
            told.put(dict(answers))
        # The attack is over: what is still under way is dropped as the process ends (its threads are
        # daemons), as an attacker gives up. Waited for, a body's last megabytes at its client's rate
        # held each test up to Caddy's own timeout (half a minute to a minute) after the attack.

    attacker = multiprocessing.get_context("fork").Process(target=attack, daemon=True)
    attacker.start()

    return lambda wait: _counted(attacker, told, wait)


def _counted(attacker: multiprocessing.process.BaseProcess, told, wait: float) -> Counter:
    """The statuses an attacker's process told, once it has ended (at most ``wait`` seconds: past
    them it is killed, and its count is empty)."""
    attacker.join(wait)
    if attacker.is_alive():  # bounded: never waited for past its time
        attacker.kill()
        attacker.join(5)
        return Counter()
    return Counter(told.get()) if not told.empty() else Counter()


def apart(threads_of: Callable[[threading.Event, list[int]], list[threading.Thread]]) -> Callable[[], Counter]:
    """An attack's threads (``threads_of(done, answers)``: they run until ``done`` is set, each status
    they get appended to ``answers``) started in a forked process of their own, as :func:`crowd`'s
    are, for the same reason. Returned: a function that ends the attack (its threads given 10 s to
    stop) and gives their statuses, counted (a count, not the list: what a pipe holds is sent before
    the process is waited for)."""
    context = multiprocessing.get_context("fork")
    told, stop = context.SimpleQueue(), context.Event()

    def attack() -> None:
        done, answers = threading.Event(), []
        threads = threads_of(done, answers)
        for thread in threads:
            thread.daemon = True
            thread.start()
        stop.wait()
        done.set()
        ended = time.monotonic() + 10
        for thread in threads:
            thread.join(max(0.0, ended - time.monotonic()))
        told.put(dict(Counter(answers)))

    attacker = context.Process(target=attack, daemon=True)
    attacker.start()

    def ended() -> Counter:
        stop.set()
        return _counted(attacker, told, 15)
    return ended


def ready(port: int, root: Path, source: str, page: str, cookie: str) -> Browser:
    """A browser from ``source`` that has loaded ``page``, so it holds the form's token (``cookie``)."""
    browser = Browser(port, root, source, ATTACKER_TIMEOUT)
    browser.request("GET", page)
    assert cookie in browser.cookies, browser.cookies
    return browser


def posted(browser: Browser, path: str, fields: dict[str, str], files: tuple[tuple[str, bytes], ...],
           cookie: str) -> int:
    """A form with the browser's token, as the page's script sends it: the status."""
    return browser.request("POST", path, *form({**fields, "csrf": browser.cookies[cookie]}, files))[0]


def big_bodies(browser: Browser, path: str, fields: dict[str, str], cookie: str) -> Callable[[int, int], int]:
    """What each of one address's 16 threads sends: a form of 3 to 7 MB to ``path``, its sizes in turn.
    Each size's form is made once (a real attacker's making of its bodies costs the server nothing; here
    it would take the cores the server and the player share)."""
    filled = {**fields, "csrf": browser.cookies[cookie]}
    bodies = [form(filled, (("lista.yaml", b"# " + b"x" * (size * 10**6 - 600) + b"\n"),)) for size in BODY_SIZES]

    def send(n: int, k: int) -> int:
        return browser.request("POST", path, *bodies[(n + k) % len(bodies)])[0]
    return send


def pdfs(browsers: list[Browser], path: str, fields: dict[str, str], files: tuple[tuple[str, bytes], ...],
         cookie: str) -> Callable[[int, int], int]:
    """What each of 24 addresses asks again and again: a list's PDF."""
    return lambda n, k: posted(browsers[n], path, fields, files, cookie)


@dataclass
class Outcome:
    before: Timings
    during: Timings
    attack: Counter
    no_upstreams: int
    resets: int

    def faults(self, floor: float = 0.0) -> list[str]:
        """What broke issue 55's promise (nothing, when kept). ``floor``: the least the p95 before
        counts as (:func:`tests.timing.bound`)."""
        found = []
        for kind, seconds in self.before.seconds.items():
            if self.during.statuses.get(kind, Counter())[503]:
                found.append(f"{kind}: 503 × {self.during.statuses[kind][503]} during the attack")
            if not self.during.seconds.get(kind):
                found.append(f"{kind}: not played during the attack")
            elif self.during.p95(kind) > timing.bound(self.before.p95(kind), floor, SLOWER_MOST):
                found.append(f"{kind}: p95 {self.during.p95(kind):.3f} s during against {self.before.p95(kind):.3f} s "
                             f"before")
        if self.no_upstreams:
            found.append(f"Caddy had no upstream {self.no_upstreams} times")
        if self.resets:  # a refusal reaches Caddy as the process's answer, never as a reset
            found.append(f"Caddy saw {self.resets} connections reset by a process")
        return found

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} p95 {self.before.p95(kind):.3f} s → {self.during.p95(kind):.3f} s "
                          f"({dict(self.during.statuses[kind])})" for kind in self.before.seconds
                          if self.during.seconds.get(kind))
        return (f"{kinds}; the attack's answers {dict(sorted(self.attack.items()))}; "
                f"no upstreams × {self.no_upstreams}, resets × {self.resets}")


def attacked(player: Browser, actions: dict[str, Action], caddy_log: Path, attackers: int, seconds: float,
             work: Callable[[int, int], int], baseline_rounds: int = 10) -> Outcome:
    """The player's ``actions`` timed for ``baseline_rounds`` rounds, then again while ``attackers``
    threads do ``work`` for ``seconds``; Caddy's log read for "no upstreams available" after."""
    played(player, actions, 2, Timings())  # warm: first answers of a process are slower
    before = Timings()
    played(player, actions, baseline_rounds, before, start=2)
    logged = caddy_log.stat().st_size  # its start's "no upstreams" (the processes still starting) aside
    joined = crowd(attackers, seconds, work)
    time.sleep(min(1.0, seconds / 4))  # the attack under way
    during = Timings()
    played(player, actions, ROUNDS_MOST, during, start=2 + baseline_rounds, end=time.monotonic() + seconds - 1)
    answers = joined(seconds + ATTACKER_TIMEOUT + 10)
    with caddy_log.open("rb") as log:
        log.seek(logged)
        said = log.read().decode("utf-8", "replace")
    return Outcome(before, during, answers, said.count(NO_UPSTREAMS), said.count(RESET))


PLAIN = (("lista.yaml", ALFA), ("fenix-warbook.yaml", WARBOOK))


def desk_click(player: Browser, n: int) -> int:
    return player.post("/build/edit", {"lang": "es", "file": "lista.yaml", "op": "set", "path": '["name"]',
                                       "value": f"Patrulla {n}", "at": "[]"}, PLAIN)[0]


def desk_submission(player: Browser, n: int) -> int:
    return player.followed(player.post("/submit", {"team": f"Jugadora {n}", "code": "", "lang": "es", "pasted": ""},
                                       PLAIN))[0]


def on_desk(site: Deployment, attack: str, seconds: float) -> Outcome:
    """``attack`` (``bodies`` or ``pdfs``) on the deployed desk for ``seconds``, a player clicking and
    submitting before and during it."""
    if attack == "bodies":
        greedy = ready(site.https, site.root, "127.0.9.1", "/", "desk_csrf")
        attackers, work = BODIES_AT_ONCE, big_bodies(
            greedy, "/submit", {"team": "Voraz", "code": "", "lang": "es", "pasted": ""}, "desk_csrf")
    else:
        browsers = [ready(site.https, site.root, f"127.0.10.{n + 1}", "/build", "desk_csrf")
                    for n in range(PDF_ADDRESSES)]
        attackers, work = PDF_ADDRESSES, pdfs(
            browsers, "/build/export", {"lang": "es", "file": "lista.yaml", "kind": "pdf"}, PLAIN, "desk_csrf")
    player = Browser(site.https, site.root, "127.0.0.4")
    return attacked(player, {"click": desk_click, "submission": desk_submission}, site.logs[-1], attackers,
                    seconds, work)

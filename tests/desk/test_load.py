"""Attack replays against the real server (`builder event serve` in its own process, loopback,
distinct source addresses as distinct clients): one client's heavy submissions don't starve another's
page, nor the server's memory."""

from __future__ import annotations

import os
import re
import secrets
import socket
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.desk.crowds import crowd
from tests.desk.test_server import kill, start
from tests.serve.live import free_port
from tests.timing import baseline, bound

ATTACKER, PLAYER = "127.0.0.2", "127.0.0.3"
MIB = 1024 * 1024
PAGE_FLOOR, SUBMIT_FLOOR = 1 / 3, 2 / 3
"""The least another player's page and submission count as having taken before an attack: bounds of 1 s
and 2 s on a quiet machine, three times as long as they took on a busy one."""


def heavy(n: int) -> bytes:
    """A 1 MiB YAML mapping of 30,000 keys, each a flow list: about 0.4 s of a check."""
    body = b"".join(b"k%d-%06d: [uno, dos, tres, cuatro]\n" % (n, i) for i in range(40000))
    return body[:body.rfind(b"\n", 0, MIB - 100) + 1]


FILES = [(f"relleno-{n}.yaml", heavy(n)) for n in range(5)]


def exchange(port: int, source: str, head: bytes, body: bytes = b"") -> tuple[int, bytes]:
    """One request from ``source``, as a careful client sends a big body: ``Expect: 100-continue``,
    the body only once the server asks for it."""
    with socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0)) as conn:
        conn.sendall(head)
        answer = b""
        if body:
            while b"\r\n\r\n" not in answer:
                answer += conn.recv(65536) or b"\r\n\r\n"
            if answer.startswith(b"HTTP/1.1 100"):
                conn.sendall(body)
                answer = answer.split(b"\r\n\r\n", 1)[1]
        while chunk := conn.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


def page(port: int, source: str) -> tuple[int, str]:
    status, answer = exchange(port, source, b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
    return status, re.search(rb"desk_csrf=([^;]+)", answer).group(1).decode()


def page_seconds(port: int) -> float:
    """How long another player's page takes; it must answer 200."""
    began = time.monotonic()
    assert page(port, PLAYER)[0] == 200
    return time.monotonic() - began


def submit_seconds(port: int, team: str) -> float:
    """How long another player's submission of a legal list takes; it must be stored (303)."""
    from tests.desk.test_server import submit

    began = time.monotonic()
    assert submit(port, team, follow=False)[0] == 303
    return time.monotonic() - began


def heavy_submission(port: int, source: str, csrf: str) -> tuple[int, bytes]:
    boundary = secrets.token_hex(8)
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in (("csrf", csrf), ("team", "Relleno"), ("code", ""), ("lang", "es"))]
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{n}"\r\n\r\n'.encode() + d
              + b"\r\n" for n, d in FILES]
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    head = (f"POST /submit HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nCookie: desk_csrf={csrf}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n"
            "Expect: 100-continue\r\n\r\n").encode()
    status, answer = exchange(port, source, head, body)
    location = re.search(rb"\r\nlocation: ([^\r]+)", answer, re.IGNORECASE)
    if status == 303 and location and not location.group(1).startswith(b"/receipt/"):
        # Refused, and shown by the form it leads to (POST-redirect-GET), with the refusal's status.
        refused = re.search(rb"desk_refused=([^;]+)", answer).group(1)
        return exchange(port, source, b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n"
                        b"Cookie: desk_refused=%s\r\n\r\n" % (location.group(1), port, refused))
    return status, answer


def descendants(pid: int) -> list[int]:
    """A process and all its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


def _added(pid: int, file: str, field: str) -> int:
    """``field`` (in kB) of /proc's ``file`` added up over a process and its descendants, in bytes."""
    total = 0
    for current in descendants(pid):
        try:
            found = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{current}/{file}").read_text(), re.M)
        except OSError:
            continue
        total += int(found.group(1)) * 1024 if found else 0
    return total


def memory(pid: int) -> int:
    """The resident memory of a process and all its descendants, in bytes (VmRSS, from /proc)."""
    return _added(pid, "status", "VmRSS")


def proportional(pid: int) -> int:
    """The memory a process and all its descendants take, pages shared between them counted once
    (the sum of their PSS, from /proc's smaps_rollup), in bytes: what the machine spends on them.
    The lane's workers fork from one preloaded parent, so their resident sizes count its pages
    once per worker."""
    return _added(pid, "smaps_rollup", "Pss")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from Linux's /proc")
def test_one_clients_heavy_submissions_leave_another_players_page_fast_and_memory_bounded(tmp_path):
    port = free_port()
    server = start(tmp_path / "torneo.sqlite", port)
    answers: list[int] = []
    slowest, most = [0.0], [0]
    done = threading.Event()

    def attacker() -> None:
        _, csrf = page(port, ATTACKER)
        for _ in range(2):
            answers.append(heavy_submission(port, ATTACKER, csrf)[0])

    def watch() -> None:
        while not done.is_set():
            most[0] = max(most[0], memory(server.pid))
            time.sleep(0.1)

    try:
        page(port, PLAYER)  # the desk is up and its checker started
        before = baseline(lambda: page_seconds(port))
        watcher = threading.Thread(target=watch)
        watcher.start()
        attackers = [threading.Thread(target=attacker) for _ in range(3)]  # three at once: one too many
        for a in attackers:
            a.start()
        deadline = time.monotonic() + 60
        while any(a.is_alive() for a in attackers) and time.monotonic() < deadline:
            began = time.monotonic()
            status, _ = page(port, PLAYER)
            slowest[0] = max(slowest[0], time.monotonic() - began)
            assert status == 200
            time.sleep(0.1)
        for a in attackers:
            a.join(60)
        done.set()
        watcher.join()
    finally:
        done.set()
        kill(server)
    assert len(answers) == 6 and 429 in answers  # a third check of one address: refused at once
    assert {a for a in answers if a != 429} <= {400, 422}  # no list among the files: nothing stored
    assert slowest[0] < bound(before, PAGE_FLOOR), (before, slowest[0])
    assert most[0] < 300 * MIB, most[0] / MIB


def heavy_click(port: int, source: str, csrf: str, route: str, n: int) -> int:
    """A builder's click carrying a 1 MiB list (about two seconds of work): its status."""
    boundary = secrets.token_hex(8)
    fields = (("csrf", csrf), ("lang", "es"), ("file", "lista.yaml"), ("op", "set"), ("path", '["name"]'),
              ("value", f"Relleno {n}"), ("at", "[]"))
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="lista.yaml"\r\n\r\n'.encode()
                 + b"name: x\n" + heavy(n)[8:] + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    head = (f"POST {route} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nCookie: desk_csrf={csrf}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n"
            "Expect: 100-continue\r\n\r\n").encode()
    return exchange(port, source, head, body)[0]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from Linux's /proc")
def test_a_flood_of_heavy_builder_clicks_leaves_another_players_page_and_submission_fast(tmp_path):
    from tests.desk.test_server import submit

    port = free_port()
    server = start(tmp_path / "torneo.sqlite", port)
    slowest, most, submitted = [0.0], [0], []
    done = threading.Event()
    attackers = [f"127.0.1.{n}" for n in range(1, 9)]  # eight clients, four connections each
    tokens: dict[int, str] = {}

    def click(thread: int, n: int) -> int:
        source = attackers[thread // 4]
        if thread not in tokens:
            tokens[thread] = page(port, source)[1]
        route = ("/build/edit", "/build/choices", "/build/view")[(n + thread) % 3]
        return heavy_click(port, source, tokens[thread], route, n * 100 + thread)

    def watch() -> None:
        while not done.is_set():
            most[0] = max(most[0], proportional(server.pid))
            time.sleep(0.1)

    watcher = threading.Thread(target=watch)
    answers, attack = Counter(), None
    try:
        page(port, PLAYER)  # the desk is up and its workers started
        before = baseline(lambda: page_seconds(port))
        before_submitting = submit_seconds(port, "Antes")
        # In a process of their own, as another machine: their bodies made beside the player's
        # requests had the player wait for this interpreter (0.3–1.05 s), not for the desk (20–60 ms).
        attack = crowd(len(attackers) * 4, 2 + 15 + 1, click)
        watcher.start()
        time.sleep(2)  # the lanes full
        until = time.monotonic() + 15
        while time.monotonic() < until:
            began = time.monotonic()
            status, _ = page(port, PLAYER)
            slowest[0] = max(slowest[0], time.monotonic() - began)
            assert status == 200
            if len(submitted) < 3:
                began = time.monotonic()
                status, _ = submit(port, f"Jugador {len(submitted)}", follow=False)
                submitted.append((status, time.monotonic() - began))
            time.sleep(0.2)
        answers, attack = attack(30), None
    finally:
        done.set()
        if attack is not None:  # the test failed before the attack's end: stopped now
            attack(0)
        if watcher.is_alive():
            watcher.join()
        kill(server)
    # Made, refused with its reason (422: a list that big is no roster), or told to wait: never a bug.
    assert answers and set(answers) <= {200, 422, 429, 503}, answers
    assert {429, 503} & set(answers)  # the lanes were full: the rest refused before their bodies were read
    assert slowest[0] < bound(before, PAGE_FLOOR), (before, slowest[0])
    assert [status for status, _ in submitted] == [303] * 3, submitted
    assert max(t for _, t in submitted) < bound(before_submitting, SUBMIT_FLOOR), (before_submitting, submitted)
    # Counted as the machine spends it (the workers' shared preload once): 227–229 MiB at its peak on
    # this 2-core machine (their resident sizes added up, 291–311 MiB, passed and failed a 300 MiB bound
    # by the luck of the moment).
    assert most[0] < 260 * MIB, most[0] / MIB


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from Linux's /proc")
def test_heavy_submissions_from_several_addresses_leave_room_for_another_players_list(tmp_path):
    from tests.desk.test_server import submit

    port = free_port()
    server = start(tmp_path / "torneo.sqlite", port)
    done = threading.Event()
    answers: list[int] = []
    stored, slowest, most = [], [0.0], [0]

    def attacker(source: str) -> None:
        _, csrf = page(port, source)
        while not done.is_set():
            try:
                answers.append(heavy_submission(port, source, csrf)[0])
            except OSError:
                answers.append(0)

    threads = [threading.Thread(target=attacker, args=(f"127.0.4.{n // 3 + 1}",)) for n in range(15)]
    try:
        page(port, PLAYER)
        before = baseline(lambda: page_seconds(port))
        before_submitting = submit_seconds(port, "Antes")
        for t in threads:
            t.start()
        time.sleep(4)  # every address has had its heavy lists checked: the lane is theirs
        for k in range(4):
            began = time.monotonic()
            stored.append((submit(port, f"Jugador {k}", follow=False)[0], time.monotonic() - began))
            began = time.monotonic()
            assert page(port, PLAYER)[0] == 200
            slowest[0] = max(slowest[0], time.monotonic() - began)
            most[0] = max(most[0], memory(server.pid))
    finally:
        done.set()
        for t in threads:
            t.join(60)
        kill(server)
    # Five addresses, three heavy submissions each at all times, fill what the lane holds; another
    # player's list is still taken (it was refused as busy before the lane counted bytes), checked
    # beside the heavy one being checked, not behind it (on a busy machine the niced worker took
    # over 20 s for one, and the list waiting behind it timed out). Bounded by the client's wait: 30 s
    # on a quiet machine.
    assert [status for status, _ in stored] == [303] * 4, stored
    assert max(t for _, t in stored) < bound(before_submitting, 10), (before_submitting, stored)
    assert {503} & set(answers) and slowest[0] < bound(before, PAGE_FLOOR), (before, slowest[0])
    assert most[0] < 300 * MIB, most[0] / MIB


# Timed attacks: never beside another (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("measured_alone")

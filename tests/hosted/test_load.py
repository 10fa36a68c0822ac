"""Attacks replayed against ``builder host`` in a process of its own (loopback, each source address a
client of its own), as the desk's are (tests/desk/test_load.py, test_transport.py, test_flood.py):
a flood of clicks from one address, oversized and hostile clicks from several, slow clients from
many. Meanwhile another player builds a list, a click every fifth of a second: the 95th percentile of
its clicks' times stays within three times what it was before the attack (or 300 ms, where that was
quicker than 100 ms), none fails, and the server's memory (its workers' with it) stays bounded."""

from __future__ import annotations

import http.client
import secrets
import socket
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest

from tests.desk.crowds import apart
from tests.desk.deployment import form
from tests.desk.test_load import MIB, heavy, memory
from tests.hosted.support import files_of
from tests.hosted.test_app import Player, short_folder, started, stopped
from tests.serve.live import free_port
from tests.timing import bound, percentile

PLAYER = "127.0.0.3"
P95_FLOOR = 0.100
"""A click's p95 before the attack counts as at least this (a bound of 300 ms on a quiet machine)."""


def send(port: int, source: str, route: str, fields: dict[str, str], files, timeout: float = 30) -> int:
    """One click from ``source``, whatever its token (an attacker's own, taken with the page)."""
    body, headers = form(fields, files)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("POST", route, body=body, headers={**headers, "Cookie": f"builder_csrf={fields.get('csrf', '')}"})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def token(port: int, source: str) -> str:
    player = Player(port, source)
    player.request("GET", "/")
    return player.csrf


def flood(port: int, done: threading.Event, answers: list[int]) -> list[threading.Thread]:
    """One address, sixteen connections at once (its cap), light clicks as fast as they are answered."""
    source = "127.0.6.1"
    csrf = token(port, source)
    light = files_of("porcrom")

    def run() -> None:
        while not done.is_set():
            try:
                answers.append(send(port, source, "/build/view", {"csrf": csrf, "game": "porcrom", "file": "lista.yaml",
                                                                  "at": "[]"}, light))
            except OSError:
                answers.append(0)
    return [threading.Thread(target=run) for _ in range(20)]


HOSTILE = [
    # (route, fields, files): huge texts, half surrogates, games it has not, unknown ops, deep nesting
    ("/build/edit", {"op": "set", "path": '["name"]', "value": "x"}, (("lista.yaml", b"name: x\n" + heavy(1)[8:]),)),
    ("/build/choices", {"at": "[]"}, (("lista.yaml", b"system: wartime\nname: x\n" + heavy(2)[20:]),)),
    ("/build/edit", {"op": "set", "path": '["name"]', "value": "x"},
     tuple((f"f{n}.yaml", b"# " + b"x" * (MIB - 100) + b"\n") for n in range(3))),
    ("/build/edit", {"op": "set", "path": '["name"]', "value": "\ud800".encode("utf-8", "surrogatepass").decode("latin-1")},
     None),
    ("/build/view", {"at": "[]", "game": "__class__"}, None),
    ("/build/view", {"at": "[]", "game": "x" * 50_000}, None),
    ("/build/edit", {"op": "__init__", "path": '["name"]', "value": "x"}, None),
    ("/build/edit", {"op": "set", "path": "[" * 10_000 + "]" * 10_000, "value": "x"}, None),
    ("/build/view", {"at": "[]"}, (("lista.yaml", b"system: wartime\nname: [" + b"[" * 5000 + b"]" * 5000 + b"]\n"),)),
    ("/build/export", {"kind": "pdf"}, (("lista.yaml", b"system: wartime\nname: x\n" + heavy(3)[20:]),)),
]


def hostile(port: int, done: threading.Event, answers: list[int]) -> list[threading.Thread]:
    """Eight addresses, three connections each, oversized and hostile clicks in turn."""
    def run(source: str, k: int) -> None:
        csrf = token(port, source)
        n = k
        while not done.is_set():
            route, fields, files = HOSTILE[n % len(HOSTILE)]
            n += 1
            given = {"csrf": csrf, "lang": "es", "game": "wartime", "file": "lista.yaml", **fields}
            try:
                answers.append(send(port, source, route, given, files or files_of("wartime")))
            except OSError:
                answers.append(0)
    return [threading.Thread(target=run, args=(f"127.0.7.{a}", k)) for a in range(1, 9) for k in range(3)]


def slow(port: int, done: threading.Event, answers: list[int]) -> list[threading.Thread]:
    """Forty addresses, fourteen unfinished requests each (560, past what a process holds): heads and
    bodies trickled a byte at a time."""
    def run(address: int) -> None:
        held: list[socket.socket] = []
        try:
            for n in range(14):
                sock = socket.socket()
                sock.bind((f"127.0.8.{address}", 0))
                try:
                    sock.connect(("127.0.0.1", port))
                    if n % 2:
                        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-a: " % port)
                    else:
                        sock.sendall(b"POST /build/edit HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 2000000\r\n"
                                     b"Content-Type: multipart/form-data; boundary=b\r\n\r\n--b" % port)
                except OSError:
                    answers.append(0)
                held.append(sock)
            while not done.wait(1):
                for sock in held:
                    try:
                        sock.send(b"a")
                    except OSError:
                        pass
        finally:
            for sock in held:
                sock.close()
    return [threading.Thread(target=run, args=(a,)) for a in range(1, 41)]


ATTACKS: dict[str, Callable[[int, threading.Event, list[int]], list[threading.Thread]]] = {
    "flood": flood, "hostile": hostile, "slow": slow}


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="memory is read from Linux's /proc")
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_another_players_clicks_stay_fast_during_each_attack_and_memory_bounded(tmp_path_factory, attack):
    tmp_path = short_folder(tmp_path_factory)
    port = free_port()
    server = started(tmp_path, port)
    done = threading.Event()
    answers: Counter = Counter()
    times: list[float] = []
    before: list[float] = []
    failed: list[int] = []
    most = [0]

    def watch() -> None:
        while not done.is_set():
            most[0] = max(most[0], memory(server.pid))
            time.sleep(0.1)

    player = Player(port, PLAYER)
    watcher, attack_ended = threading.Thread(target=watch), None
    try:
        player.request("GET", "/build?game=wartime")
        own = files_of("wartime")
        for warm in range(3):  # its workers started, and the player's clicks known light
            player.click("/build/edit", "wartime", own, op="set", path='["name"]', value=f"Calentando {warm}", at="[]")
        for n in range(12):  # the same clicks before the attack: what those during it are held to
            began = time.monotonic()
            status, _ = player.click("/build/edit", "wartime", own, op="set", path='["name"]', value=f"Antes {n}", at="[]")
            before.append(time.monotonic() - began)
            assert status == 200
        # The attackers in a process of their own, as another machine's: their threads beside the
        # player's would have it wait for this interpreter, not for the server.
        attack_ended = apart(lambda stop, heard: ATTACKS[attack](port, stop, heard))
        watcher.start()
        time.sleep(2)  # the attack under way
        until = time.monotonic() + 10
        n = 0
        while time.monotonic() < until:
            n += 1
            began = time.monotonic()
            status, _ = player.click("/build/edit", "wartime", own, op="set", path='["name"]',
                                     value=f"Compañía {n} {secrets.token_hex(2)}", at="[]")
            times.append(time.monotonic() - began)
            if status != 200:
                failed.append(status)
            time.sleep(0.2)
        answers, attack_ended = attack_ended(), None
    finally:
        done.set()
        if attack_ended is not None:  # the test failed before the attack's end: stopped now
            attack_ended()
        if watcher.is_alive():
            watcher.join()
        stopped(server)
    assert not failed, failed
    assert percentile(times, 0.95) < bound(percentile(before, 0.95), P95_FLOOR), (
        attack, percentile(before, 0.95), percentile(times, 0.5), percentile(times, 0.95), max(times))
    assert most[0] < 300 * MIB, most[0] / MIB
    if attack == "flood":
        assert 429 in answers and set(answers) <= {0, 200, 429, 503}, answers
    if attack == "hostile":
        assert answers and set(answers) <= {0, 200, 400, 413, 422, 429, 503}, answers


# Timed attacks: never beside another (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("measured_alone")

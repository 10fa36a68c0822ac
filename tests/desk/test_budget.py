"""Each client's budget of bytes (builder/desk/budget.py) and the desk's connections spending it
(builder/desk/transport.py): issue 55's one address sending 16 bodies of 3–7 MB at once, read by the
desk (or thrown away) at loopback speed, took the cores another player needed."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from builder.desk.budget import Budgets
from tests.desk.test_transport import closed, desk_transport, sent_whole

MB = 1_000_000


def test_a_budget_holds_a_burst_at_once_then_refills_at_its_rate():
    budgets = Budgets(rate=MB, burst=8 * MB)
    assert budgets.spend("a", 6_400_000, now=0.0) == 0  # the largest submission, at once
    assert budgets.spend("a", 1_600_000, now=0.0) == 0
    assert budgets.spend("a", 2 * MB, now=0.0) == pytest.approx(2.0)  # in debt: two seconds to pay it
    assert budgets.spend("b", 8 * MB, now=0.0) == 0  # another client's own
    assert budgets.spend("a", 0, now=1.0) == pytest.approx(1.0)
    assert budgets.spend("a", 0, now=100.0) == 0  # paid and refilled, never past its burst
    assert budgets.spend("a", 8 * MB + MB, now=100.0) == pytest.approx(1.0)


def head(path: str, length: int, client: str) -> bytes:
    return (b"POST %s HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\nContent-Length: %d\r\n\r\n"
            % (path.encode(), client.encode(), length))


def answers(sock: socket.socket, count: int, within: float = 30) -> list[bytes]:
    """The status lines of the next ``count`` answers on ``sock``, each with a body of "ok" or "no"."""
    sock.settimeout(within)
    got = b""
    while got.count(b"HTTP/1.1 ") < count or not got.endswith((b"ok", b"no")):
        chunk = sock.recv(65536)
        assert chunk, got[:300]
        got += chunk
    return [answer[:3] for answer in got.split(b"HTTP/1.1 ")[1:]]


@pytest.mark.usefixtures("measured_alone")
def test_one_clients_bodies_are_read_at_its_rate_and_hold_back_no_one_else():
    """Behind a trusted proxy (its X-Forwarded-For): a client that sends a body past its burst has the
    rest read at its rate, its answer still an answer and the connection still open; meanwhile another
    client's body on another connection is read at once, and so is the next request the proxy sends on
    the slowed connection. A refused body's rest is thrown away at once, never at the rate (the proxy,
    once it has written it all, may send another client's request next on that connection, which would
    wait behind it: a player's submission once waited 30 s), its bytes owed all the same."""
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from builder.desk import transport

    async def refused(request):
        return PlainTextResponse("no", status_code=413)  # its body unread

    async def read(request):
        await request.body()
        return PlainTextResponse("ok")
    app = Starlette(routes=[Route("/refused", refused, methods=["POST"]), Route("/read", read, methods=["POST"])])
    limits = transport.Limits(trusted=("127.0.0.1",), client_rate=MB, client_burst=MB)
    with desk_transport(app, limits) as port:
        greedy = socket.create_connection(("127.0.0.1", port), timeout=30)
        body = 6 * MB  # 5 MB past the burst: some 5 s at the rate
        at_the_rate = (body - MB) / MB  # seconds the greedy body's rest takes at its rate
        began = time.monotonic()
        sending = threading.Thread(target=lambda: greedy.sendall(head("/read", body, "203.0.113.9") + b"x" * body))
        sending.start()
        time.sleep(1)
        other = socket.create_connection(("127.0.0.1", port), timeout=30)
        other_began = time.monotonic()
        other.sendall(head("/read", 900_000, "198.51.100.7") + b"y" * 900_000)
        assert answers(other, 1) == [b"200"]
        # Not held to the rate: well inside the time the greedy body's rest takes at it.
        assert time.monotonic() - other_began < at_the_rate / 2.5, time.monotonic() - other_began
        other.close()
        assert answers(greedy, 1) == [b"200"]
        spent = time.monotonic() - began
        assert spent > 0.7 * at_the_rate, spent  # at the rate (0.1 s, before)
        sending.join(30)
        # The proxy's next request on that connection, another client's, is answered at once.
        began = time.monotonic()
        greedy.sendall(head("/read", 3, "198.51.100.8") + b"abc")
        assert answers(greedy, 1) == [b"200"] and time.monotonic() - began < at_the_rate / 5
        # A refused body's rest: thrown away at once, owed.
        began = time.monotonic()
        greedy.sendall(head("/refused", 4 * MB, "203.0.113.9") + b"x" * 4 * MB + head("/read", 3, "198.51.100.8") + b"abc")
        # Not at the rate, which would take some 4 s for it.
        assert answers(greedy, 2) == [b"413", b"200"] and time.monotonic() - began < (4 * MB / MB) / 2
        assert transport.DeskProtocol.budgets.owed("203.0.113.9", time.monotonic()) > 2.5  # some 4 MB past
        assert closed(greedy, 0.2) is None  # still open
        greedy.close()


OWED = 1.0
"""Seconds a client 1 MB past its budget owes at 1 MB a second."""


def test_a_client_in_debt_waits_before_its_request_is_answered():
    """Its refused bodies thrown away at once, a client's next request pays for them: it waits until its
    budget is out of debt (at most HELD_MOST), another client not at all."""
    import asyncio

    from builder.desk import guard, transport

    before = transport.current()
    transport.configure(transport.Limits(client_rate=MB, client_burst=MB))
    try:
        async def run() -> tuple[float, float]:
            now = asyncio.get_running_loop().time()
            transport.DeskProtocol.budgets.spend("203.0.113.9", 2 * MB, now)  # 1 MB past: OWED s owed
            began = time.monotonic()
            await guard.held("198.51.100.7")
            other = time.monotonic() - began
            await guard.held("203.0.113.9")
            return other, time.monotonic() - began - other
        other, greedy = asyncio.run(run())
        assert other < OWED / 10 and 0.8 * OWED < greedy < 1.5 * OWED, (other, greedy)
    finally:
        transport.configure(before)


def test_nothing_is_held_once_the_desk_is_told_to_stop():
    """A desk told to stop waited for every request held for its client's debt (up to HELD_MOST): behind
    Caddy, one address's bodies kept each desk from stopping for ten seconds and more."""
    import asyncio

    from builder.desk import guard, transport

    before = transport.current()
    transport.configure(transport.Limits(client_rate=MB, client_burst=MB))
    try:
        async def run() -> float:
            loop = asyncio.get_running_loop()
            transport.DeskProtocol.budgets.spend("203.0.113.9", (1 + 2 * guard.HELD_MOST) * MB, loop.time())
            began = time.monotonic()
            loop.call_later(OWED / 10, transport.stopping().set)  # uvicorn's shutdown of a connection does so
            await guard.held("203.0.113.9")
            return time.monotonic() - began
        waited = asyncio.run(run())
        assert waited < guard.HELD_MOST / 4, waited  # it owed HELD_MOST twice over
    finally:
        transport.configure(before)


def test_one_client_has_no_more_than_four_bodies_arriving_at_once_on_any_route():
    """Caddy streams bodies to the desk as they arrive (deploy/Caddyfile): one client's stalled bodies
    each hold a connection until the body's timeout, on a route with no lane too (the organiser's
    login). A fifth of one client's at once is refused at once (an ordinary 429, its body thrown away
    by the transport), another client's is read, and once one of the four is gone the client may send
    again."""
    import asyncio

    from starlette.requests import Request

    from builder.desk import guard
    from builder.desk.checks import Busy

    form = b"--b\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\nx\r\n--b--\r\n"

    def request(stalls: bool) -> Request:
        scope = {"type": "http", "method": "POST", "path": "/admin/login", "query_string": b"",
                 "headers": [(b"content-length", str(len(form)).encode()),
                             (b"content-type", b"multipart/form-data; boundary=b")]}
        sent = []

        async def receive():
            if stalls:
                await asyncio.Event().wait()  # never a byte
            if sent:
                await asyncio.Event().wait()
            sent.append(True)
            return {"type": "http.request", "body": form, "more_body": False}
        return Request(scope, receive)

    async def run() -> None:
        stalled = [asyncio.create_task(guard.read_form(request(True), client="203.0.113.9")) for _ in range(4)]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy) as refused:
            await guard.read_form(request(False), client="203.0.113.9")
        assert (refused.value.code, refused.value.status) == ("desk-busy-uploads", 429)
        read, size = await guard.read_form(request(False), client="198.51.100.7")
        assert read.get("token") == "x" and size == len(form)
        stalled.pop().cancel()
        await asyncio.sleep(0.1)
        read, _ = await guard.read_form(request(False), client="203.0.113.9")
        assert read.get("token") == "x"
        for task in stalled:
            task.cancel()
        await asyncio.gather(*stalled, return_exceptions=True)
        assert not guard.ARRIVING
    asyncio.run(run())

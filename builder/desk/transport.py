"""The desk's connections, held before any request reaches the app: uvicorn's HTTP/1.1 protocol
(h11) with the limits uvicorn lacks.

uvicorn has no deadline for a request's head: its keep-alive timer starts again at every byte, so
one client trickling bytes holds a connection for ever, and one address may open any number of
them (uvicorn issue #157). Here, per process:

- a request's head must be complete within ``head_timeout`` seconds of the connection opening, or
  of the previous response ending on a kept-alive connection; else the connection is closed;
- one address (an IPv6 one by its /64: :func:`client_key`) holds at most ``per_address``
  connections (a trusted proxy's own are not counted: it holds its clients itself); a new one past
  that is answered 503 and closed;
- the process holds at most ``total`` connections, so its file descriptors never run out; when
  it holds them all, a new one takes the place of the one that has waited longest for its
  request's head (past :data:`GRACE`): slow clients from many addresses give way to a player's
  request, which arrives whole at once, and only a desk busy with real requests says so (503);
- a request answered before its body was read (a refusal: the app need not read what it refuses)
  keeps its connection while the rest of its body arrives and is thrown away, up to
  ``discard_most`` bytes and within ``head_timeout`` of the answer, then the connection is closed.
  A connection closed on a body still arriving is reset, and a proxy sending that body (Caddy)
  takes the reset for the process failing: the refusal must reach it as an answer. A trusted
  proxy's connection refused here (the process full) is answered likewise once its request's head
  has arrived, never before it (a proxy takes an answer to nothing asked for as a broken connection);
- every byte a connection reads is spent from its client's budget (:mod:`builder.desk.budget`: the
  forwarded address behind a trusted proxy), and a body the app reads for a client in debt is read
  only as the debt is paid; a refused body's rest is thrown away at once and its client's next request
  waits (:func:`owed`): one client's megabytes come at the budget's rate, however many connections
  carry them.

The body's read timeout is the app's (:func:`builder.web.intake.spool_body`): a response there
can name the problem. Settings are class attributes, set by :func:`configure` in each process (the
CLI's, or each worker's from ``BUILDER_DESK``), so uvicorn can start workers from the import string
``builder.desk.transport:DeskProtocol``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import resource
from collections import Counter
from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from builder.core import messages
from builder.desk.budget import Budgets, Flow

IMPORT_NAME = "builder.desk.transport:DeskProtocol"
GRACE = 1.0
"""Seconds a connection may wait for its request's head before a new one may take its place."""
HEAD_MOST = 64 * 1024
"""A request head's bytes, at most (Caddy's ``max_header_size`` is 32 KB), on a refused connection."""


@dataclass(frozen=True)
class Limits:
    head_timeout: float = 10.0
    """Seconds for a request's head to arrive whole."""
    per_address: int = 16
    """Connections open at once from one address, over all the server's processes."""
    total: int = 512
    """Connections open at once in one process (well under the usual 1,024 open files)."""
    trusted: tuple[str, ...] = ()
    """The trusted proxies (addresses or networks), whose connections the per-address cap skips."""
    body_timeout: float = 10.0
    """Seconds the app waits for the next piece of a request's body (then 408)."""
    discard_most: int = 8 * 1024 * 1024
    """Bytes of a refused request's body read and thrown away: above what the shipped proxy forwards
    (deploy/'s ``max_size``, 7 MB at most), so a refusal reaches it as an answer."""
    client_rate: int = 1024 * 1024
    """Bytes a second one client's requests are read at, once its burst is spent."""
    client_burst: int = 8 * 1024 * 1024
    """Bytes one client's requests are read at once before the rate holds: the largest submission
    (about 6.4 MB) and some clicks."""

    def for_workers(self, workers: int) -> Limits:
        """Each of ``workers`` processes' share: the per-address cap divided (rounded up), so the
        sum across them holds; the timeouts and the per-process total as they are."""
        return replace(self, per_address=math.ceil(self.per_address / workers))


def networks(addresses: tuple[str, ...] | list[str]) -> tuple[Any, ...]:
    """Addresses or networks (``10.0.0.1``, ``10.0.0.0/8``, ``::1``) as ``ipaddress`` networks;
    ValueError for one that is neither."""
    return tuple(ipaddress.ip_network(a.strip().strip("[]"), strict=False) for a in addresses)


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``address`` as a socket or a header names it (``[::1]`` too), an IPv4 address mapped into
    IPv6 as the IPv4 address it is; None for what is no address."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def within(address: str, nets: tuple[Any, ...]) -> bool:
    """Whether ``address`` (as a socket or a header names it) is in one of ``nets``."""
    ip = _ip(address)
    if ip is None:
        return False
    return any(ip.version == net.version and ip in net for net in nets)


def forwarded(direct: str, hops: list[str], nets: tuple[Any, ...]) -> str:
    """The client of a request that came from ``direct`` with ``hops`` (its ``X-Forwarded-For``
    addresses, in order) as the per-client limits count it: ``direct``, unless it is in ``nets`` (the
    trusted proxies); then the rightmost hop that isn't itself a trusted proxy (each proxy appends the
    address it got the request from, so what is left of that may be the client's own invention)."""
    if not within(direct, nets):
        return client_key(direct)
    for hop in reversed([hop for hop in hops if hop]):
        if not within(hop, nets):
            return client_key(hop)
    return client_key(direct)


def client_key(address: str) -> str:
    """What the per-client limits count an address as: an IPv4 address itself (one mapped into
    IPv6 too), an IPv6 address by its /64 network, which one home or phone is given whole (else
    one client would be as many clients as it cared to pick addresses)."""
    ip = _ip(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def raise_open_files() -> None:
    """The soft limit on open files raised to the hard one (best effort), so the caps above decide."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
    except (ValueError, OSError):
        pass


def owed(client: str) -> float:
    """Seconds until ``client``'s budget of bytes is out of debt in this process (0: it isn't)."""
    return DeskProtocol.budgets.owed(client, asyncio.get_running_loop().time())


_stopping: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None


def stopping() -> asyncio.Event:
    """Set once this process's server is told to stop (:meth:`DeskProtocol.shutdown`): what waits only
    for time to pass (:func:`builder.desk.guard.held`) waits no longer. One per event loop."""
    global _stopping
    loop = asyncio.get_running_loop()
    if _stopping is None or _stopping[0] is not loop:
        _stopping = (loop, asyncio.Event())
    return _stopping[1]


async def waited(seconds: float) -> None:
    """``seconds`` passed, or sooner this process told to stop (:func:`stopping`)."""
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(stopping().wait(), seconds)


def configure(limits: Limits) -> None:
    """This process's limits, for every connection accepted from now on."""
    DeskProtocol.limits = limits
    DeskProtocol.trusted_nets = networks(limits.trusted)
    DeskProtocol.budgets = Budgets(limits.client_rate, limits.client_burst)


def current() -> Limits:
    """This process's limits."""
    return DeskProtocol.limits


def as_settings(limits: Limits) -> dict[str, Any]:
    """The limits as JSON can carry them to the workers (see :func:`from_settings`)."""
    return asdict(limits)


def from_settings(given: dict[str, Any]) -> Limits:
    return Limits(**{**given, "trusted": tuple(given["trusted"])})


def refusal_bytes(code: str) -> bytes:
    """A bare 503 for a connection refused before its request is read: its language isn't known
    yet, so the message in Spanish, then in English on its own line."""
    text = "\n".join(messages.text(f"desk.error.{code}", lang) for lang in ("es", "en")).encode("utf-8") + b"\n"
    return (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"connection: close\r\nretry-after: 10\r\ncontent-length: %d\r\n\r\n" % len(text)) + text


class DeskProtocol(H11Protocol):
    limits: ClassVar[Limits] = Limits()
    trusted_nets: ClassVar[tuple[Any, ...]] = ()
    budgets: ClassVar[Budgets] = Budgets(Limits.client_rate, Limits.client_burst)
    open_from: ClassVar[Counter[str]] = Counter()
    """Connections open now in this process, by client address."""
    waiting: ClassVar[dict[DeskProtocol, float]] = {}
    """The connections waiting for a request's head, the longest waiting first, with when they began."""

    _address: str | None = None
    _refused: str | None = None
    """Why this connection is refused (its code), if it is."""
    _head: bytes | None = b""
    """What a refused trusted proxy's connection sent before its request's head ended."""
    _discarded = 0
    """Bytes of the current request's body thrown away, or of a refused connection's request."""
    _head_deadline: asyncio.TimerHandle | None = None
    _payer: str | None = None
    """The client whose request the connection carries now, whose budget its reading spends."""
    _paid_up: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.flow = Flow(transport)
        address = client_key(self.client[0]) if self.client else "?"
        if len(self.connections) > self.limits.total and not self._make_room():
            return self._refuse("desk-busy", proxied=within(address, self.trusted_nets))
        if not within(address, self.trusted_nets):
            if self.open_from[address] >= self.limits.per_address:
                return self._refuse("desk-too-many-connections")
            self.open_from[address] += 1
            self._address = address
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._paid_up is not None:
            self._paid_up.cancel()
            self._paid_up = None
        if self._address is not None:
            self.open_from[self._address] -= 1
            if self.open_from[self._address] <= 0:
                del self.open_from[self._address]
            self._address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self._received(data)
        # Spent once the request's head is read (its client known), after uvicorn's own resuming.
        if self._payer is None or self.transport.is_closing():
            return
        wait = self.budgets.spend(self._payer, len(data), self.loop.time())
        if self.conn.their_state is not h11.SEND_BODY or self._discarding():
            # The request is all here, or answered: the connection may carry another client's next (a
            # proxy's does) once the body has gone by, which the debt must not hold back; it holds this
            # client's next request (guard.held) and body, on any connection.
            self._lift()
        elif wait > 0:
            self.flow.throttle(True)
            if self._paid_up is not None:
                self._paid_up.cancel()
            # Never past half the app's wait for a piece of the body: the desk's own hold is no stalled
            # body (a 408 then closed the connection on what was still coming: a reset to the proxy).
            self._paid_up = self.loop.call_later(min(wait, self.limits.body_timeout / 2), self._lift)

    def _lift(self) -> None:
        if self._paid_up is not None:
            self._paid_up.cancel()
            self._paid_up = None
        if self.flow.throttled:
            self.flow.throttle(False)

    def _discarding(self) -> bool:
        """Whether the request is answered and the rest of its body still to come (and be thrown away)."""
        return self.cycle is not None and self.cycle.response_complete and self.conn.their_state is h11.SEND_BODY

    def _received(self, data: bytes) -> None:
        if self._refused:
            return self._refused_data(data)
        if self._discarding():
            # Answered already: the rest of the body thrown away, as long as it is bounded.
            self._discarded += len(data)
            if self._discarded > self.limits.discard_most:
                self._disarm()
                self.transport.close()
                return
            data = self._skipped(data)
            if not data:
                self.handle_events()  # at the body's end, h11 ends the request: the next one may follow
                return
        super().data_received(data)

    def _skipped(self, data: bytes) -> bytes:
        """What of ``data`` is past the end of a refused body of known length: the body's own bytes are
        counted off h11's reader uncopied. Through h11 they were copied three times to be thrown away,
        the desk's event loop's main work while one address sent bodies as fast as loopback carries
        them (issue 55). A chunked body, or one h11 still holds bytes of, goes through h11 as before."""
        reader = getattr(self.conn, "_reader", None)  # h11's own (h11 0.16): else through h11, as before
        if type(reader).__name__ != "ContentLengthReader" or not isinstance(getattr(reader, "_remaining", None), int) \
                or len(getattr(self.conn, "_receive_buffer", b"x")):
            return data
        taken = min(len(data), reader._remaining)
        reader._remaining -= taken
        return data[taken:]

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not before and self.cycle is not None:  # a request's head arrived whole
            self._disarm()
            self._discarded = 0
            hops = [hop.strip().decode("latin-1") for name, value in self.cycle.scope["headers"]
                    if name == b"x-forwarded-for" for hop in value.split(b",")]
            self._payer = forwarded(self.client[0] if self.client else "?", hops, self.trusted_nets)

    def on_response_complete(self) -> None:
        # Armed before uvicorn starts on a pipelined request, whose head (if whole) disarms it again.
        self._arm()
        super().on_response_complete()
        self._lift()
        if self.conn.their_state is h11.SEND_BODY:
            # The rest of a refused body still to come: uvicorn's keep-alive timer would close the
            # connection on it (a reset to the proxy); the head deadline bounds it.
            self._unset_keepalive_if_required()

    def shutdown(self) -> None:
        stopping().set()
        # A desk told to stop doesn't wait for a body still arriving: none of it is acknowledged, and
        # held at its client's budget (or stalled) it kept the stop waiting for the body's timeout.
        # Its sender sees the connection closed, as it would any cut one, and sends again.
        if self.cycle is not None and not self.cycle.response_complete and self.conn.their_state is h11.SEND_BODY:
            self.transport.close()
            return
        super().shutdown()

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for its head, if it has waited past GRACE."""
        for longest, since in self.waiting.items():
            if self.loop.time() - since < GRACE:
                return False
            longest._disarm()
            longest.transport.close()
            return True
        return False

    def _refuse(self, code: str, proxied: bool = False) -> None:
        """Refused: a client's connection answered and closed at once (it holds nothing here), a
        trusted proxy's answered once its request's head is here, its body thrown away (bounded)."""
        self._refused = code
        if not proxied:
            self.transport.write(refusal_bytes(code))
            self.transport.close()
            return
        self._head_deadline = self.loop.call_later(self.limits.head_timeout, self._head_late)

    def _refused_data(self, data: bytes) -> None:
        """A refused proxy's request: answered once its head is whole, the rest thrown away, bounded."""
        if self.transport.is_closing():
            return
        self._discarded += len(data)
        if self._head is not None:
            self._head += data
            if b"\r\n\r\n" in self._head:
                self._head = None
                self.transport.write(refusal_bytes(self._refused or "desk-busy"))
        if self._discarded > self.limits.discard_most + HEAD_MOST or (self._head and len(self._head) > HEAD_MOST):
            self.transport.close()

    def _arm(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self._head_deadline = self.loop.call_later(self.limits.head_timeout, self._head_late)
            self.waiting[self] = self.loop.time()

    def _disarm(self) -> None:
        self.waiting.pop(self, None)
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_late(self) -> None:
        self._head_deadline = None
        self.waiting.pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()

"""Where the desk's heavy work runs: lanes of worker processes, apart from the threads pages are made in.

A submission's files are checked (:func:`builder.events.submitted.check_submission`) in a lane,
and so is every click of a player's builder (:mod:`builder.desk.building`: the view, the edit, the
choices tried, the sheet, the PDF and the cards' preview), each in a lane of its own kind, so
neither a heavy list nor a flood of clicks ever holds the interpreter that answers ``GET /``:

- each worker runs at a lower priority (``nice``) than the server, so pages come first when both
  want the processor;
- each check has a CPU-time bound on a clock that starts with it (``ITIMER_PROF``, caught as
  ``SIGPROF``, and again each second after) and each worker an address-space bound
  (``RLIMIT_AS``); a check past either is refused (``check-too-heavy``) and the worker lives on,
  however long it has served. A worker that dies or hangs (a bound a C call outlasts) is
  replaced with the pool, past a wall-clock backstop (the hard one: the worker killed);
- one client has at most :data:`PER_CLIENT` checks in flight, its bodies still arriving
  among them (429 ``desk-busy-client``), and the desk at most :data:`ADMITTED` in all, running or
  waiting, holding :data:`CHECK_BYTES` together (503 ``desk-busy``, with ``Retry-After``),
  before its files are read into memory; so what the waiting requests hold in memory is bounded;
- the next job a worker takes is the one of the client whose jobs took least of the workers'
  time lately (:class:`builder.desk.workers.Workers`): a player's one list is checked next,
  whatever a few greedy clients keep waiting; a job whose client has left is dropped.

What runs in a worker, and within which bounds, is :mod:`builder.desk.jobs`.
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from typing import Any, Iterator, Mapping

from builder.core.pack import Pack
from builder.desk.workers import CHECKERS, MEMORY, Workers
from builder.events.submitted import Checking

PER_CLIENT = 2
"""Checks one client address may have in flight (its body all here, waiting or running)."""
ADMITTED = 64
"""Checks in flight in all: the running ones and a queue."""
CHECK_BYTES = 16 * 1024 * 1024
"""The bytes of the submissions in flight together: many players' lists of a few kilobytes, but
only three of the heaviest (five files of a megabyte) — what they hold in memory meanwhile."""
CPU_SECONDS = 11
"""A check's CPU time: a real list takes well under a second, 5 × 1 MiB about two."""
RETRY_AFTER = 10


class Busy(Exception):
    """A request refused a place in its lane: ``code``, the HTTP ``status``, and ``retry_after``."""

    def __init__(self, code: str, status: int, retry_after: int | None = None):
        super().__init__(code)
        self.code, self.status, self.retry_after = code, status, retry_after


class Lane:
    """One kind of heavy work (jobs of :data:`builder.desk.jobs.JOBS`): admitted per client and in
    all, each job bounded in CPU time, run by ``workers`` (its own, unless it shares another lane's)."""

    def __init__(self, pack: Pack, checkers: int = CHECKERS, per_client: int = PER_CLIENT,
                 admitted: int = ADMITTED, cpu_seconds: int = CPU_SECONDS, memory: int = MEMORY,
                 retry_after: int = RETRY_AFTER, workers: Workers | None = None,
                 bytes_most: int | None = CHECK_BYTES):
        self.workers = workers if workers is not None else Workers(pack, checkers, memory)
        self.per_client, self.most, self.cpu_seconds, self.retry_after = per_client, admitted, cpu_seconds, retry_after
        self.bytes_most = bytes_most
        """The bytes of the bodies in flight together (None: only their number is bounded): many
        small requests may wait, few large ones."""
        self.clients: Counter[str] = Counter()
        self.arriving: Counter[str] = Counter()
        """Each client's bodies still arriving (:meth:`reading`)."""
        self.in_flight = 0
        self.holding = 0

    # Admission runs on the event loop alone: the counts need no lock.

    def admit(self, client: str, size: int = 0) -> str:
        """Count a request for ``client``, of a body of ``size`` bytes, in (Busy when it may not),
        until :meth:`release`."""
        self.refuse_now(client, size)
        self.clients[client] += 1
        self.in_flight += 1
        self.holding += size
        return client

    def refuse_now(self, client: str, size: int = 0) -> None:
        """Busy if a request of ``size`` bytes for ``client`` would not be admitted now: said before
        its body is read, so a full lane costs a flood nothing to refuse (nothing is kept for it)."""
        if self.clients[client] + self.arriving[client] >= self.per_client:
            raise Busy("desk-busy-client", 429, self.retry_after)
        if self.in_flight >= self.most or (self.bytes_most is not None and self.in_flight
                                           and self.holding + size > self.bytes_most):
            raise Busy("desk-busy", 503, self.retry_after)

    @contextmanager
    def reading(self, client: str, size: int = 0) -> Iterator[None]:
        """While ``client``'s body of ``size`` bytes (as declared) arrives: Busy now if it would not be
        admitted, and the body counted among its client's places until it is all here. So one address
        sending 16 bodies at once has two read and the rest refused unread, not all 16 read and
        parsed at once beside other players (issue 55). A body arriving slowly holds a place of its
        own client's alone: the lane's places in all are taken only once it is here (:meth:`admit`)."""
        self.refuse_now(client, size)
        self.arriving[client] += 1
        try:
            yield
        finally:
            self.arriving[client] -= 1
            if not self.arriving[client]:
                del self.arriving[client]

    def release(self, client: str, size: int = 0) -> None:
        self.holding -= size
        self.in_flight -= 1
        self.clients[client] -= 1
        if not self.clients[client]:
            del self.clients[client]

    async def check(self, files: Mapping[str, bytes], kept: tuple[str | None, str | None] | None = None) -> Checking:
        """:func:`check_submission` of ``files`` in a worker: its Checking, or its StoreRefused or
        InputError raised here; StoreRefused ``check-too-heavy`` past a bound. ``kept``: a stored
        version's game and edition, checked again under that edition
        (:func:`builder.events.submitted.kept_under`)."""
        return await self.run("check", dict(files), *([kept] if kept else []))

    async def run(self, job: str, *args: Any) -> Any:
        """``JOBS[job](pack, *args)`` in a worker, within this lane's CPU time (:meth:`Workers.run`)."""
        return await self.workers.run(job, args, self.cpu_seconds)

    def start(self) -> None:
        self.workers.start()

    def close(self) -> None:
        self.workers.close()

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
- one client has at most :data:`PER_CLIENT` checks in flight, counted from when its body has
  arrived (429 ``desk-busy-client``), and the desk at most :data:`ADMITTED` in all, running or
  waiting, holding :data:`CHECK_BYTES` together (503 ``desk-busy``, with ``Retry-After``),
  before its files are read into memory; so what the waiting requests hold in memory is bounded;
- the next job a worker takes is the one of the client whose jobs took least of the workers'
  time lately (:class:`Workers`): a player's one list is checked next, whatever a few greedy
  clients keep waiting.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import math
import multiprocessing
import os
import resource
import signal
import time
from collections import Counter, deque
from contextvars import ContextVar
from dataclasses import dataclass
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Mapping

from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.events.bounds import StoreRefused
from builder.events.submitted import LARGE, Checking, check_submission
from builder.desk import building
from builder.web.keeping import Refused

CHECKERS = max(1, min(2, (os.cpu_count() or 2) - 1))
"""Worker processes: every core but one, which is the pages' (one on a two-core machine; a heavy
check of 5 × 1 MiB peaks near 90 MB in its worker)."""
PER_CLIENT = 2
"""Checks one client address may have in flight (its body all here, waiting or running)."""
ADMITTED = 64
"""Checks in flight in all: the running ones and a queue."""
CHECK_BYTES = 16 * 1024 * 1024
"""The bytes of the submissions in flight together: many players' lists of a few kilobytes, but
only three of the heaviest (five files of a megabyte) — what they hold in memory meanwhile."""
CPU_SECONDS = 11
"""A check's CPU time: a real list takes well under a second, 5 × 1 MiB about two."""
MEMORY = 512 * 1024 * 1024
"""What a worker may grow by (its address space), over what it starts with."""
BACKSTOP = 120
"""Wall-clock seconds a job may take from when it is sent to the pool before its worker is taken for hung."""
RETRY_AFTER = 10
HALF_LIFE = 10.0
"""Seconds over which a client's work counts half as much when its next job is chosen."""
PREFETCHED = 4
"""Light jobs that may wait in the pool beside the running ones: of clients whose jobs lately took at
most :data:`LIGHT_SECONDS` each, their texts under LARGE."""
LIGHT_SECONDS = 0.05
"""A light job's CPU time: a real list's click takes a few hundredths of a second, its check a tenth."""
BYTES_A_SECOND = 2 * 1024 * 1024
"""About how much text a worker reads and checks in a second (a heavy list of 5 × 1 MiB: two or three)."""
CLIENTS_KEPT = 10_000
PR_SET_PDEATHSIG = 1
M_MMAP_THRESHOLD = -3
CLIENT: ContextVar[str] = ContextVar("client", default="")
"""The client a job is for: set by the desk's gates (:func:`builder.desk.guard.endpoint`) for the request."""


class Busy(Exception):
    """A request refused a place in its lane: ``code``, the HTTP ``status``, and ``retry_after``."""

    def __init__(self, code: str, status: int, retry_after: int | None = None):
        super().__init__(code)
        self.code, self.status, self.retry_after = code, status, retry_after


class Workers:
    """Worker processes for one pack, each bounded in memory; lanes share them (:class:`Lane`).

    Jobs wait here, not in the pool: a job goes to a worker only when one is free, and the next is
    the one of the client whose jobs took the least of the workers' time lately (its seconds of
    work, halved every :data:`HALF_LIFE` s). So a player's one click or list is made next, whatever
    a few greedy clients keep queued, and a job's backstop counts only its own running time."""

    def __init__(self, pack: Pack, count: int = CHECKERS, memory: int = MEMORY):
        self.pack, self.count, self.memory = pack, count, memory
        self.pool: ProcessPoolExecutor | None = None
        self.waiting: dict[str, deque[_Job]] = {}
        self.used: dict[str, tuple[float, float, float]] = {}
        """Each client's recent work: its seconds, as of when (monotonic), and its costliest job's."""
        self.running = 0

    async def run(self, job: str, args: tuple[Any, ...], cpu_seconds: int) -> Any:
        """``JOBS[job](pack, *args)`` in a worker, within ``cpu_seconds``: what it returns, or what
        it raised (StoreRefused, InputError, a builder's Refused) raised here; StoreRefused
        ``check-too-heavy`` past a bound. The job is this request's client's (:data:`CLIENT`)."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        client, waiting = CLIENT.get(), _Job(job, args, cpu_seconds, done, _size(args))
        self.waiting.setdefault(client, deque()).append(waiting)
        self._next()
        try:
            kind, found = await done
        except asyncio.CancelledError:  # its request is gone (its client left): a job not begun never is
            self._drop(client, waiting)
            raise
        if kind == "refused":
            raise StoreRefused(*found)
        if kind == "refused-click":
            raise Refused(*found)
        if kind == "unreadable":
            raise found
        return found

    def start(self) -> None:
        """Start the workers now, not with the first player's request."""
        self._pool().submit(int)

    def close(self) -> None:
        if self.pool is not None:
            self._replace(self.pool)  # a job still running would outlive the server
        for queue in self.waiting.values():
            for waiting in queue:
                if not waiting.done.done():
                    waiting.done.set_exception(StoreRefused("check-too-heavy", "the server stopped"))
        self.waiting.clear()

    # On the event loop alone: the queues need no lock.

    def _next(self) -> None:
        while self.waiting:
            client = min(self.waiting, key=self._owed)
            queue = self.waiting[client]
            # The workers busy, a few light jobs sent on to wait in the pool: a worker goes from one
            # to the next without waiting for the desk's loop, and a job waits behind few of them.
            # Light as measured: a client's jobs are sent ahead only once its jobs have proved cheap
            # (a small text may be slow to read), so another's job never waits behind its slow ones.
            light = queue[0].size <= LARGE and self._costliest(client) <= LIGHT_SECONDS
            if self.running >= self.count + (PREFETCHED if light else 0):
                return
            waiting = queue.popleft()
            if not queue:
                del self.waiting[client]
            if waiting.done.done():  # its request is gone (cancelled): nothing to do for it
                continue
            self._begin(client, waiting)

    def _drop(self, client: str, waiting: _Job) -> None:
        """A job no one waits for any more, out of its client's queue now (its texts with it)."""
        queue = self.waiting.get(client)
        if queue is not None and waiting in queue:
            queue.remove(waiting)
            if not queue:
                del self.waiting[client]

    def _begin(self, client: str, waiting: _Job) -> None:
        pool, began = self._pool(), time.monotonic()
        try:
            future = pool.submit(_run, waiting.job, waiting.args, waiting.cpu_seconds)
        except (BrokenProcessPool, RuntimeError):
            self._replace(pool)
            waiting.done.set_exception(StoreRefused("check-too-heavy", "a worker died"))
            return
        self.running += 1
        loop = asyncio.get_running_loop()
        # A worker hung where no signal reaches it (a bound a C call outlasts): its pool replaced.
        backstop = loop.call_later(BACKSTOP, self._replace, pool)
        running = asyncio.wrap_future(future)

        def ended(_: Any) -> None:
            backstop.cancel()
            self.running -= 1
            done = not running.cancelled() and running.exception() is None
            # What the job cost: its CPU time as the worker measured it, or, if it has none to say,
            # the time since it was sent (at least its bound, if it was too long).
            self._charge(client, running.result()[2] if done else max(time.monotonic() - began, waiting.cpu_seconds))
            if not waiting.done.done():
                if running.cancelled():
                    waiting.done.set_exception(StoreRefused("check-too-heavy", "cancelled"))
                elif isinstance(running.exception(), BrokenProcessPool):
                    self._replace(pool)  # a worker died: the kernel's OOM killer, a crash in C, the backstop
                    waiting.done.set_exception(StoreRefused("check-too-heavy", "a worker died"))
                elif isinstance(running.exception(), _TooLong):  # the signal came as the job returned
                    waiting.done.set_exception(StoreRefused("check-too-heavy", ""))
                elif running.exception() is not None:
                    waiting.done.set_exception(running.exception())
                else:
                    waiting.done.set_result(running.result()[:2])
            self._next()
        running.add_done_callback(ended)

    def _owed(self, client: str) -> float:
        """What a client's turn weighs: its recent work, and the work it has waiting, each job
        guessed from its texts' size or what its jobs have cost lately, whichever is more (a client
        who has not been served yet is not taken for a light one)."""
        costliest = self._costliest(client, unknown=0.0)
        return self._recent(client) + sum(max(w.size / BYTES_A_SECOND, costliest)
                                          for w in self.waiting.get(client, ()))

    def _recent(self, client: str) -> float:
        seconds, when, _ = self.used.get(client, (0.0, 0.0, 0.0))
        return seconds * 0.5 ** ((time.monotonic() - when) / HALF_LIFE)

    def _costliest(self, client: str, unknown: float = math.inf) -> float:
        """The CPU seconds of a client's costliest job lately (halved every :data:`HALF_LIFE` s);
        ``unknown`` for a client none of whose jobs has been measured."""
        if client not in self.used:
            return unknown
        _, when, costliest = self.used[client]
        return costliest * 0.5 ** ((time.monotonic() - when) / HALF_LIFE)

    def _charge(self, client: str, seconds: float) -> None:
        costliest = max(seconds, self._costliest(client, unknown=0.0))
        self.used[client] = (self._recent(client) + seconds, time.monotonic(), costliest)
        if len(self.used) > CLIENTS_KEPT:  # the longest idle forgotten: its work long since halved away
            for stale in sorted(self.used, key=lambda c: self.used[c][1])[:len(self.used) - CLIENTS_KEPT]:
                del self.used[stale]

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=self.count, mp_context=_context(),
                                            initializer=_start, initargs=(self.pack, self.memory))
        return self.pool

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        if self.pool is pool:
            self.pool = None
        # No public way to stop a worker in the middle of a job; a pool already shut has none.
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)


@dataclass(eq=False)
class _Job:
    job: str
    args: tuple[Any, ...]
    cpu_seconds: int
    done: asyncio.Future[Any]
    size: int = 0


class Lane:
    """One kind of heavy work (jobs of :data:`JOBS`): admitted per client and in all, each job
    bounded in CPU time, run by ``workers`` (its own, unless it shares another lane's)."""

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
        if self.clients[client] >= self.per_client:
            raise Busy("desk-busy-client", 429, self.retry_after)
        if self.in_flight >= self.most or (self.bytes_most is not None and self.in_flight
                                           and self.holding + size > self.bytes_most):
            raise Busy("desk-busy", 503, self.retry_after)

    def release(self, client: str, size: int = 0) -> None:
        self.holding -= size
        self.in_flight -= 1
        self.clients[client] -= 1
        if not self.clients[client]:
            del self.clients[client]

    async def check(self, files: Mapping[str, bytes]) -> Checking:
        """:func:`check_submission` of ``files`` in a worker: its Checking, or its StoreRefused or
        InputError raised here; StoreRefused ``check-too-heavy`` past a bound."""
        return await self.run("check", dict(files))

    async def run(self, job: str, *args: Any) -> Any:
        """``JOBS[job](pack, *args)`` in a worker, within this lane's CPU time (:meth:`Workers.run`)."""
        return await self.workers.run(job, args, self.cpu_seconds)

    def start(self) -> None:
        self.workers.start()

    def close(self) -> None:
        self.workers.close()


def _context() -> Any:
    # Not a fork of the server: its threads may hold locks a forked child would wait on forever.
    # The fork server is a clean process with the checker imported once; each worker is its fork.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["builder.events.submitted", "builder.desk.checks"])
        return context
    return multiprocessing.get_context("spawn")


# In the worker process

_PACK: Pack | None = None
_ARMED = False
_SOON = 0.001
"""The CPU time of a job allowed none (zero would disarm the timer, not fire it)."""


class _TooLong(BaseException):  # not an Exception: no boundary inside the check may take it for a bug
    pass


def _start(pack: Pack, memory: int) -> None:
    global _PACK
    _PACK = pack
    os.nice(10)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm", encoding="ascii") as statm:  # its size now, in pages
        size = int(statm.read().split()[0]) * resource.getpagesize()
    limit = size + memory if hard == resource.RLIM_INFINITY else min(hard, size + memory)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGPROF, _out_of_time)
    big_blocks_apart()
    if _LIBC is not None and hasattr(_LIBC, "prctl"):
        # Gone with the fork server, which goes with the desk: a worker never outlives its server.
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _out_of_time(_signal: int, _frame: Any) -> None:
    if _ARMED:  # not after the check returned: the next one starts with a new bound
        raise _TooLong()


def _on_texts(work: Any) -> Any:
    """A builder's ``work`` given the files a click sent as bytes (read as text here, in the worker)."""
    return lambda pack, files, *args: work(pack, building.texts_of(list(files.items())), *args)


JOBS = {
    "check": lambda pack, files: check_submission(files, pack),
    "view": _on_texts(building.drawn),
    "edit": _on_texts(building.clicked),
    "choices": _on_texts(building.refusals),
    "export": _on_texts(building.exported),
    "preview": _on_texts(building.previewed),
}
"""What a lane's workers do, by name: a submission's check, and a builder's clicks."""


def _run(job: str, args: tuple[Any, ...], cpu_seconds: int) -> tuple[str, Any, float]:
    """A job's outcome (its kind, what it made or why not) and the CPU seconds it took."""
    began = time.process_time()
    kind, found = _bounded(job, args, cpu_seconds)
    return kind, found, time.process_time() - began


def _bounded(job: str, args: tuple[Any, ...], cpu_seconds: int) -> tuple[str, Any]:
    global _ARMED
    _ARMED = True
    # The job's own clock, started now: the kernel's count of this process's CPU time from here on,
    # whatever the worker has served before (RLIMIT_CPU's limit, set from getrusage's reading, fell
    # behind the clock the kernel enforces it on, and refused every job of a worker long in use).
    # Then again each second, should a job's own code swallow the first.
    signal.setitimer(signal.ITIMER_PROF, max(cpu_seconds, _SOON), 1.0)
    try:
        return "done", JOBS[job](_PACK, *args)
    except StoreRefused as exc:
        return "refused", (exc.code, exc.detail)
    except Refused as exc:  # a click the builder refused: said as such, by its code and status
        return "refused-click", (exc.code, exc.status)
    except InputError as exc:
        return "unreadable", exc
    except (_TooLong, MemoryError, RecursionError):
        return "refused", ("check-too-heavy", "")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        _ARMED = False
        if _large(args):
            _give_back()


def _lengths(args: tuple[Any, ...]) -> list[int]:
    """The length of each text a job is given (its files, as bytes or as text)."""
    return [len(t) for m in args if isinstance(m, Mapping) for t in m.values() if isinstance(t, (str, bytes))]


def _size(args: tuple[Any, ...]) -> int:
    """The bytes of the texts a job is given."""
    return sum(_lengths(args))


def _large(args: tuple[Any, ...]) -> bool:
    """Whether a job was given a large text (a heavy list: its parse took tens of megabytes)."""
    return any(n > LARGE for n in _lengths(args))


def big_blocks_apart() -> None:
    """A megabyte text, or a page carrying one, taken from the system and given back whole when freed.

    glibc serves large blocks from pages of their own and returns them when freed, but raises its
    threshold for that each time such a block is freed, until texts of a megabyte come from the
    heap and their pages stay: a flood of heavy lists would leave the process that much bigger.
    Kept at 512 KiB (well above what a real list's request needs), the desk and its workers are
    about the same size after a flood as before."""
    if _LIBC is not None and hasattr(_LIBC, "mallopt"):
        _LIBC.mallopt(M_MMAP_THRESHOLD, 512 * 1024)


def _give_back() -> None:
    # A heavy list's parse is freed when the job ends, but the C allocator keeps the pages for
    # itself: given back to the system, a worker's memory is the same after a flood as before.
    gc.collect()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


try:
    _LIBC: Any = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    _LIBC.malloc_trim
except (OSError, AttributeError):  # not glibc: its memory stays the allocator's
    _LIBC = None

"""The desk's side of a lane's worker processes: which job goes to a worker next, and the pool.

Jobs wait in the desk, not in the pool: a job goes to a worker when one is free, and the next is
the one of the client whose jobs took the least of the workers' CPU time lately (halved every
:data:`HALF_LIFE` s). A few jobs may wait in the pool beside the running ones, of clients whose jobs
have proved light as measured (a small text may be slow to read), so another's job never waits
behind a client's slow ones. A job whose request is gone is dropped from its queue at once; one
that hangs past :data:`BACKSTOP` has its worker killed with the pool.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import time
from collections import deque
from contextvars import ContextVar
from dataclasses import dataclass
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Mapping

from builder.core import editions
from builder.core.pack import Pack
from builder.desk import jobs
from builder.events.bounds import StoreRefused
from builder.events.submitted import LARGE
from builder.web.keeping import Refused

CHECKERS = max(1, min(2, (os.cpu_count() or 2) - 1))
"""Worker processes: every core but one, which is the pages' (one on a two-core machine; a heavy
check of 5 × 1 MiB peaks near 90 MB in its worker)."""
MEMORY = 512 * 1024 * 1024
"""What a worker may grow by (its address space), over what it starts with."""
BACKSTOP = 120
"""Wall-clock seconds a job may take from when it is sent to the pool before its worker is taken for hung."""
HALF_LIFE = 10.0
"""Seconds over which a client's work counts half as much when its next job is chosen."""
PREFETCHED = 4
"""Light jobs that may wait in the pool beside the running ones: of clients whose jobs lately took at
most :data:`LIGHT_SECONDS` each, their texts under LARGE."""
LIGHT_SECONDS = 0.05
"""A light job's CPU time: a real list's click takes a few hundredths of a second, its check less."""
SPARE = 1
"""Worker processes beyond ``count`` that a heavy job never takes (a text over LARGE, or one of a
client whose jobs lately proved slow): a light job (a player's one list, a click) runs beside the
heavy ones, never behind one. A niced worker on a busy machine took over twenty seconds for a heavy
check of two seconds' CPU, and a player's list sent to wait behind it was timed out."""
BYTES_A_SECOND = 2 * 1024 * 1024
"""About how much text a worker reads and checks in a second (a heavy list of 5 × 1 MiB: two or three)."""
CLIENTS_KEPT = 10_000
CLIENT: ContextVar[str] = ContextVar("client", default="")
"""The client a job is for: set by the desk's gates (:func:`builder.desk.guard.endpoint`) for each request."""


class Workers:
    """Worker processes for one pack, each bounded in memory; lanes share them
    (:class:`builder.desk.checks.Lane`). A player's one click or list is made next, whatever a few
    greedy clients keep queued, and a job's backstop counts only its own time in the pool."""

    def __init__(self, pack: Pack | Mapping[str, Pack], count: int = CHECKERS, memory: int = MEMORY,
                 spare: int = SPARE, backstop: float = BACKSTOP):
        self.pack, self.count, self.memory, self.spare, self.backstop = pack, count, memory, spare, backstop
        self.installed = os.environ.get(editions.ENVIRONMENT, "")
        """The editions installed beside builder's own when the desk started: its workers' too."""
        self.pool: ProcessPoolExecutor | None = None
        self.waiting: dict[str, deque[_Job]] = {}
        self.used: dict[str, tuple[float, float, float]] = {}
        """Each client's recent work: its seconds, as of when (monotonic), and its costliest job's."""
        self.running = 0
        self.sent: dict[str, int] = {}
        """Each client's jobs in the pool, not yet ended."""
        self.heavy = 0
        """Heavy jobs sent to the pool and not yet ended: at most ``count``."""

    async def run(self, job: str | Callable[..., Any], args: tuple[Any, ...], cpu_seconds: int) -> Any:
        """``JOBS[job](pack, *args)`` (or ``job(pack, *args)``, a module's function) in a worker, within ``cpu_seconds``: what it returns, or what
        it raised (StoreRefused, InputError, a builder's Refused) raised here; StoreRefused
        ``check-too-heavy`` past a bound. The job is this request's client's (:data:`CLIENT`)."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        client, waiting = CLIENT.get(), _Job(job, args, cpu_seconds, done, jobs.size(args), jobs.drawn(job, args))
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
        """Start the workers now, all of them, not with the first player's request: the pool starts a
        process only when no other is free, so the spare one was started under the first rush, and the
        click that needed it waited for it (a worker primed under a busy machine took seconds)."""
        pool = self._pool()
        for _ in range(self.count + SPARE):  # none has ended yet: each one a process of its own
            pool.submit(int)

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
            # The next job is of the least owed client among those whose job may go now: a heavy job
            # only while fewer than ``count`` are in the pool, a light one beside them (SPARE).
            ready = [client for client, queue in self.waiting.items() if self._may_send(client, queue[0])]
            if not ready:
                return
            client = min(ready, key=self._owed)
            queue = self.waiting[client]
            waiting = queue.popleft()
            if not queue:
                del self.waiting[client]
            if waiting.done.done():  # its request is gone (cancelled): nothing to do for it
                continue
            self._begin(client, waiting)

    def _heavy(self, client: str, waiting: _Job) -> bool:
        """A PDF, a large text, or one of a client whose jobs lately proved slow (one not yet served
        is taken for light here: its first job shows what it costs)."""
        return waiting.drawn or waiting.size > LARGE or self._costliest(client, unknown=0.0) > LIGHT_SECONDS

    def _may_send(self, client: str, waiting: _Job) -> bool:
        if client not in self.used and self.sent.get(client):
            # Its first job shows what its jobs cost: till then it takes one worker, never the spare
            # as well (four slow texts sent at once took both, and a player's list waited behind them).
            return False
        if self._heavy(client, waiting):
            return self.heavy < self.count and self.running < self.count + self.spare
        # The workers busy, a few light jobs sent on to wait in the pool: a worker goes from one
        # to the next without waiting for the desk's loop, and a job waits behind few of them.
        # Light as measured: a client's jobs are sent ahead only once its jobs have proved cheap
        # (a small text may be slow to read), so another's job never waits behind its slow ones.
        proved = self._costliest(client) <= LIGHT_SECONDS
        return self.running < self.count + self.spare + (PREFETCHED if proved else 0)

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
            future = pool.submit(jobs.run, waiting.job, waiting.args, waiting.cpu_seconds)
        except (BrokenProcessPool, RuntimeError):
            self._replace(pool)
            waiting.done.set_exception(StoreRefused("check-too-heavy", "a worker died"))
            return
        self.running += 1
        self.sent[client] = self.sent.get(client, 0) + 1
        heavy = self._heavy(client, waiting)
        self.heavy += heavy
        loop = asyncio.get_running_loop()
        # A worker hung where no signal reaches it (a bound a C call outlasts): its pool replaced.
        backstop = loop.call_later(self.backstop, self._replace, pool)
        running = asyncio.wrap_future(future)

        def ended(_: Any) -> None:
            backstop.cancel()
            self.running -= 1
            self.sent[client] -= 1
            if not self.sent[client]:
                del self.sent[client]
            self.heavy -= heavy
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
                elif isinstance(running.exception(), jobs.TooLong):  # the signal came as the job returned
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
            self.pool = ProcessPoolExecutor(max_workers=self.count + self.spare, mp_context=_context(),
                                            initializer=jobs.start, initargs=(self.pack, self.memory, self.installed))
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
    job: str | Callable[..., Any]
    args: tuple[Any, ...]
    cpu_seconds: int
    done: asyncio.Future[Any]
    size: int = 0
    drawn: bool = False
    """A PDF drawn: heavy whoever asks (:func:`builder.desk.jobs.drawn`)."""



PRELOAD = ["builder.events.submitted", "builder.desk.jobs"]
"""The modules the fork server imports once, before it forks a worker: each worker has them loaded."""


def _context() -> Any:
    # Not a fork of the server: its threads may hold locks a forked child would wait on forever.
    # The fork server is a clean process with the checker imported once; each worker is its fork.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")

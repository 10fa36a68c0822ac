"""Where the desk checks lists: a lane of its own, apart from the threads pages are made in.

A submission's files are checked (:func:`builder.events.submitted.check_submission`) in a small
pool of worker processes, so a heavy list never holds the interpreter that answers ``GET /``:

- each worker runs at a lower priority (``nice``) than the server, so pages come first when both
  want the processor;
- each check has a CPU-time bound (``RLIMIT_CPU``, caught as ``SIGXCPU``) and each worker an
  address-space bound (``RLIMIT_AS``); a check past either is refused (``check-too-heavy``) and
  the worker lives on. A worker that dies or hangs (a bound a C call outlasts) is replaced with
  the pool, past a wall-clock backstop;
- one client has at most :data:`PER_CLIENT` checks in flight, counted from before its body is
  read (429 ``desk-busy-client``), and the desk at most :data:`ADMITTED` in all, running or
  waiting (503 ``desk-busy``, with ``Retry-After``). Either is said at once, nothing read.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import resource
import signal
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Mapping

from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.events.bounds import StoreRefused
from builder.events.submitted import Checking, check_submission

CHECKERS = max(1, min(2, (os.cpu_count() or 2) - 1))
"""Worker processes: every core but one, which is the pages' (one on a two-core machine; a heavy
check of 5 × 1 MiB peaks near 90 MB in its worker)."""
PER_CLIENT = 2
"""Checks one client address may have in flight (its body being read, waiting or running)."""
ADMITTED = CHECKERS + 8
"""Checks in flight in all: the running ones and a short queue."""
CPU_SECONDS = 11
"""A check's CPU time, 10 to 11 s (whole seconds): a real list takes well under a second, 5 × 1 MiB about two."""
MEMORY = 512 * 1024 * 1024
"""What a worker may grow by (its address space), over what it starts with."""
BACKSTOP = 120
"""Wall-clock seconds a check may wait and run in all before its worker is taken for hung."""
RETRY_AFTER = 10


class Busy(Exception):
    """A check refused before its body is read: ``code``, the HTTP ``status``, and ``retry_after``."""

    def __init__(self, code: str, status: int, retry_after: int | None = None):
        super().__init__(code)
        self.code, self.status, self.retry_after = code, status, retry_after


class Lane:
    """The desk's checks, for one pack: admitted per client, run in worker processes."""

    def __init__(self, pack: Pack, checkers: int = CHECKERS, per_client: int = PER_CLIENT,
                 admitted: int = ADMITTED, cpu_seconds: int = CPU_SECONDS, memory: int = MEMORY):
        self.pack, self.checkers, self.per_client, self.most = pack, checkers, per_client, admitted
        self.bounds = (cpu_seconds, memory)
        self.clients: Counter[str] = Counter()
        self.in_flight = 0
        self.pool: ProcessPoolExecutor | None = None

    # Admission runs on the event loop alone: the counts need no lock.

    def admit(self, client: str) -> str:
        """Count a check for ``client`` in (Busy when it may not), until :meth:`release`."""
        if self.clients[client] >= self.per_client:
            raise Busy("desk-busy-client", 429, RETRY_AFTER)
        if self.in_flight >= self.most:
            raise Busy("desk-busy", 503, RETRY_AFTER)
        self.clients[client] += 1
        self.in_flight += 1
        return client

    def release(self, client: str) -> None:
        self.in_flight -= 1
        self.clients[client] -= 1
        if not self.clients[client]:
            del self.clients[client]

    async def check(self, files: Mapping[str, bytes]) -> Checking:
        """:func:`check_submission` of ``files`` in a worker: its Checking, or its StoreRefused or
        InputError raised here; StoreRefused ``check-too-heavy`` past a bound."""
        pool = self._pool()
        future = pool.submit(_check, dict(files))
        try:
            answer = await asyncio.wait_for(asyncio.wrap_future(future), BACKSTOP)
        except asyncio.TimeoutError:
            self._replace(pool)  # a worker hung where no signal reaches it
            raise StoreRefused("check-too-heavy", "hung") from None
        except BrokenProcessPool:
            self._replace(pool)  # a worker died: the kernel's OOM killer, a crash in C
            raise StoreRefused("check-too-heavy", "a worker died") from None
        except _TooLong:  # the signal came as the check returned
            raise StoreRefused("check-too-heavy", "") from None
        kind, found = answer
        if kind == "refused":
            raise StoreRefused(*found)
        if kind == "unreadable":
            raise found
        return found

    def start(self) -> None:
        """Start the workers now, not with the first player's check."""
        self._pool().submit(int)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=self.checkers, mp_context=_context(),
                                            initializer=_start, initargs=(self.pack, *self.bounds))
        return self.pool

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        if self.pool is pool:
            self.pool = None
        for process in list(getattr(pool, "_processes", {}).values()):  # no public way to stop a hung worker
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)


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
_CPU_SECONDS = CPU_SECONDS
_ARMED = False


class _TooLong(BaseException):  # not an Exception: no boundary inside the check may take it for a bug
    pass


def _start(pack: Pack, cpu_seconds: int, memory: int) -> None:
    global _PACK, _CPU_SECONDS
    _PACK, _CPU_SECONDS = pack, cpu_seconds
    os.nice(10)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm", encoding="ascii") as statm:  # its size now, in pages
        size = int(statm.read().split()[0]) * resource.getpagesize()
    limit = size + memory if hard == resource.RLIM_INFINITY else min(hard, size + memory)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.signal(signal.SIGXCPU, _out_of_time)


def _out_of_time(_signal: int, _frame: Any) -> None:
    if _ARMED:  # not after the check returned: the next one starts with a new bound
        raise _TooLong()


def _check(files: dict[str, bytes]) -> tuple[str, Any]:
    global _ARMED
    used = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(used + _CPU_SECONDS)  # whole seconds: this check gets at most one less than asked
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
    _ARMED = True
    try:
        return "checked", check_submission(files, _PACK)
    except StoreRefused as exc:
        return "refused", (exc.code, exc.detail)
    except InputError as exc:
        return "unreadable", exc
    except (_TooLong, MemoryError, RecursionError):
        return "refused", ("check-too-heavy", "")
    finally:
        _ARMED = False
        resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))

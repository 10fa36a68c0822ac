"""What a lane's worker processes do (:data:`JOBS`), each job within its bounds, in the worker.

A worker is started (:func:`start`) at a lower priority than the server, bounded in its address
space (``RLIMIT_AS``), gone with its server. Each job (:func:`run`) has a CPU-time bound on a
clock that starts with it (``ITIMER_PROF``, caught as ``SIGPROF``, and again each second after),
whatever the worker has served before; a job past a bound is refused (``check-too-heavy``) and the
worker lives on. What a job cost (its CPU seconds) is said with its outcome, for the desk's turns
(:mod:`builder.desk.workers`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import os
import resource
import signal
import time
from typing import Any, Callable, Mapping

from builder.core import editions, registry
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.events.bounds import StoreRefused
from builder.events.submitted import LARGE, check_submission, kept_under
from builder.desk import building
from builder.web.keeping import Refused

PR_SET_PDEATHSIG = 1
M_MMAP_THRESHOLD = -3

_PACK: Pack | Mapping[str, Pack] | None = None
_ARMED = False
_SOON = 0.001
"""The CPU time of a job allowed none (zero would disarm the timer, not fire it)."""


class TooLong(BaseException):  # not an Exception: no boundary inside the check may take it for a bug
    pass


def start(pack: Pack | Mapping[str, Pack], memory: int, installed: str | None = None) -> None:
    """A worker made ready: its pack (or a pack for each game, by key: see :func:`_packed`), the
    editions installed beside builder's own as its server found them (``installed``, the value of
    BUILDER_EDITIONS; None: as the worker finds them), its priority, its bounds, its death with its server."""
    global _PACK
    _PACK = pack
    if installed is not None:
        # The fork server is started once a process, with the environment of then: a list that names
        # no edition is checked under the newest the server sees, not one the fork server saw.
        os.environ[editions.ENVIRONMENT] = installed
    os.nice(10)
    bound(memory)
    signal.signal(signal.SIGPROF, _out_of_time)
    big_blocks_apart()
    if _LIBC is not None and hasattr(_LIBC, "prctl"):
        # Gone with the fork server, which goes with the desk: a worker never outlives its server.
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    _prime(pack.values() if isinstance(pack, Mapping) else [pack])


def bound(memory: int) -> None:
    """This process's address space (``RLIMIT_AS``) bounded to its size now and ``memory`` more."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm", encoding="ascii") as statm:  # its size now, in pages
        size = int(statm.read().split()[0]) * resource.getpagesize()
    limit = size + memory if hard == resource.RLIM_INFINITY else min(hard, size + memory)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _prime(packs: Any) -> None:
    """Each game a worker serves (the desk's one, or every game for the hosted builder's), loaded before
    its first job (its catalogs, models, rules and the builder's templates): a click on a new list of
    each, made and forgotten. Else the first job of each game in each worker took a fifth of a second
    more, and its player, taken for a slow client (:mod:`builder.desk.workers`), waited behind heavy
    jobs for a while after: under 24 addresses' PDFs, a desk's player's click waited for one."""
    for pack in packs:
        try:
            key = registry.get(pack.system).name_key
            roster = building.starting(pack, "es")["roster"]
            building.clicked(pack, {building.LIST_NAME: roster}, building.LIST_NAME,
                             {"op": "set", "path": json.dumps([key]), "value": "x", "at": "[]"}, "es")
        except Exception:  # noqa: BLE001 - only a head start: its first job would load the game all the same
            continue
    give_back()  # what the made click's parse took, back to the system before the first job


def _out_of_time(_signal: int, _frame: Any) -> None:
    if _ARMED:  # not after the check returned: the next one starts with a new bound
        raise TooLong()


def _on_texts(work: Any) -> Any:
    """A builder's ``work`` given the files a click sent as bytes (read as text here, in the worker)."""
    return lambda pack, files, *args: work(pack, building.texts_of(list(files.items())), *args)


JOBS = {
    "check": lambda pack, files, kept=None: check_submission(files, kept_under(pack, *kept) if kept else pack),
    "view": _on_texts(building.drawn),
    "edit": _on_texts(building.clicked),
    "choices": _on_texts(building.refusals),
    "export": _on_texts(building.exported),
    "preview": _on_texts(building.previewed),
    "reading": _on_texts(building.read_out),
}
"""What a lane's workers do, by name: a submission's check (a stored one's again: under the edition its
game and edition name, ``kept``), and a builder's clicks."""


SLOW_SECONDS = 0.25
"""A job's CPU time past which its worker gives its freed memory back, as after a large text (a
real list's job takes a few hundredths of a second; gathering and trimming, a few thousandths)."""


def run(job: str | Callable[..., Any], args: tuple[Any, ...], cpu_seconds: int) -> tuple[str, Any, float]:
    """A job's outcome (its kind, what it made or why not) and the CPU seconds it took: one of
    :data:`JOBS` by name, or a module's function (sent by its name: an organiser's export)."""
    began = time.process_time()
    kind, found = _bounded(job, args, cpu_seconds)
    took = time.process_time() - began
    if _large(args) or took > SLOW_SECONDS:  # a small text slow to read built as much as a large one
        give_back()
    return kind, found, took


def _bounded(job: str | Callable[..., Any], args: tuple[Any, ...], cpu_seconds: int) -> tuple[str, Any]:
    global _ARMED
    _ARMED = True
    # The job's own clock, started now: the kernel's count of this process's CPU time from here on,
    # whatever the worker has served before (RLIMIT_CPU's limit, set from getrusage's reading, fell
    # behind the clock the kernel enforces it on, and refused every job of a worker long in use).
    # Then again each second, should a job's own code swallow the first.
    signal.setitimer(signal.ITIMER_PROF, max(cpu_seconds, _SOON), 1.0)
    try:
        return "done", (JOBS[job] if isinstance(job, str) else job)(*_packed(args))
    except StoreRefused as exc:
        return "refused", (exc.code, exc.detail)
    except Refused as exc:  # a click the builder refused: said as such, by its code and status
        return "refused-click", (exc.code, exc.status)
    except InputError as exc:
        return "unreadable", exc
    except (TooLong, MemoryError, RecursionError):
        return "refused", ("check-too-heavy", "")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        _ARMED = False


def _packed(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """A job's arguments after its pack: the worker's one pack (the desk's event), or, for workers
    given a pack for each game (the hosted builder's, :mod:`builder.hosted`), the one of the game
    the job's first argument names."""
    if isinstance(_PACK, Mapping):
        return (_PACK[args[0]], *args[1:])
    return (_PACK, *args)


def _lengths(args: tuple[Any, ...]) -> list[int]:
    """The length of each text a job is given (its files, as bytes or as text)."""
    return [len(t) for m in args if isinstance(m, Mapping) for t in m.values() if isinstance(t, (str, bytes))]


def drawn(job: str, args: tuple[Any, ...]) -> bool:
    """Whether a job draws a PDF (an export whose kind, among its arguments, is ``pdf``: the desk's,
    the hosted builder's with its game first, a shared list's): a second or so of the processor
    whatever the list, so heavy from the first, never on the spare worker a player's click is kept
    for (24 addresses' first PDFs, each taken for light, once kept clicks waiting 25 s)."""
    return job == "export" and any(isinstance(arg, str) and arg == "pdf" for arg in args)


def size(args: tuple[Any, ...]) -> int:
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


def give_back() -> None:
    """What this process freed, given back to the system (after a heavy job, or an organiser's export)."""
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

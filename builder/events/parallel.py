"""Work on many lists in several processes (``check --jobs N``, the event's print): imported only when asked."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Callable, Iterable

from builder.core.edition_check import asked, asking
from builder.core.pack import Pack
from builder.core.pipeline import Outcome, outcome_of

CHUNK = 25
"""Lists a process takes at a time: few enough to keep every process busy to the end, many
enough that sending them costs little next to checking them."""


def outcomes_in_parallel(paths: list[str], pack: Pack | None, jobs: int,
                         progress: Callable[[Iterable[str]], Iterable[str]]) -> list[Outcome]:
    """Each file's outcome, in the order given; ``progress`` advances as each arrives."""
    with process_pool(jobs) as pool:
        found = pool.map(partial(_checked, pack=pack, edition=asked()), paths, chunksize=CHUNK)
        return [next(found) for _ in progress(paths)]


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` worker processes. A fork starts each with everything already imported and built;
    elsewhere a process starts afresh and imports what it needs."""
    methods = multiprocessing.get_all_start_methods()
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork" if "fork" in methods
                                                                                        else None))


def _checked(path: str, pack: Pack | None, edition: str | None) -> Outcome:
    # The same per-file boundary as in one process, and without the resolved view, which is
    # built on demand by a function: that could not travel between processes anyway. The
    # edition asked for is given, as a context variable is not sure to reach another process.
    with asking(edition):
        return outcome_of(path, pack)

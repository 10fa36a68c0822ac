"""How long something may take, judged against how long the same thing took earlier in the same test
(another player's click before the attack, the same command on an ordinary file), never against a
fixed number of seconds: a busy machine passes or fails those by the luck of the moment. Timings
as such are reported by ``make bench`` and ``make soak``, not asserted (tests/test_suite.py keeps
every test so)."""

from __future__ import annotations

import time
from typing import Callable

RATIO = 3
"""How many times its own baseline a thing may take while the test's trouble goes on."""


def timed(work: Callable[[], object]) -> float:
    """Seconds ``work()`` takes."""
    began = time.monotonic()
    work()
    return time.monotonic() - began


def baseline(measure: Callable[[], float], times: int = 5) -> float:
    """The slowest of ``times`` measures taken now, before the trouble: what the same measure is
    compared with afterwards."""
    return max(measure() for _ in range(times))


def bound(before: float, floor: float, ratio: float = RATIO) -> float:
    """How long a thing that took ``before`` may take now: ``ratio`` times as long, or ``ratio``
    times ``floor`` where it was quicker than that (a few milliseconds tripled is noise, not a
    measure). Each test's floor keeps it, on a quiet machine, as strict as its fixed bound was."""
    return ratio * max(before, floor)


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

"""How long the server took over an answer, by part, for its ``Server-Timing`` header: what the
browser's own tools show, and what ``make bench`` reads beside the time a click takes in the page.

A request's :class:`Timings` is set before its handler runs in the worker thread (the thread runs
in a copy of the request's context, which holds the same object), so the parts deep in the work
(checking a roster, drawing the view) add their time without being handed anything.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

PARTS = ("edit", "save", "check", "form", "render")
"""The parts named, in the order they happen in a click."""


class Timings:
    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.parts: dict[str, float] = {}

    def header(self) -> str:
        """``check;dur=1.9, render;dur=0.8, total;dur=4.2`` (milliseconds)."""
        total = (time.perf_counter() - self.start) * 1000
        named = [f"{name};dur={self.parts[name] * 1000:.1f}" for name in PARTS if name in self.parts]
        return ", ".join([*named, f"total;dur={total:.1f}"])


_CURRENT: ContextVar[Timings | None] = ContextVar("builder_serve_timings", default=None)


def begin() -> Timings:
    timings = Timings()
    _CURRENT.set(timings)
    return timings


@contextmanager
def part(name: str) -> Iterator[None]:
    """Time what runs inside as ``name`` of the current answer (added up when it runs twice);
    nothing outside an answer."""
    timings = _CURRENT.get()
    start = time.perf_counter()
    try:
        yield
    finally:
        if timings is not None:
            timings.parts[name] = timings.parts.get(name, 0.0) + time.perf_counter() - start

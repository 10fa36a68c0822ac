"""Per-client budgets of the hosted builder, kept in this process's memory: it has no database to
count them in, and keeps nothing a restart should remember.

The same count as the desk's (:class:`builder.events.limits.StoredRateLimit`): at most ``most``
requests a ``window`` from one client, over a sliding window estimated from two fixed ones (the
current window's count, and the previous one's weighted by the share of it the sliding window still
covers); a request refused is not counted. Each process counts its own (``--workers``: each a budget
of its own, as each holds its own connections). What it keeps is bounded: two windows of counts, and
at most :data:`CLIENTS_MOST` clients in each (past them, a new client is refused until the window
turns: a flood from that many addresses is refused whole, never kept).
"""

from __future__ import annotations

import threading
import time

from builder.desk.state import CLICKS_BURST

CLIENTS_MOST = 100_000
"""Clients counted in one window: a few megabytes of counts at most."""


class Budget:
    """``allow(client)``: whether one more request from ``client`` fits (and, if so, it is counted)."""

    def __init__(self, most: int, window: float = 60.0):
        self.most, self.window = most, window
        self._lock = threading.Lock()
        self._current: dict[str, int] = {}
        self._previous: dict[str, int] = {}
        self._at: int | None = None

    def allow(self, client: str, now: float | None = None) -> bool:
        moment = time.monotonic() if now is None else now
        current = int(moment // self.window)
        still = 1.0 - (moment / self.window - current)
        with self._lock:
            if self._at != current:
                self._previous = self._current if self._at == current - 1 else {}
                self._current, self._at = {}, current
            count = self._current.get(client, 0)
            if count >= self.most - self._previous.get(client, 0) * still:
                return False
            if not count and len(self._current) >= CLIENTS_MOST:
                return False
            self._current[client] = count + 1
            return True

    def close(self) -> None:
        """Nothing to let go of (the desk's limits close their database)."""


def clicks_budget(per_minute: int) -> Budget:
    """A builder's clicks from one client, as the desk counts them
    (:func:`builder.desk.state.clicks_limit`): ``per_minute`` on average, at most
    :data:`builder.desk.state.CLICKS_BURST` at once."""
    burst = min(CLICKS_BURST, per_minute)
    return Budget(burst, window=60.0 * burst / per_minute)

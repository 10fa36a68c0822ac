"""What the desk knows of its event: made once by :func:`builder.desk.app.create_desk`, kept on
the app (``app.state.desk``), read by the gates and every handler."""

from __future__ import annotations

import threading
from datetime import tzinfo
from dataclasses import dataclass, field
from typing import Any, Callable

import anyio
from jinja2 import Environment
from starlette.requests import Request

from builder.core.pack import Pack
from builder.desk.building import Tried
from builder.desk.checks import Lane
from builder.desk.workers import Workers
from builder.events.limits import StoredRateLimit
from builder.events.bounds import Limits
from builder.events.store import Store


CLICKS_PER_MINUTE = 600
"""A builder's clicks from one address: ten a second on average (a player clicks a few hundred times
in a whole list, one every second or two at most; a venue's players may share one address)."""
CLICKS_BURST = 120
"""A builder's clicks from one address at once: counted over ``60 * burst / per minute`` seconds
(12 at the default), so a page that sends a hundred in a moment waits for the rest of that span."""
PDFS_PER_MINUTE = 6
"""PDFs from one address: each takes the processor a second or so. A venue's phones share one
public address, and so this one budget: ``--pdfs-per-minute`` raises it."""
CLICKS_IN_FLIGHT = 4
"""A builder's clicks of one address in a lane at once (a player's page sends one at a time; a
venue's players may share an address)."""
CLICKS_ADMITTED = 64
"""A builder's clicks in a lane at once, running or waiting: past it, the page is told to wait."""
CLICKS_BYTES = 4 * 1024 * 1024
"""The bytes of the clicks waiting in a lane together: a player's list is a few kilobytes, so only
a flood of megabyte texts fills it (and what waiting clicks hold in memory stays small: a megabyte
text is held three or four times over in the server, as its body, its form and the answer carrying
it, so four of them cost the desk some 15 MB)."""
TRIES_IN_FLIGHT = 2
TRIES_ADMITTED = 32
TRIES_BYTES = 2 * 1024 * 1024
"""Likewise for what is tried, exported and previewed: two megabyte texts at once."""
CLICKS_CPU_SECONDS = 6
"""A click's CPU time: a real list's click takes a few hundredths, a 1 MiB one under two seconds."""
CLICKS_RETRY_AFTER = 1


def clicks_lane(pack: Pack, workers: Workers | None = None) -> Lane:
    """The lane of a builder's clicks: by the checks' ``workers`` (the desk's: one for heavy jobs and
    a spare, so no light job waits behind a heavy one, and the other core is the pages'), a few clicks
    of one client at once, a short queue, each click bounded in CPU time and the worker in memory."""
    return Lane(pack, checkers=1, per_client=CLICKS_IN_FLIGHT, admitted=CLICKS_ADMITTED, workers=workers,
                cpu_seconds=CLICKS_CPU_SECONDS, retry_after=CLICKS_RETRY_AFTER, bytes_most=CLICKS_BYTES)


def clicks_limit(url: Any, per_minute: int) -> StoredRateLimit:
    """A builder's clicks from one client: ``per_minute`` on average, at most :data:`CLICKS_BURST` at
    once (over the span that rate gives them), in the store so two desks count them once."""
    burst = min(CLICKS_BURST, per_minute)
    return StoredRateLimit(url, "click", burst, window=60.0 * burst / per_minute)


def trying_lane(pack: Pack, workers: Workers) -> Lane:
    """The lane of what a builder tries, exports and previews, by the clicks' ``workers``: fewer at
    once than clicks, so a click waits behind few of them."""
    return Lane(pack, per_client=TRIES_IN_FLIGHT, admitted=TRIES_ADMITTED, cpu_seconds=CLICKS_CPU_SECONDS,
                retry_after=CLICKS_RETRY_AFTER, workers=workers, bytes_most=TRIES_BYTES)


@dataclass(frozen=True)
class Desk:
    pack: Pack
    store: Store
    event_id: int
    token: str
    """What opens the organiser's pages."""
    session_seconds: int
    """How long the organiser's session lasts from the login (:mod:`builder.desk.sessions`)."""
    hosts: frozenset[str]
    """The Host headers the desk answers to (lower case): its public URL's, or the loopback's or
    the literal address it listens on."""
    public_origin: str | None
    """``scheme://host[:port]`` of ``--public-url`` (or the pack's ``public_url``), if given."""
    proxies: tuple[Any, ...]
    """The trusted proxies (``ipaddress`` networks): only from them are forwarded headers believed."""
    limit: StoredRateLimit
    """POSTs a minute from one client, counted by every process on the store."""
    guesses: StoredRateLimit
    """Tries at the organiser's token a minute from one client, right or wrong, counted likewise."""
    working: anyio.CapacityLimiter
    """The page threads handlers run in (checks run in the lane, never here)."""
    templates: Environment
    host_label: str
    """The ``host:port`` the desk listens on, as its pages show it."""
    checks: Lane
    """Where lists are checked: worker processes, a few at a time per client."""
    building: Lane
    """Where a builder's clicks are made (the view, the edit): by the checks' workers, a few at a
    time per client."""
    trying: Lane
    """Where a builder's slower asks are made, admitted apart from its clicks: the choices tried,
    the sheet, the PDF, the cards' preview; by the same workers (a light job, a player's list or
    click, never waits behind a heavy one: :data:`builder.desk.workers.SPARE`)."""
    clicks: StoredRateLimit
    """The builder's clicks from one client, counted in the store like the POSTs: every desk process
    shares one budget (:func:`clicks_limit`)."""
    pdfs: StoredRateLimit
    """The builder's PDFs a minute from one client, counted likewise."""
    published: "Kept" = field(default_factory=lambda: Kept())
    """The published lists' rows, until the event changes."""
    zone: tzinfo | None = None
    """The zone the event's times are shown in: the one its deadline was written in (a deadline
    written with no zone is the server's local time, and so are the times without a deadline)."""
    tried: Tried = field(default_factory=Tried)
    """The choices refused, by the texts they were tried on."""
    exports: Any = None
    """The organiser's exports made as jobs (:class:`builder.desk.export_jobs.Exports`)."""
    sheets: Any = None
    """Each stored version's sheet drawn ahead for the print (:class:`builder.desk.sheets.Ahead`)."""

    @property
    def limits(self) -> Limits:
        """What one team may keep, and how many teams the event takes, as the pack's ``event:`` block says."""
        return Limits(self.pack.event.versions_per_team, self.pack.event.bytes_per_team, self.pack.event.max_teams)


class Kept:
    """A value made from the store, kept until the event's change count (:attr:`Event.changes`, in
    the database: every process sees every other's writes) moves on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._at: int | None = None
        self._value: Any = None

    def get(self, changes: int, make: Callable[[], Any]) -> Any:
        # Made under the lock: thirty requests at once after a change make it once, not thirty times.
        with self._lock:
            if self._at != changes:
                self._value, self._at = make(), changes
            return self._value


def desk_of(request: Request) -> Desk:
    return request.app.state.desk

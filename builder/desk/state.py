"""What the desk knows of its event: made once by :func:`builder.desk.app.create_desk`, kept on
the app (``app.state.desk``), read by the gates and every handler."""

from __future__ import annotations

from dataclasses import dataclass

import anyio
from jinja2 import Environment
from starlette.requests import Request

from builder.core.pack import Pack
from builder.events.limits import StoredRateLimit
from builder.events.store import Store


@dataclass(frozen=True)
class Desk:
    pack: Pack
    store: Store
    event_id: int
    token: str
    """What opens the organiser's pages."""
    admin_mark: str
    """The organiser's cookie: made from the token, so the token itself never travels as a cookie."""
    hosts: frozenset[str] | None
    """The Host headers answered when the desk listens on the loopback; None: it answers any."""
    publish: bool
    limit: StoredRateLimit
    """POSTs a minute from one client, counted by every process on the store."""
    working: anyio.CapacityLimiter
    """The worker threads handlers run in."""
    templates: Environment
    host_label: str
    """The ``host:port`` the desk listens on, as its pages show it."""


def desk_of(request: Request) -> Desk:
    return request.app.state.desk

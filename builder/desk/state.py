"""What the desk knows of its event: made once by :func:`builder.desk.app.create_desk`, kept on
the app (``app.state.desk``), read by the gates and every handler."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import anyio
from jinja2 import Environment
from starlette.requests import Request

from builder.core.pack import Pack
from builder.events.store import Store
from builder.serve.intake import RateLimit


@dataclass(frozen=True)
class Desk:
    pack: Pack
    store: Store
    event_id: int
    token: str
    """What opens the organiser's pages."""
    admin_mark: str
    """The organiser's cookie: made from the token, so the token itself never travels as a cookie."""
    hosts: frozenset[str]
    """The Host headers the desk answers to (lower case): its public URL's, or the loopback's or
    the literal address it listens on."""
    public_origin: str | None
    """``scheme://host[:port]`` of ``--public-url`` (or the pack's ``public_url``), if given."""
    proxies: tuple[Any, ...]
    """The trusted proxies (``ipaddress`` networks): only from them are forwarded headers believed."""
    publish: bool
    limit: RateLimit
    """POSTs a minute from one client."""
    working: anyio.CapacityLimiter
    """The worker threads handlers run in."""
    templates: Environment
    host_label: str
    """The ``host:port`` the desk listens on, as its pages show it."""


def desk_of(request: Request) -> Desk:
    return request.app.state.desk

"""What the hosted builder knows: made once by :func:`builder.hosted.app.create_hosted`, kept on the
app. Kept as ``app.state.desk``, where the desk's gates read what they need of it (the hosts it
answers to, its public origin, its trusted proxies: :func:`builder.desk.guard.gate`,
:func:`builder.desk.guard.client_address`, :func:`builder.desk.cookies.secure`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import anyio
from jinja2 import Environment
from starlette.requests import Request

from builder.core.pack import Pack
from builder.desk.building import Tried
from builder.desk.checks import Lane
from builder.hosted.budgets import Budget


@dataclass(frozen=True)
class Hosted:
    packs: dict[str, Pack]
    """Each game's pack (no event's restrictions), by its key: a click names its list's game."""
    hosts: frozenset[str]
    """The Host headers answered (lower case): the public URL's, or the loopback's or the literal
    address it listens on."""
    public_origin: str | None
    """``scheme://host[:port]`` of ``--public-url``, if given."""
    proxies: tuple[Any, ...]
    """The trusted proxies (``ipaddress`` networks): only from them are forwarded headers believed."""
    clicks: Budget
    """A builder's clicks (every POST) from one client, in this process's memory."""
    pdfs: Budget
    """PDFs a minute from one client, likewise."""
    working: anyio.CapacityLimiter
    """The page threads (a click's work runs in the lanes' worker processes, never here)."""
    templates: Environment
    building: Lane
    """A builder's clicks (the view, the edit): worker processes, a few at a time per client."""
    trying: Lane
    """What a builder tries, exports and previews, by the same workers, admitted apart."""
    tried: Tried = field(default_factory=Tried)
    """The choices refused, by the texts, the game and the part they were tried on."""


def hosted_of(request: Request) -> Hosted:
    return request.app.state.desk

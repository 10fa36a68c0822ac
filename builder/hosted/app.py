"""The hosted builder (``builder host``): the desk's builder for every game, for anyone, with no
event, no pack file and no database. Every click is answered from the texts the browser sends; the
server keeps nothing of a list: no file, no row, no log line.

One Starlette app over the desk's parts: its builder page and scripts (:mod:`builder.desk.build`),
its gates (:mod:`builder.desk.guard`: Host and Origin, trusted proxies, bounded bodies), its lanes of
worker processes bounded in CPU and memory with their turns per client (:mod:`builder.desk.checks`,
:mod:`builder.desk.workers`), its connection limits (:mod:`builder.desk.transport`), and budgets per
client kept in memory (:mod:`builder.hosted.budgets`).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import anyio
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route

from builder.desk import texts as desk_texts  # noqa: F401 - the desk's words (its builder's) join the table
from builder.desk.app import LOOPBACK, TEMPLATES as DESK_TEMPLATES, WILDCARD, Headers
from builder.desk.cookies import over_https
from builder.desk.jobs import big_blocks_apart
from builder.desk.state import CLICKS_PER_MINUTE, PDFS_PER_MINUTE, clicks_lane, trying_lane
from builder.desk.transport import configure, from_settings, networks
from builder.desk.workers import CHECKERS, MEMORY, Workers
from builder.events.packs import public_origin
from builder.hosted import build, installing, sharing
from builder.hosted import texts  # noqa: F401 - the hosted builder's words join the table
from builder.hosted.budgets import Budget, clicks_budget
from builder.hosted.gates import endpoint
from builder.hosted.packs import open_packs
from builder.hosted.state import Hosted

TEMPLATES = Path(__file__).resolve().parent / "templates"
SETTINGS = "BUILDER_HOSTED"
"""The environment variable ``builder host --workers N`` hands each worker process its settings in."""


def from_environment() -> Starlette:
    """The app of ``builder host --workers N``: each worker process makes its own from the settings
    the command put in :data:`SETTINGS` (uvicorn starts workers from an import string)."""
    given = json.loads(os.environ[SETTINGS])
    limits = from_settings(given["transport"])
    configure(limits)
    return create_hosted(given["host_label"], given["public_url"], limits.trusted, given["clicks"], given["pdfs"])


def create_hosted(host_label: str, public_url: str | None = None, trusted_proxies: tuple[str, ...] = (),
                  clicks_per_minute: int = CLICKS_PER_MINUTE, pdfs_per_minute: int = PDFS_PER_MINUTE) -> Starlette:
    """The hosted builder listening on ``host_label`` (``host:port``): it answers requests addressed to
    ``public_url``'s host, to the loopback when it listens there, or to the literal address it
    listens on (never to a wildcard's: any name could point there). ``trusted_proxies``: whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed. A client makes at most
    ``clicks_per_minute`` clicks and ``pdfs_per_minute`` PDFs a minute (counted in each process)."""
    big_blocks_apart()
    host, _, port = host_label.lower().rpartition(":")
    origin = public_origin(public_url)
    hosts = {origin.partition("://")[2]} if origin else set()
    if host in LOOPBACK:
        hosts |= {f"{name}:{port}" for name in LOOPBACK}
    elif host not in WILDCARD:
        hosts.add(f"{host}:{port}")
    packs = open_packs()
    # One pool, every game's pack in each worker (the click names its game): a core for heavy jobs and
    # a spare for light ones, the other core the pages'; as the desk's.
    workers = Workers(packs, CHECKERS, MEMORY)
    # The hosted builder's own pages first, then the desk's (its builder page): its base.html has no event.
    loader = ChoiceLoader([FileSystemLoader(TEMPLATES), FileSystemLoader(DESK_TEMPLATES)])
    app = Starlette(routes=ROUTES, lifespan=lifespan, middleware=[Middleware(Headers, hsts=over_https(origin))])
    app.state.desk = Hosted(
        packs=packs, hosts=frozenset(hosts), public_origin=origin, proxies=networks(trusted_proxies),
        clicks=clicks_budget(clicks_per_minute), pdfs=Budget(pdfs_per_minute),
        working=anyio.CapacityLimiter(4),
        templates=Environment(loader=loader, autoescape=True, undefined=StrictUndefined),
        building=clicks_lane(packs, workers),  # type: ignore[arg-type] - a lane's pack is its workers'
        trying=trying_lane(packs, workers))  # type: ignore[arg-type]
    return app


ROUTES = [
    Route("/healthz", build.healthz, methods=["GET", "HEAD"]),
    Route("/", endpoint(build.start)),
    Route("/build", endpoint(build.workshop)),
    Route("/build/view", endpoint(build.view, lane="building"), methods=["POST"]),
    Route("/build/edit", endpoint(build.edit, lane="building"), methods=["POST"]),
    Route("/build/choices", endpoint(build.choices, lane="trying"), methods=["POST"]),
    Route("/build/export", endpoint(build.export, lane="trying"), methods=["POST"]),
    Route("/build/preview", endpoint(build.preview, lane="trying"), methods=["POST"]),
    Route("/build/manifest.webmanifest", endpoint(installing.manifest)),
    Route("/build/worker.js", endpoint(installing.worker)),
    Route("/build/shared", endpoint(sharing.shared_page)),
    Route("/build/read", endpoint(sharing.read, lane="trying"), methods=["POST"]),
    Route("/static/{name}", endpoint(build.static)),
    Route("/look/{name:path}", endpoint(build.look)),
    Route("/templates/{path:path}", endpoint(build.template_file)),
    Route("/{rest:path}", endpoint(build.missing), methods=["GET", "POST"]),
]


@contextlib.asynccontextmanager
async def lifespan(app: Starlette):
    hosted = app.state.desk
    hosted.building.start()  # the lanes share one pool: started once, closed once
    yield
    hosted.building.close()

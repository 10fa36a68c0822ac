"""The event desk (``builder event serve``): players submit lists, the organiser sees them all.

One Starlette app for one event (the pack's), over the event store (:mod:`builder.events.store`).
Its state (:class:`builder.desk.state.Desk`) is made here and kept on the app; every route is a
handler of :mod:`builder.desk.players` or :mod:`builder.desk.organiser`, run past the gates of
:mod:`builder.desk.guard`. Every page is Jinja2 with autoescape (:mod:`builder.desk.pages`),
under a CSP that allows no script at all, but the builder's page (:mod:`builder.desk.build`), which
runs the desk's own script and nothing else.
"""

from __future__ import annotations

import contextlib
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import anyio
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from builder.core.pack import Pack
from builder.desk import (board, build, day, day_admin, export_pages, organiser, players, race_days, round_exports,
                          sharing, show)
from builder.desk import texts  # noqa: F401 - the desk's words join the message table
from builder.desk.checks import Lane
from builder.desk.export_jobs import Exports, exports_folder
from builder.desk.sheets import Ahead
from builder.desk.jobs import big_blocks_apart
from builder.desk.guard import endpoint
from builder.desk.pages import refusal
from builder.desk.cookies import HSTS, over_https
from builder.desk.sessions import SESSION_HOURS
from builder.desk.state import CLICKS_PER_MINUTE, PDFS_PER_MINUTE, Desk, clicks_lane, clicks_limit, desk_of, trying_lane
from builder.desk.transport import configure, from_settings, networks
from builder.desk.workers import Workers
from builder.events.limits import StoredRateLimit
from builder.events.packs import load_pack, public_origin
from builder.events.store import Store
from builder.web.intake import Form
from builder.web import looks

TEMPLATES = Path(__file__).resolve().parent / "templates"
POLICY = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
          "base-uri 'none'")
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
WILDCARD = ("0.0.0.0", "[::]")
GUESSES_PER_MINUTE = 10
"""Tries at the organiser's token from one address: a few typos, never a search."""
HEALTH_SECONDS = 2.0
"""How long ``/healthz`` waits for the database before it answers 503."""


def from_environment() -> Starlette:
    """The desk of ``builder event serve --workers N``: each worker process makes its own from the
    settings the command put in ``BUILDER_DESK`` (uvicorn starts workers from an import string)."""
    given = json.loads(os.environ["BUILDER_DESK"])
    deadline = datetime.fromisoformat(given["deadline"]) if given["deadline"] else None
    limits = from_settings(given["transport"])
    configure(limits)
    return create_desk(load_pack(given["pack"]), given["db"], given["token"], given["host_label"],
                       given["rate"], deadline, given["publish"], given["public_url"], limits.trusted,
                       given.get("session_hours", SESSION_HOURS), given.get("clicks", CLICKS_PER_MINUTE),
                       given.get("pdfs", PDFS_PER_MINUTE))


def create_desk(pack: Pack, db_url: str, token: str, host_label: str, posts_per_minute: int = 30,
                deadline: datetime | None = None, publish: bool | None = None, public_url: str | None = None,
                trusted_proxies: tuple[str, ...] = (), session_hours: float = SESSION_HOURS,
                clicks_per_minute: int = CLICKS_PER_MINUTE, pdfs_per_minute: int = PDFS_PER_MINUTE,
                exports: Path | None = None) -> Starlette:
    """The desk for ``pack``'s event, stored at ``db_url`` (the event is made there the first time);
    ``token`` opens the organiser's pages; ``host_label`` is the ``host:port`` it listens on.
    ``deadline``, ``publish`` and ``public_url``, when given, win over the pack's ``event:``
    settings (the pack's ``publish:`` sets only an event's first value: the dashboard switches
    it). The desk answers only to requests addressed to the public URL's host, to the loopback
    when it listens there, or to the literal address it listens on (never, with neither,
    to a wildcard's: any name could point there). ``trusted_proxies``: the addresses or networks
    whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed. The organiser's session
    lasts ``session_hours``; a player's builder makes at most ``clicks_per_minute`` clicks a minute
    from one address (in memory). ``exports``: where the organiser's export files are kept (by
    default :func:`builder.desk.export_jobs.exports_folder`)."""
    big_blocks_apart()
    store = Store.open(db_url)
    event_id = store.open_event(pack.name, pack.system)  # one event, however many processes start at once
    deadline = deadline or pack.event.deadline
    if deadline is not None:  # the organiser's, given at start: lists after it are refused
        store.set_deadline(event_id, deadline)
    # Publishing is the event's (the dashboard switches it, every worker reads it from the database):
    # --publish sets it at start; the pack's publish: only when it was never set.
    if publish is not None or not store.publishing_set(event_id):
        store.set_publish(event_id, pack.event.publish if publish is None else publish)
    host, _, port = host_label.lower().rpartition(":")
    origin = public_origin(public_url or pack.event.public_url)
    hosts = {origin.partition("://")[2]} if origin else set()
    if host in LOOPBACK:
        hosts |= {f"{name}:{port}" for name in LOOPBACK}
    elif host not in WILDCARD:
        hosts.add(f"{host}:{port}")
    session_seconds = max(1, round(session_hours * 3600))
    # One pool for the lanes: heavy jobs on one core, a spare for light ones, the other core the pages'.
    checks = Lane(pack)
    building = clicks_lane(pack, checks.workers)
    folder, zone = exports or exports_folder(db_url, event_id), deadline.tzinfo if deadline is not None else None
    exporting = Exports(pack, store, event_id, folder, zone)
    desk = Starlette(routes=ROUTES, lifespan=lifespan,
                     middleware=[Middleware(Headers, hsts=over_https(origin))])
    desk.state.desk = Desk(
        pack=pack, store=store, event_id=event_id, token=token, session_seconds=session_seconds,
        hosts=frozenset(hosts), public_origin=origin, proxies=networks(trusted_proxies),
        # In the store, not in memory: every worker process, and every machine on one PostgreSQL, shares them.
        limit=StoredRateLimit(store.engine.url, "post", posts_per_minute),
        guesses=StoredRateLimit(store.engine.url, "guess", GUESSES_PER_MINUTE),
        clicks=clicks_limit(store.engine.url, clicks_per_minute),
        pdfs=StoredRateLimit(store.engine.url, "pdf", pdfs_per_minute),
        # Pages and the store's writes: short, mostly under the interpreter's lock; a few threads keep a
        # database wait from idling the process. Checking a list is the lane's (worker processes), so
        # no page ever waits behind one.
        working=anyio.CapacityLimiter(4),
        templates=Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined),
        host_label=host_label, checks=checks, zone=zone,
        building=building, trying=trying_lane(pack, building.workers),
        exports=exporting, sheets=Ahead(pack, store, event_id, folder, zone, busy=lambda: busy(checks.workers, exporting)))
    return desk


def busy(workers: Workers, exports: Exports) -> bool:
    """Whether the desk has other work at hand than drawing sheets ahead: a check or a click in its
    workers, or waiting for one; an export of this process's running."""
    return bool(workers.running or workers.waiting or exports.running)


def missing(request: Request, form: Form, lang: str) -> Response:
    return refusal(request, lang, "desk-no-such-page", 404)


def look(request: Request, form: Form, lang: str) -> Response:
    """builder's one look (the stylesheet and its icons), as the local builder page serves it."""
    found = looks.asset(request.path_params["name"])
    if found is None:
        return refusal(request, lang, "desk-no-such-page", 404)
    path, media = found
    return FileResponse(path, media_type=media, headers={"Cache-Control": "public, max-age=3600"})


async def healthz(request: Request) -> Response:
    """``/healthz``, for the proxy's health checks and the unit: 200 ``ok`` while the database answers
    a read within :data:`HEALTH_SECONDS`, else 503. Past no gate (a proxy's check names the desk's
    own address as its Host) and no page thread (a busy page never makes a desk look dead); never
    cached (every answer is ``no-store``)."""
    store = desk_of(request).store
    try:
        with anyio.fail_after(HEALTH_SECONDS):
            await anyio.to_thread.run_sync(store.answers, abandon_on_cancel=True)
    except Exception:  # noqa: BLE001 - whatever the database's failure, the answer is the same
        return PlainTextResponse("unavailable\n", status_code=503)
    return PlainTextResponse("ok\n")


ROUTES = [
    Route("/healthz", healthz, methods=["GET", "HEAD"]),
    Route("/", endpoint(players.home)),
    Route("/submit", endpoint(players.submit, checks=True), methods=["POST"]),
    Route("/receipt/{receipt}", endpoint(players.receipt)),
    Route("/status", endpoint(players.status, checks=True), methods=["GET", "POST"]),
    Route("/lists", endpoint(players.published_lists)),
    Route("/day", endpoint(day.day_page), methods=["GET", "POST"]),
    Route("/day/opponent", endpoint(day.opponent_list)),
    Route("/day/opponent.pdf", endpoint(day.opponent_sheet)),
    Route("/day/opponent/{name}", endpoint(day.opponent_file)),
    Route("/lists/{team}", endpoint(sharing.published_list)),
    Route("/lists/{team}/{name}", endpoint(sharing.published_file)),
    Route("/look/{name:path}", endpoint(look)),
    Route("/rounds", endpoint(show.rounds_page)),
    Route("/rounds/screen", endpoint(show.screen)),
    Route("/rounds/board", endpoint(show.screen_board)),
    Route("/rounds/{name}", endpoint(show.asset)),
    Route("/build", endpoint(build.workshop)),
    Route("/build/manifest.webmanifest", endpoint(build.manifest)),
    Route("/build/worker.js", endpoint(build.worker)),
    Route("/build/view", endpoint(build.view, clicks="building"), methods=["POST"]),
    Route("/build/edit", endpoint(build.edit, clicks="building"), methods=["POST"]),
    Route("/build/choices", endpoint(build.choices, clicks="trying"), methods=["POST"]),
    Route("/build/export", endpoint(build.export, clicks="trying"), methods=["POST"]),
    Route("/build/preview", endpoint(build.preview, clicks="trying"), methods=["POST"]),
    Route("/templates/{path:path}", endpoint(build.template_file)),
    Route("/build/last", endpoint(build.last), methods=["POST"]),
    Route("/build/shared", endpoint(sharing.shared_page)),
    Route("/build/read", endpoint(sharing.read, clicks="trying"), methods=["POST"]),
    Route("/build/submit", endpoint(build.submit, checks=True), methods=["POST"]),
    Route("/static/{name}", endpoint(build.static)),
    Route("/admin/login", endpoint(organiser.login), methods=["GET", "POST"]),
    Route("/admin/logout", endpoint(organiser.logout, admin=True), methods=["POST"]),
    Route("/admin", endpoint(board.dashboard, admin=True)),
    Route("/admin/remove", endpoint(board.remove, admin=True), methods=["POST"]),
    Route("/admin/event", endpoint(organiser.lock_event, admin=True), methods=["POST"]),
    Route("/admin/confirm", endpoint(organiser.confirm, admin=True)),
    Route("/admin/team/{team}", endpoint(organiser.team_action, admin=True), methods=["GET", "POST"]),
    Route("/admin/exports/{kind}", endpoint(export_pages.job_page, admin=True)),
    Route("/admin/exports/{kind}", endpoint(export_pages.ask, admin=True), methods=["POST"]),
    Route("/admin/exports/{kind}/{job}", endpoint(export_pages.download, admin=True)),
    Route("/admin/summary.xlsx", endpoint(export_pages.old_address("summary"), admin=True)),
    Route("/admin/print.pdf", endpoint(export_pages.old_address("print"), admin=True)),
    Route("/admin/printing", endpoint(export_pages.old_address("print"), admin=True)),
    Route("/admin/event.json", endpoint(export_pages.old_address("event-json"), admin=True)),
    Route("/admin/round/{n}/sheet.pdf", endpoint(round_exports.sheet, admin=True)),
    Route("/admin/round/{n}/slips.pdf", endpoint(round_exports.slips, admin=True)),
    Route("/admin/race-days", endpoint(race_days.race_days_page, admin=True), methods=["GET", "POST"]),
    Route("/admin/race-days/campaign.zip", endpoint(round_exports.campaign_zip, admin=True)),
    Route("/admin/day", endpoint(day_admin.day_admin, admin=True), methods=["GET", "POST"]),
    Route("/{rest:path}", endpoint(missing), methods=["GET", "POST"]),
]


@contextlib.asynccontextmanager
async def lifespan(app: Starlette):
    lanes = (app.state.desk.checks, app.state.desk.building)  # one pool: the builder's lanes share the checks' workers
    for lane in lanes:
        lane.start()
    app.state.desk.sheets.start()
    yield
    for lane in lanes:
        lane.close()
    app.state.desk.sheets.close()
    app.state.desk.exports.close()
    app.state.desk.limit.close()
    app.state.desk.guesses.close()
    app.state.desk.clicks.close()
    app.state.desk.pdfs.close()
    app.state.desk.store.close()


class Headers:
    """Every answer carries the policy and the usual headers: a page, an error, a redirect, a download;
    and HSTS when the desk's public URL is https (``hsts``)."""

    def __init__(self, app: Any, hsts: bool = False):
        self.app = app
        self.strict = [(b"strict-transport-security", HSTS.encode())] if hsts else []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                given = list(message.get("headers", []))
                # A page's own policy stands (the builder's runs the desk's script); any other has none.
                policy = [] if any(k.lower() == b"content-security-policy" for k, _ in given) else \
                    [(b"content-security-policy", POLICY.encode())]
                headers = given + policy + [(b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"), (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store")] + self.strict
                message = {**message, "headers": headers}
            await send(message)
        await self.app(scope, receive, sending)

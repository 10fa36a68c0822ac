"""The gates every request to the desk passes before its handler runs, and the boundary around it.

Since the desk may be reachable from players' devices:

- the Host: one the desk answers to (its ``--public-url``'s, else the loopback's or the literal
  address it listens on), so no DNS rebinding reaches it;
- on a POST: its Origin, when the browser sends one, must be this server's own; at most
  ``posts_per_minute`` from one client, counted in the store by every process (429, answered after
  a pause: :data:`REFUSAL_PAUSE`); the body
  bounded from its Content-Length and while it streams (413), each wait for it bounded (408), at
  most :data:`BODIES_AT_ONCE` of one client's arriving at once (429 ``desk-busy-uploads``),
  spooled to disk past a small size and parsed in a worker thread; the form's CSRF token equal to
  its cookie (double submit, constant time), checked before its files are read into memory;
- a client is the connection's address, or, from a trusted proxy only, the rightmost address of
  ``X-Forwarded-For`` that isn't one (and the scheme its ``X-Forwarded-Proto``);
- the organiser's routes need the organiser's session (:mod:`builder.desk.sessions`);
- a route that checks a list, or makes a builder's click, is admitted to its lane
  (:mod:`builder.desk.checks`) once its body is read and its CSRF token checked, before its files
  are read into memory: a few of one client's at once, and a bounded number in all; a click's
  body is bounded to a list and its Warbook;
- a bug is logged with a short id, and the page shows only the id.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import secrets
from collections import Counter
from typing import Awaitable, Callable

import anyio
from starlette.requests import Request
from starlette.responses import Response

from builder.core import messages
from builder.core.reader import MAX_BYTES
from builder.desk.checks import RETRY_AFTER, Busy, Lane
from builder.desk.cookies import scheme_of
from builder.desk.workers import CLIENT
from builder.desk.pages import CSRF_COOKIE, page, refusal
from builder.desk.sessions import organiser
from builder.desk.state import desk_of
from builder.events.limits import StoredRateLimit
from builder.events.submitted import FILES_MOST
from builder.desk.transport import current, forwarded, owed, waited
from builder.web.intake import Form, Rejected, declared_length, parse_form, same, spool_body

LOG = logging.getLogger("builder.desk")
BODY_MOST = (FILES_MOST + 1) * (MAX_BYTES + 4096) + 64 * 1024
"""A submission: five files and a pasted list, each at most 1 MiB, with the form around them."""
CLICK_MOST = 2 * (MAX_BYTES + 4096) + 64 * 1024
"""A builder's click: the list and the one file it reads (a Warbook), each at most 1 MiB, with the
click's fields; so what the clicks waiting in their lane hold in memory stays small."""
BODIES_AT_ONCE = 4
"""One client's bodies arriving at once in a process, on any route: behind a proxy that streams them
(deploy/), a stalled one holds a connection here until the body's timeout."""
ARRIVING: Counter[str] = Counter()
"""Each client's bodies arriving now (on the event loop alone: no lock)."""
HELD_MOST = 30.0
"""Seconds a client in debt of bytes waits at most before its request is answered (within Caddy's 60 s
for a whole request)."""
REFUSAL_PAUSE = 1.0
"""Seconds a request refused for its client's rate (``desk-rate``) waits before its answer: a client that
asks again as soon as it is refused (24 addresses asking for PDFs again and again, issue 55) asks
at most once a second per connection, not some 65 times a second through Caddy's TLS, on the cores
another player's click needs. A person past a rate loses a second they were to wait anyway."""
PAUSED_MOST = 64
"""Refusals waiting out their pause at once in a process: past it, answered at once (a flood of them
holds no more of the desk's connections than this)."""
PAUSED: list[int] = [0]
"""How many wait now (on the event loop alone: no lock)."""
CLOSING = ("desk-slow-body", "desk-bad-request")
"""Refusals after which the connection is closed: its body stalled, cut short or unreadable."""

Handler = Callable[[Request, Form, str], Response | Awaitable[Response]]
"""A route's work, given the request, its form (empty but on a POST) and the language to answer in;
a coroutine function (one that sends a check to the lane) runs on the event loop, any other in a
page thread."""


def endpoint(handler: Handler, admin: bool = False, checks: bool = False,
             clicks: str | None = None) -> Callable[[Request], Awaitable[Response]]:
    """The Starlette endpoint that runs ``handler`` past the gates; ``admin``: only for the
    organiser (anyone else gets the login form); ``checks``: a POST that checks a list, admitted to
    the checks' lane first; ``clicks``: a builder's click, counted in the clicks' own budget (in
    the store, as the POSTs are, but apart from them) and admitted to the lane of that name
    (``building`` or ``trying``)."""
    async def run(request: Request) -> Response:
        lang = messages.language(request.query_params.get("lang") or messages.DEFAULT_LANGUAGE)
        admitted = None
        form = Form()
        try:
            refused = gate(request)
            if refused is not None:
                return refusal(request, lang, *refused)
            # Whose request this is, for whatever it sends to a lane (a page's check again too).
            CLIENT.set(client_address(request))
            if request.method == "POST":
                client = client_address(request)
                await held(client)
                counted = desk_of(request).clicks if clicks else desk_of(request).limit
                if not await within_rate(counted, client):
                    return refusal(request, lang, "desk-rate", 429)
                lane = getattr(desk_of(request), clicks) if clicks else desk_of(request).checks if checks else None
                form, size = await read_form(request, CLICK_MOST if clicks else BODY_MOST, lane, client)
                lang = messages.language(form.get("lang") or lang)
                if not same(form.get("csrf"), request.cookies.get(CSRF_COOKIE)):
                    return refusal(request, lang, "desk-csrf", 403)
                # Admitted to its lane once its body is all here (on disk past a small size), so a
                # body sent a byte at a time holds a connection and one of its own client's places,
                # never one of the lane's in all.
                if lane is not None:
                    admitted = (lane, lane.admit(client, size), size)
                    CLIENT.set(client)
            # The session is the store's (every process sees a logout): a query, off the event loop.
            if admin and not await anyio.to_thread.run_sync(organiser, request, limiter=desk_of(request).working):
                return page(request, "login.html", lang, 403, failed=False)
            working = desk_of(request).working
            if inspect.iscoroutinefunction(handler):
                # Its files are read into memory off the loop, now the request is known genuine.
                loaded = await anyio.to_thread.run_sync(form.load, limiter=working)
                return await until_gone(request, handler(request, loaded, lang))
            # Pages and the store's writes run in the page threads; checks never do.
            return await anyio.to_thread.run_sync(lambda: handler(request, form.load(), lang), limiter=working)
        except Busy as exc:
            response = unread(request, refusal(request, lang, exc.code, exc.status), exc.code)
            response.headers["Retry-After"] = str(exc.retry_after)
            return response
        except Rejected as exc:
            return unread(request, refusal(request, lang, exc.code, exc.status), exc.code)
        except Exception:  # noqa: BLE001 - a bug: logged here with its traceback, answered with its id
            bug = secrets.token_hex(4)
            LOG.exception("bug %s while answering %s %s", bug, request.method, request.url.path)
            return refusal(request, lang, "bug", 500, bug=bug)
        finally:
            if admitted is not None:
                lane, client, size = admitted
                lane.release(client, size)
            form.close()
    return run


async def held(client: str) -> None:
    """Wait, before anything is answered, while ``client`` owes the desk bytes it sent beyond its budget
    (:func:`builder.desk.transport.owed`), at most :data:`HELD_MOST` seconds: its refused bodies are
    thrown away at once, and its next request pays for them. Its body waits meanwhile on a connection
    of its own (a proxy sends no one else's request on it before this one is answered). Once the desk
    is told to stop, nothing is held: the stop waits for what is under way."""
    wait = owed(client)
    if wait > 0:
        # Not past the desk's being told to stop: held, a request kept the stop waiting up to HELD_MOST.
        await waited(min(wait, HELD_MOST))


async def within_rate(limit: StoredRateLimit, client: str) -> bool:
    """Whether one more request of ``client`` fits ``limit`` (counted in the store, one budget for every
    process: a query, off the event loop); a refusal is said only after :func:`paused`."""
    if await anyio.to_thread.run_sync(limit.allow, client):
        return True
    await paused()
    return False


async def paused() -> None:
    """:data:`REFUSAL_PAUSE` before a rate's refusal is answered, while fewer than :data:`PAUSED_MOST` wait
    in this process, and never past the desk's being told to stop."""
    if PAUSED[0] >= PAUSED_MOST:
        return
    PAUSED[0] += 1
    try:
        await waited(REFUSAL_PAUSE)
    finally:
        PAUSED[0] -= 1


def unread(request: Request, answer: Response, code: str) -> Response:
    """``answer`` to a request refused before its body was all read: the connection throws the rest
    away and stays open (:mod:`builder.desk.transport`), so a proxy sending that body gets the answer,
    never a reset it would take for the process failing. Closed after the answer only when the body
    can't be thrown away within bounds: declared larger than them, nonsense, too slow or cut short."""
    declared = declared_length(request)
    if code in CLOSING or declared is None or declared > current().discard_most:
        answer.headers["connection"] = "close"
    return answer


async def until_gone(request: Request, work: Awaitable[Response]) -> Response:
    """``work``'s answer, or ``work`` cancelled if its client leaves first: what it waits for in a
    lane is dropped, not made for no one (a job of a client long gone kept the workers busy)."""
    answering = asyncio.ensure_future(work)
    leaving = asyncio.ensure_future(_left(request))
    try:
        await asyncio.wait((answering, leaving), return_when=asyncio.FIRST_COMPLETED)
    finally:
        leaving.cancel()
        if not answering.done():
            answering.cancel()
            await asyncio.wait((answering,))  # unwound (its place in a lane given back) before the gates' own
    if answering.cancelled():
        return Response(status_code=499)  # no one to read it
    return answering.result()


async def _left(request: Request) -> None:
    # The body is all read: what the server says next is that the client has gone (or, once the
    # answer is sent, that it is over).
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def read_form(request: Request, most: int = BODY_MOST, lane: Lane | None = None,
                    client: str = "") -> tuple[Form, int]:
    """The POST's form and its body's size: the body (at most ``most`` bytes) streamed to a spooled
    file, then parsed off the event loop. Refused at once (Busy) when :data:`BODIES_AT_ONCE` of
    ``client``'s bodies are arriving already, on any route; with a ``lane``, also if ``client``'s
    request of the length it declares would not be admitted, its body holding one of the client's
    places while it arrives (:meth:`builder.desk.checks.Lane.reading`)."""
    # Its length as declared (a nonsense one is refused as the body is read).
    declared = max(0, declared_length(request) or 0)
    client = client or client_address(request)
    if ARRIVING[client] >= BODIES_AT_ONCE:
        raise Busy("desk-busy-uploads", 429, RETRY_AFTER)
    ARRIVING[client] += 1
    try:
        with lane.reading(client, declared) if lane is not None else contextlib.nullcontext():
            body = await spool_body(request, most, current().body_timeout)
            try:
                size = body.seek(0, 2)
                body.seek(0)
                return await anyio.to_thread.run_sync(parse_form, request.headers.get("content-type", ""), body,
                                                      MAX_BYTES), size
            finally:
                body.close()
    finally:
        ARRIVING[client] -= 1
        if not ARRIVING[client]:
            del ARRIVING[client]


def client_address(request: Request) -> str:
    """The address a request comes from, as the per-client limits count it: the connection's,
    unless that is a trusted proxy (``--trusted-proxy``); then the rightmost address in
    ``X-Forwarded-For`` that isn't itself a trusted proxy (each proxy appends the address it got
    the request from, so what's left of that may be the client's own invention); an IPv6 address
    by its /64 network (:func:`builder.desk.transport.client_key`)."""
    direct = request.client.host if request.client else "?"
    hops = [hop.strip() for line in request.headers.getlist("x-forwarded-for") for hop in line.split(",")]
    return forwarded(direct, hops, desk_of(request).proxies)


def gate(request: Request) -> tuple[str, int] | None:
    """Why the request is refused before its form is read (its code and status), or None."""
    desk = desk_of(request)
    if request.headers.get("host", "").lower() not in desk.hosts:
        return "desk-foreign-host", 403
    if request.method != "POST":
        return None
    # The Referrer-Policy is same-origin, not no-referrer: under no-referrer a browser sends
    # "Origin: null" with the page's own forms, and the check could tell nothing.
    origin = request.headers.get("origin")
    own = f"{scheme_of(request)}://{request.headers.get('host', '').lower()}"
    if origin is not None and origin.lower() not in (own, desk.public_origin):
        return "desk-foreign-origin", 403
    return None

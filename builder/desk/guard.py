"""The gates every request to the desk passes before its handler runs, and the boundary around it.

Since the desk may be reachable from players' devices:

- the Host, when the desk listens on the loopback (as ``builder serve``: no DNS rebinding);
- on a POST: its Origin, when the browser sends one, must be this server's own; at most
  ``posts_per_minute`` from one client, counted in the store by every process (429); the body
  bounded from its Content-Length and while it streams (413); the form's CSRF token equal to its
  cookie (double submit, constant time);
- the organiser's routes need the organiser's session (:mod:`builder.desk.sessions`);
- a bug is logged with a short id, and the page shows only the id.
"""

from __future__ import annotations

import logging
import secrets
from typing import Awaitable, Callable

import anyio
from starlette.requests import Request
from starlette.responses import Response

from builder.core import messages
from builder.core.reader import MAX_BYTES
from builder.desk.pages import CSRF_COOKIE, page, refusal
from builder.desk.sessions import organiser
from builder.desk.state import desk_of
from builder.events.submitted import FILES_MOST
from builder.serve.intake import Form, Rejected, parse_form, read_body, same

LOG = logging.getLogger("builder.desk")
BODY_MOST = (FILES_MOST + 1) * (MAX_BYTES + 4096) + 64 * 1024
"""A submission: five files and a pasted list, each at most 1 MiB, with the form around them."""

Handler = Callable[[Request, Form, str], Response]
"""A route's work, given the request, its form (empty but on a POST) and the language to answer in."""


def endpoint(handler: Handler, admin: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """The Starlette endpoint that runs ``handler`` past the gates, in a worker thread; ``admin``:
    only for the organiser (anyone else gets the login form)."""
    async def run(request: Request) -> Response:
        lang = messages.language(request.query_params.get("lang") or messages.DEFAULT_LANGUAGE)
        try:
            refused = gate(request)
            if refused is not None:
                return refusal(request, lang, *refused)
            form = Form()
            if request.method == "POST":
                # The count is in the store (one budget for every process): a query, off the event loop.
                if not await anyio.to_thread.run_sync(desk_of(request).limit.allow, client_address(request)):
                    return refusal(request, lang, "desk-rate", 429)
                body = await read_body(request, BODY_MOST)
                form = parse_form(request.headers.get("content-type", ""), body, MAX_BYTES)
                lang = messages.language(form.get("lang") or lang)
                if not same(form.get("csrf"), request.cookies.get(CSRF_COOKIE)):
                    return refusal(request, lang, "desk-csrf", 403)
            if admin and not organiser(request):
                return page(request, "login.html", lang, 403, failed=False)
            # Checking and the store's writes run in a worker thread.
            return await anyio.to_thread.run_sync(handler, request, form, lang, limiter=desk_of(request).working)
        except Rejected as exc:
            return refusal(request, lang, exc.code, exc.status)
        except Exception:  # noqa: BLE001 - a bug: logged here with its traceback, answered with its id
            bug = secrets.token_hex(4)
            LOG.exception("bug %s while answering %s %s", bug, request.method, request.url.path)
            return refusal(request, lang, "bug", 500, bug=bug)
    return run


def client_address(request: Request) -> str:
    """The address a request comes from, as the per-client limits count it."""
    return request.client.host if request.client else "?"


def gate(request: Request) -> tuple[str, int] | None:
    """Why the request is refused before its form is read (its code and status), or None."""
    desk = desk_of(request)
    if desk.hosts is not None and request.headers.get("host", "") not in desk.hosts:
        return "desk-foreign-host", 403
    if request.method != "POST":
        return None
    # The Referrer-Policy is same-origin, not no-referrer: under no-referrer a browser sends
    # "Origin: null" with the page's own forms, and the check could tell nothing.
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        return "desk-foreign-origin", 403
    return None

"""The gates every request to the hosted builder passes, the desk's own where they apply
(:mod:`builder.desk.guard`): the Host and Origin it answers to, the client as the trusted proxy says
it is, the click's budget (in memory), its lane's room asked before its body is read, the body
bounded to a click's (a list and its Warbook), the form's CSRF token.

Nothing of a list is ever logged: a bug is logged with a short id, its type and where it happened,
never its message (which may quote a text a player sent); the page shows only the id.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import secrets
import traceback
from typing import Awaitable, Callable

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from builder.core import messages
from builder.desk.build import TOKEN_DAYS
from builder.desk.checks import Busy
from builder.desk.cookies import secure
from builder.desk.guard import CLICK_MOST, client_address, gate, held, read_form, unread, until_gone
from builder.desk.transport import within
from builder.desk.workers import CLIENT
from builder.hosted.state import hosted_of
from builder.web.intake import Form, Rejected, new_token, same

LOG = logging.getLogger("builder.hosted")
CSRF_COOKIE = "builder_csrf"
PACED_SECONDS = 1.0
"""How long a client past its clicks' budget waits for its refusal (on its own connection)."""

Handler = Callable[[Request, Form, str], Response | Awaitable[Response]]


def endpoint(handler: Handler, lane: str | None = None) -> Callable[[Request], Awaitable[Response]]:
    """The Starlette endpoint that runs ``handler`` past the gates; a POST is a builder's click,
    counted in the clicks' budget and admitted to the lane ``lane`` (``building`` or ``trying``)."""
    async def run(request: Request) -> Response:
        lang = messages.language(request.query_params.get("lang") or messages.DEFAULT_LANGUAGE)
        admitted = None
        form = Form()
        try:
            refused = gate(request)
            if refused is not None:
                return refusal(request, lang, *refused)
            client = client_address(request)
            CLIENT.set(client)  # whose jobs they are, in the workers' turns
            hosted = hosted_of(request)
            if request.method == "POST":
                await held(client)
                if not hosted.clicks.allow(client):
                    await paced(request)
                    return refusal(request, lang, "desk-rate", 429)
                working = getattr(hosted, lane) if lane else None
                form, size = await read_form(request, CLICK_MOST, working, client)
                lang = messages.language(form.get("lang") or lang)
                if not same(form.get("csrf"), request.cookies.get(CSRF_COOKIE)):
                    return refusal(request, lang, "desk-csrf", 403)
                if working is not None:  # once its body is all here: a slow body holds only its own client's place
                    admitted = (working, working.admit(client, size), size)
            if inspect.iscoroutinefunction(handler):
                loaded = await anyio.to_thread.run_sync(form.load, limiter=hosted.working)
                return await until_gone(request, handler(request, loaded, lang))
            return await anyio.to_thread.run_sync(lambda: handler(request, form.load(), lang), limiter=hosted.working)
        except Busy as exc:
            answer = unread(request, refusal(request, lang, exc.code, exc.status), exc.code)
            answer.headers["Retry-After"] = str(exc.retry_after)
            return answer
        except Rejected as exc:
            return unread(request, refusal(request, lang, exc.code, exc.status), exc.code)
        except Exception as exc:  # noqa: BLE001 - a bug: logged without its message, answered with its id
            bug = secrets.token_hex(4)
            LOG.error("bug %s while answering %s %s: %s\n%s", bug, request.method, request.url.path,
                      type(exc).__name__, "".join(traceback.format_tb(exc.__traceback__)))
            return refusal(request, lang, "bug", 500, bug=bug)
        finally:
            if admitted is not None:
                working, client, size = admitted
                working.release(client, size)
            form.close()
    return run


async def paced(request: Request) -> None:
    """A client past its budget waits a moment for its refusal, if it holds its own connections (not
    through a trusted proxy, whose connections are everyone's): its few connections
    (:mod:`builder.desk.transport`'s cap per address) then make a few requests a second, not
    thousands, and the process answers the other players meanwhile. The page waits longer anyway
    (``Retry-After``)."""
    if request.client is None or not within(request.client.host, hosted_of(request).proxies):
        await asyncio.sleep(PACED_SECONDS)


def said(code: str, lang: str, **params: object) -> str:
    """A refusal's words: the hosted builder's own, the desk's or the builder's, by its code."""
    for key in (f"hosted.error.{code}", f"desk.error.{code}", f"serve.error.{code}"):
        if key in messages.table():
            return messages.text(key, lang, **params)
    return messages.text("desk.build-refused", lang)


def refusal(request: Request, lang: str, code: str, status: int, **params: object) -> Response:
    """Why not: to a click (a POST, sent by the page's script) as JSON, to a page as a page."""
    message = messages.text("desk.bug", lang, **params) if code == "bug" else said(code, lang)
    if request.method == "POST":
        return JSONResponse({"code": code, "message": message}, status_code=status)
    return page(request, "message.html", lang, status, code=code, message=message)


def page(request: Request, name: str, lang: str, status: int = 200, **context: object) -> HTMLResponse:
    """A page of ``templates/`` (the desk's builder page among them), with the form's CSRF token."""
    hosted = hosted_of(request)
    csrf = request.cookies.get(CSRF_COOKIE) or new_token()
    html = hosted.templates.get_template(name).render(
        t=lambda key, **p: messages.text(key, lang, **p), lang=lang, csrf=csrf, **context)
    answer = HTMLResponse(html, status_code=status)
    if request.cookies.get(CSRF_COOKIE) != csrf:
        # Kept as long as the copy of the page the service worker keeps may be used (as the desk's).
        answer.set_cookie(CSRF_COOKIE, csrf, max_age=TOKEN_DAYS * 86400, httponly=True, samesite="strict", path="/",
                          secure=secure(request))
    return answer

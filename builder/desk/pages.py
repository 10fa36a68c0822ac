"""The desk's pages: Jinja2 with autoescape (``templates/``), each carrying the form's CSRF token,
and what several of them show (the teams' rows, a stored list's problems)."""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial
from typing import Any, Callable

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.desk.state import Desk, desk_of
from builder.events.bounds import StoreRefused
from builder.events.submitted import Checking
from builder.serve.intake import new_token
from builder.serve.workspace import findings_of, unreadable

CSRF_COOKIE = "desk_csrf"


def page(request: Request, name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
    desk = desk_of(request)
    csrf = request.cookies.get(CSRF_COOKIE) or new_token()
    event = desk.store.event(desk.event_id)
    html = desk.templates.get_template(name).render(
        t=lambda key, **p: messages.text(key, lang, **p), lang=lang, csrf=csrf, event=event,
        closed=closed(event), published=event.publish and closed(event), local_time=partial(local_time, desk),
        title=registry.get(desk.pack.system).title, **context)
    response = HTMLResponse(html, status_code=status)
    if request.cookies.get(CSRF_COOKIE) != csrf:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", path="/")
    return response


async def in_page_thread(request: Request, work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``work`` run in one of the desk's page threads (a coroutine handler's store work and page)."""
    return await anyio.to_thread.run_sync(partial(work, *args, **kwargs), limiter=desk_of(request).working)


def refusal(request: Request, lang: str, code: str, status: int, **context: Any) -> HTMLResponse:
    # "Nothing was stored" only answers a submission (or an action) that was refused.
    offered = request.method == "POST" and request.url.path != "/status"
    return page(request, "message.html", lang, status, code=code, offered=offered, **context)


def local_time(desk: Desk, moment: datetime, seconds: bool = False) -> str:
    """A moment as the event's clock reads it (:attr:`Desk.zone`): the deadline as the organiser
    wrote it, never its UTC."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return aware.astimezone(desk.zone).strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def closed(event: Any) -> bool:
    return event.locked or (event.deadline is not None and datetime.now(timezone.utc) >= event.deadline)


def team_rows(desk: Desk, latest: list[Any] | None = None) -> list[dict[str, Any]]:
    """Each team's latest list (or those of ``latest``) as a row: of the dashboard, the published
    lists and the summary. Without ``latest``, the lists are read without their files."""
    store, event_id = desk.store, desk.event_id
    event = store.event(event_id)
    duplicates = store.duplicates(event_id)
    locked = store.locked_teams(event_id)
    rows = []
    for s in store.latest(event_id, files=False) if latest is None else latest:
        same_list = [n for n in duplicates.get(s.checked.fingerprint or "", []) if n != s.team]
        game = registry.find(s.checked.system or "")
        rows.append({"s": s, "system": game.title if game is not None else "—",
                     "late": event.deadline is not None and s.submitted_at >= event.deadline,
                     "standing": store.standing(s.team_id), "locked": s.team_id in locked, "same_list": same_list,
                     "when": local_time(desk, s.submitted_at)})
    return rows


async def rechecked(request: Request, submission: Any, lang: str) -> list[dict[str, Any]]:
    """A stored list's problems, checked again from its files as they were sent (in the lane)."""
    try:
        checking = await desk_of(request).checks.check({n: t.encode("utf-8") for n, t in submission.files.items()})
    except (InputError, StoreRefused) as exc:
        return findings_of_check(exc, lang)
    return findings_of_check(checking, lang)


def findings_of_check(checking: Checking | InputError | StoreRefused, lang: str) -> list[dict[str, Any]]:
    if isinstance(checking, InputError):
        return [unreadable(checking, lang)]
    if isinstance(checking, StoreRefused):  # kept by an earlier builder, refused by this one
        return [{"code": checking.code, "message": messages.text(f"desk.error.{checking.code}", lang)}]
    if checking.evaluation is None:
        return [unreadable(checking.unreadable, lang)]
    return findings_of(checking.evaluation, lang)

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
from builder.desk.checks import Busy
from builder.desk.cookies import secure
from builder.desk.workers import CLIENT
from builder.desk.state import Desk, desk_of
from builder.events.bounds import StoreRefused
from builder.events.found import found_in, found_unreadable, measure_of, shown
from builder.events.submitted import Checking
from builder.web.intake import new_token
from builder.web.shown import findings_of, unreadable

CSRF_COOKIE = "desk_csrf"


def page(request: Request, name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
    desk = desk_of(request)
    csrf = request.cookies.get(CSRF_COOKIE) or new_token()
    event = desk.store.event(desk.event_id)
    html = desk.templates.get_template(name).render(
        t=lambda key, **p: messages.text(key, lang, **p), lang=lang, csrf=csrf, event=event,
        closed=closed(event), published=event.publish and closed(event), local_time=partial(local_time, desk),
        title=registry.get(desk.pack.system).title, plays_rounds=desk.pack.rounds is not None, **context)
    response = HTMLResponse(html, status_code=status)
    if request.cookies.get(CSRF_COOKIE) != csrf:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", path="/", secure=secure(request))
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


def zone_label(desk: Desk, moment: datetime | None = None) -> str:
    """The zone the event's times are shown in, as an offset from UTC (``UTC+01:00``), named too when
    it has a name of its own (``CET, UTC+01:00``): the deadline's zone, else the server's."""
    here = (moment or datetime.now(timezone.utc)).astimezone(desk.zone)
    offset = here.strftime("%z")
    label = "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"
    name = here.tzname() or ""
    return label if not name.isalpha() or name == "UTC" else f"{name}, {label}"


def closed(event: Any) -> bool:
    return event.locked or (event.deadline is not None and datetime.now(timezone.utc) >= event.deadline)


SAME_NAMES = 3
"""The other teams a row names that sent its list: the rest are counted (``same_more``), so a flood
of one list is a count on each row, never every name on every row."""


def team_rows(desk: Desk, latest: list[Any] | None = None) -> list[dict[str, Any]]:
    """Each team's latest list (or those of ``latest``: a page of them) as a row: of the dashboard,
    the published lists and the summary. Without ``latest``, the lists are read without their files.
    A few queries for all the rows, whatever their number: each row's review, and the other teams
    that sent its list (a few named, the rest counted)."""
    store, event_id = desk.store, desk.event_id
    event = store.event(event_id)
    latest = store.latest(event_id, files=False) if latest is None else latest
    locked = store.locked_teams(event_id)
    standings = store.standings([s.team_id for s in latest])
    groups, _ = store.same_lists(event_id, {s.checked.fingerprint for s in latest if s.checked.fingerprint},
                                 names=SAME_NAMES + 1)
    same = {group.fingerprint: group for group in groups}
    rows = []
    for s in latest:
        group = same.get(s.checked.fingerprint or "")
        others = [n for n in group.names if n != s.team][:SAME_NAMES] if group else []
        game = registry.find(s.checked.system or "")
        rows.append({"s": s, "system": game.title if game is not None else "—",
                     "late": event.deadline is not None and s.submitted_at >= event.deadline,
                     "standing": standings.get(s.team_id), "locked": s.team_id in locked, "same_list": others,
                     "same_more": group.teams - 1 - len(others) if group else 0,
                     "when": local_time(desk, s.submitted_at)})
    return rows


async def rechecked(request: Request, submission: Any, lang: str) -> list[dict[str, Any]]:
    """A stored list's problems (:func:`kept_findings`)."""
    return (await kept_findings(request, submission, lang))[0]


async def kept_findings(request: Request, submission: Any,
                        lang: str) -> tuple[list[dict[str, Any]], str | None, str | None]:
    """A stored list's problems, its player and its game's measure, as kept with its version. A version stored before
    migration 6 is checked again from its files, once: in the lane, admitted as this request's
    client's own (its share of the workers, its place in the queue, dropped if it leaves), and what
    it found kept with it. Refused (the lane full, the check too heavy), the refusal is shown, and
    the list checked again next time."""
    found = submission.checked.found
    if found is None:
        desk, client = desk_of(request), CLIENT.get()
        files = {n: t.encode("utf-8") for n, t in submission.files.items()}
        size = sum(len(data) for data in files.values())
        try:
            desk.checks.admit(client, size)
        except Busy as exc:
            return findings_of_check(StoreRefused(exc.code), lang), None, None
        try:
            checking = await desk.checks.check(files, (submission.checked.system, submission.checked.edition))
        except InputError as exc:
            found = found_unreadable(exc)
        except StoreRefused as exc:
            return findings_of_check(exc, lang), None, None
        else:
            found = (found_in(checking.evaluation) if checking.evaluation is not None
                     else found_unreadable(checking.unreadable))
        finally:
            desk.checks.release(client, size)
        await in_page_thread(request, desk.store.keep_found, submission.id, found)
    return shown(found, lang), found.get("player"), measure_of(found, lang)


def findings_of_check(checking: Checking | InputError | StoreRefused, lang: str) -> list[dict[str, Any]]:
    if isinstance(checking, InputError):
        return [unreadable(checking, lang)]
    if isinstance(checking, StoreRefused):  # kept by an earlier builder, refused by this one
        return [{"code": checking.code, "message": messages.text(f"desk.error.{checking.code}", lang), "rule": None,
                 "severity": "error"}]
    if checking.evaluation is None:
        return [unreadable(checking.unreadable, lang)]
    return findings_of(checking.evaluation, lang)

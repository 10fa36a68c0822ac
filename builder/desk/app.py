"""The event desk (``builder event serve``): players submit lists, the organiser sees them all.

One Starlette app for one event (the pack's), over the event store (:mod:`builder.events.store`).
Since it may be reachable from players' devices, every request passes the same gates first:

- the Host, when the desk listens on the loopback (as ``builder serve``: no DNS rebinding);
- on a POST: its Origin, when the browser sends one, must be this server's own; at most
  ``posts_per_minute`` from one client (429); the body bounded from its Content-Length and while
  it streams (413); the form's CSRF token equal to its cookie (double submit, constant time);
- the organiser's routes need the token's cookie, set by ``/admin/login`` (constant time);
- every page is Jinja2 with autoescape, under a CSP that allows no script at all;
- a bug is logged with a short id, and the page shows only the id.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import hmac
import logging
import os
import secrets
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Awaitable, Callable

import anyio
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.names import fold
from builder.core.pack import Pack
from builder.core.reader import MAX_BYTES
from builder.events.packs import load_pack
from builder.events.schema import Checked
from builder.events.store import Store, StoreRefused
from builder.events.submitted import FILES_MOST, check_submission, latest_outcomes
from builder.desk import texts  # noqa: F401 - the desk's words join the message table
from builder.serve.app import attachment
from builder.serve.intake import Form, RateLimit, Rejected, new_token, parse_form, read_body, same
from builder.serve.workspace import findings_of, unreadable

TEMPLATES = Path(__file__).resolve().parent / "templates"
LOG = logging.getLogger("builder.desk")
BODY_MOST = (FILES_MOST + 1) * (MAX_BYTES + 4096) + 64 * 1024
"""A submission: five files and a pasted list, each at most 1 MiB, with the form around them."""
POLICY = ("default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; "
          "base-uri 'none'")
CSRF_COOKIE, ADMIN_COOKIE = "desk_csrf", "desk_admin"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
REFUSED_STATUS = {"wrong-edit-code": 403, "event-locked": 423, "team-locked": 423, "past-deadline": 423,
                  "team-exists": 409, "no-such-team": 404, "file-too-large": 413}
"""The HTTP status of a store's refusal; any other (a bad name, no files…) is 400."""


def from_environment() -> Starlette:
    """The desk of ``builder event serve --workers N``: each worker process makes its own from the
    settings the command put in ``BUILDER_DESK`` (uvicorn starts workers from an import string)."""
    given = json.loads(os.environ["BUILDER_DESK"])
    deadline = datetime.fromisoformat(given["deadline"]) if given["deadline"] else None
    return create_desk(load_pack(given["pack"]), given["db"], given["token"], given["host_label"],
                       given["rate"], deadline, given["publish"])


def create_desk(pack: Pack, db_url: str, token: str, host_label: str, posts_per_minute: int = 30,
                deadline: datetime | None = None, publish: bool | None = None) -> Starlette:
    """The desk for ``pack``'s event, stored at ``db_url`` (the event is made there the first time);
    ``token`` opens the organiser's pages; ``host_label`` is the ``host:port`` it listens on (on
    the loopback, only requests addressed to it are answered). ``deadline`` and ``publish``, when
    given, win over the pack's ``event:`` settings."""
    store = Store.open(db_url)
    event_id = store.find_event(pack.name, pack.system) or store.create_event(pack.name, pack.system)
    deadline = deadline or pack.event.deadline
    publish = pack.event.publish if publish is None else publish
    if deadline is not None:  # the organiser's, given at start: lists after it are refused
        store.set_deadline(event_id, deadline)
    limit = RateLimit(posts_per_minute)
    # The work is mostly Python (checking a list), one at a time under the interpreter's lock: two
    # threads keep a file's write or a database wait from idling the process, and the others queue
    # in arrival order instead of sharing the processor, so no submission waits behind all the rest.
    working = anyio.CapacityLimiter(2)
    admin_mark = hmac.new(token.encode("utf-8"), b"builder-desk-organiser", hashlib.sha256).hexdigest()
    host, _, port = host_label.rpartition(":")
    hosts = {f"{name}:{port}" for name in LOOPBACK} if host in LOOPBACK else None
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined)

    def page(request: Request, name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
        csrf = request.cookies.get(CSRF_COOKIE) or new_token()
        event = store.event(event_id)
        html = env.get_template(name).render(
            t=lambda key, **p: messages.text(key, lang, **p), lang=lang, csrf=csrf, event=event,
            closed=closed(event), published=publish and closed(event),
            title=registry.get(pack.system).title, host_label=host_label, **context)
        response = HTMLResponse(html, status_code=status)
        if request.cookies.get(CSRF_COOKIE) != csrf:
            response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", path="/")
        return response

    def refusal(request: Request, lang: str, code: str, status: int, **context: Any) -> HTMLResponse:
        # "Nothing was stored" only answers a submission (or an action) that was refused.
        offered = request.method == "POST" and request.url.path != "/status"
        return page(request, "message.html", lang, status, code=code, offered=offered, **context)

    def closed(event: Any) -> bool:
        return event.locked or (event.deadline is not None and datetime.now(timezone.utc) >= event.deadline)

    def organiser(request: Request) -> bool:
        return same(request.cookies.get(ADMIN_COOKIE), admin_mark)

    def endpoint(handler: Callable[..., Any], admin: bool = False) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            lang = messages.language(request.query_params.get("lang") or messages.DEFAULT_LANGUAGE)
            try:
                refused = gate(request)
                if refused is not None:
                    return refusal(request, lang, *refused)
                form = Form()
                if request.method == "POST":
                    body = await read_body(request, BODY_MOST)
                    form = parse_form(request.headers.get("content-type", ""), body, MAX_BYTES)
                    lang = messages.language(form.get("lang") or lang)
                    if not same(form.get("csrf"), request.cookies.get(CSRF_COOKIE)):
                        return refusal(request, lang, "desk-csrf", 403)
                if admin and not organiser(request):
                    return page(request, "login.html", lang, 403, failed=False)
                # Checking and the store's writes run in a worker thread.
                return await anyio.to_thread.run_sync(handler, request, form, lang, limiter=working)
            except Rejected as exc:
                return refusal(request, lang, exc.code, exc.status)
            except Exception:  # noqa: BLE001 - a bug: logged here with its traceback, answered with its id
                bug = secrets.token_hex(4)
                LOG.exception("bug %s while answering %s %s", bug, request.method, request.url.path)
                return refusal(request, lang, "bug", 500, bug=bug)
        return run

    def gate(request: Request) -> tuple[str, int] | None:
        if hosts is not None and request.headers.get("host", "") not in hosts:
            return "desk-foreign-host", 403
        if request.method != "POST":
            return None
        # The Referrer-Policy is same-origin, not no-referrer: under no-referrer a browser sends
        # "Origin: null" with the page's own forms, and the check could tell nothing.
        origin = request.headers.get("origin")
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if origin is not None and origin != own:
            return "desk-foreign-origin", 403
        client = request.client.host if request.client else "?"
        if not limit.allow(client):
            return "desk-rate", 429
        return None

    # The players' side

    def team_named(team: str) -> tuple[int | None, str | None]:
        """The event's team of that name, whatever its case or accents: its id and its name as kept."""
        return next(((i, n) for i, n in store.teams(event_id).items() if fold(n) == fold(team)), (None, None))

    def player_page(request: Request, form: Form, lang: str) -> Response:
        return page(request, "player.html", lang, team="")

    def submit(request: Request, form: Form, lang: str) -> Response:
        team, code = " ".join(form.get("team").split()), form.get("code").strip()
        files = {name: data for name, data in form.files}
        if len(form.files) != len(files):
            raise StoreRefused("bad-file-name", "two files of one name")
        pasted = form.get("pasted")
        if pasted.strip():
            name = "lista.yaml" if "lista.yaml" not in files else "lista-pegada.yaml"
            files = {name: pasted.encode("utf-8"), **files}
        back = {"team": team}
        try:
            checking = check_submission(files, pack)
            if checking.evaluation is None:
                found = [unreadable(checking.unreadable, lang)]
                return refusal(request, lang, "unreadable", 422, findings=found, **back)
            ev = checking.evaluation
            now = datetime.now(timezone.utc)
            checked = Checked.of(ev, lang)
            team_id, team_name = team_named(team) if code else (None, None)
            if code:
                if team_id is None:
                    raise StoreRefused("no-such-team", team)
                receipt = store.submit(team_id, code, checking.files, checked, now=now)
            else:
                receipt = store.register(event_id, team, checking.files, checked, now=now)
        except StoreRefused as exc:
            return refusal(request, lang, exc.code, REFUSED_STATUS.get(exc.code, 400), **back)
        except InputError as exc:
            return refusal(request, lang, "unreadable", 422, findings=[unreadable(exc, lang)], **back)
        return page(request, "receipt.html", lang, receipt=receipt, team=team_name or team, ev=ev,
                    system=registry.get(ev.system).title, findings=findings_of(ev, lang),
                    when=now.strftime("%Y-%m-%d %H:%M:%S"), roster=checking.roster)

    def status(request: Request, form: Form, lang: str) -> Response:
        if request.method != "POST":
            return page(request, "status.html", lang, s=None, team="")
        team = " ".join(form.get("team").split())
        team_id, _ = team_named(team)
        # One answer for a team that isn't there and a code that isn't its: names can't be probed.
        if team_id is None or not store.code_is(team_id, form.get("code").strip()):
            return refusal(request, lang, "wrong-edit-code", 403, team=team)
        history = store.reviews(team_id)
        latest = store.versions(team_id)[-1]
        resubmit = not closed(store.event(event_id)) and team_id not in store.locked_teams(event_id)
        return page(request, "status.html", lang, s=latest, standing=history[-1] if history else None,
                    open=resubmit, team=team, findings=rechecked(latest, lang))

    def published_lists(request: Request, form: Form, lang: str) -> Response:
        if not publish:
            return refusal(request, lang, "desk-no-publishing", 404)
        if not closed(store.event(event_id)):
            return refusal(request, lang, "desk-not-published", 404)
        return page(request, "published.html", lang, rows=team_rows())

    def team_rows(latest: list[Any] | None = None) -> list[dict[str, Any]]:
        event = store.event(event_id)
        duplicates = store.duplicates(event_id)
        locked = store.locked_teams(event_id)
        rows = []
        for s in store.latest(event_id) if latest is None else latest:
            same_list = [n for n in duplicates.get(s.checked.fingerprint or "", []) if n != s.team]
            game = registry.find(s.checked.system or "")
            rows.append({"s": s, "system": game.title if game is not None else "—",
                         "late": event.deadline is not None and s.submitted_at >= event.deadline,
                         "standing": store.standing(s.team_id), "locked": s.team_id in locked, "same_list": same_list,
                         "when": s.submitted_at.strftime("%Y-%m-%d %H:%M")})
        return rows

    # The organiser's side

    def login(request: Request, form: Form, lang: str) -> Response:
        given = form.get("token") if request.method == "POST" else request.query_params.get("token", "")
        if not same(given, token):
            return page(request, "login.html", lang, 403 if given else 200, failed=bool(given))
        response = RedirectResponse(f"/admin?lang={lang}", status_code=303)
        response.set_cookie(ADMIN_COOKIE, admin_mark, httponly=True, samesite="strict", path="/admin")
        return response

    def dashboard(request: Request, form: Form, lang: str) -> Response:
        return page(request, "admin.html", lang, rows=team_rows(), duplicates=store.duplicates(event_id),
                    publish=publish)

    def lock_event(request: Request, form: Form, lang: str) -> Response:
        action = form.get("action")
        if action == "deadline":
            given = form.get("deadline").strip()
            try:  # a browser's date-time field: no zone, the server's local time (as --deadline)
                store.set_deadline(event_id, datetime.fromisoformat(given).astimezone() if given else None)
            except ValueError:
                return refusal(request, lang, "bad-deadline", 400)
        elif action in ("lock", "unlock"):
            store.lock_event(event_id, locked=action == "lock")
        else:
            return refusal(request, lang, "bad-verdict", 400)
        return RedirectResponse(f"/admin?lang={lang}", status_code=303)

    def team_action(request: Request, form: Form, lang: str) -> Response:
        try:
            team_id = int(request.path_params["team"])
        except ValueError:
            return refusal(request, lang, "no-such-team", 404)
        if team_id not in store.teams(event_id):
            return refusal(request, lang, "no-such-team", 404)
        if request.method != "POST":
            return team_page(request, team_id, lang)
        action = form.get("action")
        if action in ("lock", "unlock"):
            store.lock_team(team_id, locked=action == "lock")
        elif action in ("approved", "sent-back"):
            store.review(team_id, action, form.get("note").strip()[:2000])
        else:
            return refusal(request, lang, "bad-verdict", 400)
        return RedirectResponse(f"/admin?lang={lang}", status_code=303)

    def team_page(request: Request, team_id: int, lang: str) -> Response:
        """One team for the organiser: its latest list checked again, with its problems and files;
        every version it sent and every review."""
        versions = store.versions(team_id)
        return page(request, "team.html", lang, s=versions[-1], versions=versions, reviews=store.reviews(team_id),
                    findings=rechecked(versions[-1], lang), locked=team_id in store.locked_teams(event_id))

    def rechecked(submission: Any, lang: str) -> list[dict[str, Any]]:
        """A stored list's problems, checked again from its files as they were sent."""
        try:
            checking = check_submission({n: t.encode("utf-8") for n, t in submission.files.items()}, pack)
        except InputError as exc:
            return [unreadable(exc, lang)]
        except StoreRefused as exc:  # kept by an earlier builder, refused by this one
            return [{"code": exc.code, "message": messages.text(f"desk.error.{exc.code}", lang)}]
        if checking.evaluation is None:
            return [unreadable(checking.unreadable, lang)]
        return findings_of(checking.evaluation, lang)

    def summary(request: Request, form: Form, lang: str) -> Response:
        from builder.events.summary import write_summary  # openpyxl, only when a summary is asked for

        latest = store.latest(event_id)
        outcomes = latest_outcomes(latest, pack)
        teams = [{"team": r["s"].team, "version": r["s"].version, "submitted": r["when"],
                  "late": messages.text("desk.yes" if r["late"] else "desk.no", lang),
                  "review": messages.text(f"desk.{r['standing'].verdict}" if r["standing"] else "desk.pending", lang),
                  "note": r["standing"].note if r["standing"] else "", "file": o.file}
                 for r, o in zip(team_rows(latest), outcomes)]
        with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
            target = Path(tmp) / "resumen.xlsx"
            write_summary(outcomes, target, lang, pack, teams=teams)
            data = target.read_bytes()
        return Response(data, media_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                        headers={"Content-Disposition": attachment(f"{pack.name}.xlsx")})

    def printout(request: Request, form: Form, lang: str) -> Response:
        from builder.events.printing import print_event  # WeasyPrint and pypdf, only when printing

        paper = "letter" if request.query_params.get("paper") == "letter" else "a4"
        with tempfile.TemporaryDirectory(prefix="builder-desk-") as tmp:
            target = Path(tmp) / "listas.pdf"
            print_event(store.latest(event_id), pack, target, lang, paper)
            data = target.read_bytes()
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": attachment(f"{pack.name}.pdf")})

    def missing(request: Request, form: Form, lang: str) -> Response:
        return refusal(request, lang, "desk-no-such-page", 404)

    routes = [
        Route("/", endpoint(player_page)),
        Route("/submit", endpoint(submit), methods=["POST"]),
        Route("/status", endpoint(status), methods=["GET", "POST"]),
        Route("/lists", endpoint(published_lists)),
        Route("/admin/login", endpoint(login), methods=["GET", "POST"]),
        Route("/admin", endpoint(dashboard, admin=True)),
        Route("/admin/event", endpoint(lock_event, admin=True), methods=["POST"]),
        Route("/admin/team/{team}", endpoint(team_action, admin=True), methods=["GET", "POST"]),
        Route("/admin/summary.xlsx", endpoint(summary, admin=True)),
        Route("/admin/print.pdf", endpoint(printout, admin=True)),
        Route("/{rest:path}", endpoint(missing), methods=["GET", "POST"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        store.close()

    desk = Starlette(routes=routes, middleware=[Middleware(Headers)], lifespan=lifespan)
    desk.state.store, desk.state.event_id = store, event_id
    return desk


class Headers:
    """Every answer carries the policy and the usual headers: a page, an error, a redirect, a download."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + [
                    (b"content-security-policy", POLICY.encode()), (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"), (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store")]
                message = {**message, "headers": headers}
            await send(message)
        await self.app(scope, receive, sending)

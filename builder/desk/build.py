"""The builder's routes on the desk (``/build``): the page, and each click a POST that carries the
texts (:mod:`builder.desk.building`), answered with the new view, keeping nothing.

The page runs the desk's own scripts (``/static/keeping.js`` keeps the texts in the browser and
sends the clicks, ``/static/builder.js`` the page; CSP ``script-src 'self'``); its clicks
pass the desk's gates (Host, Origin, the form's CSRF token, the body's bounds) with a budget of
their own (and PDFs another), counted in the store as the POSTs are, so every desk process shares it. Their work runs in the builder's lanes of worker processes
(:mod:`builder.desk.checks`), bounded in CPU and memory, so ``GET /`` never waits behind a click. «Entregar» is a submission like an upload's (:func:`players.submit`'s
path): the same check, receipt, versions, codes, deadline and lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.desk import building, installing
from builder.desk.guard import client_address, within_rate
from builder.desk.cookies import secure
from builder.desk.lists_texts import LIST_WORDS
from builder.desk.pages import CSRF_COOKIE, closed, in_page_thread, page, refusal
from builder.desk.players import store_checked, team_named
from builder.desk.receipts import REFUSED_COOKIE, REFUSED_MINUTES, kept
from builder.desk.state import desk_of
from builder.events.codes import matches_no_team
from builder.events.bounds import StoreRefused, team_name
from builder.events.submitted import Checking
from builder.web.downloads import attachment
from builder.web.intake import Form
from builder.web import texts  # noqa: F401 - the builder's words join the message table
from builder.web.keeping import Refused
from builder.web.previews import preview_file
from builder.web.sharing import WORDS as SHARE_WORDS

POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
          "worker-src 'self'; manifest-src 'self'")
"""The builder's page: the desk's own scripts and stylesheets, requests to the desk alone; the cards'
preview (a frame of the printed document, its inline styles and the print templates' stylesheets);
its service worker and manifest, the desk's (:mod:`builder.desk.installing`)."""
ICONS = Path(__file__).resolve().parent / "static" / "icons"
STATIC = {"builder.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          "keeping.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          "lists.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          "lists_view.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          "choices.js": (Path(__file__).resolve().parents[1] / "web" / "static", "text/javascript"),
          "sharing.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          "uqr.mjs": (Path(__file__).resolve().parents[1] / "web" / "static" / "vendor", "text/javascript"),
          "app.css": (Path(__file__).resolve().parents[1] / "web" / "static", "text/css"),
          "installing.js": (Path(__file__).resolve().parent / "static", "text/javascript"),
          **{name: (ICONS, "image/png") for name in installing.ICONS}}
PAGE = "/build"
WORKER = "/build/worker.js"
MANIFEST = "/build/manifest.webmanifest"
TOKEN_DAYS = 30
"""How long the form's token lasts in a browser that opened the page: a page opened with no signal is
the copy the service worker kept, whose token must still be the cookie's when the connection is back."""
WORDS = ("serve.undo", "serve.redo", "serve.none", "serve.not-allowed", "serve.legal", "serve.illegal",
         "serve.points", "serve.problems", "serve.one-problem", "desk.build-offline", "desk.build-sending",
         "desk.build-saved", "desk.build-refused", "desk.build-busy", "desk.build-start-over",
         "desk.build-file-unread", "desk.build-restored", "desk.build-no-list", "desk.build-preparing",
         "desk.build-preparing-long", "desk.build-downloaded", "desk.build-export-offline", "desk.build-waiting",
         *SHARE_WORDS) + LIST_WORDS
"""The words the page's script says (the status line), in the page's language."""


def workshop(request: Request, form: Form, lang: str) -> Response:
    """The builder page: a list of the event's game, under its pack, kept in the browser."""
    desk = desk_of(request)
    system = registry.get(desk.pack.system)
    event = desk.store.event(desk.event_id)
    # After a refused «Entregar» (``?refused=<id>``, while this browser keeps it): why, above the form.
    rid = request.query_params.get("refused")
    given = kept(request, REFUSED_COOKIE, REFUSED_MINUTES) if rid else None
    refused = given if given is not None and given.get("id") == rid else None
    reason = None
    if event.locked:
        reason = "event-locked"
    elif closed(event):
        reason = "past-deadline"
    status = refused.get("status") if refused else 200
    answer = page(request, "workshop.html", lang, status if isinstance(status, int) and 200 <= status < 600 else 400,
                  starts=building.starting(desk.pack, lang),
                  kinds=building.kinds(desk.pack, lang), game=system.key, reason=reason,
                  games={other.key: other.title for other in registry.all_systems()},
                  words={key: messages.table()[key][lang] for key in WORDS},
                  team=str(refused.get("team", "")) if refused else "", refused=refused,
                  install={"manifest": f"{MANIFEST}?lang={lang}", "worker": WORKER, "scope": PAGE})
    answer.headers["content-security-policy"] = POLICY
    # The token the page carries, kept as long as the copy the worker keeps of the page may be used.
    token = request.cookies.get(CSRF_COOKIE) or _token_set(answer)
    if token:
        del answer.headers["set-cookie"]
        answer.set_cookie(CSRF_COOKIE, token, max_age=TOKEN_DAYS * 86400, httponly=True, samesite="strict",
                          path="/", secure=secure(request))
    return answer


def _token_set(answer: Response) -> str | None:
    for value in answer.headers.getlist("set-cookie"):
        name, _, rest = value.partition("=")
        if name.strip() == CSRF_COOKIE:
            return rest.partition(";")[0]
    return None


def installable(request: Request, lang: str) -> installing.Installable:
    """The desk's builder page as an app: named for the event, started and kept at ``/build``."""
    desk = desk_of(request)
    event = desk.store.event(desk.event_id)
    shell = [(f"/static/{name}", folder / name) for name, (folder, _) in STATIC.items()] + installing.look_assets()
    return installing.Installable(
        name=f"{event.name} · {messages.text('desk.build-title', lang)}", short_name=event.name[:12] or "builder",
        page=PAGE, scope=PAGE, assets=tuple(path for path, _ in shell), files=tuple(file for _, file in shell),
        icons="/static/")


def manifest(request: Request, form: Form, lang: str) -> Response:
    """The web app manifest of the builder page (``?lang=``: its name and start in that language)."""
    return installing.manifest_response(installable(request, lang), lang)


def worker(request: Request, form: Form, lang: str) -> Response:
    """The builder page's service worker (:mod:`builder.desk.installing`)."""
    return installing.worker_response(installable(request, lang))


def static(request: Request, form: Form, lang: str) -> Response:
    found = static_file(request.path_params["name"])
    return found if found is not None else refusal(request, lang, "desk-no-such-page", 404)


def static_file(name: str) -> Response | None:
    """One of the builder page's files (:data:`STATIC`), under the page's policy; None for another
    name (each host refuses it in its own words)."""
    if name not in STATIC:
        return None
    folder, media = STATIC[name]
    response = FileResponse(folder / name, media_type=media)
    response.headers["content-security-policy"] = POLICY
    return response


def template_file(request: Request, form: Form, lang: str) -> Response:
    """A print template's stylesheet, for the cards' preview (nothing else is served here)."""
    target = preview_file(request.path_params["path"])
    if target is None:
        return refusal(request, lang, "desk-no-such-page", 404)
    response = FileResponse(target, media_type="text/css")
    response.headers["content-security-policy"] = POLICY
    return response


def _said(code: str, lang: str) -> str:
    for key in (f"desk.error.{code}", f"serve.error.{code}"):
        if key in messages.table():
            return messages.text(key, lang)
    return messages.text("desk.build-refused", lang)


def _refused(exc: Refused, lang: str) -> Response:
    return JSONResponse({"code": exc.code, "message": _said(exc.code, lang)}, status_code=exc.status)


async def _work(request: Request, job: str, *args: Any, trying: bool = False) -> Any:
    """``job`` (:data:`builder.desk.jobs.JOBS`) in a worker of the builder's lane for clicks, or
    of its lane for what is tried, exported and previewed, apart from the clicks; one past its
    bounds is refused as too heavy."""
    desk = desk_of(request)
    try:
        return await (desk.trying if trying else desk.building).run(job, *args)
    except StoreRefused as exc:  # past the worker's bounds: said as the click's, not a submission's
        raise Refused("click-too-heavy" if exc.code == "check-too-heavy" else exc.code, 422) from None


def _clicked_texts(form: Form) -> tuple[dict[str, bytes], str]:
    """The files a click sent, as bytes (refused here, before the lane, for their names, number or
    sizes: :func:`building.files_of`), and the one it was made in. Read as text in the worker
    (:func:`building.texts_of`): the clicks waiting in their lane hold one copy of each."""
    files = building.files_of(form.files)
    return files, form.get("file") or next(iter(files))


async def view(request: Request, form: Form, lang: str) -> Response:
    """The builder view of the texts sent, at the part asked for."""
    try:
        files, file = _clicked_texts(form)
        html = await _work(request, "view", files, file, form.get("at"), lang)
    except Refused as exc:
        return _refused(exc, lang)
    return HTMLResponse(html)


async def edit(request: Request, form: Form, lang: str) -> Response:
    """One click made in the text sent: the new view, which carries the new text."""
    action = {key: form.fields[key] for key in ("op", "path", "at", "value", "other") if key in form.fields}
    try:
        files, file = _clicked_texts(form)
        html = await _work(request, "edit", files, file, action, lang)
    except Refused as exc:
        return _refused(exc, lang)
    return HTMLResponse(html)


async def choices(request: Request, form: Form, lang: str) -> Response:
    """The choices of the part shown tried, once per text (kept by its hash): those the rules
    refuse (``refused``) and those open until another of the part's choices changes (``open``)."""
    desk = desk_of(request)
    try:
        files, file = _clicked_texts(form)
        key = building.Tried.key(files, file, form.get("at"), lang)
        said = desk.tried.get(key)
        if said is None:
            said = await _work(request, "choices", files, file, form.get("at"), lang, trying=True)
            desk.tried.put(key, said)
    except Refused as exc:
        return _refused(exc, lang)
    return JSONResponse(said)


async def preview(request: Request, form: Form, lang: str) -> Response:
    """The cards' preview of the text sent: the printed document, as HTML for a frame."""
    try:
        files, file = _clicked_texts(form)
        html = await _work(request, "preview", files, file, lang, trying=True)
    except Refused as exc:
        return _refused(exc, lang)
    return JSONResponse({"html": html})


async def export(request: Request, form: Form, lang: str) -> Response:
    """The sheet or the PDF of the text sent; PDFs a few a minute per address."""
    desk = desk_of(request)
    kind = form.get("kind")
    if kind not in ("xlsx", "pdf"):
        return _refused(Refused("serve-unknown-kind", 400), lang)
    if kind == "pdf" and not await within_rate(desk.pdfs, client_address(request)):
        return JSONResponse({"code": "desk-rate", "message": messages.text("desk.error.desk-rate", lang)},
                            status_code=429, headers={"Retry-After": "60"})
    try:
        files, file = _clicked_texts(form)
        data, media, name = await _work(request, "export", files, file, kind, lang, trying=True)
    except Refused as exc:
        return _refused(exc, lang)
    return Response(data, media_type=media, headers={"Content-Disposition": attachment(name)})


def last(request: Request, form: Form, lang: str) -> Response:
    """The files of a team's last submitted version, for its name and edit code (one answer for a
    wrong code and a name no team has, as ``/status`` gives)."""
    desk = desk_of(request)
    given, code = " ".join(form.get("team").split()), form.get("code").strip()
    try:
        team_id, _ = team_named(desk, team_name(given))
    except StoreRefused as exc:
        return JSONResponse({"code": exc.code, "message": _said(exc.code, lang)}, status_code=400)
    if not (desk.store.code_is(team_id, code) if team_id is not None else matches_no_team(code)):
        return JSONResponse({"code": "wrong-edit-code", "message": _said("wrong-edit-code", lang)}, status_code=403)
    newest = desk.store.newest(team_id)
    return JSONResponse({"files": dict(newest.files), "version": newest.version})


async def submit(request: Request, form: Form, lang: str) -> Response:
    """«Entregar»: the texts the builder holds, submitted as an upload's files are (the list and the
    files it reads: one it doesn't read is left out, as the player meant only the list)."""
    desk = desk_of(request)
    try:
        files = {name: data for name, data in form.files}
        if len(files) != len(form.files):
            raise StoreRefused("bad-file-name", "two files of one name")
        try:
            checking: Checking | StoreRefused | InputError = await desk.checks.check(files)
        except StoreRefused as exc:
            if exc.code != "stray-file":
                raise
            stray = set(exc.detail.split(", "))
            checking = await desk.checks.check({n: d for n, d in files.items() if n not in stray})
    except (StoreRefused, InputError) as exc:
        checking = exc
    answer = await in_page_thread(request, store_checked, request, form, lang, checking)
    # A refusal says why on the builder's page, not the upload form's (the list is still the browser's).
    location = answer.headers.get("location", "")
    if location.startswith("/?refused="):
        answer.headers["location"] = "/build" + location[1:] + "#refusal"  # why, in view beside «Entregar»
    return answer

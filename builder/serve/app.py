"""The web app of ``builder serve`` (Starlette): a page and a small JSON API over the workspace.

It answers only requests addressed to itself: the Host must be this server on the loopback,
and a request sent from a page must come from this server's own pages (Origin). That stops
a site in another tab from reaching the folder, directly or through a DNS name that points
at 127.0.0.1.
"""

from __future__ import annotations

import json
import logging
import secrets
from pathlib import Path
from typing import Any

import yaml
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.export.plain import plain_text
from builder.web import texts  # noqa: F401 - the page's words join the message table
from builder.web import timing
from builder.web.building import Builder, path_of
from builder.web.downloads import attachment, download
from builder.web.edits import Edit, EditRefused, apply
from builder.web.pages import render_build
from builder.web.previews import preview_file, preview_html
from builder.web.intake import Rejected, read_body
from builder.serve.workspace import Refused, Workspace, catalog
from builder.web.shown import findings_of, unreadable
from builder.web import looks

STATIC_FOLDER = Path(__file__).resolve().parent / "static"
BUILDER_STATIC = Path(__file__).resolve().parents[1] / "web" / "static"
STATIC = {"app.js": (STATIC_FOLDER, "text/javascript"), "build.js": (BUILDER_STATIC, "text/javascript"),
          "new-roster.js": (STATIC_FOLDER, "text/javascript"), "memory.js": (STATIC_FOLDER, "text/javascript"),
          "choices.js": (BUILDER_STATIC, "text/javascript"),
          "app.css": (BUILDER_STATIC, "text/css"), "vendor/htmx.min.js": (BUILDER_STATIC, "text/javascript"),
          "vendor/json-enc.min.js": (BUILDER_STATIC, "text/javascript")}
"""The page's own files (serve's static/) and the builder's (builder/web/static/): folder and type."""
BODY_MOST = 2 * 1024 * 1024
"""A request body: a roster (at most 1 MiB, as the command line reads) in JSON. A longer one is
refused from its Content-Length, or as soon as more than this has arrived, never read whole."""
LOG = logging.getLogger("builder.serve")
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "connect-src 'self'; frame-src 'self'; font-src 'self'; base-uri 'self'; form-action 'none'; "
               "frame-ancestors 'none'")
"""The page runs only its own script and fetches only from this server; the card preview's
inline styles are allowed, nothing else."""


def create_app(folder: Path, port: int, lang: str = messages.DEFAULT_LANGUAGE, pack: Pack | None = None) -> Starlette:
    """The app for ``folder``, answering as ``127.0.0.1:port``; the page starts in ``lang``;
    every roster is checked under the event's ``pack`` when one is given."""
    workspace = Workspace(folder, pack)
    builder = Builder(workspace)
    default = lang
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    origins = {f"http://{host}" for host in hosts}

    async def guard(request: Request) -> Response | None:
        if request.headers.get("host", "") not in hosts:
            return JSONResponse({"code": "serve-foreign-host"}, status_code=403)
        origin = request.headers.get("origin")
        if origin is not None and origin not in origins:
            return JSONResponse({"code": "serve-foreign-origin"}, status_code=403)
        if request.method == "POST" and request.headers.get("content-type", "").split(";")[0] != "application/json":
            return JSONResponse({"code": "serve-not-json"}, status_code=415)
        return None

    def guarded(app: ASGIApp) -> ASGIApp:
        # Every request, whatever its path (an unknown one included), passes the guard first. A
        # plain ASGI layer: BaseHTTPMiddleware's task and streams cost a click milliseconds.
        async def guarded_app(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != "http":
                return await app(scope, receive, send)
            timings = timing.begin()

            async def send_headed(message: Message) -> None:
                if message["type"] == "http.response.start":
                    headers = MutableHeaders(scope=message)
                    headers.setdefault("X-Content-Type-Options", "nosniff")
                    headers.setdefault("Referrer-Policy", "no-referrer")
                    headers["Server-Timing"] = timings.header()
                await send(message)

            refused = await guard(Request(scope, receive))
            if refused is not None:
                return await refused(scope, receive, send_headed)
            await app(scope, receive, send_headed)
        return guarded_app

    def endpoint(handler):
        async def run(request: Request) -> Response:
            try:
                body = await _body(request) if request.method == "POST" else {}
                lang = messages.language(str(body.get("lang") or request.query_params.get("lang") or default))
                # Checking and printing happen in a worker thread: one PDF being drawn never
                # holds up the other requests.
                return await run_in_threadpool(handler, request, body, lang)
            except Refused as exc:
                return JSONResponse({"code": exc.code, **exc.extra}, status_code=exc.status)
            except Exception:  # noqa: BLE001 - a bug: logged here with its traceback, answered with its id
                bug = secrets.token_hex(4)
                LOG.exception("bug %s while answering %s %s", bug, request.method, request.url.path)
                return JSONResponse({"code": "internal-error", "bug": bug,
                                     "message": messages.text("serve.bug", lang_of(request), bug=bug)},
                                    status_code=500)
        return run

    def lang_of(request: Request) -> str:
        return messages.language(request.query_params.get("lang") or default)

    def page(request: Request, body: dict[str, Any], lang: str) -> Response:
        return _file(STATIC_FOLDER / "index.html", "text/html; charset=utf-8")

    def static(request: Request, body: dict[str, Any], lang: str) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise Refused("serve-no-such-file", 404)
        folder, media = STATIC[name]
        return _file(folder / name, media)

    def look(request: Request, body: dict[str, Any], lang: str) -> Response:
        found = looks.asset(request.path_params["name"])
        if found is None:
            raise Refused("serve-no-such-file", 404)
        return _file(*found)

    def template_file(request: Request, body: dict[str, Any], lang: str) -> Response:
        target = preview_file(request.path_params["path"])
        if target is None:
            raise Refused("serve-no-such-file", 404)
        return _file(target, "text/css")

    def ui(request: Request, body: dict[str, Any], lang: str) -> Response:
        table = registry.all_messages()
        return JSONResponse({"lang": lang, "text": {k: v[lang] for k, v in table.items() if k.startswith("serve.")},
                             "systems": [{"key": s.key, "title": s.title, "points": _counts_points(s),
                                          "kinds": [{"key": k, "title": _kind_title(s, k, lang)} for k in s.new_kinds()]}
                                         for s in registry.all_systems()]})

    def files(request: Request, body: dict[str, Any], lang: str) -> Response:
        return JSONResponse({"folder": str(workspace.folder), "files": workspace.rosters(lang),
                             "pack": workspace.pack.name if workspace.pack is not None else None})

    def read(request: Request, body: dict[str, Any], lang: str) -> Response:
        text, version = workspace.read(request.query_params.get("path", ""))
        return JSONResponse({"text": text, "version": version})

    def check(request: Request, body: dict[str, Any], lang: str) -> Response:
        relative = _relative(workspace, body)
        try:
            ev = workspace.check(str(body.get("text", "")), relative)
        except InputError as exc:
            return JSONResponse({"readable": False, "legal": False, "findings": [unreadable(exc, lang)]})
        system = registry.get(ev.system)
        inspect = system.inspect_text(ev, lang) if ev.details is not None else ""
        # A Warbook's own archetypes join the catalog panel: what this list may recruit.
        archetypes = [{"name": a["name"], "kind": a["kind"], "cost": a["cost"]}
                      for a in (ev.details or {}).get("archetypes", [])]
        return JSONResponse({"readable": True, "legal": ev.legal, "roster": ev.roster, "status": ev.status,
                             "status_text": ev.status_text(lang), "system": ev.system, "name": ev.name,
                             "points": ev.points, "points_limit": ev.points_limit,
                             "measure": ev.measure and ev.measure.render(lang), "fingerprint": ev.fingerprint,
                             "findings": findings_of(ev, lang), "inspect": inspect, "archetypes": archetypes})

    def preview(request: Request, body: dict[str, Any], lang: str) -> Response:
        relative = _relative(workspace, body)
        try:
            ev = workspace.check(str(body.get("text", "")), relative)
        except InputError:
            return JSONResponse({"html": ""})
        return JSONResponse({"html": preview_html(ev, lang)})

    def share(request: Request, body: dict[str, Any], lang: str) -> Response:
        """The roster as typed, as ``export --text`` writes it: to paste into a forum or a chat."""
        relative = _relative(workspace, body)
        try:
            ev = workspace.check(str(body.get("text", "")), relative)
        except InputError as exc:
            return JSONResponse({"text": "", "findings": [unreadable(exc, lang)]}, status_code=422)
        return JSONResponse({"text": plain_text(ev, lang)})

    def save(request: Request, body: dict[str, Any], lang: str) -> Response:
        version = workspace.save(_relative(workspace, body), str(body.get("text", "")), body.get("version"))
        return JSONResponse({"version": version})

    def copy(request: Request, body: dict[str, Any], lang: str) -> Response:
        """Duplicate a roster, or rename it (``move``), never over a file that exists."""
        relative = _relative(workspace, body)
        target = str(body.get("target") or "")
        version = workspace.copy(relative, target, move=bool(body.get("move")))
        return JSONResponse({"path": target, "version": version})

    def new(request: Request, body: dict[str, Any], lang: str) -> Response:
        system = registry.find(request.query_params.get("system", ""))
        kind = request.query_params.get("kind") or "roster"
        if system is None or kind not in ("roster", *system.new_kinds()):
            raise Refused("unknown-system", 404)
        return JSONResponse({"text": system.starting_roster(lang, kind)})

    def browse(request: Request, body: dict[str, Any], lang: str) -> Response:
        topics = catalog(request.query_params.get("system", ""))
        return JSONResponse({"topics": topics, "labels": {k: messages.text(f"catalog.{k}", lang) for k in topics}})

    def export(request: Request, body: dict[str, Any], lang: str) -> Response:
        relative = _relative(workspace, body)
        kind = str(body.get("kind", ""))
        try:
            ev = workspace.check(str(body.get("text", "")), relative)
        except InputError as exc:
            return JSONResponse({"code": exc.code, "findings": [unreadable(exc, lang)]}, status_code=422)
        data, media, name = download(ev, kind, lang, Path(relative).stem)
        return Response(data, media_type=media, headers={"Content-Disposition": attachment(name)})

    def build(request: Request, body: dict[str, Any], lang: str) -> Response:
        """The builder view of the roster the page holds (its text as typed), at the part chosen."""
        relative = _file_of(workspace, body)
        view = builder.view(relative, _text(body), _version(body), path_of(body.get("at") or []),
                            lang, trials=body.get("trials") is True)
        with timing.part("render"):
            return HTMLResponse(render_build(view, lang))

    def edit(request: Request, body: dict[str, Any], lang: str) -> Response:
        """One click: the change made in the roster's file (saved, unless the page's roster is not
        on disk yet), checked again, and the builder view as it is now."""
        relative = _file_of(workspace, body)
        text, version, at, written, carried = builder.edit_begun(relative, str(body.get("text", "")), _version(body),
                                                                 body, lang)
        view = builder.view(relative, text, version, at, lang)  # drawn while the file reaches the disk
        view.carried = carried
        with timing.part("render"):
            html = render_build(view, lang)
        written()
        return HTMLResponse(html)

    def choices(request: Request, body: dict[str, Any], lang: str) -> Response:
        """The choices of the part shown, tried one by one: those the rules refuse, and those open
        until another of the part's choices changes (see Builder.tried)."""
        relative = _file_of(workspace, body)
        return JSONResponse(builder.tried(relative, str(body.get("text", "")), path_of(body.get("at") or []), lang))

    def create(request: Request, body: dict[str, Any], lang: str) -> Response:
        """«Crear»: a new roster file of the game chosen, named and limited as asked, from the
        game's commented starting roster; never over a file that exists."""
        system = registry.find(str(body.get("system", "")))
        # A kind of file besides a list: one holding only a Warbook.
        kind = str(body.get("kind") or "roster")
        if system is None or kind not in ("roster", *system.new_kinds()):
            raise Refused("unknown-system", 404)
        relative = _relative(workspace, body)
        text = system.starting_roster(lang, kind)
        name = str(body.get("name") or "").strip()
        try:
            if name:
                text = apply(text, Edit("set", (system.name_key,), name[:100]))
            # The page asks for no player, and a limit left empty is no limit: the starting
            # roster's placeholders («Tu nombre») would be printed as if they were real.
            data = yaml.safe_load(text)
            if "player" in data:
                text = apply(text, Edit("remove", ("player",)))
            limit = str(body.get("points_limit") or "").strip()
            if limit and "points_limit" in system.schema().get("properties", {}):
                text = apply(text, Edit("set", ("points_limit",), int(limit) if limit.isdigit() else limit))
            elif not limit and "points_limit" in data:
                text = apply(text, Edit("remove", ("points_limit",)))
        except EditRefused:
            raise Refused("serve-bad-change", 400) from None
        version = workspace.create(relative, text)
        return JSONResponse({"path": relative, "text": text, "version": version})

    routes = [
        Route("/", endpoint(page)),
        Route("/static/{name:path}", endpoint(static)),
        Route("/look/{name:path}", endpoint(look)),
        Route("/templates/{path:path}", endpoint(template_file)),
        Route("/api/ui", endpoint(ui)),
        Route("/api/files", endpoint(files)),
        Route("/api/file", endpoint(read)),
        Route("/api/check", endpoint(check), methods=["POST"]),
        Route("/api/preview", endpoint(preview), methods=["POST"]),
        Route("/api/share", endpoint(share), methods=["POST"]),
        Route("/api/save", endpoint(save), methods=["POST"]),
        Route("/api/copy", endpoint(copy), methods=["POST"]),
        Route("/api/new", endpoint(new)),
        Route("/api/catalog", endpoint(browse)),
        Route("/api/export", endpoint(export), methods=["POST"]),
        Route("/api/create", endpoint(create), methods=["POST"]),
        Route("/fragments/build", endpoint(build), methods=["POST"]),
        Route("/api/choices", endpoint(choices), methods=["POST"]),
        Route("/fragments/edit", endpoint(edit), methods=["POST"]),
    ]
    return Starlette(routes=routes, middleware=[Middleware(guarded)])


def _counts_points(system: Any) -> bool:
    """Whether a game's lists are held to a points limit: its schema has one to write."""
    return "points_limit" in system.schema().get("properties", {})


def _kind_title(system: Any, kind: str, lang: str) -> str:
    """What a kind of file the game starts is called: the label of the key it holds
    (``form.<game>.warbook``: «Warbook»)."""
    key = f"form.{system.key}.{kind}"
    return messages.text(key, lang) if key in messages.table() else kind


def _relative(workspace: Workspace, body: dict[str, Any]) -> str:
    relative = str(body.get("path") or "")
    workspace.path(relative)  # refused before anything is read or written
    return relative


def _file_of(workspace: Workspace, body: dict[str, Any]) -> str:
    """The roster a builder request is about (``file``: ``path`` there is the part of it)."""
    relative = str(body.get("file") or "")
    workspace.path(relative)
    return relative


def _text(body: dict[str, Any]) -> str:
    """The roster's text as the page holds it; half a surrogate pair (which JSON can send) is no
    text a file holds, nor one the view can carry back."""
    text = str(body.get("text", ""))
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise Refused("serve-bad-text", 400) from None
    return text


def _version(body: dict[str, Any]) -> str | None:
    version = body.get("version")
    return version if isinstance(version, str) and version else None


async def _body(request: Request) -> dict[str, Any]:
    try:
        raw = await read_body(request, BODY_MOST)
    except Rejected as refused:  # the bounded read the desk uses, answered in the page's own codes
        raise Refused("serve-too-large" if refused.status == 413 else "serve-not-json", refused.status) from None
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python's parser goes
        raise Refused("serve-not-json", 400) from None
    if not isinstance(body, dict):
        raise Refused("serve-not-json", 400)
    return body


def _file(path: Path, media: str) -> Response:
    response = FileResponse(path, media_type=media)
    response.headers["Content-Security-Policy"] = PAGE_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response

"""The hosted builder's pages and clicks: the desk's builder page (``/build``) for any game, each
click carrying its list's game with its texts, answered from them alone and keeping nothing.

A click is the desk's (:mod:`builder.desk.build`): the texts as file parts, bounded as there, its
work in a worker of the lanes (:mod:`builder.desk.jobs`, the game's pack chosen there by the key the
click sends), the choices tried kept by the texts' hash with the game.
"""

from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response

from builder.core import messages, registry
from builder.desk import building
from builder.desk.build import POLICY, WORDS, static_file
from builder.desk.lists_texts import VIEW_WORDS
from builder.desk.guard import client_address
from builder.events.bounds import StoreRefused
from builder.hosted import installing
from builder.hosted.gates import page, refusal, said
from builder.hosted.packs import titles
from builder.hosted.state import hosted_of
from builder.web import looks
from builder.web.downloads import attachment
from builder.web.intake import Form
from builder.web.keeping import Refused
from builder.web.previews import preview_file


START_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                "connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; "
                "frame-ancestors 'none'; base-uri 'none'")
"""The start page: the builder's own scripts («Mis listas», the service worker's registration), no
inline script or style, no frame."""


def start(request: Request, form: Form, lang: str) -> Response:
    """The start page: the games, each a new list (or the one this browser keeps for it), and «Mis
    listas», every list this browser keeps (drawn by the builder page's own scripts), each opening on
    its game's page."""
    table = messages.table()
    answer = page(request, "start.html", lang, choices=titles(hosted_of(request).packs),
                  games={system.key: system.title for system in registry.all_systems()},
                  words={key: table[key][lang] for key in VIEW_WORDS}, install=installing.settings(lang))
    answer.headers["content-security-policy"] = START_POLICY
    return answer


def workshop(request: Request, form: Form, lang: str) -> Response:
    """The desk's builder page for one game (``?game=``), with no event: nothing to submit, the list
    kept in this browser alone. A game it doesn't serve leads back to the start page."""
    hosted = hosted_of(request)
    game = request.query_params.get("game", "")
    if game not in hosted.packs:
        return RedirectResponse(f"/?lang={lang}", status_code=303)
    pack = hosted.packs[game]
    answer = page(request, "workshop.html", lang, event=None, reason=None, refused=None, team="",
                  starts=building.starting(pack, lang), kinds=building.kinds(pack, lang), game=game,
                  title=registry.get(game).title, words={key: messages.table()[key][lang] for key in WORDS},
                  games={other.key: other.title for other in registry.all_systems()},
                  install=installing.settings(lang))
    answer.headers["content-security-policy"] = POLICY
    return answer


def static(request: Request, form: Form, lang: str) -> Response:
    """The builder page's scripts and stylesheet, the desk's own."""
    found = static_file(request.path_params["name"])
    return found if found is not None else refusal(request, lang, "desk-no-such-page", 404)


def look(request: Request, form: Form, lang: str) -> Response:
    """builder's one look (the stylesheet and its icons)."""
    found = looks.asset(request.path_params["name"])
    if found is None:
        return refusal(request, lang, "desk-no-such-page", 404)
    path, media = found
    return FileResponse(path, media_type=media, headers={"Cache-Control": "public, max-age=3600"})


def template_file(request: Request, form: Form, lang: str) -> Response:
    """A print template's stylesheet, for the cards' preview (nothing else is served here)."""
    target = preview_file(request.path_params["path"])
    if target is None:
        return refusal(request, lang, "desk-no-such-page", 404)
    answer = FileResponse(target, media_type="text/css")
    answer.headers["content-security-policy"] = POLICY
    return answer


def missing(request: Request, form: Form, lang: str) -> Response:
    return refusal(request, lang, "desk-no-such-page", 404)


def refused_answer(exc: Refused, lang: str) -> Response:
    return JSONResponse({"code": exc.code, "message": said(exc.code, lang)}, status_code=exc.status)


def _clicked(request: Request, form: Form) -> tuple[str, dict[str, bytes], str]:
    """A click's game (one served: Refused otherwise), its files as bytes (bounded as the desk's:
    :func:`building.files_of`) and the one it was made in."""
    game = form.get("game")
    if game not in hosted_of(request).packs:
        raise Refused("hosted-unknown-game", 400)
    files = building.files_of(form.files)
    file = form.get("file") or next(iter(files))
    if file not in files:
        raise Refused("desk-build-files", 400)
    return game, files, file


async def work(request: Request, job: str, game: str, *args: Any, trying: bool = False) -> Any:
    """``job`` in a worker, under ``game``'s pack, in the clicks' lane or the tries' one; one past
    its bounds refused as too heavy."""
    hosted = hosted_of(request)
    try:
        return await (hosted.trying if trying else hosted.building).run(job, game, *args)
    except StoreRefused as exc:
        raise Refused("click-too-heavy" if exc.code == "check-too-heavy" else exc.code, 422) from None


async def view(request: Request, form: Form, lang: str) -> Response:
    """The builder view of the texts sent, at the part asked for."""
    try:
        game, files, file = _clicked(request, form)
        html = await work(request, "view", game, files, file, form.get("at"), lang)
    except Refused as exc:
        return refused_answer(exc, lang)
    return HTMLResponse(html)


async def edit(request: Request, form: Form, lang: str) -> Response:
    """One click made in the text sent: the new view, which carries the new text."""
    action = {key: form.fields[key] for key in ("op", "path", "at", "value", "other") if key in form.fields}
    try:
        game, files, file = _clicked(request, form)
        html = await work(request, "edit", game, files, file, action, lang)
    except Refused as exc:
        return refused_answer(exc, lang)
    return HTMLResponse(html)


async def choices(request: Request, form: Form, lang: str) -> Response:
    """The choices the rules refuse in the part shown, tried once per text and game."""
    hosted = hosted_of(request)
    try:
        game, files, file = _clicked(request, form)
        key = building.Tried.key(files, file, [game, form.get("at")], lang)
        refused = hosted.tried.get(key)
        if refused is None:
            refused = await work(request, "choices", game, files, file, form.get("at"), lang, trying=True)
            hosted.tried.put(key, refused)
    except Refused as exc:
        return refused_answer(exc, lang)
    return JSONResponse({"refused": refused})


async def preview(request: Request, form: Form, lang: str) -> Response:
    """The cards' preview of the text sent: the printed document, as HTML for a frame."""
    try:
        game, files, file = _clicked(request, form)
        html = await work(request, "preview", game, files, file, lang, trying=True)
    except Refused as exc:
        return refused_answer(exc, lang)
    return JSONResponse({"html": html})


async def export(request: Request, form: Form, lang: str) -> Response:
    """The sheet or the PDF of the text sent; PDFs a few a minute per client."""
    kind = form.get("kind")
    if kind not in ("xlsx", "pdf"):
        return refused_answer(Refused("serve-unknown-kind", 400), lang)
    if kind == "pdf" and not hosted_of(request).pdfs.allow(client_address(request)):
        answer = refused_answer(Refused("desk-rate", 429), lang)
        answer.headers["Retry-After"] = "60"
        return answer
    try:
        game, files, file = _clicked(request, form)
        data, media, name = await work(request, "export", game, files, file, kind, lang, trying=True)
    except Refused as exc:
        return refused_answer(exc, lang)
    return Response(data, media_type=media, headers={"Content-Disposition": attachment(name)})


async def healthz(request: Request) -> Response:
    """``/healthz``, for the proxy's checks and the unit: ``ok`` while the process answers (it has no
    database to wait for). Past no gate: a proxy's check names the process's own address."""
    await anyio.sleep(0)
    return Response("ok\n", media_type="text/plain")

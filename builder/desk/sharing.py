"""A list as players read it, on the desk: a list shared by a link (``/build/shared``, its texts
posted to ``/build/read`` to be checked, as a click's are), and each published list
(``/lists/<team>``, its YAML a download beside it).

What the link carries never reaches the server but in that POST (:mod:`builder.web.sharing`), and
nothing of it is kept: it is checked in the builder's lane for what is tried, as a click is, and
answered. A published list's reading is made once per version and language (a version never
changes), in the same lane, admitted as the page's client's own.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from builder.core import messages
from builder.desk import build
from builder.desk.checks import Busy
from builder.desk.pages import closed, in_page_thread, page, refusal
from builder.desk.state import desk_of
from builder.desk.workers import CLIENT
from builder.events.bounds import StoreRefused
from builder.web import texts  # noqa: F401 - the reading's and the link's words join the message table
from builder.web.downloads import attachment
from builder.web.intake import Form
from builder.web.keeping import Refused
from builder.web import sharing
from builder.web.sharing import LinkRefused, unpacked

WORDS = (*sharing.WORDS, "desk.build-offline", "desk.build-refused")
"""The words sharing.js says on the page a link opens, in the page's language."""


def shared_page(request: Request, form: Form, lang: str) -> Response:
    """The page a shared link opens: its script posts the link's part to be checked, and shows it."""
    answer = page(request, "shared.html", lang, words={key: messages.text(key, lang) for key in WORDS},
                  lists_script="lists.js" in build.STATIC)
    answer.headers["content-security-policy"] = build.POLICY
    return answer


def _link_refused(code: str, lang: str, status: int = 400) -> Response:
    return JSONResponse({"code": code, "message": messages.text(f"serve.error.{code}", lang)}, status_code=status)


async def read(request: Request, form: Form, lang: str) -> Response:
    """A shared link's list, checked under the event's pack, as players read it: its HTML, and its
    files for the page to keep («Guardar en mis listas»). Nothing is kept here."""
    desk = desk_of(request)
    try:
        shared = await in_page_thread(request, unpacked, form.get("link"))
    except LinkRefused as exc:
        return _link_refused(exc.code, lang, 413 if exc.code == "share-link-too-large" else 400)
    files = {name: text.encode("utf-8") for name, text in shared.files.items()}
    try:
        said = await desk.trying.run("reading", files, shared.open, lang)
    except StoreRefused as exc:
        return build._refused(Refused("click-too-heavy" if exc.code == "check-too-heavy" else exc.code, 422), lang)
    except Refused as exc:
        return build._refused(exc, lang)
    return JSONResponse({**said, "game": shared.game, "open": shared.open, "files": shared.files})


def _published(request: Request, lang: str) -> tuple[Any, Response | None]:
    """The team's newest version, if the event publishes its lists now; else the page that says why."""
    desk = desk_of(request)
    event = desk.store.event(desk.event_id)
    if not event.publish:
        return None, refusal(request, lang, "desk-no-publishing", 404)
    if not closed(event):
        return None, refusal(request, lang, "desk-not-published", 404)
    given = request.path_params["team"]
    team_id = int(given) if given.isdigit() and len(given) < 12 else None
    if team_id is None or team_id not in desk.store.teams(desk.event_id):
        return None, refusal(request, lang, "desk-no-such-page", 404)
    return desk.store.newest(team_id), None


async def published_list(request: Request, form: Form, lang: str) -> Response:
    """One team's published list as players read it, its files downloads beside it."""
    s, refused = await in_page_thread(request, _published, request, lang)
    if refused is not None:
        return refused
    said = await reading_of(request, s, lang)
    if isinstance(said, Response):
        return said
    downloads = {name: f"/lists/{s.team_id}/{quote(name)}?lang={lang}" for name in s.files}
    return await in_page_thread(request, page, request, "reading.html", lang, s=s, reading=said,
                                downloads=downloads)


async def reading_of(request: Request, s: Any, lang: str) -> str | Response:
    """A stored version as players read it (the HTML of :mod:`builder.web.reading`): made once per
    version and language (a version never changes), in the lane, admitted as the page's client's
    own; or the page that says why not."""
    said = await _read(request, s, lang)
    return said if isinstance(said, Response) else said["html"]


async def printed_of(request: Request, s: Any, lang: str) -> tuple[bytes, str, str] | Response:
    """A stored version's printed sheet (its PDF, as ``builder export`` draws it under the pack):
    its bytes, media type and file name; or the page that says why not. Made in the same lane as
    the reading, admitted as the page's client's own."""
    said = await _read(request, s, lang)
    if isinstance(said, Response):
        return said
    return await _in_lane(request, lang, s, "export", said["file"], "pdf", lang)


async def _read(request: Request, s: Any, lang: str) -> dict[str, Any] | Response:
    desk = desk_of(request)
    key = f"reading:{s.id}:{lang}"
    said = desk.tried.get(key)
    if said is None:
        said = await _in_lane(request, lang, s, "reading", None, lang, 3)
        if not isinstance(said, Response):
            desk.tried.put(key, said)
    return said


async def _in_lane(request: Request, lang: str, s: Any, job: str, *args: Any) -> Any:
    """``job`` on the stored version's files in the lane for what is tried, admitted as the page's
    client's own; or the page that says why not."""
    desk = desk_of(request)
    files = {name: text.encode("utf-8") for name, text in s.files.items()}
    client, size = CLIENT.get(), sum(len(data) for data in files.values())
    try:
        desk.trying.admit(client, size)
    except Busy as exc:
        return await in_page_thread(request, refusal, request, lang, exc.code, exc.status)
    try:
        return await desk.trying.run(job, files, *args)
    except (StoreRefused, Refused):
        return await in_page_thread(request, refusal, request, lang, "click-too-heavy", 422)
    finally:
        desk.trying.release(client, size)


def published_file(request: Request, form: Form, lang: str) -> Response:
    """A published list's file, as the team sent it (YAML)."""
    s, refused = _published(request, lang)
    if refused is not None:
        return refused
    name = request.path_params["name"]
    if name not in s.files:
        return refusal(request, lang, "desk-no-such-page", 404)
    return Response(s.files[name].encode("utf-8"), media_type="application/yaml; charset=utf-8",
                    headers={"Content-Disposition": attachment(name)})


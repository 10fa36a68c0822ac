"""A list shared by a link, on the hosted builder: the desk's page a link opens (``/build/shared``)
and its check (``/build/read``), the list read under its own game's pack, which restricts nothing.

The link carries its game (:mod:`builder.web.sharing`): a game this builder doesn't serve is refused
as a click naming one is (``hosted-unknown-game``). Nothing of the list is kept here.
"""

from __future__ import annotations

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from builder.core import messages
from builder.desk.build import POLICY, STATIC
from builder.desk.sharing import WORDS
from builder.hosted.build import refused_answer, work
from builder.hosted.gates import page
from builder.hosted.state import hosted_of
from builder.web.intake import Form
from builder.web.keeping import Refused
from builder.web.sharing import LinkRefused, unpacked


def shared_page(request: Request, form: Form, lang: str) -> Response:
    """The page a shared link opens: its script posts the link's part to be checked, and shows it."""
    answer = page(request, "shared.html", lang, event=None,
                  words={key: messages.text(key, lang) for key in WORDS}, lists_script="lists.js" in STATIC)
    answer.headers["content-security-policy"] = POLICY
    return answer


async def read(request: Request, form: Form, lang: str) -> Response:
    """A shared link's list, checked under its game's pack, as players read it: its HTML, and its
    files for the page to keep («Guardar en mis listas»)."""
    try:
        shared = await anyio.to_thread.run_sync(unpacked, form.get("link"))
    except LinkRefused as exc:
        status = 413 if exc.code == "share-link-too-large" else 400
        return JSONResponse({"code": exc.code, "message": messages.text(f"serve.error.{exc.code}", lang)},
                            status_code=status)
    if shared.game not in hosted_of(request).packs:
        return refused_answer(Refused("hosted-unknown-game", 400), lang)
    files = {name: text.encode("utf-8") for name, text in shared.files.items()}
    try:
        said = await work(request, "reading", shared.game, files, shared.open, lang, trying=True)
    except Refused as exc:
        return refused_answer(exc, lang)
    return JSONResponse({**said, "game": shared.game, "open": shared.open, "files": shared.files})

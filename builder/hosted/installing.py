"""The hosted builder as an app a phone installs and opens with no signal: the desk's manifest and
service worker (:mod:`builder.desk.installing`), made for the hosted builder's pages. The app starts
at the start page (``/``, every game); its worker answers for the whole site (scope ``/``) and keeps
the start page and each game's builder page in each language, so a list of any game opens offline.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from builder.core import messages
from builder.desk import installing
from builder.desk.build import MANIFEST, STATIC, WORKER
from builder.hosted.state import hosted_of
from builder.web.intake import Form

START = "/"


def installable(request: Request, lang: str) -> installing.Installable:
    games = sorted(hosted_of(request).packs)
    shell = [(f"/static/{name}", folder / name) for name, (folder, _) in STATIC.items()] + installing.look_assets()
    kept = [START] + [f"{START}?lang={lang}" for lang in messages.LANGUAGES]
    kept += [f"/build?game={game}&lang={lang}" for game in games for lang in messages.LANGUAGES]
    return installing.Installable(
        name=messages.text("hosted.title", lang), short_name="builder", page=START, scope=START,
        assets=tuple(path for path, _ in shell), files=tuple(file for _, file in shell), icons="/static/",
        kept=tuple(kept))


def settings(lang: str) -> dict[str, str]:
    """What the builder page's template links (its manifest, its worker and the worker's scope)."""
    return {"manifest": f"{MANIFEST}?lang={lang}", "worker": WORKER, "scope": START}


def manifest(request: Request, form: Form, lang: str) -> Response:
    """The web app manifest (``?lang=``: its name and start in that language)."""
    return installing.manifest_response(installable(request, lang), lang)


def worker(request: Request, form: Form, lang: str) -> Response:
    """The service worker, answering for the whole site."""
    return installing.worker_response(installable(request, lang))

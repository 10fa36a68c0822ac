"""The builder page as an app a phone installs and opens with no signal: its web app manifest, its
icons and its service worker, made for whoever serves the page (the desk's ``/build``, the hosted
builder's own) from an :class:`Installable` that says where the page is, what the worker's scope is
and what the app is called.

The worker keeps the page's shell (the page, its scripts, stylesheets and icons) in a cache named
after a hash of those files, so a new version of them is a new worker and a new cache. It never
keeps a POST's answer, nor anything but the shell: the lists stay in the browser's own storage.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from starlette.responses import Response

from builder.core import messages
from builder.web import looks

FOLDER = Path(__file__).resolve().parent / "static"
WORKER = FOLDER / "worker.js"
ICONS = {"icon-192.png": ("192x192", "any"), "icon-512.png": ("512x512", "any"),
         "icon-maskable-192.png": ("192x192", "maskable"), "icon-maskable-512.png": ("512x512", "maskable")}
MANIFEST_MEDIA = "application/manifest+json"
WORKER_POLICY = "default-src 'none'; connect-src 'self'"
"""The worker's own policy: it fetches from its own origin alone, and runs nothing else."""


@dataclass(frozen=True)
class Installable:
    """The page as an app: ``name`` and ``short_name`` (a home screen's label), ``page`` (its path,
    the app's start), ``scope`` (the paths the worker answers, covering ``page``), ``assets``
    (the paths of the shell besides the page) with their files (:attr:`files`), and ``icons``,
    the path the icons are served under."""

    name: str
    short_name: str
    page: str
    scope: str
    assets: tuple[str, ...]
    files: tuple[Path, ...]
    icons: str
    kept: tuple[str, ...] = ()
    """The addresses the worker keeps (each page in each language) if not :attr:`page`'s alone: the
    hosted builder's start page and each game's builder page."""

    def manifest(self, lang: str) -> dict:
        start = self.page if lang == messages.DEFAULT_LANGUAGE else f"{self.page}?lang={lang}"
        return {
            "id": self.page, "name": self.name, "short_name": self.short_name, "lang": lang,
            "start_url": start, "scope": self.scope, "display": "standalone",
            "background_color": "#f4f5f7", "theme_color": "#44546a",
            "icons": [{"src": f"{self.icons}{name}", "sizes": sizes, "type": "image/png", "purpose": purpose}
                      for name, (sizes, purpose) in ICONS.items()],
        }

    def version(self) -> str:
        return _version(self.files + (WORKER,))

    def pages(self) -> list[str]:
        """The page in every language, as the worker keeps it (one copy a language)."""
        if self.kept:
            return list(self.kept)
        return [self.page] + [f"{self.page}?lang={lang}" for lang in messages.LANGUAGES]

    def worker(self) -> str:
        """The service worker's script: what it keeps (and under which version), then its code."""
        settings = {"version": self.version(), "scope": self.scope, "page": self.page, "pages": self.pages(),
                    "shell": list(self.assets), "languages": list(messages.LANGUAGES)}
        return f"const SETTINGS = {json.dumps(settings)};\n" + WORKER.read_text(encoding="utf-8")


@cache
def _version(files: tuple[Path, ...]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def look_assets() -> list[tuple[str, Path]]:
    """builder's look as the page uses it: its stylesheet, the tab's icon and the icons it draws."""
    found = [(looks.STYLESHEET, looks.FOLDER / "design.css"), (looks.ICON, looks.FOLDER / "favicon.svg")]
    found += [(f"/look/icons/{p.name}", p) for p in sorted((looks.FOLDER / "icons").glob("*.svg"))]
    return found


def manifest_response(app: Installable, lang: str) -> Response:
    body = json.dumps(app.manifest(lang), ensure_ascii=False, indent=1)
    return Response(body, media_type=MANIFEST_MEDIA, headers={"cache-control": "no-cache"})


def worker_response(app: Installable) -> Response:
    """The worker's script, never taken from an HTTP cache (a browser checks it for a new version at
    each visit), allowed to answer for the app's scope, under a policy of its own."""
    return Response(app.worker(), media_type="text/javascript",
                    headers={"cache-control": "no-cache", "service-worker-allowed": app.scope,
                             "content-security-policy": WORKER_POLICY})

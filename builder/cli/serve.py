"""``builder serve``: the local page over a folder of rosters."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from builder.cli.support import echo, lang_option, port_free, speaking
from builder.cli.words import argument, command, option
from builder.core import messages
from builder.core.errors import InputError
from builder.core.reader import ROSTER_SUFFIXES
from builder.events.packs import load_pack
from builder.web import texts  # noqa: F401 - the page's words, «serve.starting» among them


@command(help="cli.serve")
@argument("folder", type=click.Path(file_okay=False), default=".")
@option("--port", type=click.IntRange(1024, 65535), default=8000, show_default=True, help="cli.serve.port")
@option("--no-browser", is_flag=True, help="cli.serve.no-browser")
@option("--pack", type=click.Path(), default=None, help="cli.serve.pack")
@lang_option
def serve(folder: str, port: int, no_browser: bool, pack: str | None, lang: str | None) -> None:
    """The local page over a folder of rosters (help: ``cli.serve``)."""
    lang = speaking(lang)
    if not Path(folder).is_dir():
        raise InputError("file-not-found", folder)
    event = load_pack(pack) if pack else None
    import uvicorn  # the web server and Starlette, only for this command

    from builder.serve.app import create_app  # Starlette; the page's words with it

    port_free("127.0.0.1", port)
    url = f"http://127.0.0.1:{port}/"
    echo(messages.text("serve.starting", lang, folder=Path(folder).resolve(), url=url))
    inside = _folders_with_lists(Path(folder))
    if inside is not None:  # `builder serve examples/`: the page shows one folder's lists, not its subfolders'
        echo(messages.text("serve.lists-below", lang, folders=", ".join(inside),
                           example=str(Path(folder) / inside[0].rstrip("/"))), err=True)
    if not no_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(Path(folder), port, lang, event), host="127.0.0.1", port=port, log_level="warning")


def _folders_with_lists(folder: Path) -> list[str] | None:
    """When ``folder`` holds no list but its subfolders do: their names, each ending in ``/``."""
    def has_lists(place: Path) -> bool:
        return any(p.suffix.lower() in ROSTER_SUFFIXES and p.is_file() for p in place.iterdir())

    try:
        if has_lists(folder):
            return None
        found = [f"{p.name}/" for p in sorted(folder.iterdir()) if p.is_dir() and not p.name.startswith(".")
                 and has_lists(p)]
    except OSError:
        return None
    return found or None

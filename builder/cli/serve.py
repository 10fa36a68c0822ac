"""``builder serve``: the local page over a folder of rosters."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from builder.cli.support import echo, lang_option, speaking
from builder.core import messages
from builder.core.errors import InputError
from builder.events.packs import load_pack
from builder.serve import texts  # noqa: F401 - the page's words, «serve.starting» among them


@click.command()
@click.argument("folder", type=click.Path(file_okay=False), default=".")
@click.option("--port", type=click.IntRange(1024, 65535), default=8000, show_default=True,
              help="Puerto local / local port.")
@click.option("--no-browser", is_flag=True, help="No abrir el navegador / don't open the browser.")
@click.option("--pack", type=click.Path(), default=None,
              help="Pack del evento: cada lista se comprueba con él / event pack: every roster is checked under it.")
@lang_option
def serve(folder: str, port: int, no_browser: bool, pack: str | None, lang: str | None) -> None:
    """Edita las listas de FOLDER en el navegador / edit FOLDER's rosters in the browser.

    Listens on 127.0.0.1 only; the page checks each roster as you type.
    """
    lang = speaking(lang)
    if not Path(folder).is_dir():
        raise InputError("file-not-found", folder)
    event = load_pack(pack) if pack else None
    import uvicorn  # the web server and Starlette, only for this command

    from builder.serve.app import create_app  # Starlette; the page's words with it

    url = f"http://127.0.0.1:{port}/"
    echo(messages.text("serve.starting", lang, folder=Path(folder).resolve(), url=url))
    if not no_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(Path(folder), port, lang, event), host="127.0.0.1", port=port, log_level="warning")

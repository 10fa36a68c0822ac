"""``builder event``: the event desk (players submit lists, the organiser reviews them) and its export."""

from __future__ import annotations

import secrets
import socket
from datetime import datetime
from pathlib import Path

import click

from builder.cli.support import echo, lang_option, speaking
from builder.cli.words import argument, group, option
from builder.core import messages
from builder.core.errors import InputError
from builder.events.packs import load_pack
from builder.serve import desk_texts  # noqa: F401 - the desk's words, «desk.starting» among them

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def database_url(pack: str, db: str | None) -> str:
    """The desk's database: ``--db`` as given when it is a URL, else a SQLite file (by default
    ``<pack stem>.sqlite`` beside the pack)."""
    if db and "://" in db:
        return db
    path = Path(db) if db else Path(pack).with_suffix(".sqlite")
    return f"sqlite:///{path.resolve()}"


def _address_on_network() -> str:
    """This machine's address on its network, as players' devices would reach it (best effort: a
    UDP socket "connected" sends nothing; the loopback if there is no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


@group(help="cli.event")
def event() -> None:
    """The event desk: lists submitted and reviewed (help: ``cli.event``)."""


@event.command(help="cli.event.serve")
@argument("pack", type=click.Path(dir_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@option("--host", default="127.0.0.1", show_default=True, metavar="cli.value.address", help="cli.event.host")
@option("--port", type=click.IntRange(1, 65535), default=8080, show_default=True, help="cli.event.port")
@option("--token", default=None, metavar="cli.value.token", help="cli.event.token")
@option("--deadline", type=click.DateTime(["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]), default=None,
        help="cli.event.deadline")
@lang_option
def serve(pack: str, db: str | None, host: str, port: int, token: str | None, deadline: datetime | None,
          lang: str | None) -> None:
    """Serve the event desk of a pack (help: ``cli.event.serve``)."""
    lang = speaking(lang, file=pack)
    event_pack = load_pack(pack)
    url = database_url(pack, db)
    token = token or secrets.token_urlsafe(18)
    import uvicorn  # the web server and Starlette, only for this command

    from builder.serve.desk import create_desk  # Starlette and Jinja2, only for this command

    shown = _address_on_network() if host in ("0.0.0.0", "::") else host
    bracketed = (lambda name: f"[{name}]" if ":" in name else name)
    base = f"http://{bracketed(shown)}:{port}"
    closes = deadline.astimezone() if deadline is not None else None  # the organiser's clock, made explicit
    app = create_desk(event_pack, url, token, f"{bracketed(host)}:{port}", deadline=closes)
    echo(messages.text("desk.starting", lang, event=event_pack.name, url=f"{base}/"))
    echo(messages.text("desk.database", lang, db=url))
    echo(messages.text("desk.players-url", lang, url=f"{base}/"))
    echo(messages.text("desk.organiser-url", lang, url=f"{base}/admin/login?token={token}"))
    if host not in LOOPBACK:
        echo(messages.text("desk.exposed", lang, host=host), err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


@event.command(help="cli.event.export")
@argument("pack", type=click.Path(dir_okay=False))
@argument("outfolder", type=click.Path(file_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@lang_option
def export(pack: str, outfolder: str, db: str | None, lang: str | None) -> None:
    """Each team's latest version written to a folder (help: ``cli.event.export``)."""
    lang = speaking(lang, file=pack)
    event_pack = load_pack(pack)
    url = database_url(pack, db)
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise InputError("file-not-found", url.removeprefix("sqlite:///"))
    from builder.events.store import Store  # SQLAlchemy, only for the commands that open a store

    store = Store.open(url)
    try:
        event_id = store.find_event(event_pack.name, event_pack.system)
        if event_id is None:
            echo(messages.text("desk.no-event", lang, event=event_pack.name), err=True)
            raise SystemExit(2)
        written = store.export(event_id, outfolder)
    finally:
        store.close()
    echo(messages.text("desk.exported", lang, count=len(written), folder=Path(outfolder).resolve()))

"""``builder event``: the event desk (players submit lists, the organiser reviews them) and its export."""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import secrets
import socket
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

import click
from click.core import ParameterSource

from builder.cli.support import echo, lang_option, port_free, progress, speaking
from builder.cli.language import said
from builder.cli.words import AfterThePack, argument, group, option
from builder.core import messages
from builder.core.errors import InputError
from builder.core.pack import Pack
from builder.events.packs import load_pack, public_origin
from builder.desk import texts as desk_texts  # noqa: F401 - the desk's words, «desk.starting» among them

LOOPBACK = ("127.0.0.1", "localhost", "::1")
TOKEN_VARIABLE = "BUILDER_DESK_TOKEN"
"""The environment variable the organiser's token is read from (argv is every local user's to read)."""
WILDCARD = ("0.0.0.0", "::")


def database_url(pack: str, db: str | None) -> str:
    """The desk's database: ``--db`` as given when it is a URL, else a SQLite file (by default
    ``<pack stem>.sqlite`` beside the pack)."""
    if db and "://" in db:
        return db
    path = Path(db) if db else Path(pack).with_suffix(".sqlite")
    return f"sqlite:///{path.resolve()}"


def token_file(pack: str, url: str) -> Path:
    """Where the organiser's token is kept when none is given: beside the SQLite database, with
    ``.token`` for its suffix (``torneo.sqlite``: ``torneo.token``), or beside the pack."""
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        return Path(url.removeprefix("sqlite:///")).with_suffix(".token")
    return Path(pack).resolve().with_suffix(".token")


def read_token(path: Path, draw: bool) -> tuple[str, bool]:
    """The token ``path`` holds (its first line), and whether it was drawn just now: when the file
    is missing and ``draw``, a token drawn at random is written there, readable by its owner alone
    (made whole under another name, then linked in: two desks starting at once keep the same one)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if not draw:
            raise
        fd, spare = tempfile.mkstemp(prefix=".token-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(secrets.token_urlsafe(24) + "\n")  # 192 random bits
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(spare, path)
            except FileExistsError:  # another desk drew it first: its token is the one
                return read_token(path, draw=False)[0], False
        finally:
            os.unlink(spare)
        return read_token(path, draw=False)[0], True
    lines = text.strip().splitlines()
    if not lines or not lines[0].strip():
        raise ValueError("empty")
    return lines[0].strip(), False


def organiser_token(pack: str, url: str, given: str | None, from_environment: bool, file: str | None,
                    event_pack: Pack, lang: str) -> tuple[str, str]:
    """The organiser's token and what the banner says of it (never the token): ``--token`` or
    ``BUILDER_DESK_TOKEN``, ``--token-file``, the pack's ``event: token:``, else the token file beside
    the database, drawn into it at the first start. Exit 2 if a file can't be read or written."""
    if given:
        return given, messages.text("desk.token-from", lang, source=TOKEN_VARIABLE if from_environment else "--token")
    if not file and event_pack.event.token:
        return event_pack.event.token, messages.text("desk.token-from", lang, source="event: token")
    path = Path(file).resolve() if file else token_file(pack, url)
    try:
        token, drawn = read_token(path, draw=True)
        open_to_others = not drawn and path.stat().st_mode & 0o077
    except (OSError, ValueError) as exc:
        echo(messages.text("desk.token-file-failed", lang, file=path,
                           error=exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)), err=True)
        raise SystemExit(2) from None
    if open_to_others:
        echo(messages.text("desk.token-file-open", lang, file=path), err=True)
    return token, messages.text("desk.token-drawn" if drawn else "desk.token-from", lang, source=path, file=path)


def _shown(url: str) -> str:
    """A database URL as printed: its password, if it has one, masked."""
    from sqlalchemy.engine import make_url  # with the store, only for the desk's commands

    return make_url(url).render_as_string(hide_password=True)


def _address_on_network() -> str:
    """This machine's address on its network, as players' devices would reach it (best effort: a
    UDP socket "connected" sends nothing; the loopback if there is no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Moment(click.DateTime):
    """A date with a time; one that isn't is said with the form to write, not strptime's codes."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(said("cli.event.bad-deadline", value=value), param, ctx)


@group(help="cli.event")
@lang_option
def event(lang: str | None) -> None:
    """The event desk: lists submitted and reviewed (help: ``cli.event``)."""


class PublicUrl(click.ParamType):
    """An http(s) address of a host alone (``https://torneo.example``)."""

    name = "url"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if public_origin(value, strict=False) is None:
            self.fail(said("cli.event.bad-public-url", value=value), param, ctx)
        return value


class Network(click.ParamType):
    """An IP address or network (``127.0.0.1``, ``10.0.0.0/8``)."""

    name = "address"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            ipaddress.ip_network(value.strip().strip("[]"), strict=False)
        except ValueError:
            self.fail(said("cli.event.bad-proxy", value=value), param, ctx)
        return value.strip()


@event.command(help="cli.event.serve")
@argument("pack", type=click.Path(dir_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@option("--host", default="127.0.0.1", show_default=True, metavar="cli.value.address", help="cli.event.host")
@option("--port", type=click.IntRange(1, 65535), default=8080, show_default=True, help="cli.event.port")
@option("--token", default=None, envvar=TOKEN_VARIABLE, metavar="cli.value.token", help="cli.event.token")
@option("--token-file", type=click.Path(dir_okay=False), default=None, metavar="cli.value.file",
        help="cli.event.token-file")
@option("--deadline", type=Moment(["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]), default=None,
        help="cli.event.deadline")
@option("--publish", is_flag=True, default=False, help="cli.event.publish")
@option("--rate", type=click.IntRange(1, 100_000), default=30, show_default=True, help="cli.event.rate")
@option("--clicks-per-minute", "clicks", type=click.IntRange(1, 100_000), default=600, show_default=True,
        help="cli.event.clicks-per-minute")
@option("--pdfs-per-minute", "pdfs", type=click.IntRange(1, 10_000), default=6, show_default=True,
        help="cli.event.pdfs-per-minute")
@option("--workers", type=click.IntRange(1, 32), default=1, show_default=True, help="cli.event.workers")
@option("--public-url", type=PublicUrl(), default=None, metavar="cli.value.url", help="cli.event.public-url")
@option("--trusted-proxy", "trusted", type=Network(), multiple=True, metavar="cli.value.address",
        help="cli.event.trusted-proxy")
@option("--connections-per-address", "per_address", type=click.IntRange(1, 10_000), default=16, show_default=True,
        help="cli.event.connections-per-address")
@option("--header-timeout", type=click.FloatRange(0.1, 600), default=10.0, hidden=True, help="cli.event.header-timeout")
@option("--body-timeout", type=click.FloatRange(0.1, 600), default=10.0, hidden=True, help="cli.event.body-timeout")
@option("--client-rate", type=click.IntRange(64 * 1024, 10**10), default=None, hidden=True,
        help="cli.event.client-rate")
@option("--weak-token", is_flag=True, default=False, help="cli.event.weak-token")
@option("--session-hours", type=click.FloatRange(0.1, 24 * 14), default=12, show_default=True,
        metavar="cli.value.hours", help="cli.event.session-hours")
@lang_option
def serve(pack: str, db: str | None, host: str, port: int, token: str | None, token_file: str | None,
          deadline: datetime | None, publish: bool, rate: int, clicks: int, pdfs: int, workers: int,
          public_url: str | None, trusted: tuple[str, ...], per_address: int, header_timeout: float,
          body_timeout: float, client_rate: int | None, weak_token: bool, session_hours: float, lang: str | None) -> None:
    """Serve the event desk of a pack (help: ``cli.event.serve``)."""
    lang = speaking(lang, file=pack)
    event_pack = load_pack(pack)
    public_url = public_url or event_pack.event.public_url
    if host in WILDCARD and public_url is None:
        suggested = f"http://{_address_on_network()}:{port}"
        echo(messages.text("desk.needs-public-url", lang, host=host, url=suggested), err=True)
        raise SystemExit(2)
    port_free(host, port)  # before a token is drawn for a desk that can't start
    url = database_url(pack, db)
    on_command_line = token and click.get_current_context().get_parameter_source("token") is ParameterSource.COMMANDLINE
    token, token_said = organiser_token(pack, url, token, not on_command_line, token_file, event_pack, lang)
    import uvicorn  # the web server and Starlette, only for this command

    from builder.desk.app import create_desk  # Starlette and Jinja2, only for this command
    from builder.desk import transport  # with it
    from builder.desk.sessions import STRONG_BITS, token_bits  # with it

    bits = int(token_bits(token))
    if bits < STRONG_BITS and not weak_token:
        echo(messages.text("desk.weak-token", lang, bits=bits, least=STRONG_BITS), err=True)
        raise SystemExit(2)

    bracketed = (lambda name: f"[{name}]" if ":" in name else name)
    base = public_origin(public_url) or f"http://{bracketed(host)}:{port}"
    closes = deadline.astimezone() if deadline is not None else None  # the organiser's clock, made explicit
    # Made here first even with workers: the event is created (and the database migrated) once.
    publish = publish or None  # not given: as the pack says
    app = create_desk(event_pack, url, token, f"{bracketed(host)}:{port}", posts_per_minute=rate, deadline=closes,
                      publish=publish, public_url=public_url, trusted_proxies=trusted, session_hours=session_hours,
                      clicks_per_minute=clicks, pdfs_per_minute=pdfs)
    limits = transport.Limits(head_timeout=header_timeout, per_address=per_address, trusted=trusted,
                              body_timeout=body_timeout, client_rate=client_rate or transport.Limits.client_rate)
    transport.raise_open_files()
    echo(messages.text("desk.starting", lang, event=event_pack.name, url=f"{base}/"))
    echo(messages.text("desk.database", lang, db=_shown(url)))
    echo(messages.text("desk.players-url", lang, url=f"{base}/"))
    # The token apart from the address: an address with it would stay in the browser's history.
    echo(messages.text("desk.organiser-url", lang, url=f"{base}/admin/login"))
    echo(token_said)  # where the token is, never the token: this lands in the journal
    if on_command_line:
        echo(messages.text("desk.token-on-command-line", lang, variable=TOKEN_VARIABLE), err=True)
    if bits < STRONG_BITS:
        echo(messages.text("desk.weak-token-warning", lang, bits=bits), err=True)
    if host not in LOOPBACK:
        echo(messages.text("desk.exposed", lang, host=host), err=True)
    # uvicorn's own proxy_headers would believe X-Forwarded-For from 127.0.0.1: the desk decides
    # instead (guard.client_address), from --trusted-proxy only.
    if workers == 1:
        transport.configure(limits)
        uvicorn.run(app, host=host, port=port, log_level="warning", http=transport.DeskProtocol, proxy_headers=False)
        return
    app.state.desk.store.close()
    os.environ["BUILDER_DESK"] = json.dumps({
        "pack": str(Path(pack).resolve()), "db": url, "token": token, "host_label": f"{bracketed(host)}:{port}",
        "rate": rate, "deadline": closes.isoformat() if closes else None, "publish": publish,
        "public_url": public_url, "transport": transport.as_settings(limits.for_workers(workers)),
        "session_hours": session_hours, "clicks": clicks, "pdfs": pdfs})
    uvicorn.run("builder.desk.app:from_environment", factory=True, workers=workers, host=host, port=port,
                log_level="warning", http=transport.IMPORT_NAME, proxy_headers=False)


@event.command(help="cli.event.export")
@argument("pack", type=click.Path(dir_okay=False))
@argument("outfolder", type=click.Path())
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@option("--json", "as_json", is_flag=True, default=False, help="cli.event.export-json")
@lang_option
def export(pack: str, outfolder: str, db: str | None, as_json: bool, lang: str | None) -> None:
    """Each team's latest version written to a folder, or the whole event to one JSON file (help:
    ``cli.event.export``)."""
    lang = speaking(lang, file=pack)
    # A folder, or with --json a file: each refused as click refuses a path of the other kind.
    click.Path(dir_okay=not as_json, file_okay=as_json).convert(outfolder, None, click.get_current_context())
    event_pack = load_pack(pack)
    with _opened(pack, db, event_pack, lang) as (store, event_id):
        if as_json:
            from builder.events.stored_json import event_to_json  # the campaign's check, only for this export

            event_to_json(store, event_id, event_pack, Path(outfolder), lang)
        else:
            written = store.export(event_id, outfolder)
    if as_json:
        echo(messages.text("show.json-written", lang, file=Path(outfolder).resolve()))
    else:
        echo(messages.text("desk.exported", lang, count=len(written), folder=Path(outfolder).resolve()))


@event.command(name="print", help="cli.event.print")
@argument("pack", type=click.Path(dir_okay=False))
@argument("out", type=click.Path(dir_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
        help="cli.export.paper")
@option("--jobs", type=click.IntRange(1, 64), default=None, help="cli.event.jobs")
@lang_option
def print_(pack: str, out: str, db: str | None, paper: str, jobs: int | None, lang: str | None) -> None:
    """Every team's sheet and cards in one PDF (help: ``cli.event.print``)."""
    lang = speaking(lang, file=pack)
    event_pack = load_pack(pack)
    from builder.events.printing import print_event  # WeasyPrint and pikepdf, only for this command
    from builder.export.outputs import check_output  # with the print, only for this command

    target = check_output(out, [Path(pack)])
    with _opened(pack, db, event_pack, lang) as (store, event_id):
        latest = store.latest(event_id)
    printed = print_event(latest, event_pack, target, lang, paper, jobs, progress(len(latest), lang, "desk.printing"))
    echo(messages.text("desk.printed", lang, count=len(printed), file=target.resolve()))


@event.command(help="cli.event.health")
@argument("url", default="http://127.0.0.1:8080", required=False)
@option("--wait", type=click.FloatRange(0, 3600), default=0, show_default=True, metavar="cli.value.seconds",
        help="cli.event.health-wait")
@lang_option
def health(url: str, wait: float, lang: str | None) -> None:
    """Whether the desk at ``url`` answers its /healthz, asked until ``wait`` seconds have passed:
    exit 0 if it does, 1 if not (help: ``cli.event.health``)."""
    import urllib.error  # urllib and its ssl, only for this command
    import urllib.request  # with it

    lang = speaking(lang)
    address = url.rstrip("/") + "/healthz"
    if not address.startswith(("http://", "https://")):
        echo(messages.text("cli.event.bad-health-url", lang, value=url), err=True)
        raise SystemExit(2)
    until = time.monotonic() + wait
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the desk itself, never a proxy
    while True:
        try:
            with direct.open(address, timeout=5) as answer:
                if answer.status == 200:
                    echo(messages.text("cli.event.healthy", lang, url=url))
                    return
                reason = str(answer.status)
        except urllib.error.HTTPError as refused:
            reason = str(refused.code)
        except (OSError, ValueError) as failed:
            reason = str(getattr(failed, "reason", failed))
        if time.monotonic() >= until:
            echo(messages.text("cli.event.unhealthy", lang, url=url, reason=reason), err=True)
            raise SystemExit(1)
        time.sleep(0.5)


def pack_and_file(pack: str, file: str | None, db: str | None) -> tuple[str, str]:
    """The database and the file of ``backup`` and ``restore``: ``PACK FILE [--db DB]``, the database
    found as every command of ``builder event`` finds it (:func:`database_url`: a database given as the
    pack is the file beside itself); or the older ``FILE --db DB``. Usage error (exit 2) otherwise."""
    if file is not None:
        return database_url(pack, db), file
    if db is None:
        raise click.UsageError(said("cli.event.pack-and-file"))
    return database_url("", db), pack


@event.command(name="backup", help="cli.event.backup")
@argument("pack", type=click.Path(dir_okay=False))
@click.argument("out", cls=AfterThePack, required=False, type=click.Path(dir_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@lang_option
def backup_(pack: str, out: str | None, db: str | None, lang: str | None) -> None:
    """A consistent copy of a desk's database, taken while it runs (help: ``cli.event.backup``)."""
    lang = speaking(lang)
    url, out = pack_and_file(pack, out, db)
    from builder.events import backups  # SQLAlchemy and the store, only for the commands that open one

    version = backups.backup(url, Path(out))
    echo(messages.text("cli.event.backup-written", lang, db=_shown(url), version=version,
                       file=Path(out).resolve()))


@event.command(help="cli.event.restore")
@argument("pack", type=click.Path(dir_okay=False))
@click.argument("backup", cls=AfterThePack, required=False, type=click.Path(dir_okay=False))
@option("--db", default=None, metavar="cli.value.database", help="cli.event.db")
@option("--replace", is_flag=True, default=False, help="cli.event.replace")
@lang_option
def restore(pack: str, backup: str | None, db: str | None, replace: bool, lang: str | None) -> None:
    """A backup put back as a desk's database (help: ``cli.event.restore``)."""
    url, backup = pack_and_file(pack, backup, db)
    lang = speaking(lang, file=backup)
    from builder.events import backups  # SQLAlchemy and the store, only for the commands that open one

    version = backups.restore(Path(backup), url, replace)
    echo(messages.text("cli.event.restored", lang, db=_shown(url), version=version, file=Path(backup).resolve()))


@contextlib.contextmanager
def _opened(pack: str, db: str | None, event_pack: Pack, lang: str) -> Iterator[tuple[Any, int]]:
    """The event's store and id, from ``--db`` or the SQLite file beside the pack; exit 2 without one."""
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
        yield store, event_id
    finally:
        store.close()

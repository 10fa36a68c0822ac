"""``builder host``: the builder for every game, hosted on its own for anyone (no event, no database)."""

from __future__ import annotations

import json
import os

import click

from builder.cli.event import WILDCARD, LOOPBACK, Network, PublicUrl, _address_on_network
from builder.cli.support import echo, lang_option, port_free, speaking
from builder.cli.words import command, option
from builder.core import messages
from builder.events.packs import public_origin


@command(help="cli.host")
@option("--host", default="127.0.0.1", show_default=True, metavar="cli.value.address", help="cli.event.host")
@option("--port", type=click.IntRange(1, 65535), default=8090, show_default=True, help="cli.event.port")
@option("--public-url", type=PublicUrl(), default=None, metavar="cli.value.url", help="cli.host.public-url")
@option("--trusted-proxy", "trusted", type=Network(), multiple=True, metavar="cli.value.address",
        help="cli.event.trusted-proxy")
@option("--workers", type=click.IntRange(1, 32), default=1, show_default=True, help="cli.event.workers")
@option("--clicks-per-minute", "clicks", type=click.IntRange(1, 100_000), default=600, show_default=True,
        help="cli.host.clicks-per-minute")
@option("--pdfs-per-minute", "pdfs", type=click.IntRange(1, 10_000), default=6, show_default=True,
        help="cli.host.pdfs-per-minute")
@option("--connections-per-address", "per_address", type=click.IntRange(1, 10_000), default=16, show_default=True,
        help="cli.event.connections-per-address")
@option("--header-timeout", type=click.FloatRange(0.1, 600), default=10.0, hidden=True, help="cli.event.header-timeout")
@option("--body-timeout", type=click.FloatRange(0.1, 600), default=10.0, hidden=True, help="cli.event.body-timeout")
@lang_option
def host(host: str, port: int, public_url: str | None, trusted: tuple[str, ...], workers: int, clicks: int,
         pdfs: int, per_address: int, header_timeout: float, body_timeout: float, lang: str | None) -> None:
    """Serve the builder for every game, keeping nothing (help: ``cli.host``)."""
    lang = speaking(lang)
    from builder.hosted import texts  # noqa: F401 - its words («hosted.starting»), only for this command

    if host in WILDCARD and public_url is None:
        echo(messages.text("hosted.needs-public-url", lang, host=host,
                           url=f"http://{_address_on_network()}:{port}"), err=True)
        raise SystemExit(2)
    port_free(host, port)
    import uvicorn  # the web server and Starlette, only for this command

    from builder.desk import transport  # with it
    from builder.hosted.app import SETTINGS, create_hosted  # with it

    bracketed = f"[{host}]" if ":" in host else host
    base = public_origin(public_url) or f"http://{bracketed}:{port}"
    limits = transport.Limits(head_timeout=header_timeout, per_address=per_address, trusted=trusted,
                              body_timeout=body_timeout)
    transport.raise_open_files()
    echo(messages.text("hosted.starting", lang, url=f"{base}/"))
    if host not in LOOPBACK:
        echo(messages.text("hosted.exposed", lang, host=host), err=True)
    # uvicorn's own proxy_headers would believe X-Forwarded-For from 127.0.0.1: the gates decide
    # instead, from --trusted-proxy only. No access log: an address is all it would say, but say nothing.
    if workers == 1:
        app = create_hosted(f"{bracketed}:{port}", public_url, trusted, clicks, pdfs)
        transport.configure(limits)
        uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                    http=transport.DeskProtocol, proxy_headers=False)
        return
    os.environ[SETTINGS] = json.dumps({
        "host_label": f"{bracketed}:{port}", "public_url": public_url, "clicks": clicks, "pdfs": pdfs,
        "transport": transport.as_settings(limits.for_workers(workers))})
    uvicorn.run("builder.hosted.app:from_environment", factory=True, workers=workers, host=host, port=port,
                log_level="warning", access_log=False, http=transport.IMPORT_NAME, proxy_headers=False)

"""``builder systems``: the games installed, with their catalogs."""

from __future__ import annotations

import json

import click

from builder.cli.support import format_option, lang_option, speaking
from builder.cli.words import command
from builder.core import messages, registry


@command("systems", help="cli.systems")
@format_option
@lang_option
def list_systems(fmt: str, lang: str | None) -> None:
    """The games installed, with their catalogs (help: ``cli.systems``)."""
    lang = speaking(lang, fmt)
    rows = [{"key": s.key, "title": s.title, "fingerprint_prefix": s.prefix,
             "catalogs": [p.name for p in s.catalogs()], "edition": s.editions()[0].described(),
             "editions": [e.name for e in s.editions()]} for s in registry.all_systems()]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    click.echo(messages.text("ui.systems-header", lang))
    for row in rows:
        listed = ", ".join(row["catalogs"]) or messages.text("ui.no-catalogs", lang)
        edition = messages.text("ui.edition-of", lang, edition=row["edition"]["name"])
        click.echo(f"  {row['key']:<22} {row['title']:<22} {messages.text('ui.catalogs', lang)}: {listed} · {edition}")

"""``builder schema``: the JSON Schema of a game's files, or of an event pack (for editors)."""

from __future__ import annotations

import json
import sys

import click

from builder.cli.support import echo, lang_option, speaking
from builder.cli.words import argument, command
from builder.core import messages, registry
from builder.events.packs import pack_schema


@command(help="cli.schema")
@argument("system")
@lang_option
def schema(system: str, lang: str | None) -> None:
    """The JSON Schema of a game's files, or of an event pack (help: ``cli.schema``)."""
    lang = speaking(lang)
    if system.strip().lower() == "pack":
        click.echo(json.dumps(pack_schema(), ensure_ascii=False, indent=2))
        return
    found = registry.find(system)
    if found is None:
        echo(messages.text("ui.unknown-schema", lang, name=system, known=", ".join(registry.keys())), err=True)
        sys.exit(2)
    click.echo(json.dumps(found.file_schema(), ensure_ascii=False, indent=2))

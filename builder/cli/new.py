"""``builder new``: a commented roster of a game to start from."""

from __future__ import annotations

import click

from builder.cli.support import echo, lang_option, speaking, system_named
from builder.core import messages
from builder.core.errors import InputError
from builder.export.outputs import check_output, write_all_atomically


@click.command()
@click.argument("system")
@click.option("-o", "--output", type=click.Path(), default=None,
              help="Archivo nuevo a escribir (nunca sobrescribe) / new file to write (never overwritten).")
@lang_option
def new(system: str, output: str | None, lang: str | None) -> None:
    """Una lista comentada para empezar / a commented roster to start from."""
    lang = speaking(lang)
    roster = system_named(system).starting_roster(lang)
    if output is None:
        echo(roster.rstrip("\n"))
        return
    target = check_output(output, [])
    if target.exists():
        raise InputError("output-exists", str(target))
    write_all_atomically([(target, lambda tmp: tmp.write_text(roster, encoding="utf-8"))])
    echo(messages.text("ui.written", lang, path=target))

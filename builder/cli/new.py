"""``builder new``: a commented roster of a game to start from."""

from __future__ import annotations

import click

from builder.cli.support import echo, lang_option, speaking, system_named
from builder.cli.words import argument, command, option
from builder.core import messages
from builder.core.errors import InputError
from builder.export.outputs import check_output, write_all_atomically


@command(help="cli.new")
@argument("system")
@option("-o", "--output", type=click.Path(), default=None, metavar="cli.value.file", help="cli.new.output")
@lang_option
def new(system: str, output: str | None, lang: str | None) -> None:
    """A commented roster of a game to start from (help: ``cli.new``)."""
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

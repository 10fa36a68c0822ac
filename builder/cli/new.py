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
@option("--kind", default="roster", metavar="cli.value.kind", help="cli.new.kind")
@lang_option
def new(system: str, output: str | None, kind: str, lang: str | None) -> None:
    """A commented roster of a game to start from, or another kind of file it has (a Warbook)
    (help: ``cli.new``)."""
    lang = speaking(lang)
    game = system_named(system)
    kinds = ("roster", *game.new_kinds())
    if kind not in kinds:
        raise InputError("unknown-kind", None, kind=kind, system=game.key, known=", ".join(kinds))
    roster = game.starting_roster(lang, kind)
    if output is None:
        echo(roster.rstrip("\n"))
        return
    target = check_output(output, [])
    if target.exists():
        raise InputError("output-exists", str(target))
    write_all_atomically([(target, lambda tmp: tmp.write_text(roster, encoding="utf-8"))])
    echo(messages.text("ui.written", lang, path=target))

"""``builder export``: a checked roster as a spreadsheet, a PDF or plain text."""

from __future__ import annotations

import sys

import click

from builder.cli.support import echo, lang_option, speaking
from builder.cli.words import argument, command, option
from builder.core import messages
from builder.core.pipeline import Outcome
from builder.events.packs import load_pack
from builder.export.exporter import export as run_export
from builder.export.plain import plain_text
from builder.export.report import as_text


@command(help="cli.export")
@argument("file", type=click.Path(dir_okay=True))
@option("--xlsx", "xlsx", type=click.Path(dir_okay=True), default=None, metavar="cli.value.file",
        help="cli.export.xlsx")
@option("--pdf", "pdf", type=click.Path(dir_okay=True), default=None, metavar="cli.value.file", help="cli.export.pdf")
@option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
        help="cli.export.paper")
@option("--text", "plain", is_flag=True, help="cli.export.text")
@option("--draft", is_flag=True, help="cli.export.draft")
@option("--pack", type=click.Path(), default=None, help="cli.export.pack")
@lang_option
def export(file: str, xlsx: str | None, pdf: str | None, paper: str, plain: bool, draft: bool, pack: str | None,
           lang: str | None) -> None:
    """A checked roster as a spreadsheet, a PDF or text (help: ``cli.export``)."""
    lang = speaking(lang, file=file)
    if not xlsx and not pdf and not plain:
        raise click.UsageError(messages.text("ui.export-nothing", lang))
    event = load_pack(pack) if pack else None
    result = run_export(file, xlsx=xlsx, pdf=pdf, lang=lang, draft=draft, paper=paper.lower(), pack=event)
    if result.refused:
        echo(as_text([Outcome(file, evaluation=result.evaluation)], lang))
        echo(messages.text("ui.export-refused", lang, file=file), err=True)
        sys.exit(1)
    if plain:
        echo(plain_text(result.evaluation, lang))
    for path in result.written:
        echo(messages.text("ui.written", lang, path=path), err=plain)

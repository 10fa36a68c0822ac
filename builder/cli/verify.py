"""``builder verify``: is a printed sheet (its fingerprint) this file, and is the list legal."""

from __future__ import annotations

import sys

import click

from builder.cli.support import echo, lang_option, speaking
from builder.cli.words import argument, command, option
from builder.core import messages
from builder.core.fingerprint import normalise
from builder.core.pipeline import evaluate
from builder.events.packs import load_pack


@command(help="cli.verify")
@argument("file", type=click.Path(dir_okay=True))
@argument("fingerprint")
@option("--pack", type=click.Path(), default=None, help="cli.verify.pack")
@lang_option
def verify(file: str, fingerprint: str, pack: str | None, lang: str | None) -> None:
    """Whether a printed sheet is this file, and whether the list is legal (help: ``cli.verify``)."""
    lang = speaking(lang, file=file)
    event = load_pack(pack) if pack else None
    evaluation = evaluate(file, file, event)
    given = normalise(fingerprint)
    if evaluation.fingerprint is None:
        echo(messages.text("ui.verify-none", lang, file=file))
        sys.exit(1)
    if given != evaluation.fingerprint:
        echo(messages.text("ui.verify-mismatch", lang, actual=evaluation.fingerprint, given=given))
        sys.exit(1)
    echo(messages.text("ui.verify-match", lang, file=file, fingerprint=evaluation.fingerprint))
    # A matching sheet of an illegal list must not pass for a legal one.
    under = messages.text("ui.verify-pack", lang, pack=event.name) if event else ""
    errors = len(evaluation.findings.errors)
    if not evaluation.legal:
        echo(messages.text("ui.verify-illegal", lang, pack=under, errors=errors))
    elif evaluation.roster:
        echo(messages.text("ui.verify-legal", lang, pack=under))
    else:  # a Warbook on its own: no list, legal or not
        echo(messages.text("ui.verify-no-list", lang, status=evaluation.status_text(lang)))
    sys.exit(0)

"""``builder verify``: is a printed sheet (its fingerprint) this file, and is the list legal."""

from __future__ import annotations

import sys
from dataclasses import replace

import click

from builder.cli.support import echo, lang_option, speaking
from builder.cli.words import argument, command, option
from builder.core import messages, registry
from builder.core.edition_check import asking
from builder.core.edition_names import known_anywhere
from builder.core.evaluation import Evaluation
from builder.core.fingerprint import normalise
from builder.core.pack import Pack
from builder.core.pipeline import evaluate
from builder.events.packs import load_pack


@command(help="cli.verify")
@argument("file", type=click.Path(dir_okay=True))
@argument("fingerprint")
@option("--pack", type=click.Path(), default=None, help="cli.verify.pack")
@option("--edition", default=None, metavar="cli.value.edition", help="cli.verify.edition")
@lang_option
def verify(file: str, fingerprint: str, pack: str | None, edition: str | None, lang: str | None) -> None:
    """Whether a printed sheet is this file, and whether the list is legal (help: ``cli.verify``)."""
    lang = speaking(lang, file=file)
    event = load_pack(pack) if pack else None
    with asking(edition):
        evaluation = evaluate(file, file, event)
    if edition is not None:
        known_anywhere(edition, {evaluation.system})
    given = normalise(fingerprint)
    if evaluation.fingerprint is None:
        echo(messages.text("ui.verify-none", lang, file=file))
        sys.exit(1)
    echo(_edition_line(evaluation, lang))
    if given != evaluation.fingerprint:
        echo(messages.text("ui.verify-mismatch", lang, actual=evaluation.fingerprint, given=given))
        other = _printed_under(file, event, given, evaluation)
        if other is not None:
            echo(messages.text("ui.verify-other-edition", lang, edition=other))
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


def _edition_line(evaluation: Evaluation, lang: str) -> str:
    """Which rules the file was checked under: its game's edition, its hash, and house rules."""
    rules = evaluation.rules
    if rules is None:
        return ""
    return messages.text("ui.verify-edition", lang, edition=rules.edition.name, date=rules.edition.date.isoformat(),
                         hash=rules.edition.short_hash) + (messages.text("ui.house-rules", lang) if rules.house else "")


def _printed_under(file: str, event: Pack | None, given: str, checked: Evaluation) -> str | None:
    """The other installed edition under which the file has the paper's fingerprint, if one has."""
    game = registry.get(checked.system)
    for edition in game.editions():
        if checked.rules is not None and edition == checked.rules.edition:
            continue
        with asking(edition.name):
            if evaluate(file, file, replace(event, rules=None) if event else None, view=False).fingerprint == given:
                return edition.name
    return None

"""``builder check``: is each list legal, alone or as an event's lists under its pack."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from builder.cli.support import echo, echo_json, format_option, lang_option, progress, speaking
from builder.cli.words import argument, command, option
from builder.core import messages
from builder.core.edition_check import asking
from builder.core.edition_names import known_anywhere
from builder.core.errors import Crash, InputError
from builder.core.findings import input_error_dict, input_error_message
from builder.events.edition_change import Change, changes, report
from builder.events.packs import load_pack
from builder.events.tournament import check_event, event_files
from builder.export.report import INTERNAL_ERROR, as_json, as_text, crash_dict, crash_text, exit_code



@command(help="cli.check")
@argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=True))
@option("--pack", type=click.Path(), default=None, help="cli.check.pack")
@option("--summary", type=click.Path(dir_okay=True), default=None, metavar="cli.value.file", help="cli.check.summary")
@option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="cli.check.jobs")
@option("--edition", default=None, metavar="cli.value.edition", help="cli.check.edition")
@format_option
@lang_option
def check(paths: tuple[str, ...], pack: str | None, summary: str | None, jobs: int, edition: str | None, fmt: str,
          lang: str | None) -> None:
    """Check each list, or an event's lists under its pack (help: the message ``cli.check``)."""
    lang = speaking(lang, fmt)
    event = load_pack(pack) if pack else None
    files = event_files(paths, pack)
    target = None
    if summary:
        from builder.export.outputs import check_output  # tempfile and shutil, only to write a summary

        target = check_output(summary, [Path(f) for f in files] + ([Path(pack)] if pack else []))
    found: list[Change] | None = None
    if edition is None:
        outcomes = check_event(files, event, progress=progress(len(files), lang, "ui.checking", fmt), jobs=jobs)
    else:
        # Each list as it stands (its own edition, or the pack's), then under the one asked for.
        before = check_event(files, event, progress=progress(len(files), lang, "ui.checking", fmt), jobs=jobs)
        known_anywhere(edition, {o.evaluation.system for o in before if o.evaluation is not None})
        with asking(edition):
            outcomes = check_event(files, event, progress=progress(len(files), lang, "ui.checking", fmt), jobs=jobs)
        found = changes(before, outcomes)
    failure: InputError | Crash | None = None
    if target is not None:
        from builder.events.summary import write_summary  # openpyxl, only when a summary is asked for
        from builder.export.outputs import write_atomically  # tempfile and shutil, as above

        try:
            # The files the lists read are inputs too (a book of archetypes, a team): known now.
            check_output(target, [p for o in outcomes if o.evaluation is not None for p in o.evaluation.inputs])
            write_atomically(target, lambda tmp: write_summary(outcomes, tmp, lang, event))
        except InputError as exc:
            failure = exc
        except Exception as exc:  # noqa: BLE001 - the summary's own boundary: the report still prints
            failure = Crash(str(target), exc)
    crashed = isinstance(failure, Crash)
    if fmt == "json":
        extra = {} if failure is None else \
            {"error": crash_dict(failure, lang) if crashed else input_error_dict(failure, lang)}
        also = None if found is None else {"edition": edition, "changes": [c.as_dict() for c in found]}
        echo_json(as_json(outcomes, lang, also, **extra))
    else:
        echo(as_text(outcomes, lang))
        if found is not None:
            echo(report(found, len(outcomes), edition, lang))
        if failure is not None:
            echo(crash_text(failure, lang) if crashed else input_error_message(failure, lang), err=True)
        elif target is not None:
            echo(messages.text("ui.written", lang, path=target))
    code = exit_code(outcomes)
    if failure is not None:
        code = INTERNAL_ERROR if crashed else max(code, 2)
    sys.exit(code)



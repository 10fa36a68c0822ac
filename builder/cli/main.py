"""The ``builder`` command line: a thin click layer over the library."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# pydantic looks for plugins through every installed package's entry points the first
# time a model is built; a command-line run has none to load, so skip the search.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import click

from builder import __version__

from builder.core import messages

from builder.core import registry
from builder.cli.support import crash, echo, echo_json, fail, format_option, lang_option
from builder.cli.tools import COMMANDS
from builder.cli.usage import localised
from builder.core.errors import Crash, InputError
from builder.core.findings import input_error_dict, input_error_message
from builder.core.fingerprint import normalise
from builder.core.pipeline import Outcome, evaluate
from builder.export.report import INTERNAL_ERROR, as_json, as_text, crash_dict, crash_text, exit_code, result_dict


class GuardedGroup(click.Group):
    """The last boundary: a bug anywhere in a command is reported (exit 3), never a bare crash;
    a command typed wrong is said in the user's language (exit 2)."""

    def make_context(self, info_name, args, parent=None, **extra):
        typed = list(args)
        try:
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            raise localised(exc, typed) from None
        ctx.meta["builder.typed"] = typed
        return ctx

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise localised(exc, ctx.meta.get("builder.typed", [])) from None
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, BrokenPipeError):
            raise
        except Exception as exc:  # noqa: BLE001
            crash(None, exc, messages.language(None), "text")


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="builder")
def cli() -> None:
    """builder: listas y plantillas para wargames españoles / list builder for Spanish wargames."""


PROGRESS_FROM = 20
"""Show a progress bar (on a terminal) when checking at least this many lists."""


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=True))
@click.option("--pack", type=click.Path(), default=None,
              help="Pack del evento: sus restricciones mandan / event pack: its restrictions win.")
@click.option("--summary", type=click.Path(dir_okay=True), default=None,
              help="Hoja resumen del evento (.xlsx) / event summary spreadsheet.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Procesos a la vez para muchas listas / processes checking lists at once.")
@format_option
@lang_option
def check(paths: tuple[str, ...], pack: str | None, summary: str | None, jobs: int, fmt: str,
          lang: str | None) -> None:
    """Comprueba la legalidad de cada lista / check that each roster is legal.

    A PATH may be a folder: every *.yaml and *.yml in it is checked, sorted.
    Exit: 0 all legal, 1 any illegal, 2 any unreadable, 3 an internal error.
    """
    from builder.events.tournament import check_event, event_files

    lang = messages.language(lang)
    try:
        if pack:
            from builder.events.packs import load_pack
        event = load_pack(pack) if pack else None
        files = event_files(paths, pack)
        target = None
        if summary:
            from builder.export.outputs import check_output

            target = check_output(summary, [Path(f) for f in files] + ([Path(pack)] if pack else []))
    except InputError as exc:
        fail(exc, lang, fmt)
    outcomes = check_event(files, event, progress=_progress(len(files), fmt, lang), jobs=jobs)
    failure: InputError | Crash | None = None
    if target is not None:
        from builder.export.outputs import check_output, write_atomically
        from builder.events.summary import write_summary

        try:
            # The files the lists read are inputs too (a Warbook, a campaign's teams): known now.
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
        echo_json(as_json(outcomes, lang, **extra))
    else:
        echo(as_text(outcomes, lang))
        if failure is not None:
            echo(crash_text(failure, lang) if crashed else input_error_message(failure, lang), err=True)
        elif target is not None:
            echo(messages.text("ui.written", lang, path=target))
    code = exit_code(outcomes)
    if failure is not None:
        code = INTERNAL_ERROR if crashed else max(code, 2)
    sys.exit(code)


def _progress(count: int, fmt: str, lang: str):
    """A progress bar on stderr, only for a person watching many lists (not piped, not JSON)."""
    if fmt != "text" or count < PROGRESS_FROM or not sys.stderr.isatty():
        return lambda items: items

    def bar(items):
        with click.progressbar(items, label=messages.text("ui.checking", lang), file=sys.stderr) as shown:
            yield from shown

    return bar


@cli.command()
@click.argument("file", type=click.Path(dir_okay=True))
@click.argument("fingerprint")
@click.option("--pack", type=click.Path(), default=None,
              help="Pack del evento para juzgar la legalidad / event pack to judge legality by.")
@lang_option
def verify(file: str, fingerprint: str, pack: str | None, lang: str | None) -> None:
    """Comprueba que un papel es esta lista / check that a printed sheet is this file.

    Says whether the list is legal too (under the event's pack, with --pack).
    Exit: 0 when FINGERPRINT is the file's, 1 when not, 2 when the file can't be read.
    """
    lang = messages.language(lang)
    try:
        if pack:
            from builder.events.packs import load_pack
        event = load_pack(pack) if pack else None
        evaluation = evaluate(file, file, event)
    except InputError as exc:
        fail(exc, lang)
    except Exception as exc:  # noqa: BLE001
        crash(file, exc, lang)
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
    echo(messages.text("ui.verify-legal", lang, pack=under) if evaluation.legal
         else messages.text("ui.verify-illegal", lang, pack=under, errors=errors))
    sys.exit(0)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=True))
@format_option
@lang_option
def inspect(file: str, fmt: str, lang: str | None) -> None:
    """Muestra la lista resuelta con cada valor derivado / show the resolved roster with every derived value."""
    lang = messages.language(lang)
    try:
        evaluation = evaluate(file, file)
        outcome = Outcome(file, evaluation=evaluation)
        if fmt == "json":
            result = result_dict(outcome, lang)
            payload = {**(evaluation.details or {"system": evaluation.system, "name": evaluation.name})}
            for key in ("legal", "fingerprint", "errors", "warnings"):
                payload[key] = result[key]
            shown = json.dumps(payload, ensure_ascii=False, indent=2)
        else:
            view = registry.get(evaluation.system).inspect_text(evaluation, lang) + "\n\n" \
                if evaluation.details is not None else ""
            shown = view + as_text([outcome], lang)
    except InputError as exc:
        fail(exc, lang, fmt)
    except Exception as exc:  # noqa: BLE001
        crash(file, exc, lang, fmt)
    echo_json(shown) if fmt == "json" else echo(shown)
    sys.exit(exit_code([outcome]))


@cli.command()
@click.argument("file", type=click.Path(dir_okay=True))
@click.option("--xlsx", "xlsx", type=click.Path(dir_okay=True), default=None,
              help="Hoja de cálculo a escribir / spreadsheet to write (.xlsx).")
@click.option("--pdf", "pdf", type=click.Path(dir_okay=True), default=None,
              help="Hoja de equipo y cartas en PDF / team sheet and cards as PDF.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="Papel del PDF / PDF paper size.")
@click.option("--text", "plain", is_flag=True,
              help="La lista en texto plano, para foros y chats / the list as plain text, for forums and chats.")
@click.option("--draft", is_flag=True, help="Exportar aunque no sea legal, marcado BORRADOR / export an illegal roster as a draft.")
@lang_option
def export(file: str, xlsx: str | None, pdf: str | None, paper: str, plain: bool, draft: bool,
           lang: str | None) -> None:
    """Exporta una lista comprobada / export a checked roster (spreadsheet, PDF).

    An illegal roster is not exported (exit 1) unless --draft is given.
    """
    from builder.export.exporter import export as run_export

    lang = messages.language(lang)
    if not xlsx and not pdf and not plain:
        raise click.UsageError(messages.text("ui.export-nothing", lang))
    try:
        result = run_export(file, xlsx=xlsx, pdf=pdf, lang=lang, draft=draft, paper=paper.lower())
    except InputError as exc:
        fail(exc, lang)
    except Exception as exc:  # noqa: BLE001 - nothing was written: outputs are all or nothing
        crash(file, exc, lang)
    if result.refused:
        echo(as_text([Outcome(file, evaluation=result.evaluation)], lang))
        echo(messages.text("ui.export-refused", lang, file=file), err=True)
        sys.exit(1)
    if plain:
        from builder.export.plain import plain_text

        try:
            shown = plain_text(result.evaluation, lang)
        except Exception as exc:  # noqa: BLE001
            crash(file, exc, lang)
        echo(shown)
    for path in result.written:
        echo(messages.text("ui.written", lang, path=path), err=plain)


for command in COMMANDS:
    cli.add_command(command)


def main() -> None:
    try:
        cli(prog_name="builder")
    except BrokenPipeError:
        _end(0)  # output piped into `head` and the like: stop quietly
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            _end(done.code or 0)
        raise


def _end(code: int) -> None:
    """End the process once everything is written, without freeing every object one by one
    first (as mypy does): a check of a thousand lists keeps them all, and taking them apart
    cost a tenth of its time. Every file a command writes is complete before this: they are
    written and renamed into place inside the command."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = 0  # a reader that stopped reading is no failure
    os._exit(code)

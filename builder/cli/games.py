"""Commands the games bring (:meth:`builder.core.system.System.commands`), made click commands."""

from __future__ import annotations

import json
import sys

import click

from builder.cli.support import echo, echo_json, format_option, lang_option, speaking
from builder.cli.words import argument, command, option
from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.pipeline import Outcome
from builder.core.system import Evaluation, FileCommand, System
from builder.events.packs import load_pack
from builder.export.exporter import export as run_export
from builder.export.report import as_text, exit_code


def game_commands() -> dict[str, click.Command]:
    """Every installed game's commands, by name (loading every game: asked only for a name that
    is not one of builder's own, or for the list of all)."""
    return {spec.name: file_command(system, spec) for system in registry.all_systems() for spec in system.commands()}


def file_command(system: System, spec: FileCommand) -> click.Command:
    """``builder <name> FILE``: check one file of ``system``, show its view, write what is asked."""

    @command(spec.name, help=spec.help)
    @argument("file", type=click.Path(dir_okay=True))
    @format_option
    @lang_option
    @option("--xlsx", "xlsx", type=click.Path(dir_okay=True), default=None, metavar="cli.value.file",
            help=spec.xlsx_help)
    @option("--pdf", "pdf", type=click.Path(dir_okay=True), default=None, metavar="cli.value.file",
            help=spec.pdf_help)
    @option("--pack", type=click.Path(), default=None, help="cli.game.pack")
    def run(file: str, fmt: str, lang: str | None, xlsx: str | None, pdf: str | None, pack: str | None) -> None:
        lang = speaking(lang, fmt, file)
        event = load_pack(pack) if pack else None
        if event is not None and event.system not in (system.key, system.rules_game):
            raise InputError("pack-of-another-game", event.doc.label, event.doc.line_of(("system",)), pack=event.name,
                             expected=event.system, roster=file, system=system.key)

        def only_this_game(evaluation: Evaluation) -> None:
            if evaluation.system != system.key:
                line = evaluation.source.line_of(("system",)) if evaluation.source is not None else None
                raise InputError(spec.wrong_file, file, line, system=evaluation.system)

        result = run_export(file, xlsx=xlsx, pdf=pdf, lang=lang, draft=True, accept=only_this_game, pack=event)
        evaluation = result.evaluation
        outcome = Outcome(file, evaluation=evaluation)
        if fmt == "json":
            echo_json(json.dumps({**spec.as_json(evaluation, lang), "written": [str(p) for p in result.written]},
                                 ensure_ascii=False, indent=2))
        else:
            view = system.inspect_text(evaluation, lang) + "\n\n" if evaluation.details is not None else ""
            echo(view + as_text([outcome], lang))
            for path in result.written:
                echo(messages.text("ui.written", lang, path=path))
        sys.exit(exit_code([outcome]))

    return run

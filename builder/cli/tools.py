"""The commands beside checking and exporting one roster: starting one, browsing the
catalogs and systems, editor schemas, a Cripmaquión campaign's standings, and the web page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from builder.core import messages

from builder.core import registry
from builder.cli.support import (crash, echo, echo_json, fail, format_option, lang_option,
                                 system_named)
from builder.core.errors import InputError
from builder.core.pipeline import Outcome
from builder.export.report import as_text, exit_code

@click.command()
@click.argument("file", type=click.Path(dir_okay=True))
@format_option
@lang_option
@click.option("--xlsx", "xlsx", type=click.Path(dir_okay=True), default=None,
              help="Clasificaciones en hoja de cálculo / standings as a spreadsheet (.xlsx).")
@click.option("--pdf", "pdf", type=click.Path(dir_okay=True), default=None,
              help="Clasificaciones en PDF / standings as PDF.")
def campaign(file: str, fmt: str, lang: str | None, xlsx: str | None, pdf: str | None) -> None:
    """Clasificaciones de una campaña de Cripmaquión / a Cripmaquión campaign's standings.

    Standings of an illegal campaign are still written, marked as a draft.
    Exit: 0 legal, 1 illegal, 2 unreadable, 3 an internal error.
    """
    from builder.export.exporter import export as run_export
    from builder.systems.cripmaquion_campaign.system import SYSTEM as CAMPAIGN
    from builder.systems.cripmaquion_campaign.view import as_json as campaign_json

    lang = messages.language(lang)

    def only_campaigns(evaluation) -> None:
        if evaluation.system != CAMPAIGN.key:
            line = evaluation.source.line_of(("system",)) if evaluation.source is not None else None
            raise InputError("not-a-campaign", file, line, system=evaluation.system)

    try:
        result = run_export(file, xlsx=xlsx, pdf=pdf, lang=lang, draft=True, accept=only_campaigns)
        evaluation = result.evaluation
        outcome = Outcome(file, evaluation=evaluation)
        if fmt == "json":
            shown = json.dumps({**campaign_json(evaluation, lang), "written": [str(p) for p in result.written]},
                               ensure_ascii=False, indent=2)
        else:
            view = CAMPAIGN.inspect_text(evaluation, lang) + "\n\n" if evaluation.details is not None else ""
            shown = view + as_text([outcome], lang)
    except InputError as exc:
        fail(exc, lang, fmt)
    except Exception as exc:  # noqa: BLE001
        crash(file, exc, lang, fmt)
    if fmt == "json":
        echo_json(shown)
    else:
        echo(shown)
        for path in result.written:
            echo(messages.text("ui.written", lang, path=path))
    sys.exit(exit_code([outcome]))


@click.command()
@click.argument("folder", type=click.Path(file_okay=False), default=".")
@click.option("--port", type=click.IntRange(1024, 65535), default=8000, show_default=True,
              help="Puerto local / local port.")
@click.option("--no-browser", is_flag=True, help="No abrir el navegador / don't open the browser.")
@lang_option
def serve(folder: str, port: int, no_browser: bool, lang: str | None) -> None:
    """Edita las listas de FOLDER en el navegador / edit FOLDER's rosters in the browser.

    Listens on 127.0.0.1 only; the page checks each roster as you type.
    """
    lang = messages.language(lang)
    if not Path(folder).is_dir():
        fail(InputError("file-not-found", folder), lang)
    import uvicorn  # only for this command

    from builder.serve.app import create_app

    url = f"http://127.0.0.1:{port}/"
    echo(messages.text("serve.starting", lang, folder=Path(folder).resolve(), url=url))
    if not no_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(Path(folder), port, lang), host="127.0.0.1", port=port, log_level="warning")


@click.command()
@click.argument("system")
@click.option("-o", "--output", type=click.Path(), default=None,
              help="Archivo nuevo a escribir (nunca sobrescribe) / new file to write (never overwritten).")
@lang_option
def new(system: str, output: str | None, lang: str | None) -> None:
    """Una lista comentada para empezar / a commented roster to start from."""
    lang = messages.language(lang)
    roster = system_named(system, lang).starting_roster(lang)
    if output is None:
        echo(roster.rstrip("\n"))
        return
    from builder.export.outputs import check_output, write_all_atomically

    try:
        target = check_output(output, [])
        if target.exists():
            raise InputError("output-exists", str(target))
        write_all_atomically([(target, lambda tmp: tmp.write_text(roster, encoding="utf-8"))])
    except InputError as exc:
        fail(exc, lang)
    echo(messages.text("ui.written", lang, path=target))


@click.command()
@click.argument("system")
@click.argument("topic", required=False)
@format_option
@lang_option
def catalog(system: str, topic: str | None, fmt: str, lang: str | None) -> None:
    """Los nombres que una lista puede usar / the names a roster may use (races, competencies…)."""
    lang = messages.language(lang)
    found = system_named(system, lang, fmt)
    topics = found.browse()
    if topic is not None:
        if topic.strip().lower() not in topics:
            fail(InputError("unknown-topic", None, topic=topic, known=", ".join(topics)), lang, fmt)
        topics = {topic.strip().lower(): topics[topic.strip().lower()]}
    if fmt == "json":
        echo_json(json.dumps({"system": found.key, "topics": {k: [{"name": n, "detail": d} for n, d in rows]
                                                               for k, rows in topics.items()}},
                             ensure_ascii=False, indent=2))
        return
    for key, rows in topics.items():
        echo(f"{messages.text('catalog.' + key, lang)} ({key})")
        for name, detail in rows:
            echo(f"  {name}" + (f" — {detail}" if detail else ""))
        echo("")


@click.command(name="systems")
@format_option
@lang_option
def list_systems(fmt: str, lang: str | None) -> None:
    """Los sistemas de juego disponibles y sus catálogos / the supported systems and their catalogs."""
    lang = messages.language(lang)
    rows = [{"key": s.key, "title": s.title, "fingerprint_prefix": s.prefix,
             "catalogs": [p.name for p in s.catalogs()]} for s in registry.all_systems()]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    click.echo(messages.text("ui.systems-header", lang))
    for row in rows:
        listed = ", ".join(row["catalogs"]) or messages.text("ui.no-catalogs", lang)
        click.echo(f"  {row['key']:<22} {row['title']:<22} {messages.text('ui.catalogs', lang)}: {listed}")


@click.command()
@click.argument("system")
@lang_option
def schema(system: str, lang: str | None) -> None:
    """JSON Schema del archivo de un sistema / JSON Schema of a system's file (for editors)."""
    lang = messages.language(lang)
    if system.strip().lower() == "pack":
        from builder.events.packs import pack_schema

        click.echo(json.dumps(pack_schema(), ensure_ascii=False, indent=2))
        return
    found = registry.find(system)
    if found is None:
        echo(messages.text("ui.unknown-schema", lang, name=system, known=", ".join(registry.keys())), err=True)
        sys.exit(2)
    click.echo(json.dumps(found.schema(), ensure_ascii=False, indent=2))


COMMANDS = (campaign, serve, new, catalog, list_systems, schema)

"""Every word of the command line's help in the user's language: each command's, each option's and
click's own headings, wholly Spanish by default and wholly English in English, for every command."""

import re

import click
import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.cli.words import Argument, Command, Option

SHARED = {
    # Words a help may say in either language: names, formats, file types, the values typed (the
    # language rule's), a date's pattern, and words both languages spell alike.
    "builder", "Cripmaquión", "JSON", "Schema", "PDF", "SQLite", "sqlite", "URL", "pack", "Pack", "PACK",
    "yaml", "yml", "xlsx", "x", "BUILDER", "LANG", "LC", "ALL", "MESSAGES", "DESK", "TOKEN", "en", "es", "MM", "DDTHH",
    "wargames", "chats", "legal", "error", "local", "a",
    "Warbook", "roster", "warbook",  # a game's book, and the kinds `builder new --kind` takes
    "PostgreSQL", "postgresql", "pg", "dump", "healthz",  # the database, its tool (pg_dump), the desk's /healthz
}
ENGLISH = {"the", "and", "of", "to", "is", "for", "with", "this", "show", "usage", "options", "commands", "default",
           "required", "path", "text", "integer", "range", "directory", "file", "folder", "number", "date"}
SPANISH = {"de", "la", "el", "los", "las", "que", "y", "por", "para", "una", "un", "del", "si", "uso", "opciones",
           "defecto", "archivo", "carpeta", "ruta", "número", "fecha", "texto", "muestra", "ayuda"}


def command_paths(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and group under ``group``, builder's and the games', as typed."""
    found = [path]
    ctx = click.Context(group, info_name="builder")
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        found += command_paths(command, path + (name,)) if isinstance(command, click.Group) else [path + (name,)]
    return found


COMMANDS = command_paths()


def helps(path: tuple[str, ...]) -> tuple[str, str]:
    """``builder PATH --help`` in Spanish (the default) and in English (BUILDER_LANG=en)."""
    said = []
    for env in ({}, {"BUILDER_LANG": "en"}):
        done = CliRunner().invoke(cli, [*path, "--help"], env=env, prog_name="builder")
        assert done.exit_code == 0, done.output
        said.append(done.output)
    return said[0], said[1]


def words(help_text: str, commands: set[str]) -> set[str]:
    """The words of a help, but for what is typed as it is in every language: options, the values
    of a choice (``[text|json]``) and the default ones, and the commands' names."""
    help_text = re.sub(r"(?<![\w-])--?[\w-]+", " ", help_text)
    help_text = re.sub(r"(?<=: )[\w.]+(?=[;\]])", " ", help_text)
    help_text = re.sub(r"\[[\w|-]+\|[\w|-]+\]", " ", help_text)
    return set(re.findall(r"[^\W\d_]+", help_text)) - commands


def test_the_walk_sees_every_command():
    assert {" ".join(p) for p in COMMANDS} >= {
        "", "campaign", "catalog", "check", "event", "event export", "event serve", "export", "inspect", "new",
        "schema", "serve", "systems", "verify"}


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "builder")
def test_each_help_is_wholly_in_one_language(path):
    spanish, english = helps(path)
    names = {name for p in COMMANDS for name in p}
    es, en = words(spanish, names), words(english, names)
    assert es & en <= SHARED, f"said alike in both languages (untranslated?): {sorted(es & en - SHARED)}"
    assert not {w.lower() for w in es} & ENGLISH, sorted({w.lower() for w in es} & ENGLISH)
    assert not {w.lower() for w in en} & SPANISH, sorted({w.lower() for w in en} & SPANISH)
    assert not re.search(r"[¿¡«»ñáéíóú]", english.replace("Cripmaquión", "")), english
    assert " / " not in spanish + english   # never both languages on one line, as the help once was


def test_builder_and_check_say_it_all_in_spanish_then_in_english():
    spanish, english = helps(("check",))
    assert spanish.startswith("Uso: builder check [OPCIONES] RUTA...\n\n  Comprueba la legalidad de cada lista.\n")
    assert "Opciones:\n  --pack RUTA " in spanish and "[por defecto: 1; 1<=x<=64]" in spanish
    assert "-h, --help            Muestra esta ayuda y sale." in spanish
    assert english.startswith("Usage: builder check [OPTIONS] PATH...\n\n  Check that each roster is legal.\n")
    assert "Options:\n  --pack PATH " in english and "[default: 1; 1<=x<=64]" in english
    assert "-h, --help            Show this message and exit." in english
    spanish, english = helps(())
    assert spanish.startswith("Uso: builder [OPCIONES] ORDEN [ARGUMENTOS]...") and "Órdenes:" in spanish
    assert "  check     Comprueba la legalidad de cada lista.\n" in spanish
    assert english.startswith("Usage: builder [OPTIONS] COMMAND [ARGS]...") and "Commands:" in english
    assert "  check     Check that each roster is legal.\n" in english


def test_one_process_says_the_help_in_one_language_then_the_other():
    # click makes the help option once per command; its words still follow the run's language.
    for _ in range(2):
        spanish, english = helps(("new",))
        assert "Muestra esta ayuda y sale." in spanish and "Show this message and exit." in english


def test_every_command_option_and_argument_is_one_of_ours():
    """Made with builder.cli.words, so their words are messages: a bare click.option would show
    the same help in both languages (the walk above would catch it too, later and less clearly)."""
    for path in COMMANDS:
        command = cli
        ctx = click.Context(cli, info_name="builder")
        for name in path:
            command = command.get_command(ctx, name)
        assert isinstance(command, Command), path
        for param in command.params:
            assert isinstance(param, (Option, Argument)), (path, param.name)


def test_a_value_is_named_in_the_language():
    spanish, english = helps(("event", "serve"))
    for es, en in (("--db BASE_DE_DATOS", "--db DATABASE"), ("--host DIRECCIÓN", "--host ADDRESS"),
                   ("--port NÚMERO", "--port NUMBER"), ("--token CLAVE", "--token TOKEN"),
                   ("--deadline FECHA", "--deadline DATE")):
        assert es in spanish and en in english
    spanish, english = helps(("event", "export"))
    assert "Uso: builder event export [OPCIONES] PACK CARPETA_SALIDA" in spanish
    assert "Usage: builder event export [OPTIONS] PACK OUTFOLDER" in english

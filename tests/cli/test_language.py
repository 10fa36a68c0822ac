"""The command line's one language: the rule that picks it, and a command typed wrong said in it
(click's own words through its gettext hooks and builder's catalog of them, locale/es/click.po)."""

import gettext
import os
import re
import string
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from builder.cli.language import DOMAIN, LOCALES, language_of, said, speaking_in, spoken
from builder.cli.main import cli
from tests.book_cases import no_crash, run

CATALOG = LOCALES / "es" / "LC_MESSAGES"


def typed(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), env=env, prog_name="builder")


# --- the rule ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, env, lang", [
    ([], {}, "es"),                                                        # nothing said: Spanish
    (["check", "x", "--lang", "en"], {}, "en"),                            # --lang, wherever it is typed
    (["check", "--lang=en", "x"], {"BUILDER_LANG": "es"}, "en"),           # --lang before BUILDER_LANG
    (["check", "x"], {"BUILDER_LANG": "en", "LANG": "es_ES.UTF-8"}, "en"),  # BUILDER_LANG before the locale
    (["check", "x"], {"LANG": "en_GB.UTF-8"}, "en"),                       # the locale
    (["check", "x"], {"LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"}, "es"),  # LC_ALL first, as POSIX says
    (["check", "x"], {"LC_MESSAGES": "en_US.UTF-8", "LANG": "es_ES"}, "en"),
    (["check", "x"], {"LANG": "fr_FR.UTF-8"}, "es"),                       # neither language: Spanish
    (["check", "x", "--lang", "fr"], {"LANG": "en_US"}, "en"),             # a --lang that isn't one is passed over
    (["check", "--", "--lang", "en"], {}, "es"),                           # after --, a file named --lang
])
def test_one_rule_picks_the_language(monkeypatch, args, env, lang):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert language_of(args) == lang


def test_the_environments_language_speaks_for_the_whole_run(folder):
    english = typed("check", "nada.yaml", env={"LANG": "en_US.UTF-8"})
    assert english.exit_code == 2 and "UNREADABLE" in english.output    # the command's output
    assert typed("check", "--help", env={"LANG": "en_US.UTF-8"}).output.startswith("Usage: builder check [OPTIONS]")
    assert typed("check", env={"LANG": "en_US.UTF-8"}).output.splitlines()[-1] == "Error: Missing argument 'PATH...'."
    spanish = typed("check", "nada.yaml", env={"LANG": "en_US.UTF-8", "BUILDER_LANG": "es"})
    assert "ILEGIBLE" in spanish.output


def test_lang_before_the_command_speaks_for_the_whole_run(folder):
    # `builder --lang en …` and `builder event --lang en --help`: the option where a newcomer types it.
    assert typed("--lang", "en", "--help").output.startswith("Usage: builder [OPTIONS] COMMAND")
    assert typed("event", "--lang", "en", "--help").output.startswith("Usage: builder event [OPTIONS] COMMAND")
    english = typed("--lang", "en", "check", "nada.yaml")
    assert english.exit_code == 2 and "UNREADABLE" in english.output and "ILEGIBLE" not in english.output
    assert typed("--help").output.startswith("Uso: builder [OPCIONES] ORDEN")


def test_a_run_puts_back_gettexts_state_when_it_ends(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr:de")
    domain, bound = gettext.textdomain(), gettext.bindtextdomain(DOMAIN)
    with speaking_in("es"):
        assert spoken() == "es" and said("cli.options") == "[OPCIONES]"
        assert gettext.gettext("Usage:") == "Uso:" and os.environ["LANGUAGE"] == "es"
        with speaking_in("en"):
            assert gettext.gettext("Usage:") == "Usage:" and said("cli.options") == "[OPTIONS]"
        assert gettext.gettext("Usage:") == "Uso:"
    assert os.environ["LANGUAGE"] == "fr:de"
    assert (gettext.textdomain(), gettext.bindtextdomain(DOMAIN)) == (domain, bound)
    assert gettext.gettext("Usage:") == "Usage:"
    typed("--help")
    assert os.environ["LANGUAGE"] == "fr:de" and gettext.textdomain() == domain


# --- click's words, translated by the catalog ----------------------------------------------------------

def click_msgids() -> set[str]:
    """Every string the installed click marks for translation (the singular of a plural), found by
    Babel's extractor as ``pybabel extract`` would."""
    found = extract_from_dir(os.path.dirname(click.__file__))
    return {msg[0] if isinstance(msg, tuple) else msg for _, _, msg, _, _ in found}


def po_catalog():
    with open(CATALOG / f"{DOMAIN}.po", "rb") as po:
        return read_po(po)


def fields(template: str) -> set[str]:
    return {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_catalog_translates_every_word_click_has_to_say():
    catalog = po_catalog()
    translated = {(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog
                  if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else [m.string])}
    missing = sorted(click_msgids() - translated)
    assert not missing, f"click {click.__name__} shows words builder's catalog doesn't translate: {missing}" \
                        " (add them to builder/cli/locale/es/LC_MESSAGES/click.po, then make catalog)"


def test_each_translation_fills_in_only_what_click_gives_it():
    for message in po_catalog():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        given = set().union(*(fields(i) for i in ids)) | set(re.findall(r"%\((\w+)\)s", "".join(ids)))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            used = fields(text) | set(re.findall(r"%\((\w+)\)s", text))
            assert used <= given, (message.id, text)


def test_the_compiled_catalog_is_the_po():
    def entries(catalog):
        plain = lambda text: tuple(text) if isinstance(text, (list, tuple)) else text  # noqa: E731 - a plural's forms
        return {plain(m.id): plain(m.string) for m in catalog if m.id}

    with open(CATALOG / f"{DOMAIN}.mo", "rb") as mo:
        assert entries(read_mo(mo)) == entries(po_catalog()), "run `make catalog`"


# --- a command typed wrong ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, spanish, english", [
    (["check", "--foo", "x"], "Error: No existe la opción «--foo». ¿Quisiste decir '--format'?",
     "Error: No such option '--foo'. Did you mean '--format'?"),
    (["chek", "x"], "Error: No existe la orden «chek». (¿Quisiste decir alguna de estas: 'check', 'schema'?)",
     "Error: No such command 'chek'. (Did you mean one of: 'check', 'schema'?)"),
    (["export"], "Error: Falta el argumento 'ARCHIVO'.", "Error: Missing argument 'FILE'."),
    (["check", "x", "--format", "xml"], "Error: Valor no válido para '--format': «xml» no es ninguno de estos: "
     "'text', 'json'.", "Error: Invalid value for '--format': 'xml' is not one of 'text', 'json'."),
    (["check", "x", "--jobs", "0"], "Error: Valor no válido para '--jobs': «0» está fuera del intervalo 1<=x<=64.",
     "Error: Invalid value for '--jobs': 0 is not in the range 1<=x<=64."),
    (["check", "x", "--jobs", "dos"], "Error: Valor no válido para '--jobs': «dos» no es un número válido.",
     "Error: Invalid value for '--jobs': 'dos' is not a valid integer range."),
    (["check", "x", "--pack"], "Error: La opción «--pack» necesita un valor.",
     "Error: Option '--pack' requires an argument."),
    (["inspect", "a.yaml", "b.yaml"], "Error: Sobra un argumento (b.yaml)", "Error: Got unexpected extra argument (b.yaml)"),
])
def test_a_command_typed_wrong_is_said_in_spanish_or_in_english(args, spanish, english):
    result = typed(*args)
    assert result.exit_code == 2
    assert result.output.rstrip().splitlines()[-1] == spanish
    assert "Traceback" not in result.output
    # Asked for with --lang (even when the rest can't be read), or for a command that doesn't exist,
    # with BUILDER_LANG.
    result = typed(args[0], "--lang", "en", *args[1:]) if args[0] != "chek" else typed(*args, env={"BUILDER_LANG": "en"})
    assert result.exit_code == 2
    assert result.output.rstrip().splitlines()[-1] == english


def test_the_usage_and_where_to_find_help_come_first():
    lines = typed("check", "--foo").output.splitlines()
    assert lines[:2] == ["Uso: builder check [OPCIONES] RUTA...", "Escribe «builder check --help» para ver la ayuda."]
    lines = typed("check", "--lang=en", "--foo").output.splitlines()
    assert lines[:2] == ["Usage: builder check [OPTIONS] PATH...", "Try 'builder check --help' for help."]


def test_help_and_version_still_work():
    assert typed("--help").exit_code == 0 and "check" in typed("--help").output
    assert typed("check", "-h").exit_code == 0
    assert typed("--version").output == "builder, versión 0.1.0\n"
    assert typed("--version", env={"BUILDER_LANG": "en"}).output == "builder, version 0.1.0\n"


@pytest.mark.parametrize("args", [
    ["check"],                                # no FILE
    ["inspect"],                              # no FILE
    ["check", "--bogus", "a.yaml"],           # unknown option
    ["check", "--format", "xml", "a.yaml"],   # unknown format
    ["check", "--lang", "fr", "a.yaml"],      # unknown language
    ["schema"],                               # no SYSTEM
    ["frobnicate"],                           # unknown command
])
def test_usage_errors_exit_2(folder, args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.startswith("Uso: ")


# --- by the book ----------------------------------------------------------------------------------
# The command-line contract by the book: a misused command exits 2, never with a traceback.


@pytest.mark.book
@pytest.mark.parametrize("args", [
    ["check"],
    ["check", "--format", "xml", "X"],
    ["check", "--lang", "fr", "X"],
    ["check", "--bogus", "X"],
    ["inspect"],
    ["nonexistent-command"],
])
def test_usage_errors_exit_2_without_a_traceback(args):
    r = run(*args)
    no_crash(r)
    assert r.exit_code == 2

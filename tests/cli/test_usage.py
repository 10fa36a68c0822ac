"""A command typed wrong: said in the user's language, with the usage and exit code 2."""

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import no_crash, run


def typed(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), env=env or {"BUILDER_LANG": ""}, prog_name="builder")


@pytest.mark.parametrize("args, spanish, english", [
    (["check", "--foo", "x"], "Error: no existe la opción «--foo»; ¿querías decir '--format'?",
     "Error: there is no option “--foo”; did you mean '--format'?"),
    (["chek", "x"], "Error: no existe la orden «chek»; ¿querías decir 'check' o 'schema'?",
     "Error: there is no command “chek”; did you mean 'check' or 'schema'?"),
    (["export"], "Error: falta FILE", "Error: FILE is missing"),
    (["check", "x", "--format", "xml"], "Error: «xml» no vale para «--format»; se espera 'text' o 'json'",
     "Error: “xml” is not valid for “--format”; expected 'text' or 'json'"),
    (["check", "x", "--jobs", "0"], "Error: «0» no vale para «--jobs»; va de 1 a 64",
     "Error: “0” is not valid for “--jobs”; it goes from 1 to 64"),
    (["check", "x", "--jobs", "dos"], "Error: «dos» no es un número entero (para «--jobs»)",
     "Error: “dos” is not a whole number (for “--jobs”)"),
    (["check", "x", "--pack"], "Error: la opción «--pack» necesita un valor",
     "Error: the option “--pack” needs a value"),
    (["inspect", "a.yaml", "b.yaml"], "Error: sobra lo que sigue: b.yaml",
     "Error: unexpected extra arguments: b.yaml"),
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
    assert lines[:2] == ["Uso: builder check [OPCIONES] PATHS...", "Escribe «builder check --help» para ver la ayuda."]
    lines = typed("check", "--lang=en", "--foo").output.splitlines()
    assert lines[:2] == ["Usage: builder check [OPTIONS] PATHS...", "Type 'builder check --help' for help."]


def test_help_and_version_still_work():
    assert typed("--help").exit_code == 0 and "check" in typed("--help").output
    assert typed("check", "-h").exit_code == 0
    assert typed("--version").exit_code == 0 and "builder" in typed("--version").output


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
    assert "Usage" in result.output or "Uso" in result.output


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

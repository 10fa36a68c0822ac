"""builder.cli.games: a command a game brings becomes a command of builder's own."""

from __future__ import annotations

import json
from pathlib import Path

import click
from click.testing import CliRunner

from builder.cli.games import file_command, game_commands
from builder.cli.main import GuardedGroup, cli
from builder.core import registry
from builder.core.system import FileCommand

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

BOOK = FileCommand(name="libro", help="cc.command", xlsx_help="cc.command.xlsx", pdf_help="cc.command.pdf",  # the campaign's
                   wrong_file="no-pack-for-system",  # any message of one parameter, {system}
                   as_json=lambda evaluation, lang: {"name": evaluation.name, "legal": evaluation.legal})


def run(*args: str):
    """``builder libro …``: the command added to a group with builder's boundary."""
    group = click.group(cls=GuardedGroup)(lambda: None)
    group.add_command(file_command(registry.get("wartime"), BOOK))
    return CliRunner().invoke(group, ["libro", *map(str, args)], env={"BUILDER_LANG": None})


def test_a_games_command_checks_a_file_of_that_game():
    done = run(EXAMPLES / "wartime" / "compania-fenix.yaml", "--format", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == {"name": "Compañía Fénix", "legal": True, "written": []}


def test_its_text_is_the_games_view_then_the_verdict():
    done = run(EXAMPLES / "wartime" / "compania-fenix.yaml", "--lang", "en")
    assert done.exit_code == 0
    assert "Compañía Fénix" in done.output and done.output.rstrip().endswith("0 unreadable")


def test_a_file_of_another_game_is_refused_with_the_commands_own_message():
    done = run(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml")
    assert done.exit_code == 2
    assert "porcrom" in done.output and "Traceback" not in done.output
    assert done.output.startswith(str(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml") + ":4")   # its system: line


def test_its_help_is_the_games_own():
    done = run("--help")
    assert done.exit_code == 0
    assert "Las clasificaciones de una campaña de Cripmaquión." in done.output
    assert "Las clasificaciones en hoja de cálculo (.xlsx)." in done.output


def test_builder_lists_the_games_commands_beside_its_own():
    assert list(game_commands()) == ["campaign"]
    listed = CliRunner().invoke(cli, ["--help"]).output
    assert "campaign" in listed and "check" in listed


def test_a_message_missing_from_the_table_is_a_bug_not_a_traceback():
    broken = FileCommand(name="roto", help="cc.command", xlsx_help="cc.command.xlsx", pdf_help="cc.command.pdf",
                         wrong_file="no-such-message", as_json=lambda evaluation, lang: {})
    group = click.group(cls=GuardedGroup)(lambda: None)
    group.add_command(file_command(registry.get("wartime"), broken))
    done = CliRunner().invoke(group, ["roto", str(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml")])
    assert done.exit_code == 3
    assert "internal-error" in done.output and "no-such-message" in done.output

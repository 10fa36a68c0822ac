"""The ``builder`` command line: a thin click layer over the library, and its one boundary."""

from __future__ import annotations

import importlib
import os
import sys

# pydantic looks for plugins through every installed package's entry points the first
# time a model is built; a command-line run has none to load, so skip the search.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import click

from builder.cli.language import language_of, speaking_in
from builder.cli.support import SPEECH, crash, fail
from builder.cli.support import lang_option
from builder.cli.words import Group, version_option
from builder.core import messages
from builder.core.errors import InputError

COMMANDS = {
    "catalog": "builder.cli.catalog:catalog",
    "check": "builder.cli.check:check",
    "event": "builder.cli.event:event",
    "export": "builder.cli.export:export",
    "host": "builder.cli.host:host",
    "inspect": "builder.cli.inspect:inspect",
    "new": "builder.cli.new:new",
    "schema": "builder.cli.schema:schema",
    "serve": "builder.cli.serve:serve",
    "systems": "builder.cli.systems:list_systems",
    "verify": "builder.cli.verify:verify",
}
"""builder's own commands, each in the module named after it: imported only when run (or listed)."""


class GuardedGroup(Group):
    """The one boundary: unreadable input is said in the user's language (exit 2), a bug anywhere
    in a command is reported (exit 3), never a bare crash; a command typed wrong is said in the
    user's language (exit 2). Commands name their language, format and file with
    :func:`builder.cli.support.speaking`, so an error is reported the way they speak.

    A run speaks one language from start to end (:func:`builder.cli.language.language_of`): its
    help, what click finds wrong in the command line, and the command's output."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        typed = sys.argv[1:] if args is None else list(args)
        with speaking_in(language_of(typed)):
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)

    def list_commands(self, ctx: click.Context) -> list[str]:
        from builder.cli.games import game_commands  # loads every game: only for the whole list

        return sorted({*self.commands, *COMMANDS, *game_commands()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        if name in COMMANDS:
            module, attribute = COMMANDS[name].split(":")
            return getattr(importlib.import_module(module), attribute)
        from builder.cli.games import game_commands  # loads every game: only for a name not of ours

        return game_commands().get(name)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            # click suggests from the commands it holds; builder's are found when asked for.
            raise click.exceptions.NoSuchCommand(exc.command_name, possibilities=self.list_commands(ctx),
                                                 ctx=exc.ctx) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, BrokenPipeError):
            raise
        except Exception as exc:  # noqa: BLE001 - the boundary
            lang, fmt, file = ctx.meta.get(SPEECH, (messages.language(None), "text", None))
            try:
                if isinstance(exc, InputError):
                    fail(exc, lang, fmt)
            except Exception as bug:  # noqa: BLE001 - saying what was wrong met a bug of its own
                crash(file, bug, lang, fmt)
            crash(file, exc, lang, fmt)


@click.group(cls=GuardedGroup, help="cli.builder", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@lang_option
def cli(lang: str | None) -> None:
    """builder's commands (help: the message ``cli.builder``). ``--lang`` here, as after a command,
    was read before parsing (:func:`builder.cli.language.language_of`)."""


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

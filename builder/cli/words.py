"""builder's commands, options and arguments as click objects whose words are message keys, said in
the run's language when the help is shown: ``help="cli.check"`` is the message ``cli.check``.

click keeps a command's help, an option's help and a value's name as plain strings made once, at
import; here each is read through the message table whenever click asks for it, so one process
can show its help in Spanish and then in English. click's own words (the headings, «[default:
…]») come from its gettext catalog (:mod:`builder.cli.language`).
"""

from __future__ import annotations

from typing import Any

import click

from builder import __version__
from builder.cli import texts  # noqa: F401 - the command line's words join the message table
from builder.cli.language import said


class Command(click.Command):
    """A command whose help is the message its ``help`` names."""

    @property
    def help(self) -> str | None:  # type: ignore[override]
        return said(self._help_key) if self._help_key else None

    @help.setter
    def help(self, key: str | None) -> None:
        self._help_key = key

    @property
    def options_metavar(self) -> str | None:  # type: ignore[override]
        return said("cli.options") if self._options_metavar else None

    @options_metavar.setter
    def options_metavar(self, value: str | None) -> None:
        self._options_metavar = value

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:  # click makes it once, in the language of that moment
            option.help = said("cli.help-option")
        return option


class Group(Command, click.Group):
    """A group of commands whose words are messages, like :class:`Command`'s (its ``command()``
    makes a :class:`Command`)."""

    command_class = Command

    @property
    def subcommand_metavar(self) -> str:  # type: ignore[override]
        return said("cli.command-metavar")

    @subcommand_metavar.setter
    def subcommand_metavar(self, value: str) -> None:
        pass  # always a command and its arguments: said in the run's language


VALUES = ((click.Path, "cli.value.path"), (click.IntRange, "cli.value.number"),
          (click.types.IntParamType, "cli.value.number"), (click.DateTime, "cli.value.date"),
          (click.types.StringParamType, "cli.value.text"))
"""The name of an option's value by its type, unless the option names it (``metavar``)."""


class Option(click.Option):
    """An option whose help is the message its ``help`` names; its value is named by the message
    its ``metavar`` names, else by its type's (``RUTA``/``PATH``), and a choice by its choices."""

    @property
    def help(self) -> str | None:  # type: ignore[override]
        return said(self._help_key) if self._help_key else None

    @help.setter
    def help(self, key: str | None) -> None:
        self._help_key = key

    def make_metavar(self, ctx: click.Context) -> str:
        if isinstance(self.type, click.Choice):
            return super().make_metavar(ctx)  # the values themselves, typed alike in every language
        key = self.metavar or next((key for kind, key in VALUES if isinstance(self.type, kind)), None)
        if key is None:
            return super().make_metavar(ctx)
        return said(key) + ("..." if self.nargs != 1 else "")


class Argument(click.Argument):
    """An argument named by the message ``cli.arg.<name>`` (``ARCHIVO``/``FILE``)."""

    @property
    def human_readable_name(self) -> str:
        return said(f"cli.arg.{self.name}")

    def make_metavar(self, ctx: click.Context) -> str:
        name = self.human_readable_name
        if not self.required:
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")


class AfterThePack(Argument):
    """The file a command reads or writes after the pack (``backup PACK OUT``): shown as required, the
    one way; left out only by the older spelling, ``backup OUT --db DB``, kept for the scripts that use it."""

    def make_metavar(self, ctx: click.Context) -> str:
        return self.human_readable_name


def command(name: str | None = None, *, help: str, cls: type[Command] = Command, **attrs: Any):
    """``@click.command`` of a :class:`Command` whose help is the message ``help``."""
    return click.command(name, cls=cls, help=help, **attrs)


def group(name: str | None = None, *, help: str, **attrs: Any):
    """``@click.group`` of a :class:`Group` whose help is the message ``help``."""
    return click.group(name, cls=Group, help=help, **attrs)


def option(*decls: str, help: str, **attrs: Any):
    """``@click.option`` of an :class:`Option` whose help is the message ``help``."""
    return click.option(*decls, cls=Option, help=help, **attrs)


def argument(name: str, **attrs: Any):
    """``@click.argument`` of an :class:`Argument` named by the message ``cli.arg.<name>``."""
    return click.argument(name, cls=Argument, **attrs)


def version_option(func):
    """``--version``: builder's version, said in the run's language."""

    def show(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value and not ctx.resilient_parsing:
            click.echo(said("cli.version", version=__version__))
            ctx.exit()

    return option("--version", help="cli.version-option", is_flag=True, expose_value=False, is_eager=True,
                  callback=show)(func)

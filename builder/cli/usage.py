"""Mistakes in how a command is typed (an unknown option, a missing file name), said in the
user's language: click's own messages are English only."""

from __future__ import annotations

import re
from typing import IO, Any

import click

from builder.core import messages
from builder.core.messages import Choices

_CHOICE = re.compile(r"^(['\"])(.*)\1 is not one of ")
_RANGE = re.compile(r"^(.*) is not in the range ")
_NUMBER = re.compile(r"^(['\"])(.*)\1 is not a valid (integer|float)")
_EXTRA = re.compile(r"^Got unexpected extra arguments? \((.*)\)$")
_COMMAND = re.compile(r"^No such command (['\"])(.*)\1\.")
_NO_SUCH_COMMAND = getattr(click.exceptions, "NoSuchCommand", ())
"""click 8.4 and later; earlier ones raise a plain UsageError with the words above."""


class LocalisedUsageError(click.UsageError):
    """A usage error already said in the user's language; click shows it and exits with 2."""

    def __init__(self, text: str, usage: str | None, ctx: click.Context | None) -> None:
        super().__init__(text, ctx)
        self.usage = usage

    def show(self, file: IO[Any] | None = None) -> None:
        if self.usage:
            click.echo(self.usage, file=file, err=file is None)
        click.echo(self.message, file=file, err=file is None)


def language_of(args: list[str]) -> str:
    """The language asked for on the command line (``--lang en``), else the default one."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    return messages.language(asked)


def localised(error: click.UsageError, args: list[str]) -> click.UsageError:
    """``error`` as a LocalisedUsageError; one that shows help instead is left as it is."""
    if isinstance(error, LocalisedUsageError) or type(error).__name__ == "NoArgsIsHelpError":
        return error
    lang = language_of(args)
    t = lambda key, **params: messages.text(key, lang, **params)  # noqa: E731
    ctx = error.ctx
    usage = None
    if ctx is not None:
        command = ctx.command_path
        head = ctx.get_usage().replace("Usage:", t("usage.usage"), 1).replace("[OPTIONS]", t("usage.options"))
        usage = f"{head}\n{t('usage.try-help', command=command)}\n"
    return LocalisedUsageError(t("usage.error", problem=_problem(error, t, lang)), usage, ctx)


def _problem(error: click.UsageError, t: Any, lang: str) -> str:
    if isinstance(error, click.NoSuchOption):
        return t("usage.no-such-option", option=error.option_name) + _hint(error.possibilities, t, lang)
    if isinstance(error, _NO_SUCH_COMMAND):
        return t("usage.no-such-command", command=error.command_name) + _hint(error.possibilities, t, lang)
    if isinstance(error, click.MissingParameter) and error.param is not None:
        if isinstance(error.param, click.Argument):
            return t("usage.missing-argument", name=error.param.human_readable_name)
        return t("usage.missing-option", name=error.param.opts[0])
    if isinstance(error, click.BadOptionUsage):
        key = "usage.needs-value" if "requires an argument" in error.message else "usage.takes-no-value"
        return t(key, option=error.option_name)
    if isinstance(error, click.BadParameter) and error.param is not None:
        name = error.param.opts[0] if error.param.opts else error.param.human_readable_name
        choice = _CHOICE.match(error.message)
        if choice and isinstance(error.param.type, click.Choice):
            return t("usage.bad-choice", value=choice.group(2), name=name,
                     choices=Choices(tuple(map(str, error.param.type.choices))).render(lang))
        kind = error.param.type
        out_of_range, number = _RANGE.match(error.message), _NUMBER.match(error.message)
        if out_of_range and isinstance(kind, click.IntRange) and kind.min is not None and kind.max is not None:
            return t("usage.out-of-range", value=out_of_range.group(1), name=name, low=kind.min, high=kind.max)
        if number:
            key = "usage.not-a-whole-number" if number.group(3) == "integer" else "usage.not-a-number"
            return t(key, value=number.group(2), name=name)
        return t("usage.bad-value", name=name, detail=error.message)
    extra, command = _EXTRA.match(error.message), _COMMAND.match(error.message)
    if extra:
        return t("usage.extra-arguments", args=extra.group(1))
    if command:
        return t("usage.no-such-command", command=command.group(2))
    return error.message


def _hint(possibilities: Any, t: Any, lang: str) -> str:
    options = sorted(possibilities or ())
    return f"; {t('usage.did-you-mean', choices=Choices(tuple(options)).render(lang))}" if options else ""

"""What every command of the command line shares: its options, how it prints, how it fails."""

from __future__ import annotations

import json
import socket
import sys
from typing import NoReturn

import click

from builder.cli.language import spoken
from builder.cli.words import option
from builder.core import messages, registry
from builder.core.errors import Crash, InputError
from builder.core.findings import input_error_dict, input_error_message
from builder.core.pipeline import Outcome
from builder.core.system import System
from builder.core.terminal import json_printable, printable
from builder.export.report import INTERNAL_ERROR, as_json, as_text

SPEECH = "builder.speech"
"""Where a running command leaves how it speaks (language, format, file), for the boundary."""


def lang_option(func):
    return option("--lang", type=click.Choice(messages.LANGUAGES, case_sensitive=False), default=None,
                  help="cli.lang")(func)


def format_option(func):
    return option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                  help="cli.format")(func)


def speaking(lang: str | None, fmt: str = "text", file: str | None = None) -> str:
    """The language this command speaks (by :func:`builder.core.messages.language`'s rule),
    noted with its output format and file: the command line's one boundary
    (:class:`builder.cli.main.GuardedGroup`) reports an error the way the command would."""
    lang = messages.language(lang) if lang else spoken()  # `builder --lang en check …`: the run's
    context = click.get_current_context(silent=True)
    if context is not None:
        context.meta[SPEECH] = (lang, fmt, file)
    return lang


def port_free(host: str, port: int) -> None:
    """Refuse, before anything is printed, a port something else already listens on (exit 2)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            probe.bind((host, port))
        except OSError:
            raise InputError("port-in-use", f"{host}:{port}") from None


PROGRESS_FROM = 20
"""Show a progress bar (on a terminal) for at least this many lists."""


def progress(count: int, lang: str, label: str, fmt: str = "text"):
    """A progress bar on stderr, labelled with the message ``label``, only for a person watching
    many lists (not piped, not JSON); else the items pass through as they are."""
    if fmt != "text" or count < PROGRESS_FROM or not sys.stderr.isatty():
        return lambda items: items

    def bar(items):
        with click.progressbar(items, label=messages.text(label, lang), file=sys.stderr) as shown:
            yield from shown

    return bar


def echo(message: str, err: bool = False) -> None:
    """Print text for a person: control characters from a roster are shown as escapes."""
    click.echo(printable(message), err=err)


def echo_json(payload: str) -> None:
    click.echo(json_printable(payload))


def system_named(name: str) -> System:
    """The system a command names; InputError ``unknown-system`` if there is none."""
    found = registry.find(name)
    if found is None:
        raise InputError("unknown-system", None, system=name, known=", ".join(registry.keys()))
    return found


def fail(error: InputError, lang: str, fmt: str = "text") -> NoReturn:
    """Unreadable input or an unusable output path: the message, exit 2 (as JSON when asked)."""
    if fmt == "json":
        echo_json(json.dumps({"legal": False, "readable": False, "error": input_error_dict(error, lang),
                              "results": []}, ensure_ascii=False, indent=2))
    else:
        echo(input_error_message(error, lang), err=True)
    sys.exit(2)


def crash(file: str | None, error: Exception, lang: str, fmt: str = "text") -> NoReturn:
    """A bug: reported with its traceback and a request to report it, exit 3."""
    outcome = Outcome(file or "", crash=Crash(file, error))
    if fmt == "json":
        echo_json(as_json([outcome], lang))
    else:
        echo(as_text([outcome], lang), err=True)
    sys.exit(INTERNAL_ERROR)

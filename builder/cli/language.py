"""The command line's one language: chosen once per run by one rule, and spoken by everything the
run shows (help, usage errors, the commands' output).

The rule is :func:`builder.core.messages.language`'s: ``--lang``, else BUILDER_LANG, else the
environment's locale (LC_ALL, LC_MESSAGES, LANG), else Spanish. builder's own words come from the
message table; click's own words (``Usage:``, ``Options``, ``Missing argument``…) come from click's
gettext hooks: click marks them with the standard library's ``gettext``, and a run binds that to
the Spanish catalog in ``locale/es/LC_MESSAGES/click.mo`` (English is click's own text).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from builder.core import messages

LOCALES = Path(__file__).with_name("locale")
"""The catalogs of click's words, one folder per language (``es/LC_MESSAGES/click.mo``)."""
DOMAIN = "click"
"""The gettext domain of click's words."""

_SPOKEN: ContextVar[str | None] = ContextVar("builder.cli.spoken", default=None)


def language_of(args: Sequence[str]) -> str:
    """The language of a run typed as ``args``: its ``--lang`` (wherever it is typed: the
    language is needed before the command line is parsed, to word what parsing finds wrong),
    else the environment's, by :func:`builder.core.messages.language`."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    return messages.language(asked)


def spoken() -> str:
    """The language of the run under way (outside a run, the environment's)."""
    return _SPOKEN.get() or messages.language(None)


def said(key: str, /, **params: Any) -> str:
    """The message ``key`` in the language of the run."""
    return messages.text(key, spoken(), **params)


@contextmanager
def speaking_in(lang: str) -> Iterator[None]:
    """Speak ``lang`` until the block ends: builder's words by :func:`said`, click's through gettext.

    gettext's lookup is process-wide: its current domain, where the domain's catalogs are, and
    the language, which it reads from the environment (LANGUAGE first). The block sets the three
    and puts back what was there, so one process may run builder in both languages in turn (as
    the tests do)."""
    token = _SPOKEN.set(lang)
    domain, bound = gettext.textdomain(), gettext.bindtextdomain(DOMAIN)
    asked = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALES))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        if asked is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = asked
        gettext.textdomain(domain)
        gettext.bindtextdomain(DOMAIN, bound)
        _SPOKEN.reset(token)

"""Every user-facing sentence, in Spanish and English side by side.

The core's messages are in :mod:`builder.core.texts`; each game system keeps its own
table in its plugin's ``messages.py``. All of them are joined into one table before the
first lookup, so there is one lookup and one rule: a key exists in both languages or not
at all. This module is that lookup: the table, plurals that agree with their numbers,
numbers written the language's way, and messages rendered late (:class:`Localised`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping

from builder.core.edition_texts import MESSAGES as EDITIONS
from builder.core.texts import MESSAGES as CORE

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"

Table = Mapping[str, Mapping[str, str]]


_TABLE: dict[str, dict[str, str]] = {}


def register(table: Table) -> None:
    """Add a table of messages; a code may not be defined twice with different texts."""
    for code, texts in table.items():
        if code in _TABLE and _TABLE[code] != texts:
            raise ValueError(f"message {code!r} is defined twice")
        _TABLE[code] = dict(texts)


register(CORE)
register(EDITIONS)


def table() -> Mapping[str, Mapping[str, str]]:
    """Every message registered so far: the core's and those of the games loaded."""
    return _TABLE


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's language, in POSIX's order: the first one set is the one in force."""


def language(requested: str | None = None) -> str:
    """The language to speak, by one rule: the one asked for (``--lang``), else BUILDER_LANG,
    else the environment's locale (the first of LC_ALL, LC_MESSAGES and LANG that is set:
    ``en_GB.UTF-8`` is English), else Spanish. A value that names neither language is passed
    over (``--lang`` and BUILDER_LANG) or means Spanish (a locale such as ``C`` or ``fr_FR``)."""
    locale = next((os.environ[name] for name in LOCALE_VARIABLES if os.environ.get(name)), None)
    for candidate in (requested, os.environ.get("BUILDER_LANG"), locale):
        if candidate and candidate.lower()[:2] in LANGUAGES:
            return candidate.lower()[:2]
    return DEFAULT_LANGUAGE


_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")
"""``{models|miniatura|miniaturas}``: the word that agrees with the parameter ``models``."""
_POSSESSIVE = re.compile(r"\{(\w+)'s\}")
"""``{team's}``: an English possessive of the parameter ``team``: «Halcones'», «Patrulla Alfa's»."""


def _possessive(match: re.Match[str], params: dict[str, Any]) -> str:
    name = match.group(1)
    return "{" + name + "}" + ("'" if str(params.get(name, "")).rstrip().endswith(("s", "S")) else "'s")


@cache
def _plural_rule(lang: str) -> Any:
    from babel import Locale  # only for a language whose rule for whole numbers isn't known below

    return Locale.parse(lang).plural_form


ONE_ONLY = frozenset({"es", "en"})
"""Languages whose plural rule picks the singular for the whole number 1 and no other (CLDR,
as Babel has it: a test compares them), so a report need not load Babel (~40 ms) to agree."""


def is_one(count: int, lang: str) -> bool:
    """Whether a whole number takes the singular in ``lang``."""
    return count == 1 if lang in ONE_ONLY else _plural_rule(lang)(count) == "one"


def _agree(match: re.Match[str], lang: str, params: dict[str, Any]) -> str:
    count = params.get(match.group(1))
    one = isinstance(count, int) and is_one(count, lang)
    return match.group(2) if one else match.group(3)


def number(value: Any, lang: str) -> str:
    """A number as written in ``lang``: 3,67 in Spanish, 3.67 in English; whole numbers as they are."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or float(value).is_integer():
        return str(int(value)) if isinstance(value, float) else str(value)
    from babel.numbers import format_decimal  # Babel (~40 ms), only for a number with decimals

    return format_decimal(value, locale=lang)


def text(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` with its parameters filled in.

    ``{count|one|other}`` in a message is the word that agrees with the parameter ``count``
    (Babel's plural rules for the language); ``{team's}``, English's possessive of ``team``
    (an apostrophe alone after a final s). A number with decimals is written the
    language's way (12,9 in Spanish). A ``hint`` parameter appends the "did you mean"
    sentence; a ``known`` parameter, the one that names what exists (a reference's choices).
    """
    entry = _TABLE.get(key)
    if entry is None:
        raise KeyError(f"no message for {key!r}")
    template = entry[lang]
    if "|" in template:
        template = _PLURAL.sub(lambda m: _agree(m, lang, params), template)
    if "'s}" in template:
        template = _POSSESSIVE.sub(lambda m: _possessive(m, params), template)
    if any(type(v) is float for v in params.values()):
        params = {k: number(v, lang) if type(v) is float else v for k, v in params.items()}
    out = template.format(**params)
    if params.get("hint"):
        out += _TABLE["hint"][lang].format(hint=params["hint"])
    if params.get("known"):
        out += _TABLE["hint.known"][lang].format(known=params["known"])
    return out


@dataclass(frozen=True)
class Localised:
    """A parameter that is itself a message (e.g. a kind of archetype), rendered late,
    in whichever language the report is written."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, lang: str) -> str:
        return text(self.key, lang, **{k: localise(v, lang) for k, v in self.params.items()})


def either(parts: list[str] | tuple[str, ...], lang: str) -> str:
    """Alternatives joined the language's way, the last with its "or": «a, b o c»."""
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {text('word.or', lang)} {parts[-1]}"


def localise(value: Any, lang: str) -> Any:
    """A parameter in ``lang``: anything with a ``render(lang)`` is rendered, the rest kept."""
    render = getattr(value, "render", None)
    return render(lang) if callable(render) else value


@dataclass(frozen=True)
class Choices:
    """The values a field accepts, joined with the user's "or" ("'a', 'b' o 'c'")."""

    values: tuple[str, ...]

    def render(self, lang: str) -> str:
        return either([f"'{v}'" for v in self.values], lang)

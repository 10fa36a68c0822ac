"""``builder catalog``: the names a roster of a game may use, by topic, under the edition of its
catalogs in force (``builder catalog GAME [TOPIC]``), and what changed from one edition to another
(``builder catalog diff GAME FROM TO``)."""

from __future__ import annotations

import datetime as dt
import json
from gettext import gettext
from typing import Any

import click

from builder.cli.support import echo, echo_json, format_option, lang_option, speaking, system_named
from builder.cli.words import Command, Group, argument, command, option
from builder.core import editions, messages
from builder.core.catalog_diff import ENTRY, FIELD, ITEM, MEMBER, VALUE, Change, Step, compare
from builder.core.edition_check import usable_edition
from builder.core.edition_names import known_anywhere
from builder.core.editions import Edition
from builder.core.errors import InputError
from builder.core.system import System


class _Routed(click.Context):
    """The context of a browse typed without a command's name: its path is the group's as typed
    (``builder catalog``), not that with an empty name after it."""

    @property
    def command_path(self) -> str:
        return super().command_path.rstrip()


class Browse(Command):
    """``builder catalog GAME [TOPIC]``, run by the group for anything that names none of its commands."""

    context_class = _Routed


class Catalogs(Group):
    """``builder catalog``: a game's catalogs browsed (:data:`browse`), unless the first word names
    one of the group's commands (``diff``); its help says both uses."""

    def __init__(self, *args: Any, browse: Command, **attrs: Any) -> None:
        # `builder catalog --help --lang en`: the browse's options beside the help ask for it in English.
        super().__init__(*args, context_settings={"ignore_unknown_options": True}, **attrs)
        self.browse = browse

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["--", *args]  # all the browse's, its options too: the group reads none of them
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        if args[0] in self.commands:
            return super().resolve_command(ctx, args)
        return None, self.browse, args

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.browse.collect_usage_pieces(ctx)))
        indent = " " * len(gettext("Usage:") + " ")  # the next uses line up under the first
        for name in self.list_commands(ctx):
            sub = self.commands[name]
            formatter.write_usage(f"{ctx.command_path} {name}", " ".join(sub.collect_usage_pieces(ctx)), indent)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [row for param in (*self.browse.params, *self.get_params(ctx))
                if isinstance(param, click.Option) and (row := param.get_help_record(ctx))]
        with formatter.section(gettext("Options")):
            formatter.write_dl(rows)
        self.format_commands(ctx, formatter)


@command(help="cli.catalog", cls=Browse)
@argument("system")
@argument("topic", required=False)
@option("--edition", metavar="cli.value.edition", help="cli.catalog.edition")
@format_option
@lang_option
def browse(system: str, topic: str | None, edition: str | None, fmt: str, lang: str | None) -> None:
    """The names a roster of a game may use, by topic, under one edition of its catalogs (help: ``cli.catalog``)."""
    lang = speaking(lang, fmt)
    found = system_named(system)
    installed = found.editions()
    shown = installed[0] if edition is None else _edition(found, installed, edition)
    usable_edition(found, shown)
    with editions.using(editions.Rules(shown)):
        topics = found.browse()
    if topic is not None:
        if topic.strip().lower() not in topics:
            raise InputError("unknown-topic", None, topic=topic, known=", ".join(topics))
        topics = {topic.strip().lower(): topics[topic.strip().lower()]}
    if fmt == "json":
        echo_json(json.dumps({"system": found.key, "edition": shown.described(),
                              "editions": [e.described() for e in installed],
                              "topics": {k: [{"name": n, "detail": d} for n, d in rows] for k, rows in topics.items()}},
                             ensure_ascii=False, indent=2))
        return
    echo(messages.text("catalog.edition", lang, edition=shown.name, date=shown.date.isoformat(),
                       hash=shown.short_hash))
    others = [_named(e, lang, default=e == installed[0]) for e in installed if e != shown]
    if others:
        echo(messages.text("catalog.other-editions", lang, editions=", ".join(others)))
    echo("")
    for key, rows in topics.items():
        echo(f"{messages.text('catalog.' + key, lang)} ({key})")
        for name, detail in rows:
            echo(f"  {name}" + (f" — {detail}" if detail else ""))
        echo("")


catalog = Catalogs("catalog", help="cli.catalog", browse=browse)


@catalog.command("diff", help="cli.catalog.diff")
@argument("game")
@argument("start")
@argument("end")
@format_option
@lang_option
def diff(game: str, start: str, end: str, fmt: str, lang: str | None) -> None:
    """What changed from one edition of a game's catalogs to another (help: ``cli.catalog.diff``)."""
    lang = speaking(lang, fmt)
    found = system_named(game)
    installed = found.editions()
    old, new = _edition(found, installed, start), _edition(found, installed, end)
    changes = compare(old, new)
    if fmt == "json":
        echo_json(json.dumps({"game": found.rules_game, "from": old.described(), "to": new.described(),
                              "changes": [{"kind": c.kind, "file": c.file, "path": c.path, "before": c.before,
                                           "after": c.after, "text": said(c, lang)} for c in changes]},
                             ensure_ascii=False, indent=2, default=_plain))
        return
    editions_named = {"game": found.title, "start": _named(old, lang), "end": _named(new, lang)}
    if not changes:
        echo(messages.text("catalog.diff.same", lang, **editions_named))
        return
    echo(messages.text("catalog.diff.heading", lang, **editions_named))
    for change in changes:
        echo(f"  {said(change, lang)}")


def _edition(system: System, installed: tuple[Edition, ...], name: str) -> Edition:
    """The installed edition called ``name``; InputError ``unknown-edition-asked`` (exit 2) if none is."""
    known_anywhere(name, {system.rules_game})
    return editions.named(installed, name)  # type: ignore[return-value]


def _named(edition: Edition, lang: str, default: bool = False) -> str:
    """An edition as a person reads it: its name and date (and whether it is the default)."""
    return messages.text("catalog.edition-default" if default else "catalog.edition-named", lang,
                         edition=edition.name, date=edition.date.isoformat())


# --- a change in words ------------------------------------------------------------------------


def said(change: Change, lang: str) -> str:
    """One change in words, where it is first: «costs · tables › attribute › costs, valor 5: 4 → 5»."""
    file = change.file.rsplit(".", 1)[0]
    if not change.steps:
        return messages.text(f"catalog.diff.file-{change.kind}", lang, file=change.file)
    if change.order:
        return f"{file} · {_place(change.steps, lang)}: " + messages.text(
            "catalog.diff.order", lang, before=", ".join(map(_value, change.before)),
            after=", ".join(map(_value, change.after)))
    if change.kind == "changed":
        entry = max((i for i, step in enumerate(change.steps) if step.kind == ENTRY), default=None)
        if entry is not None and entry + 1 < len(change.steps):  # «races › Elfo: fue 3 → 4»
            head, tail = change.steps[:entry + 1], change.steps[entry + 1:]
            return (f"{file} · {_place(head, lang)}: {_place(tail, lang)} "
                    f"{_value(change.before)} → {_value(change.after)}")
        return f"{file} · {_place(change.steps, lang)}: {_value(change.before)} → {_value(change.after)}"
    *within, last = change.steps
    what = _what(last, change.after if change.kind == "added" else change.before, lang)
    said_so = messages.text(f"catalog.diff.{change.kind}", lang, what=what)
    return f"{file} · {_place(tuple(within), lang)}: {said_so}" if within else f"{file} · {said_so}"


def _place(steps: tuple[Step, ...], lang: str) -> str:
    """Where a value is: keys and entries joined by ›, a position after a comma («costs, valor 5»)."""
    place = ""
    for step in steps:
        if step.kind in (VALUE, ITEM):
            place += ", " + _position(step, lang)
        else:
            place += (" › " if place else "") + (step.label if step.kind == ENTRY else str(step.value))
    return place


def _position(step: Step, lang: str) -> str:
    """A position counted from 1, as a book's table is read: «valor 5» is the fifth number."""
    return messages.text(f"catalog.diff.{step.kind}", lang, number=int(step.value) + 1)


def _what(step: Step, value: Any, lang: str) -> str:
    """What was added or removed, named: an entry by its name, a key or a position with its value when plain."""
    if step.kind == ENTRY:
        return step.label
    if step.kind == MEMBER:
        return str(step.value)
    name = str(step.value) if step.kind == FIELD else _position(step, lang)
    plain = not isinstance(value, (dict, list)) or (
        isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value))
    return f"{name} ({_value(value)})" if plain else name


def _value(value: Any) -> str:
    """A catalog's value as its YAML writes it (a list of plain values in brackets)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return "[" + ", ".join(map(_value, value)) + "]"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, default=_plain)
    return _plain(value)


def _plain(value: Any) -> str:
    """A date as ISO writes it; anything else YAML may hold as text."""
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else str(value)

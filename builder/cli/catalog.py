"""``builder catalog``: the names a roster of a game may use, by topic."""

from __future__ import annotations

import json

import click

from builder.cli.support import echo, echo_json, format_option, lang_option, speaking, system_named
from builder.cli.words import argument, command
from builder.core import messages
from builder.core.errors import InputError


@command(help="cli.catalog")
@argument("system")
@argument("topic", required=False)
@format_option
@lang_option
def catalog(system: str, topic: str | None, fmt: str, lang: str | None) -> None:
    """The names a roster of a game may use, by topic (help: ``cli.catalog``)."""
    lang = speaking(lang, fmt)
    found = system_named(system)
    topics = found.browse()
    if topic is not None:
        if topic.strip().lower() not in topics:
            raise InputError("unknown-topic", None, topic=topic, known=", ".join(topics))
        topics = {topic.strip().lower(): topics[topic.strip().lower()]}
    if fmt == "json":
        echo_json(json.dumps({"system": found.key, "topics": {k: [{"name": n, "detail": d} for n, d in rows]
                                                               for k, rows in topics.items()}},
                             ensure_ascii=False, indent=2))
        return
    for key, rows in topics.items():
        echo(f"{messages.text('catalog.' + key, lang)} ({key})")
        for name, detail in rows:
            echo(f"  {name}" + (f" — {detail}" if detail else ""))
        echo("")

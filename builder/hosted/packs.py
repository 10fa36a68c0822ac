"""The games the hosted builder serves, each under a pack of its own that restricts nothing: a list
is checked as the book alone says, whatever event it may later go to."""

from __future__ import annotations

from pathlib import Path

import yaml

from builder.core import registry
from builder.core.pack import Pack
from builder.core.pipeline import as_roster
from builder.core.reader import document_from_bytes
from builder.events.packs import pack_of


def open_packs() -> dict[str, Pack]:
    """A pack for each game an event may be held for (one whose system has packs), by its key: its
    ``system`` and a ``name`` alone, made in memory (no file is read or written)."""
    packs = {}
    for system in registry.all_systems():
        if system.pack_model is None:  # a campaign's file, no list a player builds for a game
            continue
        label = f"{system.key}.yaml"
        text = yaml.safe_dump({"system": system.key, "name": f"builder · {system.title}"}, allow_unicode=True)
        packs[system.key] = pack_of(as_roster(document_from_bytes(text.encode("utf-8"), Path(label), label)))
    return packs


def titles(packs: dict[str, Pack]) -> list[dict[str, str]]:
    """The games as the start page offers them: key and title, by title."""
    return sorted(({"key": key, "title": registry.get(key).title} for key in packs),
                  key=lambda game: game["title"].strip("¡!").casefold())

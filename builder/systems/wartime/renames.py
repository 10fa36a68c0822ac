"""Where a Wartime file refers to an archetype by its name: what a rename on the page carries with it."""

from __future__ import annotations

from typing import Any, Mapping

from builder.core.references import fits, retarget
from builder.systems.wartime.records import KINDS

Change = tuple[tuple[str | int, ...], Any]

REFERENCES: dict[str, tuple[str, ...]] = {
    "bodies": ("warbook/characters/*/body",),
    "transports": ("warbook/characters/*/transport",),
    "weapons": ("warbook/characters/*/weapons/*", "warbook/transports/*/weapons/*",
                "warbook/characters/*/magazines/*", "warbook/transports/*/magazines/*"),
    "protections": ("warbook/characters/*/protections/*",),
    "objects": ("warbook/characters/*/objects/*", "warbook/transports/*/objects/*"),
    "characters": ("squads/*/members/*/character", "squads/*/members/*/crew/*/character"),
}
"""Warbook list -> the places that name one of its archetypes (zones are named by nothing)."""


def renamed(data: Mapping[str, Any], path: tuple[str | int, ...], old: Any, new: Any) -> list[Change]:
    """An archetype renamed at ``warbook/<list>/<n>/name``: every place that named it (the
    Warbook's characters and transports, the list's squads) names it still. Archetypes are found
    by their exact name, the first of a name in their list: renaming a later namesake changes
    nothing else. ``data`` may be a list that uses the renamed Warbook from another file: its
    squads follow."""
    if not (isinstance(old, str) and isinstance(new, str) and new.strip() and old != new and len(path) == 4
            and fits(path, "warbook/*/*/name") and path[1] in KINDS):
        return []
    book = data.get("warbook") if isinstance(data, Mapping) else None
    if isinstance(book, Mapping):
        rows = book.get(path[1])
        names = [r.get("name") if isinstance(r, Mapping) else None for r in rows] if isinstance(rows, list) else []
        if old in names and names.index(old) != path[2]:
            return []
    return retarget(data, REFERENCES.get(str(path[1]), ()), old, new)

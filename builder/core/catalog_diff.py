"""What changed from one edition of a game's catalogs to another, as records (the words are the caller's).

The comparison knows no game: it reads both editions' catalog files as data (so a comment or a
line's layout is no change) and walks them side by side. A mapping's keys are matched by name; a
list of mappings that all carry a ``key`` (else a ``name``, else a ``kind``) is a list of entries,
matched by it, so an entry added, removed or changed is named whatever its position; a list of
texts is a set of members (an order that changed is one change of its own); any other list is
compared position by position, as the books' tables are read (the cost of value 5 is the fifth)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from builder.core.editions import Edition, catalog_files

IDENTITIES = ("key", "name", "kind")
"""The fields that name an entry of a list, the first one every entry carries, once each."""

FIELD, ENTRY, VALUE, ITEM, MEMBER = "field", "entry", "value", "item", "member"


@dataclass(frozen=True)
class Step:
    """One step from the top of a catalog file down to a value."""

    kind: str
    """``field`` (a mapping's key), ``entry`` (an entry of a list, by its identity), ``value`` (a
    position in a list of plain numbers), ``item`` (a position in another list) or ``member`` (a
    text of a list of texts, by itself)."""
    value: str | int
    """The key, the entry's identity, the position (counted from 0) or the member."""
    label: str = ""
    """An entry's name, as the books name it (its identity when it has none)."""


@dataclass(frozen=True)
class Change:
    """One difference between two editions."""

    kind: str
    """``changed``, ``added`` or ``removed``."""
    file: str
    """The catalog file's name (``costs.yaml``)."""
    steps: tuple[Step, ...]
    """Where: nothing for a whole file; else down to the value changed or the thing added or removed."""
    before: Any = None
    after: Any = None
    order: bool = False
    """True when what changed is only the order of a list's entries or members (``before`` and
    ``after`` then list them, those in both editions, by their identities)."""

    @property
    def path(self) -> list[str | int]:
        return [step.value for step in self.steps]


def compare(start: Edition, end: Edition) -> list[Change]:
    """Every change from edition ``start`` to edition ``end`` of one game's catalogs, file by file
    (in name order), each file's in the order its data is written."""
    old = {path.name: path for path in catalog_files(start.folder)}
    new = {path.name: path for path in catalog_files(end.folder)}
    changes: list[Change] = []
    for name in sorted(old.keys() | new.keys()):
        if name not in new:
            changes.append(Change("removed", name, ()))
        elif name not in old:
            changes.append(Change("added", name, ()))
        else:
            changes += differences(name, start.catalog(name), end.catalog(name))
    return changes


def differences(file: str, before: Any, after: Any) -> list[Change]:
    """Every change from the data ``before`` to the data ``after`` of one catalog file."""
    return list(_between(file, before, after, ()))


def _between(file: str, before: Any, after: Any, steps: tuple[Step, ...]) -> Iterator[Change]:
    if isinstance(before, dict) and isinstance(after, dict):
        yield from _mappings(file, before, after, steps)
    elif isinstance(before, list) and isinstance(after, list):
        yield from _lists(file, before, after, steps)
    elif not same(before, after):
        yield Change("changed", file, steps, before, after)


def same(before: Any, after: Any) -> bool:
    """Equal and of one type: ``1``, ``1.0`` and ``true`` are three values in a catalog."""
    return type(before) is type(after) and before == after


def _mappings(file: str, before: dict, after: dict, steps: tuple[Step, ...]) -> Iterator[Change]:
    for key, value in before.items():
        here = (*steps, Step(FIELD, key))
        if key in after:
            yield from _between(file, value, after[key], here)
        else:
            yield Change("removed", file, here, before=value)
    for key, value in after.items():
        if key not in before:
            yield Change("added", file, (*steps, Step(FIELD, key)), after=value)


def _lists(file: str, before: list, after: list, steps: tuple[Step, ...]) -> Iterator[Change]:
    every = [*before, *after]
    identity = next((field for field in IDENTITIES if _names_entries(before, field) and _names_entries(after, field)),
                    None)
    if identity is not None:
        yield from _entries(file, before, after, steps, identity)
    elif every and all(isinstance(item, str) for item in every):
        yield from _members(file, before, after, steps)
    else:
        numbers = all(isinstance(item, (int, float)) and not isinstance(item, bool) for item in every)
        yield from _positions(file, before, after, steps, VALUE if numbers else ITEM)


def _names_entries(items: list, field: str) -> bool:
    """True if every item is a mapping with its own ``field`` (a text or a number, unique)."""
    if not all(isinstance(item, dict) for item in items):
        return False
    names = [item.get(field) for item in items]
    return (all(isinstance(n, (str, int)) and not isinstance(n, bool) for n in names)
            and len(set(names)) == len(names))


def _entries(file: str, before: list, after: list, steps: tuple[Step, ...], identity: str) -> Iterator[Change]:
    old = {item[identity]: item for item in before}
    new = {item[identity]: item for item in after}
    for name, item in old.items():
        if name in new:
            yield from _between(file, item, new[name], (*steps, _entry(name, new[name])))
        else:
            yield Change("removed", file, (*steps, _entry(name, item)), before=item)
    for name, item in new.items():
        if name not in old:
            yield Change("added", file, (*steps, _entry(name, item)), after=item)
    yield from _order(file, list(old), list(new), steps)


def _entry(name: str | int, item: dict) -> Step:
    label = item.get("name")
    return Step(ENTRY, name, label if isinstance(label, str) else str(name))


def _members(file: str, before: list[str], after: list[str], steps: tuple[Step, ...]) -> Iterator[Change]:
    for member in (Counter(before) - Counter(after)).elements():
        yield Change("removed", file, (*steps, Step(MEMBER, member)), before=member)
    for member in (Counter(after) - Counter(before)).elements():
        yield Change("added", file, (*steps, Step(MEMBER, member)), after=member)
    yield from _order(file, before, after, steps)


def _order(file: str, before: Sequence[Any], after: Sequence[Any], steps: tuple[Step, ...]) -> Iterator[Change]:
    """The order of the entries (or members) both lists hold, if it changed."""
    kept = [name for name in before if name in after]
    moved = [name for name in after if name in before]
    if kept != moved:
        yield Change("changed", file, steps, kept, moved, order=True)


def _positions(file: str, before: list, after: list, steps: tuple[Step, ...], kind: str) -> Iterator[Change]:
    for position in range(max(len(before), len(after))):
        here = (*steps, Step(kind, position))
        if position >= len(after):
            yield Change("removed", file, here, before=before[position])
        elif position >= len(before):
            yield Change("added", file, here, after=after[position])
        else:
            yield from _between(file, before[position], after[position], here)

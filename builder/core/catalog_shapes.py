"""A game's catalogs as an event's house rules see them: the path a rule writes and where it leads,
the lists whose entries have keys, what a value must look like to stand where another stood, and
the fields whose values name the entries of another list.

A path is a catalog file's stem, then one step per level, joined by ``/``. In a mapping a step
is a key; in a keyed list (every entry a mapping with a ``key``) it names an entry by its key or
its name, folded (case, accents and spaces aside); in any other list it is a position counted
from 1, as the books count a table's values. A path read is a tuple of :data:`Step`, which
stays true after another rule has banned or added an entry before it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from builder.core.messages import either, text
from builder.core.names import closest, fold, known

Step = tuple[str, Any]
"""``("key", k)``: a mapping's key ``k``; ``("entry", k)``: the entry of a keyed list whose key
is ``k``; ``("at", i)``: a list's position ``i``, from 0."""
Address = tuple[Any, ...]
"""A file's stem and the steps to a value of it."""


def keyed(value: Any) -> bool:
    """Whether ``value`` is a list of entries that each have a text ``key``."""
    return (isinstance(value, list) and bool(value)
            and all(isinstance(e, dict) and isinstance(e.get("key"), str) for e in value))


def entry_at(entries: list[Any], written: str) -> int | None:
    """The position of the entry whose key or name is ``written`` (folded)."""
    wanted = fold(written)
    for i, entry in enumerate(entries):
        if fold(entry["key"]) == wanted or (isinstance(entry.get("name"), str) and fold(entry["name"]) == wanted):
            return i
    return None


def position(data: Any, step: Step) -> Any:
    """The key or position of ``data`` that ``step`` names (a list's entry found by its key)."""
    kind, value = step
    if kind == "entry":
        return next(i for i, e in enumerate(data) if e["key"] == value)
    return value


def follow(data: Any, steps: tuple[Step, ...] | list[Step]) -> Any:
    """The value ``steps`` lead to in ``data``."""
    for step in steps:
        data = data[position(data, step)]
    return data


@dataclass(frozen=True)
class Unknown:
    """A step that leads nowhere: what was written, where, and what there is."""

    written: str
    at: str
    """The path read so far, as written (``races/races``); empty for a file."""
    there: list[str]

    @property
    def hint(self) -> str | None:
        return closest(self.written, self.there)


def step_into(data: Any, written: str) -> Step | list[str]:
    """The step ``written`` makes into ``data``, or what ``data`` has instead (its keys, its entries'
    keys, or the span of its positions)."""
    if isinstance(data, dict):
        for key in data:
            if str(key) == written:
                return ("key", key)
        for key in data:
            if fold(str(key)) == fold(written):
                return ("key", key)
        return [str(k) for k in data]
    if keyed(data):
        found = entry_at(data, written)
        return ("entry", data[found]["key"]) if found is not None else [e["key"] for e in data]
    if isinstance(data, list):
        if written.isascii() and written.isdigit() and len(written) <= 6 and 1 <= int(written) <= len(data):
            return ("at", int(written) - 1)
        return [f"1–{len(data)}"] if data else []
    return []


def read_path(files: dict[str, Any], written: str) -> tuple[Address, Any] | Unknown:
    """The address ``written`` names in ``files`` (by stem) and the value there, or where it stops."""
    parts = [p.strip() for p in written.strip().strip("/").split("/")]
    stem = next((s for s in files if s == parts[0]), None) or next((s for s in files if fold(s) == fold(parts[0])), None)
    if stem is None:
        return Unknown(parts[0], "", sorted(files))
    data, address, read = files[stem], [stem], [stem]
    for part in parts[1:]:
        step = step_into(data, part)
        if isinstance(step, list):
            return Unknown(part, "/".join(read), step)
        address.append(step)
        read.append(part)
        data = data[position(data, step)]
    return tuple(address), data


def shown(address: Address) -> str:
    """An address as a rule writes it (``races/races/elfo``), positions counted from 1."""
    parts = [str(address[0])] if address else []
    parts += [str(v + 1) if kind == "at" else str(v) for kind, v in address[1:]]
    return "/".join(parts)


# -- what a value may be ---------------------------------------------------------------------------

def kind(value: Any) -> str:
    """The kind of a catalog's value, as its messages name it (``word.value-<kind>``)."""
    if value is None:
        return "null"
    for kind_, types in (("bool", bool), ("int", int), ("number", float), ("text", str), ("list", list),
                         ("mapping", dict)):
        if isinstance(value, types):
            return kind_
    return "other"


@dataclass(frozen=True)
class Kinds:
    """The kinds a value may be, named the language's way («un número entero o nada»)."""

    kinds: tuple[str, ...]

    def render(self, lang: str) -> str:
        return either([text(f"word.value-{k}", lang) for k in self.kinds], lang)


@dataclass(frozen=True)
class Unlike:
    """How a value differs from those it stands among: where inside it (a path from it), which
    variant of ``invalid-house-rule`` says so, and its parameters."""

    path: tuple[Any, ...]
    variant: str
    params: dict[str, Any]


def _fits(value: Any, kinds: set[str]) -> bool:
    found = kind(value)
    return found in kinds or (found == "int" and "number" in kinds)


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(kind(v) in ("int", "number") for v in value)


def unlike(value: Any, examples: list[Any], path: tuple[Any, ...] = ()) -> Iterator[Unlike]:
    """How ``value`` differs from ``examples``, the values of its place it joins or replaces: a kind
    none of them is; in a mapping, a key none has (the closest is hinted), or one all have left
    out; a table of numbers (all its examples one length) of another length. Each part of it is
    held to the same parts of the examples. Nothing, where there are no examples to go by."""
    if not examples:
        return
    kinds = {kind(e) for e in examples}
    if not _fits(value, kinds):
        yield Unlike(path, "type", {"expected": Kinds(tuple(sorted(kinds)))})
        return
    if isinstance(value, dict):
        shapes = [e for e in examples if isinstance(e, dict)]
        some = list(dict.fromkeys(k for e in shapes for k in e))
        strange = [k for k in value if k not in some]
        hints = {k: closest(str(k), map(str, some)) for k in strange}
        # A key all the others have, left out where a misspelling of it stands, is said once: as the misspelling.
        for key in some:
            if key not in value and all(key in e for e in shapes) and str(key) not in hints.values():
                yield Unlike(path, "missing", {"key": str(key)})
        for key, inner in value.items():
            if key in hints:
                yield Unlike((*path, key), "unknown", {"key": str(key), "hint": hints[key], "known": known(map(str, some))})
            else:
                yield from unlike(inner, [e[key] for e in shapes if key in e], (*path, key))
    elif isinstance(value, list):
        shapes = [e for e in examples if isinstance(e, list)]
        lengths = {len(e) for e in shapes}
        if shapes and all(_numbers(e) for e in shapes) and len(lengths) == 1 and len(value) not in lengths:
            yield Unlike(path, "length", {"count": lengths.pop()})
            return
        items = [item for e in shapes for item in e]
        for i, item in enumerate(value):
            yield from unlike(item, items, (*path, i))


# -- which fields name which entries ---------------------------------------------------------------

def keyed_lists(files: dict[str, Any]) -> dict[Address, list[Any]]:
    """Every keyed list of the catalogs, by address."""
    out: dict[Address, list[Any]] = {}

    def walk(data: Any, address: Address) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                walk(value, (*address, ("key", key)))
        elif keyed(data):
            out[address] = data
            for entry in data:
                walk(entry, (*address, ("entry", entry["key"])))
        elif isinstance(data, list):
            for i, value in enumerate(data):
                walk(value, (*address, ("at", i)))

    for stem, data in files.items():
        walk(data, (stem,))
    return out


def names_in(value: Any) -> list[str]:
    """The names a field's value gives: itself if it is text, else its list's texts."""
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def references(files: dict[str, Any]) -> dict[tuple[Address, str], tuple[Address, ...]]:
    """The fields of keyed lists whose every name is a key of another keyed list (a race's
    ``skills``), each with the lists whose keys it names: ``(list, field) -> lists``."""
    lists = keyed_lists(files)
    keys = {address: {e["key"] for e in entries} for address, entries in lists.items()}
    out: dict[tuple[Address, str], tuple[Address, ...]] = {}
    for address, entries in lists.items():
        for field in sorted({f for e in entries for f in e if isinstance(f, str)} - {"key", "name"}):
            names = {n for e in entries for n in names_in(e.get(field))}
            targets = tuple(a for a, k in keys.items() if a != address and names and names <= k)
            if targets:
                out[(address, field)] = targets
    return out


def keys_of(files: dict[str, Any], addresses: tuple[Address, ...]) -> list[str]:
    """The keys of the keyed lists at ``addresses`` in ``files`` as they are now."""
    found: list[str] = []
    for address in addresses:
        try:
            entries = follow(files[address[0]], address[1:])
        except (KeyError, IndexError, StopIteration):  # the entry it stood in was banned
            continue
        found += [e["key"] for e in entries if isinstance(e, dict) and "key" in e]
    return found

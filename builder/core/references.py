"""Names a file gives its parts and the places that refer to them by those names: what a game's
``System.renamed`` hook walks, so a rename on the page carries its references with it."""

from __future__ import annotations

from typing import Any, Callable, Iterator

Key = str | int
Path_ = tuple[Key, ...]
Change = tuple[Path_, Any]
"""A value to set, at its path: one of the edits a rename brings."""


def matching(data: Any, pattern: str) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) of ``data`` that ``pattern`` names: keys and list positions joined by
    ``/``, ``*`` for any position of a list or any key of a mapping (as a game's ``choices``)."""
    yield from _walk(data, pattern.split("/") if pattern else [], ())


def _walk(data: Any, parts: list[str], at: Path_) -> Iterator[tuple[Path_, Any]]:
    if not parts:
        yield at, data
        return
    part, rest = parts[0], parts[1:]
    if isinstance(data, list):
        positions = range(len(data)) if part == "*" else ([int(part)] if part.isdigit() and int(part) < len(data) else [])
        for i in positions:
            yield from _walk(data[i], rest, (*at, i))
    elif isinstance(data, dict):
        for key in (list(data) if part == "*" else [part] if part in data else []):
            yield from _walk(data[key], rest, (*at, key))


def fits(path: Path_, pattern: str) -> bool:
    """Whether ``path`` is one of the places ``pattern`` names."""
    parts = pattern.split("/")
    return len(parts) == len(path) and all(p == "*" or p == str(k) for p, k in zip(parts, path))


def retarget(data: Any, patterns: tuple[str, ...], old: str, new: str,
             same: Callable[[str, str], bool] = lambda a, b: a == b) -> list[Change]:
    """The changes that make every reference to ``old`` at ``patterns`` name ``new``: a reference
    that is a value is set to ``new``; one that is a key of a mapping (``…/magazines/*``, a table
    by name) has its mapping set again with that key renamed, in its place."""
    out: list[Change] = []
    for pattern in patterns:
        if pattern.endswith("/*") and _keyed(data, pattern):
            for path, table in matching(data, pattern[:-2]):
                if isinstance(table, dict) and any(isinstance(k, str) and same(k, old) for k in table):
                    out.append((path, {(new if isinstance(k, str) and same(k, old) else k): v for k, v in table.items()}))
            continue
        out += [(path, new) for path, value in matching(data, pattern) if isinstance(value, str) and same(value, old)]
    return out


def _keyed(data: Any, pattern: str) -> bool:
    """Whether the last ``*`` of ``pattern`` is a mapping's keys (not a list's positions)."""
    return any(isinstance(table, dict) for _, table in matching(data, pattern[:-2]))

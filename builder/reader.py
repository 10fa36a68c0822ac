"""Read a roster file safely into plain data, keeping the line of every key and item.

Safety first: the size is checked before reading, the nesting depth before
parsing (PyYAML's C composer recurses and would crash on thousands of levels),
aliases are expanded under a node budget (no "billion laughs"), and a key
repeated in one mapping is an error rather than PyYAML's silent last-wins.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from builder.errors import InputError

MAX_BYTES = 1024 * 1024
"""A roster is a few kilobytes; anything over 1 MiB is refused unread."""
MAX_DEPTH = 64
"""Rosters nest a handful of levels; deeper documents are refused before parsing."""
MAX_NODES = 200_000
"""Scalars, lists and mappings a document may expand to, aliases included."""

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_BRACKETS = re.compile(r"[\[\]{}]")

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Document:
    """A parsed file: its data, where it came from, and the line of each path in it."""

    path: Path
    label: str
    data: Any
    lines: dict[Path_, int] = field(repr=False, compare=False)

    def line_of(self, path: Path_) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            line = self.lines.get(path)
            if line is not None or not path:
                return line
            path = path[:-1]


def read_document(path: Path | str, label: str | None = None) -> Document:
    """Read and parse one YAML file; raise :class:`InputError` for anything unreadable."""
    path = Path(path)
    label = label if label is not None else str(path)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise InputError("file-not-found", label) from None
    except OSError as exc:
        raise InputError("file-unreadable", label, reason=exc.strerror or str(exc)) from None
    if path.is_dir():
        raise InputError("file-is-folder", label)
    return _read_cached(path.resolve(), label, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _read_cached(path: Path, label: str, _mtime: int, size: int) -> Document:
    # The cache serves a warbook shared by many lists in one run; the mtime and
    # size in the key make an edited file a new entry.
    if size > MAX_BYTES:
        raise InputError("file-too-large", label, size=size, limit=MAX_BYTES)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputError("file-unreadable", label, reason=exc.strerror or str(exc)) from None
    if len(raw) > MAX_BYTES:
        raise InputError("file-too-large", label, size=len(raw), limit=MAX_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError("invalid-encoding", label, line) from None
    data, lines = parse_text(text, label)
    return Document(path=path, label=label, data=data, lines=lines)


def parse_text(text: str, label: str = "<texto>") -> tuple[Any, dict[Path_, int]]:
    """Parse YAML text into plain data and a map from each path to its 1-based line."""
    _refuse_deep_flow(text, label)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise InputError("empty-file", label)
        lines: dict[Path_, int] = {(): node.start_mark.line + 1}
        walker = _Walker(loader, label, lines)
        data = walker.build(node, (), 0)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise InputError("invalid-yaml", label, line, problem=exc.problem or exc.context or "") from None
    except yaml.YAMLError as exc:
        raise InputError("invalid-yaml", label, problem=str(exc).splitlines()[0]) from None
    finally:
        loader.dispose()
    return data, lines


def _refuse_deep_flow(text: str, label: str) -> None:
    # Brackets inside quoted strings count too; that only errs on the safe side,
    # as no real roster has dozens of unbalanced brackets in its names.
    depth = 0
    for match in _BRACKETS.finditer(text):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            line = text.count("\n", 0, match.start()) + 1
            raise InputError("too-deep", label, line, limit=MAX_DEPTH)


class _Walker:
    """Turns composed YAML nodes into dicts, lists and scalars, recording lines."""

    def __init__(self, loader: Any, label: str, lines: dict[Path_, int]):
        self.loader = loader
        self.label = label
        self.lines = lines
        self.budget = MAX_NODES

    def build(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise InputError("too-many-nodes", self.label, node.start_mark.line + 1, limit=MAX_NODES)
        if depth > MAX_DEPTH:
            raise InputError("too-deep", self.label, node.start_mark.line + 1, limit=MAX_DEPTH)
        if isinstance(node, yaml.ScalarNode):
            return self.loader.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                self.lines[path + (index,)] = item.start_mark.line + 1
                items.append(self.build(item, path + (index,), depth + 1))
            return items
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        raise InputError("invalid-yaml", self.label, node.start_mark.line + 1, problem=str(node.tag))

    def _mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict[str, Any]:
        seen: dict[str, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self._key(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise InputError("duplicate-key", self.label, line, key=key, first=seen[key])
            seen[key] = line
        # Merge keys (<<) are legal YAML; explicit keys then override merged ones.
        self.loader.flatten_mapping(node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node)
            self.lines[path + (key,)] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result

    def _key(self, node: yaml.Node) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise InputError("complex-key", self.label, node.start_mark.line + 1)
        value = self.loader.construct_object(node)
        return value if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def display_path(path: Path_) -> str:
    """``('squads', 0, 'members', 1)`` -> ``squads[0].members[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def relative_label(base_label: str, target: str) -> str:
    """How to name a file referenced from another: relative to the referencing file's folder."""
    return os.path.normpath(os.path.join(os.path.dirname(base_label), target))

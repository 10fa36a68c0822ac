"""YAML text into plain data, keeping the line of every key and item.

The document is built from libyaml's events on an explicit stack, so nesting depth is
bounded without recursion (PyYAML's own composer recurses and crashes on deep documents), and
libyaml's own nesting limit is said as builder's (:mod:`builder.core.nesting`); aliases are charged their full size against a node budget (no
"billion laughs"); and a key repeated in one mapping is an error rather than PyYAML's silent
last-wins.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from builder.core.display import Path_, shorten
from builder.core.errors import InputError
from builder.core.messages import Localised
from builder.core.nesting import too_deep_for_libyaml
from builder.core.yaml_problems import yaml_problem

MAX_DEPTH = 64
"""Rosters nest a handful of levels; deeper documents are refused while parsing."""
MAX_NODES = 200_000
"""Scalars, lists and mappings a document may expand to, aliases included."""

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_ScalarEvent = yaml.ScalarEvent
_MappingStart, _MappingEnd = yaml.MappingStartEvent, yaml.MappingEndEvent
_SequenceStart, _SequenceEnd = yaml.SequenceStartEvent, yaml.SequenceEndEvent


def parse_text(text: str, label: str = "<texto>") -> tuple[Any, dict[Path_, int]]:
    """Parse YAML text into plain data and a map from each path to its 1-based line."""
    loader = _Loader(text)
    try:
        return _Builder(loader, label).document()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        if too_deep_for_libyaml(exc):  # a line opening a thousand levels at once (builder.core.nesting)
            raise InputError("too-deep", label, line, limit=MAX_DEPTH) from None
        raise InputError("invalid-yaml", label, line, problem=yaml_problem(exc.problem or exc.context or "")) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        raise InputError("invalid-yaml", label, line, problem=yaml_problem(str(exc))) from None
    except yaml.YAMLError as exc:
        raise InputError("invalid-yaml", label, problem=yaml_problem(str(exc).splitlines()[0])) from None
    finally:
        loader.dispose()


_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_QUOTED = frozenset("\"'|>")
"""Scalar styles that make text; libyaml marks plain scalars with an empty style."""
_WORDS = frozenset("yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL".split())
"""Plain words YAML 1.1 reads as booleans or null; any other plain scalar starting with a letter is text."""


class _Frame:
    """An open mapping or sequence while its events are read."""

    __slots__ = ("value", "mapping", "path", "key", "key_line", "merges", "anchor", "budget_at_start")

    def __init__(self, value: Any, mapping: bool, path: Path_, anchor: str | None, budget: int):
        self.value = value
        self.mapping = mapping
        self.path = path
        self.key: str | None = None
        self.key_line = 0
        self.merges: list[Any] | None = None
        """The mappings a ``<<`` key merges in, with where they were written (rare: made when needed)."""
        self.anchor = anchor
        self.budget_at_start = budget


class _Builder:
    """Builds dicts, lists and scalars straight from libyaml's events, without recursion.

    PyYAML's composer recurses once per nesting level (its C version crashes the
    process on deep documents), so depth is counted here on an explicit stack.
    Aliases reuse the anchored value and charge its full size to the node budget.
    """

    def __init__(self, loader: Any, label: str):
        self.loader = loader
        self.label = label
        self.lines: dict[Path_, int] = {}
        self.anchors: dict[str, tuple[Any, int, Path_]] = {}
        self.stack: list[_Frame] = []
        self.budget = MAX_NODES
        self.root: Any = None
        self.done = False

    def document(self) -> tuple[Any, dict[Path_, int]]:
        get = self.loader.get_event
        get()  # StreamStart
        event = get()
        if type(event) is yaml.StreamEndEvent:
            raise InputError("empty-file", self.label)
        # The events of plain rosters (text and numbers, mappings and lists without anchors
        # or merges) are handled here, without a call per event; the rest by the methods below.
        stack, scalar, attach, lines = self.stack, self._scalar, self._attach, self.lines
        while True:
            event = get()
            kind = type(event)
            if kind is _MappingEnd or kind is _SequenceEnd:
                frame = stack[-1]
                parent = stack[-2] if len(stack) > 1 else None
                if parent is None or frame.merges or frame.anchor or parent.key == _MERGE:
                    self._close(event)
                else:
                    stack.pop()
                    if parent.mapping:
                        parent.value[parent.key] = frame.value
                        parent.key = None
                    else:
                        parent.value.append(frame.value)
            elif kind is _MappingStart or kind is _SequenceStart:
                self._open(event)
            elif kind is _ScalarEvent:
                self.budget -= 1
                if self.budget < 0:
                    raise InputError("too-many-nodes", self.label, event.start_mark.line + 1, limit=MAX_NODES)
                top = stack[-1] if stack else None
                value = event.value
                # Text (quoted, or plain and starting with a letter that isn't a YAML word) and
                # plain whole numbers, without tag or anchor: what a roster is mostly made of.
                text = whole = False
                if event.tag is None and event.anchor is None:
                    if event.style in _QUOTED or (value[:1].isalpha() and value not in _WORDS):
                        text = True
                    elif (value.isdigit() and value.isascii() and len(value) < 19 and
                          (value[0] != "0" or value == "0")):
                        whole = True  # what YAML's int resolver makes of these, without its regexes
                if top is not None and top.key is None and top.mapping:
                    if not text:
                        self._key(top, event)
                    elif value in top.value:
                        self._set_key(top, value, event.start_mark.line + 1)  # says it is repeated
                    else:
                        top.key, top.key_line = value, event.start_mark.line + 1
                        lines[top.path + (value,)] = top.key_line
                elif not (text or whole) or top is None or top.key == _MERGE:
                    value = scalar(event)
                    if event.anchor:
                        self.anchors[event.anchor] = (value, 1, ())
                    attach(value, event)
                else:
                    if whole:
                        value = int(value)
                    if top.mapping:
                        top.value[top.key] = value
                        top.key = None
                    else:
                        lines[top.path + (len(top.value),)] = event.start_mark.line + 1
                        top.value.append(value)
            elif kind is yaml.DocumentEndEvent:
                break
            elif kind is yaml.AliasEvent:
                self._alias(event)
        following = get()
        if type(following) is not yaml.StreamEndEvent:
            raise InputError("invalid-yaml", self.label, following.start_mark.line + 1,
                             problem=yaml_problem("more than one YAML document"))
        return self.root, self.lines

    def _charge(self, cost: int, event: Any) -> None:
        self.budget -= cost
        if self.budget < 0:
            raise InputError("too-many-nodes", self.label, event.start_mark.line + 1, limit=MAX_NODES)

    def _alias(self, event: Any) -> None:
        if event.anchor not in self.anchors:
            raise InputError("invalid-yaml", self.label, event.start_mark.line + 1,
                             problem=yaml_problem("has no finished anchor"))
        value, size, source = self.anchors[event.anchor]
        self._charge(size, event)
        top = self.stack[-1] if self.stack else None
        if top is not None and top.mapping and top.key is None:
            if not isinstance(value, str):
                raise InputError("complex-key", self.label, event.start_mark.line + 1)
            self._set_key(top, value, event.start_mark.line + 1)
            return
        self._attach(value, event, source=source)

    def _open(self, event: Any) -> None:
        self._charge(1, event)
        line = event.start_mark.line + 1
        if len(self.stack) >= MAX_DEPTH:
            raise InputError("too-deep", self.label, line, limit=MAX_DEPTH)
        parent = self.stack[-1] if self.stack else None
        if parent is None:
            path: Path_ = ()
            self.lines[()] = line
        elif parent.mapping:
            if parent.key is None:
                raise InputError("complex-key", self.label, line)
            path = parent.path + (parent.key,)
        else:
            path = parent.path + (len(parent.value),)
            self.lines[path] = line
        mapping = type(event) is _MappingStart
        self.stack.append(_Frame({} if mapping else [], mapping, path, event.anchor, self.budget))

    def _close(self, event: Any) -> None:
        frame = self.stack.pop()
        value = frame.value
        if frame.merges:
            merged: dict[str, Any] = {}
            for source, source_path in reversed(frame.merges):
                merged.update(source)
                for key in source:
                    line = self.lines.get(source_path + (key,)) or self.lines.get(source_path)
                    if key not in value and line:
                        self.lines[frame.path + (key,)] = line
            merged.update(value)
            value = merged
        if frame.anchor:
            self.anchors[frame.anchor] = (value, frame.budget_at_start - self.budget + 1, frame.path)
        self._attach(value, event, opened=True, source=frame.path)

    def _attach(self, value: Any, event: Any, opened: bool = False, source: Path_ = ()) -> None:
        """Put a finished value in its parent (or make it the document)."""
        if not self.stack:
            self.root = value
            if not opened:
                self.lines[()] = event.start_mark.line + 1
            return
        parent = self.stack[-1]
        if not parent.mapping:
            if not opened:
                self.lines[parent.path + (len(parent.value),)] = event.start_mark.line + 1
            parent.value.append(value)
            return
        key = parent.key
        parent.key = None
        if key == _MERGE:
            # A merged mapping's keys keep the lines where they are written.
            sources = [(m, source + (i,)) for i, m in enumerate(value)] if isinstance(value, list) else [(value, source)]
            if not all(isinstance(m, dict) for m, _ in sources):
                raise InputError("invalid-yaml", self.label, parent.key_line, problem=yaml_problem("<< must merge mappings"))
            parent.merges = (parent.merges or []) + sources
        else:
            parent.value[key] = value

    def _key(self, frame: _Frame, event: Any) -> None:
        line = event.start_mark.line + 1
        tag = self._tag(event)
        if tag == _MERGE:
            frame.key, frame.key_line = _MERGE, line
            return
        value = self._scalar(event, tag)
        if value is None:
            key = "null"
        elif isinstance(value, bool):
            key = "true" if value else "false"
        else:
            key = str(value)
        self._set_key(frame, key, line)

    def _set_key(self, frame: _Frame, key: str, line: int) -> None:
        # The mapping holds the keys read so far (a merged mapping's are kept apart until it closes).
        if key in frame.value:
            raise InputError("duplicate-key", self.label, line, key=key, first=self.lines[frame.path + (key,)])
        frame.key, frame.key_line = key, line
        self.lines[frame.path + (key,)] = line

    def _tag(self, event: Any) -> str:
        tag = event.tag
        if tag is None or tag == "!":
            if event.style in _QUOTED:
                return _STR  # quoted and block scalars without a tag are always text
            value = event.value
            if value[:1].isalpha() and value not in _WORDS:
                return _STR
            tag = self.loader.resolve(yaml.ScalarNode, value, event.implicit)
        return tag

    def _scalar(self, event: Any, tag: str | None = None) -> Any:
        tag = tag or self._tag(event)
        value = event.value
        # Fast paths for what rosters are made of; everything else goes through PyYAML.
        if tag == _STR:
            return value
        try:
            if tag == _INT and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
                return int(value)
            node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
            return self.loader.construct_object(node)
        except (yaml.YAMLError, MemoryError):
            raise
        except Exception as exc:  # noqa: BLE001 - PyYAML's constructors fail in many ways on odd values
            # A value YAML recognises (or is told, with a tag such as !!int) but can't build: a
            # date that doesn't exist, an integer of thousands of digits, an empty !!float.
            # Said as such, on its line.
            problem = _UNBUILDABLE.get(tag, "yaml.bad-value")
            if tag == _INT and not _HUGE.fullmatch(value):
                problem = "yaml.bad-number"
            raise InputError("invalid-yaml", self.label, event.start_mark.line + 1,
                             problem=Localised(problem, {"value": shorten(value)})) from exc


_HUGE = re.compile(r"[-+]?[0-9_]{1000,}")
"""An integer PyYAML recognises but Python refuses to build: thousands of digits."""
_UNBUILDABLE = {_INT: "yaml.huge-number", "tag:yaml.org,2002:timestamp": "yaml.bad-date",
                "tag:yaml.org,2002:float": "yaml.bad-number"}
"""What to say of a scalar PyYAML recognises by its tag but fails to build."""

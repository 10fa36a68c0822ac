"""Changes the page makes to a roster, written into its YAML text where they belong.

Every other byte of the file stays as the user wrote it: comments, key order, quotes, flow or
block style, line breaks. Round-trip libraries re-emit the whole document and reflow it
(ruamel.yaml rewraps long flow lists, moves the dashes of block lists and turns
``[{name: x}]`` into ``[name: x]``), so a change here replaces only the span of the value it
touches, found by the marks PyYAML's composer gives every node.

Every edit is verified: the new text must read as the old data with the change applied, or it
is refused (:class:`EditRefused`) and nothing is written.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any, Sequence

import yaml

Key = str | int
Path_ = Sequence[Key]

_UNREAD = object()
PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^\n#:,\[\]{}]*")
"""A string written as it is: starts with no indicator, holds no flow sign or comment."""


class EditRefused(Exception):
    """A change the text can't take: a path that isn't there, a file with anchors…"""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Edit:
    """One change: ``set`` a value (a missing key is added), ``append`` to a list (made if
    missing), or ``remove`` a list item or a key."""

    op: str
    path: tuple[Key, ...]
    value: Any = None


def apply(text: str, edit: Edit, data: Any = _UNREAD) -> str:
    """``text`` with ``edit`` made in place; the rest of the file as it was. ``data`` is what
    the text reads as, when the caller has read it already."""
    if edit.op not in ("set", "append", "remove") or not edit.path and edit.op != "append":
        raise EditRefused("edit-bad-change")
    try:
        root = _compose(text)
        expected = change(_read(text) if data is _UNREAD else data, edit)
        out = _Splicer(text, root).run(edit)
        if _read(out) != expected:
            raise EditRefused("edit-not-exact")  # never write what the page didn't mean
    except yaml.YAMLError:
        raise EditRefused("edit-unreadable") from None  # the page shows the reader's own finding
    return out


def change(data: Any, edit: Edit) -> Any:
    """The data ``edit`` makes of ``data`` (a copy): what the edited text must read as."""
    data = copy.deepcopy(data)
    *parents, last = edit.path if edit.path else (None,)
    holder = data
    for i, key in enumerate(parents):
        if isinstance(holder, dict) and key not in holder and edit.op != "remove":
            holder[key] = {}
        holder = _child(holder, key)
    if edit.op == "set":
        _store(holder, last, edit.value)
    elif edit.op == "append":
        target = holder if last is None else (holder.setdefault(last, []) if isinstance(holder, dict) else _child(holder, last))
        if not isinstance(target, list):
            raise EditRefused("edit-not-a-list")
        target.append(edit.value)
    else:
        if isinstance(holder, list) and isinstance(last, int) and 0 <= last < len(holder):
            del holder[last]
        elif isinstance(holder, dict) and last in holder:
            del holder[last]
        else:
            raise EditRefused("edit-no-such-place")
    return data


def _child(holder: Any, key: Key) -> Any:
    if isinstance(holder, dict) and isinstance(key, str) and key in holder:
        return holder[key]
    if isinstance(holder, list) and type(key) is int and 0 <= key < len(holder):
        return holder[key]
    raise EditRefused("edit-no-such-place")


def _store(holder: Any, key: Key, value: Any) -> None:
    if isinstance(holder, dict) and isinstance(key, str):
        holder[key] = value
    elif isinstance(holder, list) and type(key) is int and 0 <= key < len(holder):
        holder[key] = value
    else:
        raise EditRefused("edit-no-such-place")


def render(value: Any) -> str:
    """``value`` as YAML on one line (flow style), read back as the same value."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{render(str(k))}: {render(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, str):
        if not _writable(value):
            raise EditRefused("edit-bad-value")  # half a surrogate pair, which JSON can send: no text a file holds
        if PLAIN.fullmatch(value) and value == value.strip() and _reads(f"[{value}, {{{value}: 0}}]", [value, {value: 0}]):
            return value
        return json.dumps(value, ensure_ascii=False)  # JSON's strings are YAML's double-quoted ones
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    raise EditRefused("edit-bad-value")


def _writable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reads(text: str, expected: Any) -> bool:
    try:
        return yaml.load(text, Loader=_Loader) == expected
    except yaml.YAMLError:
        return False


class _Loader(yaml.SafeLoader):
    """The pure-Python loader: its marks count characters, as Python's strings do."""


class _Composer(_Loader):
    anchored = False

    def compose_document(self) -> yaml.Node:
        # As PyYAML's own, but telling whether the document used an anchor before forgetting them.
        self.get_event()
        node = self.compose_node(None, None)
        self.get_event()
        self.anchored = bool(self.anchors)
        self.anchors = {}
        return node


def _compose(text: str) -> yaml.Node:
    loader = _Composer(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    if loader.anchored:
        raise EditRefused("edit-anchors")  # one edit would change every place the anchor is used
    if not isinstance(root, yaml.MappingNode):
        raise EditRefused("edit-no-such-place")
    return root


_FAST = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(text: str) -> Any:
    return yaml.load(text, Loader=_FAST)


class _Splicer:
    def __init__(self, text: str, root: yaml.Node):
        self.text, self.root = text, root

    def run(self, edit: Edit) -> str:
        node, depth = self.root, 0
        # Walk down as far as the path exists.
        for key in edit.path[:-1] if edit.op != "append" else edit.path:
            found = self._find(node, key)
            if found is None:
                break
            node, depth = found[1], depth + 1
        rest = list(edit.path[depth:])
        if edit.op == "remove":
            if rest != [edit.path[-1]]:
                raise EditRefused("edit-no-such-place")
            return self._remove(node, edit.path[-1])
        if edit.op == "append":
            if not rest:
                return self._append(node, edit.value)
            return self._add_key(node, rest, [edit.value])
        if len(rest) == 1:
            found = self._find(node, rest[0])
            if found is not None:
                key = node.value[found[0]][0] if isinstance(node, yaml.MappingNode) else None
                return self._replace(found[1], edit.value, key)
        return self._add_key(node, rest, edit.value)

    # -- finding -----------------------------------------------------------------------------------

    @staticmethod
    def _find(node: yaml.Node, key: Key) -> tuple[int, yaml.Node] | None:
        if isinstance(node, yaml.MappingNode) and isinstance(key, str):
            for i, (k, v) in enumerate(node.value):
                if isinstance(k, yaml.ScalarNode) and k.value == key:
                    return i, v
        if isinstance(node, yaml.SequenceNode) and type(key) is int and 0 <= key < len(node.value):
            return key, node.value[key]
        return None

    def _end(self, node: yaml.Node) -> int:
        """Where a node's own text ends: a block collection ends with its last value (its mark
        would reach over the blank lines and comments that follow it)."""
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style and node.value:
            last = node.value[-1]
            return self._end(last[1] if isinstance(node, yaml.MappingNode) else last)
        return node.end_mark.index

    def _line_end(self, index: int) -> int:
        end = self.text.find("\n", index)
        return len(self.text) if end < 0 else end

    def _line_start(self, index: int) -> int:
        return self.text.rfind("\n", 0, index) + 1

    def _splice(self, start: int, end: int, new: str) -> str:
        return self.text[:start] + new + self.text[end:]

    # -- changing ---------------------------------------------------------------------------------

    def _replace(self, node: yaml.Node, value: Any, key: yaml.Node | None = None) -> str:
        start, end = node.start_mark.index, self._end(node)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style:
            if key is not None and (kept := self._beside_comment(key, node, value, end)) is not None:
                return kept
            # A block collection gives way to a flow one written on its key's (or dash's) line:
            # in its own place, a flow value could sit at its key's indentation, which YAML refuses.
            before = self.text[:start].rstrip(" ")
            if not before.endswith("-"):
                before = before.rstrip(" \n")
            if before.endswith((":", "-")):
                # The comment that closed the block's last line spoke of what goes with it.
                rest = self.text[end:self._line_end(end)]
                if rest.lstrip().startswith("#"):
                    end += len(rest)
                return self._splice(len(before), end, " " + render(value))
        if isinstance(node, yaml.ScalarNode) and start == end:  # `key:` with nothing after it
            return self._splice(start, end, " " + render(value) if self.text[start - 1:start] == ":" else render(value))
        return self._splice(start, end, render(value))

    def _beside_comment(self, key: yaml.Node, node: yaml.Node, value: Any, end: int) -> str | None:
        """A block under a key whose own line ends in a comment (``warbook:   # tus arquetipos``),
        replaced by a value written on that line before its comment, where it stays; None where
        the key's line holds anything else."""
        colon = key.end_mark.index
        while self.text[colon:colon + 1] == " ":
            colon += 1
        line_end = self._line_end(colon)
        after = self.text[colon + 1:line_end]
        if self.text[colon:colon + 1] != ":" or not after.lstrip().startswith("#") or after[:1] not in (" ", "\t") \
                or line_end >= node.start_mark.index:
            return None
        written = " " + render(value)
        gap = " " * max(1, len(after) - len(after.lstrip()) - len(written))
        rest = self.text[end:self._line_end(end)]
        if rest.lstrip().startswith("#"):
            end += len(rest)  # the comment that closed the block's last line spoke of what goes with it
        return self.text[:colon + 1] + written + gap + after.lstrip() + self.text[end:]

    def _append(self, node: yaml.Node, value: Any) -> str:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return self._replace(node, [value])
        if not isinstance(node, yaml.SequenceNode):
            raise EditRefused("edit-not-a-list")
        if node.flow_style or not node.value:
            return self._flow_insert(node, render(value))
        last = node.value[-1]
        dash = self.text.rfind("-", 0, last.start_mark.index)
        indent = dash - self._line_start(dash)
        at = self._line_end(self._end(last))
        return self._splice(at, at, "\n" + " " * indent + "- " + render(value))

    def _add_key(self, node: yaml.Node, keys: list[Key], value: Any) -> str:
        if not isinstance(node, yaml.MappingNode) or not all(isinstance(k, str) for k in keys):
            raise EditRefused("edit-no-such-place")
        for key in reversed(keys[1:]):
            value = {key: value}
        entry = f"{render(str(keys[0]))}: {render(value)}"
        if node.flow_style or not node.value:
            return self._flow_insert(node, entry)
        first = node.value[0][0]
        at = self._line_end(self._end(node))
        return self._splice(at, at, "\n" + " " * first.start_mark.column + entry)

    def _flow_insert(self, node: yaml.Node, entry: str) -> str:
        close = node.end_mark.index - 1
        if self.text[close:close + 1] not in "]}" or not node.flow_style:
            raise EditRefused("edit-no-such-place")
        if node.value:
            last = node.value[-1][1] if isinstance(node, yaml.MappingNode) else node.value[-1]
            at = last.end_mark.index
            return self._splice(at, at, ", " + entry)
        return self._splice(close, close, entry)

    def _remove(self, node: yaml.Node, key: Key) -> str:
        found = self._find(node, key)
        if found is None:
            raise EditRefused("edit-no-such-place")
        index, value = found
        pairs = isinstance(node, yaml.MappingNode)
        start_of = (lambda i: node.value[i][0].start_mark.index) if pairs else (lambda i: node.value[i].start_mark.index)
        end_of = (lambda i: self._end(node.value[i][1])) if pairs else (lambda i: self._end(node.value[i]))
        if len(node.value) == 1:
            # The last entry goes: the collection stays, empty (a required list stays a list).
            if node.flow_style:
                return self._splice(start_of(0), end_of(0), "")
            return self._replace(node, {} if pairs else [])
        if node.flow_style:
            if index < len(node.value) - 1:
                return self._splice(start_of(index), start_of(index + 1), "")
            return self._splice(end_of(index - 1), end_of(index), "")
        start = start_of(index)
        if not pairs:
            start = self.text.rfind("-", 0, start)
        line = self._line_start(start)
        if self.text[line:start].strip():
            raise EditRefused("edit-shared-line")  # `- - a`: an entry sharing its line with another
        end = self._line_end(end_of(index))
        return self._splice(line, min(end + 1, len(self.text)), "")

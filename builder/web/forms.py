"""The page's forms, made from a game's JSON Schema, its choices and the roster as read.

Nothing here knows any game: types, ranges, enums and required keys come from the schema the
game's models publish (``builder schema``); the names a field may take come from the game's
``choices``; labels from the message table (``form.<game>.<key>``, then ``form.<key>``, then
the schema's own title). A game with no page code of its own still gets a working form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from builder.core import messages
from builder.web import texts  # noqa: F401 - the page's words (labels, new names) join the message table
from builder.web.wording import capitalised, facts, item_label

Key = str | int
_ROWS = "\x00rows"
"""Where a pattern's choices hang in the tree of patterns (no key of a path holds a NUL)."""


@dataclass
class Option:
    value: str
    label: str
    reason: str | None = None
    """Why the rules refuse this choice here (the finding's own message): shown disabled."""
    hint: str | None = None
    """Why this choice breaks a rule with the part as it is, when changing another of the part's
    choices mends it (a brujo's «gregario», mended by another race): shown, not disabled."""


@dataclass
class Node:
    """One part of the form: a value to edit (``kind`` text, number, select, checkbox, constant),
    a group of fields (``object``), a list (``list``) or a table of names and numbers (``map``)."""

    kind: str
    path: tuple[Key, ...]
    label: str
    value: Any = None
    required: bool = False
    present: bool = True
    schema: Mapping[str, Any] = field(default_factory=dict, repr=False)
    children: list["Node"] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    variants: list[Option] = field(default_factory=list)
    """The forms a value may take (a Warbook's file name or the Warbook itself), when several."""
    variant: int = 0
    minimum: float | None = None
    maximum: float | None = None
    integer: bool = True
    findings: list[Any] = field(default_factory=list)
    note: str | None = None
    title: str = ""
    """A list item's name, for the outline and for the button that removes it."""
    free: bool = False
    """A list of names the game suggests but doesn't limit to them (a weapon written its own way):
    one not among the choices can be typed in."""
    nullable: bool = False
    """Left out is not the same as empty (a lineup left out lines up the whole roster)."""
    outlined: bool = False
    """A list of parts (squads, runners…) the page lists on its own, each opened by choosing it."""
    blank_reason: str | None = None
    """Why the rules refuse leaving this choice blank («— ninguno —»), as an option's reason."""
    fixed: bool = False
    """The event's pack sets this value (web.fixing): shown as the pack's, not to be changed."""

    @property
    def id(self) -> str:
        return "f-" + "-".join(str(k).replace(" ", "_") for k in self.path) if self.path else "f-root"

    @property
    def at(self) -> str:
        return "/".join(str(k) for k in self.path)

    def walk(self) -> Iterator["Node"]:
        yield self
        for child in self.children:
            yield from child.walk()


class Forms:
    """Forms for one game's schema, in one language, with the roster's choices and notes."""

    def __init__(self, system_key: str, schema: Mapping[str, Any], lang: str,
                 choices: Mapping[str, Sequence[tuple[str, str]]] | None = None,
                 notes: Mapping[str, str] | None = None):
        self.key, self.schema, self.lang = system_key, schema, lang
        self.defs = schema.get("$defs", {})
        # The patterns as a tree of their parts, so a path finds its own in a few steps
        # (a Warbook's thirty characters each have patterns of their own).
        self.choices: dict[str, Any] = {}
        for pattern, rows in (choices or {}).items():
            branch = self.choices
            for part in pattern.split("/"):
                branch = branch.setdefault(part, {})
            branch[_ROWS] = rows
        self.notes = {at: facts(note) for at, note in (notes or {}).items()}

    # -- the schema -------------------------------------------------------------------------------

    def resolve(self, schema: Mapping[str, Any]) -> Mapping[str, Any]:
        seen = 0
        while "$ref" in schema and seen < 32:
            schema = {**self.defs.get(schema["$ref"].rsplit("/", 1)[-1], {}),
                      **{k: v for k, v in schema.items() if k != "$ref"}}
            seen += 1
        return schema

    def alternatives(self, schema: Mapping[str, Any]) -> tuple[list[Mapping[str, Any]], bool]:
        """The forms a value may take, flattened, and whether it may be left out (null)."""
        schema = self.resolve(schema)
        union = schema.get("anyOf") or schema.get("oneOf")
        if not union:
            return [schema], schema.get("type") == "null"
        out: list[Mapping[str, Any]] = []
        nullable = False
        for alternative in union:
            inner, null = self.alternatives(alternative)
            nullable = nullable or null
            out += [a for a in inner if a.get("type") != "null"]
        return out, nullable

    def fits(self, schema: Mapping[str, Any], value: Any) -> bool:
        kind = schema.get("type")
        if kind == "object":
            if not isinstance(value, dict):
                return False
            consts = {k: p["const"] for k, p in schema.get("properties", {}).items() if "const" in p}
            return all(value.get(k) == v for k, v in consts.items())
        return {"string": isinstance(value, str), "array": isinstance(value, list),
                "boolean": isinstance(value, bool), "null": value is None,
                "integer": type(value) is int, "number": type(value) in (int, float)}.get(kind, False)

    def at(self, path: Sequence[Key], data: Any) -> Mapping[str, Any] | None:
        """The schema of the value at ``path`` of ``data`` (the form it has, or its first form)."""
        schema: Mapping[str, Any] = self.schema
        value = data
        for key in path:
            schema = self.pick(schema, value)
            if isinstance(key, str) and "properties" in schema and key in schema["properties"]:
                schema = schema["properties"][key]
            elif isinstance(key, str) and isinstance(schema.get("additionalProperties"), dict):
                schema = schema["additionalProperties"]
            elif type(key) is int and "items" in schema:
                schema = schema["items"]
            else:
                return None
            value = value.get(key) if isinstance(value, dict) else (
                value[key] if isinstance(value, list) and type(key) is int and 0 <= key < len(value) else None)
        return self.pick(schema, value)

    def pick(self, schema: Mapping[str, Any], value: Any) -> Mapping[str, Any]:
        forms, _ = self.alternatives(schema)
        for form in forms:
            if self.fits(form, value):
                return form
        return forms[0] if forms else {}

    def default(self, schema: Mapping[str, Any], path: Sequence[Key] = (), siblings: int = 0,
                entry: bool = False) -> Any:
        """A value a new part starts with: the schema's default, or the least it allows; a name
        a choice may take is its first choice, a required name is its kind and number
        («Corredor 9», see :meth:`new_name`). An ``entry`` of a table (a map): the choices at its
        path are the table's names, never its value's."""
        forms, nullable = self.alternatives(schema)
        resolved = self.resolve(schema)
        if "default" in resolved and resolved["default"] is not None:
            return resolved["default"]
        if not forms:
            return None
        form = forms[0]
        options = [] if entry else self.options_for(path)
        if options:
            first = options[0].value
            return int(first) if form.get("type") == "integer" and first.lstrip("-").isdigit() else first
        if "const" in form:
            return form["const"]
        if "enum" in form:
            return form["enum"][0]
        kind = form.get("type")
        if kind == "object":
            required = set(form.get("required", ()))
            return {k: self.default(p, (*path, k), siblings) for k, p in form.get("properties", {}).items()
                    if k in required}
        if kind == "array":
            # As many parts as the list needs at least (a squad has a member), each new.
            items = form.get("items", {})
            return [self.default(items, (*path, i), i) for i in range(min(int(form.get("minItems", 0)), 5))]
        if kind == "boolean":
            return False
        if kind in ("integer", "number"):
            low = form.get("minimum", form.get("exclusiveMinimum", 0))
            least = int(low) + (1 if "exclusiveMinimum" in form else 0) if kind == "integer" else low
            # A table's new entry (three magazines of a weapon) starts at one of it, not none.
            return max(least, 1) if entry and kind == "integer" else least
        return self.new_name(path, siblings + 1)

    def new_name(self, path: Sequence[Key], n: int) -> str:
        """The name part ``n`` of a list starts with: the game's word for one of the list's parts
        (``form.<game>.one.<list>``: «Arquetipo corporal 3») where ``path`` is inside an item of
        a list, else the page's «Nuevo N»."""
        at = [i for i, k in enumerate(path) if type(k) is int]
        if at and at[-1] > 0 and type(path[at[-1] - 1]) is str:
            word = f"form.{self.key}.one.{path[at[-1] - 1]}"
            if word in messages.table():
                return f"{messages.text(word, self.lang)} {n}"
        return messages.text("serve.new-name", self.lang, n=n)

    # -- labels and choices -----------------------------------------------------------------------

    def label(self, key: Key, schema: Mapping[str, Any]) -> str:
        if type(key) is int:
            return f"{key + 1}"
        table = messages.table()
        for name in (f"form.{self.key}.{key}", f"form.{key}"):
            if name in table:
                return messages.text(name, self.lang)
        return str(self.resolve(schema).get("title") or key)

    def value_label(self, value: Any) -> str:
        """One of a field's fixed values in the player's words (``form.<game>.value.<value>``),
        else as the file writes it."""
        key = f"form.{self.key}.value.{value}"
        return messages.text(key, self.lang) if key in messages.table() else str(value)

    def options_for(self, path: Sequence[Key]) -> list[Option]:
        # The most particular pattern wins: one character's magazines over every character's.
        found: list[tuple[int, Any]] = []
        branches: list[tuple[int, dict[str, Any]]] = [(0, self.choices)]
        for key in (str(k) for k in path):
            branches = [(stars + (part == "*"), branch[part]) for stars, branch in branches
                        for part in (key, "*") if part in branch]
            if not branches:
                return []
        found = [(stars, branch[_ROWS]) for stars, branch in branches if _ROWS in branch]
        if not found:
            return []
        # A label the game wrote for a name as a label starts; a bare value (a file's name) as it is.
        return [Option(str(v), str(label) if str(label) == str(v) else capitalised(str(label)))
                for v, label in min(found, key=lambda f: f[0])[1]]

    # -- building ---------------------------------------------------------------------------------

    def build(self, data: Any, path: tuple[Key, ...] = (), schema: Mapping[str, Any] | None = None,
              key: Key = "", required: bool = True, present: bool = True, entry: bool = False) -> Node:
        """The form of ``data`` at ``path``; an ``entry`` of a table is offered no choices of
        its own (those at its path name the table's keys)."""
        schema = self.schema if schema is None else schema
        forms, nullable = self.alternatives(schema)
        resolved = self.resolve(schema)
        value = data if present else resolved.get("default")
        form = self.pick(schema, value)
        node = Node("text", path, self.label(key, schema) if path else "", value=value,
                    required=required and not nullable, present=present, schema=form,
                    note=self.notes.get("/".join(str(k) for k in path)))
        node.nullable = nullable
        if len(forms) > 1:
            node.variants = [Option(str(i), self._variant_label(f, key)) for i, f in enumerate(forms)]
            node.variant = forms.index(form)
        kind = form.get("type")
        if "const" in form:
            node.kind = "constant"
        elif "enum" in form:
            node.kind = "select"
            # The game's own labels for them where it gives some (its choices), else its words.
            given = {o.value: o.label for o in self.options_for(path)}
            node.options = [Option(str(v), capitalised(given.get(str(v)) or self.value_label(v))) for v in form["enum"]]
        elif kind == "object" and "properties" in form:
            node.kind = "object"
            given = value if isinstance(value, dict) else {}
            wanted = set(form.get("required", ()))
            for name, sub in form["properties"].items():
                node.children.append(self.build(given.get(name), (*path, name), sub, name, name in wanted, name in given))
        elif kind == "object":
            node.kind = "map"
            node.options = self.options_for((*path, "*"))
            given = value if isinstance(value, dict) else {}
            item = form.get("additionalProperties") if isinstance(form.get("additionalProperties"), dict) else {}
            node.children = [self.build(v, (*path, k), item, k, entry=True) for k, v in given.items()]
            for child in node.children:
                child.label = str(child.path[-1])
        elif kind == "array":
            node.kind = "list"
            items = form.get("items", {})
            given = value if isinstance(value, list) else []
            node.children = [self.build(v, (*path, i), items, i) for i, v in enumerate(given)]
            node.options = self.options_for((*path, "*"))
            resolved_items = self.resolve(items)
            node.free = bool(node.options) and resolved_items.get("type") == "string" and "enum" not in resolved_items
            node.outlined = self.resolve(items).get("type") == "object" and len(path) <= 2
            for child in node.children:
                child.title = _title(child.value, child.label)
                if child.kind not in ("object", "list", "map"):  # «Arma 2», not a bare «2» nor «Armas 2»
                    child.label = item_label(self.key, key, node.label, int(child.path[-1]) + 1, self.lang)
        elif kind == "boolean":
            node.kind = "checkbox"
        elif kind in ("integer", "number") and not entry and (priced := self.options_for(path)):
            # A number the game prices from a table: each value shown with what it costs.
            node.kind = "select"
            node.options = priced
            if value is not None and str(value) not in {o.value for o in node.options}:
                node.options.insert(0, Option(str(value), str(value)))
        elif kind in ("integer", "number"):
            node.kind = "number"
            node.integer = kind == "integer"
            node.minimum = form.get("minimum", form.get("exclusiveMinimum"))
            node.maximum = form.get("maximum")
        else:
            node.options = [] if entry else self.options_for(path)
            node.kind = "select" if node.options else ("textarea" if form.get("maxLength", 0) > 200 else "text")
            if node.options and isinstance(value, str) and value not in {o.value for o in node.options}:
                node.options.insert(0, Option(value, value))  # as written, though the game doesn't know it
        return node

    def _variant_label(self, form: Mapping[str, Any], key: Key = "") -> str:
        """What a form a value may take is called: the game's word for it at this key
        (``form.<game>.variant.<key>.<type>``: a Warbook's file or the Warbook written here), or
        for its title (``form.<game>.variant.<title>``), else the page's word for its type."""
        at_key = f"form.{self.key}.variant.{key}.{form.get('type', 'string')}"
        if key != "" and at_key in messages.table():
            return messages.text(at_key, self.lang)
        title = str(form.get("title") or "").lower()
        if title and f"form.{self.key}.variant.{title}" in messages.table():
            return messages.text(f"form.{self.key}.variant.{title}", self.lang)
        if title and form.get("type") == "object":
            return str(form.get("title"))
        return messages.text(f"serve.variant.{form.get('type', 'string')}", self.lang)


def _title(value: Any, fallback: str) -> str:
    """What a list item is called: its name, or its first text."""
    if isinstance(value, dict):
        for key in ("name", "character", "by", "category"):
            if isinstance(value.get(key), str):
                return value[key]
        for v in value.values():
            if isinstance(v, str):
                return v
    elif isinstance(value, (str, int, float)):
        return str(value)
    return fallback


def place_findings(root: Node, findings: Sequence[Any], label: str) -> list[Any]:
    """Attach each finding about this file to the deepest part of the form its path reaches;
    the rest (about the file as a whole, or another file) are returned."""
    by_path = {node.path: node for node in root.walk()}
    left = []
    for finding in findings:
        place = finding.place
        path = tuple(place.path or ())
        if place.file not in (None, label) or not path:
            left.append(finding)
            continue
        while path not in by_path and path:
            path = path[:-1]
        if path:
            by_path[path].findings.append(finding)
        else:
            left.append(finding)
    return left


def typed(schema: Mapping[str, Any], value: Any) -> Any:
    """The page's value as the type the field holds; text that isn't a number stays text (the
    check then says what is wrong with it, at its line). None: leave the field out."""
    kind = schema.get("type")
    if kind == "boolean":
        return value is True or str(value).lower() in ("true", "on", "1")
    if value is None:
        return None
    text = str(value).strip() if not isinstance(value, str) or kind != "string" else value
    if text == "":
        return None
    if kind in ("integer", "number"):
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            return text
        if number != number or number in (float("inf"), float("-inf")):
            return text
        return int(number) if number.is_integer() and (kind == "integer" or "." not in text) else number
    if "enum" in schema:
        return next((v for v in schema["enum"] if str(v) == text), text)
    return text  # a text too long is the check's to report, at its line, never cut short here

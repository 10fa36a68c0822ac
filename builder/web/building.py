"""The builder view of a roster: a click becomes an edit of its file, checked as ``builder check``
checks it, and the parts of the page to show again.

The page sends what the player did (set this field, add to that list, remove this part); the
value's type, a new part's starting values and what a choice would break come from the game's
models and rules here, never from the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from builder.core import registry
from builder.core.errors import InputError
from builder.core.pipeline import evaluate, system_of
from builder.core.reader import MAX_BYTES
from builder.core.yaml_data import parse_text
from builder.core.system import Evaluation, System
from builder.web.edits import Edit, EditRefused, apply, change
from builder.web.fixing import event_rules, fix, fixed_values, touches
from builder.web.forms import Forms, Node, place_findings, typed
from builder.web.holding import own_fields
from builder.web import timing
from builder.web.keeping import Keeper, Refused
from builder.web.starts import allowed_start, started
from builder.web.trials import said_of, try_choices

PATH_MOST = 12
"""A path the page may send: deeper than any roster's shape."""


@dataclass
class View:
    """What the builder shows of one roster."""

    relative: str
    text: str
    version: str | None
    evaluation: Evaluation | None = None
    unreadable: InputError | None = None
    root: Node | None = None
    detail: Node | None = None
    sections: list[Node] = field(default_factory=list)
    """The lists of parts, each part opened by choosing it (squads, runners, the Warbook's weapons…)."""
    general: list[Any] = field(default_factory=list)
    """Findings about the roster as a whole, or another file."""
    at: tuple[Any, ...] = ()
    reads: list[tuple[str, str]] = field(default_factory=list)
    """The folder's files the roster reads, each with what it holds in the player's words
    («Warbook», fenix-warbook.yaml): a link to open each."""
    read_by: list[str] | None = None
    """For a file that holds no list (a Warbook): the folder's lists that read it."""
    carried: list[tuple[str, str, str]] = field(default_factory=list)
    """The folder's files a rename was carried into (lists recruiting from this Warbook, a campaign
    racing this team): each file, its text before and after, saved."""
    carried_note: str = "serve.carried"
    """How the page says where a rename was carried: saved files each with its own undo (the local
    page), or the texts the browser keeps, one undo for all (the desk)."""
    event_rules: list[tuple[str, str]] = field(default_factory=list)
    """The event pack's rules no list writes (runners per lineup), each its label and value."""
    whole: str = ""
    """What the file as a whole is called when it holds no list («Warbook»); else «La lista»."""


@lru_cache(maxsize=None)
def _schema(system: System) -> dict[str, Any]:
    return system.schema()


def path_of(raw: Any) -> tuple[str | int, ...]:
    """A path the page sent (a list, or a list written as JSON): keys and positions only, and not
    too deep."""
    if isinstance(raw, str) and len(raw) <= 4096:
        try:
            raw = json.loads(raw) if raw else []
        except ValueError:
            raise Refused("serve-bad-path", 400) from None
    if not isinstance(raw, list) or len(raw) > PATH_MOST:
        raise Refused("serve-bad-path", 400)
    out: list[str | int] = []
    for key in raw:
        if isinstance(key, bool) or not isinstance(key, (str, int)) or (isinstance(key, str) and len(key) > 200):
            raise Refused("serve-bad-path", 400)
        out.append(key)
    return tuple(out)


class Builder:
    def __init__(self, keeper: Keeper):
        self.keeper = keeper

    # -- showing -----------------------------------------------------------------------------------

    def view(self, relative: str, text: str, version: str | None, at: Sequence[Any], lang: str,
             trials: bool = False) -> View:
        """The builder view of ``text``; with ``trials``, each choice of the part shown is tried
        against the rules first (see :meth:`refusals`)."""
        view = View(relative, text, version, at=tuple(at))
        try:
            ev: Evaluation | None = self.keeper.check(text, relative)
        except InputError as exc:
            view.unreadable, ev = exc, None
        read = _read(ev, text)
        if read is None:
            return view
        system, data = read
        with timing.part("form"):
            forms = self._forms(system, data, ev, lang)
            root = forms.build(data)
            if ev is not None and not ev.roster and ev.holds:
                root, view.whole = own_fields(root, system, ev.holds), forms.label(ev.holds, {})
            root = fix(root, forms, fixed_values(self.keeper.pack, system))
            view.event_rules = event_rules(self.keeper.pack, system, forms, lang)
        view.evaluation, view.root = ev, root
        view.general = place_findings(root, ev.findings, relative) if ev is not None else []
        for child in root.children:
            if child.kind == "list" and child.outlined:
                view.sections.append(child)
            elif child.kind == "object":
                view.sections += [c for c in child.children if c.kind == "list" and c.outlined]
        by_path = {node.path: node for node in root.walk()}
        chosen = by_path.get(view.at)
        if chosen is None or not view.at or chosen.kind not in ("object", "map", "list"):
            view.at = ()
            # The roster itself: its own fields, without the lists the outline shows.
            outlined = {s.path for s in view.sections}
            chosen = replace(root, children=[_without(c, outlined) for c in root.children
                                             if c.kind != "constant" and c.path not in outlined])
        view.detail = chosen
        if ev is not None:
            self._related(view, ev, forms, lang)
        if trials and ev is not None:
            try_choices(view, forms, data, lang, self.keeper.pack)
        return view

    def _related(self, view: View, ev: Evaluation, forms: Forms, lang: str) -> None:
        """The links between a list and the files it reads (its Warbook), both ways."""
        words = set(registry.get(ev.system).file_fields().values())
        label = forms.label(next(iter(words)), {}) if len(words) == 1 else ""
        reads, read_by = self.keeper.related(ev, view.relative, lang)
        view.reads = [(label, name) for name in reads]
        view.read_by = read_by

    def refusals(self, relative: str, text: str, at: Sequence[Any], lang: str) -> dict[str, dict[str, str]]:
        """The choices the rules refuse in the part shown (:meth:`tried`'s ``refused``)."""
        return self.tried(relative, text, at, lang)["refused"]

    def tried(self, relative: str, text: str, at: Sequence[Any], lang: str) -> dict[str, dict[str, dict[str, str]]]:
        """The choices of the part shown, tried against the rules (:func:`~builder.web.trials.said_of`:
        those refused, and those open that break a rule until another of the part's choices
        changes). Asked for after the view is drawn, so a click's answer never waits for them."""
        return said_of(self.view(relative, text, None, at, lang, trials=True), lang)

    def _forms(self, system: System, data: Any, ev: Evaluation | None, lang: str) -> Forms:
        try:
            choices = system.choices(data, ev, lang)
        except Exception:  # noqa: BLE001 - a game's choices on a half-made roster: typed in instead
            choices = {}
        for pattern, word in system.file_fields().items():
            # The files kept beside it that hold what the field names (its Warbooks), by name and file.
            choices[pattern] = [(row["path"], f"{row['name']} · {row['path']}" if row["name"] else row["path"])
                                for row in self.keeper.holding(word, lang) if row["system"] == system.key]
        notes = system.notes(ev, lang) if ev is not None and ev.details is not None else {}
        return Forms(system.key, _schema(system), lang, choices, notes)


    # -- changing ----------------------------------------------------------------------------------

    def edit(self, relative: str, text: str, version: str | None, action: Mapping[str, Any],
             lang: str) -> tuple[str, str | None, tuple[Any, ...]]:
        """Make the page's ``action`` in the roster's text and save it (unless the page holds a
        roster not yet on disk); the new text, its version and the part to show next."""
        new, version, at, written, _ = self.edit_begun(relative, text, version, action, lang)
        written()
        return new, version, at

    def edit_begun(self, relative: str, text: str, version: str | None, action: Mapping[str, Any],
                   lang: str) -> tuple[str, str | None, tuple[Any, ...], Callable[[], None], list[tuple[str, str, str]]]:
        """:meth:`edit`, its file still on its way to the disk: the last value waits until it is
        there (see Workspace.save_begun); and the other files a rename was carried into (see
        :meth:`carry`)."""
        op = str(action.get("op", ""))
        try:
            doc = self.keeper.document(text, relative)
            system = system_of(doc)
        except InputError:
            raise Refused("serve-edit-unreadable", 422) from None
        ev = None
        if op in ("add", "variant", "include"):
            # A new part's starting values may take the game's choices, which need the roster
            # checked; a value set or a part removed needs only its schema. A roster the rules
            # can't read whole yet (its Warbook file not written yet) still takes the change.
            try:
                ev = evaluate(doc, pack=self.keeper.pack)
            except InputError:
                ev = None
        data = doc.data
        forms = self._forms(system, data, ev, lang) if ev is not None else Forms(system.key, _schema(system), lang)
        path = path_of(action.get("path"))
        at = path_of(action.get("at") or [])
        if touches(path, fixed_values(self.keeper.pack, system)):
            raise Refused("serve-fixed-by-event", 422)
        # A name typed in beside the choices («U otro, escrito») is the one added.
        other = action.get("other")
        value = other if isinstance(other, str) and other.strip() else action.get("value")
        edit, at = self._edit_of(forms, data, op, path, value, at, ev, system)
        if edit is None:
            return text, version, at, _done, []
        try:
            with timing.part("edit"):
                new = apply(text, edit)
                # A name others refer to by it takes them along, in the same change (one undo step).
                for place, renamed in _references(system, data, edit):
                    new = apply(new, Edit("set", place, renamed))
        except EditRefused as refused:
            raise Refused("serve-" + refused.code, 422) from None
        written = _done
        carried: list[tuple[str, str, str]] = []
        if version is not None:
            version, written = self.keeper.save_begun(relative, new, version)
            old = _value_at(data, edit.path)
            if edit.op == "set" and edit.path and edit.path[-1] == "name" and isinstance(old, str) \
                    and isinstance(edit.value, str) and old != edit.value:
                carried = self.carry(relative, edit.path, old, edit.value, lang)
        return new, version, at, written, carried

    def carry(self, relative: str, path: tuple[Any, ...], old: str, new: str,
              lang: str) -> list[tuple[str, str, str]]:
        """A part of ``relative`` renamed from ``old`` to ``new`` at ``path``: the folder's files that
        read ``relative`` (the lists whose Warbook it is, a campaign racing its team) name it still,
        each changed by its own game (``System.renamed``) and saved, one change a file. Each file
        changed, with its text before and after; a file that can't be read or written is left."""
        out = []
        for user in self.keeper.users(relative, lang):
            if user == relative:
                continue
            try:
                before, version = self.keeper.read(user)
                doc = self.keeper.document(before, user)
                places = list(system_of(doc).renamed(doc.data, path, old, new))
                after = before
                for place, value in places:
                    after = apply(after, Edit("set", place, value))
                if after == before:
                    continue
                self.keeper.save(user, after, version)
            except (InputError, Refused, EditRefused):
                continue
            except Exception:  # noqa: BLE001 - a file the game can't walk: left as it is
                continue
            out.append((user, before, after))
        return out

    def _edit_of(self, forms: Forms, data: Any, op: str, path: tuple[Any, ...], value: Any,
                 at: tuple[Any, ...], ev: Evaluation | None = None,
                 system: System | None = None) -> tuple[Edit | None, tuple[Any, ...]]:
        schema = forms.at(path, data)
        if schema is None or not path:
            raise Refused("serve-bad-path", 400)
        current = _value_at(data, path)
        if op == "set":
            written = typed(schema, value)
            if written is None:
                required = _required(forms, data, path)
                return (None if current is _MISSING or required else Edit("remove", path)), at
            return Edit("set", path, written), at
        if op == "add":
            if schema.get("type") == "array":
                items = current if isinstance(current, list) else []
                item_schema = schema.get("items", {})
                new = typed(forms.resolve(item_schema), value) if value not in (None, "") else \
                    forms.default(item_schema, (*path, len(items)), len(items))
                if new is None:
                    return None, at
                if isinstance(new, dict) and value in (None, ""):
                    new = started(forms, system, path, items, new)
                if isinstance(new, dict) and ev is not None:
                    new = allowed_start(self.keeper.pack, forms, data, ev, (*path, len(items)), new)
                chosen = (*path, len(items)) if forms.resolve(item_schema).get("type") == "object" and len(path) <= 2 else at
                return Edit("append", path, new), chosen
            if schema.get("type") == "object" and isinstance(schema.get("additionalProperties"), dict):
                key = str(value or "").strip()
                if not key or (isinstance(current, dict) and key in current):
                    return None, at
                new = forms.default(schema["additionalProperties"], (*path, key), entry=True)
                return Edit("set", (*path, key), new), at
            raise Refused("serve-bad-path", 400)
        if op == "remove":
            if current is _MISSING:
                return None, at
            return Edit("remove", path), _after_removal(at, path)
        if op == "variant":
            forms_, _ = forms.alternatives(_parent_schema(forms, data, path))
            try:
                form = forms_[int(value)]
            except (TypeError, ValueError, IndexError):
                raise Refused("serve-bad-path", 400) from None
            return Edit("set", path, forms.default(form, path)), at
        if op == "include":
            forms_, _ = forms.alternatives(_parent_schema(forms, data, path))
            if not forms_:
                return None, at
            new = forms.default(forms_[0], path)
            if isinstance(new, dict) and ev is not None:
                new = allowed_start(self.keeper.pack, forms, data, ev, path, new,
                                    lambda candidate: Edit("set", path, candidate), forms_[0])
            return Edit("set", path, new), at
        raise Refused("serve-bad-change", 400)


_MISSING = object()


def _references(system: System, data: Any, edit: Edit) -> list[tuple[tuple[Any, ...], Any]]:
    """The changes a value set brings along when it renames a part others refer to (the game's
    ``renamed``): none for a value that names nothing, or whose game can't tell on this roster."""
    old = _value_at(data, edit.path)
    if edit.op != "set" or old is _MISSING or not isinstance(old, str) or old == edit.value:
        return []
    try:
        return list(system.renamed(data, edit.path, old, edit.value))
    except Exception:  # noqa: BLE001 - a half-made roster the game can't walk: the rename alone
        return []


def _done() -> None:  # nothing to wait for: no file was written
    pass


def _read(ev: Evaluation | None, text: str) -> tuple[System, Any] | None:
    """The game and the data of a roster. One the rules can't read as a whole (a Warbook file
    named but not there yet, a value of the wrong type) is still a form, from its YAML, when
    that names a game: the player mends it where it is, without the YAML view."""
    if ev is not None:
        return registry.get(ev.system), (ev.source.data if ev.source is not None else {})
    if len(text) > MAX_BYTES:
        return None
    try:
        data, _ = parse_text(text)  # bounded as any roster is read: nesting, aliases, repeated keys
    except (InputError, UnicodeEncodeError):  # half a surrogate pair: no text a file holds
        return None
    system = registry.find(str(data.get("system", ""))) if isinstance(data, dict) else None
    return (system, data) if system is not None else None


def _after_removal(at: tuple[Any, ...], gone: tuple[Any, ...]) -> tuple[Any, ...]:
    """The part shown once ``gone`` is removed: the roster if it was that part (or inside it);
    the same part, one place up, if an earlier item of its list went."""
    if at[:len(gone)] == gone:
        return ()
    n = len(gone) - 1
    if type(gone[-1]) is int and len(at) > n and at[:n] == gone[:n] and type(at[n]) is int and at[n] > gone[-1]:
        return (*at[:n], at[n] - 1, *at[n + 1:])
    return at


def _value_at(data: Any, path: Sequence[Any]) -> Any:
    for key in path:
        if isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(data, list) and type(key) is int and 0 <= key < len(data):
            data = data[key]
        else:
            return _MISSING
    return data


def _parent_schema(forms: Forms, data: Any, path: tuple[Any, ...]) -> Mapping[str, Any]:
    """The schema a value at ``path`` must follow, all its forms (not the one it has now)."""
    parent = forms.at(path[:-1], data)
    key = path[-1]
    if parent is not None and isinstance(key, str) and key in parent.get("properties", {}):
        return parent["properties"][key]
    if parent is not None and type(key) is int and "items" in parent:
        return parent["items"]
    raise Refused("serve-bad-path", 400)


def _required(forms: Forms, data: Any, path: tuple[Any, ...]) -> bool:
    parent = forms.at(path[:-1], data)
    return type(path[-1]) is int or (parent is not None and path[-1] in parent.get("required", ()))


def _without(node: Node, outlined: set[tuple[Any, ...]]) -> Node:
    return replace(node, children=[_without(c, outlined) for c in node.children if c.path not in outlined])


__all__ = ["Builder", "View"]

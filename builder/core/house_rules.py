"""An event's house rules: the changes a pack makes to its game's catalogs (a value changed, an
entry banned, an entry added), validated like the catalogs, each with the pack's line.

A pack writes them as a list under ``house_rules:``, each rule one of::

    - set: <path>          # a value of a catalog (see builder.core.catalog_shapes for paths)
      to: <value>          # of the kind and shape of the value it replaces
    - ban: <path>          # an entry of a keyed list
    - add: <path>          # a keyed list
      entry: {key: …}      # with the keys every entry of that list has, and no other

and each may say ``why:`` (a text shown with what it decides). The rules apply in the order
written, each to the catalogs as the rules before it left them."""

from __future__ import annotations

import copy
import re
import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core import editions
from builder.core.catalog_floors import Floor, below
from builder.core.catalog_shapes import (
    Address, Unknown, entry_at, follow, keyed, keys_of, names_in, position, read_path, references, shown, unlike,
)
from builder.core.errors import InputError
from builder.core.findings import Finding, Findings, FrozenFindings, Place
from builder.core.names import closest, fold, known
from builder.core.reader import document_from_bytes
from builder.core.references import matching
from builder.core.validators import TEXT_MOST

if TYPE_CHECKING:
    from builder.core.evaluation import Evaluation
    from builder.core.pack import Pack
    from builder.core.reader import Document

RULE_PACK = "Pack del evento"
RULE_HOUSE = "Pack del evento · reglas de la casa"
INVALID = "invalid-house-rule"
VERBS = {"set": ("set", "to", "why"), "ban": ("ban", "why"), "add": ("add", "entry", "why")}
KEYS = ("set", "ban", "add", "to", "entry", "why")
References = dict[tuple[Address, str], tuple[Address, ...]]


@dataclass(frozen=True)
class Change:
    """One house rule, read: what it does, to which address, and the pack's line that says so."""

    verb: str
    address: Address
    """``set``: the value it changes; ``ban``: the entry; ``add``: the list it adds to."""
    value: Any
    """``set``: the new value; ``add``: the entry; ``ban``: the banned entry's name (None without one)."""
    line: int | None
    why: str | None = None

    @property
    def cited(self) -> str:
        """The rule a finding it makes cites: the pack's line, instead of the book."""
        return f"{RULE_HOUSE}, línea {self.line}" if self.line else RULE_HOUSE

    @property
    def cited_why(self) -> str:
        """:attr:`cited`, and why the rule is there when it says so (a ban's finding says it itself)."""
        return f"{self.cited}: {self.why}" if self.why else self.cited


def apply(data: Any, change: Change) -> None:
    """Make ``change`` in ``data``, the parsed catalog file it is about."""
    steps = change.address[1:]
    if change.verb == "add":
        follow(data, steps).append(copy.deepcopy(change.value))
        return
    parent = follow(data, steps[:-1])
    if change.verb == "ban":
        del parent[position(parent, steps[-1])]
    else:
        parent[position(parent, steps[-1])] = copy.deepcopy(change.value)


@dataclass(frozen=True)
class HouseRules:
    """An event's changes over one edition of its game's catalogs; ``digest`` stands for them."""

    digest: str
    edition: editions.Edition = field(compare=False)
    changes: tuple[Change, ...] = field(default=(), compare=False)
    _applied: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def applied(self, filename: str, data: Any) -> Any:
        """The catalog file ``filename``'s data with these house rules over it."""
        mine = [c for c in self.changes if c.address[0] == Path(filename).stem]
        if not mine:
            return data
        if filename not in self._applied:
            changed = copy.deepcopy(data)
            for change in mine:
                apply(changed, change)
            self._applied[filename] = changed
        return self._applied[filename]

    def judged(self, system: Any, doc: "Document", evaluation: "Evaluation",
               pack: "Pack | None" = None) -> "Evaluation":
        """The list's evaluation with the findings the house rules make, citing the pack's lines: a
        banned entry the list names is that, not a name the game doesn't know; a finding that only
        a changed value brings (checked again without the changes) cites the rules that made it."""
        bans = [c for c in self.changes if c.verb == "ban"]
        if bans:
            evaluation = self._banned_uses(system, doc, evaluation, bans)
        sets = [c for c in self.changes if c.verb == "set"]
        if sets:
            evaluation = self._recited(system, doc, evaluation, pack, sets)
        return evaluation

    def _banned_uses(self, system: Any, doc: "Document", evaluation: "Evaluation",
                     bans: list[Change]) -> "Evaluation":
        # The fields that name a catalog's entries are those the game offers its entries for.
        before = _offered(system, doc, editions.Rules(self.edition))
        after = _offered(system, doc, editions.Rules(self.edition, self))
        uses: dict[tuple[Any, ...], tuple[str, Change]] = {}
        for ban in bans:
            key = ban.address[-1][1]
            spellings = {fold(key)} | ({fold(ban.value)} if isinstance(ban.value, str) else set())
            for pattern, offered in before.items():
                if key not in offered or key in after.get(pattern, ()):
                    continue
                for path, value in matching(doc.data, pattern):
                    # A name is a value, or, where the pattern ends in a mapping's keys, a key.
                    for written in (value, path[-1] if pattern.endswith("*") and path else None):
                        if isinstance(written, str) and fold(written) in spellings:
                            uses[path] = (written, ban)
        if not uses:
            return evaluation
        kept = [f for f in evaluation.findings
                if not (f.place.file == doc.label and f.place.path in uses
                        and uses[f.place.path][0] in [str(v) for v in f.params.values()])]
        found = [Finding("house-rule-banned", "error", Place(doc, path), ban.cited, {"name": value, "why": ban.why},
                         variant="why" if ban.why else None) for path, (value, ban) in uses.items()]
        return replace(evaluation, findings=FrozenFindings(kept + found))

    def _recited(self, system: Any, doc: "Document", evaluation: "Evaluation", pack: "Pack | None",
                 sets: list[Change]) -> "Evaluation":
        if not evaluation.findings:
            return evaluation
        others = tuple(c for c in self.changes if c.verb != "set")
        rules = editions.Rules(self.edition, _house(self.edition, others) if others else None)
        unchanged = system.evaluate_under(rules, doc, pack)
        there = {_where(f) for f in unchanged.findings}
        lines = [str(c.line) for c in sets if c.line]
        cited = sets[0].cited_why if len(sets) == 1 else f"{RULE_HOUSE}, líneas {', '.join(lines)}"
        findings = [f if _where(f) in there else replace(f, rule=cited) for f in evaluation.findings]
        return replace(evaluation, findings=FrozenFindings(findings))


def _where(finding: Finding) -> tuple[Any, ...]:
    return finding.code, finding.variant, finding.place.file, tuple(finding.place.path)


def _offered(system: Any, doc: "Document", rules: editions.Rules) -> dict[str, set[Any]]:
    """The values the game's page offers at each path pattern of ``doc``, under ``rules``."""
    with editions.using(rules):
        try:
            return {pattern: {value for value, _ in pairs} for pattern, pairs in system.choices(doc.data, None, "es").items()}
        except Exception:  # noqa: BLE001 - a game's choices on a half-made list: none to go by, as on the page
            return {}


def _house(edition: editions.Edition, changes: tuple[Change, ...]) -> HouseRules:
    said = [[c.verb, shown(c.address), c.value, c.why] for c in changes]
    digest = hashlib.sha256(json.dumps(said, ensure_ascii=False, default=str).encode("utf-8")).hexdigest()
    return HouseRules(digest, edition, changes)


def read_house_rules(system: Any, edition: editions.Edition, block: Any,
                     place: Place) -> tuple[editions.Rules | None, list[Finding]]:
    """The pack's ``house_rules:`` over ``edition``, and every problem in it at its line."""
    found = Findings()
    if not isinstance(block, list) or not block:
        _wrong(found, place, "block")
        return None, found
    if len(block) > RULES_MOST:
        _wrong(found, place, "too-many", most=RULES_MOST)
        return None, found
    names = {p.stem: p.name for p in editions.catalog_files(edition.folder)}
    with editions.using(editions.Rules(edition)):
        files = {stem: copy.deepcopy(system.catalog(name)) for stem, name in names.items()}
    refs = references(files)
    read: list[tuple[Change, Place]] = []
    for i, rule in enumerate(block):
        change = _read_rule(rule, place.at(i), files, refs, found, system.floors)
        if change is not None:
            apply(files[change.address[0]], change)
            read.append((change, place.at(i, change.verb)))
    for change, at in read:
        if change.verb == "ban":
            _still_named(change, at, files, refs, found)
    if found:
        return None, found
    rules = editions.Rules(edition, _house(edition, tuple(c for c, _ in read)))
    if not usable(system, rules):
        _wrong(found, place, "unusable")
        return None, found
    return rules, found


def usable(system: Any, rules: editions.Rules) -> bool:
    """Whether the game still reads its catalogs under ``rules``: its starting lists checked,
    shown and offered their choices without a fault (a value of the right kind may still be
    one the game can't use: a rate written as text that is no fraction)."""
    for kind in ("roster", *system.new_kinds()):
        try:
            text = system.starting_roster("es", kind)
        except OSError:
            continue  # a game without starting lists has nothing to try them on
        doc = document_from_bytes(text.encode("utf-8"), Path(f"new-{kind}.yaml").resolve(), f"new-{kind}.yaml")
        try:
            evaluation = system.evaluate_under(rules, doc, None)
            with editions.using(rules):
                evaluation.details  # noqa: B018 - built here, where a fault in it is the rules'
                system.choices(doc.data, evaluation, "es")
        except InputError as exc:
            if exc.code == "house-rules-unusable":
                return False  # the game's fault under these rules, said as the rules' (editions.house_rules_blamed)
            continue  # a file the starting list names and this one doesn't have: nothing about the rules
        except Exception:  # noqa: BLE001 - whatever the game's code meets in catalogs it never shipped
            return False
    return True


def _wrong(found: Findings, at: Place, variant: str, /, **params: Any) -> None:
    """A problem of a house rule, at the pack's line (the variants are ``invalid-house-rule``'s)."""
    found.append(Finding(INVALID, "error", at, RULE_PACK, params, variant))


def _read_rule(rule: Any, at: Place, files: dict[str, Any], refs: References, found: Findings,
               floors: tuple[Floor, ...]) -> Change | None:
    if not isinstance(rule, dict):
        _wrong(found, at, "rule")
        return None
    verbs = [v for v in VERBS if v in rule]
    allowed = VERBS[verbs[0]] if len(verbs) == 1 else KEYS
    before = len(found)
    for key in rule:
        if key not in allowed:
            _wrong(found, at.at(key), "key", key=str(key), hint=closest(str(key), allowed), known=known(allowed))
    if len(verbs) != 1:
        if len(found) == before:
            _wrong(found, at, "verbs" if verbs else "verb")
        return None
    why = rule.get("why")
    if why is not None and not (isinstance(why, str) and why.strip() and len(why) <= TEXT_MOST):
        _wrong(found, at.at("why"), "why", most=TEXT_MOST)
    verb = verbs[0]
    target = rule[verb]
    if not isinstance(target, str) or not target.strip():
        _wrong(found, at.at(verb), "target")
        return None
    where = read_path(files, target)
    if isinstance(where, Unknown):
        if where.at:
            _wrong(found, at.at(verb), "step", step=where.written, within=where.at, hint=where.hint, known=known(where.there))
        else:
            _wrong(found, at.at(verb), "file", file=where.written, hint=where.hint, known=known(where.there))
        return None
    address, current = where
    change = {"set": _set, "ban": _ban, "add": _add}[verb](rule, address, current, at, files, refs, found)
    if change is not None and change.verb != "ban" and len(found) == before:  # of the list's shape: its numbers
        for problem in below(floors, change.verb, shown(change.address), change.value):
            _wrong(found, at.at(*problem.path), problem.variant, **problem.params)
    if change is None or len(found) > before:
        return None
    return replace(change, line=at.at(verb).line, why=why)


TEXT_IN_RULE, ITEMS_IN_RULE, NUMBER_IN_RULE, RULES_MOST = 500, 100, 10**6, 300
"""The most a house rule may write: a text's characters, a list's items, a number's size, and the
rules of one pack. The catalogs' own are far inside them; past them a pack costs the desk seconds
and memory at every list (a skill named ten thousand times, a name of ten thousand letters)."""
FRACTION = re.compile(r"-?[0-9]{1,6}(/[0-9]{1,6})?")


def _bounded(value: Any, at: Place, found: Findings) -> bool:
    """Whether ``value`` stays within what a rule may write; else a problem at its place."""
    if isinstance(value, str) and len(value) > TEXT_IN_RULE or isinstance(value, list) and len(value) > ITEMS_IN_RULE \
            or type(value) is int and abs(value) > NUMBER_IN_RULE:
        _wrong(found, at, "too-big", text=TEXT_IN_RULE, items=ITEMS_IN_RULE, number=NUMBER_IN_RULE)
        return False
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return all([_bounded(child, at.at(key), found) for key, child in children])


def _set(rule: dict[str, Any], address: Address, current: Any, at: Place, files: dict[str, Any], refs: References,
         found: Findings) -> Change | None:
    if "to" not in rule:
        _wrong(found, at, "to")
        return None
    value, steps = rule["to"], address[1:]
    if not steps:
        _wrong(found, at.at("set"), "whole-file")
        return None
    if not _bounded(value, at.at("to"), found):
        return None
    if isinstance(current, str) and FRACTION.fullmatch(current) and not (isinstance(value, str) and FRACTION.fullmatch(value)):
        # A rate the game reads as an exact fraction («1/10»): a text of any other form may be one
        # it can't read, or one that takes it minutes (1e99999999).
        _wrong(found, at.at("to"), "fraction", example=current)
        return None
    entry_key = steps and steps[-1][0] == "entry" and not (isinstance(value, dict) and value.get("key") == steps[-1][1])
    if entry_key or (len(steps) > 1 and steps[-2][0] == "entry" and steps[-1] == ("key", "key")):
        _wrong(found, at.at("set"), "entry-key")
        return None
    for problem in unlike(value, [current]):
        _wrong(found, at.at("to", *problem.path), problem.variant, **problem.params)
    for j, step in enumerate(steps):
        if step[0] != "entry":
            continue
        entries = (address[0], *steps[:j])
        if j + 1 == len(steps):
            _references(value, entries, at.at("to"), files, refs, found)
        elif steps[j + 1][0] == "key":
            _named(names_in(value), refs.get((entries, steps[j + 1][1])), at.at("to"), files, found)
    return Change("set", address, value, None)


def _ban(rule: dict[str, Any], address: Address, current: Any, at: Place, files: dict[str, Any], refs: References,
         found: Findings) -> Change | None:
    if len(address) < 2 or address[-1][0] != "entry":
        _wrong(found, at.at("ban"), "not-entry", target=shown(address))
        return None
    name = current.get("name")
    return Change("ban", address, name if isinstance(name, str) else None, None)


def _add(rule: dict[str, Any], address: Address, current: Any, at: Place, files: dict[str, Any], refs: References,
         found: Findings) -> Change | None:
    if not keyed(current):
        _wrong(found, at.at("add"), "not-keyed", target=shown(address))
        return None
    entry = rule.get("entry")
    if not isinstance(entry, dict):
        _wrong(found, at.at("entry") if "entry" in rule else at, "entry")
        return None
    if not _bounded(entry, at.at("entry"), found):
        return None
    for problem in unlike(entry, current):
        _wrong(found, at.at("entry", *problem.path), problem.variant, **problem.params)
    for field_ in ("key", "name"):
        written = entry.get(field_)
        if isinstance(written, str) and entry_at(current, written) is not None:
            _wrong(found, at.at("entry", field_), "duplicate", name=written, target=shown(address))
    _references(entry, address, at.at("entry"), files, refs, found)
    return Change("add", address, entry, None)


def _references(entry: Any, entries: Address, at: Place, files: dict[str, Any], refs: References,
                found: Findings) -> None:
    """The names an entry of the list at ``entries`` gives in its fields that name other entries."""
    if isinstance(entry, dict):
        for key, value in entry.items():
            _named(names_in(value), refs.get((entries, key)), at.at(key), files, found)


def _named(names: list[str], targets: tuple[Address, ...] | None, at: Place, files: dict[str, Any],
           found: Findings) -> None:
    """An error for each of ``names`` that is no key of the lists at ``targets`` (as they are now)."""
    if not targets:
        return
    keys = keys_of(files, targets)
    for name in names:
        if name not in keys:
            _wrong(found, at, "reference", name=name, lists=", ".join(shown(t) for t in targets),
                   hint=closest(name, keys))


def _still_named(ban: Change, at: Place, files: dict[str, Any], refs: References, found: Findings) -> None:
    """An error where the entry ``ban`` removes is still named by another entry, once every rule is in."""
    key, entries = ban.address[-1][1], ban.address[:-1]
    for (address, field_), targets in refs.items():
        if entries not in targets or key in keys_of(files, targets):
            continue
        try:
            naming = [e for e in follow(files[address[0]], address[1:]) if key in names_in(e.get(field_))]
        except (KeyError, IndexError, StopIteration):  # the list that named it was in a banned entry
            continue
        if naming:
            _wrong(found, at, "named", name=key, by=known(str(e.get("name", e["key"])) for e in naming),
                   target=shown(address))

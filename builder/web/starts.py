"""A new part's first values: as its game starts one, named apart from its list's others, and moved
on to the first choices the rules allow where it goes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from builder.core.errors import InputError
from builder.core.names import fold
from builder.core.pack import Pack
from builder.core.pipeline import evaluate
from builder.core.reader import document_from_bytes
from builder.core.references import fits
from builder.core.system import Evaluation, System
from builder.web.edits import Edit, apply, change
from builder.web.forms import Forms

STARTS_TRIED = 24
"""Starting values tried for a new part before the first choice is kept, broken or not."""


def started(forms: Forms, system: System | None, path: tuple[Any, ...], items: list[Any],
             new: dict[str, Any]) -> dict[str, Any]:
    """A new part as its game starts one (:meth:`System.starts`), named by its kind and the
    first number no other part of its list has taken («Corredor 9», never a second one)."""
    new = {**new, **(system.starts(path) if system is not None else {})}
    name = new.get("name")
    taken = {item.get("name") for item in items if isinstance(item, dict)}
    if isinstance(name, str) and name in taken:
        n = len(items) + 1
        while name in taken and n < len(items) + 100:
            n += 1
            name = forms.new_name((*path, len(items), "name"), n)
        new["name"] = name
    return new


def allowed_start(pack: Pack | None, forms: Forms, data: Any, ev: Evaluation, path: tuple[Any, ...],
                  item: dict[str, Any], put: Callable[[Any], Edit] | None = None,
                  form: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A new part's first choices, moved on to the first the rules allow here (a new runner
    of a team with a brujo doesn't start as an elf; a hero's new companion not an animal he
    can't train), within STARTS_TRIED tries; ``put``: how the part goes in (appended to its
    list, else set at ``path``); ``form``: its schema, when ``path`` may take several; ``pack``:
    the event's, whose rules apply too."""
    if ev.source is None:
        return item
    if put is None:
        def put(candidate: Any) -> Edit:
            return Edit("append", path[:-1], candidate)
    before = {(f.code, f.place.path) for f in ev.findings.errors}
    tries = 0

    def breaks(candidate: dict[str, Any]) -> bool:
        nonlocal tries
        tries += 1
        trial = change(data, put(candidate))
        try:
            result = evaluate(replace(ev.source, data=trial), pack=pack, view=False)
        except InputError:
            return False
        return any((f.code, f.place.path) not in before for f in result.findings.errors)

    if not breaks(item):
        return item
    fields = forms.resolve(form or forms.at(path, change(data, put(item))) or {}).get("properties", {})
    for key, value in list(item.items()):
        # The game's choices, else the values the schema lists (a machine mobile or not).
        options = [o.value for o in forms.options_for((*path, key))] or \
            [str(v) for v in forms.resolve(fields.get(key, {})).get("enum", ())]
        for option in options[1:]:
            if tries >= STARTS_TRIED:
                return item
            candidate = {**item, key: type(value)(option) if isinstance(value, int) else option}
            if not breaks(candidate):
                return candidate
    return item


def under_house_rules(system: System, pack: Pack | None, text: str) -> str:
    """A starting list's ``text`` as an event with house rules takes it: each entry its rules ban
    (the book's starting team has an elf; the event bans elves) replaced by the first the page
    offers in its place. The text as it is for an event without house rules."""
    if pack is None or pack.rules is None or pack.rules.house is None:
        return text
    try:
        doc = document_from_bytes(text.encode("utf-8"), Path("new-roster.yaml").resolve(), "new-roster.yaml")
        checked = evaluate(doc, pack=pack)
    except InputError:
        return text
    for finding in checked.findings:
        if finding.code != "house-rule-banned":
            continue
        banned = fold(str(finding.params.get("name")))
        for pattern, pairs in system.choices(doc.data, checked, "es").items():
            if fits(tuple(finding.place.path), pattern):
                allowed = [value for value, _ in pairs if fold(str(value)) != banned]
                if allowed:
                    text = apply(text, Edit("set", tuple(finding.place.path), allowed[0]))
                break
    return text

"""What an event's pack fixes of a roster, shown as fixed: the values the check takes from the
pack rather than from the list (``System.prepare``: the pack's keys a list file also has), and the
pack's other rules (the runners every lineup has, in one game), which the list can't write at all.

A list written for 300 points shows the event's 250, read-only, with «fijado por el evento»: the
player sees the limit the status counts against, never one the check doesn't use."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from builder.core import messages
from builder.core.pack import Pack
from builder.core.system import System
from builder.web.forms import Forms, Node


def fixed_values(pack: Pack | None, system: System) -> dict[str, Any]:
    """The roster's top-level keys whose value the pack sets (its own value each), as the check
    puts them over the list's."""
    if pack is None or pack.system != system.key:
        return {}
    return pack.overrides(set(system.file_model.field_keys.values()))


def fix(root: Node, forms: Forms, fixed: Mapping[str, Any]) -> Node:
    """The roster's form with each value the pack fixes shown as the pack's, marked fixed."""
    if not fixed or root.kind != "object":
        return root
    properties = root.schema.get("properties", {})
    children = []
    for child in root.children:
        key = child.path[-1] if child.path else None
        if isinstance(key, str) and key in fixed and key in properties:
            child = forms.build(fixed[key], (key,), properties[key], key, child.required, True)
            for node in child.walk():
                node.fixed = True
        children.append(child)
    return replace(root, children=children)


def event_rules(pack: Pack | None, system: System, forms: Forms, lang: str) -> list[tuple[str, str]]:
    """The pack's rules no list writes (the runners every lineup has), each as its label and value."""
    if pack is None or pack.system != system.key:
        return []
    given = pack.values.model_dump(by_alias=True, exclude={"system", "name"}, exclude_unset=True)
    written = set(system.file_model.field_keys.values())
    return [(_label(system, forms, key, lang), shown(value, lang)) for key, value in given.items()
            if key not in written and value is not None]


def _label(system: System, forms: Forms, key: str, lang: str) -> str:
    """A pack's own key in the player's words (``form.pack.<game>.<key>``), else as a form labels it."""
    word = f"form.pack.{system.key}.{key}"
    return messages.text(word, lang) if word in messages.table() else forms.label(key, {})


def shown(value: Any, lang: str) -> str:
    """A value the event fixes, as the page writes it."""
    if isinstance(value, bool):
        return messages.text("serve.yes" if value else "serve.no", lang)
    return str(value)


def touches(path: tuple[Any, ...], fixed: Mapping[str, Any]) -> bool:
    """Whether a change at ``path`` would change a value the event fixes."""
    return bool(path) and isinstance(path[0], str) and path[0] in fixed

"""The page's server-rendered parts (Jinja2): the builder view of a roster."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.core import messages
from builder.core.findings import input_error_dict
from builder.web.building import View
from builder.web.downloads import download_stem
from builder.web.forms import Node

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=1)
def _environment() -> Environment:
    # Every value is escaped: a roster's names and the findings that quote them are text.
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=False, lstrip_blocks=False)


def render_build(view: View, lang: str) -> str:
    def t(key: str, **params: Any) -> str:
        return messages.text(key, lang, **params)

    unreadable = input_error_dict(view.unreadable, lang)["message"] if view.unreadable is not None else ""
    return _environment().get_template("build.html").render(
        t=t, lang=lang, relative=view.relative, text=view.text, version=view.version, at=view.at,
        unreadable=view.unreadable is not None, unreadable_message=unreadable, evaluation=view.evaluation,
        sections=view.sections, detail=view.detail, general=view.general, part=_part_name(view, lang),
        reads=view.reads, read_by=view.read_by, carried=view.carried, carried_note=view.carried_note,
        event_rules=view.event_rules, whole=view.whole or messages.text("serve.roster", lang),
        stem=download_stem(view.evaluation, view.relative),
        **_names(view, lang))


def _part_name(view: View, lang: str) -> str:
    """The part shown, as a list inside it is said to be its own («Añadir a Armas de Sargento»)."""
    if view.detail is None or not view.at:
        return view.whole or messages.text("serve.the-roster", lang)
    return str(view.detail.title or view.detail.label)


def _names(view: View, lang: str) -> dict[str, Any]:
    """Whose each list of the part shown is (a servant's «Competencias» are the servant's, not its
    machine's), and what each ✕ removes: no two controls of the view read alike (issue 40), so
    a name shared by two is told apart by its list, then by its place in it."""
    part = _part_name(view, lang)
    owners: dict[tuple[Any, ...], tuple[str, tuple[Any, ...]]] = {}
    removed: dict[tuple[Any, ...], tuple[str, str, int]] = {}

    def walk(node: Node, owner: tuple[str, tuple[Any, ...]]) -> None:
        owners[node.path] = owner
        inner = owner
        if node is not view.detail and node.kind == "object" and node.path and type(node.path[-1]) is int:
            inner = (node.title or node.label, node.path)
        for i, child in enumerate(node.children):
            if node.kind in ("list", "map"):
                mine = owner[0] if owner[0] != part else ""
                list_name = messages.text("serve.list-of", lang, list=node.label, part=mine) if mine else node.label
                removed[child.path] = (child.label if node.kind == "map" else child.title or child.label, list_name, i + 1)
            walk(child, inner)

    if view.detail is not None:
        walk(view.detail, (part, ()))
        if view.at and type(view.at[-1]) is int:  # the part shown has its own ✕
            section = next((s.label for s in view.sections if s.path == view.at[:-1]), "")
            removed[view.detail.path] = (view.detail.title or view.detail.label, section, view.at[-1] + 1)
    adds = Counter((n.label, owners[p][0]) for p, n in _lists(view.detail))
    gone = Counter(name for name, _, _ in removed.values())
    gone_in = Counter((name, where) for name, where, _ in removed.values())

    def whose(node: Node) -> str:
        name, at = owners.get(node.path, (part, ()))
        if adds[(node.label, name)] > 1 and at:
            return messages.text("serve.nth", lang, name=name, n=at[-1] + 1)
        return name

    def removes(node: Node) -> str:
        if node.path not in removed:
            return messages.text("serve.remove-named", lang, name=node.title or node.label)
        name, where, n = removed[node.path]
        if gone[name] == 1 or not where:
            return messages.text("serve.remove-named", lang, name=name)
        if gone_in[(name, where)] > 1:
            where = messages.text("serve.nth", lang, name=where, n=n)
        return messages.text("serve.remove-from", lang, name=name, list=where)

    return {"whose": whose, "removes": removes}


def _lists(node: Node | None) -> list[tuple[tuple[Any, ...], Node]]:
    return [] if node is None else [(n.path, n) for n in node.walk() if n.kind in ("list", "map")]

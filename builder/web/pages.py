"""The page's server-rendered parts (Jinja2): the builder view of a roster."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.core import messages
from builder.core.findings import input_error_dict
from builder.web.building import View

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
        reads=view.reads, read_by=view.read_by)


def _part_name(view: View, lang: str) -> str:
    """The part shown, as a list inside it is said to be its own («Añadir a Armas de Sargento»)."""
    if view.detail is None or not view.at:
        return messages.text("serve.the-roster", lang)
    return str(view.detail.title or view.detail.label)

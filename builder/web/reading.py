"""A checked list as players read it, read-only: its game, name and player, whether it is legal, its
points (or its game's own measure), its fingerprint, its problems in words, and its parts (each list
of them, how many, and each one's name and facts). Made from the builder's view of the list (the same
check, the same words as the page), so any host shows it alike: the desk's published lists, a
list shared by a link."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from builder.core import messages, registry
from builder.core.errors import InputError
from builder.core.findings import input_error_dict
from builder.core.pipeline import Outcome
from builder.events.tournament import with_event_rules
from builder.web.building import Builder, View
from builder.web.forms import Node
from builder.web.keeping import Keeper
from builder.web.pages import TEMPLATES

SHOWN_KINDS = ("text", "number", "select", "checkbox")
"""The list's own values shown as facts (its faction, its leader…); groups and lists are its parts.
Its name, player and points limit are not: the reading says them already."""
PROBLEMS_SHOWN = 50
"""Problems said in words: a real list has a handful; the rest of a hostile one are counted."""


@dataclass
class Part:
    title: str
    note: str | None
    problems: int
    inside: list[str] = field(default_factory=list)
    """What the part holds, each with how many when more than one («Fusilero ×3»)."""


@dataclass
class Section:
    label: str
    parts: list[Part] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.parts)


@dataclass
class Reading:
    """What the reading view shows of one file."""

    file: str
    system: str = ""
    """The game's key (as a link names it); :attr:`game` its title."""
    game: str = ""
    name: str | None = None
    player: str | None = None
    legal: bool = False
    roster: bool = True
    status: str = ""
    points: int | None = None
    points_limit: int | None = None
    measure: str | None = None
    fingerprint: str | None = None
    facts: list[tuple[str, str]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    """Each problem's severity and its message in words, errors first."""
    more_problems: int = 0
    unreadable: str | None = None


def _shown_value(node: Node, lang: str) -> str | None:
    if node.value is None or node.value == "" or not node.present:
        return None
    if node.kind == "checkbox":
        return messages.text("serve.reading-yes" if node.value else "serve.reading-no", lang)
    if node.kind == "select":
        return next((o.label for o in node.options if o.value == str(node.value)), str(node.value))
    return str(node.value)


def _inside(part: Node) -> list[str]:
    """The items of the lists a part holds (a squad's members), named, with their count."""
    out = []
    for inner in part.children:
        if inner.kind != "list":
            continue
        for item in inner.children:
            count = next((c.value for c in item.children if c.path[-1:] == ("count",)), None)
            name = str(item.title or item.label)
            out.append(f"{name} ×{count}" if isinstance(count, int) and not isinstance(count, bool) and count > 1 else name)
    return out


def _problems(node: Node) -> int:
    return sum(1 for part in node.walk() for f in part.findings if f.severity == "error")


def reading_of(view: View, lang: str) -> Reading:
    """The reading of a file from its builder view."""
    out = Reading(view.relative)
    if view.unreadable is not None:
        out.unreadable = input_error_dict(view.unreadable, lang)["message"]
    ev = view.evaluation
    if ev is None:
        return out
    game = registry.find(ev.system)
    out.system, out.game = ev.system, game.title if game is not None else ev.system
    out.name, out.player, out.legal, out.roster = ev.name, ev.player, ev.legal, ev.roster
    out.status, out.fingerprint = ev.status_text(lang), ev.fingerprint
    out.points, out.points_limit = ev.points, ev.points_limit
    out.measure = ev.measure.render(lang) if ev.measure is not None else None
    if view.detail is not None:
        for node in view.detail.children:
            value = _shown_value(node, lang) if node.kind in SHOWN_KINDS else None
            if value is not None and value not in (ev.name, ev.player) and node.path[-1:] != ("points_limit",):
                out.facts.append((node.label, value))
    for section in view.sections:
        out.sections.append(Section(section.label, [Part(str(item.title or item.label), item.note, _problems(item),
                                                         _inside(item)) for item in section.children]))
    ordered = sorted(ev.findings, key=lambda f: f.severity != "error")
    out.problems = [(f.severity, f.plain(lang)) for f in ordered[:PROBLEMS_SHOWN]]
    out.more_problems = max(0, len(ordered) - PROBLEMS_SHOWN)
    return out


def kept_status(reading: Reading) -> dict[str, Any] | None:
    """What a page keeps of a list's check beside its texts («Mis listas»: legal, points, limit,
    the game's measure, the status in words, its name), as the builder view's data- attributes
    say it; None for a file that holds no list or can't be read."""
    if not reading.roster or not reading.status:
        return None
    return {"legal": reading.legal, "points": "" if reading.points is None else str(reading.points),
            "limit": "" if reading.points_limit is None else str(reading.points_limit),
            "measure": reading.measure or "", "text": reading.status, "name": reading.name or ""}


def read_file(keeper: Keeper, relative: str, lang: str) -> Reading:
    """The reading of ``relative`` as ``keeper`` holds it, checked as the builder checks it, and
    under the keeper's pack as an event checks a list entered (a list of another game than the
    pack's, the pack's game's rules of a list as entered), so it says what ``builder check --pack``
    and a submission say."""
    text, version = keeper.read(relative)
    view = Builder(keeper).view(relative, text, version, (), lang)
    if view.evaluation is not None and keeper.pack is not None:
        view.evaluation = with_event_rules([Outcome(relative, evaluation=view.evaluation)], keeper.pack)[0].evaluation
    return reading_of(view, lang)


@lru_cache(maxsize=1)
def _environment() -> Environment:
    # A list's names and the problems that quote them are text: every value escaped.
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined)


def render_reading(reading: Reading, lang: str, level: int = 2, downloads: dict[str, str] | None = None) -> str:
    """The reading as HTML, its heading at ``level`` (the page's own sections below it);
    ``downloads``: each file's name and the address it is downloaded from (the YAML)."""
    def t(key: str, **params: Any) -> str:
        return messages.text(key, lang, **params)

    return _environment().get_template("reading.html").render(
        t=t, lang=lang, r=reading, level=max(1, min(level, 5)), downloads=downloads or {})


def unreadable_reading(relative: str, error: InputError, lang: str) -> Reading:
    return Reading(relative, unreadable=input_error_dict(error, lang)["message"])

"""The Cripmaquión catalogs (races, skills, specialties, spells, tables), looked up by name
as people write them: ignoring case, accents, spaces and hyphens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.core import registry
from builder.core.editions import per_rules
from builder.core.names import closest, fold


@dataclass(frozen=True)
class Race:
    key: str
    name: str
    fue: int
    res: int
    skills: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Skill:
    key: str
    name: str
    use: str
    summary: str


def _catalog(filename: str) -> Any:
    """One of the game's catalog files (``catalogs/cripmaquion/``), parsed once."""
    return registry.get("cripmaquion").catalog(filename)


@per_rules
def races() -> dict[str, Race]:
    return {r["key"]: Race(r["key"], r["name"], r["fue"], r["res"], tuple(r["skills"]), r["summary"])
            for r in _catalog("races.yaml")["races"]}


@per_rules
def skills() -> dict[str, Skill]:
    return {s["key"]: Skill(s["key"], s["name"], s["use"], s["summary"])
            for s in _catalog("skills.yaml")["skills"]}


@per_rules
def specialties() -> dict[str, dict[str, Any]]:
    return {s["key"]: s for s in _catalog("specialties.yaml")["specialties"]}


@per_rules
def stars() -> dict[str, tuple[str, ...]]:
    """Star runner -> the two specialties it combines."""
    return {s["key"]: tuple(s["specialties"]) for s in _catalog("specialties.yaml")["stars"]}


def gregario() -> dict[str, Any]:
    return _catalog("specialties.yaml")["gregario"]


@per_rules
def spells() -> list[dict[str, Any]]:
    return _catalog("spells.yaml")["spells"]


def tables() -> dict[str, Any]:
    return _catalog("tables.yaml")


@per_rules
def _index(kind: str) -> dict[str, str]:
    """Folded spelling -> key, for races and for specialty words (specialties, stars, gregario)."""
    if kind == "race":
        entries = [(r.key, r.name) for r in races().values()]
    else:
        entries = [(k, v["name"]) for k, v in specialties().items()]
        entries += [(k, k) for k in stars()] + [(gregario()["key"], gregario()["name"])]
    out: dict[str, str] = {}
    for key, name in entries:
        out[fold(key)] = key
        out[fold(name)] = key
    return out


def lookup(kind: str, written: str) -> str | None:
    """The catalog key a user's spelling names ("Hombre Rata" -> hombre-rata), or None."""
    return _index(kind).get(fold(written))


def suggest(kind: str, written: str) -> str | None:
    """The closest known spelling, for "did you mean"."""
    return closest(written, sorted(set(_index(kind).values())))


@per_rules
def star_names() -> dict[str, str]:
    """Star runner key -> its name as the book prints it."""
    return {s["key"]: s["name"] for s in _catalog("specialties.yaml")["stars"]}


def star_of(specialty_keys: frozenset[str]) -> str | None:
    for star, pair in stars().items():
        if frozenset(pair) == specialty_keys:
            return star
    return None

"""The Confrontation catalogs: competencies, artillery, damage and incident tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.core import registry
from builder.core.editions import per_rules
from builder.core.names import closest, fold


@dataclass(frozen=True)
class CompetencyInfo:
    key: str
    name: str
    group: str
    x_min: int | None
    x_max: int | None
    takes_x: bool
    holders: frozenset[str]
    moving_only: bool
    needs_structure_points: bool
    machine_needs_structure_points: bool
    """Needs PE when the machine itself carries it (a servant carrying it is a fighter)."""
    needs_access: bool
    summary: str


def _catalog(filename: str) -> Any:
    """One of the game's catalog files (``catalogs/confrontation/``), parsed once."""
    return registry.get("confrontation").catalog(filename)

@per_rules
def competencies() -> dict[str, CompetencyInfo]:
    out = {}
    for c in _catalog("competencies.yaml")["competencies"]:
        x = c.get("x") or {}
        out[c["key"]] = CompetencyInfo(
            key=c["key"], name=c["name"], group=c["group"], x_min=x.get("min"), x_max=x.get("max"),
            takes_x=bool(c.get("x")), holders=frozenset(c["holders"]), moving_only=bool(c.get("moving_only")),
            needs_structure_points=bool(c.get("needs_structure_points")), needs_access=bool(c.get("access")),
            machine_needs_structure_points=bool(c.get("machine_needs_structure_points")),
            summary=c["summary"])
    return out


@per_rules
def _index() -> dict[str, str]:
    out: dict[str, str] = {}
    for c in _catalog("competencies.yaml")["competencies"]:
        for spelling in [c["key"], c["name"], *c.get("aliases", [])]:
            out[fold(spelling)] = c["key"]
    return out


def lookup(written: str) -> CompetencyInfo | None:
    key = _index().get(fold(written))
    return competencies()[key] if key else None


def suggest(written: str) -> str | None:
    return closest(written, list(competencies()))


def access_sides() -> list[str]:
    return list(_catalog("competencies.yaml")["access"])


def table(filename: str) -> Any:
    return _catalog(filename)


def artillery_rank(class_: str, type_: str) -> dict[str, Any] | None:
    """The rank of artillery of this class and type (ligera/pesada, perforante/zona)."""
    return next((r for r in table("artillery.yaml")["ranks"] if r["class"] == class_ and r["type"] == type_), None)


def characteristics() -> list[dict[str, str]]:
    """The characteristics the booklet names, in its order: key, Spanish and English name, and
    the abbreviation where the booklet prints one."""
    return list(table("characteristics.yaml")["characteristics"])

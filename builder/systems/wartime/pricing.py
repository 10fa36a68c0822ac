"""Price every archetype of a Warbook, with a breakdown that adds up to its cost."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from builder.core.findings import Place
from builder.systems.wartime import costs
from builder.systems.wartime.records import (
    KINDS, Archetype, Body, Character, Circle, Object, Protection, Rectangle, Transport, Triangle, Warbook,
    Weapon, Zone,
)


class Entry:
    """One archetype of the Warbook, priced."""

    __slots__ = ("kind", "archetype", "place", "breakdown", "cost", "archetype_cost", "magazines_cost", "derived",
                 "parts", "position")

    def __init__(self, kind: str, archetype: Archetype, place: Place, position: int = 0):
        self.kind = kind
        self.archetype = archetype
        self.place = place
        self.breakdown: dict[str, int] = {}
        self.cost: int | None = None
        """None when a part it names does not exist."""
        self.archetype_cost: int | None = None
        """The archetype's own cost, floored at 1 point; ``cost`` adds its magazines on top (ruling 5a)."""
        self.magazines_cost = 0
        """The magazines bought for its weapons (a pilot's, for his transport's too): never floored."""
        self.derived: dict[str, Any] = {}
        self.parts: dict[str, list[Entry | None]] = {}
        """The archetypes it names, by key (body, weapons…), resolved once: None where a name matches nothing."""
        self.position = position
        """Its place among all the Warbook's archetypes, in the Warbook's order."""

    @property
    def name(self) -> str:
        return self.archetype.name

    def __repr__(self) -> str:
        return f"Entry({self.kind}, {self.name!r}, cost={self.cost})"


def area_k2(area: Any) -> int:
    """An area in whole K²: shapes (and decimal values) to the nearest whole K², .5 up. A composite
    area (a list) adds its parts exactly and rounds once."""
    if isinstance(area, int):
        return area  # a whole K² value: nothing to round
    if not isinstance(area, list):
        return costs.round_nearest(_exact_area(area))
    return costs.round_nearest(sum((_exact_area(part) for part in area), Fraction(0)))


def _exact_area(area: Any) -> Fraction | float:
    if isinstance(area, Circle):
        return math.pi * (area.diameter / 2) ** 2
    if isinstance(area, Rectangle):
        return costs.exact(area.length) * costs.exact(area.width)
    if isinstance(area, Triangle):
        return costs.exact(area.length) * costs.exact(area.width) / 2
    return costs.exact(area)


def defense_values(defense: Any) -> dict[str, int]:
    """A transport's defense as paid: one value, or each of its zones."""
    if isinstance(defense, int):
        return {"defense": defense}
    return {f"defense_{zone}": value for zone, value in defense.model_dump().items() if value is not None}


_PRICING_ORDER = ("body", "weapon", "protection", "object", "transport", "character", "zone")


class PricedWarbook:
    """The Warbook with every archetype priced and every name resolvable by kind."""

    def __init__(self, warbook: Warbook, place: Place):
        self.warbook = warbook
        self.entries: list[Entry] = []
        self.index: dict[str, dict[str, Entry]] = {kind: {} for kind in KINDS.values()}
        by_kind: dict[str, list[Entry]] = {}
        for key, kind in KINDS.items():
            archetypes = getattr(warbook, key)
            if not archetypes:
                continue
            at, index, entries = place.at(key), self.index[kind], by_kind.setdefault(kind, [])
            for position, archetype in enumerate(archetypes):
                entry = Entry(kind, archetype, at.at(position), len(self.entries))
                self.entries.append(entry)
                entries.append(entry)
                index.setdefault(archetype.name, entry)
        # Transports and characters are priced after the parts they carry.
        for kind in _PRICING_ORDER:
            for entry in by_kind.get(kind, ()):
                self._price(entry)

    def find(self, kind: str, name: str) -> Entry | None:
        return self.index[kind].get(name)

    def characters(self) -> list[Entry]:
        return [e for e in self.entries if e.kind == "character"]

    def _resolve(self, entry: Entry, key: str, kind: str, names: list[str]) -> list[Entry | None]:
        entry.parts[key] = [self.find(kind, n) for n in names]
        return entry.parts[key]

    def _part_costs(self, entry: Entry, key: str, kind: str, names: list[str]) -> int | None:
        return _cost_of(self._resolve(entry, key, kind, names))

    def _price(self, entry: Entry) -> None:
        a = entry.archetype
        kind = type(a)
        parts: dict[str, int | None]
        if kind is Body:
            entry.derived = body_values(a)
            cost = costs.attribute_cost
            parts = {"con": cost(a.con), "agi": cost(a.agi), "int": cost(a.int_), "rea": cost(a.rea),
                     "vol": cost(a.vol)}
        elif kind is Weapon:
            k2 = area_k2(a.area)
            entry.derived = {"area_k2": k2, "magazine_capacity": costs.magazine_capacity(a.damage),
                             "reload_energy": costs.reload_energy(a.damage)}
            parts = {"damage": costs.grade_cost(a.damage), "range": costs.range_cost(a.damage, a.range),
                     "area": costs.weapon_area_cost(a.damage, k2), "energy": -costs.grade_cost(a.energy)}
        elif kind is Protection:
            parts = {"protection": costs.grade_cost(a.protection), "energy": -costs.grade_cost(a.energy)}
        elif kind is Character:
            parts = self._character_parts(entry, a)
        elif kind is Object:
            k2 = area_k2(a.area)
            entry.derived = {"area_k2": k2}
            parts = {"area": costs.object_area_cost(k2), "capacity": costs.capacity_cost(a.capacity),
                     "energy": -costs.grade_cost(a.energy)}
        elif kind is Transport:
            parts = {k: costs.grade_cost(v) for k, v in defense_values(a.defense).items()}
            parts |= {"weapons": self._part_costs(entry, "weapons", "weapon", a.weapons),
                      "objects": self._part_costs(entry, "objects", "object", a.objects),
                      "capacity": costs.capacity_cost(a.capacity), "energy": -costs.grade_cost(a.energy)}
            entry.derived = {"movement": costs.movement(a.base_length_cm)}
        elif kind is Zone:
            entry.cost = 0
            return
        else:  # pragma: no cover - KINDS and this switch are kept in step
            raise TypeError(kind)
        parts["bonus"] = sum(t.cost for t in a.bonus) if a.bonus else 0
        parts["malus"] = -sum(t.cost for t in a.malus) if a.malus else 0
        # Magazines are bought on top of the archetype, whose cost alone is floored at 1 point
        # (ruling 5a): a cheap archetype doesn't get its ammunition for free.
        bought = self._bought_magazines(entry, a)
        if None in parts.values() or None in bought.values():
            entry.breakdown = {k: v for k, v in (parts | bought).items() if v is not None}
            return
        raw = sum(parts.values())
        entry.archetype_cost = costs.floored(raw)
        if entry.archetype_cost != raw:
            parts["minimum"] = entry.archetype_cost - raw
        entry.magazines_cost = sum(bought.values())  # type: ignore[arg-type]
        entry.cost = entry.archetype_cost + entry.magazines_cost
        entry.breakdown = parts | bought  # type: ignore[operator]

    def _bought_magazines(self, entry: Entry, a: Archetype) -> dict[str, int | None]:
        """The magazines parts of a cost: a transport's for its weapons; a character's for his own
        and for his transport's weapons, and the magazines his transport bought (ruling 18a)."""
        if isinstance(a, Transport):
            return self._magazines(a.magazines)
        if not isinstance(a, Character):
            return {}
        bought = self._magazines(a.magazines)
        for transport in entry.parts.get("transport", []):
            if transport is not None and transport.cost is None:
                bought["transport_magazines"] = None  # its magazines name a weapon that doesn't exist
            elif transport is not None and transport.magazines_cost:
                bought["transport_magazines"] = transport.magazines_cost
        return bought

    def _character_parts(self, entry: Entry, c: Character) -> dict[str, int | None]:
        body = self._resolve(entry, "body", "body", [c.body])[0]
        transport = self._resolve(entry, "transport", "transport", [c.transport] if c.transport else [])
        protections = self._resolve(entry, "protections", "protection", c.protections)
        derived: dict[str, Any] = {"level": None, "energy": None, "vitality": None}
        if body is not None:
            derived = body_values(body.archetype)  # type: ignore[arg-type]
        known = [p.archetype.protection for p in protections if p is not None]  # type: ignore[attr-defined]
        derived["defense"] = sum(known) if len(known) == len(protections) else None
        derived["movement"] = costs.movement(c.base_diameter_cm)
        entry.derived = derived
        return {
            "body": body.cost if body else None,
            # The transport's archetype, floored; its magazines are added on top (ruling 5a).
            "transport": _archetype_cost_of(transport),
            "weapons": self._part_costs(entry, "weapons", "weapon", c.weapons),
            "protections": _cost_of(protections),
            "objects": self._part_costs(entry, "objects", "object", c.objects),
            "fortune": costs.fortune_cost(c.fortune),
        }

    def _magazines(self, magazines: dict[str, int]) -> dict[str, int | None]:
        """The magazines part of a cost, only where some are bought (Munición [opcional]): each
        costs its weapon's damage. Unknown (None) while a weapon named doesn't exist."""
        if not magazines:
            return {}
        weapons = [(self.find("weapon", name), n) for name, n in magazines.items()]
        if any(w is None for w, _ in weapons):
            return {"magazines": None}
        return {"magazines": sum(costs.magazines_cost(w.archetype.damage, n) for w, n in weapons)}  # type: ignore


def body_values(b: Body) -> dict[str, int]:
    """What a body gives whoever has it: level (the five attributes), energy (REA + 5, at most
    10) and vitality (CON) (Arquetipos corporales)."""
    return {"level": b.con + b.agi + b.int_ + b.rea + b.vol, "energy": min(b.rea + 5, 10), "vitality": b.con}


def _archetype_cost_of(found: list[Entry | None]) -> int | None:
    """What the parts' archetypes add up to, each floored, without their magazines."""
    if any(e is None or e.archetype_cost is None for e in found):
        return None
    return sum(e.archetype_cost for e in found)  # type: ignore[union-attr,misc]


def _cost_of(found: list[Entry | None]) -> int | None:
    """What the parts add up to; None when one is missing or can't be priced."""
    if any(e is None or e.cost is None for e in found):
        return None
    return sum(e.cost for e in found)  # type: ignore[union-attr,misc]

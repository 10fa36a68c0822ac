"""What a squad acts with (Escuadras): its energy, reaction phase and willpower, and in a
formation its defense and fortune; with the crew rulings that decide them (18b, 18d, 18e)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.systems.wartime.pricing import Entry, defense_values

MEMBERS_PER_WILL = 5
"""A squad adds 1 to its willpower check for every 5 members (Escuadras · Chequeos de voluntad)."""
SUCCESS_MOST = 10
"""A check's success raised past 10 counts as 10 (Chequeos, l. 120)."""


@dataclass
class Model:
    """One member line or crew line of a squad, with what the rules resolved it to."""

    index: int
    row: dict[str, Any]
    entry: Entry | None
    body: Entry | None
    pilot: Model | None = None
    """For a crew line, the line of the pilot whose vehicle it mans."""

    @property
    def vehicle(self) -> bool:
        """A pilot fielded with his transport: he and his crew are one member, hit as the transport."""
        if self.pilot is not None or self.entry is None:
            return False
        return self.entry.archetype.transport is not None  # type: ignore[attr-defined]

    @property
    def inside(self) -> bool:
        """A crew member of a vehicle: he acts and is hit through it."""
        return self.pilot is not None and self.pilot.vehicle


def fielded(members: list[dict[str, Any]], entries: list[Entry]) -> list[Model]:
    """The squad's lines that field at least one model."""
    lines: dict[int, Model] = {}
    for i, row in enumerate(members):
        entry = entries[row["archetype"]] if row["archetype"] is not None else None
        body = entry.parts.get("body", [None])[0] if entry else None
        lines[i] = Model(i, row, entry, body, lines.get(row["crew_of"]) if row.get("crew_of") is not None else None)
    return [m for m in lines.values() if m.row["count"]]


def known(models: list[Model]) -> bool:
    return bool(models) and all(m.entry is not None and m.body is not None for m in models)


def acting_energy(pilot: Model, models: list[Model]) -> int:
    """A character's energy; a pilot's is the whole crew's added up: the pilot's and each crew
    member's of one vehicle (Tripulación, l. 639)."""
    crew = [m for m in models if m.pilot is pilot]
    aboard = sum(m.entry.derived["energy"] * m.row["per_vehicle"] for m in crew)  # type: ignore[union-attr]
    return pilot.entry.derived["energy"] + aboard  # type: ignore[union-attr]


def vehicle_defense(pilot: Model) -> int | None:
    """A vehicle is hit as a transport (l. 287–288), so it defends with its lowest defense: its only
    value, or its weakest zone (ruling 18b). None while the transport doesn't resolve."""
    transport = (pilot.entry.parts.get("transport") or [None])[0]  # type: ignore[union-attr]
    if transport is None:
        return None
    zones = defense_values(transport.archetype.defense)  # type: ignore[attr-defined]
    return min(zones.values()) if zones else None


def member_defense(model: Model) -> int | None:
    return vehicle_defense(model) if model.vehicle else model.entry.derived.get("defense")  # type: ignore[union-attr]


def formation_defense(models: list[Model]) -> int | None:
    """The lowest defense of the formation's members (l. 372): a vehicle's, not its crew's armour."""
    defenses = [member_defense(m) for m in models if not m.inside]
    return None if not defenses or None in defenses else min(defenses)  # type: ignore[type-var]


def willpower(models: list[Model], members: int) -> int:
    """The highest VOL of any model + 1 per 5 members (l. 392), at most 10."""
    return min(max(m.body.archetype.vol for m in models) + members // MEMBERS_PER_WILL, SUCCESS_MOST)  # type: ignore[union-attr]


def squad_values(members: list[dict[str, Any]], member_count: int, entries: list[Entry],
                 formation: bool) -> dict[str, Any]:
    """What a squad acts with (Escuadras): the lowest energy and the lowest REA (its reaction
    phase) of its members, and the highest VOL + 1 per 5 members for willpower checks. A vehicle
    and its crew act as one member whose energy is the crew's added up (Tripulación). A
    formation (large armies) also has the lowest defense and the members' fortune added up.
    None where a member's character doesn't resolve."""
    models = fielded(members, entries)
    ok = known(models)
    out: dict[str, Any] = {"energy": None, "reaction_phase": None, "willpower": None}
    manned = [m for m in models if any(c.pilot is m for c in models)]
    if manned:
        out["crews"] = [{"pilot": m.row["character"], "vehicles": m.row["count"],
                         "energy": acting_energy(m, models) if ok else None} for m in manned]
    if ok:
        out["energy"] = min(acting_energy(m, models) for m in models if m.pilot is None)
        out["reaction_phase"] = min(m.body.archetype.rea for m in models)  # type: ignore[union-attr]
        out["willpower"] = willpower(models, member_count)
    if formation:
        out["formation"] = {
            "energy": out["energy"],
            "defense": formation_defense(models) if ok else None,
            "fortune": sum(m.entry.archetype.fortune * m.row["count"] for m in models) if ok else None,  # type: ignore
        }
    return out

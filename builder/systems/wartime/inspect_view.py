"""What ``builder inspect`` shows of a Wartime file: every archetype priced, every squad totalled."""

from __future__ import annotations

from typing import Any

from builder.findings import Place
from builder.messages import text
from builder.systems.base import Evaluation
from builder.systems.wartime.records import WartimeFile
from builder.systems.wartime.pricing import Entry, PricedWarbook
from builder.systems.wartime.rules import ListTotal
from builder.validators import whole_number


def tidy(value: Any) -> Any:
    """Whole floats as ints (7.0 -> 7), recursively, for display."""
    if isinstance(value, dict):
        return {k: tidy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tidy(v) for v in value]
    return whole_number(value)


def archetype(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": entry.name,
        "kind": entry.kind,
        "cost": None if entry.kind == "zone" else entry.cost,
        "breakdown": dict(entry.breakdown),
    }
    out.update(tidy(entry.archetype.model_dump(by_alias=True, mode="json", exclude={"name"})))
    out.update(entry.derived)
    if entry.parts:
        # Where each named part is among the archetypes (None: the name matches nothing), so
        # printouts use what the rules resolved instead of looking names up again.
        out["parts"] = {key: [p.position if p else None for p in found] for key, found in entry.parts.items()}
    if entry.kind == "character":
        movement = entry.derived.get("movement")
        out["squad_structure_cm"] = None if movement is None else 2 * movement
    return out


def details(file: WartimeFile, book: PricedWarbook, total: ListTotal, warbook_place: Place) -> dict[str, Any]:
    return {
        "system": "wartime",
        "name": file.name,
        "points": total.points,
        "points_limit": file.points_limit,
        "models": total.models,
        "formations": file.formations,
        "restrictions": file.restrictions.model_dump(),
        "warbook": warbook_place.file,
        "archetypes": [archetype(e) for e in book.entries],
        "squads": [{"name": s.name, "models": s.models, "member_count": s.member_count, "points": s.points,
                    "members": s.members, **squad_values(s.members, s.member_count, book.entries, file.formations)}
                   for s in total.squads],
    }


MEMBERS_PER_WILL = 5
"""A squad adds 1 to its willpower check for every 5 members (Escuadras · Chequeos de voluntad)."""
SUCCESS_MOST = 10
"""A check's success raised past 10 counts as 10 (Chequeos, l. 120)."""


def squad_values(members: list[dict[str, Any]], member_count: int, entries: list[Entry],
                 formation: bool) -> dict[str, Any]:
    """What a squad acts with (Escuadras): the lowest energy and the lowest REA (its reaction
    phase) of its members, and the highest VOL + 1 per 5 members for willpower checks (at most
    10, as any check's success). A vehicle
    and its crew act as one member whose energy is the crew's added up (Tripulación). A
    formation (large armies) also has the lowest defense and the members' fortune added up.
    None where a member's character doesn't resolve."""
    fielded = [({**row, "row": i}, entries[row["archetype"]] if row["archetype"] is not None else None)
               for i, row in enumerate(members) if row["count"]]
    bodies = [(e, e.parts.get("body", [None])[0] if e else None, row) for row, e in fielded]
    known = all(e is not None and body is not None for e, body, _ in bodies) and bool(bodies)
    out: dict[str, Any] = {"energy": None, "reaction_phase": None, "willpower": None}
    manned = [(e, row) for e, _, row in bodies if any(r.get("crew_of") == row["row"] for _, _, r in bodies)]
    if manned:
        out["crews"] = [{"pilot": row["character"], "vehicles": row["count"],
                         "energy": _acting_energy(row, e, bodies) if known else None} for e, row in manned]
    if known:
        out["energy"] = min(_acting_energy(row, e, bodies) for e, _, row in bodies if row.get("crew_of") is None)
        out["reaction_phase"] = min(body.archetype.rea for _, body, _ in bodies)
        out["willpower"] = min(max(body.archetype.vol for _, body, _ in bodies) + member_count // MEMBERS_PER_WILL,
                               SUCCESS_MOST)
    if formation:
        defenses = [e.derived.get("defense") for e, _, _ in bodies] if known else [None]
        out["formation"] = {
            "energy": out["energy"],
            "defense": None if None in defenses else min(defenses),
            "fortune": sum(e.archetype.fortune * row["count"] for e, _, row in bodies) if known else None,
        }
    return out


def _acting_energy(row: dict[str, Any], entry: Entry, bodies: list[tuple[Entry, Any, dict[str, Any]]]) -> int:
    """A character's energy; a pilot's is the whole crew's added up: the pilot's and each crew
    member's of one vehicle."""
    crew = [(e, r) for e, _, r in bodies if r.get("crew_of") == row["row"]]
    return entry.derived["energy"] + sum(e.derived["energy"] * r["per_vehicle"] for e, r in crew)


def member_label(members: list[dict[str, Any]], row: dict[str, Any], lang: str) -> str:
    """A member line's character, and for a crew line whose vehicle it mans."""
    if row.get("crew_of") is None:
        return row["character"]
    return text("wt.crew-of", lang, name=row["character"], pilot=members[row["crew_of"]]["character"])


def _n(value: Any, lang: str) -> str:
    return text("wt.unknown", lang) if value is None else str(value)


def as_text(evaluation: Evaluation, lang: str) -> str:
    d = evaluation.details or {}
    lines = [f"{d.get('name')} · Wartime", ""]
    lines.append(text("wt.archetypes", lang))
    for a in d.get("archetypes", []):
        cost = text("wt.no-cost", lang) if a["kind"] == "zone" else f"{text('wt.cost', lang)} {_n(a['cost'], lang)}"
        lines.append(f"  [{text('kind.' + a['kind'], lang)}] {a['name']}: {cost}")
        parts = ", ".join(f"{text('part.' + k, lang)} {v:+d}" for k, v in a["breakdown"].items() if v)
        if parts:
            lines.append(f"      = {parts}")
        if a["kind"] == "weapon":
            lines.append("      " + text("wt.weapon-line", lang, capacity=a["magazine_capacity"],
                                             reload=a["reload_energy"]))
        if a["kind"] == "body":
            lines.append("      " + text("wt.body-line", lang, level=a["level"], energy=a["energy"],
                                             vitality=a["vitality"]))
        if a["kind"] == "character":
            values = {k: _n(a[k], lang) for k in ("level", "energy", "vitality", "defense")}
            values["movement"] = text("wt.none", lang) if a["movement"] is None else a["movement"]
            lines.append("      " + text("wt.character-line", lang, **values))
    if d.get("squads"):
        lines += ["", text("wt.squads", lang)]
        for s in d["squads"]:
            lines.append(f"  {s['name']}: {text('wt.models', lang, models=s['models'])}, {_n(s['points'], lang)}")
            lines.append("      " + text("wt.squad-line", lang, energy=_n(s["energy"], lang),
                                             reaction=_n(s["reaction_phase"], lang), will=_n(s["willpower"], lang)))
            for crew in s.get("crews", []):
                lines.append("      " + text("wt.crew-line", lang, pilot=crew["pilot"], energy=_n(crew["energy"], lang)))
            if "formation" in s:
                f = s["formation"]
                lines.append("      " + text("wt.formation-line", lang, defense=_n(f["defense"], lang),
                                                 fortune=_n(f["fortune"], lang), energy=_n(f["energy"], lang)))
            for m in s["members"]:
                label = member_label(s["members"], m, lang)
                lines.append(f"      {m['count']} × {label} ({_n(m['cost'], lang)}) = {_n(m['points'], lang)}")
        limit = f" / {d['points_limit']}" if d.get("points_limit") else ""
        lines.append(f"  {text('wt.total', lang)}: {_n(d['points'], lang)}{limit}")
    return "\n".join(lines)

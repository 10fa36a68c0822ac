"""What ``builder inspect`` shows of a Wartime file: every archetype priced, every squad totalled."""

from __future__ import annotations

from typing import Any

from builder.core.findings import Place
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.wartime.records import WartimeFile
from builder.systems.wartime.pricing import Entry, PricedWarbook
from builder.systems.wartime.rules import ListTotal
from builder.systems.wartime.squads import squad_values
from builder.core.validators import whole_number


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
    if entry.kind in ("character", "transport"):
        # The two parts of the price (ruling 5a): the archetype, floored at 1 point, and the
        # magazines bought on top of it (None while a part can't be priced).
        known = entry.cost is not None
        out["archetype_cost"] = entry.archetype_cost if known else None
        out["magazines_cost"] = entry.magazines_cost if known else None
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
        if a.get("magazines_cost"):
            split = "wt.cost-split-minimum" if a["breakdown"].get("minimum") else "wt.cost-split"
            cost += " " + text(split, lang, archetype=a["archetype_cost"], magazines=a["magazines_cost"])
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

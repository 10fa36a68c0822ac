"""The Confrontation plugin: a force's war machines checked, with their derived figures."""

from __future__ import annotations

from typing import Any, Mapping

from builder.core.display import fit
from builder.core.findings import Findings, Place
from builder.core.fingerprint import content_of
from builder.core.messages import text
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.systems.confrontation import catalog
from builder.systems.confrontation.figures import IMPACT, band_label, bands_text, figures
from builder.systems.confrontation.floors import FLOORS
from builder.systems.confrontation.messages import MESSAGES
from builder.systems.confrontation.records import ConfrontationFile, ConfrontationPack
from builder.systems.confrontation.rules import RULE_FIELDS, TRANSPORT, ResolvedMachine, check_force


class ConfrontationSystem(System):
    key = "confrontation"
    builtin = True
    title = "Confrontation"
    prefix = "CF"
    messages = MESSAGES
    file_model = ConfrontationFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.confrontation.cards"
    sheets_module = "builder.systems.confrontation.sheets"
    floors = FLOORS
    pack_model = ConfrontationPack

    def check(self, file: ConfrontationFile, doc: Document, place: Place, findings: Findings, pack: Pack | None,
              overridden: set[str]) -> Evaluation:
        points, machines = check_force(file, place, findings)
        return Evaluation(self.key, file.name, findings, points=points, points_limit=file.points_limit,
                          player=file.player, extra={"machines": len(file.machines)},
                          fingerprint=self.fingerprint_of(_canonical(file, machines), doc, overridden),
                          view=lambda: {
                              "system": self.key,
                              "name": file.name,
                              "points": points,
                              "points_limit": file.points_limit,
                              "machines": [_machine(m) for m in machines],
                          })

    def browse(self) -> dict[str, list[tuple[str, str]]]:
        return {
            "competencies": [(info.name + _x_range(info), f"{info.key} · {info.summary}")
                             for info in catalog.competencies().values()],
            "artillery": [(r["name"], f"class: {r['class']}, type: {r['type']} · {r['summary']}")
                          for r in catalog.table("artillery.yaml")["ranks"]],
        }

    def starts(self, path: tuple[str | int, ...]) -> Mapping[str, Any]:
        """A new machine is mobile with the book's example cart's Movimiento, 20 (l. 110):
        a mobile engine needs one, and no other value of it is more usual."""
        return {"movement": 20} if path == ("machines",) else {}

    def choices(self, data: Mapping[str, Any], evaluation: Evaluation | None,
                lang: str) -> dict[str, list[tuple[str, str]]]:
        """The catalog's names for the fields that name one: competencies by who may carry them,
        transport access sides, and characteristics (a substitute's minimums are keys of
        ``substitutes``, so ``machines/*/substitutes/*`` names those keys). They come from the
        catalogs alone: no roster, however partial, changes what the book allows."""
        comps = catalog.competencies().values()
        servant = [c for c in comps if "servant" in c.holders or "fighter" in c.holders]
        traits = catalog.characteristics()
        return {
            "machines/*/competencies/*/name": [(c.key, _competency_label(c, lang)) for c in comps
                                               if "machine" in c.holders],
            "machines/*/servants/*/competencies/*/name": [(c.key, _competency_label(c, lang)) for c in servant],
            "machines/*/competencies/*/access": [(side, side) for side in catalog.access_sides()],
            "machines/*/substitutes/*": [(t["key"], t[lang] if lang in t else t["es"]) for t in traits],
            # A boiler's characteristic is written as on the card: its abbreviation where the book has one.
            "machines/*/boiler/characteristic": [(t.get("abbreviation") or t["es"], _trait_label(t, lang))
                                                 for t in traits],
        }

    def notes(self, evaluation: Evaluation, lang: str) -> dict[str, str]:
        """The force's points, and for each machine its cost and the figures ``inspect`` shows, all
        read from the resolved view: on the machine, and each on the field it comes from."""
        details = evaluation.details
        if not isinstance(details, dict):
            return {}
        out: dict[str, str] = {}
        points, limit = details.get("points"), details.get("points_limit")
        machines = details.get("machines")
        machines = machines if isinstance(machines, list) else []
        if _whole(points):
            # A machine without its cost leaves the sum a floor (ruling 44b).
            partial = any(isinstance(m, dict) and m.get("cost") is None for m in machines)
            key = "cf.note.points-of" if _whole(limit) else "cf.note.points"
            out["machines"] = text(key + ("-partial" if partial else ""), lang, points=points, limit=limit)
        for i, machine in enumerate(machines):
            if isinstance(machine, dict):
                out.update(_machine_notes(f"machines/{i}", machine, lang))
        return out

    def inspect_text(self, evaluation: Evaluation, lang: str) -> str:
        d = evaluation.details or {}
        lines = [f"{d['name']} · Confrontation", "", text("cf.machines", lang)]
        for m in d["machines"]:
            kind = text("cf.mobile" if m["kind"] == "movil" else "cf.immobile", lang)
            cost = f" · {m['cost']}" if m["cost"] is not None else ""
            lines.append(f"  {m['name']} ({kind}){cost}")
            comps = ", ".join(c["name"] + (f"/{c['x']}" if c["x"] is not None else "") for c in m["competencies"])
            if comps:
                lines.append(f"      {comps}")
            if m["penalty_thresholds"]:
                lines.append(f"      {text('cf.penalties', lang)} {'/'.join(map(str, m['penalty_thresholds']))} PE")
            if m["capacity_used"]:
                lines.append(f"      {text('cf.capacity', lang)}: {m['capacity_used']}")
            if m["servant_move_penalty"] is not None:
                lines.append(f"      {text('cf.servant-move', lang)}: {m['servant_move_penalty']}")
            if m["turn_every_cm"] is not None:
                lines.append(f"      {text('cf.turn', lang, cm=m['turn_every_cm'])}")
            impact = m["impact_strength"]
            if impact and impact["bands"]:  # a machine that never moves hits nothing (ruling 45e)
                bands = bands_text(impact, lang)
                speed = impact["with_speed_marker"]
                lines.append(f"      {text('cf.impact', lang)}: {bands}"
                             + (f"; {text('cf.speed', lang)}: {speed}" if speed is not None else ""))
        return "\n".join(lines)


SYSTEM = ConfrontationSystem()
"""The plugin, as the registry loads it."""


def _machine(resolved: ResolvedMachine) -> dict[str, Any]:
    """A machine as shown and printed: competencies as the rules resolved them (key, book name and
    summary; key None where the name matches nothing), its artillery rank, and its figures."""
    out = resolved.machine.model_dump(by_alias=True, mode="json")
    pairs = list(zip(out["competencies"], resolved.competencies, strict=True))
    pairs += [pair for servant, found in zip(out["servants"], resolved.servants, strict=True)
              for pair in zip(servant["competencies"], found, strict=True)]
    for comp, info in pairs:
        comp["key"] = info.key if info else None
        comp["summary"] = info.summary if info else None
        if info:
            comp["name"] = info.name
    if out["artillery"]:
        out["artillery"]["rank"] = catalog.artillery_rank(out["artillery"]["class"], out["artillery"]["type"])
    out.update(figures(resolved))
    return out


def _canonical(file: ConfrontationFile, machines: list[ResolvedMachine]) -> dict[str, Any]:
    """Resolved content: competencies by catalog key, whatever their spelling."""
    content = content_of(file)
    for machine, resolved in zip(content.get("machines", []), machines, strict=True):
        found = resolved.competencies + [info for servant in resolved.servants for info in servant]
        listed = machine.get("competencies", []) + [c for s in machine.get("servants", [])
                                                     for c in s.get("competencies", [])]
        for comp, info in zip(listed, found, strict=True):
            comp["name"] = info.key if info else comp["name"]
    return content


NOTE_MOST = 70
"""The longest note the page shows beside a field."""


def _whole(value: Any) -> bool:
    return type(value) is int


def _x_range(info: catalog.CompetencyInfo) -> str:
    """/X and its range, for a competency that takes one."""
    if not info.takes_x:
        return ""
    return f"/X ({info.x_min}–{info.x_max})" if info.x_max else f"/X (≥ {info.x_min or 0})"


def _competency_label(info: catalog.CompetencyInfo, lang: str) -> str:
    """The book's name, with /X and its range, and whether only moving engines carry it."""
    return info.name + _x_range(info) + (f" · {text('cf.note.moving-only', lang)}" if info.moving_only else "")


def _trait_label(trait: dict[str, str], lang: str) -> str:
    name = trait.get(lang) or trait["es"]
    return f"{trait['abbreviation']} ({name})" if trait.get("abbreviation") else name


def _machine_notes(at: str, m: dict[str, Any], lang: str) -> dict[str, str]:
    """One machine's notes: every figure on the machine (as many as fit), and each on its own field."""
    comps = [c for c in m.get("competencies") or [] if isinstance(c, dict)]
    transport = next((c.get("x") for c in comps if c.get("key") == TRANSPORT), None)
    figures: dict[str, str] = {}
    thresholds = m.get("penalty_thresholds")
    if isinstance(thresholds, list) and thresholds:
        figures["structure_points"] = text("cf.note.thresholds", lang, lost="/".join(map(str, thresholds)))
    if _whole(m.get("turn_every_cm")):
        figures["weight"] = text("cf.turn", lang, cm=m["turn_every_cm"])
    if _whole(m.get("servant_move_penalty")):
        figures["servants"] = text("cf.note.servant-move", lang, penalty=m["servant_move_penalty"])
    used = m.get("capacity_used")
    if _whole(transport) and _whole(used):
        figures["embarked"] = text("cf.note.capacity-of", lang, used=used, capacity=transport)
    elif _whole(used) and used:
        figures["embarked"] = text("cf.note.capacity", lang, used=used)
    impact = _impact_notes(m, lang)
    cost = [text("cf.note.cost", lang, cost=m["cost"])] if _whole(m.get("cost")) else []
    out = {at: fit_note(cost + list(figures.values()) + ([impact[1]] if impact else []))}
    out.update({f"{at}/{field}": note for field, note in figures.items()})
    if impact:
        out[f"{at}/competencies/{impact[0]}"] = impact[2]
    return {path: note for path, note in out.items() if note}


def _impact_notes(m: dict[str, Any], lang: str) -> tuple[int, str, str] | None:
    """Where Impacto is among the machine's competencies, its strongest hit in short, and its bands
    (in short too when they don't fit)."""
    impact = m.get("impact_strength")
    bands = impact.get("bands") if isinstance(impact, dict) else None
    comps = m.get("competencies") or []
    where = next((j for j, c in enumerate(comps) if isinstance(c, dict) and c.get("key") == IMPACT), None)
    if not bands or not isinstance(bands, list) or where is None:
        return None
    strongest = bands[-1]
    short = [text("cf.note.impact", lang, strength=strongest["strength"], cm=band_label(strongest, lang))]
    if _whole(impact.get("with_speed_marker")):
        short.append(text("cf.note.speed", lang, strength=impact["with_speed_marker"]))
    every = bands_text(impact, lang)
    return where, short[0], fit_note([every, *short[1:]] if len(every) <= NOTE_MOST else short)


def fit_note(parts: list[str]) -> str:
    return fit(parts, NOTE_MOST)

"""The Confrontation plugin: a force's war machines checked, with their derived figures."""

from __future__ import annotations

from typing import Any

from builder.core.findings import Findings, Place
from builder.core.fingerprint import content_of
from builder.core.messages import text
from builder.core.pack import Pack
from builder.core.reader import Document
from builder.core.system import Evaluation, System
from builder.systems.confrontation import catalog
from builder.systems.confrontation.figures import bands_text, figures
from builder.systems.confrontation.messages import MESSAGES
from builder.systems.confrontation.records import ConfrontationFile, ConfrontationPack
from builder.systems.confrontation.rules import RULE_FIELDS, ResolvedMachine, check_force


class ConfrontationSystem(System):
    key = "confrontation"
    title = "Confrontation"
    prefix = "CF"
    messages = MESSAGES
    file_model = ConfrontationFile

    rule_fields = RULE_FIELDS
    cards_module = "builder.systems.confrontation.cards"
    sheets_module = "builder.systems.confrontation.sheets"
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
        def x_range(info: catalog.CompetencyInfo) -> str:
            if not info.takes_x:
                return ""
            return f"/X ({info.x_min}–{info.x_max})" if info.x_max else f"/X (≥ {info.x_min or 0})"

        return {
            "competencies": [(info.name + x_range(info), f"{info.key} · {info.summary}")
                             for info in catalog.competencies().values()],
            "artillery": [(r["name"], f"class: {r['class']}, type: {r['type']} · {r['summary']}")
                          for r in catalog.table("artillery.yaml")["ranks"]],
        }

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

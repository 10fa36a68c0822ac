"""The Confrontation plugin: a force's war machines checked, with their derived figures."""

from __future__ import annotations

from typing import Any

from builder.findings import Place
from builder.fingerprint import content_of
from builder.messages import text
from builder.reader import Document
from builder.systems.base import Evaluation, System
from builder.systems.confrontation import catalog
from builder.systems.confrontation.figures import figures
from builder.systems.confrontation.models import ConfrontationFile, ConfrontationPack, Machine
from builder.systems.confrontation.rules import RULE_FIELDS, check_force
from builder.validation import validate


class ConfrontationSystem(System):
    key = "confrontation"
    title = "Confrontation"
    prefix = "CF"
    file_model = ConfrontationFile

    pack_model = ConfrontationPack

    def evaluate(self, doc: Document, pack=None) -> Evaluation:
        data, place, overridden = self.prepare(doc, pack)
        file, findings = validate(ConfrontationFile, data, place, RULE_FIELDS)
        if file is None:
            name = data.get("name")
            return Evaluation(self.key, name if isinstance(name, str) else None, findings)
        points = check_force(file, place, findings)
        evaluation = Evaluation(self.key, file.name, findings, points=points, points_limit=file.points_limit,
                                player=file.player)
        evaluation.extra = {"machines": len(file.machines)}
        evaluation.fingerprint = self.fingerprint_of(_canonical(file), doc, overridden)
        evaluation.details = lambda: {
            "system": self.key,
            "name": file.name,
            "points": points,
            "points_limit": file.points_limit,
            "machines": [_machine(m) for m in file.machines],
        }
        return evaluation

    def print_spec(self, evaluation: Evaluation, lang: str):
        from builder.systems.confrontation.cards import print_spec

        return print_spec(evaluation, lang)

    def workbook(self, evaluation: Evaluation, lang: str):
        from builder.systems.confrontation.sheets import workbook

        return workbook(evaluation, lang)

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
            if impact:
                bands = ", ".join(f"≤{b['up_to_cm']} cm: {b['strength']}" for b in impact["bands"])
                speed = impact["with_speed_marker"]
                lines.append(f"      {text('cf.impact', lang)}: {bands}"
                             + (f"; {text('cf.speed', lang)}: {speed}" if speed is not None else ""))
        return "\n".join(lines)


def _machine(machine: Machine) -> dict[str, Any]:
    out = machine.model_dump(by_alias=True, mode="json")
    for comp in out["competencies"] + [c for s in out["servants"] for c in s["competencies"]]:
        info = catalog.lookup(comp["name"])
        comp["key"] = info.key if info else None
        if info:
            comp["name"] = info.name
    out.update(figures(machine))
    return out


def _canonical(file: ConfrontationFile) -> dict[str, Any]:
    """Resolved content: competencies by catalog key, whatever their spelling."""
    content = content_of(file)
    for machine in content.get("machines", []):
        listed = machine.get("competencies", []) + [c for s in machine.get("servants", [])
                                                     for c in s.get("competencies", [])]
        for comp in listed:
            info = catalog.lookup(comp["name"])
            comp["name"] = info.key if info else comp["name"]
    return content

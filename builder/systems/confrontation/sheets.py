"""Confrontation's spreadsheet: machines with their figures, and the troops on board."""

from __future__ import annotations

from builder.core.workbook import Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.confrontation.figures import bands_text
from builder.systems.confrontation.rules import SIZE_UNITS


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    rows = []
    for m in d.get("machines", []):
        impact = m["impact_strength"]
        rows.append({
            "name": m["name"], "kind": t("cf.mobile" if m["kind"] == "movil" else "cf.immobile"), "cost": m["cost"],
            "movement": m["movement"], "weight": m["weight"], "pe": m["structure_points"], "res": m["resistance"],
            "crew": m["crew_min"], "servants": len(m["servants"]),
            "competencies": ", ".join(c["name"] + (f"/{c['x']}" if c["x"] is not None else "") for c in m["competencies"]),
            "thresholds": " / ".join(map(str, m["penalty_thresholds"])), "capacity": m["capacity_used"],
            "servant_move": m["servant_move_penalty"], "turn": m["turn_every_cm"],
            "impact": bands_text(impact, lang) if impact else None,
            "speed": impact["with_speed_marker"] if impact else None,
        })
    machines = Table("machines", t("cf.machines"), [
        Column("name", t("cf.col.name"), width=24), Column("kind", t("cf.col.kind"), width=10),
        Column("cost", t("cf.col.cost"), kind="int", width=9, total=True, bar=True),
        Column("movement", "MOV", kind="number", width=7), Column("weight", t("cf.col.weight"), kind="int", width=7),
        Column("pe", "PE", kind="int", width=6), Column("res", "RES", kind="int", width=6),
        Column("crew", t("cf.col.crew"), kind="int", width=10), Column("servants", t("cf.col.servants"), kind="int", width=10),
        Column("competencies", t("cf.col.competencies"), width=34),
        Column("thresholds", t("cf.col.thresholds"), width=16), Column("capacity", t("cf.capacity"), kind="int", width=10),
        Column("servant_move", t("cf.servant-move"), kind="int", width=14),
        Column("turn", t("cf.col.turn"), kind="int", width=10),
        Column("impact", t("cf.impact"), width=18), Column("speed", t("cf.speed"), kind="int", width=12),
    ], rows, total_label=t("xl.total"))
    embarked = [{"machine": m["name"], "name": e["name"], "size": e["size"], "count": e["count"],
                 "units": SIZE_UNITS.get(e["size"]) if not e["mounted"] else None}
                for m in d.get("machines", []) for e in m["embarked"]]
    troops = Table("embarked", t("cf.col.embarked"), [
        Column("machine", t("cf.col.name"), width=24), Column("name", t("cf.col.fighter"), width=24),
        Column("size", t("cf.col.size"), width=12), Column("count", t("cf.col.count"), kind="count", width=10),
        Column("units", t("cf.col.units"), kind="int", width=12),
        Column("places", t("cf.capacity"), kind="formula", formula="{count}*{units}", width=12, total=True),
    ], embarked, total_label=t("xl.total"))
    tables = [machines] + ([troops] if embarked else [])
    facts = [Fact(t("xl.points-now"), formula="{total:machines.cost}", key="points-now", kind="int", matches="points")] \
        if ev.points is not None else []
    return WorkbookSpec(facts=facts, tables=tables)

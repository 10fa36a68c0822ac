"""Confrontation's print: machines on the team sheet, a card per machine, and the damage table."""

from __future__ import annotations

from typing import Any

from builder.core.printout import Card, PrintSpec, Section
from builder.core.messages import number, text
from builder.core.system import Evaluation
from builder.systems.confrontation import catalog
from builder.systems.confrontation.figures import band_label


def machine_card(m: dict[str, Any], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    sections = [Section("stats", items=[("MOV", number(m["movement"], lang) if m["movement"] is not None else None), (t("cf.col.weight"), m["weight"]),
                                        ("PE", m["structure_points"]), ("RES", m["resistance"]),
                                        (t("cf.col.crew"), m["crew_min"]), (t("cf.col.servants"), len(m["servants"]))])]
    if m["competencies"]:
        sections.append(Section("list", t("cf.col.competencies"), items=[
            (c["name"] + (f"/{c['x']}" if c["x"] is not None else "") + (f" ({c['access']})" if c.get("access") else ""),
             c["summary"] if c["key"] else t("pdf.missing")) for c in m["competencies"]]))
    if m["structure_points"]:
        thresholds = m["penalty_thresholds"]
        marks = {lost: f"−{n}" for n, lost in enumerate(thresholds, start=1)}
        # One box per PE lost; the box where a penalty begins shows it.
        title = t("pdf.cf.pe-track" if thresholds else "pdf.cf.pe-track-immobile")
        sections.append(Section("track", title,
                                items=[(marks.get(lost, str(lost)), lost in marks)
                                       for lost in range(1, m["structure_points"] + 1)]))
    rank = (m["artillery"] or {}).get("rank")
    if rank:
        sections.append(Section("list", t("pdf.cf.artillery"), items=[(rank["name"], rank["summary"])]))
    if m["servants"]:
        items = [(s["name"], ", ".join(_servant_competency(c) for c in s["competencies"])) for s in m["servants"]]
        if m["servant_move_penalty"] is not None:
            items.append((t("cf.servant-move"), f"−{m['servant_move_penalty']}"))
        sections.append(Section("list", t("cf.col.servants"), items=items))
    figures = []
    if m["turn_every_cm"] is not None:
        figures.append((t("pdf.cf.turn"), t("cf.turn", cm=m["turn_every_cm"])))
    if m["embarked"] or any(c["key"] == "transporte" for c in m["competencies"]):
        capacity = next((c["x"] for c in m["competencies"] if c["key"] == "transporte"), None)
        figures.append((t("cf.capacity"), f"{m['capacity_used']} / {capacity if capacity is not None else '—'}"))
    if m["boiler"]:
        figures.append((t("pdf.cf.boiler"), f"{m['boiler']['characteristic']} +{m['boiler']['dice']}D6"))
    if figures:
        sections.append(Section("list", t("pdf.cf.figures"), items=figures))
    impact = m["impact_strength"]
    if impact and impact["bands"]:
        # Headed ≤10, ≤20, ≤24: each band by the farthest cm it covers, the last at 2 × MOV.
        headers = ["cm", *(band_label(b, lang).removesuffix(" cm") for b in impact["bands"])]
        sections.append(Section("table", t("cf.impact"), headers=headers,
                                items=[["FUE", *(b["strength"] for b in impact["bands"])]]))
        if impact["with_speed_marker"] is not None:
            sections.append(Section("text", items=[t("pdf.cf.speed", strength=impact["with_speed_marker"])]))
    kind = t("cf.mobile" if m["kind"] == "movil" else "cf.immobile")
    return Card(m["name"], sections, subtitle=kind, badge=t("ui.points", points=m["cost"]) if m["cost"] is not None else "")


def _servant_competency(c: dict[str, Any]) -> str:
    """Mecánico/4; Mecánico/1 with the roll it really needs, 2+ (ruling 42a)."""
    written = c["name"] + (f"/{c['x']}" if c["x"] is not None else "")
    return written + " (2+)" if c["key"] == "mecanico" and c["x"] == 1 else written


def damage_card(lang: str) -> Card:
    t = lambda key: text(key, lang)  # noqa: E731
    damage = catalog.table("damage.yaml")
    rows = []
    for r in damage["rows"]:
        label = f"≤{r['max']}" if r["min"] is None else f"{r['min']}+" if r["max"] is None else f"{r['min']}–{r['max']}"
        rows.append([label, *r["pe"].values()])
    dice = {1: "1", 2: "2", 3: "3"}
    headers = ["", *(f"{loc['name'][:6]}. {dice.get(len(loc['die']) == 1 and loc['die'][0], '4–6')}"
                     if len(loc["name"]) > 7 else f"{loc['name']} {loc['die'][0]}" for loc in damage["locations"])]
    doubles = ", ".join(f"{d}-{d}: −{pe}" for d, pe in damage["exceptional"].items() if pe)
    return Card(t("pdf.cf.damage"), [
        Section("table", headers=headers, items=rows),
        Section("text", items=[t("pdf.cf.damage-how"), t("pdf.cf.doubles") + " " + doubles]),
        Section("text", items=[t("pdf.cf.penalties")]),
    ], kind="reference", subtitle="Confrontation · Tabla de daños")


def incident_card(lang: str) -> Card:
    items = [(f"{i['roll']}. {i['name']}", i["summary"]) for i in catalog.table("incidents.yaml")["incidents"]]
    return Card(text("pdf.cf.incidents", lang), [Section("list", items=items)], kind="reference",
                subtitle=text("pdf.cf.incidents-when", lang))


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    machines = d.get("machines", [])
    rows = [[m["name"], t("cf.mobile" if m["kind"] == "movil" else "cf.immobile"), m["cost"], m["structure_points"],
             m["resistance"], len(m["servants"]), ", ".join(c["name"] for c in m["competencies"])] for m in machines]
    cards = [machine_card(m, lang) for m in machines] + [damage_card(lang)]
    if any(m["boiler"] for m in machines):
        cards.append(incident_card(lang))
    return PrintSpec(columns=[t("cf.col.name"), t("cf.col.kind"), t("cf.col.cost"), "PE", "RES", t("cf.col.servants"),
                              t("cf.col.competencies")], rows=rows, bar_column=2, cards=cards)

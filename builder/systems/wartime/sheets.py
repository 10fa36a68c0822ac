"""Wartime's spreadsheet: squads with live totals, characters and every archetype."""

from __future__ import annotations

from builder.core.workbook import CellFormula, Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.wartime.inspect_view import member_label


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    members: list[dict] = []
    for s in d.get("squads", []):
        first = len(members)
        for m in s["members"]:
            # A crew line's count follows its vehicles': edit the pilots and the crews follow.
            count = (CellFormula(f"{{count@{first + m['crew_of']}}}*{m['per_vehicle']}")
                     if m.get("crew_of") is not None and m.get("per_vehicle") is not None else m["count"])
            members.append({"squad": s["name"], "character": member_label(s["members"], m, lang), "count": count,
                            "cost": m["cost"]})
    squads = Table("squads", t("wt.squads"), [
        Column("squad", t("wt.col.squad"), width=22),
        Column("character", t("wt.col.character"), width=24),
        Column("count", t("wt.col.count"), kind="count", width=12, total=True),
        Column("cost", t("wt.col.cost-each"), kind="int", width=14),
        Column("points", t("wt.col.points"), kind="formula", formula="{count}*{cost}", width=12, total=True, bar=True),
    ], members, total_label=t("xl.total"))
    characters = [a for a in d.get("archetypes", []) if a["kind"] == "character"]
    character_rows = [{**c, "weapons": ", ".join(c["weapons"]), "protections": ", ".join(c["protections"]),
                       "objects": ", ".join(c["objects"])} for c in characters]
    character_table = Table("characters", t("wt.characters"), [
        Column("name", t("wt.col.character"), width=24),
        Column("cost", t("wt.col.cost"), kind="int", width=9),
        Column("level", t("wt.col.level"), kind="int", width=8),
        Column("energy", t("wt.col.energy"), kind="int", width=9),
        Column("vitality", t("wt.col.vitality"), kind="int", width=10),
        Column("defense", t("wt.col.defense"), kind="int", width=9),
        Column("movement", t("wt.col.movement"), kind="int", width=11),
        Column("squad_structure_cm", t("wt.col.structure"), kind="int", width=12),
        Column("fortune", t("wt.col.fortune"), kind="int", width=9),
        Column("body", t("wt.col.body"), width=18),
        Column("transport", t("wt.col.transport"), width=18),
        Column("weapons", t("wt.col.weapons"), width=30),
        Column("protections", t("wt.col.protections"), width=24),
        Column("objects", t("wt.col.objects"), width=20),
        # The price's two parts (ruling 5a): the floored archetype and the magazines on top.
        Column("archetype_cost", t("wt.col.archetype-cost"), kind="int", width=12),
        Column("magazines_cost", t("wt.col.magazines-cost"), kind="int", width=12),
    ], character_rows)
    archetypes = Table("archetypes", t("wt.archetypes"), [
        Column("kind", t("wt.col.kind"), width=20),
        Column("name", t("wt.col.name"), width=26),
        Column("cost", t("wt.col.cost"), kind="int", width=9),
        Column("archetype_cost", t("wt.col.archetype-cost"), kind="int", width=12),
        Column("magazines_cost", t("wt.col.magazines-cost"), kind="int", width=12),
        Column("breakdown", t("wt.col.breakdown"), width=80),
    ], [{"kind": t(f"kind.{a['kind']}"), "name": a["name"], "cost": a["cost"],
         "archetype_cost": a.get("archetype_cost", a["cost"]), "magazines_cost": a.get("magazines_cost"),
         "breakdown": ", ".join(f"{t('part.' + k)} {v:+d}" for k, v in a["breakdown"].items() if v)}
        for a in d.get("archetypes", [])])
    facts = [Fact(t("xl.points-now"), formula="{total:squads.points}", key="points-now", kind="int", matches="points"),
             Fact(t("wt.col.count"), formula="{total:squads.count}", kind="int")]
    return WorkbookSpec(facts=facts, tables=[squads, character_table, archetypes])

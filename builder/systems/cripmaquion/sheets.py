"""Cripmaquión's spreadsheet: the roster with profiles and the lineup's specialty slots."""

from __future__ import annotations

from builder.core.workbook import Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.cripmaquion.profile import runner_kind


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    yes, no = t("xl.yes"), t("xl.no")
    rows = []
    for r in d.get("runners", []):
        rows.append({
            "name": r["name"], "race": r["race_name"], "fue": r["fue"], "res": r["res"],
            "specialties": runner_kind(r, lang),
            "slots": r["specialty_slots"], **{f"dice_{k}": v for k, v in r["dice"].items()},
            "skills": ", ".join(s["name"] for s in r["skill_summaries"]), "lined_up": yes if r["lined_up"] else no,
        })
    runners = Table("runners", t("cq.roster"), [
        Column("name", t("cq.col.name"), width=22),
        Column("race", t("cq.col.race"), width=16),
        Column("fue", "FUE", kind="int", width=6),
        Column("res", "RES", kind="int", width=6),
        Column("specialties", t("cq.col.specialties"), width=24),
        Column("slots", t("cq.col.slots"), kind="int", width=9, bar=True),
        Column("dice_descenso", t("cq.col.descenso"), width=10),
        Column("dice_llano", t("cq.col.llano"), width=9),
        Column("dice_subida", t("cq.col.subida"), width=9),
        Column("skills", t("cq.col.skills"), width=34),
        Column("lined_up", t("cq.lined-up"), width=10, choices=(yes, no)),
        Column("slots_used", t("cq.col.slots-used"), kind="formula",
               formula=f'IF({{lined_up}}="{yes}",{{slots}},0)', width=12, total=True),
    ], rows, total_label=t("xl.total"))
    facts = [
        # Counted on the sheet, as the slots are: a runner put in or out of the lineup counts at once.
        Fact(t("cq.col.lineup-size"), formula=f'COUNTIF({{range:runners.lined_up}},"{yes}")' if rows else "0",
             kind="int"),
        Fact(t("cq.col.slots-checked"), d.get("specialty_slots"), key="slots", kind="int"),
        Fact(t("cq.col.slots-now"), formula="{total:runners.slots_used}", key="slots-now", kind="int", matches="slots"),
        Fact(t("cq.col.limit"), d.get("specialty_limit"), kind="int"),
    ]
    return WorkbookSpec(facts=facts, tables=[runners])

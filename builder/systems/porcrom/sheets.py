"""¡Por Crom!'s spreadsheet: characters with their table numbers, and minion groups."""

from __future__ import annotations

from builder.core.workbook import Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.porcrom.weapons import range_label


def weapons_line(weapons: list[dict], lang: str) -> str:
    return ", ".join(f"{w['name']} ({range_label(w, lang)})" for w in weapons)


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    yes, no = t("xl.yes"), t("xl.no")
    characters = Table("characters", t("pc.characters"), [
        Column("name", t("pc.col.name"), width=22), Column("dice", t("pc.col.dice"), kind="int", width=10, total=True),
        Column("jump", t("pc.col.jump"), kind="number", width=12), Column("horse", t("pc.col.horse"), width=9),
        Column("armor", t("pc.armor"), width=16), Column("sorcerer", t("pc.col.sorcerer"), width=9),
        Column("weapons", t("pc.col.weapons"), width=44),
    ], [{"name": c["name"], "dice": c["dice"], "jump": c["jump_inches"], "horse": yes if c["horse"] else no,
         "armor": yes if c["heavy_armor"] else no, "sorcerer": yes if c["sorcerer"] else no,
         "weapons": weapons_line(c["weapons"], lang)} for c in d.get("characters", [])], total_label=t("xl.total"))
    minions = Table("minions", t("pc.minions"), [
        Column("name", t("pc.col.group"), width=22), Column("count", t("pc.col.count"), kind="count", width=10, total=True),
        Column("track", t("pc.col.track"), width=40), Column("armor", t("pc.armor"), width=16),
        Column("weapons", t("pc.col.weapons"), width=36),
    ], [{"name": m["name"], "count": m["count"],
         "track": " → ".join(t("pc.dead") if s["dead"] else s["text"] for s in m["track"]),
         "armor": yes if m["heavy_armor"] else no,
         "weapons": weapons_line(m["weapons"], lang)} for m in d.get("minions", [])], total_label=t("xl.total"))
    facts = [Fact(t("pc.col.figures"), formula=f"{len(d.get('characters', []))}+{{total:minions.count}}", kind="int")] \
        if d.get("minions") else []
    return WorkbookSpec(facts=facts, tables=[characters, minions])

"""Dungeon Universalis's spreadsheet: heroes, companions and items, with the JOA's budget as formulas."""

from __future__ import annotations

from builder.core.workbook import Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.dungeon_universalis.expedition import joa


def workbook(ev: Evaluation, lang: str) -> WorkbookSpec:
    d = ev.details or {}
    t = lambda key: text(key, lang)  # noqa: E731
    base = joa()["hero_base_pv"]
    heroes = Table("heroes", t("du.heroes"), [
        Column("name", t("du.col.hero"), width=22), Column("xp", "XP", kind="count", width=8),
        Column("pv", "PV", kind="formula", formula=f"{base}+{{xp}}", width=8, total=True),
        Column("skills", t("du.col.skills"), width=30),
    ], [{"name": h["name"], "xp": h["xp"], "skills": ", ".join(h["skills"])} for h in d.get("heroes", [])],
        total_label=t("xl.total"))
    companions = Table("companions", t("du.col.companions"), [
        Column("hero", t("du.col.hero"), width=22), Column("name", t("du.col.companion"), width=22),
        Column("kind", t("du.col.kind"), width=12), Column("pv", "PV", kind="int", width=8, total=True),
    ], [{"hero": h["name"], **c, "kind": t(f"du.kind.{c['kind']}")} for h in d.get("heroes", []) for c in h["companions"]],
        total_label=t("xl.total"))
    items = Table("items", t("du.col.items"), [
        Column("name", t("du.col.item"), width=30), Column("pv", "PV", kind="int", width=8, total=True),
    ], d.get("items", []), total_label=t("xl.total"))
    # The heroes are counted on their sheet ({rows:heroes}): a hero added or struck off there
    # changes the reserve and both decks, as the expedition's PV do (expedition.decks).
    repeat = f"+{joa()['repeat_bonus_per_hero']}*{{rows:heroes}}" if d.get("repeat_scenario") else "+0"
    obstacles, power = joa()["decks"]["obstacles"], joa()["decks"]["power"]
    facts = [
        Fact(t("du.expedition"), formula="{total:heroes.pv}+{total:companions.pv}+{total:items.pv}", key="pv",
             kind="int"),
        Fact(t("du.col.checked-pv"), d.get("expedition_pv"), kind="int"),
        Fact(t("du.col.leader-pv"), d.get("leader_pv"), key="leader", kind="int"),
        # Never below 0: a leader dearer than the reserve leaves the counter empty (ruling 51a).
        Fact(t("du.reserve"), formula=f"MAX(0,{{fact:pv}}{repeat}-{{fact:leader}})", kind="int"),
        Fact(t("du.col.obstacles"), formula=f"{obstacles['per_hero']}*{{rows:heroes}}+{obstacles['thief']}"
             f"+{obstacles['ambush']}+IF({{rows:heroes}}>{obstacles['extra_ambush_above_heroes']},1,0)", kind="int"),
        Fact(t("du.col.encounters"), formula=f"ROUNDUP({{fact:pv}}/{joa()['decks']['encounters']['pv_per_card']},0)",
             kind="int"),
        Fact(t("du.col.power"), formula=f"{power['per_hero']}*{{rows:heroes}}+{power['reinforcements']}"
             f"+IF({{rows:heroes}}>{power['extra_reinforcements_above_heroes']},1,0)", kind="int"),
        Fact(t("du.col.epic"), t("xl.yes") if d.get("epic") else t("xl.no")),
    ]
    return WorkbookSpec(facts=facts, tables=[heroes, companions, items])

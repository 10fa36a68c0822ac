"""Dungeon Universalis's print: the expedition sheet and a card per hero."""

from __future__ import annotations

from typing import Any

from builder.core.printout import Card, PrintSpec, Section, TablePage
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.systems.dungeon_universalis.expedition import joa


def hero_card(h: dict[str, Any], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    base = joa()["hero_base_pv"]
    sections = [Section("stats", items=[("PV", h["pv"]), ("XP", h["xp"]),
                                        (t("du.col.companions"), len(h["companions"]))]),
                Section("text", items=[t("pdf.du.hero-pv", base=base, xp=h["xp"], pv=h["pv"])])]
    sections.append(Section("list", t("du.col.skills"), items=[(s, "") for s in h["skills"]])
                    if h["skills"] else Section("text", t("du.col.skills"), items=[t("pdf.du.no-skills")]))
    if h["companions"]:
        sections.append(Section("list", t("du.col.companions"),
                                items=[(c["name"], f"{t('du.kind.' + c['kind'])} · {c['pv']} PV") for c in h["companions"]]))
    return Card(h["name"], sections, subtitle=t("pdf.du.hero"), badge=f"{h['pv']} PV")


def items_card(items: list[dict[str, Any]], lang: str) -> Card:
    """The group's items with their PV: what they add to the expedition's value."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    total = sum(i["pv"] for i in items)
    return Card(t("du.col.items"), [Section("list", items=[(i["name"], f"{i['pv']} PV") for i in items])],
                subtitle=t("pdf.du.items-total", count=len(items), pv=total), badge=f"{total} PV")


def expedition_card(d: dict[str, Any], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    decks = d["decks"]
    leader = d["leader"]
    flags = [(t("du.col.epic"), t("xl.yes") if d["epic"] else t("xl.no")),
             (t("pdf.du.leader-vitality"), t("pdf.du.leader-vitality-value", normal=leader["extra_vitality"],
                                             tough=leader["extra_vitality_tough"])),
             (t("pdf.du.leader-actions"), leader["extra_actions"])]
    return Card(t("pdf.du.expedition"), [
        Section("stats", items=[("PV", d["expedition_pv"]), (t("pdf.du.reserve"), d["joa_reserve"]),
                                (t("du.col.leader-pv"), d["leader_pv"])]),
        Section("table", t("pdf.du.decks"), headers=[t("du.col.obstacles"), t("du.col.encounters"), t("du.col.power")],
                items=[[decks["obstacles"], decks["encounters"], decks["power"]]]),
        Section("list", items=flags),
    ], kind="reference", subtitle=f"JOA · {t('pdf.du.epic-note', limit=joa()['epic_above_pv'])}")


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    rows = [[h["name"], h["xp"], h["pv"], ", ".join(h["skills"]),
             ", ".join(f"{c['name']} ({c['pv']})" for c in h["companions"])] for h in d.get("heroes", [])]
    # The items are the expedition's, not heroes: a table of their own under the heroes.
    items = [TablePage(t("du.col.items"), [t("du.col.item"), "PV"], [[i["name"], i["pv"]] for i in d.get("items", [])])] \
        if d.get("items") else []
    decks = d.get("decks", {})
    facts = [(t("du.expedition"), d.get("expedition_pv")), (t("du.reserve"), d.get("joa_reserve")),
             (t("pdf.du.decks"), f"{decks.get('obstacles')} / {decks.get('encounters')} / {decks.get('power')}"),
             (t("du.col.epic"), t("xl.yes") if d.get("epic") else t("xl.no"))]
    cards = [expedition_card(d, lang)] + [hero_card(h, lang) for h in d.get("heroes", [])]
    if d.get("items"):
        cards.append(items_card(d["items"], lang))
    return PrintSpec(facts=facts, columns=[t("du.col.hero"), "XP", "PV", t("du.col.skills"), t("du.col.companions")],
                     rows=rows, cards=cards, sheet_tables=items)

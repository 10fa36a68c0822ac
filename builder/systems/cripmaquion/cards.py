"""Cripmaquión's print: the roster on the team sheet, a card per lined-up runner, the spells
when the lineup has a caster, and a quick-reference card."""

from __future__ import annotations

from typing import Any

from builder.core.printout import Card, PrintSpec, Section
from builder.core.messages import number, text
from builder.core.system import Evaluation
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion.profile import runner_kind


def runner_card(r: dict[str, Any], lang: str) -> Card:
    """A lined-up runner's card, from its resolved profile (an unknown race prints as missing)."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    sections = [Section("stats", items=[("FUE", r["fue"]), ("RES", r["res"]), (t("cq.col.slots"), r["specialty_slots"])])]
    if r["specialty_summaries"]:
        sections.append(Section("list", t("cq.col.specialties"),
                                items=[(s["name"], s["summary"]) for s in r["specialty_summaries"]]))
    if r["skill_summaries"]:
        sections.append(Section("list", t("cq.col.skills"), items=[(s["name"], _skill_detail(s, r, lang))
                                                                   for s in r["skill_summaries"]]))
    sections.append(Section("table", t("cq.dice"), headers=["", t("cq.col.descenso"), t("cq.col.llano"), t("cq.col.subida")],
                            items=[[t("cq.dice"), *r["dice"].values()], ["≈", *(number(v, lang) for v in r["expected"].values())]],
                            unbroken=True))
    if r["attack"]:
        attack = r["attack"]
        sections.append(Section("table", t("cq.attack"), headers=["RES", "1", "2", "3", "4", "5", "KO"],
                                items=[["1D6", *(f"{v}+" for v in attack["vs_res"].values()), f"{attack['ko_roll']}+"]],
                                keep_with_previous=True))
    options = [o for o in r["options"] if o["key"] not in ("prisa", "constancia")]
    if options:
        sections.append(Section("list", t("cq.options"), items=[(o["name"], _option_detail(o, lang)) for o in options]))
    star = runner_kind(r, lang)
    race = r["race_name"] if r["race_known"] else f"{r['race_name']} ({t('pdf.missing')})"
    return Card(r["name"], sections, subtitle=f"{race} · FUE {r['fue'] or '—'} / RES {r['res'] or '—'}", badge=star)


def _skill_detail(skill: dict[str, Any], r: dict[str, Any], lang: str) -> str:
    """A skill's summary; Hipnotizar's also gives this runner's own roll when its specialty
    changes the one the summary states (a rompehuesos's +1, §7.3)."""
    attack = r["attack"] or {}
    if skill["key"] == "hipnotizar" and attack.get("roll_bonus") and attack.get("hipnotizar"):
        return f"{skill['summary']} {text('pdf.cq.hipnotizar-own', lang, roll=attack['hipnotizar'])}"
    return skill["summary"]


def _option_detail(o: dict[str, Any], lang: str) -> str:
    if o["key"] == "rodar":
        return f"{text('cq.terrain.' + o['terrain'], lang)} {o['dice']} (≈{number(o['expected'], lang)})"
    return text("pdf.cq.caza", lang, bonus=o["bonus"])


def spell_cards(lang: str) -> list[Card]:
    t = lambda key: text(key, lang)  # noqa: E731
    cards = []
    for spell in catalog.spells():
        facts = [t(f"pdf.cq.{spell['kind']}")]
        if spell["interrupter"]:
            facts.append(t("pdf.cq.interrupter"))
        if spell["duration"]:
            facts.append(spell["duration"])
        cards.append(Card(spell["name"], [Section("text", items=[spell["summary"]])], subtitle=" · ".join(facts),
                          kind="spell"))
    return cards


def reference_card(lang: str) -> Card:
    t = lambda key: text(key, lang)  # noqa: E731
    tables = catalog.tables()
    guide = tables["dice_guide"]
    columns = ["normal", "normal_brincamontes", "ligero", "ligero_brincamontes", "pesado", "pesado_brincamontes"]
    dice_rows = [[t(f"pdf.cq.col.{c}"), *(guide[c][terrain] for terrain in guide["terrains"])] for c in columns]
    combat = tables["combat"]
    combat_rows = [[f"FUE {fue}", *row] for fue, row in combat["needed"].items()]
    return Card(t("pdf.cq.reference"), [
        Section("table", t("pdf.cq.dice-guide"), headers=["", t("cq.col.descenso"), t("cq.col.llano"), t("cq.col.subida")],
                items=dice_rows),
        Section("table", t("pdf.cq.combat"), headers=["", "RES 1", "2", "3", "4", "5"], items=combat_rows),
        Section("text", items=[t("pdf.cq.combat-note")]),
    ], kind="reference", subtitle="Cripmaquión · §3.1 · " + t("pdf.cq.dice-guide"))


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    runners = d.get("runners", [])
    rows = [[r["name"], r["race_name"],
             f"{r['fue']}/{r['res']}", runner_kind(r, lang), r["specialty_slots"],
             " / ".join(r["dice"].values()), t("xl.yes") if r["lined_up"] else t("xl.no")] for r in runners]
    lined = [r for r in runners if r["lined_up"]]
    cards = [runner_card(r, lang) for r in lined]
    if any(r["caster"] for r in lined):
        cards += spell_cards(lang)
    cards.append(reference_card(lang))
    return PrintSpec(
        facts=[(t("cq.col.lineup-size"), d.get("lineup_size")),
               (t("cq.col.slots-checked"), f"{d.get('specialty_slots')}/{d.get('specialty_limit')}")],
        columns=[t("cq.col.name"), t("cq.col.race"), "FUE/RES", t("cq.col.specialties"), t("cq.col.slots"),
                 t("pdf.cq.dice-short"), t("cq.lined-up")],
        # The slots' bars: only a lined-up runner's count against the team's limit.
        rows=rows, bar_column=4, bar_values=[r["specialty_slots"] if r["lined_up"] else None for r in runners],
        cards=cards)

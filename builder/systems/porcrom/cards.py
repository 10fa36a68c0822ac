"""¡Por Crom!'s print: the warband on the team sheet, a card per character and per minion group."""

from __future__ import annotations

from typing import Any

from builder.core.printout import Card, PrintSpec, Section
from builder.core.messages import number, text
from builder.core.system import Evaluation
from builder.systems.porcrom.sheets import weapons_line
from builder.systems.porcrom.warband import RIDER_SWIM_RULING
from builder.systems.porcrom.weapons import profile


def _weapon_items(weapons: list[dict[str, Any]], lang: str) -> list[tuple[str, str]]:
    # An unknown weapon gets its name and no profile line (builder's ruling 50c).
    return [(w["name"], profile(w, lang)) for w in weapons]


def character_card(c: dict[str, Any], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    sections = [Section("stats", items=[(t("pdf.pc.pool"), f"{c['dice']}d6"), (t("pdf.pc.jump"), f"{number(c['jump_inches'], lang)}\""),
                                        (t("pc.col.horse"), "6d6" if c["horse"] else "—")])]
    notes = []
    if c["horse"]:
        notes.append((t("pc.col.horse"), t("pdf.pc.horse")))
    if c["heavy_armor"]:
        notes.append((t("pc.armor"), t("pdf.pc.armor-rider", ruling=RIDER_SWIM_RULING) if c["horse"] else t("pdf.pc.armor")))
    if c["sorcerer"]:
        notes.append((t("pc.col.sorcerer"), t("pdf.pc.sorcerer")))
    if notes:
        sections.append(Section("list", items=notes))
    if c["weapons"]:
        sections.append(Section("list", t("pc.col.weapons"), items=_weapon_items(c["weapons"], lang)))
    # The pool as boxes to tick off as dice are lost.
    sections.append(Section("track", t("pdf.pc.damage"), items=[(str(n), False) for n in range(c["dice"], 0, -1)]))
    return Card(c["name"], sections, subtitle=t("pc.pool", dice=c["dice"], jump=number(c["jump_inches"], lang)))


def minion_card(m: dict[str, Any], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    steps = [[("☐ " + (t("pc.dead") if s["dead"] else s["text"]))] + ([s["movimiento"], s["combate"], s["especial"]]
                                                                     if not s["dead"] else ["", "", ""])
             for s in m["track"]]
    sections = [Section("table", t("pc.col.track"), headers=["", "Mov", "Com", "Esp"], items=steps)]
    if m["weapons"]:
        sections.append(Section("list", t("pc.col.weapons"), items=_weapon_items(m["weapons"], lang)))
    notes = [(t("pdf.pc.jump"), "2\""), (t("pdf.pc.group"), t("pdf.pc.group-rule"))]
    if m["heavy_armor"]:
        notes.append((t("pc.armor"), t("pdf.pc.armor")))
    sections.append(Section("list", items=notes))
    return Card(m["name"], sections, subtitle=t("pdf.pc.minions", count=m["count"]), badge=f"×{m['count']}")


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    rows = [[c["name"], f"{c['dice']}d6", f"{number(c['jump_inches'], lang)}\"", weapons_line(c["weapons"], lang)] for c in d.get("characters", [])]
    rows += [[f"{m['name']} ×{m['count']}", " → ".join(t("pc.dead") if s["dead"] else s["text"] for s in m["track"]),
              "2\"", weapons_line(m["weapons"], lang)] for m in d.get("minions", [])]
    cards = [character_card(c, lang) for c in d.get("characters", [])] + [minion_card(m, lang) for m in d.get("minions", [])]
    return PrintSpec(columns=[t("pc.col.name"), t("pc.col.dice"), t("pc.col.jump"), t("pc.col.weapons")], rows=rows,
                     cards=cards)

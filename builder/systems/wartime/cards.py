"""Wartime's print: the squads on the team sheet, a card per recruited character and a checks card."""

from __future__ import annotations

from typing import Any

from builder.core.printout import Card, PrintSpec, Section
from builder.core.messages import number, text
from builder.core.system import Evaluation
from builder.systems.wartime.inspect_view import member_label


def _range(weapon: dict[str, Any], lang: str) -> str:
    """A range of 0 K is a close-combat weapon (Arquetipos de arma · Alcance)."""
    return f"{number(weapon['range'], lang)} K" if weapon["range"] else "CaC"


def _area(weapon: dict[str, Any]) -> str:
    return f"{weapon['area_k2']} K²" if weapon.get("area_k2") else "—"


def _traits(a: dict[str, Any]) -> list[tuple[str, str]]:
    return [(b["name"], f"+{b['cost']}") for b in a["bonus"]] + [(m["name"], f"−{m['cost']}") for m in a["malus"]]


def _defense(transport: dict[str, Any], lang: str) -> str:
    """One defense, or each zone by the book's name for it (frontal, izquierda, derecha, posterior)."""
    d = transport["defense"]
    if isinstance(d, dict):
        return " ".join(f"{text(f'pdf.wt.zone.{k}', lang)} {v}" for k, v in d.items() if v is not None)
    return str(d)


def _parts(c: dict[str, Any], key: str, names: list[str], archetypes: list[dict[str, Any]]
           ) -> list[tuple[str, dict[str, Any] | None]]:
    """Each part a character names, with the archetype the rules resolved it to (None: missing)."""
    found = c.get("parts", {}).get(key, [None] * len(names))
    return [(name, archetypes[i] if i is not None else None) for name, i in zip(names, found, strict=True)]


def character_card(c: dict[str, Any], archetypes: list[dict[str, Any]], lang: str) -> Card:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    missing = t("pdf.missing")
    body = _parts(c, "body", [c["body"]], archetypes)[0][1] or {}
    stats = [("CON", body.get("con")), ("AGI", body.get("agi")), ("INT", body.get("int")), ("REA", body.get("rea")),
             ("VOL", body.get("vol")), (t("pdf.wt.level"), c["level"]), (t("pdf.wt.energy"), c["energy"]),
             (t("pdf.wt.vitality"), c["vitality"]), (t("pdf.wt.movement"), _cm(c["movement"], lang)),
             (t("pdf.wt.defense"), c["defense"]), (t("pdf.wt.fortune"), c["fortune"])]
    sections = [Section("stats", items=stats)]
    if c["squad_structure_cm"]:
        # Named in full and said what it is: the farthest a squad's members may stand apart (2 × Movimiento).
        sections.append(Section("list", items=[(t("pdf.wt.structure"), t("pdf.wt.structure-is",
                                                                            cm=_cm(c["squad_structure_cm"], lang)))]))
    weapons = _parts(c, "weapons", c["weapons"], archetypes)
    if weapons:
        sections.append(Section("table", t("wt.col.weapons"), headers=[t("wt.col.name"), "E", t("pdf.wt.damage"),
                                                                       t("pdf.wt.range"), t("pdf.wt.area")],
                                items=[[w["name"], w["energy"], w["damage"], _range(w, lang), _area(w)] if w
                                       else [name, missing, "", "", ""] for name, w in weapons]))
    transport = _parts(c, "transport", [c["transport"]], archetypes)[0][1] if c["transport"] else None
    if c.get("magazines"):
        # A pilot may buy magazines for his transport's weapons too (ruling 18a).
        mounted = _parts(transport, "weapons", transport["weapons"], archetypes) if transport else []
        sections.append(Section("list", t("pdf.wt.magazines"), items=_magazine_items(c, weapons + mounted, lang)))
    if c.get("magazines_cost"):
        # The price's two parts (ruling 5a): the archetype, floored at 1 point, and its magazines on top.
        sections.append(Section("list", t("pdf.wt.price"), items=[
            (t("pdf.wt.archetype-cost"), str(c["archetype_cost"])), (t("pdf.wt.magazines"), str(c["magazines_cost"]))]))
    protections = _parts(c, "protections", c["protections"], archetypes)
    if protections:
        sections.append(Section("list", t("wt.col.protections"),
                                items=[(p["name"], f"P{p['protection']} · E{p['energy']}") if p else (name, missing)
                                       for name, p in protections]))
    objects = _parts(c, "objects", c["objects"], archetypes)
    if objects:
        sections.append(Section("list", t("wt.col.objects"),
                                items=[(o["name"], _object_detail(o, lang)) if o else (name, missing) for name, o in objects]))
    if c["transport"]:
        sections.append(Section("list", t("wt.col.transport"),
                                items=_transport_items(transport, archetypes, lang) if transport
                                else [(c["transport"], missing)]))
    traits = _traits(c) + (_traits(body) if body else [])
    if traits:
        sections.append(Section("list", t("pdf.wt.traits"), items=traits))
    cost = t("ui.points", points=c["cost"]) if c["cost"] is not None else missing
    return Card(c["name"], sections, subtitle=f"{c['body']} · {t('pdf.wt.level')} {c['level'] or '—'}", badge=cost)


def _cm(value: Any, lang: str) -> str | None:
    """A distance of the table in centimetres, as the book measures Movimiento (§ Capacidad de movimiento)."""
    return None if value is None else f"{number(value, lang)} cm"


def _transport_items(transport: dict[str, Any], archetypes: list[dict[str, Any]], lang: str) -> list[tuple[str, str]]:
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    detail = f"E{transport['energy']} · {t('pdf.wt.defense')} {_defense(transport, lang)}"
    if transport.get("movement"):
        detail += f" · {t('pdf.wt.movement')} {_cm(transport['movement'], lang)}"
    if transport["capacity"]:
        detail += f" · {t('pdf.wt.capacity')} {number(transport['capacity'], lang)}"
    items = [(transport["name"], detail)]
    weapons = _parts(transport, "weapons", transport["weapons"], archetypes)
    magazines = dict(_magazine_items(transport, weapons, lang))
    for name, w in weapons:
        line = _weapon_line(w, lang) if w else t("pdf.missing")
        items.append((name, f"{line} · {magazines[name]}" if w and name in magazines else line))
    return items


def _magazine_items(carrier: dict[str, Any], weapons: list[tuple[str, dict[str, Any] | None]],
                    lang: str) -> list[tuple[str, str]]:
    """Magazines bought for the carrier's own weapons: how many, their shots and the reload's energy."""
    resolved = {name: w for name, w in weapons if w}
    items = []
    for name, count in carrier.get("magazines", {}).items():
        w = resolved.get(name)
        detail = (text("pdf.wt.magazine-detail", lang, count=count, shots=w["magazine_capacity"],
                       reload=w["reload_energy"]) if w else text("pdf.missing", lang))
        items.append((name, detail))
    return items


def _weapon_line(w: dict[str, Any], lang: str) -> str:
    return f"E{w['energy']} · D{w['damage']} · {_range(w, lang)} · {_area(w)}"


def _object_detail(o: dict[str, Any], lang: str) -> str:
    parts = [f"E{o['energy']}"]
    if o.get("area_k2"):
        parts.append(f"{o['area_k2']} K²")
    if o["capacity"]:
        parts.append(f"cap. {number(o['capacity'], lang)}")
    return " · ".join(parts)


def squads_card(squads: list[dict[str, Any]], lang: str) -> Card:
    """How each squad acts: its energy, reaction phase and willpower (and a formation's defense and fortune)."""
    t = lambda key: text(key, lang)  # noqa: E731
    formations = any("formation" in s for s in squads)
    headers = [t("wt.col.squad"), "E", t("pdf.wt.reaction"), "VOL"] + (["DEF", t("pdf.wt.fortune")] if formations else [])
    rows = [[s["name"], s["energy"], s["reaction_phase"], s["willpower"]]
            + ([s.get("formation", {}).get("defense"), s.get("formation", {}).get("fortune")] if formations else [])
            for s in squads]
    return Card(t("wt.squads"), [Section("table", headers=headers, items=rows),
                                 Section("text", items=[t("pdf.wt.squad-rules")])],
                kind="rules", subtitle="Wartime · " + t("wt.squads"))


def checks_card(lang: str) -> Card:
    t = lambda key: text(key, lang)  # noqa: E731
    return Card(t("pdf.wt.checks"), [
        Section("text", items=[t("pdf.wt.check-roll"), t("pdf.wt.check-critical"), t("pdf.wt.check-fumble"),
                               t("pdf.wt.check-modifiers")]),
        Section("list", t("pdf.wt.combat"), items=[("CH IMP", t("pdf.wt.check-impact")),
                                                   ("CH DAÑ", t("pdf.wt.check-damage")),
                                                   ("CH DEF", t("pdf.wt.check-defense"))]),
        Section("text", t("pdf.wt.opposed"), items=[t("pdf.wt.check-opposed")]),
    ], kind="rules", subtitle="Wartime · Chequeos")


def print_spec(ev: Evaluation, lang: str) -> PrintSpec:
    d = ev.details or {}
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    archetypes = d.get("archetypes", [])
    rows, recruited = [], []
    for squad in d.get("squads", []):
        for m in squad["members"]:
            c = archetypes[m["archetype"]] if m.get("archetype") is not None else None
            rows.append([squad["name"], member_label(squad["members"], m, lang), m["count"], m["cost"], m["points"],
                         c["level"] if c else None, c["movement"] if c else None])
            if c and c not in recruited:
                recruited.append(c)
    characters = recruited or [a for a in archetypes if a["kind"] == "character"]
    cards = [character_card(c, archetypes, lang) for c in characters]
    if d.get("squads"):
        cards.append(squads_card(d["squads"], lang))
    cards.append(checks_card(lang))
    return PrintSpec(
        facts=[(t("wt.col.count"), d.get("models"))],
        columns=[t("wt.col.squad"), t("wt.col.character"), t("wt.col.count"), t("wt.col.cost-each"),
                 t("wt.col.points"), t("wt.col.level"), t("wt.col.movement")],
        rows=rows, bar_column=4, cards=cards)

"""The expedition's value and the automatic dark player's budget and decks (JOA, Consideraciones previas)."""

from __future__ import annotations

import math
from typing import Any

from builder.core import registry
from builder.core.findings import Findings, Place
from builder.core.names import fold
from builder.systems.dungeon_universalis.records import Companion, ExpeditionFile, Hero

RULE_FIELDS = "Dungeon Universalis · JOA"
RULE_COMPANIONS = "Dungeon Universalis · JOA · Mercenarios y animales"
RULE_RESERVE = "Dungeon Universalis · JOA · Puntos de reserva"


def joa() -> dict[str, Any]:
    return registry.get("dungeon-universalis").catalog("joa.yaml")


def companions_of(hero: Hero) -> list[Companion]:
    """A hero's companions: none, one, or the list written (more than the rules allow)."""
    if hero.companion is None:
        return []
    return hero.companion if isinstance(hero.companion, list) else [hero.companion]


def hero_pv(hero: Hero) -> int:
    return joa()["hero_base_pv"] + hero.xp


def expedition_pv(file: ExpeditionFile) -> int:
    """The heroes (10 + xp each), their companions and the group's items."""
    heroes = sum(hero_pv(h) for h in file.heroes)
    companions = sum(c.pv for h in file.heroes for c in companions_of(h))
    return heroes + companions + sum(i.pv for i in file.items)


def reserve_before_leader(file: ExpeditionFile, pv: int) -> int:
    """The JOA's starting reserve (l. 13–17): the expedition's PV, + 2 per hero for a repeated scenario."""
    repeat = joa()["repeat_bonus_per_hero"] * len(file.heroes) if file.repeat_scenario else 0
    return pv + repeat


def joa_reserve(file: ExpeditionFile, pv: int) -> int:
    """What the counter holds once the leader is paid (l. 19): never below 0 (ruling 51a)."""
    return max(reserve_before_leader(file, pv) - file.leader_pv, 0)


def check_reserve(file: ExpeditionFile, place: Place, findings: Findings) -> None:
    """A leader dearer than the whole reserve: the JOA starts with nothing (ruling 51a)."""
    reserve = reserve_before_leader(file, expedition_pv(file))
    if file.leader_pv > reserve:
        findings.warning("leader-over-reserve", place.at("leader_pv"), RULE_RESERVE, reserve=reserve,
                         leader=file.leader_pv, short=file.leader_pv - reserve)


def decks(heroes: int, pv: int) -> dict[str, int]:
    d = joa()["decks"]
    obstacles, power = d["obstacles"], d["power"]
    return {
        "obstacles": obstacles["per_hero"] * heroes + obstacles["thief"] + obstacles["ambush"]
        + (1 if heroes > obstacles["extra_ambush_above_heroes"] else 0),
        "encounters": math.ceil(pv / d["encounters"]["pv_per_card"]),
        "power": power["per_hero"] * heroes + power["reinforcements"]
        + (1 if heroes > power["extra_reinforcements_above_heroes"] else 0),
    }


def leader(heroes: int, pv: int) -> dict[str, int]:
    """The leader's boosts that depend on the group: vitality without a reserve counter, extra actions."""
    rules = joa()["leader"]
    return {
        "extra_vitality": pv // rules["vitality_pv_step"],
        "extra_vitality_tough": pv // rules["vitality_pv_step_tough"],
        "extra_actions": min(max(heroes - rules["extra_action_per_hero_above"], 0), rules["extra_actions_max"]),
    }


def check_companions(file: ExpeditionFile, place: Place, findings: Findings) -> None:
    rules = joa()["companions"]
    total = 0
    seen: dict[tuple[str, str], str] = {}
    for i, hero in enumerate(file.heroes):
        at = place.at("heroes", i)
        companions = companions_of(hero)
        total += len(companions)
        if len(companions) > rules["per_hero"]:
            findings.error("companion-limit", at.at("companion"), RULE_COMPANIONS, variant="hero", name=hero.name,
                           count=len(companions), max=rules["per_hero"])
        skills = {fold(s) for s in hero.skills}
        for j, skill in enumerate(hero.skills):
            if fold(skill) == fold(rules["animal_skill"]) and skill != rules["animal_skill"]:
                # The same skill, other case or accents: it counts (ruling 54a), but the book's spelling is said.
                findings.warning("skill-spelling", at.at("skills", j), RULE_COMPANIONS, skill=skill,
                                 book=rules["animal_skill"])
        for c in companions:
            key = (c.kind, fold(c.name))
            if key in seen:
                findings.error("duplicate-companion", at.at("companion"), RULE_COMPANIONS, name=c.name,
                               first=seen[key])
            else:
                seen[key] = hero.name
            if c.kind == "animal" and fold(rules["animal_skill"]) not in skills:
                findings.error("animal-needs-skill", at.at("companion"), RULE_COMPANIONS, hero=hero.name,
                               name=c.name, skill=rules["animal_skill"])
    if total > rules["per_group"]:
        findings.error("companion-limit", place.at("heroes"), RULE_COMPANIONS, variant="group", count=total,
                       max=rules["per_group"])


def summary(file: ExpeditionFile) -> dict[str, Any]:
    pv = expedition_pv(file)
    heroes = len(file.heroes)
    return {
        "expedition_pv": pv,
        "joa_reserve": joa_reserve(file, pv),
        "decks": decks(heroes, pv),
        "epic": pv > joa()["epic_above_pv"],
        "leader": leader(heroes, pv),
        "leader_pv": file.leader_pv,
        "heroes": [{"name": h.name, "xp": h.xp, "pv": hero_pv(h), "skills": h.skills,
                    "companions": [c.model_dump() for c in companions_of(h)]} for h in file.heroes],
        "items": [i.model_dump() for i in file.items],
    }


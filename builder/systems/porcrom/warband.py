"""¡Por Crom!'s rules and the numbers a warband needs at the table."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from builder.core import registry
from builder.core.findings import Findings, Localised, Place
from builder.core.names import fold
from builder.systems.porcrom.records import MAX_DICE, Character, MinionGroup, PorCromFile
from builder.systems.porcrom.weapons import check_weapons, weapon

RULE_FIELDS = "¡Por Crom!"
RULE_MINIONS = "¡Por Crom! · Secuaces"
RULE_CHARACTERS = "¡Por Crom! · Personajes"

RIDER_SWIM_RULING = "50e"
"""builder's ruling that heavy armour keeps a rider out of the water, mounted or not."""

_STEP = re.compile(r"\s*([0-9]{1,4})\s*-\s*([0-9]{1,4})\s*-\s*([0-9]{1,4})\s*(\(\s*muerto\s*\))?\s*", re.IGNORECASE)
"""A step as the book writes it: ``2-2-0``, and the last one ``0-0-0 (muerto)``."""


def rules() -> dict[str, Any]:
    return registry.get("porcrom").catalog("rules.yaml")


def parse_step(text: str) -> tuple[int, int, int] | None:
    """ "2-2-0" -> (2, 2, 0); "muerto" or "0-0-0 (muerto)" -> (0, 0, 0); anything else -> None."""
    if fold(text) == "muerto":
        return (0, 0, 0)
    match = _STEP.fullmatch(text)
    if match is None:
        return None
    step = (int(match[1]), int(match[2]), int(match[3]))
    if match[4] and step != (0, 0, 0):
        return None  # "(muerto)" beside dice still standing
    return step


def check_warband(file: PorCromFile, place: Place, findings: Findings) -> None:
    usual = rules()["characters"]["usual_pool"]
    for i, character in enumerate(file.characters):
        if not usual["min"] <= character.dice <= usual["max"]:
            findings.warning("dice-pool-unusual", place.at("characters", i, "dice"), RULE_CHARACTERS,
                             name=character.name, dice=character.dice, **usual)
    size = rules()["minions"]["group_size"]
    for key, figures in (("characters", file.characters), ("minions", file.minions)):
        for i, figure in enumerate(figures):
            check_weapons(figure.weapons, place.at(key, i, "weapons"), findings)
    for i, group in enumerate(file.minions):
        at = place.at("minions", i)
        if not size["min"] <= group.count <= size["max"]:
            findings.error("minion-group-size", at.at("count"), RULE_MINIONS, name=group.name, count=group.count,
                           **size)
        _check_track(group, at.at("track"), findings)


def _check_track(group: MinionGroup, at: Place, findings: Findings) -> None:
    steps = [parse_step(s) for s in group.track]
    for n, (text, step) in enumerate(zip(group.track, steps, strict=True)):
        if step is None:
            findings.error("damage-track", at.at(n), RULE_MINIONS, variant="format", step=n + 1, now=text)
        elif max(step) > MAX_DICE:
            findings.error("value-out-of-range", at.at(n), RULE_MINIONS, field="track", value=f"'{text}'",
                           bound=Localised("bound.le", {"limit": MAX_DICE}))
            steps[n] = None
    if None in steps:
        return
    if steps and steps[0] == (0, 0, 0):
        findings.error("damage-track", at.at(0), RULE_MINIONS, variant="starts-dead", first=group.track[0])
    for n in range(1, len(steps)):
        before, now = steps[n - 1], steps[n]
        params = {"step": n + 1, "now": group.track[n], "before": group.track[n - 1]}
        if any(after > earlier for earlier, after in zip(before, now, strict=True)):
            findings.error("damage-track", at.at(n), RULE_MINIONS, variant="gains", **params)
        elif now == before:
            findings.error("damage-track", at.at(n), RULE_MINIONS, variant="same", **params)
    if steps[-1] != (0, 0, 0):
        findings.error("damage-track", at.at(len(steps) - 1), RULE_MINIONS, variant="not-dead", last=group.track[-1])


def armor_effects(heavy_armor: bool, horse: bool = False) -> dict[str, Any] | None:
    """What heavy armour does to whoever wears it, a character or each minion of a group
    (Movimiento, Combate, Disparar); None without it."""
    if not heavy_armor:
        return None
    armor = rules()["heavy_armor"]
    return {
        # A rider's movement is the horse's: armour doesn't slow it.
        "movement_per_die": 0 if horse else armor["movement_per_die"],
        "combat_dice": armor["combat_dice"],
        "defending_against_shots_dice": armor["defending_against_shots_dice"],
        "can_swim": False,
    }


def character_sheet(character: Character) -> dict[str, Any]:
    r = rules()
    jump = Fraction(r["characters"]["jump_share_of_pool"]) * character.dice
    return {
        "name": character.name,
        "dice": character.dice,
        "jump_inches": int(jump) if jump.denominator == 1 else float(jump),
        "horse": character.horse,
        "horse_movement_dice": r["horse"]["movement_dice"] if character.horse else None,
        "heavy_armor": character.heavy_armor,
        "armor_effects": armor_effects(character.heavy_armor, character.horse),
        "sorcerer": character.sorcerer,
        "weapons": [weapon(w) for w in character.weapons],
        "rulings": rulings(character),
    }


def rulings(character: Character) -> list[str]:
    """builder's rulings behind this character's own figures (a weapon names its own): an
    armoured rider swims neither mounted (horses can't) nor on foot (the armour forbids it)."""
    return [RIDER_SWIM_RULING] if character.heavy_armor and character.horse else []


def minion_sheet(group: MinionGroup) -> dict[str, Any]:
    order = rules()["minions"]["track_order"]
    steps = []
    for text in group.track:
        step = parse_step(text)
        steps.append({"text": text, "dead": step == (0, 0, 0),
                      **(dict(zip(order, step, strict=True)) if step else {k: None for k in order})})
    return {
        "name": group.name,
        "count": group.count,
        "jump_inches": rules()["minions"]["longest_jump_inches"],
        "heavy_armor": group.heavy_armor,
        "armor_effects": armor_effects(group.heavy_armor),
        "track": steps,
        "weapons": [weapon(w) for w in group.weapons],
    }

"""A runner's profile: the dice it rolls on each terrain, what it can expect to move,
and the rolls it needs in combat — the numbers a player checks at the table."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from builder.core.messages import text
from builder.systems.cripmaquion import catalog
from builder.systems.cripmaquion.rules import ResolvedRunner

TERRAINS = ("descenso", "llano", "subida")
BRINCAMONTES, CAZAVICTORIAS, ROMPEHUESOS = "brincamontes", "cazavictorias", "rompehuesos"
# Racial options that add a square to a roll of 1D6 or 1D5 (§6): prisa on the top face, constancia on a 1.
ROLL_BONUS_SKILLS = ("prisa", "constancia")
BONUS_DICE = (5, 6)
_DICE = re.compile(r"(\d+)D(\d+)(?:\+(\d+))?")


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> "Dice":
        match = _DICE.fullmatch(text)
        if match is None:
            raise ValueError(f"not a dice expression: {text!r}")
        count, sides, bonus = match.groups()
        return cls(int(count), int(sides), int(bonus or 0))

    @property
    def mean(self) -> Fraction:
        return self.count * Fraction(self.sides + 1, 2) + self.bonus

    def __str__(self) -> str:
        return f"{self.count}D{self.sides}" + (f"+{self.bonus}" if self.bonus else "")


def weight(skills: tuple[str, ...]) -> str:
    """normal, ligero or pesado: the column of the dice guide a race rolls on."""
    return "ligero" if "ligero" in skills else "pesado" if "pesado" in skills else "normal"


def dice_by_terrain(r: ResolvedRunner) -> dict[str, Dice]:
    guide = catalog.tables()["dice_guide"]
    column = weight(r.race.skills if r.race else ())
    if BRINCAMONTES in r.specialties:
        column += "_brincamontes"
    return {t: Dice.parse(guide[column][t]) for t in TERRAINS}


def roll_bonus(skills: tuple[str, ...], dice: Dice) -> Fraction:
    """The average extra squares prisa and constancia add to one roll."""
    if dice.count != 1 or dice.sides not in BONUS_DICE:
        return Fraction(0)
    return sum((Fraction(1, dice.sides) for s in ROLL_BONUS_SKILLS if s in skills), Fraction(0))


def expected(r: ResolvedRunner, dice: dict[str, Dice]) -> dict[str, float]:
    """Average squares per turn on each terrain: the die plus prisa and constancia when they apply."""
    skills = r.race.skills if r.race else ()
    return {t: _round(d.mean + roll_bonus(skills, d)) for t, d in dice.items()}


def options(r: ResolvedRunner) -> list[dict[str, Any]]:
    """Choices and bonuses that change a roll now and then (not every turn)."""
    guide = catalog.tables()["dice_guide"]["options"]
    skills = r.race.skills if r.race else ()
    out: list[dict[str, Any]] = []
    if "rodar" in skills:
        rodar = Dice.parse(guide["rodar"]["dice"])
        out.append({"key": "rodar", "name": _skill_name("rodar"), "terrain": guide["rodar"]["terrain"],
                    "dice": str(rodar), "expected": _round(rodar.mean)})
    for skill in ROLL_BONUS_SKILLS:
        if skill in skills:
            out.append({"key": skill, "name": _skill_name(skill), "dice": ["1D5", "1D6"], "bonus": 1,
                        "on": "max" if skill == "prisa" else 1})
    if CAZAVICTORIAS in r.specialties:
        caza = guide["cazavictorias"]
        out.append({"key": CAZAVICTORIAS, "name": catalog.specialties()[CAZAVICTORIAS]["name"],
                    "terrain": caza["terrain"], "bonus": caza["bonus"], "when": caza["when"]})
    return out


def _kind_name(r: ResolvedRunner) -> str | None:
    """What a runner is, in the book's words: its star, its specialties, or None (a gregario or brujo)."""
    star = catalog.star_of(r.specialties)
    if star:
        return catalog.star_names()[star]
    names = [catalog.specialties()[k]["name"] for k in sorted(r.specialties)]
    return ", ".join(names) or None


def runner_kind(r: dict[str, Any], lang: str) -> str:
    """A profile's star or specialties as the book names them; "gregario", or "—" for an inepto runner (a brujo)."""
    return r["kind_name"] or ("—" if r["inepto"] else text("cq.gregario", lang))


def _skill_name(key: str) -> str:
    known = catalog.skills().get(key)
    return known.name if known else key


def attack(r: ResolvedRunner) -> dict[str, Any] | None:
    """The natural 1D6 roll needed against each RES, and the roll that knocks out (§3.1, §3.4, §7.3)."""
    if r.race is None:
        return None
    combat = catalog.tables()["combat"]
    row = combat["needed"][r.race.fue]
    bonus, ko = 0, combat["ko_roll"]
    if ROMPEHUESOS in r.specialties:
        bonus, ko = combat["rompehuesos"]["roll_bonus"], combat["rompehuesos"]["ko_roll"]
    # A natural 1 always fails, so no bonus brings the roll needed below 2.
    needed = {str(res): max(target - bonus, 2) for res, target in enumerate(row, start=1)}
    out: dict[str, Any] = {"fue": r.race.fue, "vs_res": needed, "roll_bonus": bonus, "ko_roll": ko}
    if "hipnotizar" in r.race.skills:
        # Hipnotizar is an attack (FT): a rompehuesos's +1 helps it as it helps every attack.
        out["hipnotizar"] = max(combat["hipnotizar_needed"] - bonus, 2)
    return out


def profile(r: ResolvedRunner) -> dict[str, Any]:
    """Everything printed or shown of a runner, resolved here once: names and summaries from
    the catalogs travel with it, so a renderer never looks a runner's words up again."""
    dice = dice_by_terrain(r)
    race = r.race
    skills, specialties = catalog.skills(), catalog.specialties()
    known_skills = [skills[s] for s in race.skills if s in skills] if race else []
    return {
        "name": r.runner.name,
        "race": race.key if race else r.runner.race,
        "race_name": race.name if race else r.runner.race,
        "race_known": race is not None,
        "fue": race.fue if race else None,
        "res": race.res if race else None,
        "specialties": sorted(r.specialties),
        "specialty_summaries": [{"key": k, "name": specialties[k]["name"], "summary": specialties[k]["summary"]}
                                for k in sorted(r.specialties)],
        "star": catalog.star_of(r.specialties),
        "kind_name": _kind_name(r),
        "gregario": not r.specialties and not r.inepto,
        "brujo": r.is_brujo,
        "inepto": r.inepto,
        "specialty_slots": r.slots,
        "skills": list(race.skills) if race else [],
        "skill_summaries": [{"key": s.key, "name": s.name, "summary": s.summary} for s in known_skills],
        "caster": race is not None and (r.is_brujo or "empatia-magica" in race.skills),
        "dice": {t: str(d) for t, d in dice.items()},
        "expected": expected(r, dice),
        "options": options(r),
        "attack": attack(r),
        "lined_up": r.lined_up,
    }


def _round(value: Fraction) -> float:
    return round(float(value), 2)

"""Wartime's cost tables and the arithmetic of pricing: exact fractions, rounded as ruled.

Costs are computed with :class:`fractions.Fraction` so that ``6 × 20 × 0.1`` is 12,
not 12.000000000000002 rounded up to 13.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from builder.core import registry
from builder.core.editions import per_rules


class CostTables(NamedTuple):
    attribute: tuple[int, ...]
    grade: tuple[int, ...]
    fortune: tuple[int, ...]
    range_rate: Fraction
    area_rate: Fraction
    object_area_rate: Fraction
    capacity_levels_per_point: int
    max_range_per_damage: int
    lone_formation_share: Fraction
    magazine_capacity_from: int
    magazine_capacity_least: int
    minimum_cost: int


@per_rules
def tables() -> CostTables:
    """The cost tables of ``catalogs/wartime/costs.yaml``, read once."""
    raw = registry.get("wartime").catalog("costs.yaml")
    t, r = raw["tables"], raw["rates"]
    return CostTables(
        attribute=tuple(t["attribute"]["costs"]),
        grade=tuple(t["grade"]["costs"]),
        fortune=tuple(t["fortune"]["costs"]),
        range_rate=Fraction(r["range_per_damage_k"]),
        area_rate=Fraction(r["area_per_damage_k2"]),
        object_area_rate=Fraction(r["object_area_per_k2"]),
        capacity_levels_per_point=int(r["capacity_levels_per_point"]),
        max_range_per_damage=int(r["max_range_per_damage"]),
        lone_formation_share=Fraction(r["lone_formation_share"]),
        magazine_capacity_from=int(r["magazine_capacity_from"]),
        magazine_capacity_least=int(r["magazine_capacity_least"]),
        minimum_cost=int(raw["minimum_cost"]),
    )


def exact(value: float | int) -> Fraction:
    """A measure as the user wrote it (2.5 is 5/2, not the nearest binary float)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def round_up(value: Fraction) -> int:
    """REDONDEO: a decimal cost goes up to the next whole number."""
    return math.ceil(value)


def up_times(whole: int, rate: Fraction) -> int:
    """``round_up(whole × rate)`` for a whole number, in integers (most measures are whole)."""
    return -(-whole * rate.numerator // rate.denominator)


def round_nearest(value: Fraction | float) -> int:
    """To the nearest whole number, .5 up (areas from shapes, movement from bases)."""
    return math.floor(value + Fraction(1, 2)) if isinstance(value, Fraction) else math.floor(value + 0.5)


def attribute_cost(value: int) -> int:
    return tables().attribute[value - 1]


def grade_cost(value: int) -> int:
    """Energy, damage, protection or one defense value."""
    return tables().grade[value - 1]


def fortune_cost(value: int) -> int:
    return tables().fortune[value - 1] if value else 0


def range_cost(damage: int, range_k: float) -> int:
    if isinstance(range_k, int):
        return up_times(damage * range_k, tables().range_rate)
    return round_up(damage * exact(range_k) * tables().range_rate)


def weapon_area_cost(damage: int, area_k2: int) -> int:
    return up_times(damage * area_k2, tables().area_rate)


def object_area_cost(area_k2: int) -> int:
    return up_times(area_k2, tables().object_area_rate)


def capacity_cost(levels: float) -> int:
    if isinstance(levels, int):
        return -(-levels // tables().capacity_levels_per_point)
    return round_up(exact(levels) / tables().capacity_levels_per_point)


def magazines_cost(damage: int, magazines: int) -> int:
    """Munición [opcional]: each magazine costs as many points as the weapon's damage."""
    return damage * magazines


def magazine_capacity(damage: int) -> int:
    """Shots in one magazine: 10 − damage, at least 1."""
    t = tables()
    return max(t.magazine_capacity_from - damage, t.magazine_capacity_least)


def reload_energy(damage: int) -> int:
    """Energy a "recargar" action costs: the weapon's damage."""
    return damage


def max_range(damage: int) -> int:
    return damage * tables().max_range_per_damage


def floored(raw: int) -> int:
    """Every archetype costs at least 1 point."""
    return max(raw, tables().minimum_cost)


def movement(base_cm: float | None) -> int | None:
    """Movement: the base's size in cm to the nearest whole number, .5 up."""
    if base_cm is None or isinstance(base_cm, int):
        return base_cm
    return _movement(base_cm)


@lru_cache(maxsize=256)
def _movement(base_cm: float) -> int:
    # Exactly, as written (2.5 is 5/2): once per size a run meets, as bases come in a few sizes.
    return round_nearest(exact(base_cm))

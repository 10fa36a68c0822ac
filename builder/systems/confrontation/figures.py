"""The figures a player otherwise works out mid-game for each war machine."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from builder.core.messages import number
from builder.systems.confrontation import catalog
from builder.systems.confrontation.records import Machine
from builder.systems.confrontation.rules import ResolvedMachine, capacity_used
from builder.core.validators import whole_number

IMPACT = "impacto"
"""The catalog key of Impacto/X, whose strength the figures work out."""
IMPACT_BAND_CM = 10
SERVANT_PUSH = 2
"""Each servant beyond the first takes 2 off the weight penalty (Ingenios inmóviles)."""


def penalty_thresholds(machine: Machine) -> list[int]:
    """PE lost at which the −1, −2 and −3 penalties begin: a quarter, a half, three quarters or more.

    Immobile engines are never penalised; a machine without PE has no thresholds.
    """
    if machine.kind == "inmovil" or machine.structure_points is None:
        return []
    shares = [Fraction(p["lost_share"]) for p in catalog.table("damage.yaml")["penalties"]]
    return [math.ceil(machine.structure_points * share) for share in shares]


def servant_move_penalty(machine: Machine) -> int | None:
    """For an immobile engine pushed by all its servants: Peso − 2 per servant beyond the first, at least 0."""
    if machine.kind != "inmovil" or machine.weight is None or not machine.servants:
        return None
    return max(machine.weight - SERVANT_PUSH * (len(machine.servants) - 1), 0)


def turn_every_cm(machine: Machine) -> int | None:
    """A mobile engine with a weight turns 45° once per full Peso cm travelled."""
    return machine.weight if machine.kind == "movil" and machine.weight else None


def impact_strength(resolved: ResolvedMachine) -> dict[str, Any] | None:
    """Impacto/X: X × the 10 cm bands begun, band by band up to twice the movement, and the
    strength with irreprimible's speed marker (X × the bands of 2 × MOV).

    Each band is labelled with the farthest distance it covers: the last one, begun but not
    complete, ends at 2 × MOV (MOV 12: ≤10, ≤20, ≤24), since no move goes further (l. 110).
    """
    machine = resolved.machine
    impact = resolved.has(IMPACT)
    if impact is None or impact.x is None:
        return None
    x = impact.x
    reach = whole_number(2 * machine.movement) if machine.movement else 0
    bands = math.ceil(reach / IMPACT_BAND_CM)
    return {
        "x": x,
        "bands": [{"up_to_cm": min(IMPACT_BAND_CM * b, reach), "strength": x * b} for b in range(1, bands + 1)],
        "with_speed_marker": x * bands if resolved.has("irreprimible") and bands else None,
    }


def band_label(band: dict[str, Any], lang: str) -> str:
    """A band as printed: ≤24 cm (≤24,5 cm in Spanish)."""
    return f"≤{number(band['up_to_cm'], lang)} cm"


def bands_text(impact: dict[str, Any], lang: str) -> str:
    """The bands on one line, each with its strength: ≤10 cm: 7, ≤20 cm: 14, ≤24 cm: 21."""
    return ", ".join(f"{band_label(b, lang)}: {b['strength']}" for b in impact["bands"])


def figures(resolved: ResolvedMachine) -> dict[str, Any]:
    machine = resolved.machine
    return {
        "penalty_thresholds": penalty_thresholds(machine),
        "capacity_used": capacity_used(machine),
        "servant_move_penalty": servant_move_penalty(machine),
        "turn_every_cm": turn_every_cm(machine),
        "impact_strength": impact_strength(resolved),
    }

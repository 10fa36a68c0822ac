"""Derived figures worked by hand (Confrontation: Fortification)."""

from pathlib import Path

import pytest

from builder.core.pipeline import evaluate

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "confrontation" / "artilleria-no-dan-kar.yaml"


def machine(check, yaml_machine: str) -> dict:
    ev = check("system: confrontation\nname: F\nmachines:\n  - " + yaml_machine + "\n")
    return ev.details["machines"][0]


@pytest.mark.parametrize("pe, thresholds", [
    (8, [2, 4, 6]),   # 8/4 = 2, 8/2 = 4, 3 × 8/4 = 6
    (6, [2, 3, 5]),   # 1.5 -> 2, 3, 4.5 -> 5: "a quarter or more" of 6 is 2 PE
    (4, [1, 2, 3]),
    (1, [1, 1, 1]),
    (10, [3, 5, 8]),  # 2.5 -> 3, 5, 7.5 -> 8
])
def test_penalty_thresholds(check, pe, thresholds):
    assert machine(check, f"{{name: M, kind: movil, structure_points: {pe}}}")["penalty_thresholds"] == thresholds


def test_no_thresholds_for_immobile_engines_or_without_pe(check):
    assert machine(check, "{name: M, kind: inmovil, weight: 4, structure_points: 8}")["penalty_thresholds"] == []
    assert machine(check, "{name: M, kind: movil}")["penalty_thresholds"] == []


@pytest.mark.parametrize("weight, servants, penalty", [
    (8, 1, 8),   # one servant: the whole weight (the book's ballista)
    (8, 2, 6),
    (8, 3, 4),   # Peso 8, 3 servants -> 8 − 2 × 2 = 4
    (8, 6, 0),   # 8 − 10 -> never below 0
])
def test_servant_move_penalty(check, weight, servants, penalty):
    listed = ", ".join(f"{{name: S{i}}}" for i in range(servants))
    m = machine(check, f"{{name: M, kind: inmovil, weight: {weight}, servants: [{listed}]}}")
    assert m["servant_move_penalty"] == penalty


def test_servant_move_penalty_is_null_for_a_mobile_machine(check):
    assert machine(check, "{name: M, kind: movil, weight: 8, servants: [{name: S}]}")["servant_move_penalty"] is None


def test_turn_every_cm(check):
    assert machine(check, "{name: M, kind: movil, movement: 20, weight: 10}")["turn_every_cm"] == 10
    assert machine(check, "{name: M, kind: movil, movement: 20}")["turn_every_cm"] is None
    assert machine(check, "{name: M, kind: inmovil, weight: 10}")["turn_every_cm"] is None


def test_impact_strength_band_by_band(check):
    # Impacto/3, MOV 20: bands begun up to 40 cm -> 3, 6, 9, 12 (the book: 23 cm is 3 bands, 3 × 3 = 9).
    m = machine(check, "{name: M, kind: movil, movement: 20, competencies: [{name: impacto, x: 3}, {name: irreprimible}]}")
    impact = m["impact_strength"]
    assert [b["strength"] for b in impact["bands"]] == [3, 6, 9, 12]
    assert impact["bands"][2] == {"up_to_cm": 30, "strength": 9}
    # With the speed marker: 2 × MOV = 40 cm -> 4 bands -> 3 × 4 = 12 (the book's second example).
    assert impact["with_speed_marker"] == 12


def test_impact_without_irreprimible_has_no_speed_figure(check):
    # MOV 15: 2 × 15 = 30 cm -> 3 bands of Impacto/2: 2, 4, 6.
    impact = machine(check, "{name: M, kind: movil, movement: 15, competencies: [{name: impacto, x: 2}]}")["impact_strength"]
    assert [b["strength"] for b in impact["bands"]] == [2, 4, 6]
    assert impact["with_speed_marker"] is None
    # MOV 12: 24 cm -> 3 bands begun.
    impact = machine(check, "{name: M, kind: movil, movement: 12, competencies: [{name: impacto, x: 2}]}")["impact_strength"]
    assert len(impact["bands"]) == 3


@pytest.mark.parametrize("movement, x, labels, strengths", [
    # Impacto/X: X × the 10 cm bands begun (l. 373); a move covers at most 2 × MOV (l. 110: MOV 20 → 40 cm),
    # so the last band, begun but incomplete, ends at 2 × MOV, not at the next multiple of 10.
    (12, 7, [10, 20, 24], [7, 14, 21]),       # 2 × 12 = 24 cm: 24 / 10 = 2.4 → 3 bands begun; 7 × 1, 7 × 2, 7 × 3
    (15, 2, [10, 20, 30], [2, 4, 6]),         # 2 × 15 = 30 cm: exactly 3 whole bands, the last ends at 30
    (20, 3, [10, 20, 30, 40], [3, 6, 9, 12]),  # the book's chariot: 40 cm, 4 bands (23 cm → 3 × 3 = 9, l. 377)
    (3, 4, [6], [4]),                         # 2 × 3 = 6 cm: one band begun, ending at 6
    (7.5, 1, [10, 15], [1, 2]),               # 2 × 7,5 = 15 cm: 1,5 → 2 bands, the second ends at 15
])
def test_the_last_band_ends_at_twice_the_movement(check, movement, x, labels, strengths):
    impact = machine(check, f"{{name: M, kind: movil, movement: {movement}, competencies: [{{name: impacto, x: {x}}}]}}")[
        "impact_strength"]
    assert [b["up_to_cm"] for b in impact["bands"]] == labels
    assert [b["strength"] for b in impact["bands"]] == strengths


def test_the_bands_print_as_inspect_gives_them(check):
    from builder.systems.confrontation.system import SYSTEM

    # MOV 12, Impacto/7 and irreprimible: ≤10 cm 7, ≤20 cm 14, ≤24 cm 21 (2 × 12 = 24); marker: 7 × 3 = 21.
    ev = check("system: confrontation\nname: F\nmachines:\n  - {name: Carro, kind: movil, movement: 12, "
               "competencies: [{name: impacto, x: 7}, {name: irreprimible}]}\n")
    text = SYSTEM.inspect_text(ev, "es")
    assert "≤10 cm: 7, ≤20 cm: 14, ≤24 cm: 21; con marcador de velocidad: 21" in text
    assert "≤30" not in text
    # A decimal reach is written the language's way: MOV 6,25 → 2 × 6,25 = 12,5 cm, 2 bands (1,25 → 2).
    ev = check("system: confrontation\nname: F\nmachines:\n  - {name: Carro, kind: movil, movement: 6.25, "
               "competencies: [{name: impacto, x: 2}]}\n", name="b.yaml")
    assert "≤10 cm: 2, ≤12,5 cm: 4" in SYSTEM.inspect_text(ev, "es")
    assert "≤10 cm: 2, ≤12.5 cm: 4" in SYSTEM.inspect_text(ev, "en")


def test_no_impact_figure_without_impacto(check):
    assert machine(check, "{name: M, kind: movil, movement: 20}")["impact_strength"] is None


def test_the_example_force():
    ev = evaluate(EXAMPLE, "fuerza.yaml")
    assert ev.legal and (ev.points, ev.points_limit) == (165, 200)   # 90 + 75
    carro, cannon = ev.details["machines"]
    assert (carro["penalty_thresholds"], carro["capacity_used"], carro["turn_every_cm"]) == ([2, 4, 6], 4, 10)
    assert carro["impact_strength"]["with_speed_marker"] == 12
    assert (cannon["penalty_thresholds"], cannon["servant_move_penalty"]) == ([], 2)   # 8 − 2 × 3
    assert [c["key"] for c in cannon["servants"][0]["competencies"]] == ["mecanico"]

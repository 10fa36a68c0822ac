"""Derived figures worked by hand (Confrontation: Fortification)."""

from pathlib import Path

import pytest

from builder.core.pipeline import evaluate
from tests.book_cases import assert_legal, check_one, codes_of, conf, immobile, inspect_json, mobile, numbers, write

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


# --- by the book: the figures of `builder inspect` ------------------------------------------------
# Confrontation war machines by the book: the derived figures of `builder inspect` (penalty
# thresholds, capacity used, the servants' move penalty, turns, impact strength). Black-box, written
# from the Confrontation war-machine specification, the shared command-line contract and the
# rulebook (../shared/rulebooks/confrontation-fortification.txt) alone; every expected value is
# worked out by hand in a comment next to the assertion, none copied from the tool's output. Where
# the specification fixes a figure but not its JSON shape (`impact_strength`), the tests use shape-
# agnostic helpers (walk the JSON and look for the numbers) and say so in the test's docstring.


def machine_json(tmp_path, machine, name="m.yaml"):
    doc = inspect_json(write(tmp_path, name, conf([machine])), exit_code=0)
    assert isinstance(doc["machines"], list) and len(doc["machines"]) == 1
    entry = doc["machines"][0]
    assert entry["name"] == machine["name"]
    for key in ("penalty_thresholds", "capacity_used", "servant_move_penalty",
                "turn_every_cm", "impact_strength"):
        assert key in entry, key
    return entry


@pytest.mark.book
class TestConfrontationDerived:
    @pytest.mark.parametrize("pe,expected", [
        (8, [2, 4, 6]),    # 8/4 = 2, 8/2 = 4, 3*8/4 = 6 (the spec's example)
        (6, [2, 3, 5]),    # 1.5 -> 2, 3, 4.5 -> 5 ("a quarter or more": round up)
        (10, [3, 5, 8]),   # 2.5 -> 3, 5, 7.5 -> 8
        (4, [1, 2, 3]),    # 1, 2, 3
        (5, [2, 3, 4]),    # 1.25 -> 2, 2.5 -> 3, 3.75 -> 4
    ])
    def test_penalty_thresholds_mobile(self, tmp_path, pe, expected):
        assert machine_json(tmp_path, mobile(structure_points=pe))["penalty_thresholds"] == expected

    def test_penalty_thresholds_immobile_is_empty(self, tmp_path):
        # "un Ingenio inmóvil no sufre jamás penalizaciones"
        assert machine_json(tmp_path, immobile(structure_points=8))["penalty_thresholds"] == []

    def test_penalty_thresholds_without_pe_is_empty(self, tmp_path):
        assert machine_json(tmp_path, mobile())["penalty_thresholds"] == []

    def test_capacity_used(self, tmp_path):
        # grande 3 + pequeño 1 + normal 2 = 6 (transporte/6)
        entry = machine_json(tmp_path, mobile(
            competencies=[{"name": "transporte", "x": 6, "access": "lateral"}],
            embarked=[{"name": "A", "size": "grande", "mounted": False},
                      {"name": "B", "size": "pequeno", "mounted": False},
                      {"name": "C", "size": "normal", "mounted": False}]))
        assert entry["capacity_used"] == 6

    def test_capacity_used_nobody_aboard(self, tmp_path):
        entry = machine_json(tmp_path, mobile(
            competencies=[{"name": "transporte", "x": 4, "access": "lateral"}]))
        assert entry["capacity_used"] == 0

    @pytest.mark.parametrize("n,expected", [
        (1, 8),   # Peso 8, nobody helping: 8
        (2, 6),   # 8 - 2*1
        (3, 4),   # 8 - 2*2 (the spec's and the rulebook's example)
        (5, 0),   # 8 - 2*4 = 0
        (6, 0),   # 8 - 2*5 = -2 -> never below 0
    ])
    def test_servant_move_penalty(self, tmp_path, n, expected):
        servants = [{"name": f"S{i}", "size": "normal"} for i in range(n)]
        entry = machine_json(tmp_path, immobile(weight=8, crew_min=1, servants=servants))
        assert entry["servant_move_penalty"] == expected

    def test_servant_move_penalty_null_for_mobile(self, tmp_path):
        assert machine_json(tmp_path, mobile())["servant_move_penalty"] is None

    def test_turn_every_cm_is_peso(self, tmp_path):
        # rulebook example: MOV 20, Peso 10 -> a 45° turn every 10 cm
        assert machine_json(tmp_path, mobile(movement=20, weight=10))["turn_every_cm"] == 10

    def test_turn_every_cm_null_without_weight(self, tmp_path):
        m = mobile()
        del m["weight"]
        assert machine_json(tmp_path, m)["turn_every_cm"] is None

    def test_turn_every_cm_null_for_immobile(self, tmp_path):
        assert machine_json(tmp_path, immobile(weight=8))["turn_every_cm"] is None

    def test_impact_strength_bands(self, tmp_path):
        """impacto/3, MOV 20: bands begun up to 2 x 20 = 40 cm are 1..4, strengths
        3x1=3, 3x2=6, 3x3=9, 3x4=12 (rulebook examples 1 and 2: 23 cm -> 9; marker -> 12).
        Shape is open: we only require those four numbers to appear in `impact_strength`
        and no fifth band (3x5 = 15)."""
        entry = machine_json(tmp_path, mobile(movement=20, competencies=[{"name": "impacto", "x": 3}]))
        nums = numbers(entry["impact_strength"])
        assert {3, 6, 9, 12} <= nums, entry["impact_strength"]
        assert 15 not in nums

    def test_impact_strength_partial_last_band_and_speed_marker(self, tmp_path):
        """impacto/7 + irreprimible, MOV 12: 2 x MOV = 24 cm -> bands begun 1, 2, 3
        (the third is incomplete but begun), strengths 7, 14, 21; speed marker: 7 x 3 = 21.
        A fourth band (28) must not appear.  Shape is open (see module docstring)."""
        entry = machine_json(tmp_path, mobile(movement=12, weight=6, competencies=[
            {"name": "irreprimible"}, {"name": "impacto", "x": 7}]))
        nums = numbers(entry["impact_strength"])
        assert {7, 14, 21} <= nums, entry["impact_strength"]
        assert 28 not in nums

    @pytest.mark.parametrize("movement,labels", [
        (12, [10, 20, 24]),      # 2 x 12 = 24 cm: three bands begun, the last ends at 24, not 30
        (20, [10, 20, 30, 40]),  # the book's chariot: 2 x 20 = 40 cm (l. 110), four whole bands
        (4, [8]),                # 2 x 4 = 8 cm: one band begun, ending at 8
    ])
    def test_impact_band_labels_stop_at_twice_the_movement(self, tmp_path, movement, labels):
        """The band labels are the book's distances: no move goes past 2 x MOV (l. 110), so the
        last band ends there (l. 373: bands "incluso incompletos")."""
        entry = machine_json(tmp_path, mobile(movement=movement, competencies=[{"name": "impacto", "x": 2}]))
        assert [b["up_to_cm"] for b in entry["impact_strength"]["bands"]] == labels
        # strengths 2 x 1, 2 x 2, ...: one per band begun
        assert [b["strength"] for b in entry["impact_strength"]["bands"]] == [2 * n for n in range(1, len(labels) + 1)]

    def test_mobile_machine_with_mov_0_is_legal_with_a_warning(self, tmp_path):
        # Ingenios móviles move by their card's MOV (l. 98) and nothing forbids a 0: ruling 45e warns.
        exit_code, res = check_one(write(tmp_path, "m.yaml", conf([mobile(movement=0)])))
        assert exit_code == 0 and res["legal"] is True
        assert codes_of(res["warnings"]) == ["mobile-zero-movement"]
        assert res["warnings"][0]["path"] == "machines[0].movement"

    def test_defensa_is_fine_on_a_mobile_machine(self, tmp_path):
        # Defensa/X (l. 421) is measured around the machine; no rule keeps it off a mobile one (ruling 45f)
        res = assert_legal(write(tmp_path, "m.yaml", conf([mobile(competencies=[{"name": "defensa", "x": 10}])])))
        assert res["warnings"] == []

    def test_speed_marker_book_example(self, tmp_path):
        """Rulebook example 2: MOV 20, impacto/3, irreprimible with a marker -> 40 cm,
        4 bands, 3 x 4 = 12.  Shape open: 12 must appear in `impact_strength`."""
        entry = machine_json(tmp_path, mobile(movement=20, competencies=[
            {"name": "irreprimible"}, {"name": "impacto", "x": 3}]))
        assert 12 in numbers(entry["impact_strength"])

"""Confrontation war machines: each ruling at its boundary (Confrontation: Fortification)."""

import pytest

from tests.support import codes, only


def force(*machines: str, head: str = "") -> str:
    return "system: confrontation\nname: Fuerza\n" + head + "machines:\n" + "".join(machines)


def chariot(extra: str = "", competencies: str = "[{name: transporte, x: 4, access: lateral}]") -> str:
    return f"  - {{name: Carro, kind: movil, movement: 20, weight: 10, structure_points: 8, competencies: {competencies}{extra}}}\n"


def cannon(extra: str = "", competencies: str = "[]") -> str:
    return f"  - {{name: Cañón, kind: inmovil, weight: 8, structure_points: 6, crew_min: 1, competencies: {competencies}, servants: [{{name: A}}, {{name: B}}]{extra}}}\n"


@pytest.mark.parametrize("embarked, used, legal", [
    ("[{name: a, size: pequeno, count: 4}]", 4, True),       # 4 × 1
    ("[{name: a, size: normal, count: 2}]", 4, True),        # 2 × 2
    ("[{name: a, size: grande}, {name: b, size: pequeno}]", 4, True),  # 3 + 1, the book's example
    ("[{name: a, size: grande}, {name: b, size: normal}]", 5, False),  # 3 + 2 > 4
])
def test_transport_capacity(check, embarked, used, legal):
    ev = check(force(chariot(f", embarked: {embarked}")))
    assert ev.details["machines"][0]["capacity_used"] == used
    assert ev.legal == legal
    if not legal:
        assert only(ev, "transport-capacity").params == {"name": "Carro", "used": 5, "capacity": 4}


@pytest.mark.parametrize("fighter, variant", [
    ("{name: Jinete, size: normal, mounted: true}", "mounted"),
    ("{name: Gigante, size: muy-grande}", "too-big"),
    ("{name: Gigante, size: Muy Grande}", "too-big"),
])
def test_cannot_embark(check, fighter, variant):
    ev = check(force(chariot(f", embarked: [{fighter}]")))
    assert only(ev, "cannot-embark").variant == variant


def test_cannot_embark_without_transporte(check):
    ev = check(force(chariot(", embarked: [{name: a, size: pequeno}]", competencies="[]")))
    assert only(ev, "cannot-embark").variant == "no-transport"


@pytest.mark.parametrize("competency", ["{name: transporte, x: 4}", "{name: transporte, x: 4, access: arriba}"])
def test_transport_access(check, competency):
    ev = check(force(chariot(competencies=f"[{competency}]")))
    assert codes(ev) == ["transport-access"]


@pytest.mark.parametrize("name", ["irreprimible", "impacto", "segadora", "transporte"])
def test_moving_competencies_on_an_immobile_machine(check, name):
    competency = {"irreprimible": "{name: irreprimible}", "transporte": "{name: transporte, x: 2, access: frontal}"}.get(
        name, f"{{name: {name}, x: 2}}")
    ev = check(force(cannon(competencies=f"[{competency}]")))
    assert only(ev, "immobile-competency").params["competency"].lower() == name


def test_immobile_machine_needs_weight(check):
    ev = check(force("  - {name: Balista, kind: inmovil}\n"))
    assert only(ev, "missing-weight").place.path == ("machines", 0, "kind")
    assert check(force("  - {name: Carro, kind: movil, movement: 20}\n"), name="b.yaml").legal  # a mobile one may have none


def test_a_mobile_machine_needs_its_movement(check):
    # Ingenios móviles use the movement value on their card (l. 98): without it they can't move.
    ev = check(force("  - {name: Carro, kind: movil, weight: 10}\n"))
    assert only(ev, "missing-movement").place.path == ("machines", 0, "kind")


def test_efimero_on_a_machine_needs_structure_points_but_not_on_a_servant(check):
    # Only "un elemento de juego que disponga de Puntos de Estructura" may be Efímero (l. 467).
    ev = check(force("  - {name: Golem, kind: movil, movement: 10, competencies: [{name: efimero, x: 4}], "
                     "servants: [{name: S, competencies: [{name: efimero, x: 5}]}]}\n"))
    assert only(ev, "needs-structure-points").params["competency"] == "Efímero"
    assert check(force("  - {name: Golem, kind: movil, movement: 10, structure_points: 6, "
                       "competencies: [{name: efimero, x: 4}]}\n"), name="b.yaml").legal


def test_only_transporte_takes_an_access(check):
    ev = check(force("  - {name: Carro, kind: movil, movement: 20, competencies: [{name: impacto, x: 3, access: lateral}]}\n"))
    finding = only(ev, "invalid-field")
    assert (finding.variant, finding.place.path) == ("access-unexpected", ("machines", 0, "competencies", 0, "access"))


def test_inalterable_and_mecanico_need_structure_points(check):
    ev = check(force("  - {name: Muro, kind: inmovil, weight: 5, competencies: [{name: inalterable}], "
                     "servants: [{name: M, competencies: [{name: mecanico, x: 4}]}]}\n"))
    assert sorted(f.params["competency"] for f in ev.findings if f.code == "needs-structure-points") == \
        ["Inalterable", "Mecánico"]
    assert check(force(cannon(competencies="[{name: inalterable}]")), name="b.yaml").legal


@pytest.mark.parametrize("x, legal", [(1, False), (2, True), (6, True), (7, False)])
def test_mecanico_x_runs_from_2_to_6(check, x, legal):
    ev = check(force("  - {name: Cañón, kind: inmovil, weight: 8, structure_points: 6, "
                     f"servants: [{{name: A, competencies: [{{name: mecanico, x: {x}}}]}}]}}\n"))
    assert ev.legal == legal
    if not legal:
        assert only(ev, "value-out-of-range").place.path == ("machines", 0, "servants", 0, "competencies", 0, "x")


@pytest.mark.parametrize("competency", ["impacto", "segadora", "transporte", "defensa", "zapador", "concentracion", "efimero"])
def test_other_x_values_must_be_at_least_1(check, competency):
    ev = check(force(chariot(competencies=f"[{{name: {competency}, x: 0, access: lateral}}]")))
    assert "value-out-of-range" in codes(ev)


def test_negative_characteristics_are_out_of_range(check):
    ev = check(force("  - {name: Carro, kind: movil, movement: -5, weight: -1, resistance: -2, cost: -10}\n"))
    assert sorted(f.place.path[-1] for f in ev.findings if f.code == "value-out-of-range") == \
        ["cost", "movement", "resistance", "weight"]


def test_unknown_competency_suggests_the_closest(check):
    ev = check(force(chariot(competencies="[{name: impacta, x: 3}]")))
    assert only(ev, "unknown-reference").params["hint"] == "impacto"


def test_competency_names_forgive_accents_and_case(check):
    ev = check(force(cannon(competencies="[{name: DEFENSA, x: 10}]").replace("{name: A}", "{name: A, competencies: [{name: Mecánico, x: 3}]}")))
    assert ev.legal


def test_competency_of_the_wrong_holder(check):
    ev = check(force(chariot(competencies="[{name: mecanico, x: 3}]")))
    assert "competency-holder" in codes(ev)


def test_x_missing_or_unexpected(check):
    ev = check(force(chariot(competencies="[{name: impacto}, {name: irreprimible, x: 2}]")))
    assert sorted(f.variant for f in ev.findings if f.code == "invalid-field") == ["x-missing", "x-unexpected"]


def test_crew_below_minimum_is_a_warning(check):
    ev = check(force(cannon().replace("crew_min: 1", "crew_min: 3")))
    assert ev.legal
    assert only(ev, "crew-below-minimum").params == {"name": "Cañón", "servants": 2, "crew_min": 3}


def test_points(check):
    machines = chariot(", cost: 90") + cannon(", cost: 75")
    ev = check(force(machines, head="points_limit: 165\n"))
    assert (ev.points, ev.legal) == (165, True)   # 90 + 75 = 165, at the limit
    ev = check(force(machines, head="points_limit: 164\n"), name="b.yaml")
    assert only(ev, "over-points-limit").params == {"points": 165, "limit": 164}
    assert check(force(chariot()), name="c.yaml").points is None  # no machine carries a cost


@pytest.mark.parametrize("competencies, second", [
    ("[{name: transporte, x: 4, access: lateral}, {name: Transporte, x: 2, access: lateral}]", 1),  # another X
    ("[{name: transporte, x: 4, access: lateral}, {name: impacto, x: 2}, {name: Impácto, x: 2}]", 2),  # the same twice
])
def test_a_machine_lists_each_competency_once(check, competencies, second):
    # Four small fighters aboard: they fit Transporte/4 (4 × 1), not Transporte/2.
    ev = check(force(chariot(", embarked: [{name: a, size: pequeno, count: 4}]", competencies=competencies)))
    finding = only(ev, "duplicate-name")
    assert finding.place.path == ("machines", 0, "competencies", second, "name")
    assert f"machines[0].competencies[{second - 1}]" in finding.message("en")
    # The figures keep the first: Transporte/4, so the four fit and nothing else is said.
    assert codes(ev) == ["duplicate-name"]


def test_a_competency_on_two_servants_is_no_repeat(check):
    servants = "servants: [{name: A, competencies: [{name: mecanico, x: 4}]}, {name: B, competencies: [{name: mecanico, x: 4}]}]"
    ev = check(force(cannon().replace("servants: [{name: A}, {name: B}]", servants)))
    assert "duplicate-name" not in codes(ev)


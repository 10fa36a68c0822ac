"""Confrontation war machines: each ruling at its boundary (Confrontation: Fortification)."""

import pytest

from tests.book_cases import (
    assert_finding_shape, assert_illegal_with, assert_legal, check_one, codes_of, conf, immobile, mobile, write,
)
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


@pytest.mark.parametrize("x, legal", [(0, False), (1, True), (2, True), (6, True), (7, False)])
def test_mecanico_x_runs_from_1_to_6(check, x, legal):
    # A D6 roll to reach (l. 437): 7 is never rolled, 0 is below any roll (and below every other X's 1).
    ev = check(force("  - {name: Cañón, kind: inmovil, weight: 8, structure_points: 6, "
                     f"servants: [{{name: A, competencies: [{{name: mecanico, x: {x}}}]}}]}}\n"))
    assert ev.legal == legal
    if not legal:
        assert only(ev, "value-out-of-range").place.path == ("machines", 0, "servants", 0, "competencies", 0, "x")


@pytest.mark.parametrize("x, warned", [(1, True), (2, False), (4, False)])
def test_mecanico_1_repairs_on_2_like_mecanico_2(check, x, warned):
    # l. 437: a D6 "igual o mayor que X" repairs 1 PE, and "con un resultado de 1" the machine loses 1 PE more.
    # With X = 1 the 1 is both; ruling 42a keeps it the failure, so the repairing faces are 2..6 either way:
    # Mecánico/1 → 5 of 6 faces, the same as Mecánico/2 (6 − 2 + 1 = 5). Legal, with a warning that says so.
    ev = check(force("  - {name: Cañón, kind: inmovil, weight: 8, structure_points: 6, "
                     f"servants: [{{name: A, competencies: [{{name: Mecánico, x: {x}}}]}}]}}\n"))
    assert ev.legal
    assert ("mechanic-one" in codes(ev, "warning")) is warned
    if warned:
        finding = only(ev, "mechanic-one")
        assert finding.place.path == ("machines", 0, "servants", 0, "competencies", 0, "x")
        assert finding.place.line == 4   # system, name, machines:, then the machine on one line
        assert "42a" in finding.message("es") and "42a" in finding.message("en")
        assert "2 o más" in finding.message("es")


@pytest.mark.parametrize("movement, warned", [(0, True), (0.5, False), (1, False)])
def test_a_mobile_machine_with_mov_0_is_warned(check, movement, warned):
    # Ingenios móviles move by the MOV on their card (l. 98) and the book sets no least value; with MOV 0
    # the engine moves 2 × 0 = 0 cm a turn, and servants push only immobile engines (l. 116–128). Ruling
    # 45e: legal, with a warning at the movement's line.
    ev = check(force(f"  - name: Carro\n    kind: movil\n    movement: {movement}\n    weight: 10\n"))
    assert ev.legal
    assert ("mobile-zero-movement" in codes(ev, "warning")) is warned
    if warned:
        finding = only(ev, "mobile-zero-movement")
        assert (finding.place.path, finding.place.line) == (("machines", 0, "movement"), 6)
        assert "45e" in finding.message("es") and "45e" in finding.message("en")


def test_mov_0_is_not_warned_on_an_immobile_machine(check):
    # An immobile engine moves by its servants, not by a MOV of its own (l. 116–120).
    ev = check(force("  - {name: Balista, kind: inmovil, movement: 0, weight: 8}\n"))
    assert ev.legal and codes(ev, "warning") == []


def test_a_mobile_machine_with_mov_0_and_impacto_has_no_band(check):
    # 2 × MOV = 2 × 0 = 0 cm: no 10 cm band is ever begun, so no strength and no speed-marker figure.
    ev = check(force("  - {name: Carro, kind: movil, movement: 0, "
                     "competencies: [{name: impacto, x: 3}, {name: irreprimible}]}\n"))
    assert ev.details["machines"][0]["impact_strength"] == {"x": 3, "bands": [], "with_speed_marker": None}


def test_defensa_on_a_mobile_machine_is_legal(check):
    # Defensa/X (l. 421) keeps flyers from landing "en un radio de X cms alrededor de" the machine that has
    # it: a radius measured from the machine, which no rule ties to immobile engines (the competencies
    # of moving engines only are irreprimible, segadora, impacto and transporte). Ruling 45f: legal, no
    # finding, and the card's summary says the radius goes wherever the machine stands.
    ev = check(force(chariot(competencies="[{name: defensa, x: 10}]")))
    assert ev.legal and [f.code for f in ev.findings] == []
    (defensa,) = ev.details["machines"][0]["competencies"]
    assert defensa["key"] == "defensa" and "esté donde esté" in defensa["summary"]


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


def test_a_machine_without_a_cost_is_not_free_under_a_points_limit(check, tmp_path):
    """Ruling 44a (issue 46): 390 + an unknown cost is not within 400; the cost given, it is."""
    priced, unpriced = chariot(", cost: 390"), cannon()
    ev = check(force(priced, unpriced, head="points_limit: 400\n"))
    # 390 of 400 by the costs written, but the Cañón's cost is unknown: it may be anything.
    assert ev.points == 390 and not ev.legal
    found = only(ev, "missing-cost")
    assert found.params == {"name": "Cañón", "limit": 400} and found.place.path == ("machines", 1)
    assert found.rule == "Confrontation · Puntos de la fuerza"
    assert "44a" in found.message("es") and "44a" in found.message("en")
    ev = check(force(priced, cannon(", cost: 10"), head="points_limit: 400\n"), name="b.yaml")
    assert (ev.points, ev.legal) == (400, True)  # 390 + 10 = 400, at the limit
    ev = check(force(priced, cannon(", cost: 11"), head="points_limit: 400\n"), name="c.yaml")
    assert codes(ev) == ["over-points-limit"] and ev.points == 401  # 390 + 11 = 401 over 400
    # With no limit at all, a machine without its cost is what it was: no points are at stake.
    assert check(force(priced, unpriced), name="d.yaml").legal
    # The event's limit, not the list's own: the pack's 400 makes the same finding.
    from builder.core.pipeline import evaluate
    from builder.events.packs import load_pack
    (tmp_path / "pack.yaml").write_text("system: confrontation\nname: Torneo\npoints_limit: 400\n", encoding="utf-8")
    listed = tmp_path / "e.yaml"
    listed.write_text(force(priced, unpriced), encoding="utf-8")
    ev = evaluate(listed, "e.yaml", pack=load_pack(tmp_path / "pack.yaml"))
    assert only(ev, "missing-cost").params == {"name": "Cañón", "limit": 400} and not ev.legal


def test_a_force_priced_in_part_shows_its_points_as_a_floor(check, tmp_path):
    """Ruling 44b (issue 49): with no limit, a machine without its cost leaves the force legal, but
    the sum of the other costs is only what the force costs at least."""
    from builder.systems.confrontation.system import SYSTEM
    text = force(chariot(", cost: 90"), cannon(), cannon().replace("Cañón", "Mortero"))
    ev = check(text)
    assert ev.legal and ev.points == 90  # 90 + two unknown costs: at least 90, and JSON's points stays 90
    found = [f for f in ev.findings if f.code == "partial-points"]
    assert [f.place.path for f in found] == [("machines", 1), ("machines", 2)]  # one at each unpriced machine
    assert found[0].params == {"name": "Cañón", "points": 90} and found[0].rule == "Confrontation · Puntos de la fuerza"
    assert "al menos 90" in found[0].message("es") and "44b" in found[0].message("es")
    assert "at least 90" in found[0].message("en") and "44b" in found[0].message("en")
    assert SYSTEM.notes(ev, "es")["machines"] == "al menos 90 puntos"
    assert SYSTEM.notes(ev, "en")["machines"] == "at least 90 points"
    # The report a script reads: points stays a number (the sum given), the warning says it is a floor.
    code, result = check_one(write(tmp_path, "parcial.yaml", text))
    assert (code, result["legal"], result["points"]) == (0, True, 90)
    assert codes_of(result["warnings"]) == ["partial-points", "partial-points"]
    # Every machine priced: 90 + 75 = 165, the force's cost, nothing to warn about.
    ev = check(force(chariot(", cost: 90"), cannon(", cost: 75")), name="b.yaml")
    assert (ev.points, codes(ev), codes(ev, "warning")) == (165, [], [])
    assert SYSTEM.notes(ev, "es")["machines"] == "165 puntos"
    # No machine priced: the force has no points at all (ruling 44), which passes for no cost.
    ev = check(force(chariot(), cannon()), name="c.yaml")
    assert (ev.points, ev.legal, codes(ev, "warning")) == (None, True, [])
    # Under a limit the unpriced machine is an error (44a), not this warning as well.
    ev = check(force(chariot(", cost: 90"), cannon(), head="points_limit: 400\n"), name="d.yaml")
    assert (codes(ev), codes(ev, "warning")) == (["missing-cost"], [])


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


def test_inspect_text_has_no_impact_line_for_a_machine_that_never_moves(check):
    from builder.core import registry

    ev = check(force("  - {name: Carro, kind: movil, movement: 0, competencies: [{name: impacto, x: 3}]}\n"))
    text = registry.get("confrontation").inspect_text(ev, "es")
    assert "Impacto/3" in text and "tramo" not in text  # the competency, but no empty band line


# --- by the book: war machines --------------------------------------------------------------------
# Confrontation war machines by the book: transport capacity and access, what an immobile machine
# may not have, structure points, value ranges, crews and points. Black-box, written from the
# Confrontation war-machine specification, the shared command-line contract and the rulebook
# (../shared/rulebooks/confrontation-fortification.txt) alone; every expected value is worked out by
# hand in a comment next to the assertion, none copied from the tool's output.


@pytest.mark.book
class TestConfrontationLegalBaseline:
    def test_mobile_and_immobile_force_is_legal_exit_0(self, tmp_path):
        # a chariot carrying troops (transporte/4 with access, 2 normal = 4 units) and an
        # immobile piece crewed at its Dotación: nothing in the war-machine rules objects to it
        path = write(tmp_path, "ok.yaml", conf([
            mobile(name="Carro", structure_points=8, resistance=12,
                   competencies=[{"name": "irreprimible"}, {"name": "impacto", "x": 3},
                                 {"name": "transporte", "x": 4, "access": "lateral"}],
                   embarked=[{"name": "G1", "size": "normal", "mounted": False},
                             {"name": "G2", "size": "normal", "mounted": False}]),
            immobile(name="Canon", structure_points=6, crew_min=1,
                     artillery={"class": "ligera", "type": "zona"},
                     servants=[{"name": "Guigne", "size": "normal",
                                "competencies": [{"name": "mecanico", "x": 4}]}]),
        ]))
        res = assert_legal(path)
        assert res["system"] == "confrontation"
        assert res["name"] == "Fuerza de prueba"
        for key in ("file", "system", "name", "legal", "points", "points_limit",
                    "fingerprint", "errors", "warnings"):
            assert key in res


@pytest.mark.book
class TestConfrontationTransport:
    def test_capacity_exactly_full_is_legal(self, tmp_path):
        # rulebook: Transporte/4 takes "uno de talla grande y uno de talla pequeña": 3 + 1 = 4
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4, "access": "trasero"}],
            embarked=[{"name": "Ogro", "size": "grande", "mounted": False},
                      {"name": "Goblin", "size": "pequeno", "mounted": False}])]))
        assert_legal(path)

    def test_capacity_exceeded(self, tmp_path):
        # normal 2 + normal 2 + pequeño 1 = 5 > X = 4
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4, "access": "lateral"}],
            embarked=[{"name": "A", "size": "normal", "mounted": False},
                      {"name": "B", "size": "normal", "mounted": False},
                      {"name": "C", "size": "pequeno", "mounted": False}])]))
        assert_illegal_with(path, "transport-capacity")

    def test_mounted_fighter_cannot_embark(self, tmp_path):
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4, "access": "lateral"}],
            embarked=[{"name": "Jinete", "size": "normal", "mounted": True}])]))
        assert_illegal_with(path, "cannot-embark")

    def test_muy_grande_fighter_cannot_embark(self, tmp_path):
        # capacity 10 so that only the size rule can object
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 10, "access": "frontal"}],
            embarked=[{"name": "Gigante", "size": "muy-grande", "mounted": False}])]))
        assert_illegal_with(path, "cannot-embark")

    def test_nobody_embarks_on_a_machine_without_transporte(self, tmp_path):
        path = write(tmp_path, "t.yaml", conf([mobile(
            embarked=[{"name": "Goblin", "size": "pequeno", "mounted": False}])]))
        assert_illegal_with(path, "cannot-embark")

    def test_transport_without_access(self, tmp_path):
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4}])]))
        assert_illegal_with(path, "transport-access")

    @pytest.mark.parametrize("access", ["frontal", "lateral", "trasero"])
    def test_each_access_named_in_the_spec_is_accepted(self, tmp_path, access):
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4, "access": access}])]))
        assert_legal(path)

    def test_access_outside_the_three_sides_is_rejected(self, tmp_path):
        # the spec lists frontal, lateral, trasero; which code an invalid side gets is
        # open, so only "illegal, exit 1, no traceback" is asserted
        path = write(tmp_path, "t.yaml", conf([mobile(
            competencies=[{"name": "transporte", "x": 4, "access": "tejado"}])]))
        exit_code, res = check_one(path)
        assert exit_code == 1 and res["legal"] is False


@pytest.mark.book
class TestConfrontationImmobile:
    @pytest.mark.parametrize("comp", [
        {"name": "irreprimible"}, {"name": "impacto", "x": 3},
        {"name": "segadora", "x": 4}, {"name": "transporte", "x": 4, "access": "lateral"},
    ])
    def test_moving_engine_competency_on_immobile(self, tmp_path, comp):
        path = write(tmp_path, "i.yaml", conf([immobile(competencies=[comp])]))
        assert_illegal_with(path, "immobile-competency")

    @pytest.mark.parametrize("comp", [
        {"name": "irreprimible"}, {"name": "impacto", "x": 3},
        {"name": "segadora", "x": 4},
    ])
    def test_same_competencies_on_a_mobile_machine_are_fine(self, tmp_path, comp):
        path = write(tmp_path, "i.yaml", conf([mobile(competencies=[comp])]))
        assert_legal(path)

    def test_defensa_is_fine_on_an_immobile_machine(self, tmp_path):
        # defensa/X is not in the list of moving-engine competencies
        path = write(tmp_path, "i.yaml", conf([immobile(competencies=[{"name": "defensa", "x": 10}])]))
        assert_legal(path)

    def test_immobile_without_weight(self, tmp_path):
        m = immobile()
        del m["weight"]
        assert_illegal_with(write(tmp_path, "i.yaml", conf([m])), "missing-weight")

    def test_mobile_without_weight_is_fine(self, tmp_path):
        # rulebook: the lightest mobile engines have no Peso
        m = mobile()
        del m["weight"]
        res = assert_legal(write(tmp_path, "i.yaml", conf([m])))
        assert "missing-weight" not in codes_of(res["warnings"])


@pytest.mark.book
class TestConfrontationStructurePoints:
    def test_inalterable_without_pe(self, tmp_path):
        path = write(tmp_path, "p.yaml", conf([mobile(competencies=[{"name": "inalterable"}])]))
        assert_illegal_with(path, "needs-structure-points")

    def test_inalterable_with_pe_is_fine(self, tmp_path):
        path = write(tmp_path, "p.yaml", conf([mobile(structure_points=8,
                                                      competencies=[{"name": "inalterable"}])]))
        assert_legal(path)

    def test_servant_mecanico_without_pe(self, tmp_path):
        path = write(tmp_path, "p.yaml", conf([immobile(
            servants=[{"name": "Guigne", "size": "normal",
                       "competencies": [{"name": "mecanico", "x": 4}]}])]))
        assert_illegal_with(path, "needs-structure-points")

    def test_servant_mecanico_with_pe_is_fine(self, tmp_path):
        path = write(tmp_path, "p.yaml", conf([immobile(
            structure_points=6,
            servants=[{"name": "Guigne", "size": "normal",
                       "competencies": [{"name": "mecanico", "x": 4}]}])]))
        assert_legal(path)


@pytest.mark.book
class TestConfrontationValueRanges:
    @pytest.mark.parametrize("x,legal,warned", [
        (0, False, False),   # below any D6 result, like every other X (at least 1)
        (1, True, True),     # "igual o mayor que X" and "con un resultado de 1 ... pierde" meet on the 1 (l. 437)
        (2, True, False),
        (6, True, False),
        (7, False, False),   # a D6 never reaches 7
    ])
    def test_mecanico_x_is_1_to_6(self, tmp_path, x, legal, warned):
        path = write(tmp_path, "v.yaml", conf([immobile(
            structure_points=6,
            servants=[{"name": "Guigne", "size": "normal",
                       "competencies": [{"name": "mecanico", "x": x}]}])]))
        if legal:
            res = assert_legal(path)
            assert ("mechanic-one" in codes_of(res["warnings"])) is warned
        else:
            assert_illegal_with(path, "value-out-of-range")

    @pytest.mark.parametrize("x,legal", [(0, False), (1, True)])
    def test_other_x_at_least_1(self, tmp_path, x, legal):
        path = write(tmp_path, "v.yaml", conf([mobile(competencies=[{"name": "impacto", "x": x}])]))
        if legal:
            assert_legal(path)
        else:
            assert_illegal_with(path, "value-out-of-range")

    @pytest.mark.parametrize("x,legal", [(0, False), (1, True)])
    def test_servant_zapador_x_at_least_1(self, tmp_path, x, legal):
        path = write(tmp_path, "v.yaml", conf([immobile(
            servants=[{"name": "Z", "size": "normal",
                       "competencies": [{"name": "zapador", "x": x}]}])]))
        if legal:
            assert_legal(path)
        else:
            assert_illegal_with(path, "value-out-of-range")

    @pytest.mark.parametrize("field", ["weight", "movement", "resistance", "structure_points", "crew_min"])
    def test_negative_characteristic(self, tmp_path, field):
        path = write(tmp_path, "v.yaml", conf([mobile(**{field: -1})]))
        assert_illegal_with(path, "value-out-of-range")

    def test_unknown_competency_suggests_closest(self, tmp_path):
        path = write(tmp_path, "u.yaml", conf([mobile(competencies=[{"name": "impakto", "x": 3}])]))
        res = assert_illegal_with(path, "unknown-reference")
        msg = next(f["message"] for f in res["errors"] if f["code"] == "unknown-reference")
        assert "impacto" in msg.lower()

    def test_unknown_servant_competency(self, tmp_path):
        path = write(tmp_path, "u.yaml", conf([immobile(
            servants=[{"name": "S", "size": "normal", "competencies": [{"name": "artifciero"}]}])]))
        res = assert_illegal_with(path, "unknown-reference")
        msg = next(f["message"] for f in res["errors"] if f["code"] == "unknown-reference")
        assert "artificiero" in msg.lower()

    def test_error_names_the_machine(self, tmp_path):
        # the command-line contract: the message names the place, e.g. `lista.yaml:14 squads[0].members[0]`;
        # the faulty machine here is the second one
        path = write(tmp_path, "where.yaml", conf([mobile(name="Bueno"), immobile(name="Malo", weight=-1)]))
        res = assert_illegal_with(path, "value-out-of-range")
        f = next(f for f in res["errors"] if f["code"] == "value-out-of-range")
        assert "machines[1]" in (str(f["where"]) + f["message"])
        assert "where.yaml" in f["message"]


@pytest.mark.book
class TestConfrontationCrewAndPoints:
    def test_crew_below_minimum_is_a_warning(self, tmp_path):
        # Dotación 3, 2 servants: can't be used, but can be fielded
        path = write(tmp_path, "c.yaml", conf([immobile(
            crew_min=3, servants=[{"name": "A", "size": "normal"}, {"name": "B", "size": "normal"}])]))
        exit_code, res = check_one(path)
        assert "crew-below-minimum" in codes_of(res["warnings"])
        assert "crew-below-minimum" not in codes_of(res["errors"])
        assert res["legal"] is True and exit_code == 0
        for f in res["warnings"]:
            assert_finding_shape(f)

    def test_crew_at_minimum_no_warning(self, tmp_path):
        path = write(tmp_path, "c.yaml", conf([immobile(
            crew_min=2, servants=[{"name": "A", "size": "normal"}, {"name": "B", "size": "normal"}])]))
        res = assert_legal(path)
        assert "crew-below-minimum" not in codes_of(res["warnings"])

    def test_points_at_limit_is_legal(self, tmp_path):
        # 60 + 40 = 100 <= 100
        path = write(tmp_path, "p.yaml", conf([mobile(name="A", cost=60), immobile(name="B", cost=40)],
                                              points_limit=100))
        res = assert_legal(path)
        assert res["points"] == 100
        assert res["points_limit"] == 100

    def test_over_points_limit(self, tmp_path):
        # 60 + 41 = 101 > 100
        path = write(tmp_path, "p.yaml", conf([mobile(name="A", cost=60), immobile(name="B", cost=41)],
                                              points_limit=100))
        res = assert_illegal_with(path, "over-points-limit")
        assert res["points"] == 101
        assert res["points_limit"] == 100

    def test_no_limit_points_limit_null(self, tmp_path):
        # 75 + 30 = 105, no limit to exceed
        path = write(tmp_path, "p.yaml", conf([mobile(name="A", cost=75), immobile(name="B", cost=30)]))
        res = assert_legal(path)
        assert res["points"] == 105
        assert res["points_limit"] is None


# --- ruling 73: a misspelt key hides nothing else (issue 32) --------------------------------


def test_a_misspelt_key_and_a_rule_broken_on_one_machine_are_reported_in_one_run(check):
    # The chariot writes «wieght» (weight is the key, and is written too), and carries a large
    # (3) and a normal (2) fighter: 5 in a transporte of X = 4.
    ev = check(force(chariot(", wieght: 3, embarked: [{name: a, size: grande}, {name: b, size: normal}]")))
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("machines", 0, "wieght")),
                     ("transport-capacity", None, ("machines", 0, "embarked"))]
    assert ev.fingerprint is None


def test_a_misspelt_key_and_a_wrong_value_on_one_machine_are_reported_in_one_run(check):
    ev = check(force(cannon(", wieght: 3, resistance: 101")))  # resistance runs 0–100
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("machines", 0, "wieght")),
                     ("value-out-of-range", None, ("machines", 0, "resistance"))]

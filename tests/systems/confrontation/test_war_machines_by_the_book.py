"""Confrontation war machines by the book.

Black-box, written from the Confrontation war-machine specification, the shared command-line
contract and the rulebook (../shared/rulebooks/confrontation-fortification.txt) alone: transport
capacity and access, what an immobile machine may not have, structure points, value ranges,
crews and points, and the derived figures of `builder inspect` (penalty thresholds, capacity
used, the servants' move penalty, turns, impact strength).

Every expected value is worked out by hand in a comment next to the assertion; none is copied
from the tool's output.

Where the specification fixes a figure but not its JSON shape (`impact_strength`), the tests use
shape-agnostic helpers (walk the JSON and look for the numbers) and say so in the test's
docstring.
"""

from __future__ import annotations

import pytest

from tests.book_cases import (
    assert_finding_shape, assert_illegal_with, assert_legal, check_one, codes_of, conf, immobile, inspect_json,
    mobile, numbers, write,
)


def machine_json(tmp_path, machine, name="m.yaml"):
    doc = inspect_json(write(tmp_path, name, conf([machine])), exit_code=0)
    assert isinstance(doc["machines"], list) and len(doc["machines"]) == 1
    entry = doc["machines"][0]
    assert entry["name"] == machine["name"]
    for key in ("penalty_thresholds", "capacity_used", "servant_move_penalty",
                "turn_every_cm", "impact_strength"):
        assert key in entry, key
    return entry


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

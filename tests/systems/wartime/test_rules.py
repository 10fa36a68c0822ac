"""Every Wartime legality code, at its boundary, with the place it reports."""

import re

import pytest
import yaml

from builder.systems.wartime.cards import print_spec
from tests.book_cases import (
    FORM, INVALID_FIELD, OUT_OF_RANGE, SIMPLE, SOLDADO, VETERANO, archetype_in, assert_error, assert_finding_shape,
    check_json, check_one, codes_of, crews_roster, floored_roster, full_book, inspect_json, member, squad, squad_in,
    squad_with, wartime, wb, write,
)
from tests.support import Checker, codes, only
from tests.systems.wartime.conftest import archetype, crew_squad, jeep_roster

# Costs, by hand:
#   Soldado body: CON 4 (3) + AGI 4 (3) + INT 3 (2) + REA 4 (3) + VOL 3 (2) = 13; level 18, energy 9.
#   Fusil: damage 4 (20) + range 4 × 15 × 0.1 = 6 - energy 2 (10) = 16.
#   Chaleco: protection 3 (15) - energy 2 (10) = 5.
#   Fusilero: 13 + 16 + 5 = 34.
BOOK = """\
warbook:
  bodies:
    - {name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
  weapons:
    - {name: Fusil, energy: 2, damage: 4, range: 15}
  protections:
    - {name: Chaleco, energy: 2, protection: 3}
  characters:
    - {name: Fusilero, body: Soldado, weapons: [Fusil], protections: [Chaleco]}
"""


def roster(head: str = "", squads: str = "", book: str = BOOK) -> str:
    return "system: wartime\nname: Prueba\n" + head + book + ("squads:\n" + squads if squads else "")


def squad_yaml(name: str, count: int, character: str = "Fusilero") -> str:
    return f"  - name: {name}\n    members: [{{character: {character}, count: {count}}}]\n"


# --- points -----------------------------------------------------------------------------


def test_points_at_the_limit_are_legal(check):
    # 3 × 34 = 102.
    ev = check(roster("points_limit: 102\n", squad_yaml("Alfa", 3)))
    assert ev.points == 102
    assert ev.legal


def test_over_points_limit(check):
    ev = check(roster("points_limit: 101\n", squad_yaml("Alfa", 3)))
    finding = only(ev, "over-points-limit")
    assert finding.params == {"points": 102, "limit": 101}
    assert finding.place.where == "lista.yaml:3 points_limit"
    assert finding.rule.startswith("Wartime")
    assert not ev.legal


# --- names and references ----------------------------------------------------------------


def test_duplicate_name_across_kinds_ignoring_case(check):
    book = BOOK + "  objects:\n    - {name: fusil, energy: 1}\n"
    ev = check(roster(book=book))
    finding = only(ev, "duplicate-name")
    assert finding.place.path == ("warbook", "objects", 0, "name")
    assert "weapon" in finding.message("en") and "Fusil" in finding.message("en")


def test_duplicate_squad(check):
    ev = check(roster(squads=squad_yaml("Alfa", 1) + squad_yaml("ALFA", 2)))
    finding = only(ev, "duplicate-squad")
    assert finding.place.path == ("squads", 1, "name")


def test_unknown_character_in_a_squad_suggests_the_closest(check):
    ev = check(roster(squads=squad_yaml("Alfa", 2, character="Fusilera")))
    finding = only(ev, "unknown-reference")
    assert finding.place.path == ("squads", 0, "members", 0, "character")
    assert "Fusilero" in finding.message("es")
    assert ev.points is None  # a list with a member that can't be priced has no total


def test_unknown_reference_of_the_wrong_kind_says_what_it_is(check):
    book = BOOK.replace("weapons: [Fusil], protections: [Chaleco]", "weapons: [Chaleco]")
    ev = check(roster(book=book))
    finding = only(ev, "unknown-reference")
    assert finding.variant == "elsewhere"
    assert "protection" in finding.message("en")


def test_unknown_body_and_transport_equipment(check):
    book = BOOK + """\
  transports:
    - {name: Jeep, energy: 1, defense: 2, weapons: [Bazoka], objects: [Radio]}
"""
    book = book.replace("body: Soldado", "body: Soldier, transport: Jeep")
    ev = check(roster(book=book))
    paths = sorted(f.place.path for f in ev.findings if f.code == "unknown-reference")
    assert paths == [("warbook", "characters", 0, "body"), ("warbook", "transports", 0, "objects", 0),
                     ("warbook", "transports", 0, "weapons", 0)]


# --- values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, path",
    [
        ("con: 4", "con: 0", ("warbook", "bodies", 0, "con")),
        ("con: 4", "con: 11", ("warbook", "bodies", 0, "con")),
        ("damage: 4", "damage: 11", ("warbook", "weapons", 0, "damage")),
        ("energy: 2, damage", "energy: 0, damage", ("warbook", "weapons", 0, "energy")),
        ("range: 15", "range: -1", ("warbook", "weapons", 0, "range")),
        ("protection: 3", "protection: 12", ("warbook", "protections", 0, "protection")),
        ("protections: [Chaleco]}", "protections: [Chaleco], fortune: 11}", ("warbook", "characters", 0, "fortune")),
    ],
)
def test_value_out_of_range(check, old, new, path):
    ev = check(roster(book=BOOK.replace(old, new)))
    assert only(ev, "value-out-of-range").place.path == path
    assert not ev.legal


def test_negative_count_area_and_capacity_are_out_of_range(check):
    book = BOOK + "  objects:\n    - {name: Caja, energy: 1, area: -2, capacity: -5}\n"
    ev = check(roster(squads=squad_yaml("Alfa", -1), book=book))
    paths = sorted(f.place.path[-1] for f in ev.findings if f.code == "value-out-of-range")
    assert paths == ["area", "capacity", "count"]


def test_defense_zone_out_of_range(check):
    book = BOOK + "  transports:\n    - {name: Tanque, energy: 2, large: true, defense: {front: 11, left: 1, right: 1, rear: 1}}\n"
    ev = check(roster(book=book))
    assert only(ev, "value-out-of-range").place.path == ("warbook", "transports", 0, "defense", "front")


def test_range_of_five_times_damage_is_legal_and_more_is_not(check):
    # damage 4 -> at most 20 K.
    assert check(roster(book=BOOK.replace("range: 15", "range: 20"))).legal
    ev = check(roster(book=BOOK.replace("range: 15", "range: 20.5")))
    finding = only(ev, "range-too-long")
    assert finding.params["max"] == 20
    assert finding.place.path == ("warbook", "weapons", 0, "range")


@pytest.mark.parametrize(
    "transport, variant",
    [
        ("{name: Tanque, energy: 2, large: true, defense: 5}", "large"),
        ("{name: Moto, energy: 1, defense: {front: 1, left: 1, right: 1, rear: 1}}", "small"),
    ],
)
def test_transport_defense_zones(check, transport, variant):
    ev = check(roster(book=BOOK + f"  transports:\n    - {transport}\n"))
    assert only(ev, "transport-defense-zones").variant == variant


def test_large_transport_missing_a_zone(check):
    # Issue 2: "a large transport without its four zones" is transport-defense-zones.
    book = BOOK + "  transports:\n    - {name: Tanque, energy: 2, large: true, defense: {front: 5, left: 5, right: 5}}\n"
    ev = check(roster(book=book))
    finding = only(ev, "transport-defense-zones")
    assert finding.variant == "large"
    assert finding.place.path == ("warbook", "transports", 0, "defense")
    # Still priced as written: zones 25 + 25 + 25 − energy 10 = 65.
    assert next(a for a in ev.details["archetypes"] if a["name"] == "Tanque")["cost"] == 65


# --- restrictions ---------------------------------------------------------------------


def test_restriction_max_level(check):
    # Fusilero's level is 4 + 4 + 3 + 4 + 3 = 18.
    assert check(roster("restrictions: {max_level: 18}\n", squad_yaml("Alfa", 1))).legal
    ev = check(roster("restrictions: {max_level: 17}\n", squad_yaml("Alfa", 1)))
    assert only(ev, "restriction-max-level").place.path == ("squads", 0, "members", 0)


def test_restrictions_ignore_characters_not_recruited(check):
    assert check(roster("restrictions: {max_level: 5, max_weapon_damage: 1}\n")).legal


def test_restriction_max_models(check):
    assert check(roster("restrictions: {max_models: 5}\n", squad_yaml("Alfa", 3) + squad_yaml("Beta", 2))).legal
    ev = check(roster("restrictions: {max_models: 4}\n", squad_yaml("Alfa", 3) + squad_yaml("Beta", 2)))
    assert only(ev, "restriction-max-models").params == {"models": 5, "max": 4}


def test_restriction_max_weapon_damage_counts_the_transport(check):
    book = BOOK.replace(
        "    - {name: Fusil, energy: 2, damage: 4, range: 15}\n",
        "    - {name: Fusil, energy: 2, damage: 4, range: 15}\n    - {name: Cañón, energy: 3, damage: 7}\n",
    ).replace("body: Soldado, weapons", "body: Soldado, transport: Jeep, weapons")
    book += "  transports:\n    - {name: Jeep, energy: 1, defense: 2, weapons: [Cañón]}\n"
    # Fusil (damage 4) in hand, Cañón (damage 7) on the Jeep.
    assert check(roster("restrictions: {max_weapon_damage: 7}\n", squad_yaml("Alfa", 1), book)).legal
    ev = check(roster("restrictions: {max_weapon_damage: 6}\n", squad_yaml("Alfa", 1), book))
    assert only(ev, "restriction-max-weapon-damage").params["weapon"] == "Cañón"
    ev = check(roster("restrictions: {max_weapon_damage: 3}\n", squad_yaml("Alfa", 1), book))
    assert sorted(f.params["weapon"] for f in ev.findings if f.code == "restriction-max-weapon-damage") == ["Cañón", "Fusil"]


# --- formations ------------------------------------------------------------------------


def test_lone_formations_may_cost_ten_percent_of_the_limit(check):
    # One lone Fusilero costs 34: 10% of 340 is exactly 34 -> legal; of 339 it is 33.9 -> illegal.
    squads = squad_yaml("Alfa", 5) + squad_yaml("Solo", 1)  # 6 × 34 = 204 points
    assert check(roster("points_limit: 340\nformations: true\n", squads)).legal
    ev = check(roster("points_limit: 339\nformations: true\n", squads))
    assert only(ev, "formation-solo-limit").params["points"] == 34


def test_lone_formations_without_a_limit_use_the_list_points(check):
    # Without a limit: 10 × 34 = 340 points; the lone squad's 34 is 10% -> legal.
    assert check(roster("formations: true\n", squad_yaml("Alfa", 9) + squad_yaml("Solo", 1))).legal
    # 9 × 34 = 306 points; 34 > 30.6 -> illegal.
    ev = check(roster("formations: true\n", squad_yaml("Alfa", 8) + squad_yaml("Solo", 1)))
    assert codes(ev) == ["formation-solo-limit"]


def test_formation_rules_only_apply_when_asked(check):
    ev = check(roster("", squad_yaml("Solo", 1) + squad_yaml("Par", 2)))
    assert ev.legal and codes(ev, "warning") == []


@pytest.mark.parametrize("count, warned", [(1, False), (2, True), (3, True), (4, False)])
def test_formation_too_small(check, count, warned):
    ev = check(roster("formations: true\n", squad_yaml("Alfa", 10) + squad_yaml("Beta", count)))
    assert ("formation-too-small" in codes(ev, "warning")) == warned


# --- warnings --------------------------------------------------------------------------


def test_defense_over_constitution_is_a_warning(check):
    # CON 4; defense Chaleco 3 + Chaleco 3 = 6 -> 2 over.
    book = BOOK.replace("protections: [Chaleco]", "protections: [Chaleco, Chaleco]")
    ev = check(roster("", squad_yaml("Alfa", 1), book))
    assert ev.legal
    finding = only(ev, "defense-over-constitution")
    assert finding.params["penalty"] == 2
    # Defense equal to CON is fine: 3 + 1 = 4.
    book = BOOK.replace("    - {name: Chaleco, energy: 2, protection: 3}\n",
                        "    - {name: Chaleco, energy: 2, protection: 3}\n    - {name: Gorro, energy: 1, protection: 1}\n")
    book = book.replace("protections: [Chaleco]}", "protections: [Chaleco, Gorro]}")
    assert "defense-over-constitution" not in codes(check(roster(book=book)), "warning")


def test_weapon_needing_more_energy_than_the_character_has(check):
    # REA 4 -> energy 9; a weapon of energy 10 can't be used.
    book = BOOK.replace("energy: 2, damage: 4", "energy: 10, damage: 4")
    ev = check(roster(book=book))
    assert ev.legal
    assert only(ev, "weapon-energy-over-character").params == {
        "name": "Fusilero", "energy": 9, "weapon": "Fusil", "weapon_energy": 10}
    assert "weapon-energy-over-character" not in codes(check(roster(book=BOOK.replace("energy: 2, damage: 4", "energy: 9, damage: 4"))), "warning")


# --- structure -------------------------------------------------------------------------


def test_unknown_key_suggests_the_right_one(check):
    ev = check(roster(book=BOOK.replace("range: 15", "rnage: 15")))
    finding = only(ev, "invalid-field")
    assert finding.place.path == ("warbook", "weapons", 0, "rnage")
    assert "range" in finding.message("en")
    # Lines: system, name, warbook, bodies, Soldado, weapons, then the Fusil on line 7.
    assert finding.place.line == 7


def test_missing_and_mistyped_keys(check):
    ev = check(roster(book=BOOK.replace("agi: 4, ", "").replace("int: 3", "int: tres")))
    messages = sorted(f.message("en") for f in ev.findings if f.code == "invalid-field")
    assert len(messages) == 2
    assert any("agi" in m and "missing" in m for m in messages)
    assert any("int" in m and "whole number" in m for m in messages)


def test_a_squad_needs_members(check):
    ev = check(roster(squads="  - name: Vacía\n    members: []\n"))
    assert only(ev, "invalid-field").place.path == ("squads", 0, "members")


def test_a_warbook_only_file_is_legal_and_is_no_list_of_points(check):
    ev = check(roster())
    assert ev.legal
    assert not ev.roster  # a Warbook on its own: no list to play, not a list of 0 points
    assert ev.points is None
    assert ev.extra["warbook_only"] is True


# --- issue 15: squads of no models, and the energy objects and transports need -----------


def test_a_squad_of_no_models_is_illegal(check):
    # "Un grupo de 1 o más miniaturas": counts 0 + 0 field nobody.
    ev = check(roster(squads=squad_yaml("Alfa", 2) + "  - name: Vacía\n    members: [{character: Fusilero, count: 0}]\n"))
    finding = only(ev, "empty-squad")
    assert finding.place.path == ("squads", 1)
    assert ev.points == 68  # 2 × 34 + 0 × 34


def test_objects_and_transports_that_need_more_energy_than_the_character_has_are_warned(check):
    # Soldado: REA 4, so energy 4 + 5 = 9. A radio of energy 10 and a moto of energy 10 can't be used.
    book = BOOK.replace("  characters:\n", "  objects:\n    - {name: Radio, energy: 10}\n"
                        "  transports:\n    - {name: Moto, energy: 10, defense: 2}\n  characters:\n")
    book = book.replace("protections: [Chaleco]}", "protections: [Chaleco], objects: [Radio], transport: Moto}")
    ev = check(roster(book=book))
    found = [f for f in ev.findings if f.code == "equipment-energy-over-character"]
    assert [f.place.path for f in found] == [("warbook", "characters", 0, "objects", 0),
                                             ("warbook", "characters", 0, "transport")]
    assert found[0].message("es").endswith("«Fusilero» tiene energía 9 y no puede usar el objeto «Radio», que necesita 10")
    assert ev.legal  # a warning: the list stays legal


def test_a_body_shows_its_own_level_energy_and_vitality(check):
    # Soldado: CON 4 + AGI 4 + INT 3 + REA 4 + VOL 3 = level 18; energy REA 4 + 5 = 9; vitality CON 4.
    body = next(a for a in check(roster()).details["archetypes"] if a["kind"] == "body")
    assert (body["level"], body["energy"], body["vitality"]) == (18, 9, 4)


def test_a_squad_acts_with_its_lowest_energy_and_reaction_and_its_highest_willpower(check):
    # Soldado (REA 4, VOL 3, energy 9) and Veterano (CON 5 AGI 6 INT 4 REA 6 VOL 7: energy 6 + 5 = 11 → 10).
    book = BOOK.replace("  weapons:\n", "    - {name: Veterano, con: 5, agi: 6, int: 4, rea: 6, vol: 7}\n  weapons:\n")
    book = book.replace("protections: [Chaleco]}\n", "protections: [Chaleco]}\n"
                        "    - {name: Sargento, body: Veterano, protections: [Chaleco, Chaleco], fortune: 2}\n")
    squads = ("  - name: Alfa\n    members: [{character: Sargento, count: 1}, {character: Fusilero, count: 5}]\n")
    ev = check(roster(head="formations: true\n", squads=squads, book=book))
    [alfa] = ev.details["squads"]
    assert alfa["energy"] == 9  # min(10, 9)
    assert alfa["reaction_phase"] == 4  # min(REA 6, REA 4)
    assert alfa["willpower"] == 7 + 1  # the highest VOL, 7, + 1 for 6 members (one full five)
    # In formation: the lowest defense, min(3 + 3, 3) = 3; fortune 2 × 1 + 0 × 5 = 2; energy 9.
    assert alfa["formation"] == {"energy": 9, "defense": 3, "fortune": 2}


@pytest.mark.parametrize("vol, count, willpower", [
    (9, 5, 10),    # 9 + 1 (one full five) = 10
    (10, 5, 10),   # 10 + 1 = 11: a success past 10 counts as 10 (Chequeos, l. 120)
    (10, 4, 10),   # 10 + 0
])
def test_a_squads_willpower_is_at_most_ten(check, vol, count, willpower):
    book = BOOK.replace("vol: 3}", f"vol: {vol}}}")
    [squad_] = check(roster(squads=squad_yaml("Alfa", count), book=book)).details["squads"]
    assert squad_["willpower"] == willpower


def test_a_character_may_carry_seven_protections_and_a_squad_hold_seven_kinds_of_soldier(check):
    # No maximum of protections (l. 588) nor of a squad's models (l. 332). Each Pieza costs
    # protection 1 (5) - energy 1 (5) = 0 -> 1; Blindado: Soldado 13 + 7 × 1 = 20.
    # Seven one-model lines, Blindado and six Fusileros (34 each): 20 + 6 × 34 = 224.
    pieces = "".join(f"    - {{name: Pieza {i}, energy: 1, protection: 1}}\n" for i in range(7))
    characters = "".join(f"    - {{name: Fusilero {i}, body: Soldado, weapons: [Fusil], protections: [Chaleco]}}\n"
                         for i in range(6))
    book = (BOOK.replace("    - {name: Chaleco, energy: 2, protection: 3}\n",
                         "    - {name: Chaleco, energy: 2, protection: 3}\n" + pieces)
            + f"    - {{name: Blindado, body: Soldado, protections: [{', '.join(f'Pieza {i}' for i in range(7))}]}}\n"
            + characters)
    members = ", ".join(["{character: Blindado}"] + [f"{{character: Fusilero {i}}}" for i in range(6)])
    ev = check(roster(book=book, squads=f"  - name: Mezcla\n    members: [{members}]\n"))
    assert codes(ev) == [] and ev.legal
    assert ev.points == 224


# --- ammunition and crews -------------------------------------------------------------------------
# The optional ammunition rule (magazines: Munición [opcional], l. 320) and vehicle crews (Creación
# de listas de juego, l. 403; Tripulación, l. 639), worked out by hand from the book, on JEEP_BOOK
# (conftest.py).


def test_magazines_for_a_weapon_not_carried_are_an_error_with_the_closest_name(check):
    ev = check(jeep_roster(fusilero=", magazines: {Fusl: 1}"))
    finding = only(ev, "magazine-weapon-not-carried")
    assert finding.place.path == ("warbook", "characters", 0, "magazines", "Fusl")
    assert finding.place.line == 13  # the Fusilero's line of the Warbook
    assert "Fusil" in finding.message("es")
    assert archetype(ev, "Fusilero")["cost"] is None  # "Fusl" is no weapon: the cost can't be known
    assert not ev.legal


def test_magazines_for_a_weapon_of_the_warbook_that_the_character_does_not_carry(check):
    # The Cañón exists (so it's priced: 8), but the Fusilero doesn't carry it.
    ev = check(jeep_roster(fusilero=", magazines: {Cañón: 1}"))
    assert codes(ev) == ["magazine-weapon-not-carried"]
    assert archetype(ev, "Fusilero")["cost"] == 13 + 16 + 8


def test_more_magazines_than_the_bound_are_out_of_range(check):
    ev = check(jeep_roster(fusilero=", magazines: {Fusil: 51}"))
    assert codes(ev) == ["value-out-of-range"]


def test_each_vehicle_is_its_pilot_and_its_crew(check):
    # 2 jeeps, each a Conductor and 2 Fusileros: models 2 × (1 + 2) = 6;
    # points 2 × 91 + 4 × 29 = 182 + 116 = 298.
    ev = check(jeep_roster(crew_squad()))
    assert ev.legal, [f.message("en") for f in ev.findings]
    [jeeps] = ev.details["squads"]
    assert (jeeps["models"], jeeps["points"], ev.points) == (6, 298, 298)
    assert ev.extra["models"] == 6
    assert [(m["character"], m["count"], m["points"]) for m in jeeps["members"]] == [
        ("Conductor", 2, 182), ("Fusilero", 4, 116)]
    assert jeeps["members"][1]["crew_of"] == 0 and jeeps["members"][1]["per_vehicle"] == 2


def test_a_lone_vehicle_with_its_crew_is_a_lone_formation(check):
    # formations: true, limit 400. One jeep with 3 crew is one member: a lone formation costing
    # 91 + 3 × 29 = 178 > 10% of 400 = 40.
    ev = check(jeep_roster(crew_squad(pilots=1, crew=3), head="points_limit: 400\nformations: true\n"))
    finding = only(ev, "formation-solo-limit")
    assert finding.params["points"] == 178
    assert "formation-too-small" not in codes(ev, "warning")


def test_two_vehicles_are_a_formation_of_two_members(check):
    # 2 jeeps with 2 crew each are 6 models but 2 members: fewer than 4.
    ev = check(jeep_roster(crew_squad(), head="formations: true\n"))
    finding = only(ev, "formation-too-small")
    assert finding.params["models"] == 2
    assert "2 integrantes" in finding.message("es")


def test_a_crew_needs_a_pilot_with_a_transport(check):
    ev = check(jeep_roster(crew_squad(pilot="Fusilero")))
    finding = only(ev, "crew-without-transport")
    assert finding.place.path == ("squads", 0, "members", 0, "crew")
    assert not ev.legal


def test_only_the_pilot_is_assigned_the_transport(check):
    ev = check(jeep_roster(crew_squad(crewman="Conductor")))
    finding = only(ev, "crew-member-with-transport")
    assert finding.place.path == ("squads", 0, "members", 0, "crew", 0, "character")
    assert finding.params["transport"] == "Jeep"
    assert not ev.legal


def test_an_unknown_crew_member_is_reported_where_it_is_written(check):
    ev = check(jeep_roster(crew_squad(crewman="Fusilro")))
    finding = only(ev, "unknown-reference")
    assert finding.place.path == ("squads", 0, "members", 0, "crew", 0, "character")
    assert ev.points is None


def test_crew_members_are_held_to_the_restrictions(check):
    # The Conductor's level 4+5+4+6+6 = 25 is over 24 (the Fusileros' 18 is not); 6 models > 5.
    ev = check(jeep_roster(crew_squad(), head="restrictions: {max_level: 24, max_models: 5}\n"))
    assert sorted(codes(ev)) == ["restriction-max-level", "restriction-max-models"]
    assert only(ev, "restriction-max-models").params["models"] == 6


# --- by the book: errors --------------------------------------------------------------------------
# Wartime errors by the book: every illegal roster the Wartime specification names.
#
# Each gets its code, exit 1 and `legal: false`, and every finding carries a kebab-case code, a
# message in the user's language that names the file, the rule and a `where` (see ``assert_error``
# in tests/book_cases.py). Values are worked out by hand next to the assertions.


@pytest.mark.book
def test_one_point_over_the_limit_is_over_points_limit(tmp_path):
    # 25 x 4 = 100 > 99
    found = assert_error(wartime(tmp_path, SIMPLE, [squad()], points_limit=99), "over-points-limit")
    assert "Wartime" in found[0]["rule"]


@pytest.mark.book
def test_points_equal_to_limit_is_legal(tmp_path):
    # 25 x 4 = 100 = limit: never exceeds -> legal
    code, r = check_one(wartime(tmp_path, SIMPLE, [squad()], points_limit=100))
    assert code == 0 and r["legal"] is True and r["points"] == 100


@pytest.mark.book
def test_duplicate_name_across_kinds(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Soldado", "energy": 1, "damage": 3}])
    assert_error(wartime(tmp_path, book), "duplicate-name")


@pytest.mark.book
def test_duplicate_name_same_kind(tmp_path):
    book = wb(bodies=[SOLDADO, dict(SOLDADO, con=6)])
    assert_error(wartime(tmp_path, book), "duplicate-name")


@pytest.mark.book
def test_two_squads_of_one_name_are_duplicate_squad(tmp_path):
    assert_error(wartime(tmp_path, SIMPLE, [squad("Alfa", 1), squad("Alfa", 2)]), "duplicate-squad")


@pytest.mark.book
def test_unknown_reference_member_suggests_closest(tmp_path):
    found = assert_error(wartime(tmp_path, SIMPLE, [squad(character="Fusilro")]), "unknown-reference")
    assert "Fusilero" in found[0]["message"]


@pytest.mark.book
def test_unknown_reference_body_suggests_closest(tmp_path):
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldao"}])
    found = assert_error(wartime(tmp_path, book), "unknown-reference")
    assert "Soldado" in found[0]["message"]


@pytest.mark.book
def test_unknown_reference_wrong_kind(tmp_path):
    # Chaleco exists, but as a protection, not a weapon
    book = wb(bodies=[SOLDADO], protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Soldado", "weapons": ["Chaleco"]}])
    assert_error(wartime(tmp_path, book), "unknown-reference")


@pytest.mark.book
def test_unknown_reference_transport_weapon(tmp_path):
    book = wb(transports=[{"name": "Moto", "energy": 1, "defense": 3, "weapons": ["Ametralladora"]}])
    assert_error(wartime(tmp_path, book), "unknown-reference")


@pytest.mark.book
def test_where_names_file_line_and_path(tmp_path):
    text = (
        "system: wartime\n"                                   # 1
        "name: Lugar\n"                                       # 2
        "warbook:\n"                                          # 3
        "  bodies:\n"                                         # 4
        "    - {name: Soldado, con: 5, agi: 6, int: 4, rea: 7, vol: 3}\n"  # 5
        "  characters:\n"                                     # 6
        "    - {name: Fusilero, body: Soldado}\n"             # 7
        "squads:\n"                                           # 8
        "  - name: Alfa\n"                                    # 9
        "    members:\n"                                      # 10
        "      - {character: Fusilro, count: 4}\n"            # 11
    )
    path = write(tmp_path, "lista.yaml", text)
    found = assert_error(path, "unknown-reference")
    f = found[0]
    assert "squads[0].members[0]" in f["where"]
    assert "lista.yaml:11" in f["where"] or "lista.yaml:11" in f["message"]
    assert "lista.yaml" in f["message"]


@pytest.mark.book
@pytest.mark.parametrize("case", sorted(OUT_OF_RANGE))
def test_every_value_out_of_its_table_is_value_out_of_range(tmp_path, case):
    assert_error(wartime(tmp_path, OUT_OF_RANGE[case]), "value-out-of-range")


@pytest.mark.book
def test_value_out_of_range_negative_count(tmp_path):
    assert_error(wartime(tmp_path, SIMPLE, [squad(count=-1)]), "value-out-of-range")


@pytest.mark.book
def test_range_too_long(tmp_path):
    # damage 2 -> max range 5 x 2 = 10; 11 is too long
    book = wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 11}])
    assert_error(wartime(tmp_path, book), "range-too-long")


@pytest.mark.book
def test_range_at_max_is_legal(tmp_path):
    # damage 2, range 10 = 5 x 2: allowed. cost 10 + 2*10*0.1 (=2) - 5 = 7
    book = wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 10}])
    path = wartime(tmp_path, book)
    code, r = check_one(path)
    assert code == 0 and "range-too-long" not in codes_of(r["errors"])
    assert archetype_in(inspect_json(path), "W")["cost"] == 7


@pytest.mark.book
@pytest.mark.parametrize("transport", [
    {"name": "T", "energy": 1, "large": True, "defense": 5},
    # a large transport with only three zones is "without its four zones"
    {"name": "T", "energy": 1, "large": True, "defense": {"front": 5, "left": 4, "right": 4}},
    {"name": "T", "energy": 1, "large": False, "defense": {"front": 5, "left": 4, "right": 4, "rear": 3}},
    {"name": "T", "energy": 1, "defense": {"front": 5, "left": 4, "right": 4, "rear": 3}},
], ids=["large-single", "large-three-zones", "small-zones", "default-small-zones"])
def test_transport_defense_zones_that_do_not_fit_its_size(tmp_path, transport):
    assert_error(wartime(tmp_path, wb(transports=[transport])), "transport-defense-zones")


@pytest.mark.book
def test_restriction_max_level_at_and_over_the_level(tmp_path):
    # Fusilero level 25 > 24
    assert_error(wartime(tmp_path, SIMPLE, [squad()], restrictions={"max_level": 24}),
                 "restriction-max-level")
    # level 25 <= 25: fine
    code, r = check_one(wartime(tmp_path, SIMPLE, [squad()], name="ok.yaml",
                                restrictions={"max_level": 25}))
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_restriction_max_models_at_and_over_the_models(tmp_path):
    # models = 4 + 2 = 6 > 5
    squads = [squad("Alfa", 4), squad("Bravo", 2)]
    assert_error(wartime(tmp_path, SIMPLE, squads, restrictions={"max_models": 5}),
                 "restriction-max-models")
    code, r = check_one(wartime(tmp_path, SIMPLE, squads, name="ok.yaml", restrictions={"max_models": 6}))
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_restriction_max_weapon_damage_carried(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6}],
              characters=[{"name": "Fusilero", "body": "Soldado", "weapons": ["Canon"]}])
    assert_error(wartime(tmp_path, book, [squad()], restrictions={"max_weapon_damage": 5}),
                 "restriction-max-weapon-damage")
    code, r = check_one(wartime(tmp_path, book, [squad()], name="ok.yaml",
                                restrictions={"max_weapon_damage": 6}))
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_restriction_max_weapon_damage_on_transport(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6},
                                         {"name": "Pistola", "energy": 1, "damage": 2}],
              transports=[{"name": "Tanque", "energy": 1, "large": True,
                           "defense": {"front": 5, "left": 4, "right": 4, "rear": 3},
                           "weapons": ["Canon"]}],
              characters=[{"name": "Fusilero", "body": "Soldado", "transport": "Tanque",
                           "weapons": ["Pistola"]}])
    assert_error(wartime(tmp_path, book, [squad(count=1)], restrictions={"max_weapon_damage": 5}),
                 "restriction-max-weapon-damage")


@pytest.mark.book
@pytest.mark.parametrize("case", sorted(INVALID_FIELD))
def test_invalid_field_is_located(tmp_path, case):
    path = write(tmp_path, "lista.yaml", INVALID_FIELD[case])
    found = assert_error(path, "invalid-field")
    f = found[0]
    # located: names the file and a line
    assert re.search(r"lista\.yaml:\d+", f["where"] + " " + f["message"]), f


# --- by the book: warnings ------------------------------------------------------------------------
# Wartime warnings by the book: a defense over the character's constitution and a weapon whose
# energy is over the character's; both leave the roster legal (exit 0).


@pytest.mark.book
def test_defense_over_constitution_warning(tmp_path):
    # CON 2; Chaleco 3 -> defense 3 > 2: warning, still legal
    book = wb(bodies=[{"name": "Flaco", "con": 2, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "defense-over-constitution" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True
    for f in r["warnings"]:
        assert_finding_shape(f)


@pytest.mark.book
def test_defense_equal_constitution_no_warning(tmp_path):
    book = wb(bodies=[{"name": "Flaco", "con": 3, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "defense-over-constitution" not in codes_of(r["warnings"])
    # Nothing else to say either: REA 5 -> energy 10, above the Chaleco's 1; no limit set.
    assert r["warnings"] == [] and r["errors"] == [] and code == 0


@pytest.mark.book
def test_weapon_energy_over_character_warning(tmp_path):
    # REA 2 -> energy 7; weapon energy 8 > 7 -> warning; weapon energy 7 -> none
    lento = {"name": "Lento", "con": 5, "agi": 5, "int": 5, "rea": 2, "vol": 5}
    book = wb(bodies=[lento], weapons=[{"name": "Misil", "energy": 8, "damage": 10}],
              characters=[{"name": "C", "body": "Lento", "weapons": ["Misil"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "weapon-energy-over-character" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True
    book = wb(bodies=[lento], weapons=[{"name": "Mortero", "energy": 7, "damage": 10}],
              characters=[{"name": "D", "body": "Lento", "weapons": ["Mortero"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="D")], name="d.yaml"))
    assert "weapon-energy-over-character" not in codes_of(r["warnings"])


# --- by the book: formations ----------------------------------------------------------------------
# Wartime formations by the book (`formations: true`).
#
# Lone characters together may cost at most 10% of the points limit (of the list's own points when
# there is no limit), and a squad of two or three models is warned about. ``FORM`` in
# tests/book_cases.py has one character, Vet, costing 30 (5 x attribute 6).


@pytest.mark.book
def test_formation_solo_within_ten_percent(tmp_path):
    # limit 300 -> 10% = 30; one lone Vet = 30 <= 30; list 30 + 4*30 = 150
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=300, formations=True))
    assert r["points"] == 150
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_formation_solo_over_ten_percent(tmp_path):
    # limit 299 -> 10% = 29.9; one lone Vet = 30 > 29.9
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, points_limit=299, formations=True),
                 "formation-solo-limit")


@pytest.mark.book
def test_formation_solo_limits_add_up(tmp_path):
    # limit 300 -> 30; two lone Vets together 60 > 30
    squads = [squad("Solo1", 1, "Vet"), squad("Solo2", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, points_limit=300, formations=True),
                 "formation-solo-limit")


@pytest.mark.book
def test_formation_solo_without_limit_uses_list_points(tmp_path):
    # no limit: 10% of list points. 30 + 4*30 = 150 -> 15; lone 30 > 15
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, formations=True), "formation-solo-limit")


@pytest.mark.book
def test_formation_solo_without_limit_within(tmp_path):
    # no limit: 30 + 9*30 = 300 -> 30; lone 30 <= 30
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 9, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, formations=True))
    assert r["points"] == 300
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_no_formation_rules_without_flag(tmp_path):
    squads = [squad("Solo1", 1, "Vet"), squad("Solo2", 1, "Vet"), squad("Par", 2, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=300))
    assert code == 0
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert "formation-too-small" not in codes_of(r["warnings"])


@pytest.mark.book
@pytest.mark.parametrize("size", [2, 3])
def test_formation_too_small_warning(tmp_path, size):
    squads = [squad("Pequena", size, "Vet"), squad("Bloque", 4, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=1000, formations=True))
    assert "formation-too-small" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_formation_too_small_counts_models_across_members(tmp_path):
    # two members of count 1 each: a squad of 2 models
    book = wb(bodies=[VETERANO, SOLDADO],
              characters=[{"name": "Vet", "body": "Veterano"}, {"name": "Sol", "body": "Soldado"}])
    squads = [{"name": "Pareja", "members": [{"character": "Vet", "count": 1},
                                             {"character": "Sol", "count": 1}]}]
    code, r = check_one(wartime(tmp_path, book, squads, formations=True))
    assert "formation-too-small" in codes_of(r["warnings"])
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert code == 0  # a squad too small is said, but doesn't make the list illegal


@pytest.mark.book
def test_formation_of_four_no_warning(tmp_path):
    code, r = check_one(wartime(tmp_path, FORM, [squad("Bloque", 4, "Vet")], formations=True))
    assert r["warnings"] == [] and code == 0


# --- by the book: lists ---------------------------------------------------------------------------
# Wartime lists by the book: list and squad points, the shape of `check --format json` and of
# `builder inspect`, and a warbook given by a path relative to the list (or missing).
#
# Black-box, from the Wartime specification and the shared command-line contract; the points are
# worked out by hand next to each assertion (the warbook is ``full_book()`` in tests/book_cases.py).


@pytest.mark.book
def test_list_points_and_check_shape(tmp_path):
    # Fusilero 81 x (4 + 2) + Recluta 26 x 3 = 486 + 78 = 564
    squads = [
        {"name": "Alfa", "members": [{"character": "Fusilero", "count": 4},
                                     {"character": "Recluta", "count": 3}]},
        {"name": "Bravo", "members": [{"character": "Fusilero", "count": 2}]},
    ]
    path = wartime(tmp_path, full_book(), squads, points_limit=600)
    code, data = check_json(path)
    assert code == 0
    assert data["legal"] is True
    r = data["results"][0]
    assert {"file", "system", "name", "legal", "points", "points_limit", "fingerprint",
            "errors", "warnings"} <= set(r)
    assert r["system"] == "wartime"
    assert r["name"] == "Compañía Fénix"
    assert r["legal"] is True
    assert r["points"] == 564
    assert r["points_limit"] == 600
    assert isinstance(r["fingerprint"], str) and 4 <= len(r["fingerprint"]) <= 40
    assert r["errors"] == []

    inspected = inspect_json(path)
    assert inspected["system"] == "wartime"
    assert inspected["name"] == "Compañía Fénix"
    assert inspected["points"] == 564
    assert inspected["points_limit"] == 600
    squads_out = {s["name"]: s for s in inspected["squads"]}
    # Alfa: 7 models, 81*4 + 26*3 = 324 + 78 = 402; Bravo: 2 models, 162
    assert squads_out["Alfa"]["models"] == 7
    assert squads_out["Alfa"]["points"] == 402
    assert squads_out["Bravo"]["models"] == 2
    assert squads_out["Bravo"]["points"] == 162


@pytest.mark.book
def test_points_limit_null_when_absent(tmp_path):
    # Soldado-only character: 25 x 2 = 50
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado"}])
    code, r = check_one(wartime(tmp_path, book, [{"name": "A", "members": [{"character": "C", "count": 2}]}]))
    assert code == 0
    assert r["points"] == 50
    assert r["points_limit"] is None


@pytest.mark.book
def test_warbook_only_file_is_legal(tmp_path):
    code, r = check_one(wartime(tmp_path, full_book()))
    assert code == 0
    assert r["legal"] is True
    assert r["points"] in (0, None)


# --- by the book: ammunition and crews ------------------------------------------------------------
# Ammunition (magazines) and vehicle crews, black-box through the CLI, priced by hand.
#
# Sources: shared/rulebooks/wartime.txt — MUNICIÓN [OPCIONAL] (l. 319–320), FORMACIONES (l. 372),
# CHEQUEOS DE VOLUNTAD CONTRA ESCUADRAS (l. 392), CREACIÓN DE LISTAS DE JUEGO (l. 403), TRIPULACIÓN
# (l. 638–639) and the cost tables — and README.md "Wartime files", docs/rulings.md ("Costs",
# "Legality", "Ammunition and crews", "Formations") and docs/codes.md.
#
# The shared Warbook is ``CREWS_WARBOOK`` in tests/book_cases.py, beside every one of its costs
# worked out by hand.


@pytest.mark.book
def test_character_magazines_for_a_weapon_it_does_not_carry_are_an_error(tmp_path):
    # Pistola exists in the Warbook but this rifleman doesn't carry it.
    extra = {"name": "Despistado", "body": "Soldado", "weapons": ["Fusil"],
             "magazines": {"Pistola": 2}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))],
                                                                             extra_characters=[extra])))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert len(errors) == 1, result["errors"]
    # Despistado is the last character of the Warbook (index 9).
    assert errors[0]["path"] == "warbook.characters[9].magazines.Pistola"


@pytest.mark.book
def test_transport_magazines_for_a_weapon_not_mounted_on_it_are_an_error(tmp_path):
    extra = {"name": "Moto armada", "energy": 1, "defense": 2, "magazines": {"Fusil": 1}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))],
                                                                             extra_transports=[extra])))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert len(errors) == 1, result["errors"]
    assert errors[0]["path"] == "warbook.transports[2].magazines.Fusil"


@pytest.mark.book
def test_a_pilot_may_buy_magazines_for_its_transports_weapon(tmp_path):
    # Ruling 18a (issue 28): the Cañón is mounted on the Carro he pilots, so the pilot may buy for it.
    # Jefe previsor: Tanquista 17 + Carro's archetype 139 = 156, + his Cañón magazine 1 × 7 = 7
    # + the Carro's own magazines 26 = 189. (Before issue 28 this was magazine-weapon-not-carried.)
    extra = {"name": "Jefe previsor", "body": "Tanquista", "transport": "Carro",
             "magazines": {"Cañón": 1}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Alfa", member("Jefe previsor"))],
                                                     extra_characters=[extra])))
    assert exit_code == 0, result["errors"]
    assert "magazine-weapon-not-carried" not in codes_of(result["errors"])
    assert result["points"] == 189


@pytest.mark.book
def test_crew_models_and_points_each_member_pays_and_the_transport_is_not_counted_again(tmp_path):
    # 2 vehicles, each: Jefe (pilot) + 1 Artillero + 2 Cargadores → 2 × (1 + 1 + 2) = 8 models.
    # Points: 2 × 196 + 2 × 18 + 4 × 8 = 392 + 36 + 32 = 460 (the Carro is inside the Jefe's 196).
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1), ("Cargador", 2)]))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["models"] == 8
    assert result["points"] == 460
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    carros = squad_in(report, "Carros")
    assert carros["models"] == 8
    assert carros["member_count"] == 2
    assert carros["points"] == 460
    assert report["models"] == 8
    assert report["points"] == 460


@pytest.mark.book
def test_a_tank_with_its_crew_alone_is_a_lone_formation_allowed_at_exactly_ten_percent(tmp_path):
    # Jefe 196 + Artillero 18 = 214 in a squad of one member (the vehicle).
    # Limit 2140: 10 % = 214 → at most 214, legal; it is a lone formation, not "too small".
    data = crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                        points_limit=2140, formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 214
    assert "formation-too-small" not in codes_of(result["warnings"])


@pytest.mark.book
def test_a_tank_with_its_crew_alone_over_ten_percent_is_formation_solo_limit(tmp_path):
    # Limit 2139: 10 % = 213.9 < 214 → illegal, even though the squad has 2 models.
    data = crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                        points_limit=2139, formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    assert "formation-solo-limit" in codes_of(result["errors"])


@pytest.mark.book
@pytest.mark.parametrize(
    "infantes, legal",
    [
        # No points limit: 10 % of the list's points.
        # 57 Infantes = 57 × 34 = 1938; + lone tank 214 = 2152; 10 % = 215.2 ≥ 214 → legal.
        (57, True),
        # 56 Infantes = 1904; + 214 = 2118; 10 % = 211.8 < 214 → formation-solo-limit.
        (56, False),
    ],
)
def test_lone_vehicle_without_points_limit_is_measured_against_the_list_points(
        tmp_path, infantes, legal):
    data = crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)])),
                         squad_with("Infantería", member("Infante", infantes))], formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert result["points"] == 214 + 34 * infantes
    assert result["legal"] is legal, result["errors"]
    assert ("formation-solo-limit" in codes_of(result["errors"])) is (not legal)


@pytest.mark.book
@pytest.mark.parametrize(
    "vehicles, crew, too_small",
    [
        (2, [("Artillero", 1)], True),    # 4 models, 2 members → fewer than 4
        (3, [("Cargador", 3)], True),     # 3 × (1 + 3) = 12 models, still 3 members
        (4, [("Artillero", 1)], False),   # 8 models, 4 members → a full formation
    ],
)
def test_formation_too_small_counts_vehicles_not_models(tmp_path, vehicles, crew, too_small):
    data = crews_roster([squad_with("Carros", member("Jefe", vehicles, crew=crew))], formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]  # a warning keeps it legal
    assert ("formation-too-small" in codes_of(result["warnings"])) is too_small


@pytest.mark.book
def test_crew_on_a_character_without_transport_is_an_error(tmp_path):
    data = crews_roster([squad_with("Alfa", member("Infante", crew=[("Artillero", 1)]))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "crew-without-transport"]
    assert len(errors) == 1, result["errors"]
    assert errors[0]["path"] == "squads[0].members[0].crew"


@pytest.mark.book
def test_crew_member_with_a_transport_of_its_own_is_an_error(tmp_path):
    # Only the pilot is assigned a transport; Motorista rides a Moto.
    extra = {"name": "Motorista", "body": "Soldado", "transport": "Moto"}
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Motorista", 1)]))],
                        extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "crew-member-with-transport"]
    assert len(errors) == 1, result["errors"]
    assert errors[0]["path"].startswith("squads[0].members[0].crew[0]")


@pytest.mark.book
@pytest.mark.parametrize("max_models, legal", [(4, True), (3, False)])
def test_max_models_counts_every_crew_member_but_not_the_transport(tmp_path, max_models, legal):
    # 2 vehicles × (Jefe + Artillero) = 4 models; the Carro is not a model of its own.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                        restrictions={"max_models": max_models})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert result["models"] == 4
    assert result["legal"] is legal, result["errors"]
    assert ("restriction-max-models" in codes_of(result["errors"])) is (not legal)


@pytest.mark.book
def test_max_level_applies_to_crew_members(tmp_path):
    # Conductor (Recluta, level 12) pilots; Artillero (Tanquista: 4 + 5 + 4 + 5 + 4 = 22) mans.
    # max_level 21: the pilot is within it, the crew member is not.
    data = crews_roster([squad_with("Carros", member("Conductor", crew=[("Artillero", 1)]))],
                        restrictions={"max_level": 21})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "restriction-max-level"]
    assert len(errors) == 1, result["errors"]
    assert "Artillero" in errors[0]["message"]


@pytest.mark.book
def test_max_level_at_the_crew_members_level_is_legal(tmp_path):
    data = crews_roster([squad_with("Carros", member("Conductor", crew=[("Artillero", 1)]))],
                        restrictions={"max_level": 22})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    # Conductor 172 + Artillero 18 = 190.
    assert result["points"] == 190


@pytest.mark.book
def test_more_than_50_magazines_for_a_weapon_are_out_of_range(tmp_path):
    # rulings.md, upper bounds: magazines 0–50 per weapon.
    extra = {"name": "Cargado", "body": "Soldado", "weapons": ["Fusil"],
             "magazines": {"Fusil": 51}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))],
                                                                             extra_characters=[extra])))
    assert exit_code == 1
    assert "value-out-of-range" in codes_of(result["errors"])


@pytest.mark.book
def test_a_pilot_count_of_zero_fields_no_crew_and_the_squad_is_empty(tmp_path):
    # Each of 0 vehicles is manned by 2 Artilleros: 0 × (1 + 2) = 0 models → empty-squad.
    data = crews_roster([squad_with("Fantasma", member("Jefe", 0, crew=[("Artillero", 2)])),
                         squad_with("Alfa", member("Infante"))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1
    assert "empty-squad" in codes_of(result["errors"])
    assert result["models"] == 1


@pytest.mark.book
def test_lone_formations_add_up_crewed_vehicle_and_lone_infantry(tmp_path):
    # Lone formations: tank + crew 214 and one Infante 34 → 248 together.
    # Limit 2480: 10 % = 248 → legal; 2479: 247.9 < 248 → formation-solo-limit.
    squads = [squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)])),
              squad_with("Francotirador", member("Infante"))]
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster(squads, points_limit=2480, formations=True)))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 248
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster(squads, points_limit=2479, formations=True)))
    assert exit_code == 1
    assert "formation-solo-limit" in codes_of(result["errors"])


@pytest.mark.book
def test_max_weapon_damage_applies_to_a_crew_members_own_weapons(tmp_path):
    # Conductor pilots the Carro (Cañón damage 7, Ametralladora 4); the crew Artificiero carries
    # Obús (9) and Bomba (10). max_weapon_damage 8: the crew member breaks it, the pilot doesn't.
    data = crews_roster([squad_with("Carros", member("Conductor", crew=[("Artificiero", 1)]))],
                        restrictions={"max_weapon_damage": 8})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1
    errors = [e for e in result["errors"] if e["code"] == "restriction-max-weapon-damage"]
    assert errors, result["errors"]
    assert all("Artificiero" in e["message"] for e in errors)


# --- by the book: issue 28, magazines and vehicles ------------------------------------------------
# Issue 28: magazines on top of a floored archetype, who buys them, vehicles in formations, the
# energy a vehicle is used with, and the rulings that say where the book is silent — priced by hand.
#
# Sources: shared/rulebooks/wartime.txt — REDONDEO (l. 49–50), DEFENSA DE TRANSPORTES (l. 287–288),
# MUNICIÓN [OPCIONAL] (l. 319–320), FASE DE REACCIÓN (l. 340), FORMACIONES (l. 372), CHEQUEOS DE
# VOLUNTAD CONTRA ESCUADRAS (l. 392), CREACIÓN DE LISTAS (l. 403), COSTE (l. 428), FORTUNA (l. 456),
# ÁREA (l. 559), the cost steps (l. 576, 607, 653, 687), transports' ENERGÍA (l. 623), DEFENSA (l.
# 631) and TRIPULACIÓN (l. 639).
#
# The shared Warbook is ``CREWS_WARBOOK`` in tests/book_cases.py, beside every one of its costs worked
# out by hand; the ones used here:
#   Soldado 13 (energy 9, REA 4, VOL 3); Tanquista 17 (energy 10, REA 5, VOL 4);
#   Recluta 7 (energy 7, REA 2, VOL 2); Veterano 21 (energy 9, VOL 7).
#   Cuchillo: damage 1 (5) − energy 1 (5) = 0 → 1. Fusil 16 (damage 4). Cañón 46 (damage 7).
#   Mono: 5 − 5 = 0 → 1 (protection 1). Chaleco 5 (protection 3).
#   Carro: zones 35 + 20 + 20 + 15 = 90 + weapons 46 + 18 = 64 − energy 15 = 139 (its archetype),
#          + magazines Cañón 2 × 7 + Ametralladora 3 × 4 = 26 → 165. Zones front 6, left 4, right 4, rear 3.
#   Jefe: Tanquista 17 + Carro 139 + Pistola 13 + Mono 1 = 170, + the Carro's magazines 26 = 196.
#   Artillero 18 (defense 1, REA 5); Cargador 8 (Recluta + Mono: defense 1, REA 2, energy 7);
#   Observador 36 (defense 0, fortune 2); Infante 34 (defense 3).


@pytest.mark.book
def test_the_list_pays_the_magazines_and_a_warning_names_ruling_5a(tmp_path):
    # Alfa: Crio 4; Recua: Arriero 22 → 26 points (before issue 28: 1 + 14 = 15).
    exit_code, result = check_one(write(tmp_path, "lista.yaml", floored_roster()))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 4 + 22
    found = [w for w in result["warnings"] if w["code"] == "magazines-above-minimum"]
    # Crio (his own magazines) and the Burro (its own); the Arriero's archetype, 14, is above 1.
    assert sorted(w["path"] for w in found) == ["warbook.characters[9].magazines",
                                                "warbook.transports[2].magazines"]
    assert all("5a" in w["message"] for w in found)


@pytest.mark.book
def test_a_pilot_buys_magazines_for_the_weapons_of_the_transport_he_pilots(tmp_path):
    # Jefe previsor: Tanquista 17 + Carro 139 = 156; magazines: 2 for the Carro's Cañón (2 × 7 = 14)
    # and the Carro's own 26 → 156 + 14 + 26 = 196.
    extra = {"name": "Jefe previsor", "body": "Tanquista", "transport": "Carro", "magazines": {"Cañón": 2}}
    data = crews_roster([squad_with("Carros", member("Jefe previsor"))], extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 196
    jefe = archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Jefe previsor")
    assert (jefe["breakdown"]["magazines"], jefe["breakdown"]["transport_magazines"]) == (14, 26)
    ev = Checker(tmp_path)(_yaml(data))
    card = next(c for c in print_spec(ev, "en").cards if c.title == "Jefe previsor")
    magazines = next(s for s in card.sections if s.title == "Magazines")
    assert magazines.items == [("Cañón", "2 × 3 shots, reload E7")]  # 10 − 7 = 3 shots; reload 7


@pytest.mark.book
def test_a_crew_member_who_does_not_pilot_may_not_buy_for_the_vehicle(tmp_path):
    # The Cañón is the Carro's; the loader neither carries it nor pilots the Carro.
    extra = {"name": "Cargador previsor", "body": "Recluta", "magazines": {"Cañón": 1}}
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador previsor", 1)]))],
                        extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1
    [error] = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert error["path"] == "warbook.characters[9].magazines.Cañón"


@pytest.mark.book
def test_a_pilot_buying_for_a_weapon_neither_he_nor_his_transport_carries_is_an_error(tmp_path):
    extra = {"name": "Jefe confuso", "body": "Tanquista", "transport": "Carro", "magazines": {"Fusil": 1}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe confuso"))],
                                                     extra_characters=[extra])))
    assert exit_code == 1
    [error] = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert "ni él ni su transporte" in error["message"]


@pytest.mark.book
def test_composite_area_rounds_once_and_says_so_where_each_shape_would_differ(tmp_path):
    # Two 3 × 1 triangles: 1.5 + 1.5 = 3 K² exactly, rounded once: 3 (ruling 4a); each rounded on its
    # own (l. 559's own example rounds one to 2): 2 + 2 = 4. Weapon damage 1: area 3 × 1 × 0.1 = 0.3 → 1.
    data = crews_roster([squad_with("Alfa", member("Infante"))])
    data["warbook"]["weapons"].append({"name": "Abanico", "energy": 1, "damage": 1, "area": [
        {"shape": "triangle", "length": 3, "width": 1}, {"shape": "triangle", "length": 3, "width": 1}]})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "composite-area-rounding"]
    assert warning["path"] == "warbook.weapons[8].area"
    assert "mide 3 K²" in warning["message"] and "serían 4 K²" in warning["message"]
    assert archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Abanico")["area_k2"] == 3


@pytest.mark.book
def test_composite_area_that_rounds_the_same_either_way_says_nothing(tmp_path):
    # 2 K² + a 3 × 1 rectangle (3): 5 either way.
    data = crews_roster([squad_with("Alfa", member("Infante"))])
    data["warbook"]["objects"] = [{"name": "Humo", "energy": 1, "area": [2, {"shape": "rectangle", "length": 3,
                                                                            "width": 1}]}]
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert "composite-area-rounding" not in codes_of(result["warnings"])


@pytest.mark.book
def test_max_models_counts_crew_and_names_ruling_14(tmp_path):
    # 2 tanks × (Jefe + Artillero) = 4 models > 3.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                        restrictions={"max_models": 3})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [error] = [e for e in result["errors"] if e["code"] == "restriction-max-models"]
    assert "4 miniaturas" in error["message"] and "regla 14" in error["message"]


@pytest.mark.book
def test_a_vehicle_alone_is_a_lone_formation_and_it_is_said(tmp_path):
    # Jefe + Artillero: 2 models, 1 member → a one-member formation (l. 372, ruling 18d).
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                                                     formations=True)))
    assert any(w["code"] == "crew-ruling" and "un único integrante" in w["message"] for w in result["warnings"])


@pytest.mark.book
def test_two_vehicles_of_four_models_are_too_small_and_the_ruling_is_named(tmp_path):
    # 2 × (Jefe + Artillero) = 4 models but 2 members < 4 (l. 372).
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                                                     formations=True)))
    [warning] = [w for w in result["warnings"] if w["code"] == "formation-too-small"]
    assert "2 integrantes (4 miniaturas" in warning["message"] and "18d" in warning["message"]


@pytest.mark.book
def test_a_transport_energy_of_0_and_a_defense_zone_of_0_are_out_of_range(tmp_path):
    # l. 623: a transport needs at least 1 energy; the defense table starts at 1 (l. 647–648) and each
    # zone is paid (l. 631): a zone of 0 is not a value the book prices (ruling 16a).
    data = crews_roster([squad_with("Alfa", member("Infante"))], extra_transports=[
        {"name": "Gratis", "energy": 0, "large": True, "defense": {"front": 0, "left": 1, "right": 1, "rear": 1}}])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    out = sorted(e["path"] for e in result["errors"] if e["code"] == "value-out-of-range")
    assert out == ["warbook.transports[2].defense.front", "warbook.transports[2].energy"]


def _yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


# --- ruling 73: a misspelt key hides nothing else (issue 32) --------------------------------


def test_a_misspelt_key_and_a_rule_broken_on_one_squad_are_reported_in_one_run(check):
    # Squad Alfa's member writes «cuont» (count is the key), and its other member names
    # «Granadero», no character of the Warbook.
    squads = "  - name: Alfa\n    members: [{character: Fusilero, cuont: 2}, {character: Granadero}]\n"
    ev = check(roster("points_limit: 101\n", squads))
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("squads", 0, "members", 0, "cuont")),
                     ("unknown-reference", None, ("squads", 0, "members", 1, "character"))]
    assert ev.fingerprint is None  # part of the file was not read: no fingerprint stands for it
    # Set aside, «cuont» leaves the member counting 1 as written (count's default), and the
    # list is priced as it reads: Alfa 1 × 34 + Bravo 3 × 34 = 136 > 101.
    squads = "  - name: Alfa\n    members: [{character: Fusilero, cuont: 2}]\n" + squad_yaml("Bravo", 3)
    ev = check(roster("points_limit: 101\n", squads))
    assert sorted(f.code for f in ev.findings.errors) == ["invalid-field", "over-points-limit"]
    assert only(ev, "over-points-limit").params == {"points": 136, "limit": 101}


def test_a_misspelt_key_and_a_wrong_value_on_one_archetype_are_reported_in_one_run(check):
    book = BOOK.replace("protections: [Chaleco]}", "protections: [Chaleco], fortune: 11, wepons: [Fusil]}")
    ev = check(roster(squads=squad_yaml("Alfa", 1), book=book))
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("warbook", "characters", 0, "wepons")),
                     ("value-out-of-range", None, ("warbook", "characters", 0, "fortune"))]


def test_a_misspelt_key_in_a_warbook_file_hides_nothing_else(tmp_path, check):
    # The Warbook in a file of its own: its character writes «wepons», and wears «Casco», which
    # the book doesn't have.
    (tmp_path / "libro.yaml").write_text(
        BOOK.replace("warbook:\n", "").replace("\n  ", "\n").lstrip()
        .replace("protections: [Chaleco]}", "protections: [Casco], wepons: [Fusil]}"), encoding="utf-8")
    ev = check(roster(squads=squad_yaml("Alfa", 1), book="warbook: libro.yaml\n"))
    found = sorted((f.code, f.variant, f.place.file, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", "libro.yaml", ("characters", 0, "wepons")),
                     ("unknown-reference", None, "libro.yaml", ("characters", 0, "protections", 0))]
    assert ev.fingerprint is None

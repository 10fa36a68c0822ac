"""Every Wartime legality code, at its boundary, with the place it reports."""

import pytest

from tests.support import codes, only

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


def squad(name: str, count: int, character: str = "Fusilero") -> str:
    return f"  - name: {name}\n    members: [{{character: {character}, count: {count}}}]\n"


# --- points -----------------------------------------------------------------------------


def test_points_at_the_limit_are_legal(check):
    # 3 × 34 = 102.
    ev = check(roster("points_limit: 102\n", squad("Alfa", 3)))
    assert ev.points == 102
    assert ev.legal


def test_over_points_limit(check):
    ev = check(roster("points_limit: 101\n", squad("Alfa", 3)))
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
    ev = check(roster(squads=squad("Alfa", 1) + squad("ALFA", 2)))
    finding = only(ev, "duplicate-squad")
    assert finding.place.path == ("squads", 1, "name")


def test_unknown_character_in_a_squad_suggests_the_closest(check):
    ev = check(roster(squads=squad("Alfa", 2, character="Fusilera")))
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
    ev = check(roster(squads=squad("Alfa", -1), book=book))
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
    assert check(roster("restrictions: {max_level: 18}\n", squad("Alfa", 1))).legal
    ev = check(roster("restrictions: {max_level: 17}\n", squad("Alfa", 1)))
    assert only(ev, "restriction-max-level").place.path == ("squads", 0, "members", 0)


def test_restrictions_ignore_characters_not_recruited(check):
    assert check(roster("restrictions: {max_level: 5, max_weapon_damage: 1}\n")).legal


def test_restriction_max_models(check):
    assert check(roster("restrictions: {max_models: 5}\n", squad("Alfa", 3) + squad("Beta", 2))).legal
    ev = check(roster("restrictions: {max_models: 4}\n", squad("Alfa", 3) + squad("Beta", 2)))
    assert only(ev, "restriction-max-models").params == {"models": 5, "max": 4}


def test_restriction_max_weapon_damage_counts_the_transport(check):
    book = BOOK.replace(
        "    - {name: Fusil, energy: 2, damage: 4, range: 15}\n",
        "    - {name: Fusil, energy: 2, damage: 4, range: 15}\n    - {name: Cañón, energy: 3, damage: 7}\n",
    ).replace("body: Soldado, weapons", "body: Soldado, transport: Jeep, weapons")
    book += "  transports:\n    - {name: Jeep, energy: 1, defense: 2, weapons: [Cañón]}\n"
    # Fusil (damage 4) in hand, Cañón (damage 7) on the Jeep.
    assert check(roster("restrictions: {max_weapon_damage: 7}\n", squad("Alfa", 1), book)).legal
    ev = check(roster("restrictions: {max_weapon_damage: 6}\n", squad("Alfa", 1), book))
    assert only(ev, "restriction-max-weapon-damage").params["weapon"] == "Cañón"
    ev = check(roster("restrictions: {max_weapon_damage: 3}\n", squad("Alfa", 1), book))
    assert sorted(f.params["weapon"] for f in ev.findings if f.code == "restriction-max-weapon-damage") == ["Cañón", "Fusil"]


# --- formations ------------------------------------------------------------------------


def test_lone_formations_may_cost_ten_percent_of_the_limit(check):
    # One lone Fusilero costs 34: 10% of 340 is exactly 34 -> legal; of 339 it is 33.9 -> illegal.
    squads = squad("Alfa", 5) + squad("Solo", 1)  # 6 × 34 = 204 points
    assert check(roster("points_limit: 340\nformations: true\n", squads)).legal
    ev = check(roster("points_limit: 339\nformations: true\n", squads))
    assert only(ev, "formation-solo-limit").params["points"] == 34


def test_lone_formations_without_a_limit_use_the_list_points(check):
    # Without a limit: 10 × 34 = 340 points; the lone squad's 34 is 10% -> legal.
    assert check(roster("formations: true\n", squad("Alfa", 9) + squad("Solo", 1))).legal
    # 9 × 34 = 306 points; 34 > 30.6 -> illegal.
    ev = check(roster("formations: true\n", squad("Alfa", 8) + squad("Solo", 1)))
    assert codes(ev) == ["formation-solo-limit"]


def test_formation_rules_only_apply_when_asked(check):
    ev = check(roster("", squad("Solo", 1) + squad("Par", 2)))
    assert ev.legal and codes(ev, "warning") == []


@pytest.mark.parametrize("count, warned", [(1, False), (2, True), (3, True), (4, False)])
def test_formation_too_small(check, count, warned):
    ev = check(roster("formations: true\n", squad("Alfa", 10) + squad("Beta", count)))
    assert ("formation-too-small" in codes(ev, "warning")) == warned


# --- warnings --------------------------------------------------------------------------


def test_defense_over_constitution_is_a_warning(check):
    # CON 4; defense Chaleco 3 + Chaleco 3 = 6 -> 2 over.
    book = BOOK.replace("protections: [Chaleco]", "protections: [Chaleco, Chaleco]")
    ev = check(roster("", squad("Alfa", 1), book))
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
    ev = check(roster(squads=squad("Alfa", 2) + "  - name: Vacía\n    members: [{character: Fusilero, count: 0}]\n"))
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
    [squad_] = check(roster(squads=squad("Alfa", count), book=book)).details["squads"]
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

"""The optional ammunition rule (magazines) and vehicle crews, worked out by hand from the book."""

import pytest

from tests.support import codes, only
from tests.systems.wartime.conftest import archetype

# Costs, by hand (attributes 0,1,2,3,4,6,10,17,28,45; grades 5,10,15,...,75):
#   Soldado 4/4/3/4/3: 3+3+2+3+2 = 13; energy 4 + 5 = 9.
#   Piloto 4/5/4/6/6: 3+4+3+6+6 = 22; energy 6 + 5 = 11 → 10; VOL 6.
#   Fusil (E2 D4 range 15): 20 + 4 × 15 × 0.1 (6) − 10 = 16.
#   Cañón (E3 D8 range 30): 55 + 8 × 30 × 0.1 (24) − 15 = 64.
#   Jeep (E2, defense 3, weapons [Cañón]): 15 + 64 − 10 = 69.
BOOK = """\
warbook:
  bodies:
    - {name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
    - {name: Piloto, con: 4, agi: 5, int: 4, rea: 6, vol: 6}
  weapons:
    - {name: Fusil, energy: 2, damage: 4, range: 15}
    - {name: Cañón, energy: 3, damage: 8, range: 30}
  transports:
    - {name: Jeep, energy: 2, defense: 3, weapons: [Cañón]MAGS_JEEP}
  characters:
    - {name: Fusilero, body: Soldado, weapons: [Fusil]MAGS_FUSILERO}
    - {name: Conductor, body: Piloto, transport: Jeep}
"""


def roster(squads: str = "", head: str = "", fusilero: str = "", jeep: str = "") -> str:
    book = BOOK.replace("MAGS_FUSILERO", fusilero).replace("MAGS_JEEP", jeep)
    return "system: wartime\nname: Prueba\n" + head + book + ("squads:\n" + squads if squads else "")


# --- ammunition (Munición [opcional], l. 320) -----------------------------------------------


def test_each_magazine_costs_the_weapons_damage(check):
    # 3 magazines for the Fusil (damage 4): 3 × 4 = 12 → Fusilero 13 + 16 + 12 = 41.
    ev = check(roster(fusilero=", magazines: {Fusil: 3}"))
    fusilero = archetype(ev, "Fusilero")
    assert fusilero["breakdown"]["magazines"] == 12
    assert fusilero["cost"] == 13 + 16 + 12
    assert ev.legal


def test_a_transport_buys_magazines_for_its_own_weapons(check):
    # 2 magazines for the Cañón (damage 8): 2 × 8 = 16 → Jeep 69 + 16 = 85; Conductor 22 + 85 = 107.
    ev = check(roster(jeep=", magazines: {Cañón: 2}"))
    assert archetype(ev, "Jeep")["cost"] == 69 + 16
    assert archetype(ev, "Conductor")["cost"] == 22 + 85


def test_without_magazines_nothing_is_added(check):
    fusilero = archetype(check(roster()), "Fusilero")
    assert "magazines" not in fusilero["breakdown"]
    assert fusilero["cost"] == 13 + 16


@pytest.mark.parametrize("damage, shots", [(1, 9), (4, 6), (8, 2), (9, 1), (10, 1)])
def test_a_magazine_holds_ten_minus_damage_shots_at_least_one(check, damage, shots):
    book = roster().replace("{name: Fusil, energy: 2, damage: 4, range: 15}",
                            f"{{name: Fusil, energy: 2, damage: {damage}}}")
    fusil = archetype(check(book), "Fusil")
    assert (fusil["magazine_capacity"], fusil["reload_energy"]) == (shots, damage)  # reloading costs the damage


def test_magazines_for_a_weapon_not_carried_are_an_error_with_the_closest_name(check):
    ev = check(roster(fusilero=", magazines: {Fusl: 1}"))
    finding = only(ev, "magazine-weapon-not-carried")
    assert finding.place.path == ("warbook", "characters", 0, "magazines", "Fusl")
    assert finding.place.line == 13  # the Fusilero's line of the Warbook
    assert "Fusil" in finding.message("es")
    assert archetype(ev, "Fusilero")["cost"] is None  # "Fusl" is no weapon: the cost can't be known
    assert not ev.legal


def test_magazines_for_a_weapon_of_the_warbook_that_the_character_does_not_carry(check):
    # The Cañón exists (so it's priced: 8), but the Fusilero doesn't carry it.
    ev = check(roster(fusilero=", magazines: {Cañón: 1}"))
    assert codes(ev) == ["magazine-weapon-not-carried"]
    assert archetype(ev, "Fusilero")["cost"] == 13 + 16 + 8


def test_more_magazines_than_the_bound_are_out_of_range(check):
    ev = check(roster(fusilero=", magazines: {Fusil: 51}"))
    assert codes(ev) == ["value-out-of-range"]


def test_magazines_count_in_the_list_points(check):
    # 4 × (13 + 16 + 2 × 4) = 4 × 37 = 148.
    ev = check(roster("  - name: Alfa\n    members: [{character: Fusilero, count: 4}]\n",
                      fusilero=", magazines: {Fusil: 2}"))
    assert ev.points == 148


# --- crews (Creación de listas de juego, l. 403; Tripulación, l. 639) -------------------------

# Conductor 22 + Jeep 69 = 91; Fusilero 29.
def crew_squad(pilots: int = 2, crew: int = 2, pilot: str = "Conductor", crewman: str = "Fusilero") -> str:
    return (f"  - name: Jeeps\n    members:\n      - character: {pilot}\n        count: {pilots}\n"
            f"        crew: [{{character: {crewman}, count: {crew}}}]\n")


def test_each_vehicle_is_its_pilot_and_its_crew(check):
    # 2 jeeps, each a Conductor and 2 Fusileros: models 2 × (1 + 2) = 6;
    # points 2 × 91 + 4 × 29 = 182 + 116 = 298.
    ev = check(roster(crew_squad()))
    assert ev.legal, [f.message("en") for f in ev.findings]
    [jeeps] = ev.details["squads"]
    assert (jeeps["models"], jeeps["points"], ev.points) == (6, 298, 298)
    assert ev.extra["models"] == 6
    assert [(m["character"], m["count"], m["points"]) for m in jeeps["members"]] == [
        ("Conductor", 2, 182), ("Fusilero", 4, 116)]
    assert jeeps["members"][1]["crew_of"] == 0 and jeeps["members"][1]["per_vehicle"] == 2


def test_a_crew_pools_its_energy_and_the_vehicle_is_one_member(check):
    # Each jeep: Conductor 10 + 2 Fusileros × 9 = 28 energy. Two vehicles are 2 members, not 6:
    # willpower = highest VOL 6 + 2 // 5 = 6. Reaction phase: the lowest REA, the Fusileros' 4.
    ev = check(roster(crew_squad()))
    [jeeps] = ev.details["squads"]
    assert jeeps["member_count"] == 2
    assert jeeps["crews"] == [{"pilot": "Conductor", "vehicles": 2, "energy": 10 + 2 * 9}]
    assert (jeeps["energy"], jeeps["reaction_phase"], jeeps["willpower"]) == (28, 4, 6)


def test_five_vehicles_add_one_to_willpower(check):
    # 5 jeeps with 1 crewman each: 5 members → VOL 6 + 5 // 5 = 7 (10 models would give the same +2 otherwise).
    [jeeps] = check(roster(crew_squad(pilots=5, crew=1))).details["squads"]
    assert (jeeps["models"], jeeps["member_count"], jeeps["willpower"]) == (10, 5, 7)


def test_a_lone_vehicle_with_its_crew_is_a_lone_formation(check):
    # formations: true, limit 400. One jeep with 3 crew is one member: a lone formation costing
    # 91 + 3 × 29 = 178 > 10% of 400 = 40.
    ev = check(roster(crew_squad(pilots=1, crew=3), head="points_limit: 400\nformations: true\n"))
    finding = only(ev, "formation-solo-limit")
    assert finding.params["points"] == 178
    assert "formation-too-small" not in codes(ev, "warning")


def test_two_vehicles_are_a_formation_of_two_members(check):
    # 2 jeeps with 2 crew each are 6 models but 2 members: fewer than 4.
    ev = check(roster(crew_squad(), head="formations: true\n"))
    finding = only(ev, "formation-too-small")
    assert finding.params["models"] == 2
    assert "2 integrantes" in finding.message("es")


def test_a_crew_needs_a_pilot_with_a_transport(check):
    ev = check(roster(crew_squad(pilot="Fusilero")))
    finding = only(ev, "crew-without-transport")
    assert finding.place.path == ("squads", 0, "members", 0, "crew")
    assert not ev.legal


def test_only_the_pilot_is_assigned_the_transport(check):
    ev = check(roster(crew_squad(crewman="Conductor")))
    finding = only(ev, "crew-member-with-transport")
    assert finding.place.path == ("squads", 0, "members", 0, "crew", 0, "character")
    assert finding.params["transport"] == "Jeep"
    assert not ev.legal


def test_an_unknown_crew_member_is_reported_where_it_is_written(check):
    ev = check(roster(crew_squad(crewman="Fusilro")))
    finding = only(ev, "unknown-reference")
    assert finding.place.path == ("squads", 0, "members", 0, "crew", 0, "character")
    assert ev.points is None


def test_crew_members_are_held_to_the_restrictions(check):
    # The Conductor's level 4+5+4+6+6 = 25 is over 24 (the Fusileros' 18 is not); 6 models > 5.
    ev = check(roster(crew_squad(), head="restrictions: {max_level: 24, max_models: 5}\n"))
    assert sorted(codes(ev)) == ["restriction-max-level", "restriction-max-models"]
    assert only(ev, "restriction-max-models").params["models"] == 6


def test_crew_lines_print_as_whose_crew_they_are(check):
    from builder.systems.wartime.inspect_view import as_text

    ev = check(roster(crew_squad()))
    out = as_text(ev, "es")
    assert "4 × Fusilero (tripulación de Conductor) (29) = 116" in out
    assert "vehículo de Conductor" in out and "energía 28" in out
    assert "4 × Fusilero (Conductor's crew) (29) = 116" in as_text(ev, "en")

"""Vehicles and their crews in the army list: the energy a vehicle is used with (ruling 18c), and the
squad figures the crew rulings decide, each said where it changes one (18d, 18e)."""

import pytest

from tests.book_cases import (
    NINO, archetype_in, check_one, codes_of, crews_roster, inspect_json, member, squad_in, squad_with, write,
)


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
def test_a_transports_weapon_is_not_compared_with_the_pilots_energy_alone(tmp_path):
    # rulings.md 18: a transport's weapons are used by its crew, whose energy is pooled.
    # Supercañón: damage 8 (55) − energy 8 (55) = 0 → minimum 1.
    # Batería: defense 1 (5) + weapons 1 − energy 1 (5) = 1.
    # Artillero de batería: Recluta 7 (energy 7 < the weapon's 8) + Batería 1 = 8.
    extra_weapon = {"name": "Supercañón", "energy": 8, "damage": 8}
    bateria = {"name": "Batería", "energy": 1, "defense": 1, "weapons": ["Supercañón"]}
    pilot = {"name": "Artillero de batería", "body": "Recluta", "transport": "Batería"}
    data = crews_roster([squad_with("Batería", member("Artillero de batería", crew=[("Cargador", 1)]))],
                        extra_characters=[pilot], extra_transports=[bateria])
    data["warbook"]["weapons"].append(extra_weapon)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert "weapon-energy-over-character" not in codes_of(result["warnings"])
    # Artillero de batería 8 + Cargador 8 = 16; pooled energy 7 + 7 = 14 ≥ 8.
    assert result["points"] == 16
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    assert archetype_in(report, "Supercañón")["cost"] == 1
    assert archetype_in(report, "Batería")["cost"] == 1
    assert squad_in(report, "Batería")["crews"][0]["energy"] == 14


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


PESADO = {"name": "Pesado", "energy": 9, "defense": 3}


# Conductor pesado: Recluta, energy REA 2 + 5 = 7 < the Pesado's 9.
CONDUCTOR_PESADO = {"name": "Conductor pesado", "body": "Recluta", "transport": "Pesado"}


@pytest.mark.book
def test_a_crew_whose_pooled_energy_covers_the_transport_is_not_warned(tmp_path):
    # Conductor pesado 7 + Cargador 7 = 14 ≥ 9 (TRIPULACIÓN, l. 639).
    data = crews_roster([squad_with("Pesados", member("Conductor pesado", 2, crew=[("Cargador", 1)]))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0
    assert "equipment-energy-over-character" not in codes_of(result["warnings"])


@pytest.mark.book
def test_a_pilot_without_crew_is_warned_at_his_member_line(tmp_path):
    # Alone, the pilot has 7 < 9: warned where he is recruited, not in the Warbook.
    data = crews_roster([squad_with("Pesados", member("Conductor pesado"))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "equipment-energy-over-character"]
    assert warning["path"] == "squads[0].members[0]"
    assert warning["message"].endswith("«Conductor pesado» tiene energía 7 y no puede usar el transporte «Pesado», "
                                       "que necesita 9")


@pytest.mark.book
@pytest.mark.parametrize("crew, warned", [
    # Alone: the weakest pilot there is, Nino (REA 1 → energy 1 + 5 = 6), can't use energy 10.
    ([], True),
    # With one Niño aboard: 6 + 6 = 12 ≥ 10. Every character has at least 6 energy and a transport
    # at most 10 (l. 623, 644), so any crew of two covers any transport: only a lone pilot is warned.
    ([("Niño", 1)], False),
])
def test_the_weakest_crew_of_two_covers_the_dearest_transport(tmp_path, crew, warned):
    heavy = {"name": "Pesado", "energy": 10, "defense": 3}
    characters = [{"name": "Niño piloto", "body": "Nino", "transport": "Pesado"}, {"name": "Niño", "body": "Nino"}]
    data = crews_roster([squad_with("Pesados", member("Niño piloto", crew=crew))],
                        extra_characters=characters, extra_transports=[heavy])
    data["warbook"]["bodies"].append(dict(NINO))
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    found = [w for w in result["warnings"] if w["code"] == "equipment-energy-over-character"]
    assert [w["path"] for w in found] == (["squads[0].members[0]"] if warned else [])


@pytest.mark.book
def test_an_unrecruited_pilot_is_still_warned_in_the_warbook(tmp_path):
    # Ruling 12: every character is checked; one nobody recruits is compared with his own energy.
    data = crews_roster([squad_with("Alfa", member("Infante"))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "equipment-energy-over-character"]
    assert warning["path"] == "warbook.characters[9].transport"


@pytest.mark.book
@pytest.mark.parametrize("vehicles, warned", [
    # 5 tanks × (Jefe + Observador): 5 members → VOL 7 + 1 = 8; 10 models would give 7 + 2 = 9: said.
    (5, True),
    # 2 tanks: 2 members → 7 + 0; 4 models → 7 + 0 as well: nothing to say.
    (2, False),
])
def test_willpower_counting_vehicles_is_said_where_it_changes(tmp_path, vehicles, warned):
    data = crews_roster([squad_with("Carros", member("Jefe", vehicles, crew=[("Observador", 1)]))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    said = [w for w in result["warnings"] if w["code"] == "crew-ruling" and "18d" in w["message"]]
    assert bool(said) is warned
    if warned:
        assert "voluntad con 8, no 9" in said[0]["message"]


@pytest.mark.book
def test_a_crews_slow_member_sets_the_reaction_phase_and_it_is_said(tmp_path):
    # Jefe REA 5, crew Cargador REA 2 → phase 2 (l. 340, ruling 18e); without the crew it'd be 5.
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador", 1)]))])))
    [said] = [w for w in result["warnings"] if w["code"] == "crew-ruling" and "18e" in w["message"]]
    assert "fase de reacción 2" in said["message"] and "sería la 5" in said["message"]


# --- ruling 18g: a transport's weapons against the energy the transport is used with ---------------
# ENERGÍA of weapons (l. 547): a character pays the weapon's Energía to use it. ENERGÍA of transports
# (l. 623): once aboard, the rider uses "cualquier arma equipada" on the transport; TRIPULACIÓN (l. 639)
# pools the crew's energies into one. So a mounted weapon is compared with the same energy as its
# transport (ruling 18c): the pilot's own when alone, his vehicle's crew's added up when crewed.
# Supercañón: damage 8 (55) − energy 8 (55) = 0 → minimum 1; Batería: defense 1 (5) + weapons 1 − energy 1
# (5) = 1. Artillero de batería: a Recluta, REA 2 → energy 2 + 5 = 7 (l. 510).
SUPERCANON = {"name": "Supercañón", "energy": 8, "damage": 8}
BATERIA = {"name": "Batería", "energy": 1, "defense": 1, "weapons": ["Supercañón"]}
ARTILLERO_BATERIA = {"name": "Artillero de batería", "body": "Recluta", "transport": "Batería"}


def _battery_roster(squads, weapon=SUPERCANON):
    data = crews_roster(squads, extra_characters=[ARTILLERO_BATERIA], extra_transports=[BATERIA])
    data["warbook"]["weapons"].append(dict(weapon))
    return data


@pytest.mark.book
@pytest.mark.parametrize("crew, weapon_energy, warned", [
    ([], 8, True),               # alone: 7 < 8, the Supercañón can't be fired
    ([], 7, False),              # alone: 7 = 7, enough (only more energy than he has is flagged)
    ([("Cargador", 1)], 8, False),  # crewed: 7 + 7 = 14 ≥ 8 (l. 639)
])
def test_a_transports_weapon_is_compared_with_the_energy_the_transport_is_used_with(tmp_path, crew, weapon_energy,
                                                                                   warned):
    data = _battery_roster([squad_with("Batería", member("Artillero de batería", crew=crew))],
                           weapon={**SUPERCANON, "energy": weapon_energy})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]  # a warning, as for a character's own weapon
    found = [w for w in result["warnings"] if w["code"] == "weapon-energy-over-character"]
    assert [w["path"] for w in found] == (["squads[0].members[0]"] if warned else [])
    # The Batería itself needs 1 ≤ 7: nothing said about the transport.
    assert "equipment-energy-over-character" not in codes_of(result["warnings"])
    if warned:
        assert found[0]["message"].endswith("«Artillero de batería» tiene energía 7 y no puede usar «Supercañón» "
                                            "(necesita 8), el arma montada en el transporte «Batería» "
                                            "(regla 18g de builder)")
        _, english = check_one(write(tmp_path, "lista.yaml", data), "--lang", "en")
        [warning] = [w for w in english["warnings"] if w["code"] == "weapon-energy-over-character"]
        assert "can't use “Supercañón” (it needs 8), the weapon mounted on" in warning["message"]


@pytest.mark.book
def test_an_unrecruited_pilots_mounted_weapon_is_compared_with_his_own_energy(tmp_path):
    # Ruling 12 checks every character; nobody recruits the Artillero de batería, so his 7 < 8 is said
    # in the Warbook, at his transport (the 10th character: CREWS_WARBOOK has 9).
    data = _battery_roster([squad_with("Alfa", member("Infante"))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "weapon-energy-over-character"]
    assert warning["path"] == "warbook.characters[9].transport"
    assert "18g" in warning["message"]

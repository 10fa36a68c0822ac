"""Ammunition (magazines) and vehicle crews, black-box through the CLI, priced by hand.

Sources: shared/rulebooks/wartime.txt — MUNICIÓN [OPCIONAL] (l. 319–320), FORMACIONES (l. 372),
CHEQUEOS DE VOLUNTAD CONTRA ESCUADRAS (l. 392), CREACIÓN DE LISTAS DE JUEGO (l. 403), TRIPULACIÓN
(l. 638–639) and the cost tables — and README.md "Wartime files", docs/rulings.md ("Costs",
"Legality", "Ammunition and crews", "Formations") and docs/codes.md.

The shared Warbook is ``CREWS_WARBOOK`` in tests/book_cases.py, beside every one of its costs worked
out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import (
    CREWS_WARBOOK_COSTS, archetype_in, check_one, codes_of, crews_roster, inspect_json, member, squad_in, squad_with,
    write,
)


# --- the shared Warbook is legal and priced as worked out by hand ------------------------------


def test_shared_warbook_costs_match_the_hand_worked_tables(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))])))
    assert report["errors"] == [], report["errors"]
    for name, cost in CREWS_WARBOOK_COSTS.items():
        assert archetype_in(report, name)["cost"] == cost, name


# --- ammunition: prices -------------------------------------------------------------------------


def test_magazines_on_a_character_cost_the_weapons_damage_each(tmp_path):
    # Fusilero: Soldado 13 + Fusil 16 + Chaleco 5 + 3 magazines × damage 4 = 12 → 46.
    # Two of them: 2 × 46 = 92.
    data = crews_roster([squad_with("Alfa", member("Fusilero", 2))])
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    fusilero = archetype_in(report, "Fusilero")
    assert fusilero["cost"] == 46
    assert fusilero["breakdown"]["magazines"] == 12
    assert sum(fusilero["breakdown"].values()) == 46
    assert squad_in(report, "Alfa")["points"] == 92
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"]
    assert result["points"] == 92


def test_without_magazines_the_character_costs_the_same_as_without_the_rule(tmp_path):
    # Infante: Soldado 13 + Fusil 16 + Chaleco 5 = 34; no magazines, nothing added (rule optional).
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))])))
    infante = archetype_in(report, "Infante")
    assert infante["cost"] == 34
    assert infante["breakdown"].get("magazines", 0) == 0
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Alfa", member("Infante"))])))
    assert exit_code == 0 and result["legal"] and result["points"] == 34


def test_magazines_on_a_transport_are_priced_into_the_transport_and_its_pilot(tmp_path):
    # Carro: defense 35 + 20 + 20 + 15 = 90 + weapons 46 + 18 = 64 − energy 15
    #        + magazines Cañón 2 × 7 = 14 + Ametralladora 3 × 4 = 12 = 26 → 165.
    # Jefe: Tanquista 17 + Carro 165 + Pistola 13 + Mono 1 = 196; the Jefe buys no magazines itself.
    # Ruling 5a (issue 28): the Carro enters the Jefe as its archetype, 165 − 26 = 139, and its
    # magazines, 26, on top, so that no floor can swallow them: 17 + 139 + 13 + 1 = 170, + 26 = 196.
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Carros", member("Jefe"))])))
    carro = archetype_in(report, "Carro")
    assert carro["cost"] == 165
    assert carro["breakdown"]["magazines"] == 26
    assert (carro["archetype_cost"], carro["magazines_cost"]) == (139, 26)
    assert sum(carro["breakdown"].values()) == 165
    jefe = archetype_in(report, "Jefe")
    assert jefe["cost"] == 196
    assert jefe["breakdown"]["transport"] == 139
    assert jefe["breakdown"]["transport_magazines"] == 26
    assert jefe["breakdown"].get("magazines", 0) == 0
    assert (jefe["archetype_cost"], jefe["magazines_cost"]) == (170, 26)
    assert squad_in(report, "Carros")["points"] == 196


def test_magazines_for_damage_9_and_10_weapons_cost_9_and_10_each(tmp_path):
    # Artificiero: Soldado 13 + Obús 49 + Bomba 40 + Obús 2 × 9 = 18 + Bomba 1 × 10 = 10 → 130.
    data = crews_roster([squad_with("Zapadores", member("Artificiero"))])
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    artificiero = archetype_in(report, "Artificiero")
    assert artificiero["breakdown"]["magazines"] == 28
    assert artificiero["cost"] == 130
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["points"] == 130


def test_magazines_for_a_close_combat_weapon_are_allowed(tmp_path):
    # Machetero: Soldado 13 + Cuchillo 1 (5 − 5 = 0 → minimum 1) + 2 magazines × damage 1 = 2 → 16.
    # The magazines cost the weapon's damage (1), not its floored cost.
    data = crews_roster([squad_with("Alfa", member("Machetero"))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 16
    machetero = archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Machetero")
    assert machetero["breakdown"]["magazines"] == 2


# --- ammunition: capacity and reload energy ----------------------------------------------------


@pytest.mark.parametrize(
    "weapon, damage, cost, capacity, reload",
    [
        ("Cuchillo", 1, 1, 9, 1),       # 10 − 1 = 9 shots; reloading costs 1 energy
        ("Pistola", 3, 13, 7, 3),       # 10 − 3 = 7
        ("Fusil", 4, 16, 6, 4),         # 10 − 4 = 6
        ("Lanzallamas", 5, 13, 5, 5),   # 10 − 5 = 5
        ("Cañón", 7, 46, 3, 7),         # 10 − 7 = 3
        ("Obús", 9, 49, 1, 9),          # 10 − 9 = 1
        ("Bomba", 10, 40, 1, 10),       # 10 − 10 = 0 → at least 1
    ],
)
def test_magazine_capacity_is_ten_minus_damage_at_least_one_and_reload_costs_damage(
        tmp_path, weapon, damage, cost, capacity, reload):
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))])))
    entry = archetype_in(report, weapon)
    assert entry["damage"] == damage
    assert entry["cost"] == cost
    assert entry["magazine_capacity"] == capacity
    assert entry["reload_energy"] == reload


# --- ammunition: magazines for a weapon not carried ----------------------------------------------


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


def test_transport_magazines_for_a_weapon_not_mounted_on_it_are_an_error(tmp_path):
    extra = {"name": "Moto armada", "energy": 1, "defense": 2, "magazines": {"Fusil": 1}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))],
                                                                             extra_transports=[extra])))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert len(errors) == 1, result["errors"]
    assert errors[0]["path"] == "warbook.transports[2].magazines.Fusil"


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


# --- crews: models, points, energy ------------------------------------------------------------


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


def test_crew_energy_is_pooled_per_vehicle(tmp_path):
    # TRIPULACIÓN: Jefe 10 + Artillero 10 + Cargador 7 + Cargador 7 = 34 per vehicle.
    # The squad holds only vehicles, so its energy (the lowest member's) is 34.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1), ("Cargador", 2)]))])
    carros = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")
    assert carros["crews"][0]["energy"] == 34
    assert carros["crews"][0]["vehicles"] == 2
    assert carros["energy"] == 34


def test_squad_energy_is_the_lowest_between_a_crewed_vehicle_and_infantry(tmp_path):
    # Vehicle: Jefe 10 + Artillero 10 = 20; Infante: REA 4 + 5 = 9 → the squad acts with 9.
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Infante"))])
    mixta = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mixta")
    assert mixta["energy"] == 9
    assert mixta["models"] == 3
    assert mixta["member_count"] == 2


def test_reaction_phase_looks_at_every_crew_member(tmp_path):
    # Pilot Jefe REA 5, crew Cargador REA 2 → the squad acts in reaction phase 2.
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador", 1)]))])
    assert squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")["reaction_phase"] == 2


# --- crews: willpower -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "vehicles, willpower",
    [
        # 4 vehicles × (Jefe + Observador) = 8 models but 4 members: VOL 7 (the crew's) + 0 = 7.
        (4, 7),
        # 5 vehicles = 10 models but 5 members: VOL 7 + 1 (5 members) = 8 (not 7 + 2 = 9).
        (5, 8),
    ],
)
def test_willpower_counts_a_vehicle_and_its_crew_as_one_member(tmp_path, vehicles, willpower):
    data = crews_roster([squad_with("Carros", member("Jefe", vehicles, crew=[("Observador", 1)]))])
    carros = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")
    assert carros["models"] == 2 * vehicles
    assert carros["member_count"] == vehicles
    assert carros["willpower"] == willpower


def test_willpower_counts_infantry_beside_a_vehicle_one_each(tmp_path):
    # 1 vehicle (Jefe + Artillero, VOL 4) + 4 Infantes (VOL 3) = 5 members, 6 models:
    # highest VOL 4 + 1 for 5 members = 5.
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Infante", 4))])
    mixta = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mixta")
    assert mixta["member_count"] == 5
    assert mixta["models"] == 6
    assert mixta["willpower"] == 5


# --- crews and formations ---------------------------------------------------------------------


def test_a_tank_with_its_crew_alone_is_a_lone_formation_allowed_at_exactly_ten_percent(tmp_path):
    # Jefe 196 + Artillero 18 = 214 in a squad of one member (the vehicle).
    # Limit 2140: 10 % = 214 → at most 214, legal; it is a lone formation, not "too small".
    data = crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                        points_limit=2140, formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 214
    assert "formation-too-small" not in codes_of(result["warnings"])


def test_a_tank_with_its_crew_alone_over_ten_percent_is_formation_solo_limit(tmp_path):
    # Limit 2139: 10 % = 213.9 < 214 → illegal, even though the squad has 2 models.
    data = crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                        points_limit=2139, formations=True)
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    assert "formation-solo-limit" in codes_of(result["errors"])


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


def test_formation_defense_is_the_vehicles_and_fortune_looks_at_every_crew_member(tmp_path):
    # 4 vehicles × (Jefe: defense 1, fortune 0; Observador: defense 0, fortune 2).
    # Ruling 18b (issue 28): each vehicle is hit as the Carro (l. 287–288), whose zones are
    # front 6, left 4, right 4, rear 3: its lowest, 3, not the crew's armour (0) as before.
    # Fortune (l. 456: the crew's fortune protects the vehicle) = 4 × 0 + 4 × 2 = 8.
    # Energy per vehicle: Jefe 10 + Observador (REA 4 + 5) 9 = 19.
    data = crews_roster([squad_with("Carros", member("Jefe", 4, crew=[("Observador", 1)]))], formations=True)
    carros = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")
    assert carros["formation"]["defense"] == 3
    assert carros["formation"]["fortune"] == 8
    assert carros["energy"] == 19


# --- crews: errors ------------------------------------------------------------------------------


def test_crew_on_a_character_without_transport_is_an_error(tmp_path):
    data = crews_roster([squad_with("Alfa", member("Infante", crew=[("Artillero", 1)]))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    errors = [e for e in result["errors"] if e["code"] == "crew-without-transport"]
    assert len(errors) == 1, result["errors"]
    assert errors[0]["path"] == "squads[0].members[0].crew"


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


# --- crews and restrictions -----------------------------------------------------------------


@pytest.mark.parametrize("max_models, legal", [(4, True), (3, False)])
def test_max_models_counts_every_crew_member_but_not_the_transport(tmp_path, max_models, legal):
    # 2 vehicles × (Jefe + Artillero) = 4 models; the Carro is not a model of its own.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                        restrictions={"max_models": max_models})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert result["models"] == 4
    assert result["legal"] is legal, result["errors"]
    assert ("restriction-max-models" in codes_of(result["errors"])) is (not legal)


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


def test_max_level_at_the_crew_members_level_is_legal(tmp_path):
    data = crews_roster([squad_with("Carros", member("Conductor", crew=[("Artillero", 1)]))],
                        restrictions={"max_level": 22})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    # Conductor 172 + Artillero 18 = 190.
    assert result["points"] == 190


# --- the bundled example ------------------------------------------------------------------------


def test_bundled_columna_blindada_is_priced_from_the_book():
    # Tanquista 17; Soldado raso 13; Cañón de 75 mm 46; Ametralladora 18; Pistola 13 (as above);
    # Mono blindado 1.
    # Carro medio: 35 + 20 + 20 + 15 = 90 + 46 + 18 = 64 − 15 + magazines 4 × 7 + 2 × 4 = 36 → 175.
    # Jefe de carro: 17 + 175 + 13 + 1 + magazines Pistola 2 × 3 = 6 → 212.
    # Artillero: 17 + 1 = 18; Cargador: 13 + 1 = 14; Escolta: 13 + 18 + 3 × 4 = 12 → 43.
    # Sección de carros: 2 × 212 + 2 × 18 + 2 × 14 = 424 + 36 + 28 = 488, 2 × (1 + 1 + 1) = 6 models.
    # Escolta: 4 × 43 = 172, 4 models. Total 660 ≤ 700, 10 models.
    # Crew energy: Jefe 10 + Artillero 10 + Cargador (REA 4 + 5) 9 = 29.
    example = Path(__file__).resolve().parents[3] / "examples" / "wartime" / "columna-blindada.yaml"
    result = CliRunner().invoke(cli, ["check", str(example), "--format", "json"])
    checked = json.loads(result.stdout)["results"][0]
    assert result.exit_code == 0 and checked["legal"]
    assert checked["points"] == 660
    assert checked["models"] == 10
    result = CliRunner().invoke(cli, ["inspect", str(example), "--format", "json"])
    report = json.loads(result.stdout)
    assert archetype_in(report, "Carro medio")["cost"] == 175
    assert archetype_in(report, "Jefe de carro")["cost"] == 212
    carros = squad_in(report, "Sección de carros")
    assert carros["points"] == 488
    assert carros["models"] == 6
    assert carros["member_count"] == 2
    assert carros["energy"] == 29


# --- further edges: bounds, unknown weapons, mixed crews, restrictions -----------------------


@pytest.mark.parametrize("magazines, cost", [(0, 34), (1, 38), (50, 234)])
def test_magazine_counts_from_0_to_50_cost_damage_each(tmp_path, magazines, cost):
    # Infante 34 + magazines × damage 4: 0 → 34, 1 → 38, 50 → 34 + 200 = 234.
    extra = {"name": "Cargado", "body": "Soldado", "weapons": ["Fusil"],
             "protections": ["Chaleco"], "magazines": {"Fusil": magazines}}
    data = crews_roster([squad_with("Alfa", member("Cargado"))], extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == cost


def test_more_than_50_magazines_for_a_weapon_are_out_of_range(tmp_path):
    # rulings.md, upper bounds: magazines 0–50 per weapon.
    extra = {"name": "Cargado", "body": "Soldado", "weapons": ["Fusil"],
             "magazines": {"Fusil": 51}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))],
                                                                             extra_characters=[extra])))
    assert exit_code == 1
    assert "value-out-of-range" in codes_of(result["errors"])


def test_magazines_for_a_weapon_missing_from_the_warbook_leave_the_cost_unknown(tmp_path):
    # rulings.md: "A weapon that doesn't exist at all leaves the archetype's cost unknown".
    extra = {"name": "Soñador", "body": "Soldado", "weapons": ["Fusil"],
             "magazines": {"Rayo láser": 1}}
    data = crews_roster([squad_with("Alfa", member("Soñador"))], extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    assert result["errors"], result
    assert archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Soñador")["cost"] is None


def test_two_crewed_vehicles_of_different_pilots_each_pool_their_own_energy(tmp_path):
    # Vehicle 1: Jefe 10 + Artillero 10 = 20. Vehicle 2: Conductor 7 + Cargador 7 = 14.
    # Two members; the squad acts with the lowest, 14. Models 4.
    # Points: 196 + 18 + 172 + 8 = 394.
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Artillero", 1)]),
                                    member("Conductor", crew=[("Cargador", 1)]))])
    carros = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")
    assert sorted(c["energy"] for c in carros["crews"]) == [14, 20]
    assert carros["energy"] == 14
    assert carros["member_count"] == 2
    assert carros["models"] == 4
    assert carros["points"] == 394


def test_a_pilot_count_of_zero_fields_no_crew_and_the_squad_is_empty(tmp_path):
    # Each of 0 vehicles is manned by 2 Artilleros: 0 × (1 + 2) = 0 models → empty-squad.
    data = crews_roster([squad_with("Fantasma", member("Jefe", 0, crew=[("Artillero", 2)])),
                         squad_with("Alfa", member("Infante"))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1
    assert "empty-squad" in codes_of(result["errors"])
    assert result["models"] == 1


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

"""What a squad acts with (Escuadras): its energy, reaction phase and willpower, and in a formation its
defense and fortune, with the crew rulings that decide them (18b, 18d, 18e)."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import check_one, crews_roster, inspect_json, member, squad_in, squad_with, write
from tests.systems.wartime.conftest import crew_squad, jeep_roster

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wartime"


# --- ammunition and crews -------------------------------------------------------------------------
# The optional ammunition rule (magazines: Munición [opcional], l. 320) and vehicle crews (Creación
# de listas de juego, l. 403; Tripulación, l. 639), worked out by hand from the book, on JEEP_BOOK
# (conftest.py).


def test_a_crew_pools_its_energy_and_the_vehicle_is_one_member(check):
    # Each jeep: Conductor 10 + 2 Fusileros × 9 = 28 energy. Two vehicles are 2 members, not 6:
    # willpower = highest VOL 6 + 2 // 5 = 6. Reaction phase: the lowest REA, the Fusileros' 4.
    ev = check(jeep_roster(crew_squad()))
    [jeeps] = ev.details["squads"]
    assert jeeps["member_count"] == 2
    assert jeeps["crews"] == [{"pilot": "Conductor", "vehicles": 2, "energy": 10 + 2 * 9}]
    assert (jeeps["energy"], jeeps["reaction_phase"], jeeps["willpower"]) == (28, 4, 6)


def test_five_vehicles_add_one_to_willpower(check):
    # 5 jeeps with 1 crewman each: 5 members → VOL 6 + 5 // 5 = 7 (10 models would give the same +2 otherwise).
    [jeeps] = check(jeep_roster(crew_squad(pilots=5, crew=1))).details["squads"]
    assert (jeeps["models"], jeeps["member_count"], jeeps["willpower"]) == (10, 5, 7)


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
def test_crew_energy_is_pooled_per_vehicle(tmp_path):
    # TRIPULACIÓN: Jefe 10 + Artillero 10 + Cargador 7 + Cargador 7 = 34 per vehicle.
    # The squad holds only vehicles, so its energy (the lowest member's) is 34.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1), ("Cargador", 2)]))])
    carros = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")
    assert carros["crews"][0]["energy"] == 34
    assert carros["crews"][0]["vehicles"] == 2
    assert carros["energy"] == 34


@pytest.mark.book
def test_squad_energy_is_the_lowest_between_a_crewed_vehicle_and_infantry(tmp_path):
    # Vehicle: Jefe 10 + Artillero 10 = 20; Infante: REA 4 + 5 = 9 → the squad acts with 9.
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Infante"))])
    mixta = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mixta")
    assert mixta["energy"] == 9
    assert mixta["models"] == 3
    assert mixta["member_count"] == 2


@pytest.mark.book
def test_reaction_phase_looks_at_every_crew_member(tmp_path):
    # Pilot Jefe REA 5, crew Cargador REA 2 → the squad acts in reaction phase 2.
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador", 1)]))])
    assert squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Carros")["reaction_phase"] == 2


@pytest.mark.book
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


@pytest.mark.book
def test_willpower_counts_infantry_beside_a_vehicle_one_each(tmp_path):
    # 1 vehicle (Jefe + Artillero, VOL 4) + 4 Infantes (VOL 3) = 5 members, 6 models:
    # highest VOL 4 + 1 for 5 members = 5.
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Infante", 4))])
    mixta = squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mixta")
    assert mixta["member_count"] == 5
    assert mixta["models"] == 6
    assert mixta["willpower"] == 5


@pytest.mark.book
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


@pytest.mark.book
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
def test_the_tank_column_in_formation_is_defended_by_its_tanks_weakest_zone(tmp_path):
    # columna-blindada.yaml with formations: Carro medio front 6, left 4, right 4, rear 3 → 3.
    # Before issue 28 the crews' Mono blindado (protection 1) gave the section defense 1.
    # Escolta: no protections, defense 0, unchanged.
    text = (EXAMPLES / "columna-blindada.yaml").read_text(encoding="utf-8")
    path = tmp_path / "columna.yaml"
    path.write_text(text.replace("points_limit: 700\n", "points_limit: 700\nformations: true\n"), encoding="utf-8")
    report = json.loads(CliRunner().invoke(cli, ["inspect", str(path), "--format", "json"]).stdout)
    tanks = squad_in(report, "Sección de carros")
    assert tanks["formation"]["defense"] == 3
    # Fortune (l. 456): no one buys any, 0; energy: 10 + 10 + 9 = 29 per tank.
    assert (tanks["formation"]["fortune"], tanks["formation"]["energy"]) == (0, 29)
    assert squad_in(report, "Escolta")["formation"]["defense"] == 0


@pytest.mark.book
def test_a_formation_takes_the_lowest_of_vehicles_and_infantry(tmp_path):
    # One tank (Carro: lowest zone 3, crew Artillero defense 1) and 4 Infantes (Chaleco: 3) → 3;
    # with 4 Cargadores' armour (Mono: 1) instead, the infantry is weaker: 1.
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Infante", 4))],
                        formations=True)
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    assert squad_in(report, "Mixta")["formation"]["defense"] == 3
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [said] = [w for w in result["warnings"] if w["code"] == "crew-ruling" and "18b" in w["message"]]
    assert "defensa 3, no 1" in said["message"]  # 1: the Jefe's and the Artillero's Mono
    data = crews_roster([squad_with("Mixta", member("Jefe", crew=[("Artillero", 1)]), member("Cargador", 4))],
                        formations=True)
    assert squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mixta")["formation"]["defense"] == 1


@pytest.mark.book
def test_a_single_defense_transport_defends_with_its_value(tmp_path):
    # Motorista rides a Moto (defense 2) with no protections (0): the formation's member has 2.
    extra = {"name": "Motorista", "body": "Soldado", "transport": "Moto"}
    data = crews_roster([squad_with("Motos", member("Motorista", 4))], formations=True, extra_characters=[extra])
    assert squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Motos")["formation"]["defense"] == 2

"""Issue 28: magazines on top of a floored archetype, who buys them, vehicles in formations, the
energy a vehicle is used with, and the rulings that say where the book is silent — priced by hand.

Sources: shared/rulebooks/wartime.txt — REDONDEO (l. 49–50), DEFENSA DE TRANSPORTES (l. 287–288),
MUNICIÓN [OPCIONAL] (l. 319–320), FASE DE REACCIÓN (l. 340), FORMACIONES (l. 372), CHEQUEOS DE
VOLUNTAD CONTRA ESCUADRAS (l. 392), CREACIÓN DE LISTAS (l. 403), COSTE (l. 428), FORTUNA (l. 456),
ÁREA (l. 559), the cost steps (l. 576, 607, 653, 687), transports' ENERGÍA (l. 623), DEFENSA
(l. 631) and TRIPULACIÓN (l. 639).

The shared Warbook is ``CREWS_WARBOOK`` in tests/book_cases.py, beside every one of its costs worked
out by hand; the ones used here:
  Soldado 13 (energy 9, REA 4, VOL 3); Tanquista 17 (energy 10, REA 5, VOL 4);
  Recluta 7 (energy 7, REA 2, VOL 2); Veterano 21 (energy 9, VOL 7).
  Cuchillo: damage 1 (5) − energy 1 (5) = 0 → 1. Fusil 16 (damage 4). Cañón 46 (damage 7).
  Mono: 5 − 5 = 0 → 1 (protection 1). Chaleco 5 (protection 3).
  Carro: zones 35 + 20 + 20 + 15 = 90 + weapons 46 + 18 = 64 − energy 15 = 139 (its archetype),
         + magazines Cañón 2 × 7 + Ametralladora 3 × 4 = 26 → 165. Zones front 6, left 4, right 4, rear 3.
  Jefe: Tanquista 17 + Carro 139 + Pistola 13 + Mono 1 = 170, + the Carro's magazines 26 = 196.
  Artillero 18 (defense 1, REA 5); Cargador 8 (Recluta + Mono: defense 1, REA 2, energy 7);
  Observador 36 (defense 0, fortune 2); Infante 34 (defense 3).
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner

from builder.cli.main import cli
from builder.systems.wartime.cards import print_spec
from tests.book_cases import (
    archetype_in, check_one, codes_of, crews_roster, inspect_json, member, squad_in, squad_with, write,
)
from tests.support import Checker

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wartime"

# Nino: five attributes of 1 cost 0 → a body of 0, floored to 1 (COSTE, l. 428).
NINO = {"name": "Nino", "con": 1, "agi": 1, "int": 1, "rea": 1, "vol": 1}
# Crio: Nino 1 + Cuchillo 1 − malus Torpe 10 = −8 → the archetype costs 1 (l. 428, Paso 8 l. 470);
# 3 magazines for the Cuchillo cost 3 × damage 1 = 3 (l. 320), bought on top: 1 + 3 = 4.
# (Flooring after adding them, as before issue 28, gave max(−8 + 3, 1) = 1: the magazines free.)
CRIO = {"name": "Crio", "body": "Nino", "weapons": ["Cuchillo"], "magazines": {"Cuchillo": 3},
        "malus": [{"name": "Torpe", "cost": 10}]}
# Burro: defense 1 (5) + Fusil 16 − energy 10 (75) = −54 → 1 (Paso 7, l. 653);
# 2 magazines for the Fusil: 2 × 4 = 8 on top → 9. (Before: max(−54 + 8, 1) = 1.)
BURRO = {"name": "Burro", "energy": 10, "defense": 1, "weapons": ["Fusil"], "magazines": {"Fusil": 2}}
# Arriero: Soldado 13 + Burro's archetype 1 = 14, + the Burro's magazines 8 = 22.
ARRIERO = {"name": "Arriero", "body": "Soldado", "transport": "Burro"}


def cheap_roster(**extra) -> dict:
    data = crews_roster([squad_with("Alfa", member("Crio")), squad_with("Recua", member("Arriero"))],
                        extra_characters=[CRIO, ARRIERO], extra_transports=[BURRO], **extra)
    data["warbook"]["bodies"].append(dict(NINO))
    return data


# --- 1. a magazine is a purchase on top of the floored archetype (ruling 5a) ---------------------


def test_magazines_are_paid_on_top_of_a_character_floored_to_one(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", cheap_roster()))
    crio = archetype_in(report, "Crio")
    # body 1 + weapons 1 − malus 10 = −8, minimum +9 → 1; magazines 3 → 4.
    assert crio["breakdown"] == {"body": 1, "transport": 0, "weapons": 1, "protections": 0, "objects": 0,
                                 "fortune": 0, "bonus": 0, "malus": -10, "minimum": 9, "magazines": 3}
    assert (crio["cost"], crio["archetype_cost"], crio["magazines_cost"]) == (4, 1, 3)
    assert sum(crio["breakdown"].values()) == 4


def test_magazines_are_paid_on_top_of_a_transport_floored_to_one_and_its_pilot_pays_them(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", cheap_roster()))
    burro = archetype_in(report, "Burro")
    # defense 5 + weapons 16 − energy 75 = −54, minimum +55 → 1; magazines 8 → 9.
    assert (burro["cost"], burro["archetype_cost"], burro["magazines_cost"]) == (9, 1, 8)
    assert burro["breakdown"]["minimum"] == 55
    arriero = archetype_in(report, "Arriero")
    # Soldado 13 + Burro 1 = 14 (the transport's archetype, floored) + the Burro's magazines 8 = 22.
    assert arriero["breakdown"]["transport"] == 1
    assert arriero["breakdown"]["transport_magazines"] == 8
    assert (arriero["cost"], arriero["archetype_cost"], arriero["magazines_cost"]) == (22, 14, 8)


def test_the_list_pays_the_magazines_and_a_warning_names_ruling_5a(tmp_path):
    # Alfa: Crio 4; Recua: Arriero 22 → 26 points (before issue 28: 1 + 14 = 15).
    exit_code, result = check_one(write(tmp_path, "lista.yaml", cheap_roster()))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 4 + 22
    found = [w for w in result["warnings"] if w["code"] == "magazines-above-minimum"]
    # Crio (his own magazines) and the Burro (its own); the Arriero's archetype, 14, is above 1.
    assert sorted(w["path"] for w in found) == ["warbook.characters[9].magazines",
                                                "warbook.transports[2].magazines"]
    assert all("5a" in w["message"] for w in found)


def test_an_object_below_one_point_still_costs_one(tmp_path):
    # Objects carry no weapons (l. 665), so no magazines: Mochila energy 3 (15) → −15 → 1 (Paso 5, l. 687).
    data = crews_roster([squad_with("Alfa", member("Infante"))])
    data["warbook"]["objects"] = [{"name": "Mochila", "energy": 3}]
    assert archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mochila")["cost"] == 1


def test_inspect_text_shows_the_two_parts_and_the_ruling(tmp_path):
    path = write(tmp_path, "lista.yaml", cheap_roster())
    out = CliRunner().invoke(cli, ["inspect", str(path), "--lang", "en"]).stdout
    assert "Crio: cost 4 (archetype 1, its minimum, + magazines 3, paid on top: builder's ruling 5a)" in out
    # A character above the minimum shows the split without the ruling: Jefe 170 + 26.
    assert "Jefe: cost 196 (archetype 170 + magazines 26)" in out


def test_the_sheet_shows_the_two_parts(tmp_path):
    path, out = write(tmp_path, "lista.yaml", cheap_roster()), tmp_path / "lista.xlsx"
    assert CliRunner().invoke(cli, ["export", str(path), "--xlsx", str(out), "--lang", "en"]).exit_code == 0
    sheet = openpyxl.load_workbook(out)["Archetypes"]
    header = [c.value for c in sheet[1]]
    rows = {row[1]: dict(zip(header, row)) for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert (rows["Crio"]["Cost"], rows["Crio"]["Archetype"], rows["Crio"]["Magazines"]) == (4, 1, 3)
    assert (rows["Burro"]["Cost"], rows["Burro"]["Archetype"], rows["Burro"]["Magazines"]) == (9, 1, 8)


def test_the_card_shows_the_two_parts(tmp_path):
    ev = Checker(tmp_path)(_yaml(cheap_roster()))
    cards = {c.title: c for c in print_spec(ev, "en").cards}
    price = next(s for s in cards["Crio"].sections if s.title == "Cost")
    assert price.items == [("Archetype (at least 1)", "1"), ("Magazines", "3")]
    assert cards["Crio"].badge.startswith("4")


# --- 2. who may buy a magazine (ruling 18a) -------------------------------------------------------


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


def test_a_crew_member_who_does_not_pilot_may_not_buy_for_the_vehicle(tmp_path):
    # The Cañón is the Carro's; the loader neither carries it nor pilots the Carro.
    extra = {"name": "Cargador previsor", "body": "Recluta", "magazines": {"Cañón": 1}}
    data = crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador previsor", 1)]))],
                        extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1
    [error] = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert error["path"] == "warbook.characters[9].magazines.Cañón"


def test_a_pilot_buying_for_a_weapon_neither_he_nor_his_transport_carries_is_an_error(tmp_path):
    extra = {"name": "Jefe confuso", "body": "Tanquista", "transport": "Carro", "magazines": {"Fusil": 1}}
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe confuso"))],
                                                     extra_characters=[extra])))
    assert exit_code == 1
    [error] = [e for e in result["errors"] if e["code"] == "magazine-weapon-not-carried"]
    assert "ni él ni su transporte" in error["message"]


# --- 3. a vehicle in a formation is one member, defended by the vehicle (ruling 18b) ----------------


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


def test_a_single_defense_transport_defends_with_its_value(tmp_path):
    # Motorista rides a Moto (defense 2) with no protections (0): the formation's member has 2.
    extra = {"name": "Motorista", "body": "Soldado", "transport": "Moto"}
    data = crews_roster([squad_with("Motos", member("Motorista", 4))], formations=True, extra_characters=[extra])
    assert squad_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Motos")["formation"]["defense"] == 2


# --- 4. a transport is used with its crew's pooled energy (ruling 18c) --------------------------


PESADO = {"name": "Pesado", "energy": 9, "defense": 3}
# Conductor pesado: Recluta, energy REA 2 + 5 = 7 < the Pesado's 9.
CONDUCTOR_PESADO = {"name": "Conductor pesado", "body": "Recluta", "transport": "Pesado"}


def test_a_crew_whose_pooled_energy_covers_the_transport_is_not_warned(tmp_path):
    # Conductor pesado 7 + Cargador 7 = 14 ≥ 9 (TRIPULACIÓN, l. 639).
    data = crews_roster([squad_with("Pesados", member("Conductor pesado", 2, crew=[("Cargador", 1)]))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0
    assert "equipment-energy-over-character" not in codes_of(result["warnings"])


def test_a_pilot_without_crew_is_warned_at_his_member_line(tmp_path):
    # Alone, the pilot has 7 < 9: warned where he is recruited, not in the Warbook.
    data = crews_roster([squad_with("Pesados", member("Conductor pesado"))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "equipment-energy-over-character"]
    assert warning["path"] == "squads[0].members[0]"
    assert warning["message"].endswith("«Conductor pesado» tiene energía 7 y no puede usar el transporte «Pesado», "
                                       "que necesita 9")


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


def test_an_unrecruited_pilot_is_still_warned_in_the_warbook(tmp_path):
    # Ruling 12: every character is checked; one nobody recruits is compared with his own energy.
    data = crews_roster([squad_with("Alfa", member("Infante"))],
                        extra_characters=[CONDUCTOR_PESADO], extra_transports=[PESADO])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [warning] = [w for w in result["warnings"] if w["code"] == "equipment-energy-over-character"]
    assert warning["path"] == "warbook.characters[9].transport"


# --- 5. the rulings where the book is silent, made visible -----------------------------------------


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


def test_composite_area_that_rounds_the_same_either_way_says_nothing(tmp_path):
    # 2 K² + a 3 × 1 rectangle (3): 5 either way.
    data = crews_roster([squad_with("Alfa", member("Infante"))])
    data["warbook"]["objects"] = [{"name": "Humo", "energy": 1, "area": [2, {"shape": "rectangle", "length": 3,
                                                                            "width": 1}]}]
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert "composite-area-rounding" not in codes_of(result["warnings"])


def test_max_models_counts_crew_and_names_ruling_14(tmp_path):
    # 2 tanks × (Jefe + Artillero) = 4 models > 3.
    data = crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                        restrictions={"max_models": 3})
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    [error] = [e for e in result["errors"] if e["code"] == "restriction-max-models"]
    assert "4 miniaturas" in error["message"] and "regla 14" in error["message"]


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


def test_a_crews_slow_member_sets_the_reaction_phase_and_it_is_said(tmp_path):
    # Jefe REA 5, crew Cargador REA 2 → phase 2 (l. 340, ruling 18e); without the crew it'd be 5.
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe", crew=[("Cargador", 1)]))])))
    [said] = [w for w in result["warnings"] if w["code"] == "crew-ruling" and "18e" in w["message"]]
    assert "fase de reacción 2" in said["message"] and "sería la 5" in said["message"]


def test_a_vehicle_alone_is_a_lone_formation_and_it_is_said(tmp_path):
    # Jefe + Artillero: 2 models, 1 member → a one-member formation (l. 372, ruling 18d).
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carro solo", member("Jefe", crew=[("Artillero", 1)]))],
                                                     formations=True)))
    assert any(w["code"] == "crew-ruling" and "un único integrante" in w["message"] for w in result["warnings"])


def test_two_vehicles_of_four_models_are_too_small_and_the_ruling_is_named(tmp_path):
    # 2 × (Jefe + Artillero) = 4 models but 2 members < 4 (l. 372).
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Carros", member("Jefe", 2, crew=[("Artillero", 1)]))],
                                                     formations=True)))
    [warning] = [w for w in result["warnings"] if w["code"] == "formation-too-small"]
    assert "2 integrantes (4 miniaturas" in warning["message"] and "18d" in warning["message"]


def test_a_transport_energy_of_0_and_a_defense_zone_of_0_are_out_of_range(tmp_path):
    # l. 623: a transport needs at least 1 energy; the defense table starts at 1 (l. 647–648) and each
    # zone is paid (l. 631): a zone of 0 is not a value the book prices (ruling 16a).
    data = crews_roster([squad_with("Alfa", member("Infante"))], extra_transports=[
        {"name": "Gratis", "energy": 0, "large": True, "defense": {"front": 0, "left": 1, "right": 1, "rear": 1}}])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    out = sorted(e["path"] for e in result["errors"] if e["code"] == "value-out-of-range")
    assert out == ["warbook.transports[2].defense.front", "warbook.transports[2].energy"]


# --- helpers ---------------------------------------------------------------------------------------


def _yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)

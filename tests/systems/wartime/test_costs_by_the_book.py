"""Wartime archetype costs by the book: every kind of archetype priced through `builder inspect`.

Black-box, written from the Wartime specification ("Costs") and the rulebook
(../shared/rulebooks/wartime.txt, ARQUETIPOS) alone. Every expected cost is worked out by hand
in a comment next to the assertion.

Wartime tables ("Costs"; wartime.txt ARQUETIPOS):
    attribute 1..10 -> 0, 1, 2, 3, 4, 6, 10, 17, 28, 45
    grade (energy/damage/protection/defense) 1..10
                    -> 5, 10, 15, 20, 25, 35, 45, 55, 65, 75
    fortune 1..10   -> 10, 15, 20, 25, 30, 35, 40, 45, 50, 55
"""

from __future__ import annotations

import pytest

from tests.book_cases import SOLDADO, archetype_in, cost_of, full_book, inspect_json, wartime, wb


ATTR = [0, 1, 2, 3, 4, 6, 10, 17, 28, 45]


GRADE = [5, 10, 15, 20, 25, 35, 45, 55, 65, 75]


FORTUNE = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55]


@pytest.mark.parametrize("value", range(1, 11))
def test_body_attribute_table(tmp_path, value):
    # con = value, the other four at 1 (cost 0 each): cost = ATTR[value-1],
    # but never below 1 (value 1 -> 0 -> floor 1).
    body = {"name": "B", "con": value, "agi": 1, "int": 1, "rea": 1, "vol": 1}
    expected = max(1, ATTR[value - 1])
    assert cost_of(tmp_path, wb(bodies=[body]), "B") == expected


def test_body_sum_bonus_malus(tmp_path):
    # 25 (Soldado) + bonus 5 + 2 - malus 3 = 29
    body = dict(SOLDADO, bonus=[{"name": "Ambidiestro", "cost": 5}, {"name": "Branquias", "cost": 2}],
                malus=[{"name": "Analfabeto", "cost": 3}])
    assert cost_of(tmp_path, wb(bodies=[body]), "Soldado") == 29


def test_body_all_tens(tmp_path):
    # 5 x 45 = 225
    body = {"name": "Titan", "con": 10, "agi": 10, "int": 10, "rea": 10, "vol": 10}
    assert cost_of(tmp_path, wb(bodies=[body]), "Titan") == 225


@pytest.mark.parametrize("value", range(1, 11))
def test_weapon_damage_table(tmp_path, value):
    # damage = value, energy 1 (5): cost = GRADE[value-1] - 5, floor 1
    weapon = {"name": "W", "energy": 1, "damage": value}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "W") == max(1, GRADE[value - 1] - 5)


@pytest.mark.parametrize("value", range(1, 11))
def test_weapon_energy_table(tmp_path, value):
    # damage 10 (75) - energy GRADE[value-1]
    weapon = {"name": "W", "energy": value, "damage": 10}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "W") == max(1, 75 - GRADE[value - 1])


def test_weapon_range_rounds_up(tmp_path):
    # damage 3 (15) - energy 1 (5); range 1: 3*1*0.1 = 0.3 -> 1
    # cost = 15 + 1 - 5 = 11
    weapon = {"name": "Pistola", "energy": 1, "damage": 3, "range": 1}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Pistola") == 11


def test_weapon_range_rounds_up_4_8(tmp_path):
    # damage 4 (20) - energy 2 (10); range 12: 4*12*0.1 = 4.8 -> 5
    # cost = 20 + 5 - 10 = 15
    weapon = {"name": "Fusil", "energy": 2, "damage": 4, "range": 12}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Fusil") == 15


def test_weapon_range_exact_is_not_rounded_up(tmp_path):
    # damage 3 (15) - energy 1 (5); range 10: 3*10*0.1 = 3 exactly -> 3
    # (in binary floating point 3*10*0.1 = 3.0000000000000004; it must not become 4)
    # cost = 15 + 3 - 5 = 13
    weapon = {"name": "Carabina", "energy": 1, "damage": 3, "range": 10}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Carabina") == 13


def test_weapon_area_rounds_up(tmp_path):
    # damage 4 (20) - energy 1 (5); area 2 K2: 4*2*0.1 = 0.8 -> 1
    # cost = 20 + 1 - 5 = 16
    weapon = {"name": "Granada", "energy": 1, "damage": 4, "area": 2}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Granada") == 16


def test_weapon_range_and_area_and_bonus_malus(tmp_path):
    # damage 5 (25); range 10: 5*10*0.1 = 5; area 3: 5*3*0.1 = 1.5 -> 2;
    # bonus 4; energy 2 (10); malus 1: 25 + 5 + 2 + 4 - 10 - 1 = 25
    weapon = {"name": "Lanzagranadas", "energy": 2, "damage": 5, "range": 10, "area": 3,
              "bonus": [{"name": "Rafaga", "cost": 4}], "malus": [{"name": "Encasquillable", "cost": 1}]}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Lanzagranadas") == 25


def test_weapon_minimum_one(tmp_path):
    # damage 1 (5) - energy 5 (25) = -20 -> minimum 1
    weapon = {"name": "Palo", "energy": 5, "damage": 1}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Palo") == 1


def test_weapon_circle_area_rounds_to_nearest(tmp_path):
    # circle diameter 3: pi * 1.5^2 = 7.0686 -> nearest 7 K2 (rulebook example)
    # damage 10 (75); area cost 10*7*0.1 = 7; energy 1 (5): 75 + 7 - 5 = 77
    # (rounding up to 8 K2 would give 78; using 7.0686 unrounded gives 7.07 -> 8 -> 78)
    weapon = {"name": "Napalm", "energy": 1, "damage": 10, "area": {"shape": "circle", "diameter": 3}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Napalm") == 77


def test_weapon_rectangle_area(tmp_path):
    # rectangle 3 x 1 = 3 K2 (rulebook example); damage 10: 10*3*0.1 = 3
    # (float 3.0000000000000004 must stay 3); 75 + 3 - 5 = 73
    weapon = {"name": "Barrido", "energy": 1, "damage": 10,
              "area": {"shape": "rectangle", "length": 3, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Barrido") == 73


def test_weapon_triangle_area_half_rounds_up(tmp_path):
    # triangle 3 x 1: 3*1/2 = 1.5 -> 2 K2 (rulebook example)
    # damage 6 (35): 6*2*0.1 = 1.2 -> 2; energy 1 (5): 35 + 2 - 5 = 32
    # (keeping 1.5 K2 would give 6*1.5*0.1 = 0.9 -> 1 -> 31)
    weapon = {"name": "Cono", "energy": 1, "damage": 6,
              "area": {"shape": "triangle", "length": 3, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Cono") == 32


def test_weapon_triangle_2_5_rounds_half_up_not_to_even(tmp_path):
    # triangle 5 x 1: 5*1/2 = 2.5 -> 3 K2 (.5 up; banker's rounding would give 2)
    # damage 10 (75): 10*3*0.1 = 3; energy 1 (5): 75 + 3 - 5 = 73
    weapon = {"name": "Abanico", "energy": 1, "damage": 10,
              "area": {"shape": "triangle", "length": 5, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Abanico") == 73


@pytest.mark.parametrize("value", range(1, 11))
def test_protection_table(tmp_path, value):
    # protection = value, energy 1 (5): GRADE[value-1] - 5, floor 1
    prot = {"name": "P", "energy": 1, "protection": value}
    assert cost_of(tmp_path, wb(protections=[prot]), "P") == max(1, GRADE[value - 1] - 5)


def test_protection_bonus_malus_and_minimum(tmp_path):
    # Coraza: protection 5 (25) + bonus 3 - energy 1 (5) - malus 1 = 22
    # Casco: protection 1 (5) - energy 3 (15) = -10 -> 1
    book = wb(protections=[
        {"name": "Coraza", "energy": 1, "protection": 5,
         "bonus": [{"name": "Ignifuga", "cost": 3}], "malus": [{"name": "Ruidosa", "cost": 1}]},
        {"name": "Casco", "energy": 3, "protection": 1},
    ])
    inspected = inspect_json(wartime(tmp_path, book))
    assert archetype_in(inspected, "Coraza")["cost"] == 22
    assert archetype_in(inspected, "Casco")["cost"] == 1


def test_object_area_capacity(tmp_path):
    # Mochila: area 4 K2 -> 4; capacity 33: 33/5 = 6.6 -> 7; energy 1 (5)
    # 4 + 7 - 5 = 6
    book = wb(objects=[{"name": "Mochila", "energy": 1, "area": 4, "capacity": 33}])
    assert cost_of(tmp_path, book, "Mochila") == 6


def test_object_capacity_exact_multiple_and_bonus(tmp_path):
    # capacity 50 / 5 = 10; area 0; bonus 2; energy 1 (5); malus 1
    # 10 + 2 - 5 - 1 = 6
    book = wb(objects=[{"name": "Cofre", "energy": 1, "capacity": 50,
                        "bonus": [{"name": "Blindado", "cost": 2}],
                        "malus": [{"name": "Pesado", "cost": 1}]}])
    assert cost_of(tmp_path, book, "Cofre") == 6


def test_object_minimum_one(tmp_path):
    # Radio: nothing bought, energy 1 (5): -5 -> 1
    book = wb(objects=[{"name": "Radio", "energy": 1}])
    assert cost_of(tmp_path, book, "Radio") == 1


def test_small_transport(tmp_path):
    # Fusil: damage 4 (20) + range 12 (4.8 -> 5) - energy 2 (10) = 15
    # Moto: defense 5 (25) + weapons Fusil (15) + capacity 12 (12/5 = 2.4 -> 3)
    #       - energy 2 (10) = 33
    book = wb(
        weapons=[{"name": "Fusil", "energy": 2, "damage": 4, "range": 12}],
        transports=[{"name": "Moto", "energy": 2, "defense": 5, "capacity": 12, "weapons": ["Fusil"]}],
    )
    inspected = inspect_json(wartime(tmp_path, book))
    assert archetype_in(inspected, "Fusil")["cost"] == 15
    assert archetype_in(inspected, "Moto")["cost"] == 33
    assert archetype_in(inspected, "Moto")["kind"] == "transport"


def test_capacity_one_level_costs_one(tmp_path):
    # capacity 1: 1/5 = 0.2 -> 1; defense 3 (15); energy 1 (5): 15 + 1 - 5 = 11
    book = wb(transports=[{"name": "Carro", "energy": 1, "defense": 3, "capacity": 1}])
    assert cost_of(tmp_path, book, "Carro") == 11


def test_large_transport_pays_each_zone(tmp_path):
    # Cuchillo: damage 1 (5) - energy 1 (5) = 0 -> 1
    # Mochila: area 4 (4) + capacity 33 (6.6 -> 7) - energy 1 (5) = 6
    # Camion: defense front 5 (25) + left 3 (15) + right 3 (15) + rear 2 (10) = 65
    #   + weapons Cuchillo (1, already floored) + objects Mochila (6)
    #   + capacity 11 (2.2 -> 3) + bonus 2 - energy 2 (10) - malus 4
    #   = 65 + 1 + 6 + 3 + 2 - 10 - 4 = 63
    book = wb(
        weapons=[{"name": "Cuchillo", "energy": 1, "damage": 1}],
        objects=[{"name": "Mochila", "energy": 1, "area": 4, "capacity": 33}],
        transports=[{
            "name": "Camion", "energy": 2, "large": True,
            "defense": {"front": 5, "left": 3, "right": 3, "rear": 2},
            "capacity": 11, "weapons": ["Cuchillo"], "objects": ["Mochila"],
            "bonus": [{"name": "Todoterreno", "cost": 2}], "malus": [{"name": "Lento", "cost": 4}],
        }],
    )
    inspected = inspect_json(wartime(tmp_path, book))
    assert archetype_in(inspected, "Cuchillo")["cost"] == 1
    assert archetype_in(inspected, "Mochila")["cost"] == 6
    assert archetype_in(inspected, "Camion")["cost"] == 63


def test_transport_minimum_one(tmp_path):
    # defense 1 (5) - energy 10 (75) -> 1
    book = wb(transports=[{"name": "Burro", "energy": 10, "defense": 1}])
    assert cost_of(tmp_path, book, "Burro") == 1


@pytest.mark.parametrize("fortune", range(0, 11))
def test_character_fortune_table(tmp_path, fortune):
    # Soldado (25) + fortune cost (0 for 0; else 10, 15, ..., 55)
    expected = 25 + (0 if fortune == 0 else FORTUNE[fortune - 1])
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "fortune": fortune}])
    assert cost_of(tmp_path, book, "C") == expected


def test_character_sums_floored_parts(tmp_path):
    inspected = inspect_json(wartime(tmp_path, full_book()))
    fus = archetype_in(inspected, "Fusilero")
    assert fus["kind"] == "character"
    assert fus["cost"] == 81  # see full_book()
    # Each part as full_book() works it out: body Soldado 25, transport Moto 10,
    # weapons Fusil 15 + Cuchillo 1 = 16, protections Chaleco 10 + Casco 1 = 11,
    # objects Radio 1, fortune 2 -> 15, bonus Tirador 4, malus Miope -1.
    assert fus["breakdown"] == {"body": 25, "transport": 10, "weapons": 16, "protections": 11,
                                "objects": 1, "fortune": 15, "bonus": 4, "malus": -1}
    # ... and they add up to the cost: 25 + 10 + 16 + 11 + 1 + 15 + 4 - 1 = 81
    assert sum(fus["breakdown"].values()) == fus["cost"]
    # Recluta: 25 + Casco's floored 1 = 26 (not 25 - 10 = 15)
    assert archetype_in(inspected, "Recluta")["cost"] == 26


def test_character_minimum_one(tmp_path):
    # body all 1 -> 0 -> floored 1; character 1 - malus 10 = -9 -> 1
    book = wb(
        bodies=[{"name": "Nino", "con": 1, "agi": 1, "int": 1, "rea": 1, "vol": 1}],
        characters=[{"name": "Crio", "body": "Nino", "malus": [{"name": "Torpe", "cost": 10}]}],
    )
    inspected = inspect_json(wartime(tmp_path, book))
    assert archetype_in(inspected, "Nino")["cost"] == 1
    assert archetype_in(inspected, "Crio")["cost"] == 1


def test_kinds_reported(tmp_path):
    book = full_book()
    book["zones"] = [{"name": "Bosque", "difficulty": 3, "global": True}]
    inspected = inspect_json(wartime(tmp_path, book))
    kinds = {a["name"]: a["kind"] for a in inspected["archetypes"]}
    assert kinds["Soldado"] == "body"
    assert kinds["Fusil"] == "weapon"
    assert kinds["Chaleco"] == "protection"
    assert kinds["Moto"] == "transport"
    assert kinds["Radio"] == "object"
    assert kinds["Fusilero"] == "character"
    assert kinds["Bosque"] == "zone"
    for a in inspected["archetypes"]:
        assert {"name", "kind", "cost", "breakdown"} <= set(a)

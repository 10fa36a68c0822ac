"""Each kind of archetype priced by hand from the tables, then by builder: a Warbook priced
independently (the oracle), the laws every price obeys, and the magazines bought on top."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from builder.cli.main import cli
from builder.core.findings import Place
from builder.core.pipeline import evaluate
from builder.systems.wartime.pricing import PricedWarbook
from builder.systems.wartime.records import Warbook
from tests.book_cases import (
    CREWS_WARBOOK_COSTS, SOLDADO, archetype_in, check_one, cost_of, crews_roster, floored_roster, full_book,
    inspect_json, member, squad_in, squad_with, wartime, wb, write,
)
from tests.systems.wartime.conftest import archetype, codes, jeep_roster

WARBOOK = """\
system: wartime
name: Precios
warbook:
  bodies:
    - {name: Novato, con: 1, agi: 1, int: 1, rea: 1, vol: 1}
    - name: Atleta
      con: 7
      agi: 6
      int: 2
      rea: 5
      vol: 3
      bonus: [{name: Pulmones de acero, cost: 4}]
      malus: [{name: Torpe, cost: 1}]
  weapons:
    - {name: Palo, energy: 2, damage: 1}
    - {name: Rifle, energy: 2, damage: 3, range: 7}
    - {name: Granada, energy: 3, damage: 4, range: 5, area: {shape: circle, diameter: 3}}
    - {name: Soplete, energy: 4, damage: 5, range: 3, area: {shape: triangle, length: 3, width: 1}}
    - {name: Barrera, energy: 1, damage: 2, area: {shape: rectangle, length: 2.5, width: 1.3}}
    - {name: Niebla, energy: 1, damage: 3, area: 2.5}
  protections:
    - {name: Gorro, energy: 1, protection: 1}
    - {name: Coraza, energy: 2, protection: 6, malus: [{name: Pesada, cost: 3}]}
  objects:
    - {name: Bengala, energy: 1, area: 3}
    - {name: Mochila, energy: 1, area: {shape: rectangle, length: 3, width: 2}, capacity: 12}
  transports:
    - {name: Caballo, energy: 1, defense: 2, capacity: 3, base_length_cm: 4.5}
    - name: Blindado
      energy: 3
      large: true
      defense: {front: 8, left: 6, right: 6, rear: 4}
      capacity: 10
      weapons: [Rifle, Palo]
      objects: [Bengala]
      bonus: [{name: Orugas, cost: 5}]
  characters:
    - name: Jinete
      body: Atleta
      transport: Caballo
      weapons: [Rifle, Rifle, Palo]
      protections: [Gorro, Coraza]
      objects: [Mochila]
      fortune: 3
      base_diameter_cm: 3.5
      bonus: [{name: Carisma, cost: 2}]
      malus: [{name: Miope, cost: 5}]
    - {name: Recluta, body: Novato, malus: [{name: Cobarde, cost: 9}]}
  zones:
    - {name: Bosque, difficulty: 3, global: true, traps: true}
"""


def test_body_costs(check):
    ev = check(WARBOOK)
    assert codes(ev) == []
    # Novato: five attributes of 1 cost 0 each = 0, lifted to the 1-point minimum.
    novato = archetype(ev, "Novato")
    assert novato["cost"] == 1
    assert novato["breakdown"]["minimum"] == 1
    # Atleta: CON 7 (10) + AGI 6 (6) + INT 2 (1) + REA 5 (4) + VOL 3 (2) = 23, + bonus 4 - malus 1 = 26.
    atleta = archetype(ev, "Atleta")
    assert atleta["cost"] == 26
    assert atleta["breakdown"] == {"con": 10, "agi": 6, "int": 1, "rea": 4, "vol": 2, "bonus": 4, "malus": -1}


def test_weapon_costs(check):
    ev = check(WARBOOK)
    # Palo: damage 1 (5) - energy 2 (10) = -5 -> 1.
    assert archetype(ev, "Palo")["cost"] == 1
    # Rifle: damage 3 (15) + range 3 × 7 × 0.1 = 2.1 -> 3, - energy 2 (10) = 8.
    assert archetype(ev, "Rifle")["cost"] == 8
    # Granada: circle 3 K: π × 1.5² = 7.07 -> 7 K²; damage 4 (20) + range 4 × 5 × 0.1 = 2
    # + area 4 × 7 × 0.1 = 2.8 -> 3, - energy 3 (15) = 10.
    granada = archetype(ev, "Granada")
    assert granada["area_k2"] == 7
    assert granada["cost"] == 10
    # Soplete: triangle 3 × 1 / 2 = 1.5 -> 2 K²; damage 5 (25) + range 5 × 3 × 0.1 = 1.5 -> 2
    # + area 5 × 2 × 0.1 = 1, - energy 4 (20) = 8.
    assert archetype(ev, "Soplete")["area_k2"] == 2
    assert archetype(ev, "Soplete")["cost"] == 8
    # Barrera: rectangle 2.5 × 1.3 = 3.25 -> 3 K² (rounding up would give 4);
    # damage 2 (10) + area 2 × 3 × 0.1 = 0.6 -> 1, - energy 1 (5) = 6.
    assert archetype(ev, "Barrera")["area_k2"] == 3
    assert archetype(ev, "Barrera")["cost"] == 6
    # Niebla: a plain decimal area 2.5 rounds like a shape -> 3 K²;
    # damage 3 (15) + area 3 × 3 × 0.1 = 0.9 -> 1, - energy 1 (5) = 11.
    assert archetype(ev, "Niebla")["cost"] == 11


def test_range_and_area_round_up_separately(check):
    # Damage 5: range 3 K -> 1.5 -> 2; area 1 K² -> 0.5 -> 1. 25 + 2 + 1 − energy 1 (5) = 23,
    # where rounding the sum would give 25 + ⌈2.0⌉ − 5 = 22.
    ev = check("""\
        system: wartime
        name: Redondeo
        warbook:
          weapons: [{name: Lanza, energy: 1, damage: 5, range: 3, area: 1}]
        """)
    assert archetype(ev, "Lanza")["breakdown"]["range"] == 2
    assert archetype(ev, "Lanza")["breakdown"]["area"] == 1
    assert archetype(ev, "Lanza")["cost"] == 23


def test_protection_costs(check):
    ev = check(WARBOOK)
    # Gorro: protection 1 (5) - energy 1 (5) = 0 -> 1.
    assert archetype(ev, "Gorro")["cost"] == 1
    # Coraza: protection 6 (35) - energy 2 (10) - malus 3 = 22.
    assert archetype(ev, "Coraza")["cost"] == 22


def test_object_costs(check):
    ev = check(WARBOOK)
    # Bengala: area 3 K² (3) - energy 1 (5) = -2 -> 1.
    assert archetype(ev, "Bengala")["cost"] == 1
    # Mochila: area 3 × 2 = 6 K² (6) + capacity 12 / 5 = 2.4 -> 3, - energy 1 (5) = 4.
    assert archetype(ev, "Mochila")["cost"] == 4


def test_transport_costs(check):
    ev = check(WARBOOK)
    # Caballo: defense 2 (10) + capacity 3 / 5 = 0.6 -> 1, - energy 1 (5) = 6; movement 4.5 -> 5.
    caballo = archetype(ev, "Caballo")
    assert caballo["cost"] == 6
    assert caballo["movement"] == 5
    # Blindado: zones 8 (55) + 6 (35) + 6 (35) + 4 (20) = 145; weapons Rifle 8 + Palo 1 = 9;
    # objects Bengala 1; capacity 10 / 5 = 2; bonus 5; - energy 3 (15). 145 + 9 + 1 + 2 + 5 - 15 = 147.
    blindado = archetype(ev, "Blindado")
    assert blindado["cost"] == 147
    assert blindado["breakdown"]["weapons"] == 9
    assert blindado["breakdown"]["defense_front"] == 55


def test_character_costs_and_derived_values(check):
    ev = check(WARBOOK)
    # Jinete: body Atleta 26 + transport Caballo 6 + weapons Rifle 8 + Rifle 8 + Palo 1 (= 17)
    # + protections Gorro 1 + Coraza 22 (= 23) + objects Mochila 4 + fortune 3 (20)
    # + bonus 2 - malus 5 = 26 + 6 + 17 + 23 + 4 + 20 + 2 - 5 = 93.
    jinete = archetype(ev, "Jinete")
    assert jinete["cost"] == 93
    assert jinete["breakdown"] == {"body": 26, "transport": 6, "weapons": 17, "protections": 23, "objects": 4,
                                   "fortune": 20, "bonus": 2, "malus": -5}
    # Level 7+6+2+5+3 = 23; energy min(5 + 5, 10) = 10; vitality = CON 7;
    # defense = Gorro 1 + Coraza 6 = 7; movement 3.5 -> 4; squad structure 2 × 4 cm.
    assert (jinete["level"], jinete["energy"], jinete["vitality"], jinete["defense"], jinete["movement"]) == (23, 10, 7, 7, 4)
    assert jinete["squad_structure_cm"] == 8
    # Recluta: Novato 1 - malus 9 = -8 -> 1; no base, so no movement.
    recluta = archetype(ev, "Recluta")
    assert recluta["cost"] == 1
    assert recluta["movement"] is None
    assert (recluta["level"], recluta["energy"], recluta["vitality"], recluta["defense"]) == (5, 6, 1, 0)


def test_energy_is_capped_at_ten(check):
    ev = check("""\
        system: wartime
        name: Reflejos
        warbook:
          bodies: [{name: Rápido, con: 1, agi: 1, int: 1, rea: 9, vol: 1}]
          characters: [{name: Velocista, body: Rápido}]
        """)
    # REA 9 + 5 = 14 -> capped at 10.
    assert archetype(ev, "Velocista")["energy"] == 10


def test_zones_have_no_cost(check):
    ev = check(WARBOOK)
    bosque = archetype(ev, "Bosque")
    assert bosque["kind"] == "zone"
    assert bosque["cost"] is None
    assert bosque["difficulty"] == 3


def test_every_breakdown_adds_up_to_its_cost(check):
    ev = check(WARBOOK)
    for a in ev.details["archetypes"]:
        if a["kind"] != "zone":
            assert sum(a["breakdown"].values()) == a["cost"], a["name"]


def test_list_points_are_cost_times_count(check):
    ev = check(WARBOOK + """\
squads:
  - name: Caballería
    members:
      - {character: Jinete, count: 2}
      - {character: Recluta, count: 3}
  - name: Reserva
    members:
      - {character: Recluta}
""")
    # Caballería: 2 × 93 + 3 × 1 = 189 (5 models); Reserva: 1 × 1 = 1 (count defaults to 1).
    assert ev.points == 190
    squads = {s["name"]: s for s in ev.details["squads"]}
    assert (squads["Caballería"]["models"], squads["Caballería"]["points"]) == (5, 189)
    assert (squads["Reserva"]["models"], squads["Reserva"]["points"]) == (1, 1)
    assert ev.extra["models"] == 6


def test_a_composite_area_adds_its_shapes_exactly_and_rounds_once(check):
    # Two 3 × 1 triangles are 1.5 + 1.5 = 3 K² (rounded one by one they would be 2 + 2 = 4).
    # Damage 4: damage 20 + area 4 × 3 × 0.1 = 1.2 → 2, − energy 2 (10) = 12.
    # With a 3 K circle (π × 1.5² = 7.07) and a plain 0.5: 7.07 + 3 + 0.5 = 10.57 → 11 K².
    ev = check("""\
        system: wartime
        name: Compuesta
        warbook:
          weapons:
            - {name: Abanico, energy: 2, damage: 4, area: [{shape: triangle, length: 3, width: 1},
                                                           {shape: triangle, length: 3, width: 1}]}
            - {name: Mixta, energy: 2, damage: 4, area: [{shape: circle, diameter: 3},
                                                         {shape: rectangle, length: 3, width: 1}, 0.5]}
        """)
    abanico = archetype(ev, "Abanico")
    assert (abanico["area_k2"], abanico["breakdown"]["area"], abanico["cost"]) == (3, 2, 12)
    assert archetype(ev, "Mixta")["area_k2"] == 11


# --- an oracle ------------------------------------------------------------------------------------
# A Warbook priced independently by hand from the rulebook (data/oracle/expected.md shows the
# arithmetic of every value), compared with builder's pricing.


ORACLE = Path(__file__).parent / "data" / "oracle"


EXPECTED = json.loads((ORACLE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def priced():
    ev = evaluate(ORACLE / "list.yaml", "list.yaml")
    return ev, {a["name"]: a for a in ev.details["archetypes"]}


@pytest.mark.parametrize("name", sorted(EXPECTED["archetypes"]))
def test_archetype(priced, name):
    _, archetypes = priced
    expected = EXPECTED["archetypes"][name]
    got = archetypes[name]
    assert got["kind"] == expected["kind"]
    for key, value in expected.items():
        if key != "kind":
            assert got[key] == value, (name, key)


def test_squads_and_total(priced):
    ev, _ = priced
    squads = {s["name"]: s for s in ev.details["squads"]}
    for name, expected in EXPECTED["squads"].items():
        assert (squads[name]["models"], squads[name]["points"]) == (expected["models"], expected["points"])
    assert ev.points == EXPECTED["points"]


# --- laws -----------------------------------------------------------------------------------------
# Laws the arithmetic must obey whatever the numbers: hypothesis searches for exceptions.


scale = st.integers(1, 10)


measure = st.one_of(st.integers(0, 60), st.floats(0, 60, allow_nan=False).map(lambda x: round(x, 2)))


trait = st.fixed_dictionaries({"name": st.just("t"), "cost": st.integers(0, 30)})


shape = st.one_of(
    measure,
    st.fixed_dictionaries({"shape": st.just("circle"), "diameter": measure}),
    st.fixed_dictionaries({"shape": st.sampled_from(["rectangle", "triangle"]), "length": measure, "width": measure}),
)


@given(energy=scale, damage=scale, range_k=measure, area=shape, bonus=st.lists(trait, max_size=2),
       malus=st.lists(trait, max_size=2))
def test_a_weapon_costs_at_least_one_and_its_breakdown_adds_up(energy, damage, range_k, area, bonus, malus):
    weapon = {"name": "W", "energy": energy, "damage": damage, "range": range_k, "area": area,
              "bonus": bonus, "malus": malus}
    book = PricedWarbook(Warbook.validate({"weapons": [weapon]}), Place(None))
    entry = book.entries[0]
    assert entry.cost >= 1
    assert sum(entry.breakdown.values()) == entry.cost


@given(attrs=st.lists(scale, min_size=5, max_size=5), fortune=st.integers(0, 10),
       protection=scale, p_energy=scale, malus=st.lists(trait, max_size=3))
def test_a_character_costs_at_least_one_and_its_breakdown_adds_up(attrs, fortune, protection, p_energy, malus):
    con, agi, int_, rea, vol = attrs
    book = PricedWarbook(Warbook.validate({
        "bodies": [{"name": "B", "con": con, "agi": agi, "int": int_, "rea": rea, "vol": vol}],
        "protections": [{"name": "P", "energy": p_energy, "protection": protection}],
        "characters": [{"name": "C", "body": "B", "protections": ["P"], "fortune": fortune, "malus": malus}],
    }), Place(None))
    character = book.find("character", "C")
    assert character.cost >= 1
    assert sum(character.breakdown.values()) == character.cost
    assert character.derived["level"] == sum(attrs)
    assert character.derived["energy"] == min(rea + 5, 10)


# --- ammunition and crews -------------------------------------------------------------------------
# The optional ammunition rule (magazines: Munición [opcional], l. 320) and vehicle crews (Creación
# de listas de juego, l. 403; Tripulación, l. 639), worked out by hand from the book, on JEEP_BOOK
# (conftest.py).


def test_each_magazine_costs_the_weapons_damage(check):
    # 3 magazines for the Fusil (damage 4): 3 × 4 = 12 → Fusilero 13 + 16 + 12 = 41.
    ev = check(jeep_roster(fusilero=", magazines: {Fusil: 3}"))
    fusilero = archetype(ev, "Fusilero")
    assert fusilero["breakdown"]["magazines"] == 12
    assert fusilero["cost"] == 13 + 16 + 12
    assert ev.legal


def test_a_transport_buys_magazines_for_its_own_weapons(check):
    # 2 magazines for the Cañón (damage 8): 2 × 8 = 16 → Jeep 69 + 16 = 85; Conductor 22 + 85 = 107.
    ev = check(jeep_roster(jeep=", magazines: {Cañón: 2}"))
    assert archetype(ev, "Jeep")["cost"] == 69 + 16
    assert archetype(ev, "Conductor")["cost"] == 22 + 85


def test_without_magazines_nothing_is_added(check):
    fusilero = archetype(check(jeep_roster()), "Fusilero")
    assert "magazines" not in fusilero["breakdown"]
    assert fusilero["cost"] == 13 + 16


@pytest.mark.parametrize("damage, shots", [(1, 9), (4, 6), (8, 2), (9, 1), (10, 1)])
def test_a_magazine_holds_ten_minus_damage_shots_at_least_one(check, damage, shots):
    book = jeep_roster().replace("{name: Fusil, energy: 2, damage: 4, range: 15}",
                            f"{{name: Fusil, energy: 2, damage: {damage}}}")
    fusil = archetype(check(book), "Fusil")
    assert (fusil["magazine_capacity"], fusil["reload_energy"]) == (shots, damage)  # reloading costs the damage


def test_magazines_count_in_the_list_points(check):
    # 4 × (13 + 16 + 2 × 4) = 4 × 37 = 148.
    ev = check(jeep_roster("  - name: Alfa\n    members: [{character: Fusilero, count: 4}]\n",
                      fusilero=", magazines: {Fusil: 2}"))
    assert ev.points == 148


# --- by the book: archetype costs -----------------------------------------------------------------
# Wartime archetype costs by the book: every kind of archetype priced through `builder inspect`.
#
# Black-box, written from the Wartime specification ("Costs") and the rulebook
# (../shared/rulebooks/wartime.txt, ARQUETIPOS) alone. Every expected cost is worked out by hand in
# a comment next to the assertion.
#
# Wartime tables ("Costs"; wartime.txt ARQUETIPOS):
#     attribute 1..10 -> 0, 1, 2, 3, 4, 6, 10, 17, 28, 45
#     grade (energy/damage/protection/defense) 1..10
#                     -> 5, 10, 15, 20, 25, 35, 45, 55, 65, 75
#     fortune 1..10   -> 10, 15, 20, 25, 30, 35, 40, 45, 50, 55


ATTR = [0, 1, 2, 3, 4, 6, 10, 17, 28, 45]


GRADE = [5, 10, 15, 20, 25, 35, 45, 55, 65, 75]


FORTUNE = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55]


@pytest.mark.book
@pytest.mark.parametrize("value", range(1, 11))
def test_body_attribute_table(tmp_path, value):
    # con = value, the other four at 1 (cost 0 each): cost = ATTR[value-1],
    # but never below 1 (value 1 -> 0 -> floor 1).
    body = {"name": "B", "con": value, "agi": 1, "int": 1, "rea": 1, "vol": 1}
    expected = max(1, ATTR[value - 1])
    assert cost_of(tmp_path, wb(bodies=[body]), "B") == expected


@pytest.mark.book
def test_body_sum_bonus_malus(tmp_path):
    # 25 (Soldado) + bonus 5 + 2 - malus 3 = 29
    body = dict(SOLDADO, bonus=[{"name": "Ambidiestro", "cost": 5}, {"name": "Branquias", "cost": 2}],
                malus=[{"name": "Analfabeto", "cost": 3}])
    assert cost_of(tmp_path, wb(bodies=[body]), "Soldado") == 29


@pytest.mark.book
def test_body_all_tens(tmp_path):
    # 5 x 45 = 225
    body = {"name": "Titan", "con": 10, "agi": 10, "int": 10, "rea": 10, "vol": 10}
    assert cost_of(tmp_path, wb(bodies=[body]), "Titan") == 225


@pytest.mark.book
@pytest.mark.parametrize("value", range(1, 11))
def test_weapon_damage_table(tmp_path, value):
    # damage = value, energy 1 (5): cost = GRADE[value-1] - 5, floor 1
    weapon = {"name": "W", "energy": 1, "damage": value}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "W") == max(1, GRADE[value - 1] - 5)


@pytest.mark.book
@pytest.mark.parametrize("value", range(1, 11))
def test_weapon_energy_table(tmp_path, value):
    # damage 10 (75) - energy GRADE[value-1]
    weapon = {"name": "W", "energy": value, "damage": 10}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "W") == max(1, 75 - GRADE[value - 1])


@pytest.mark.book
def test_weapon_range_rounds_up(tmp_path):
    # damage 3 (15) - energy 1 (5); range 1: 3*1*0.1 = 0.3 -> 1
    # cost = 15 + 1 - 5 = 11
    weapon = {"name": "Pistola", "energy": 1, "damage": 3, "range": 1}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Pistola") == 11


@pytest.mark.book
def test_weapon_range_rounds_up_4_8(tmp_path):
    # damage 4 (20) - energy 2 (10); range 12: 4*12*0.1 = 4.8 -> 5
    # cost = 20 + 5 - 10 = 15
    weapon = {"name": "Fusil", "energy": 2, "damage": 4, "range": 12}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Fusil") == 15


@pytest.mark.book
def test_weapon_range_exact_is_not_rounded_up(tmp_path):
    # damage 3 (15) - energy 1 (5); range 10: 3*10*0.1 = 3 exactly -> 3
    # (in binary floating point 3*10*0.1 = 3.0000000000000004; it must not become 4)
    # cost = 15 + 3 - 5 = 13
    weapon = {"name": "Carabina", "energy": 1, "damage": 3, "range": 10}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Carabina") == 13


@pytest.mark.book
def test_weapon_area_rounds_up(tmp_path):
    # damage 4 (20) - energy 1 (5); area 2 K2: 4*2*0.1 = 0.8 -> 1
    # cost = 20 + 1 - 5 = 16
    weapon = {"name": "Granada", "energy": 1, "damage": 4, "area": 2}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Granada") == 16


@pytest.mark.book
def test_weapon_range_and_area_and_bonus_malus(tmp_path):
    # damage 5 (25); range 10: 5*10*0.1 = 5; area 3: 5*3*0.1 = 1.5 -> 2;
    # bonus 4; energy 2 (10); malus 1: 25 + 5 + 2 + 4 - 10 - 1 = 25
    weapon = {"name": "Lanzagranadas", "energy": 2, "damage": 5, "range": 10, "area": 3,
              "bonus": [{"name": "Rafaga", "cost": 4}], "malus": [{"name": "Encasquillable", "cost": 1}]}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Lanzagranadas") == 25


@pytest.mark.book
def test_weapon_minimum_one(tmp_path):
    # damage 1 (5) - energy 5 (25) = -20 -> minimum 1
    weapon = {"name": "Palo", "energy": 5, "damage": 1}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Palo") == 1


@pytest.mark.book
def test_weapon_circle_area_rounds_to_nearest(tmp_path):
    # circle diameter 3: pi * 1.5^2 = 7.0686 -> nearest 7 K2 (rulebook example)
    # damage 10 (75); area cost 10*7*0.1 = 7; energy 1 (5): 75 + 7 - 5 = 77
    # (rounding up to 8 K2 would give 78; using 7.0686 unrounded gives 7.07 -> 8 -> 78)
    weapon = {"name": "Napalm", "energy": 1, "damage": 10, "area": {"shape": "circle", "diameter": 3}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Napalm") == 77


@pytest.mark.book
def test_weapon_rectangle_area(tmp_path):
    # rectangle 3 x 1 = 3 K2 (rulebook example); damage 10: 10*3*0.1 = 3
    # (float 3.0000000000000004 must stay 3); 75 + 3 - 5 = 73
    weapon = {"name": "Barrido", "energy": 1, "damage": 10,
              "area": {"shape": "rectangle", "length": 3, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Barrido") == 73


@pytest.mark.book
def test_weapon_triangle_area_half_rounds_up(tmp_path):
    # triangle 3 x 1: 3*1/2 = 1.5 -> 2 K2 (rulebook example)
    # damage 6 (35): 6*2*0.1 = 1.2 -> 2; energy 1 (5): 35 + 2 - 5 = 32
    # (keeping 1.5 K2 would give 6*1.5*0.1 = 0.9 -> 1 -> 31)
    weapon = {"name": "Cono", "energy": 1, "damage": 6,
              "area": {"shape": "triangle", "length": 3, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Cono") == 32


@pytest.mark.book
def test_weapon_triangle_2_5_rounds_half_up_not_to_even(tmp_path):
    # triangle 5 x 1: 5*1/2 = 2.5 -> 3 K2 (.5 up; banker's rounding would give 2)
    # damage 10 (75): 10*3*0.1 = 3; energy 1 (5): 75 + 3 - 5 = 73
    weapon = {"name": "Abanico", "energy": 1, "damage": 10,
              "area": {"shape": "triangle", "length": 5, "width": 1}}
    assert cost_of(tmp_path, wb(weapons=[weapon]), "Abanico") == 73


@pytest.mark.book
@pytest.mark.parametrize("value", range(1, 11))
def test_protection_table(tmp_path, value):
    # protection = value, energy 1 (5): GRADE[value-1] - 5, floor 1
    prot = {"name": "P", "energy": 1, "protection": value}
    assert cost_of(tmp_path, wb(protections=[prot]), "P") == max(1, GRADE[value - 1] - 5)


@pytest.mark.book
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


@pytest.mark.book
def test_object_area_capacity(tmp_path):
    # Mochila: area 4 K2 -> 4; capacity 33: 33/5 = 6.6 -> 7; energy 1 (5)
    # 4 + 7 - 5 = 6
    book = wb(objects=[{"name": "Mochila", "energy": 1, "area": 4, "capacity": 33}])
    assert cost_of(tmp_path, book, "Mochila") == 6


@pytest.mark.book
def test_object_capacity_exact_multiple_and_bonus(tmp_path):
    # capacity 50 / 5 = 10; area 0; bonus 2; energy 1 (5); malus 1
    # 10 + 2 - 5 - 1 = 6
    book = wb(objects=[{"name": "Cofre", "energy": 1, "capacity": 50,
                        "bonus": [{"name": "Blindado", "cost": 2}],
                        "malus": [{"name": "Pesado", "cost": 1}]}])
    assert cost_of(tmp_path, book, "Cofre") == 6


@pytest.mark.book
def test_object_minimum_one(tmp_path):
    # Radio: nothing bought, energy 1 (5): -5 -> 1
    book = wb(objects=[{"name": "Radio", "energy": 1}])
    assert cost_of(tmp_path, book, "Radio") == 1


@pytest.mark.book
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


@pytest.mark.book
def test_capacity_one_level_costs_one(tmp_path):
    # capacity 1: 1/5 = 0.2 -> 1; defense 3 (15); energy 1 (5): 15 + 1 - 5 = 11
    book = wb(transports=[{"name": "Carro", "energy": 1, "defense": 3, "capacity": 1}])
    assert cost_of(tmp_path, book, "Carro") == 11


@pytest.mark.book
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


@pytest.mark.book
def test_transport_minimum_one(tmp_path):
    # defense 1 (5) - energy 10 (75) -> 1
    book = wb(transports=[{"name": "Burro", "energy": 10, "defense": 1}])
    assert cost_of(tmp_path, book, "Burro") == 1


@pytest.mark.book
@pytest.mark.parametrize("fortune", range(0, 11))
def test_character_fortune_table(tmp_path, fortune):
    # Soldado (25) + fortune cost (0 for 0; else 10, 15, ..., 55)
    expected = 25 + (0 if fortune == 0 else FORTUNE[fortune - 1])
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "fortune": fortune}])
    assert cost_of(tmp_path, book, "C") == expected


@pytest.mark.book
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


@pytest.mark.book
def test_character_minimum_one(tmp_path):
    # body all 1 -> 0 -> floored 1; character 1 - malus 10 = -9 -> 1
    book = wb(
        bodies=[{"name": "Nino", "con": 1, "agi": 1, "int": 1, "rea": 1, "vol": 1}],
        characters=[{"name": "Crio", "body": "Nino", "malus": [{"name": "Torpe", "cost": 10}]}],
    )
    inspected = inspect_json(wartime(tmp_path, book))
    assert archetype_in(inspected, "Nino")["cost"] == 1
    assert archetype_in(inspected, "Crio")["cost"] == 1


@pytest.mark.book
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


# --- by the book: derived values ------------------------------------------------------------------
# Wartime derived character values by the book, read from `builder inspect`.
#
# From the Wartime specification and the rulebook (../shared/rulebooks/wartime.txt): level is the
# sum of the five attributes, energy min(REA + 5, 10), vitality CON, defense the sum of the
# protections carried, and movement the base diameter in cm rounded to the nearest whole number, .5
# up. Each expected value is worked out by hand next to its assertion.


@pytest.mark.book
def test_derived_values(tmp_path):
    inspected = inspect_json(wartime(tmp_path, full_book()))
    fus = archetype_in(inspected, "Fusilero")
    assert fus["level"] == 25  # 5+6+4+7+3
    assert fus["energy"] == 10  # min(7 + 5, 10)
    assert fus["vitality"] == 5  # CON
    assert fus["defense"] == 4  # Chaleco 3 + Casco 1
    assert fus["movement"] == 3  # 2.5 cm -> nearest, .5 up -> 3
    rec = archetype_in(inspected, "Recluta")
    assert rec["defense"] == 1
    assert rec["movement"] is None  # no base


@pytest.mark.book
@pytest.mark.parametrize("rea,energy", [(1, 6), (3, 8), (5, 10), (6, 10), (10, 10)])
def test_derived_energy_capped(tmp_path, rea, energy):
    # energy = min(REA + 5, 10)
    body = {"name": "B", "con": 2, "agi": 3, "int": 4, "rea": rea, "vol": 1}
    book = wb(bodies=[body], characters=[{"name": "C", "body": "B"}])
    c = archetype_in(inspect_json(wartime(tmp_path, book)), "C")
    assert c["energy"] == energy
    assert c["level"] == 2 + 3 + 4 + rea + 1
    assert c["vitality"] == 2


@pytest.mark.book
@pytest.mark.parametrize("base,movement", [(2.5, 3), (3.49, 3), (3.5, 4), (4.5, 5), (25, 25), (32.4, 32)])
def test_derived_movement_rounds_nearest_half_up(tmp_path, base, movement):
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "base_diameter_cm": base}])
    c = archetype_in(inspect_json(wartime(tmp_path, book)), "C")
    assert c["movement"] == movement


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
def test_shared_warbook_costs_match_the_hand_worked_tables(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))])))
    assert report["errors"] == [], report["errors"]
    for name, cost in CREWS_WARBOOK_COSTS.items():
        assert archetype_in(report, name)["cost"] == cost, name


@pytest.mark.book
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


@pytest.mark.book
def test_without_magazines_the_character_costs_the_same_as_without_the_rule(tmp_path):
    # Infante: Soldado 13 + Fusil 16 + Chaleco 5 = 34; no magazines, nothing added (rule optional).
    report = inspect_json(write(tmp_path, "lista.yaml", crews_roster([squad_with("Alfa", member("Infante"))])))
    infante = archetype_in(report, "Infante")
    assert infante["cost"] == 34
    assert infante["breakdown"].get("magazines", 0) == 0
    exit_code, result = check_one(write(tmp_path, "lista.yaml",
                                        crews_roster([squad_with("Alfa", member("Infante"))])))
    assert exit_code == 0 and result["legal"] and result["points"] == 34


@pytest.mark.book
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


@pytest.mark.book
def test_magazines_for_damage_9_and_10_weapons_cost_9_and_10_each(tmp_path):
    # Artificiero: Soldado 13 + Obús 49 + Bomba 40 + Obús 2 × 9 = 18 + Bomba 1 × 10 = 10 → 130.
    data = crews_roster([squad_with("Zapadores", member("Artificiero"))])
    report = inspect_json(write(tmp_path, "lista.yaml", data))
    artificiero = archetype_in(report, "Artificiero")
    assert artificiero["breakdown"]["magazines"] == 28
    assert artificiero["cost"] == 130
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["points"] == 130


@pytest.mark.book
def test_magazines_for_a_close_combat_weapon_are_allowed(tmp_path):
    # Machetero: Soldado 13 + Cuchillo 1 (5 − 5 = 0 → minimum 1) + 2 magazines × damage 1 = 2 → 16.
    # The magazines cost the weapon's damage (1), not its floored cost.
    data = crews_roster([squad_with("Alfa", member("Machetero"))])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == 16
    machetero = archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Machetero")
    assert machetero["breakdown"]["magazines"] == 2


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
@pytest.mark.parametrize("magazines, cost", [(0, 34), (1, 38), (50, 234)])
def test_magazine_counts_from_0_to_50_cost_damage_each(tmp_path, magazines, cost):
    # Infante 34 + magazines × damage 4: 0 → 34, 1 → 38, 50 → 34 + 200 = 234.
    extra = {"name": "Cargado", "body": "Soldado", "weapons": ["Fusil"],
             "protections": ["Chaleco"], "magazines": {"Fusil": magazines}}
    data = crews_roster([squad_with("Alfa", member("Cargado"))], extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 0 and result["legal"], result["errors"]
    assert result["points"] == cost


@pytest.mark.book
def test_magazines_for_a_weapon_missing_from_the_warbook_leave_the_cost_unknown(tmp_path):
    # rulings.md: "A weapon that doesn't exist at all leaves the archetype's cost unknown".
    extra = {"name": "Soñador", "body": "Soldado", "weapons": ["Fusil"],
             "magazines": {"Rayo láser": 1}}
    data = crews_roster([squad_with("Alfa", member("Soñador"))], extra_characters=[extra])
    exit_code, result = check_one(write(tmp_path, "lista.yaml", data))
    assert exit_code == 1 and not result["legal"]
    assert result["errors"], result
    assert archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Soñador")["cost"] is None


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
def test_magazines_are_paid_on_top_of_a_character_floored_to_one(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", floored_roster()))
    crio = archetype_in(report, "Crio")
    # body 1 + weapons 1 − malus 10 = −8, minimum +9 → 1; magazines 3 → 4.
    assert crio["breakdown"] == {"body": 1, "transport": 0, "weapons": 1, "protections": 0, "objects": 0,
                                 "fortune": 0, "bonus": 0, "malus": -10, "minimum": 9, "magazines": 3}
    assert (crio["cost"], crio["archetype_cost"], crio["magazines_cost"]) == (4, 1, 3)
    assert sum(crio["breakdown"].values()) == 4


@pytest.mark.book
def test_magazines_are_paid_on_top_of_a_transport_floored_to_one_and_its_pilot_pays_them(tmp_path):
    report = inspect_json(write(tmp_path, "lista.yaml", floored_roster()))
    burro = archetype_in(report, "Burro")
    # defense 5 + weapons 16 − energy 75 = −54, minimum +55 → 1; magazines 8 → 9.
    assert (burro["cost"], burro["archetype_cost"], burro["magazines_cost"]) == (9, 1, 8)
    assert burro["breakdown"]["minimum"] == 55
    arriero = archetype_in(report, "Arriero")
    # Soldado 13 + Burro 1 = 14 (the transport's archetype, floored) + the Burro's magazines 8 = 22.
    assert arriero["breakdown"]["transport"] == 1
    assert arriero["breakdown"]["transport_magazines"] == 8
    assert (arriero["cost"], arriero["archetype_cost"], arriero["magazines_cost"]) == (22, 14, 8)


@pytest.mark.book
def test_an_object_below_one_point_still_costs_one(tmp_path):
    # Objects carry no weapons (l. 665), so no magazines: Mochila energy 3 (15) → −15 → 1 (Paso 5, l. 687).
    data = crews_roster([squad_with("Alfa", member("Infante"))])
    data["warbook"]["objects"] = [{"name": "Mochila", "energy": 3}]
    assert archetype_in(inspect_json(write(tmp_path, "lista.yaml", data)), "Mochila")["cost"] == 1


def test_the_same_protection_listed_twice_adds_its_protection_twice():
    # Ruling 17a. DEFENSA (l. 452) is the sum of the Protección of the protections the character
    # wears, and a character may wear any number of them (l. 588); one listed twice is worn and
    # paid twice (ruling 6). Chaleco: Protección 3 (15 points) − Energía 2 (10) = 5 points.
    # Defensa = 3 + 3 = 6, not 3; protections cost 5 + 5 = 10.
    book = PricedWarbook(Warbook.validate({
        "bodies": [{"name": "B", "con": 4, "agi": 4, "int": 3, "rea": 4, "vol": 3}],
        "protections": [{"name": "Chaleco", "energy": 2, "protection": 3}],
        "characters": [{"name": "C", "body": "B", "protections": ["Chaleco", "Chaleco"]}],
    }), Place(None))
    character = book.find("character", "C")
    assert character.derived["defense"] == 3 + 3
    assert character.breakdown["protections"] == 5 + 5

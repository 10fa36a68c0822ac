"""Each kind of archetype priced by hand from the tables, then by builder."""

from tests.systems.wartime.conftest import archetype, codes

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

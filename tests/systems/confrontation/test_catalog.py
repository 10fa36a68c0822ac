"""The Confrontation catalogs against the book's tables, transcribed by hand here."""

from builder.systems.confrontation import catalog


def test_every_competency_named_in_the_book_is_there():
    assert set(catalog.competencies()) == {
        # mechanical
        "irreprimible", "segadora", "impacto", "inalterable", "transporte", "defensa",
        # servants'
        "artificiero", "zapador", "mecanico",
        # new general ones
        "amado-de-los-dioses", "maldito-de-los-dioses", "concentracion", "maestro-arquero", "contraataque",
        "maestro-esgrimista", "encadenamiento", "efimero", "finta",
    }


def test_x_and_holders():
    c = catalog.competencies()
    takes_x = {k for k, v in c.items() if v.takes_x}
    assert takes_x == {"segadora", "impacto", "transporte", "defensa", "zapador", "mecanico", "concentracion", "efimero"}
    # Mecánico/X is a D6 to reach: 1 to 6, its 1 repairing on 2+ like Mecánico/2 (ruling 42a).
    assert (c["mecanico"].x_min, c["mecanico"].x_max) == (1, 6)
    assert all(c[k].x_min == 1 for k in takes_x)
    assert {k for k, v in c.items() if v.moving_only} == {"irreprimible", "impacto", "segadora", "transporte"}
    assert {k for k, v in c.items() if v.needs_structure_points} == {"inalterable", "mecanico"}
    assert {k for k, v in c.items() if "servant" in v.holders} == {"artificiero", "zapador", "mecanico"}
    assert c["efimero"].holders == {"fighter", "machine"}
    assert catalog.access_sides() == ["frontal", "lateral", "trasero"]


def test_aliases():
    assert catalog.lookup("Maestro ballestero").key == "maestro-arquero"
    assert catalog.lookup("Amado de los Dioses").key == "amado-de-los-dioses"


def test_scatter_distances():
    # La artillería · zona de efecto: 1D6 -> 4, 6, 8, 10, 12, 14 cm.
    assert catalog.table("artillery.yaml")["area_fire"]["scatter_cm_by_d6"] == {1: 4, 2: 6, 3: 8, 4: 10, 5: 12, 6: 14}


def test_damage_table():
    damage = catalog.table("damage.yaml")
    rows = [[r["pe"][loc] for loc in ("chasis", "armadura", "estructura", "mecanismo")] for r in damage["rows"]]
    assert rows == [[0, 0, 1, 1], [0, 1, 1, 2], [1, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 4], [3, 3, 4, 4]]
    assert [(r["min"], r["max"]) for r in damage["rows"]] == [(None, 0), (1, 5), (6, 10), (11, 15), (16, 20), (21, None)]
    assert damage["exceptional"] == {1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 4}
    assert damage["direct_wounds"] == {"herida-ligera": 1, "herida-grave": 2, "herida-critica": 3, "muerto": 4}
    assert [loc["die"] for loc in damage["locations"]] == [[1], [2], [3], [4, 5, 6]]


def test_incidents():
    names = [i["name"] for i in catalog.table("incidents.yaml")["incidents"]]
    assert names == ["Explosión", "Recalentamiento", "Estructura fisurada", "Válvula dañada", "Fuga", "Parada del ingenio"]


def test_characteristics_the_booklet_names():
    traits = catalog.characteristics()
    assert [t["key"] for t in traits] == ["movimiento", "iniciativa", "ataque", "fuerza", "defensa", "resistencia",
                                          "tiro", "coraje", "miedo", "disciplina", "poder"]
    # Abbreviations only as printed: «INI, ATQ, DEF, y TIRO» (penalties), «FUE … RES» (damage), «MOV de 20».
    assert {t["key"]: t["abbreviation"] for t in traits if "abbreviation" in t} == {
        "movimiento": "MOV", "iniciativa": "INI", "ataque": "ATQ", "fuerza": "FUE", "defensa": "DEF",
        "resistencia": "RES", "tiro": "TIRO"}
    assert all(t["es"] and t["en"] for t in traits)

"""Wartime warnings by the book: a defense over the character's constitution and a weapon whose
energy is over the character's; both leave the roster legal (exit 0).
"""

from __future__ import annotations

from tests.book_cases import assert_finding_shape, check_one, codes_of, squad, wartime, wb


def test_defense_over_constitution_warning(tmp_path):
    # CON 2; Chaleco 3 -> defense 3 > 2: warning, still legal
    book = wb(bodies=[{"name": "Flaco", "con": 2, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "defense-over-constitution" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True
    for f in r["warnings"]:
        assert_finding_shape(f)


def test_defense_equal_constitution_no_warning(tmp_path):
    book = wb(bodies=[{"name": "Flaco", "con": 3, "agi": 5, "int": 5, "rea": 5, "vol": 5}],
              protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Flaco", "protections": ["Chaleco"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "defense-over-constitution" not in codes_of(r["warnings"])
    # Nothing else to say either: REA 5 -> energy 10, above the Chaleco's 1; no limit set.
    assert r["warnings"] == [] and r["errors"] == [] and code == 0


def test_weapon_energy_over_character_warning(tmp_path):
    # REA 2 -> energy 7; weapon energy 8 > 7 -> warning; weapon energy 7 -> none
    lento = {"name": "Lento", "con": 5, "agi": 5, "int": 5, "rea": 2, "vol": 5}
    book = wb(bodies=[lento], weapons=[{"name": "Misil", "energy": 8, "damage": 10}],
              characters=[{"name": "C", "body": "Lento", "weapons": ["Misil"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="C")]))
    assert "weapon-energy-over-character" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True
    book = wb(bodies=[lento], weapons=[{"name": "Mortero", "energy": 7, "damage": 10}],
              characters=[{"name": "D", "body": "Lento", "weapons": ["Mortero"]}])
    code, r = check_one(wartime(tmp_path, book, [squad(character="D")], name="d.yaml"))
    assert "weapon-energy-over-character" not in codes_of(r["warnings"])

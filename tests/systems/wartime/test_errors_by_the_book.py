"""Wartime errors by the book: every illegal roster the Wartime specification names.

Each gets its code, exit 1 and `legal: false`, and every finding carries a kebab-case code, a
message in the user's language that names the file, the rule and a `where` (see
``assert_error`` in tests/book_cases.py). Values are worked out by hand next to the assertions.
"""

from __future__ import annotations

import re

import pytest

from tests.book_cases import (
    INVALID_FIELD, OUT_OF_RANGE, SIMPLE, SOLDADO, archetype_in, assert_error, check_one, codes_of, inspect_json,
    squad, wartime, wb, write,
)


def test_over_points_limit(tmp_path):
    # 25 x 4 = 100 > 99
    found = assert_error(wartime(tmp_path, SIMPLE, [squad()], points_limit=99), "over-points-limit")
    assert "Wartime" in found[0]["rule"]


def test_points_equal_to_limit_is_legal(tmp_path):
    # 25 x 4 = 100 = limit: never exceeds -> legal
    code, r = check_one(wartime(tmp_path, SIMPLE, [squad()], points_limit=100))
    assert code == 0 and r["legal"] is True and r["points"] == 100


def test_duplicate_name_across_kinds(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Soldado", "energy": 1, "damage": 3}])
    assert_error(wartime(tmp_path, book), "duplicate-name")


def test_duplicate_name_same_kind(tmp_path):
    book = wb(bodies=[SOLDADO, dict(SOLDADO, con=6)])
    assert_error(wartime(tmp_path, book), "duplicate-name")


def test_duplicate_squad(tmp_path):
    assert_error(wartime(tmp_path, SIMPLE, [squad("Alfa", 1), squad("Alfa", 2)]), "duplicate-squad")


def test_unknown_reference_member_suggests_closest(tmp_path):
    found = assert_error(wartime(tmp_path, SIMPLE, [squad(character="Fusilro")]), "unknown-reference")
    assert "Fusilero" in found[0]["message"]


def test_unknown_reference_body_suggests_closest(tmp_path):
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldao"}])
    found = assert_error(wartime(tmp_path, book), "unknown-reference")
    assert "Soldado" in found[0]["message"]


def test_unknown_reference_wrong_kind(tmp_path):
    # Chaleco exists, but as a protection, not a weapon
    book = wb(bodies=[SOLDADO], protections=[{"name": "Chaleco", "energy": 1, "protection": 3}],
              characters=[{"name": "C", "body": "Soldado", "weapons": ["Chaleco"]}])
    assert_error(wartime(tmp_path, book), "unknown-reference")


def test_unknown_reference_transport_weapon(tmp_path):
    book = wb(transports=[{"name": "Moto", "energy": 1, "defense": 3, "weapons": ["Ametralladora"]}])
    assert_error(wartime(tmp_path, book), "unknown-reference")


def test_where_names_file_line_and_path(tmp_path):
    text = (
        "system: wartime\n"                                   # 1
        "name: Lugar\n"                                       # 2
        "warbook:\n"                                          # 3
        "  bodies:\n"                                         # 4
        "    - {name: Soldado, con: 5, agi: 6, int: 4, rea: 7, vol: 3}\n"  # 5
        "  characters:\n"                                     # 6
        "    - {name: Fusilero, body: Soldado}\n"             # 7
        "squads:\n"                                           # 8
        "  - name: Alfa\n"                                    # 9
        "    members:\n"                                      # 10
        "      - {character: Fusilro, count: 4}\n"            # 11
    )
    path = write(tmp_path, "lista.yaml", text)
    found = assert_error(path, "unknown-reference")
    f = found[0]
    assert "squads[0].members[0]" in f["where"]
    assert "lista.yaml:11" in f["where"] or "lista.yaml:11" in f["message"]
    assert "lista.yaml" in f["message"]


@pytest.mark.parametrize("case", sorted(OUT_OF_RANGE))
def test_value_out_of_range(tmp_path, case):
    assert_error(wartime(tmp_path, OUT_OF_RANGE[case]), "value-out-of-range")


def test_value_out_of_range_negative_count(tmp_path):
    assert_error(wartime(tmp_path, SIMPLE, [squad(count=-1)]), "value-out-of-range")


def test_range_too_long(tmp_path):
    # damage 2 -> max range 5 x 2 = 10; 11 is too long
    book = wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 11}])
    assert_error(wartime(tmp_path, book), "range-too-long")


def test_range_at_max_is_legal(tmp_path):
    # damage 2, range 10 = 5 x 2: allowed. cost 10 + 2*10*0.1 (=2) - 5 = 7
    book = wb(weapons=[{"name": "W", "energy": 1, "damage": 2, "range": 10}])
    path = wartime(tmp_path, book)
    code, r = check_one(path)
    assert code == 0 and "range-too-long" not in codes_of(r["errors"])
    assert archetype_in(inspect_json(path), "W")["cost"] == 7


@pytest.mark.parametrize("transport", [
    {"name": "T", "energy": 1, "large": True, "defense": 5},
    # a large transport with only three zones is "without its four zones"
    {"name": "T", "energy": 1, "large": True, "defense": {"front": 5, "left": 4, "right": 4}},
    {"name": "T", "energy": 1, "large": False, "defense": {"front": 5, "left": 4, "right": 4, "rear": 3}},
    {"name": "T", "energy": 1, "defense": {"front": 5, "left": 4, "right": 4, "rear": 3}},
], ids=["large-single", "large-three-zones", "small-zones", "default-small-zones"])
def test_transport_defense_zones(tmp_path, transport):
    assert_error(wartime(tmp_path, wb(transports=[transport])), "transport-defense-zones")


def test_restriction_max_level(tmp_path):
    # Fusilero level 25 > 24
    assert_error(wartime(tmp_path, SIMPLE, [squad()], restrictions={"max_level": 24}),
                 "restriction-max-level")
    # level 25 <= 25: fine
    code, r = check_one(wartime(tmp_path, SIMPLE, [squad()], name="ok.yaml",
                                restrictions={"max_level": 25}))
    assert code == 0 and r["legal"] is True


def test_restriction_max_models(tmp_path):
    # models = 4 + 2 = 6 > 5
    squads = [squad("Alfa", 4), squad("Bravo", 2)]
    assert_error(wartime(tmp_path, SIMPLE, squads, restrictions={"max_models": 5}),
                 "restriction-max-models")
    code, r = check_one(wartime(tmp_path, SIMPLE, squads, name="ok.yaml", restrictions={"max_models": 6}))
    assert code == 0 and r["legal"] is True


def test_restriction_max_weapon_damage_carried(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6}],
              characters=[{"name": "Fusilero", "body": "Soldado", "weapons": ["Canon"]}])
    assert_error(wartime(tmp_path, book, [squad()], restrictions={"max_weapon_damage": 5}),
                 "restriction-max-weapon-damage")
    code, r = check_one(wartime(tmp_path, book, [squad()], name="ok.yaml",
                                restrictions={"max_weapon_damage": 6}))
    assert code == 0 and r["legal"] is True


def test_restriction_max_weapon_damage_on_transport(tmp_path):
    book = wb(bodies=[SOLDADO], weapons=[{"name": "Canon", "energy": 1, "damage": 6},
                                         {"name": "Pistola", "energy": 1, "damage": 2}],
              transports=[{"name": "Tanque", "energy": 1, "large": True,
                           "defense": {"front": 5, "left": 4, "right": 4, "rear": 3},
                           "weapons": ["Canon"]}],
              characters=[{"name": "Fusilero", "body": "Soldado", "transport": "Tanque",
                           "weapons": ["Pistola"]}])
    assert_error(wartime(tmp_path, book, [squad(count=1)], restrictions={"max_weapon_damage": 5}),
                 "restriction-max-weapon-damage")


@pytest.mark.parametrize("case", sorted(INVALID_FIELD))
def test_invalid_field_is_located(tmp_path, case):
    path = write(tmp_path, "lista.yaml", INVALID_FIELD[case])
    found = assert_error(path, "invalid-field")
    f = found[0]
    # located: names the file and a line
    assert re.search(r"lista\.yaml:\d+", f["where"] + " " + f["message"]), f

"""Cripmaquión rosters by the book: what makes a team legal.

Specialty slots against the §9.2 restriction table (continued past 10 runners, n - 1 below
three), the rulebook's example teams, the brujo's inepto and orgullo and his quarrel with elves,
duplicate and unknown names (with the closest suggested), names matched as people write them,
the fingerprint and the English report. Black-box, from the Cripmaquión specification and
../shared/rulebooks/cripmaquion.txt; the rulings are in docs/rulings.md. Expected values are
worked out by hand next to the assertions.
"""

from __future__ import annotations

import pytest

from tests.book_cases import (
    RACES, SAQUEADORES, assert_error, check_json, check_one, codes_of, crip, fingerprint_of, inspect_json, norm,
    runner, runner_in, write,
)


# §9.2 restriction table + its continuation and the below-3 ruling, n - 1 (docs/rulings.md 28-29)
SLOT_LIMIT = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5, 9: 6, 10: 6, 11: 7, 12: 7, 13: 8}


def test_crip_check_result_shape(tmp_path):
    # 3 runners: martillo (2 slots) + 2 gregarios = 2 slots; limit for 3 = 2
    path = crip(tmp_path, [runner("A", "hombre-lagarto", ["rompehuesos", "brincamontes"]),
                           runner("B", "momia"), runner("C", "orco")])
    code, data = check_json(path)
    assert code == 0 and data["legal"] is True
    r = data["results"][0]
    assert r["system"] == "cripmaquion"
    assert r["legal"] is True
    assert r["points"] is None and r["points_limit"] is None
    assert r["specialty_slots"] == 2
    assert r["specialty_limit"] == 2
    assert isinstance(r["fingerprint"], str) and r["fingerprint"]
    assert r["errors"] == [] and r["warnings"] == []


@pytest.mark.parametrize("n", sorted(SLOT_LIMIT))
def test_specialty_limit_table_at_limit_is_legal(tmp_path, n):
    limit = SLOT_LIMIT[n]
    runners = [runner(f"R{i}", "orco", ["brincamontes"] if i < limit else []) for i in range(n)]
    code, r = check_one(crip(tmp_path, runners))
    assert r["specialty_limit"] == limit
    assert r["specialty_slots"] == limit
    assert "specialty-limit" not in codes_of(r["errors"])
    assert r["legal"] is True and code == 0
    if n < 3:
        assert "lineup-below-table" in codes_of(r["warnings"])
    else:
        assert "lineup-below-table" not in codes_of(r["warnings"])


@pytest.mark.parametrize("n", sorted(SLOT_LIMIT))
def test_specialty_limit_table_over_limit(tmp_path, n):
    limit = SLOT_LIMIT[n]
    # limit + 1 slots: a star (2) plus limit - 1 single specialists, rest gregarios
    runners = [runner("Estrella", "orco", ["cazavictorias", "rompehuesos"])]
    runners += [runner(f"R{i}", "orco", ["brincamontes"] if i < limit - 1 else []) for i in range(n - 1)]
    if n == 1:
        runners = [runner("Solo", "orco", ["brincamontes"])]  # 1 slot > 0
    code, r = check_one(crip(tmp_path, runners))
    assert r["specialty_slots"] == limit + 1
    assert "specialty-limit" in codes_of(r["errors"])
    assert code == 1 and r["legal"] is False


def test_slots_star_two_gregario_brujo_zero(tmp_path):
    # lineup of 4 -> limit 3; martillo 2 + brincamontes 1 + gregario 0 + brujo 0 = 3
    runners = [runner("Martillo", "ogro", ["martillo"]), runner("Salta", "goblin", ["brincamontes"]),
               runner("Greg", "orco"), runner("Mago", "brujo")]
    code, r = check_one(crip(tmp_path, runners))
    assert r["specialty_slots"] == 3
    assert r["specialty_limit"] == 3
    assert code == 0 and r["legal"] is True


def test_example_team_grupetto_verde_is_legal(tmp_path):
    # §9 example (misprints corrected): 8 runners -> limit 5;
    # cripmaqueta 2 + rompehuesos 1 + cazavictorias 1 + brincamontes 1 = 5
    runners = [
        runner("Gnatte Franzs", "goblin", ["cripmaqueta"]),
        runner("Gurtlutz", "orco", ["rompehuesos"]),
        runner("Arcada", "troll", ["cazavictorias"]),
        runner("Kort Arribaz", "orco", ["brincamontes"]),
        runner("Gengis", "ogro"),
        runner("Gorko", "orco"),
        runner("Pogco Middo", "goblin"),
        runner("Burujo Potingue", "brujo"),
    ]
    code, r = check_one(crip(tmp_path, runners, team="El Grupetto verde"))
    assert r["specialty_slots"] == 5 and r["specialty_limit"] == 5
    assert code == 0 and r["legal"] is True


def test_example_team_saqueadores_whole_roster_breaks_table(tmp_path):
    # 8 runners -> limit 5; slots 2+1+1+2+1 = 7 > 5
    code, r = check_one(crip(tmp_path, SAQUEADORES))
    assert r["specialty_slots"] == 7 and r["specialty_limit"] == 5
    assert "specialty-limit" in codes_of(r["errors"])
    assert code == 1


def test_example_team_saqueadores_legal_lineup(tmp_path):
    # lineup of 6 -> limit 4: Lizardo 2 + Ram 1 + Sven 1 + 3 gregarios = 4
    lineup = ["Lizardo Rodríguez", "Ram Amón", "Sven Astanson", "Charles Watson", "Sangrefría", "Ech Pi El"]
    code, r = check_one(crip(tmp_path, SAQUEADORES, lineup))
    assert r["specialty_slots"] == 4 and r["specialty_limit"] == 4
    assert code == 0 and r["legal"] is True
    inspected = inspect_json(crip(tmp_path, SAQUEADORES, lineup, name="i.yaml"))
    assert len(inspected["runners"]) == 8  # one profile per roster runner
    lined = {p["name"]: p["lined_up"] for p in inspected["runners"]}
    assert lined["Geldian"] is False and lined["Alcantarillo"] is False
    assert lined["Lizardo Rodríguez"] is True and lined["Ech Pi El"] is True


def test_lineup_below_table_warning_and_limit(tmp_path):
    # 2 lined up -> limit 2 - 1 = 1, with warning; roster holds 4
    runners = [runner("A", "orco", ["brincamontes"]), runner("B", "orco"),
               runner("C", "orco", ["martillo"]), runner("D", "orco", ["dominorum"])]
    code, r = check_one(crip(tmp_path, runners, ["A", "B"]))
    assert r["specialty_limit"] == 1 and r["specialty_slots"] == 1
    assert "lineup-below-table" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True


def test_too_many_specialties(tmp_path):
    runners = [runner("A", "orco", ["brincamontes", "cazavictorias", "rompehuesos"])] + \
              [runner(f"G{i}", "orco") for i in range(8)]
    found = assert_error(crip(tmp_path, runners), "too-many-specialties")
    assert "Cripma" in found[0]["rule"] or "§" in found[0]["rule"]


def test_too_many_specialties_star_plus_other(tmp_path):
    # martillo (rompehuesos + brincamontes) + cazavictorias = three different
    runners = [runner("A", "orco", ["martillo", "cazavictorias"])] + [runner(f"G{i}", "orco") for i in range(8)]
    assert_error(crip(tmp_path, runners), "too-many-specialties")


def test_brujo_specialty(tmp_path):
    runners = [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-specialty")


def test_brujo_specialty_even_on_the_bench(tmp_path):
    # The ruling changed (inepto binds the roster, docs/rulings.md 32): a brujo with a specialty
    # makes the roster illegal, lined up or not.
    runners = [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"),
               runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["B", "C", "D"]))
    assert "brujo-specialty" in codes_of(r["errors"])
    assert code == 1 and r["legal"] is False


def test_brujo_limit(tmp_path):
    runners = [runner("Mago1", "brujo"), runner("Mago2", "Brujo"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-limit")


def test_brujo_limit_only_in_lineup(tmp_path):
    runners = [runner("Mago1", "brujo"), runner("Mago2", "brujo"), runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["Mago1", "C", "D"]))
    assert "brujo-limit" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True


def test_brujo_with_elf(tmp_path):
    runners = [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-with-elf")


def test_brujo_with_elf_only_in_lineup(tmp_path):
    runners = [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["Mago", "C", "D"]))
    assert "brujo-with-elf" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True
    code, r = check_one(crip(tmp_path, runners, ["Elfa", "C", "D"], name="b.yaml"))
    assert code == 0 and r["legal"] is True


def test_crip_duplicate_name(tmp_path):
    runners = [runner("Gorko", "orco"), runner("Gorko", "ogro"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "duplicate-name")


def test_crip_unknown_lineup_name(tmp_path):
    runners = [runner("Gorko", "orco"), runner("Gengis", "ogro"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners, ["Gorko", "Gengis", "Gorco"]), "unknown-reference")
    assert "Gorko" in found[0]["message"] or "C" in found[0]["message"]


def test_crip_unknown_race_suggests_closest(tmp_path):
    runners = [runner("A", "humanno"), runner("B", "orco"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners), "unknown-reference")
    assert "humano" in found[0]["message"].lower()


def test_crip_unknown_specialty_suggests_closest(tmp_path):
    runners = [runner("A", "orco", ["brincamonte"]), runner("B", "orco"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners), "unknown-reference")
    assert "brincamontes" in found[0]["message"].lower()


@pytest.mark.parametrize("spelling,canonical", [
    ("Hombre Rata", "hombre-rata"),
    ("HOMBRE-RATA", "hombre-rata"),
    ("hombrerata", "hombre-rata"),
    ("hombre  lagarto", "hombre-lagarto"),
    ("Hombre-Lagarto", "hombre-lagarto"),
    ("Minotáuro", "minotauro"),
    ("ZÓMBI", "zombi"),
    ("Brujo", "brujo"),
    ("Ogro", "ogro"),
])
def test_race_matching_ignores_case_accents_spaces_hyphens(tmp_path, spelling, canonical):
    path = crip(tmp_path, [runner("X", spelling), runner("B", "orco"), runner("C", "orco")])
    code, r = check_one(path)
    assert r["errors"] == [] and code == 0
    p = runner_in(inspect_json(path), "X")
    assert norm(p["race"]) == norm(canonical)
    fue, res, _ = RACES[canonical]
    assert (p["fue"], p["res"]) == (fue, res)


@pytest.mark.parametrize("spelling,expected", [
    (["Brincamontes"], {"brincamontes"}),
    (["ROMPE-HUESOS"], {"rompehuesos"}),
    (["Caza Victorias"], {"cazavictorias"}),
    (["Martillo"], {"rompehuesos", "brincamontes"}),
    (["CRIPMAQUETA"], {"brincamontes", "cazavictorias"}),
    (["Dominórum"], {"cazavictorias", "rompehuesos"}),
    (["rompehuesos", "Brinca Montes"], {"rompehuesos", "brincamontes"}),
])
def test_specialty_matching_and_star_names(tmp_path, spelling, expected):
    path = crip(tmp_path, [runner("X", "orco", spelling)] + [runner(f"G{i}", "orco") for i in range(5)])
    code, r = check_one(path)
    assert r["errors"] == [] and code == 0
    assert r["specialty_slots"] == len(expected)
    p = runner_in(inspect_json(path), "X")
    assert {norm(s) for s in p["specialties"]} == expected


def test_crip_fingerprint(tmp_path):
    a = crip(tmp_path, [runner("A", "orco", ["martillo"]), runner("B", "elfo"), runner("C", "ogro")], name="a.yaml")
    text = ("# otra forma\nrunners:\n"
            "  - {specialties: [martillo], race: orco, name: A}\n"
            "  - {race: elfo, name: B, specialties: []}\n"
            "  - {name: C, specialties: [], race: ogro}\n"
            "team: Los Saqueadores de Río Lobo\nsystem: cripmaquion\n")
    b = write(tmp_path, "b.yaml", text)
    fa, fb = fingerprint_of(a), fingerprint_of(b)
    assert fa == fb
    c = crip(tmp_path, [runner("A", "orco", ["martillo"]), runner("B", "elfo"), runner("C", "troll")], name="c.yaml")
    assert fingerprint_of(c) != fa
    d = crip(tmp_path, [runner("A", "orco", ["martillo"]), runner("B", "elfo"), runner("C", "ogro")],
             ["A", "B"], name="d.yaml")
    assert fingerprint_of(d) != fa


def test_crip_language_en(tmp_path):
    path = crip(tmp_path, [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")])
    _, es = check_one(path)
    _, en = check_one(path, "--lang", "en")
    assert codes_of(es["errors"]) == codes_of(en["errors"])
    assert es["errors"][0]["message"] != en["errors"][0]["message"]

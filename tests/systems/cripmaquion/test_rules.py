"""Cripmaquión's roster and lineup rulings (§9.2, §8.2), each at its boundary."""

import pytest

from builder.systems.cripmaquion.rules import specialty_limit
from tests.book_cases import (
    RACES, SAQUEADORES, assert_error, check_json, check_one, codes_of, crip, fingerprint_of, inspect_json, norm,
    runner, runner_in, write,
)
from tests.support import codes, only


def team(runners: list[tuple[str, str, str]], lineup: list[str] | None = None) -> str:
    """A roster from (name, race, specialties) triples; specialties as YAML flow text."""
    lines = ["system: cripmaquion", "team: Prueba", "runners:"]
    lines += [f"  - {{name: {n}, race: {r}, specialties: [{s}]}}" for n, r, s in runners]
    if lineup is not None:
        lines.append(f"lineup: [{', '.join(lineup)}]")
    return "\n".join(lines) + "\n"


def gregarios(n: int, race: str = "orco") -> list[tuple[str, str, str]]:
    return [(f"Gregario{i}", race, "") for i in range(n)]


@pytest.mark.parametrize("runners, limit", [
    (3, 2), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (9, 6),   # §9.2 as printed
    (10, 6), (11, 7), (12, 7), (13, 8),                       # the sequence carried on: +1 every two runners
    (2, 1), (1, 0), (0, 0),                                    # below the table: n − 1
])
def test_specialty_limit(runners, limit):
    assert specialty_limit(runners) == limit


@pytest.mark.parametrize("runners, es, en", [
    # Below the table the limit is n − 1: the verb agrees with it in Spanish (0 takes the plural).
    (1, "la alineación tiene 1 corredor; la tabla de restricciones empieza en 3, se permiten 0 plazas",
     "the lineup has 1 runner; the restriction table starts at 3, so 0 specialty slots are allowed"),
    (2, "la alineación tiene 2 corredores; la tabla de restricciones empieza en 3, se permite 1 plaza",
     "the lineup has 2 runners; the restriction table starts at 3, so 1 specialty slot is allowed"),
])
def test_below_the_table_the_words_agree_with_the_slots_allowed(check, runners, es, en):
    finding = only(check(team(gregarios(runners))), "lineup-below-table")
    assert es in finding.message("es") and en in finding.message("en")


def test_slots_at_the_limit_are_legal(check):
    # 4 runners -> 3 slots: a star (2) + one specialist (1) + a gregario + a brujo (0 each).
    ev = check(team([("Estrella", "elfo", "cripmaqueta"), ("Uno", "orco", "rompehuesos"),
                     ("Greg", "humano", ""), ("Brujo", "brujo", "")]))
    assert codes(ev) == ["brujo-with-elf"]  # the elf and the brujo; the slots themselves are fine
    assert (ev.extra["specialty_slots"], ev.extra["specialty_limit"]) == (3, 3)


def test_over_the_specialty_limit(check):
    # 4 runners -> 3 slots; two stars take 4.
    ev = check(team([("A", "orco", "martillo"), ("B", "orco", "dominorum")] + gregarios(2)))
    finding = only(ev, "specialty-limit")
    assert finding.params == {"runners": 4, "slots": 4, "limit": 3}
    assert finding.place.path == ("runners",)
    assert not ev.legal


def test_the_roster_may_break_the_table_when_the_lineup_does_not(check):
    roster = [("A", "orco", "martillo"), ("B", "orco", "dominorum"), ("C", "orco", "brincamontes")] + gregarios(3)
    # The whole roster: 6 runners, 5 slots > 4.
    assert codes(check(team(roster))) == ["specialty-limit"]
    # A lineup of 5 using 4 slots (A 2 + B 2 + three gregarios): legal.
    ev = check(team(roster, ["A", "B", "Gregario0", "Gregario1", "Gregario2"]))
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert (ev.extra["specialty_slots"], ev.extra["specialty_limit"], ev.extra["lineup_size"]) == (4, 4, 5)
    assert [r["lined_up"] for r in ev.details["runners"]] == [True, True, False, True, True, True]


def test_a_star_name_and_its_two_specialties_are_the_same(check):
    a = check(team([("A", "orco", "martillo")] + gregarios(2)))
    b = check(team([("A", "orco", "brincamontes, rompehuesos")] + gregarios(2)), name="b.yaml")
    assert a.extra["specialty_slots"] == b.extra["specialty_slots"] == 2
    assert a.details["runners"][0]["star"] == b.details["runners"][0]["star"] == "martillo"
    assert a.fingerprint == b.fingerprint


def test_too_many_specialties(check):
    ev = check(team([("A", "orco", "martillo, cazavictorias")] + gregarios(5)))
    finding = only(ev, "too-many-specialties")
    assert finding.params["count"] == 3
    assert finding.place.path == ("runners", 0, "specialties")


def test_a_repeated_specialty_counts_once(check):
    ev = check(team([("A", "orco", "rompehuesos, martillo")] + gregarios(2)))
    assert ev.legal
    assert ev.extra["specialty_slots"] == 2


def test_a_brujo_with_a_specialty_is_illegal_on_the_roster_lined_up_or_not(check):
    # Inepto (§8.2): a brujo can't be a specialist, so the roster is illegal even with him benched.
    roster = [("Mago", "brujo", "rompehuesos")] + gregarios(3)
    finding = only(check(team(roster)), "brujo-specialty")
    assert finding.place.path == ("runners", 0, "specialties")
    benched = only(check(team(roster, ["Gregario0", "Gregario1", "Gregario2"]), name="b.yaml"), "brujo-specialty")
    assert benched.place.path == ("runners", 0, "specialties")


def test_a_brujo_takes_no_slot(check):
    ev = check(team([("Mago", "brujo", "")] + gregarios(2)))
    assert ev.extra["specialty_slots"] == 0
    assert ev.details["runners"][0]["gregario"] is False


def test_brujo_limit(check):
    roster = [("Mago1", "brujo", ""), ("Mago2", "brujo", ""), ("Mago3", "brujo", "")] + gregarios(2)
    ev = check(team(roster))
    assert [f.params["name"] for f in ev.findings if f.code == "brujo-limit"] == ["Mago2", "Mago3"]
    # One brujo lined up, the others on the bench: legal.
    assert check(team(roster, ["Mago1", "Gregario0", "Gregario1"]), name="b.yaml").legal


def test_brujo_with_elf(check):
    roster = [("Mago", "brujo", ""), ("Legolas", "elfo", ""), ("Galadriel", "Elfo", "")] + gregarios(2)
    ev = check(team(roster, ["Mago", "Legolas", "Gregario0", "Gregario1"]))
    finding = only(ev, "brujo-with-elf")
    assert finding.place.path == ("lineup", 1)
    # Elves without the brujo, or the brujo without elves, are fine.
    assert check(team(roster, ["Legolas", "Galadriel", "Gregario0"]), name="b.yaml").legal
    assert check(team(roster, ["Mago", "Gregario0", "Gregario1"]), name="c.yaml").legal


@pytest.mark.parametrize("size, slots, legal", [(2, 1, True), (2, 2, False), (1, 0, True), (1, 1, False)])
def test_lineups_below_the_table_allow_n_minus_one(check, size, slots, legal):
    runners = [("Esp", "orco", "martillo" if slots == 2 else "rompehuesos" if slots == 1 else "")] + gregarios(size - 1)
    ev = check(team(runners))
    assert "lineup-below-table" in codes(ev, "warning")
    assert ev.legal == legal


def test_duplicate_runner_names(check):
    ev = check(team([("Gorko", "orco", ""), ("gorko", "orco", "")] + gregarios(2)))
    assert only(ev, "duplicate-name").place.path == ("runners", 1, "name")


def test_a_runner_lined_up_twice(check):
    ev = check(team(gregarios(3), ["Gregario0", "Gregario1", "gregario0"]))
    assert only(ev, "duplicate-name").place.path == ("lineup", 2)


def test_unknown_lineup_name_suggests_the_closest(check):
    ev = check(team(gregarios(3), ["Gregario0", "Gregario1", "Gregaro2"]))
    finding = only(ev, "unknown-reference")
    assert finding.place.path == ("lineup", 2)
    assert finding.params["hint"] == "Gregario2"


def test_unknown_race_and_specialty_suggest_the_closest(check):
    ev = check(team([("A", "hombre rato", "brincamonte")] + gregarios(2)))
    hints = {f.place.path: f.params["hint"] for f in ev.findings if f.code == "unknown-reference"}
    # "hombrerato" is one letter from "hombrerata"; "brincamonte" one from "brincamontes".
    assert hints == {("runners", 0, "race"): "hombre-rata", ("runners", 0, "specialties", 0): "brincamontes"}


def test_a_lineup_name_written_without_its_accent_is_the_runner_with_a_warning(check):
    # Ruling 33: «Sangrefria» is «Sangrefría»; taken, and the roster's spelling said, as skill-spelling does.
    ev = check(team([("Sangrefría", "orco", ""), ("Gorko", "orco", ""), ("Uno", "orco", "")],
                    ["Sangrefria", "Gorko", "uno"]))
    assert ev.legal and ev.extra["lineup_size"] == 3
    warned = [f for f in ev.findings if f.code == "lineup-spelling"]
    assert [(f.severity, f.place.path, f.params["runner"]) for f in warned] == [
        ("warning", ("lineup", 0), "Sangrefría"), ("warning", ("lineup", 2), "Uno")]
    assert "«Sangrefría»" in warned[0].message("es") and "“Sangrefría”" in warned[0].message("en")
    # Written as the roster writes it, nothing is said.
    assert "lineup-spelling" not in codes(check(team([("Sangrefría", "orco", "")] + gregarios(2),
                                                     ["Sangrefría", "Gregario0", "Gregario1"]), name="b.yaml"))


def test_names_match_ignoring_case_accents_spaces_and_hyphens(check):
    ev = check(team([("A", "Hombre Rata", "Rompe-Huesos"), ("B", "HOMBRE-LAGARTO", "Cazavictorias"),
                     ("C", "Zombi", "")]))
    assert ev.legal
    assert [r["race"] for r in ev.details["runners"]] == ["hombre-rata", "hombre-lagarto", "zombi"]


def test_gregario_is_accepted_alone_but_not_mixed(check):
    assert check(team([("A", "orco", "gregario")] + gregarios(2))).legal
    ev = check(team([("A", "orco", "gregario, rompehuesos")] + gregarios(2)), name="b.yaml")
    assert codes(ev) == ["invalid-field"]


def test_check_result_has_the_lineup_numbers_and_no_points(check):
    ev = check(team(gregarios(3)))
    assert ev.points is None and ev.points_limit is None
    assert ev.fingerprint.startswith("CQ-")


def test_unknown_keys_and_missing_team_are_invalid_fields(check):
    ev = check("system: cripmaquion\nrunners:\n  - {name: A, race: orco, specialtys: []}\n")
    assert sorted(f.params.get("key") for f in ev.findings) == ["specialtys", "team"]


# Inepto (§8.2, l. 961): the brujo can't be made a specialist "es más, tampoco es un gregario", so he
# can't organise. §9's example team prints its brujo as GREGARIO (l. 1239), a table ruling 23 already
# finds garbled; the rule's own text wins (ruling 32a).
@pytest.mark.parametrize("written", ["gregario", "Gregario", "GREGARIO"])
def test_a_brujo_written_as_a_gregario_is_illegal(check, written):
    ev = check(team([("Burujo Potingue", "brujo", written)] + gregarios(2)))
    finding = only(ev, "brujo-gregario")
    assert finding.place.path == ("runners", 0, "specialties", 0) and finding.place.line == 4
    assert "32a" in finding.message("es") and "32a" in finding.message("en")
    assert "brujo-specialty" not in codes(ev)  # a gregario is no specialty: the problem is inepto's other half
    assert not ev.legal


def test_a_benched_brujo_written_as_a_gregario_is_illegal_too(check):
    # Inepto binds the roster, as it does for a specialty (ruling 32).
    ev = check(team([("Mago", "brujo", "gregario")] + gregarios(3), ["Gregario0", "Gregario1", "Gregario2"]))
    assert only(ev, "brujo-gregario").place.path == ("runners", 0, "specialties", 0)


def test_a_brujo_with_no_specialty_written_is_legal_and_no_gregario(check):
    ev = check(team([("Mago", "brujo", "")] + gregarios(2)))
    assert ev.legal and codes(ev) == []
    assert ev.details["runners"][0]["gregario"] is False


def test_a_brujo_written_as_gregario_and_specialist_breaks_both_halves_of_inepto(check):
    ev = check(team([("Mago", "brujo", "gregario, rompehuesos")] + gregarios(2)))
    assert {"brujo-gregario", "brujo-specialty"} <= set(codes(ev))


# Inepto is a skill (l. 961), not the brujo's name: a race an event's house rules add with it is
# bound as the brujo is, and cited to the same rule; the brujo keeps his own codes.
INEPTO_PACK = """\
system: cripmaquion
name: Carrera de la casa
house_rules:
  - add: races/races
    entry: {key: trasgo, name: Trasgo, fue: 2, res: 2, skills: [inepto, ligero], section: Casa,
            summary: Pequeño y torpe.}
"""


@pytest.mark.parametrize("specialty", ["brincamontes", "rompehuesos", "cazavictorias"])
def test_a_race_added_with_inepto_takes_no_specialty(check, specialty):
    from builder.core.pipeline import evaluate
    from builder.events.packs import load_pack

    pack = load_pack(check.write("pack.yaml", INEPTO_PACK))
    roster = check.write("lista.yaml", team([("Tras", "trasgo", specialty)] + gregarios(2)))
    ev = evaluate(roster, pack=pack)
    finding = only(ev, "inepto-specialty")
    assert (finding.place.path, finding.place.line) == (("runners", 0, "specialties"), 4)
    assert finding.rule == "Cripmaquión · §8.2 El brujo · Inepto"
    assert "Trasgo" in finding.message("es") and "Inepto" in finding.message("en")
    assert not ev.legal and "brujo-specialty" not in codes(ev)
    # Written as a gregario he is no gregario either (ruling 32a), as a brujo isn't.
    greg = evaluate(check.write("b.yaml", team([("Tras", "trasgo", "gregario")] + gregarios(2))), pack=pack)
    assert only(greg, "inepto-gregario").place.path == ("runners", 0, "specialties", 0)
    # With no specialty he is legal, takes no slot and is no gregario.
    plain = evaluate(check.write("c.yaml", team([("Tras", "trasgo", "")] + gregarios(2))), pack=pack)
    assert plain.legal and plain.extra["specialty_slots"] == 0 and plain.details["runners"][0]["gregario"] is False


def test_the_brujo_keeps_his_own_codes(check):
    ev = check(team([("Mago", "brujo", "rompehuesos")] + gregarios(2)))
    assert "brujo-specialty" in codes(ev) and "inepto-specialty" not in codes(ev)


def test_other_races_may_still_write_gregario(check):
    # Ruling 31: for anyone but a brujo, [gregario] is the same as [].
    assert check(team([("Greg", "orco", "gregario")] + gregarios(2))).legal


@pytest.mark.parametrize("runners", [1, 2])
def test_the_below_the_table_warning_names_its_ruling(check, runners):
    # Ruling 29: under 3 runners the table (l. 1205-1213) is silent; n − 1 slots: 1 → 0, 2 → 1.
    finding = only(check(team(gregarios(runners))), "lineup-below-table")
    assert finding.params["limit"] == runners - 1
    assert "regla 29 de builder" in finding.message("es") and "builder's ruling 29" in finding.message("en")


def test_counts_of_one_take_the_singular(check):
    # One orco rompehuesos alone: 1 runner, 1 slot, where n − 1 = 0 are allowed (ruling 29).
    ev = check(team([("Esp", "orco", "rompehuesos")]))
    finding = only(ev, "specialty-limit")
    assert "la alineación de 1 corredor ocupa 1 plaza de especialista; el máximo es 0" in finding.message("es")
    assert "the lineup of 1 runner takes 1 specialty slot; the most is 0" in finding.message("en")


# --- by the book ----------------------------------------------------------------------------------
# Cripmaquión rosters by the book: what makes a team legal.
#
# Specialty slots against the §9.2 restriction table (continued past 10 runners, n - 1 below three),
# the rulebook's example teams, the brujo's inepto and orgullo and his quarrel with elves, duplicate
# and unknown names (with the closest suggested), names matched as people write them, the
# fingerprint and the English report. Black-box, from the Cripmaquión specification and
# ../shared/rulebooks/cripmaquion.txt; the rulings are in docs/rulings.md. Expected values are
# worked out by hand next to the assertions.


# §9.2 restriction table + its continuation and the below-3 ruling, n - 1 (docs/rulings.md 28-29)
SLOT_LIMIT = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5, 9: 6, 10: 6, 11: 7, 12: 7, 13: 8}


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
def test_slots_star_two_gregario_brujo_zero(tmp_path):
    # lineup of 4 -> limit 3; martillo 2 + brincamontes 1 + gregario 0 + brujo 0 = 3
    runners = [runner("Martillo", "ogro", ["martillo"]), runner("Salta", "goblin", ["brincamontes"]),
               runner("Greg", "orco"), runner("Mago", "brujo")]
    code, r = check_one(crip(tmp_path, runners))
    assert r["specialty_slots"] == 3
    assert r["specialty_limit"] == 3
    assert code == 0 and r["legal"] is True


@pytest.mark.book
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


@pytest.mark.book
def test_example_team_saqueadores_whole_roster_breaks_table(tmp_path):
    # 8 runners -> limit 5; slots 2+1+1+2+1 = 7 > 5
    code, r = check_one(crip(tmp_path, SAQUEADORES))
    assert r["specialty_slots"] == 7 and r["specialty_limit"] == 5
    assert "specialty-limit" in codes_of(r["errors"])
    assert code == 1


@pytest.mark.book
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


@pytest.mark.book
def test_lineup_below_table_warning_and_limit(tmp_path):
    # 2 lined up -> limit 2 - 1 = 1, with warning; roster holds 4
    runners = [runner("A", "orco", ["brincamontes"]), runner("B", "orco"),
               runner("C", "orco", ["martillo"]), runner("D", "orco", ["dominorum"])]
    code, r = check_one(crip(tmp_path, runners, ["A", "B"]))
    assert r["specialty_limit"] == 1 and r["specialty_slots"] == 1
    assert "lineup-below-table" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_three_specialties_are_too_many_specialties(tmp_path):
    runners = [runner("A", "orco", ["brincamontes", "cazavictorias", "rompehuesos"])] + \
              [runner(f"G{i}", "orco") for i in range(8)]
    found = assert_error(crip(tmp_path, runners), "too-many-specialties")
    assert "Cripma" in found[0]["rule"] or "§" in found[0]["rule"]


@pytest.mark.book
def test_too_many_specialties_star_plus_other(tmp_path):
    # martillo (rompehuesos + brincamontes) + cazavictorias = three different
    runners = [runner("A", "orco", ["martillo", "cazavictorias"])] + [runner(f"G{i}", "orco") for i in range(8)]
    assert_error(crip(tmp_path, runners), "too-many-specialties")


@pytest.mark.book
def test_brujo_specialty(tmp_path):
    runners = [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-specialty")


@pytest.mark.book
def test_brujo_specialty_even_on_the_bench(tmp_path):
    # The ruling changed (inepto binds the roster, docs/rulings.md 32): a brujo with a specialty
    # makes the roster illegal, lined up or not.
    runners = [runner("Mago", "brujo", ["brincamontes"]), runner("B", "orco"),
               runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["B", "C", "D"]))
    assert "brujo-specialty" in codes_of(r["errors"])
    assert code == 1 and r["legal"] is False


@pytest.mark.book
def test_two_brujos_are_brujo_limit(tmp_path):
    runners = [runner("Mago1", "brujo"), runner("Mago2", "Brujo"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-limit")


@pytest.mark.book
def test_brujo_limit_only_in_lineup(tmp_path):
    runners = [runner("Mago1", "brujo"), runner("Mago2", "brujo"), runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["Mago1", "C", "D"]))
    assert "brujo-limit" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_a_brujo_and_an_elf_are_brujo_with_elf(tmp_path):
    runners = [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "brujo-with-elf")


@pytest.mark.book
def test_brujo_with_elf_only_in_lineup(tmp_path):
    runners = [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco"), runner("D", "orco")]
    code, r = check_one(crip(tmp_path, runners, ["Mago", "C", "D"]))
    assert "brujo-with-elf" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True
    code, r = check_one(crip(tmp_path, runners, ["Elfa", "C", "D"], name="b.yaml"))
    assert code == 0 and r["legal"] is True


@pytest.mark.book
def test_crip_duplicate_name(tmp_path):
    runners = [runner("Gorko", "orco"), runner("Gorko", "ogro"), runner("C", "orco")]
    assert_error(crip(tmp_path, runners), "duplicate-name")


@pytest.mark.book
def test_crip_unknown_lineup_name(tmp_path):
    runners = [runner("Gorko", "orco"), runner("Gengis", "ogro"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners, ["Gorko", "Gengis", "Gorco"]), "unknown-reference")
    assert "Gorko" in found[0]["message"] or "C" in found[0]["message"]


@pytest.mark.book
def test_crip_unknown_race_suggests_closest(tmp_path):
    runners = [runner("A", "humanno"), runner("B", "orco"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners), "unknown-reference")
    assert "humano" in found[0]["message"].lower()


@pytest.mark.book
def test_crip_unknown_specialty_suggests_closest(tmp_path):
    runners = [runner("A", "orco", ["brincamonte"]), runner("B", "orco"), runner("C", "orco")]
    found = assert_error(crip(tmp_path, runners), "unknown-reference")
    assert "brincamontes" in found[0]["message"].lower()


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
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


@pytest.mark.book
def test_crip_language_en(tmp_path):
    path = crip(tmp_path, [runner("Mago", "brujo"), runner("Elfa", "elfo"), runner("C", "orco")])
    _, es = check_one(path)
    _, en = check_one(path, "--lang", "en")
    assert codes_of(es["errors"]) == codes_of(en["errors"])
    assert es["errors"][0]["message"] != en["errors"][0]["message"]


# --- ruling 73: a misspelt key hides nothing else (issue 32) --------------------------------


def test_a_misspelt_key_and_an_unknown_race_on_one_runner_are_reported_in_one_run(check):
    # Runner A: «specialty» is no key (specialties is); its race «marciano» is none of §5's; and
    # «martillo, cazavictorias» are 3 specialties (a star is two), one more than §7 allows.
    ev = check("system: cripmaquion\nteam: Prueba\nruners_extra: 1\nrunners:\n"
               "  - {name: A, race: marciano, specialty: [x], specialties: [martillo, cazavictorias]}\n"
               "  - {name: B, race: orco, specialties: [rompehuesos]}\n"
               "  - {name: C, race: orco, specialties: []}\n")
    found = [(f.code, f.variant, f.place.path) for f in ev.findings.errors]
    assert sorted(found) == sorted([
        ("invalid-field", "extra_forbidden", ("runers_extra",)),
        ("unknown-reference", None, ("runners", 0, "race")),
        ("invalid-field", "extra_forbidden", ("runners", 0, "specialty")),
        ("too-many-specialties", None, ("runners", 0, "specialties")),
        # 3 runners → 2 slots (§9.2); A's three and B's one make 4.
        ("specialty-limit", None, ("runners",)),
    ])
    assert only(ev, "specialty-limit").params == {"runners": 3, "slots": 4, "limit": 2}
    assert ev.fingerprint is None  # part of the file was not read: no fingerprint stands for it


def test_a_misspelt_key_and_a_wrong_value_on_one_runner_are_reported_in_one_run(check):
    ev = check("system: cripmaquion\nteam: Prueba\nrunners:\n"
               "  - {name: A, race: 7, specialty: [martillo]}\n")
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("runners", 0, "specialty")),
                     ("invalid-field", "string_type+quote", ("runners", 0, "race"))]

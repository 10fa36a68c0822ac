"""Cripmaquión's roster and lineup rulings (§9.2, §8.2), each at its boundary."""

import pytest

from builder.systems.cripmaquion.rules import specialty_limit
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

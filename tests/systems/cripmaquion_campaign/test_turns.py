"""Whose turn a KO happened in (`tp`), so that "un KO por TP" (l. 1356) groups KOs as the book does.

The book's turns (l. 226): a race turn (TC, the KO's `turn`) in which every runner has his own turn
(TP). A DT attack is made in the attacker's TP (l. 380, 394); an FT attack (zancadilla, coletazo,
hipnotizar) in the victim's (l. 400). Dureza (l. 1347-1353): a KO scores the victim's RES by DT and
2 × RES otherwise; only the best KO of each TP scores (l. 1356).

Teams (conftest): Rojos Ana humano (zancadilla) RES 3, Bea ogro RES 4, Eva elfo RES 2;
Azules Cid goblin RES 1, Dan troll RES 5, Fer enano RES 5.
"""

from tests.support import codes, only
from tests.systems.cripmaquion_campaign.conftest import table


def kos(*lines: str) -> str:
    return "  - name: J1\n    finish: []\n    kos:\n" + "".join(f"      - {line}\n" for line in lines)


def test_zancadillas_in_each_victims_turn_count_apart_from_the_scorers_own_turn(campaign):
    # TC 3. Ana's own TP: DT on Cid (goblin RES 1) → 1.
    # Dan's TP: Ana's zancadilla knocks Dan out (troll RES 5, other) → 2 × 5 = 10.
    # Fer's TP: Ana's zancadilla knocks Fer out (enano RES 5, other) → 2 × 5 = 10.
    # Three TPs, one KO each: 1 + 10 + 10 = 21.
    ev = campaign(kos("{by: Ana, victim: Cid, attack: dt, turn: 3}",
                      "{by: Ana, victim: Dan, attack: other, turn: 3, tp: Dan}",
                      "{by: Ana, victim: Fer, attack: other, turn: 3, tp: Fer}"))
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert table(ev, "dureza")[0] == (1, "Ana", 1 + 10 + 10)
    assert [k["counts"] for k in ev.details["stages"][0]["kos"]] == [True, True, True]


def test_without_tp_a_ko_is_in_the_scorers_own_turn_as_before(campaign):
    # The same three KOs written without `tp`: all in Ana's TP of TC 3, so only the best, 10, scores
    # (the first of the two 10s).
    ev = campaign(kos("{by: Ana, victim: Cid, attack: dt, turn: 3}",
                      "{by: Ana, victim: Dan, attack: other, turn: 3}",
                      "{by: Ana, victim: Fer, attack: other, turn: 3}"))
    assert table(ev, "dureza")[0] == (1, "Ana", 10)
    assert [k["counts"] for k in ev.details["stages"][0]["kos"]] == [False, True, False]
    assert [k["tp"] for k in ev.details["stages"][0]["kos"]] == ["Ana", "Ana", "Ana"]


def test_naming_the_scorers_own_turn_is_the_same_as_leaving_it_out(campaign):
    # Ana's TP of TC 2: DT on Cid (RES 1) → 1 and DT on Fer (RES 5) → 5: one TP, the best: 5.
    ev = campaign(kos("{by: Ana, victim: Cid, attack: dt, turn: 2}",
                      "{by: Ana, victim: Fer, attack: dt, turn: 2, tp: Ana}"))
    assert ev.legal
    assert table(ev, "dureza")[0] == (1, "Ana", 5)


def test_kos_written_in_one_tp_that_is_not_the_scorers_are_grouped_too(campaign):
    # Two KOs Ana scores in Dan's TP of TC 4: Dan (RES 5, other) 10 and Cid (RES 1, other) 2: one TP,
    # the best: 10. Ana's own TP of TC 4: DT on Fer (RES 5) → 5. Total 10 + 5 = 15.
    ev = campaign(kos("{by: Ana, victim: Dan, attack: other, turn: 4, tp: Dan}",
                      "{by: Ana, victim: Cid, attack: other, turn: 4, tp: Dan}",
                      "{by: Ana, victim: Fer, attack: dt, turn: 4}"))
    assert table(ev, "dureza")[0] == (1, "Ana", 15)


def test_the_same_victims_turn_in_another_race_turn_is_another_tp(campaign):
    # Dan's TP of TC 1 and of TC 2: Ana's zancadilla KOs him in both, 10 + 10 = 20.
    ev = campaign(kos("{by: Ana, victim: Dan, attack: other, turn: 1, tp: Dan}",
                      "{by: Ana, victim: Dan, attack: other, turn: 2, tp: Dan}"))
    assert table(ev, "dureza")[0] == (1, "Ana", 20)


def test_a_dt_ko_in_someone_elses_turn_is_an_error(campaign):
    ev = campaign(kos("{by: Ana, victim: Dan, attack: dt, turn: 3, tp: Dan}"))
    finding = only(ev, "campaign-ko-turn")
    assert finding.place.path == ("stages", 0, "kos", 0, "tp") and finding.place.line == 8
    assert finding.params == {"by": "Ana", "tp": "Dan"}
    assert not ev.legal


def test_a_tp_of_a_runner_who_does_not_race(campaign):
    ev = campaign(kos("{by: Ana, victim: Dan, attack: other, turn: 3, tp: Dna}"))
    finding = only(ev, "campaign-unknown-runner")
    assert finding.place.path == ("stages", 0, "kos", 0, "tp")
    assert "Dan" in finding.message("en")  # the closest runner
    assert "campaign-ko-turn" not in codes(ev)


def test_tp_must_be_a_name(campaign):
    for bad in ("3", "[Dan]", "{runner: Dan}"):
        ev = campaign(kos(f"{{by: Ana, victim: Dan, attack: other, turn: 3, tp: {bad}}}"))
        assert codes(ev) == ["invalid-field"], bad


def test_the_day_says_whose_turn_it_was(campaign):
    from builder.systems.cripmaquion_campaign.view import as_text

    ev = campaign(kos("{by: Ana, victim: Dan, attack: other, turn: 3, tp: Dan}",
                      "{by: Ana, victim: Cid, attack: dt, turn: 3}"))
    assert "KO de Ana a Dan (turno 3, TP de Dan, otro): 10 p." in as_text(ev, "es")
    assert "KO by Ana on Cid (turn 3, by DT): 1 pts" in as_text(ev, "en")

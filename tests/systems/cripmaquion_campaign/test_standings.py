"""A campaign's classifications, worked out by hand from §11."""

from pathlib import Path

from builder.core.pipeline import evaluate
from tests.support import codes
from tests.systems.cripmaquion_campaign.conftest import add_runner, kos, table, warnings

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "cripmaquion" / "infierno-de-amauta.yaml"
SRL, GV = "Los Saqueadores de Río Lobo", "El Grupetto verde"


def test_the_example_campaign():
    # Worked out by hand, independently of the code (RES from §5: hombre lagarto 2, momia 4, minotauro 4,
    # humano 3, esqueleto 1, ogro 4, goblin 1, orco 3, troll 5, brujo 1).
    ev = evaluate(EXAMPLE, EXAMPLE.name)
    assert ev.legal, [f.message("en") for f in ev.findings]
    d = ev.details
    # Cripmaquiazos, day 1 + day 2 (25 18 15 12 10 8 6 4 2 1):
    #   Lizardo 25 + 18 = 43; Arcada 12 + 25 = 37; Gnatte 18 + 15 = 33; Sven 15 + 12 = 27; Kort 10 + 8 = 18;
    #   Gurtlutz 4 + 10 = 14; Gengis 8 + 4 = 12; Charles 6 + 2 = 8; Ram 0 (eliminated) + 6 = 6;
    #   Pogco 2 + 1 = 3; Ech Pi El 1 + 0 (13th) = 1; Sangrefría, Gorko, Burujo 0: all three 0 dureza and
    #   0 honor too, so they share 12th.
    assert [(r["position"], r["runner"], r["cripmaquiazos"]) for r in d["general"]] == [
        (1, "Lizardo Rodríguez", 43), (2, "Arcada", 37), (3, "Gnatte Franzs", 33), (4, "Sven Astanson", 27),
        (5, "Kort Arribaz", 18), (6, "Gurtlutz", 14), (7, "Gengis", 12), (8, "Charles Watson", 8),
        (9, "Ram Amón", 6), (10, "Pogco Middo", 3), (11, "Ech Pi El", 1), (12, "Sangrefría", 0),
        (12, "Gorko", 0), (12, "Burujo Potingue", 0)]
    assert sum(r["cripmaquiazos"] for r in d["general"]) == 2 * (25 + 18 + 15 + 12 + 10 + 8 + 6 + 4 + 2 + 1)
    # Dureza: Gurtlutz day 1 turn 3: Ram (RES 4, dt) 4 and Sangrefría (RES 1, dt) 1 in one turn: only the 4;
    # day 2: Charles (RES 3, other) 2 × 3 = 6, Sangrefría (RES 1, dt) 1 → 4 + 6 + 1 = 11.
    # Sven: Burujo (RES 1, other) 2 + Gengis (RES 4, dt) 4 = 6. Ech Pi El: Gorko (RES 3, dt) 3.
    assert table(ev, "dureza")[:4] == [(1, "Gurtlutz", 11), (2, "Sven Astanson", 6), (3, "Ech Pi El", 3),
                                       (4, "Lizardo Rodríguez", 0)]
    assert {r["position"] for r in d["dureza"][3:]} == {4}  # the eleven with no points share 4th
    # Honor: bronze 5 4 3 (Gnatte, Lizardo, Arcada); gold, first ten: 30 25 20 16 12 10 7 5 3 2, the 11th 0.
    #   Arcada 3 + 30 = 33; Gnatte 5 + 25 = 30; Lizardo 4 + 16 = 20; Kort 20; Sven 12; Gengis 10; Gurtlutz 7;
    #   Ram 5; Charles 3; Pogco 2; Ech Pi El 0 (11th over the gold summit).
    assert table(ev, "honor")[:10] == [
        (1, "Arcada", 33), (2, "Gnatte Franzs", 30), (3, "Lizardo Rodríguez", 20), (3, "Kort Arribaz", 20),
        (5, "Sven Astanson", 12), (6, "Gengis", 10), (7, "Gurtlutz", 7), (8, "Ram Amón", 5),
        (9, "Charles Watson", 3), (10, "Pogco Middo", 2)]
    assert sum(r["points"] for r in d["honor"]) == (5 + 4 + 3) + (30 + 25 + 20 + 16 + 12 + 10 + 7 + 5 + 3 + 2)
    day1, day2 = d["stages"]
    assert day1["eliminated"] == ["Ram Amón", "Burujo Potingue"] and day2["eliminated"] == ["Gorko"]
    assert [(k["by"], k["points"], k["counts"]) for k in day1["kos"]] == [
        ("Gurtlutz", 4, True), ("Gurtlutz", 1, False), ("Sven Astanson", 2, True), ("Ech Pi El", 3, True)]
    assert day2["summits"][0]["order"][10] == {"position": 11, "runner": "Ech Pi El", "team": SRL, "points": 0}
    assert d["general"][0]["team"] == SRL and d["general"][1]["team"] == GV


def test_a_general_tie_goes_to_dureza(campaign):
    # Ana 25 + 18 = 43, Cid 18 + 25 = 43; Cid knocks out Bea (ogro, RES 4) by DT: 4 dureza → Cid first.
    ev = campaign("  - {name: J1, finish: [Ana, Cid]}\n"
                  "  - {name: J2, finish: [Cid, Ana], kos: [{by: Cid, victim: Bea, attack: dt, turn: 1}]}\n")
    assert table(ev, "general", "cripmaquiazos")[:3] == [(1, "Cid", 43), (2, "Ana", 43), (3, "Bea", 0)]


def test_then_to_honor(campaign):
    # Both 43 cripmaquiazos and 0 dureza; Ana first over a bronze summit: 5 honor → Ana first.
    ev = campaign("  - {name: J1, finish: [Ana, Cid], summits: [{category: bronce, order: [Ana]}]}\n"
                  "  - {name: J2, finish: [Cid, Ana]}\n")
    assert table(ev, "general", "cripmaquiazos")[:2] == [(1, "Ana", 43), (2, "Cid", 43)]


def test_a_whole_tie_shares_the_place_and_the_next_skips(campaign):
    ev = campaign("  - {name: J1, finish: [Ana, Cid]}\n  - {name: J2, finish: [Cid, Ana]}\n")
    general = table(ev, "general", "cripmaquiazos")
    assert general[:2] == [(1, "Ana", 43), (1, "Cid", 43)]
    assert {p for p, _, _ in general[2:]} == {3}  # the four with nothing share 3rd


def test_a_tie_for_first_in_a_minor_classification_goes_to_more_cripmaquiazos(campaign):
    # Ana KOs Cid (goblin, RES 1, other) 2 × 1 = 2; Cid KOs Eva (elfo, RES 2, DT) 2. Ana 25 cripmaquiazos,
    # Cid 18. (Each KOs a rival: a teammate would score nothing, ruling 36d.)
    ev = campaign("  - name: J1\n    finish: [Ana, Cid]\n    kos:\n"
                  "      - {by: Ana, victim: Cid, attack: other, turn: 2}\n"
                  "      - {by: Cid, victim: Eva, attack: dt, turn: 2}\n")
    assert table(ev, "dureza")[:2] == [(1, "Ana", 2), (2, "Cid", 2)]


def test_other_ties_in_a_minor_classification_share_their_place(campaign):
    # Silver 15, 12: day 1 Eva 15, Ana 12; day 2 Fer 15, Cid 12.
    # Cripmaquiazos: Fer 18 (2nd on day 2), Eva 0 → Fer takes the tie for first. Ana (25 + 15 = 40) and
    # Cid (18 + 25 = 43) tie for 3rd with 12: only a tie for first is broken, so both are 3rd.
    ev = campaign("  - {name: J1, finish: [Ana, Cid], summits: [{category: plata, order: [Eva, Ana]}]}\n"
                  "  - {name: J2, finish: [Cid, Fer, Ana], summits: [{category: plata, order: [Fer, Cid]}]}\n")
    assert table(ev, "honor")[:4] == [(1, "Fer", 15), (2, "Eva", 15), (3, "Ana", 12), (3, "Cid", 12)]


def test_ko_points_by_the_victims_resistance(campaign):
    # §11.3.1: RES r is r points by DT and 2r otherwise. Different turns all count: goblin 1 (dt) + troll 5
    # (other: 10) + ogro 4 (dt) = 15.
    ev = campaign("  - name: J1\n    finish: []\n    kos:\n"
                  "      - {by: Ana, victim: Cid, attack: dt, turn: 1}\n"
                  "      - {by: Ana, victim: Dan, attack: other, turn: 2}\n"
                  "      - {by: Fer, victim: Bea, attack: dt, turn: 2}\n")
    assert table(ev, "dureza")[:2] == [(1, "Ana", 1 + 10), (2, "Fer", 4)]


def test_only_the_best_ko_of_a_turn_counts(campaign):
    # Ana's turn 4: Cid (RES 1, other: 2) and Dan (RES 5, dt: 5): only the 5.
    ev = campaign("  - name: J1\n    finish: []\n    kos:\n"
                  "      - {by: Ana, victim: Cid, attack: other, turn: 4}\n"
                  "      - {by: Ana, victim: Dan, attack: dt, turn: 4}\n")
    assert table(ev, "dureza")[0] == (1, "Ana", 5)
    assert [k["counts"] for k in ev.details["stages"][0]["kos"]] == [False, True]


def test_an_eliminated_runner_scores_no_cripmaquiazos_even_with_fewer_than_ten_arrivals(campaign):
    ev = campaign("  - {name: J1, finish: [Ana]}\n")
    assert table(ev, "general", "cripmaquiazos")[:2] == [(1, "Ana", 25), (2, "Bea", 0)]
    assert ev.details["stages"][0]["eliminated"] == ["Bea", "Eva", "Cid", "Dan", "Fer"]


def test_every_summit_scores_its_first_runners(campaign):
    # Bronze 5 4 3 2 1 to five runners: the sixth scores 0; silver 15 12 9 7 5 3 to six runners.
    order = "[Ana, Bea, Eva, Cid, Dan, Fer]"
    ev = campaign(f"  - {{name: J1, finish: [], summits: [{{category: bronce, order: {order}}},"
                  f" {{category: plata, order: {order}}}]}}\n")
    bronce, plata = ev.details["stages"][0]["summits"]
    assert [r["points"] for r in bronce["order"]] == [5, 4, 3, 2, 1, 0]
    assert [r["points"] for r in plata["order"]] == [15, 12, 9, 7, 5, 3]


# --- builder's rulings where §11 is silent or contradicts itself ----------------------------------
# Where §11 is silent or contradicts itself: builder's rulings 36a-36d, each shown as a warning that
# names it wherever it changes a figure.
#
# Teams (conftest): Rojos Ana humano RES 3, Bea ogro (manejar) RES 4, Eva elfo RES 2; Azules Cid
# goblin RES 1, Dan troll RES 5, Fer enano (rodar) RES 5. Cripmaquiazos 25 18 15 12 10 8 6 4 2 1 (l.
# 1301-1307); dureza RES by DT, 2 × RES otherwise (l. 1347-1353); honor bronce 5 4 3 2 1, plata 15
# 12 9 7 5 3 1, oro 30 25 20 16 12 10 7 5 3 2 [1] (l. 1364-1366).


GOBLIN_FOR_ROJOS = "  - {name: Gil, race: goblin}\n"  # manejable, RES 1: Bea can throw him


# 36d. A KO of a teammate scores nothing, the thrown runner's own included: combat is for rivals
# (l. 384; teammates are moved aside, l. 326), a kicked head spares teammates (l. 864), and the thrown
# runner, always the thrower's teammate (l. 794, 800), is what reaches "alguien" (l. 1342), not whom.

def test_the_thrown_runner_knocked_out_scores_nothing_for_the_thrower(campaign, tmp_path):
    (tmp_path / "rojos.yaml").write_text((tmp_path / "rojos.yaml").read_text(encoding="utf-8") + GOBLIN_FOR_ROJOS,
                                         encoding="utf-8")
    # TC 2: Bea throws Gil onto Dan: both knocked out (l. 794). Dan (troll RES 5, other) → 2 × 5 = 10 to Bea;
    # Gil (her teammate) → 0. TC 4: she throws Gil into a wall, he alone is knocked out → 0 (read literally,
    # 2 × 1 = 2). Bea: 10, not 12.
    ev = campaign("  - name: J1\n    finish: []\n    kos:\n"
                  "      - {by: Bea, victim: Dan, attack: other, turn: 2}\n"
                  "      - {by: Bea, victim: Gil, attack: other, turn: 2}\n"
                  "      - {by: Bea, victim: Gil, attack: other, turn: 4}\n")
    assert ev.legal
    assert table(ev, "dureza")[0] == (1, "Bea", 10)
    kos = ev.details["stages"][0]["kos"]
    assert [(k["points"], k["teammate"], k["counts"]) for k in kos] == [(10, False, True), (0, True, False),
                                                                         (0, True, False)]
    found = warnings(ev, "campaign-teammate-ko")
    assert [f.place.path for f in found] == [("stages", 0, "kos", 1), ("stages", 0, "kos", 2)]
    assert [f.place.line for f in found] == [9, 10]
    assert "regla 36d de builder" in found[0].message("es") and "builder's ruling 36d" in found[0].message("en")


def test_a_teammate_reached_by_a_thrown_runner_scores_nothing(campaign, tmp_path):
    (tmp_path / "rojos.yaml").write_text((tmp_path / "rojos.yaml").read_text(encoding="utf-8") + GOBLIN_FOR_ROJOS,
                                         encoding="utf-8")
    # TC 1: Bea throws Gil onto Eva, her teammate (elfo RES 2): 0, not 2 × 2 = 4 (Gil too: 0).
    # TC 2: she throws Gil onto Cid, a rival (goblin RES 1): 2 × 1 = 2. Bea: 2.
    ev = campaign("  - name: J1\n    finish: []\n    kos:\n"
                  "      - {by: Bea, victim: Eva, attack: other, turn: 1}\n"
                  "      - {by: Bea, victim: Gil, attack: other, turn: 1}\n"
                  "      - {by: Bea, victim: Cid, attack: other, turn: 2}\n")
    assert table(ev, "dureza")[0] == (1, "Bea", 2)
    assert len(warnings(ev, "campaign-teammate-ko")) == 2 and codes(ev) == []


# --- whose turn a KO happened in (`tp`) -----------------------------------------------------------
# Whose turn a KO happened in (`tp`), so that "un KO por TP" (l. 1356) groups KOs as the book does.
#
# The book's turns (l. 226): a race turn (TC, the KO's `turn`) in which every runner has his own
# turn (TP). A DT attack is made in the attacker's TP (l. 380, 394); an FT attack (zancadilla,
# coletazo, hipnotizar) in the victim's (l. 400). Dureza (l. 1347-1353): a KO scores the victim's
# RES by DT and 2 × RES otherwise; only the best KO of each TP scores (l. 1356).
#
# Teams (conftest): Rojos Ana humano (zancadilla) RES 3, Bea ogro RES 4, Eva elfo RES 2; Azules Cid
# goblin RES 1, Dan troll RES 5, Fer enano RES 5.


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


# --- 36h: a patada a seguir scores for the last kicker, in the head's owner's TP (issue 49) ------
# ZAPATAZO (l. 858): the head is kicked inside its owner's TP (a TP ends with what a runner does after
# his move, l. 226) and knocks out as a thrown runner would; PATADA A SEGUIR (l. 864): a teammate it
# lands on may kick it on. The thrown runner's KO goes to whoever launched it (l. 1342): here, the
# last kicker. Written `by: <last kicker>, attack: other, tp: <head's owner>`.


def test_a_kicked_on_head_scores_for_the_last_kicker_in_the_owners_turn(campaign, tmp_path):
    add_runner(tmp_path, "rojos.yaml", "{name: Hueso, race: esqueleto}")
    # TC 3, Hueso's TP: he knocks out Fer (enano RES 5) by DT → 5 for Hueso; then kicks his head onto
    #   Eva, his teammate, who kicks it on onto Dan (troll RES 5, other) → 2 × 5 = 10 for Eva, in Hueso's TP.
    # TC 3, Eva's own TP: she knocks out Cid (goblin RES 1) by DT → 1: another TP, it counts too.
    # Eva 10 + 1 = 11; Hueso 5 (his and Eva's KOs in his TP are each their scorer's one KO of it).
    ev = campaign(kos("{by: Hueso, victim: Fer, attack: dt, turn: 3}",
                      "{by: Eva, victim: Dan, attack: other, turn: 3, tp: Hueso}",
                      "{by: Eva, victim: Cid, attack: dt, turn: 3}"))
    assert ev.legal, [f.message("en") for f in ev.findings]
    assert table(ev, "dureza")[:2] == [(1, "Eva", 10 + 1), (2, "Hueso", 5)]
    assert [(k["points"], k["counts"]) for k in ev.details["stages"][0]["kos"]] == [(5, True), (10, True), (1, True)]


def test_a_kicked_on_head_written_in_the_kickers_own_turn_shares_it(campaign, tmp_path):
    add_runner(tmp_path, "rojos.yaml", "{name: Hueso, race: esqueleto}")
    # The same kick on written without `tp`: it falls in Eva's own TP of TC 3 with her DT on Cid, and only
    # the best of the two scores: max(10, 1) = 10, one less than the ruling's 11.
    ev = campaign(kos("{by: Eva, victim: Dan, attack: other, turn: 3}",
                      "{by: Eva, victim: Cid, attack: dt, turn: 3}"))
    assert table(ev, "dureza")[0] == (1, "Eva", 10)


# --- 36i: a KO by DT of a zombi can't be, and scores nothing (issue 49) --------------------------
# ASQUEROSO (l. 752): never the object of a DT attack. Zom, zombi RES 2: by DT the table would give 2
# (l. 1348), any other KO 2 × 2 = 4.


def test_a_dt_ko_of_a_zombi_scores_nothing_and_leaves_the_turn_to_another_ko(campaign, tmp_path):
    add_runner(tmp_path, "azules.yaml", "{name: Zom, race: zombi}")
    # Ana's TP of TC 2: "DT" on Zom → 0 (read as written, 2, which would beat the 1); DT on Cid (goblin
    # RES 1) → 1, the TP's scoring KO. Ana 1.
    ev = campaign(kos("{by: Ana, victim: Zom, attack: dt, turn: 2}",
                      "{by: Ana, victim: Cid, attack: dt, turn: 2}"))
    assert codes(ev) == ["campaign-dt-ko-asqueroso"]
    assert table(ev, "dureza")[0] == (1, "Ana", 1)
    assert [(k["points"], k["counts"]) for k in ev.details["stages"][0]["kos"]] == [(0, False), (1, True)]


def test_a_zombi_knocked_out_otherwise_scores_as_any_other_ko(campaign, tmp_path):
    add_runner(tmp_path, "azules.yaml", "{name: Zom, race: zombi}")
    # TC 2: Ana's zancadilla in Zom's TP (FT, l. 400) → 2 × 2 = 4. TC 3: Bea's thrown runner lands on him
    # (l. 794) → 4. Ana 4, Bea 4; the two tied on 0 cripmaquiazos share first.
    ev = campaign(kos("{by: Ana, victim: Zom, attack: other, turn: 2, tp: Zom}",
                      "{by: Bea, victim: Zom, attack: other, turn: 3}"))
    assert ev.legal
    assert table(ev, "dureza")[:2] == [(1, "Ana", 2 * 2), (1, "Bea", 2 * 2)]

"""What a campaign's days must say, each mistake a finding with its code, file and line."""

from tests.support import codes, only
from tests.systems.cripmaquion_campaign.conftest import add_runner, kos, warnings


def test_a_runner_on_no_team(campaign):
    ev = campaign("  - {name: J1, finish: [Ana, Cdi]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.place.path == ("stages", 0, "finish", 1)
    assert (finding.place.file, finding.place.line) == ("campana.yaml", 5)
    assert "Cid" in finding.message("es")  # the closest runner is suggested
    assert not ev.legal


def test_a_runner_on_the_roster_but_not_lined_up_does_not_race(campaign, tmp_path):
    (tmp_path / "rojos.yaml").write_text((tmp_path / "rojos.yaml").read_text(encoding="utf-8")
                                         + "lineup: [Ana, Bea]\n", encoding="utf-8")
    ev = campaign("  - {name: J1, finish: [Eva]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.variant == "benched" and "Rojos" in finding.message("en")


def test_a_runner_finishing_twice(campaign):
    ev = campaign("  - {name: J1, finish: [Ana, Cid, Ana]}\n")
    finding = only(ev, "campaign-runner-twice")
    assert finding.place.path == ("stages", 0, "finish", 2)
    assert finding.params["first"] == 1 and finding.params["again"] == 3
    # Scored once, at its first place: Ana 25, Cid 18.
    assert [r["cripmaquiazos"] for r in ev.details["stages"][0]["finish"]] == [25, 18, 0]


def test_a_runner_crossing_a_summit_twice(campaign):
    ev = campaign("  - {name: J1, finish: [], summits: [{category: oro, order: [Dan, Dan]}]}\n")
    assert only(ev, "campaign-runner-twice").place.path == ("stages", 0, "summits", 0, "order", 1)


def test_a_ko_of_a_runner_by_himself(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Bea, victim: Bea, attack: dt, turn: 1}]\n")
    finding = only(ev, "campaign-self-ko")
    assert finding.place.path == ("stages", 0, "kos", 0) and finding.place.line == 7
    assert ev.details["dureza"][0]["points"] == 0  # it scores nothing


def test_kos_by_and_of_unknown_runners(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Zoe, victim: Yago, attack: other, turn: 1}]\n")
    assert [f.place.path[-1] for f in ev.findings.errors] == ["by", "victim"]
    assert codes(ev) == ["campaign-unknown-runner", "campaign-unknown-runner"]


def test_days_are_bounded(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Ana, victim: Cid, attack: dt, turn: 1001}]\n")
    assert codes(ev) == ["value-out-of-range"]


def test_a_runner_of_a_team_beside_the_campaign_but_not_in_it(campaign, tmp_path):
    (tmp_path / "verdes.yaml").write_text("system: cripmaquion\nteam: Verdes\nrunners:\n  - {name: Gil, race: orco}\n",
                                          encoding="utf-8")
    (tmp_path / "rota.yaml").write_text("system: [\n", encoding="utf-8")  # unreadable files beside are passed over
    ev = campaign("  - {name: J1, finish: [Ana, Gil]}\n")
    finding = only(ev, "campaign-unknown-runner")
    assert finding.variant == "other-team"
    assert finding.message("es").endswith("«Gil» corre con «Verdes» (verdes.yaml), que no está en la campaña")


# --- builder's rulings where §11 is silent or contradicts itself ----------------------------------
# Where §11 is silent or contradicts itself: builder's rulings 36a-36d, each shown as a warning that
# names it wherever it changes a figure.
#
# Teams (conftest): Rojos Ana humano RES 3, Bea ogro (manejar) RES 4, Eva elfo RES 2; Azules Cid
# goblin RES 1, Dan troll RES 5, Fer enano (rodar) RES 5. Cripmaquiazos 25 18 15 12 10 8 6 4 2 1 (l.
# 1301-1307); dureza RES by DT, 2 × RES otherwise (l. 1347-1353); honor bronce 5 4 3 2 1, plata 15
# 12 9 7 5 3 1, oro 30 25 20 16 12 10 7 5 3 2 [1] (l. 1364-1366).


# 36a. Gold: "los 10 primeros" (l. 1366) and a day sheet of ten rows (l. 1615-1649) against an eleventh
# printed value (1): the eleventh crowns for nothing, and is told so.

def test_the_eleventh_over_a_gold_summit_scores_nothing_and_is_warned(campaign, tmp_path):
    (tmp_path / "rojos.yaml").write_text((tmp_path / "rojos.yaml").read_text(encoding="utf-8")
                                         + "".join(f"  - {{name: R{i}, race: orco}}\n" for i in range(6)),
                                         encoding="utf-8")
    order = ["Ana", "Bea", "Eva", "Cid", "Dan", "Fer", "R0", "R1", "R2", "R3", "R4", "R5"]
    ev = campaign(f"  - {{name: J1, finish: [], summits: [{{category: oro, order: [{', '.join(order)}]}}]}}\n")
    assert ev.legal
    points = [r["points"] for r in ev.details["stages"][0]["summits"][0]["order"]]
    assert points == [30, 25, 20, 16, 12, 10, 7, 5, 3, 2, 0, 0]  # the 11th (R4) not 1; the 12th nothing anyway
    finding = only(ev, "campaign-gold-eleventh")
    assert finding.severity == "warning"
    assert finding.place.path == ("stages", 0, "summits", 0, "order", 10)
    assert finding.params["name"] == "R4" and finding.params["value"] == 1 and finding.params["position"] == 11
    assert "regla 36a de builder" in finding.message("es") and "builder's ruling 36a" in finding.message("en")


def test_ten_over_gold_or_an_eighth_over_silver_draw_no_warning(campaign):
    # Silver pays seven (l. 1365) and prints seven values: the eighth is outside the row, no ruling needed.
    ev = campaign("  - {name: J1, finish: [], summits: [{category: oro, order: [Ana, Bea, Eva, Cid, Dan, Fer]},"
                  " {category: plata, order: [Ana, Bea, Eva, Cid, Dan, Fer]}]}\n")
    assert warnings(ev, "campaign-gold-eleventh") == []


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


# --- ruling 73: a misspelt key hides nothing else (issue 32) --------------------------------


def test_a_misspelt_key_and_a_rule_broken_on_one_ko_are_reported_in_one_run(campaign):
    # The KO writes «turno» (turn is the key, and is written too) and Bea knocks out Bea.
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Bea, victim: Bea, attack: dt, turn: 1, turno: 2}]\n")
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("campaign-self-ko", None, ("stages", 0, "kos", 0)),
                     ("invalid-field", "extra_forbidden", ("stages", 0, "kos", 0, "turno"))]
    assert ev.fingerprint is None


def test_a_misspelt_key_and_a_wrong_value_on_one_ko_are_reported_in_one_run(campaign):
    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Bea, victim: Cid, attack: dt, turn: 0, turno: 2}]\n")
    found = sorted((f.code, f.variant, f.place.path) for f in ev.findings.errors)
    assert found == [("invalid-field", "extra_forbidden", ("stages", 0, "kos", 0, "turno")),
                     ("value-out-of-range", None, ("stages", 0, "kos", 0, "turn"))]


# --- 36i: a zombi is never knocked out by DT (issue 49) ----------------------------------------
# ASQUEROSO (l. 752), the zombi's skill (l. 740) and obligatoria (l. 748): never the object of a DT
# attack. Other KOs can reach him: FT attacks (l. 400, 439), a thrown runner (l. 794), a kicked head
# (l. 858). Zom, zombi RES 2, races for the Azules.


def _with_zombi(tmp_path):
    add_runner(tmp_path, "azules.yaml", "{name: Zom, race: zombi}")


def test_a_dt_ko_of_a_zombi_is_an_error_at_its_attack(campaign, tmp_path):
    _with_zombi(tmp_path)
    ev = campaign(kos("{by: Ana, victim: Zom, attack: dt, turn: 2}"))
    finding = only(ev, "campaign-dt-ko-asqueroso")
    assert finding.severity == "error" and not ev.legal
    assert finding.place.path == ("stages", 0, "kos", 0, "attack") and finding.place.line == 8
    assert finding.params == {"by": "Ana", "victim": "Zom", "stage": "J1"}
    assert "regla 36i de builder" in finding.message("es") and "builder's ruling 36i" in finding.message("en")
    assert "attack: other" in finding.message("es") and "attack: other" in finding.message("en")


def test_any_other_ko_of_a_zombi_is_allowed(campaign, tmp_path):
    _with_zombi(tmp_path)
    # A zancadilla in Zom's own TP (an FT attack, l. 400) and a thrown runner (Bea, l. 794).
    ev = campaign(kos("{by: Ana, victim: Zom, attack: other, turn: 2, tp: Zom}",
                      "{by: Bea, victim: Zom, attack: other, turn: 3}"))
    assert ev.legal and codes(ev) == []


def test_only_the_asqueroso_is_spared_dt(campaign, tmp_path):
    _with_zombi(tmp_path)
    # Dan (troll) has no asqueroso: a DT KO of him is as before.
    ev = campaign(kos("{by: Ana, victim: Dan, attack: dt, turn: 2}"))
    assert ev.legal and codes(ev) == []


def test_a_zombi_knocking_himself_out_is_one_error(campaign, tmp_path):
    _with_zombi(tmp_path)
    ev = campaign(kos("{by: Zom, victim: Zom, attack: dt, turn: 2}"))
    assert codes(ev) == ["campaign-self-ko"]

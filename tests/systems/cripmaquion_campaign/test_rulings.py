"""Where §11 is silent or contradicts itself: builder's rulings 36a-36d, each shown as a warning that
names it wherever it changes a figure.

Teams (conftest): Rojos Ana humano RES 3, Bea ogro (manejar) RES 4, Eva elfo RES 2;
Azules Cid goblin RES 1, Dan troll RES 5, Fer enano (rodar) RES 5.
Cripmaquiazos 25 18 15 12 10 8 6 4 2 1 (l. 1301-1307); dureza RES by DT, 2 × RES otherwise
(l. 1347-1353); honor bronce 5 4 3 2 1, plata 15 12 9 7 5 3 1, oro 30 25 20 16 12 10 7 5 3 2 [1]
(l. 1364-1366).
"""

import pytest

from tests.support import codes, only
from tests.systems.cripmaquion_campaign.conftest import table

GOBLIN_FOR_ROJOS = "  - {name: Gil, race: goblin}\n"  # manejable, RES 1: Bea can throw him


def warnings(ev, code):
    return [f for f in ev.findings.warnings if f.code == code]


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


# 36b. General ties: the minor classifications break them (l. 1319, 1325), dureza first (§11.3.1 before
# §11.3.2). When dureza and honor order the level runners opposite ways, the warning says builder chose.

def test_a_general_tie_that_dureza_and_honor_break_opposite_ways_is_warned(campaign):
    # Ana 25 + 18 = 43, Cid 18 + 25 = 43. Cid KOs Bea (ogro RES 4, DT) → dureza 4; Ana first over a bronze
    # summit → honor 5. Dureza decides: Cid 1st, Ana 2nd; by honor it would be the other way.
    ev = campaign("  - {name: J1, finish: [Ana, Cid], summits: [{category: bronce, order: [Ana]}]}\n"
                  "  - {name: J2, finish: [Cid, Ana], kos: [{by: Cid, victim: Bea, attack: dt, turn: 1}]}\n")
    assert ev.legal
    assert table(ev, "general", "cripmaquiazos")[:2] == [(1, "Cid", 43), (2, "Ana", 43)]
    finding = only(ev, "campaign-general-tie")
    assert finding.severity == "warning" and finding.place.path == ("stages",)
    assert finding.params["n"] == 43 and finding.params["order"] == "Cid (4/0), Ana (0/5)"
    assert "regla 36b de builder" in finding.message("es") and "builder's ruling 36b" in finding.message("en")


@pytest.mark.parametrize("extra", [
    "kos: [{by: Cid, victim: Bea, attack: dt, turn: 1}]",                      # dureza alone: Cid 4, honor 0-0
    "summits: [{category: bronce, order: [Cid, Ana]}]",                         # honor alone: Cid 5, Ana 4
    "kos: [{by: Cid, victim: Bea, attack: dt, turn: 1}], summits: [{category: bronce, order: [Cid]}]",  # both Cid
])
def test_a_general_tie_every_reading_breaks_alike_draws_no_warning(campaign, extra):
    ev = campaign("  - {name: J1, finish: [Ana, Cid]}\n"
                  f"  - {{name: J2, finish: [Cid, Ana], {extra}}}\n")
    assert table(ev, "general", "cripmaquiazos")[:2] == [(1, "Cid", 43), (2, "Ana", 43)]
    assert warnings(ev, "campaign-general-tie") == []


# 36c. Minor ties: the book breaks only a tie for first, by cripmaquiazos (l. 1370). Runners who scored
# and share a lower place that cripmaquiazos would split are told it stays shared.

def test_a_shared_place_below_first_that_cripmaquiazos_would_split_is_warned(campaign):
    # Silver 15, 12 (l. 1365): day 1 Eva 15, Ana 12; day 2 Fer 15, Cid 12 → honor Fer 15, Eva 15, Ana 12,
    # Cid 12. Cripmaquiazos: day 1 [Ana, Cid] Ana 25, Cid 18; day 2 [Cid, Fer, Ana] Cid 25, Fer 18, Ana 15
    # → Ana 25 + 15 = 40, Cid 18 + 25 = 43, Fer 18, Eva 0.
    # First: Fer and Eva level on 15, Fer has more cripmaquiazos: Fer 1st, Eva 2nd (l. 1370), no warning.
    # Third: Ana (40) and Cid (43) level on 12 share 3rd (ruling 36c): warned.
    ev = campaign("  - {name: J1, finish: [Ana, Cid], summits: [{category: plata, order: [Eva, Ana]}]}\n"
                  "  - {name: J2, finish: [Cid, Fer, Ana], summits: [{category: plata, order: [Fer, Cid]}]}\n")
    assert table(ev, "honor")[:4] == [(1, "Fer", 15), (2, "Eva", 15), (3, "Ana", 12), (3, "Cid", 12)]
    finding = only(ev, "campaign-minor-tie")
    assert finding.severity == "warning"
    assert (finding.params["position"], finding.params["points"]) == (3, 12)
    assert finding.params["names"] == "Ana (40), Cid (43)"
    assert "honor" in finding.message("es") and "regla 36c de builder" in finding.message("es")
    assert "builder's ruling 36c" in finding.message("en")


def test_shared_places_nobody_could_split_draw_no_warning(campaign):
    # Dureza: Ana KOs Dan (troll RES 5, DT) 5 and Bea KOs Fer (enano RES 5, DT) 5; finish [Ana, Bea] gives
    # 25 and 18, so the tie for first is broken (Ana 1st, Bea 2nd). The four who scored nothing share 3rd
    # whatever their cripmaquiazos: nothing of theirs is at stake, no warning.
    ev = campaign("  - name: J1\n    finish: [Ana, Bea, Cid]\n    kos:\n"
                  "      - {by: Ana, victim: Dan, attack: dt, turn: 1}\n"
                  "      - {by: Bea, victim: Fer, attack: dt, turn: 1}\n")
    assert table(ev, "dureza")[:3] == [(1, "Ana", 5), (2, "Bea", 5), (3, "Eva", 0)]
    assert warnings(ev, "campaign-minor-tie") == []


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


def test_the_day_says_a_teammates_ko_does_not_count(campaign):
    from builder.systems.cripmaquion_campaign.view import as_text

    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Cid, victim: Dan, attack: other, turn: 1}]\n")
    assert "KO de Cid a Dan (turno 1, otro): 0 p. (compañero de escuadra: no puntúa, regla 36d de builder)" \
        in as_text(ev, "es")

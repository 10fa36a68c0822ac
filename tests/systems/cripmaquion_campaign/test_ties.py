"""Ties the book leaves open and builder's rulings settle (36b, 36c): each said as a warning naming
its ruling, and only where the reading changes a place.

Teams (conftest): Rojos Ana humano RES 3, Bea ogro (manejar) RES 4, Eva elfo RES 2;
Azules Cid goblin RES 1, Dan troll RES 5, Fer enano (rodar) RES 5.
Cripmaquiazos 25 18 15 12 10 8 6 4 2 1 (l. 1301-1307); dureza RES by DT, 2 × RES otherwise
(l. 1347-1353); honor bronce 5 4 3 2 1, plata 15 12 9 7 5 3 1, oro 30 25 20 16 12 10 7 5 3 2 [1]
(l. 1364-1366).
"""

import pytest

from tests.support import only
from tests.systems.cripmaquion_campaign.conftest import table, warnings


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

"""A campaign's days and standings as people read them (``builder campaign``'s text)."""

from tests.systems.cripmaquion_campaign.conftest import kos


def test_the_day_says_a_teammates_ko_does_not_count(campaign):
    from builder.systems.cripmaquion_campaign.view import as_text

    ev = campaign("  - name: J1\n    finish: []\n    kos: [{by: Cid, victim: Dan, attack: other, turn: 1}]\n")
    assert "KO de Cid a Dan (turno 1, otro): 0 p. (compañero de escuadra: no puntúa, regla 36d de builder)" \
        in as_text(ev, "es")


def test_the_day_says_whose_turn_it_was(campaign):
    from builder.systems.cripmaquion_campaign.view import as_text

    ev = campaign(kos("{by: Ana, victim: Dan, attack: other, turn: 3, tp: Dan}",
                      "{by: Ana, victim: Cid, attack: dt, turn: 3}"))
    assert "KO de Ana a Dan (turno 3, TP de Dan, otro): 10 p." in as_text(ev, "es")
    assert "KO by Ana on Cid (turn 3, by DT): 1 pts" in as_text(ev, "en")

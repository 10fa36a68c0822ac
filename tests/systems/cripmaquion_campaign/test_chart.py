from pathlib import Path

from builder.core.pipeline import evaluate
from builder.systems.cripmaquion_campaign.chart import team_chart

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "cripmaquion" / "infierno-de-amauta.yaml"


def test_each_teams_cripmaquiazos_are_added_up_day_after_day():
    chart = team_chart(evaluate(str(EXAMPLE), str(EXAMPLE)).details, "es")
    assert chart.categories == ("Salida", "1ª jornada", "2ª jornada")
    # Cripmaquiazos by place (§11.1.1): 25 18 15 12 10 8 6 4 2 1.
    # Day 1, Saqueadores: Lizardo 1º 25 + Sven 3º 15 + Charles Watson 7º 6 + Ech Pi El 10º 1 (+ Sangrefría 11º, Ram
    # Amón eliminated: 0) = 47; Grupetto: Gnatte 2º 18 + Arcada 4º 12 + Kort 5º 10 + Gengis 6º 8 + Gurtlutz 8º 4
    # + Pogco 9º 2 = 54.
    # Day 2, Saqueadores: Lizardo 2º 18 + Sven 4º 12 + Ram Amón 7º 6 + Charles Watson 9º 2 = 38 → 47 + 38 = 85;
    # Grupetto: Arcada 1º 25 + Gnatte 3º 15 + Gurtlutz 5º 10 + Kort 6º 8 + Gengis 8º 4 + Pogco 10º 1 = 63 → 117.
    assert [(s.name, s.values) for s in chart.series] == [("Los Saqueadores de Río Lobo", (0, 47, 85)),
                                                          ("El Grupetto verde", (0, 54, 117))]
    assert chart.title == "Cripmaquiazos de cada equipo, jornada a jornada"


def test_the_chart_speaks_the_users_language_and_tells_apart_teams_of_one_name():
    details = {"teams": [{"team": "Rayo", "file": "a.yaml", "runners": ["X"]},
                         {"team": "Rayo", "file": "b.yaml", "runners": ["Y"]}],
               "stages": [{"name": "Day 1", "runners": [{"runner": "X", "cripmaquiazos": 25},
                                                          {"runner": "Y", "cripmaquiazos": 18}]}]}
    chart = team_chart(details, "en")
    assert chart.title == "Each team's cripmaquiazos, day by day" and chart.categories == ("Start", "Day 1")
    assert [(s.name, s.values) for s in chart.series] == [("Rayo (a.yaml)", (0, 25)), ("Rayo (b.yaml)", (0, 18))]

"""The chart's SVG, read back as XML: what it says and how its series are drawn apart."""

import re
from xml.etree import ElementTree

from builder.core.charts import LineChart, Series
from builder.export.charts import DASHES, svg, swatch

CHART = LineChart("Cripmaquiazos de cada equipo", ("Salida", "1ª jornada", "2ª jornada"),
                  (Series("Los Saqueadores <de> Río Lobo", (0, 47, 85)), Series("El Grupetto verde", (0, 54, 117)),
                   Series("Tercero", (0, 1, 2))), y_title="Cripmaquiazos")


def texts(markup: str) -> list[str]:
    return [" ".join("".join(e.itertext()).split()) for e in ElementTree.fromstring(markup).iter()
            if isinstance(e.tag, str) and e.tag.endswith("}text")]


def test_the_chart_names_its_title_its_days_and_each_team_at_the_end_of_its_line():
    markup = svg(CHART, "7")
    root = ElementTree.fromstring(markup)
    assert root.get("id") == "chart-7"  # the same id on every run
    words = texts(markup)
    assert "Cripmaquiazos de cada equipo" in words and "2ª jornada" in words and "Cripmaquiazos" in words
    # A team's name is text (escaped, never markup), beside its last point.
    assert "Los Saqueadores <de> Río Lobo" in words and "El Grupetto verde" in words and "Tercero" in words


def test_nothing_in_the_chart_runs():
    markup = svg(CHART)
    assert "<script" not in markup and "pygal.js" not in markup


def test_each_series_has_its_own_dash_and_every_rule_stays_inside_the_chart():
    markup = svg(CHART, "3")
    style = "".join(e.text or "" for e in ElementTree.fromstring(markup).iter() if str(e.tag).endswith("}style"))
    dashes = [re.search(rf"#chart-3 \.serie-{i} \.line\s*\{{[^}}]*stroke-dasharray:\s*([^;}}]+)", style).group(1)
              for i in range(3)]
    assert dashes == list(DASHES[:3]) and len(set(dashes)) == 3
    # Every selector starts at the chart's id: no rule of the chart styles the page around it.
    selectors = [part.strip() for rule in re.findall(r"([^{}]+)\{", style) for part in rule.split(",")]
    assert selectors and all(s.startswith("#chart-3") for s in selectors if not s.startswith("@"))


def test_the_legend_swatch_draws_the_series_dash_and_dot():
    solid, dashed = ElementTree.fromstring(swatch(CHART, 0)), ElementTree.fromstring(swatch(CHART, 1))
    line = lambda root: next(e for e in root.iter() if e.tag.endswith("}line"))  # noqa: E731
    dot = lambda root: next(e for e in root.iter() if e.tag.endswith("}circle"))  # noqa: E731
    assert line(solid).get("stroke-dasharray") is None and line(dashed).get("stroke-dasharray") == DASHES[1]
    assert dot(solid).get("fill") != "white" and dot(dashed).get("fill") == "white"  # filled, then hollow

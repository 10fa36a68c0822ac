"""The campaign's chart: each team's cripmaquiazos added up after every day, to see who rises and
who falls. The book ranks runners, not teams (§11.1.2); a team's line adds up its own runners."""

from __future__ import annotations

from typing import Any

from builder.core.charts import LineChart, Series
from builder.core.messages import text


def team_chart(details: dict[str, Any], lang: str) -> LineChart:
    """From the start (0) to the last day: each team's runners' cripmaquiazos so far."""
    t = lambda key, **p: text(key, lang, **p)  # noqa: E731
    teams = details.get("teams", [])
    names = [row["team"] or row["file"] for row in teams]
    # Two teams may share a name: the file tells them apart.
    labels = [f"{name} ({row['file']})" if names.count(name) > 1 else name for name, row in zip(names, teams)]
    series = []
    for label, row in zip(labels, teams):
        runners, total, values = set(row.get("runners", [])), 0, [0]
        for stage in details.get("stages", []):
            total += sum(day["cripmaquiazos"] for day in stage["runners"] if day["runner"] in runners)
            values.append(total)
        series.append(Series(label, tuple(values)))
    return LineChart(title=t("cc.chart.title"),
                     categories=(t("cc.chart.start"), *(stage["name"] for stage in details.get("stages", []))),
                     series=tuple(series), y_title=t("cc.col.cripmaquiazos"), note=t("cc.chart.note"),
                     tab=t("cc.chart.tab"))

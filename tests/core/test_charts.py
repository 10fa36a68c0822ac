import pytest

from builder.core.charts import LineChart, Series


def test_a_series_has_a_value_for_every_point():
    chart = LineChart("t", ("Salida", "1ª jornada"), (Series("A", (0, 25)),))
    assert chart.series[0].values == (0, 25)
    with pytest.raises(ValueError):
        LineChart("t", ("Salida", "1ª jornada"), (Series("A", (0, 25, 40)),))

"""A chart described as plain data, drawn by the exports (no charting library here).

A :class:`LineChart` is what a printout (:mod:`builder.core.printout`) or a workbook
(:mod:`builder.core.workbook`) carries: a title, the points along the horizontal axis, and one
line of values per series. The PDF draws it as SVG and the spreadsheet as a native chart, each
with every series told apart by its dash pattern, its marker and its name as well as its shade
of grey, so it reads the same printed in black and white.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int | float, ...]


@dataclass(frozen=True)
class LineChart:
    title: str
    categories: tuple[str, ...]
    """The points along the horizontal axis, in order (a campaign's start and its days)."""
    series: tuple[Series, ...] = field(default_factory=tuple)
    x_title: str = ""
    y_title: str = ""
    note: str = ""
    """A line under the chart saying what it adds up."""
    tab: str = ""
    """A short name for the spreadsheet's sheet that holds it (the title if empty)."""

    def __post_init__(self) -> None:
        for s in self.series:
            if len(s.values) != len(self.categories):
                raise ValueError(f"series {s.name!r} has {len(s.values)} values for {len(self.categories)} points")

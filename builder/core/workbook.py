"""What a system puts in a spreadsheet, described as plain data (no openpyxl here).

A system describes its sheets as :class:`Table` objects and its summary lines as
:class:`Fact` objects; :mod:`builder.export.xlsx` lays them out. Formulas are written
with placeholders so that totals recompute when someone edits a count:

- in a column's ``formula``, ``{count}`` is the cell of column ``count`` in the same row;
- a single cell may hold a :class:`CellFormula`, where ``{count@3}`` is also the cell of
  column ``count`` in the table's row 3 (counted from 0);
- in a fact's ``formula``, ``{total:squads.points}`` is the totals cell of that column
  and ``{fact:limit}`` the value cell of another fact; ``{rows:heroes}`` counts the named rows
  of table ``heroes`` (its first column), so a row deleted from the sheet is a row less, and
  ``{range:runners.lined_up}`` is the cells of a column's rows (for a COUNTIF).

A sheet's name is its table's ``title``, which comes from the message catalog, never from the
user's data: a name the user chose (a campaign's day) goes in the table's ``caption`` instead,
a line above its header.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from builder.core.charts import LineChart

Kind = Literal["text", "int", "number", "count", "flag", "formula"]


@dataclass(frozen=True)
class CellFormula:
    """One cell computed from others (e.g. a crew line's count from its vehicles' count)."""

    expression: str

    def __str__(self) -> str:
        return ""  # a formula takes no width of its own


@dataclass
class Column:
    key: str
    header: str
    kind: Kind = "text"
    width: int = 14
    formula: str | None = None
    """For kind "formula": an Excel expression over other columns of the row, e.g. "{count}*{cost}"."""
    total: bool = False
    """Sum this column in a totals row under the table."""
    choices: tuple[str, ...] = ()
    """The only values a cell may take, offered as a drop-down (e.g. Sí / No where a cell drives a total)."""
    bar: bool = False
    """Draw each row's share of the column's sum as a grey bar in its cell: where the points go."""


@dataclass
class Table:
    key: str
    title: str
    columns: list[Column]
    rows: list[dict[str, Any]]
    total_label: str = ""
    caption: str | None = None
    """A line above the header (e.g. the name of a campaign's day, whose sheet is «Jornada 2»)."""


@dataclass
class Fact:
    label: str
    value: Any = None
    formula: str | None = None
    key: str | None = None
    kind: Kind = "text"
    matches: str | None = None
    """The key of the checked fact this one must equal: a «¿Coincide?» row compares them."""


@dataclass
class WorkbookSpec:
    facts: list[Fact] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    charts: list[LineChart] = field(default_factory=list)
    """Each drawn as a native chart on a sheet of its own after the summary, beside its figures."""

"""Sheets written row by row (openpyxl's write-only mode): a table of as many rows as an event has
lists costs the rows' values, never a cell object each. Laid out as
:func:`builder.export.xlsx.write_table` lays out a table: a frozen bold header, each column as
wide as its values (up to a most), a long text wrapped with its row grown to hold it, every text
stored as text (``=1+1`` shows as typed)."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from builder.core.workbook import Column
from builder.export import fontmetrics as fm
from builder.core.terminal import printable
from builder.export.xlsx import BASE_FONT, FORMATS, HEADER_FILL, HEADER_FONT, _width, print_setup

Styler = Callable[[str, Any], tuple[Font, PatternFill] | None]
"""A column's key and a cell's value → the font and fill that cell takes, or None for the plain look."""
TOP = Alignment(wrap_text=True, vertical="top")
HEAD = Alignment(wrap_text=True, vertical="center")


def streamed_workbook() -> Workbook:
    """A write-only workbook whose default font is builder's (as :func:`builder.export.xlsx.new_workbook`)."""
    book = Workbook(write_only=True)
    book._fonts = IndexedList([BASE_FONT])
    book._named_styles["Normal"].font = BASE_FONT
    return book


def cell(ws: WriteOnlyWorksheet, value: Any, font: Font | None = None, fill: PatternFill | None = None,
         alignment: Alignment | None = None, number_format: str | None = None) -> WriteOnlyCell:
    if isinstance(value, str):
        value = printable(value)
    made = WriteOnlyCell(ws, value=value)
    if isinstance(value, str):
        made.data_type = "s"  # text as text: never a formula
    if font is not None:
        made.font = font
    if fill is not None:
        made.fill = fill
    if alignment is not None:
        made.alignment = alignment
    if number_format is not None:
        made.number_format = number_format
    return made


def stream_table(ws: WriteOnlyWorksheet, columns: list[Column], rows: list[dict[str, Any]],
                 style: Styler = lambda key, value: None) -> None:
    """Write ``rows`` under a header of ``columns``, filterable, its header frozen and printed on
    every page. The widths are set first (a write-only sheet takes none once a row is written)."""
    widths = [_width(column, rows) for column in columns]
    for i, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    lines = max((len(fm.lines(str(c.header), w, bold=True)) for c, w in zip(columns, widths)), default=1)
    ws.row_dimensions[1].height = fm.row_height(lines, bold=True)
    ws.freeze_panes = "A2"
    last = get_column_letter(max(len(columns), 1))
    ws.auto_filter.ref = f"A1:{last}{len(rows) + 1}"
    ws.print_area = f"A1:{last}{len(rows) + 1}"
    print_setup(ws, header_rows="1:1")
    ws.append([cell(ws, c.header, HEADER_FONT, HEADER_FILL, HEAD) for c in columns])
    for r, row in enumerate(rows, start=2):
        out, tallest = [], 1
        for column, width in zip(columns, widths):
            value = row.get(column.key)
            looks = style(column.key, value) or (None, None)
            wrap = isinstance(value, str) and fm.text_px(value) > fm.inside_px(width)
            if wrap:
                tallest = max(tallest, len(fm.lines(value, width)))
            out.append(cell(ws, value, *looks, alignment=TOP if wrap else None,
                            number_format=FORMATS.get(column.kind)))
        if tallest > 1:
            ws.row_dimensions[r].height = fm.row_height(tallest)
        ws.append(out)


def stream_facts(ws: WriteOnlyWorksheet, title: str, facts: Iterable[tuple[str, Any]], title_font: Font,
                 label_font: Font, label_width: float, title_height: float) -> None:
    """A cover: a title, an empty row, then a label and its value a row (the value beside its label)."""
    facts = list(facts)
    ws.column_dimensions["A"].width = label_width
    ws.column_dimensions["B"].width = 40
    ws.row_dimensions[1].height = title_height
    print_setup(ws, header_rows=None)
    ws.print_area = f"A1:B{len(facts) + 2}"
    ws.append([cell(ws, title, title_font)])
    ws.append([])
    for label, value in facts:
        ws.append([cell(ws, label, label_font), cell(ws, value, alignment=Alignment(horizontal="left"))])

"""Lay out a system's workbook spec with openpyxl: summary first, then the units, then the problems.

Every sheet is set in Arial 10 (see :mod:`builder.export.fontmetrics`), and sized to its text:
columns as wide as their values and their header's longest word, header rows as tall as their
wrapped text, measured with the font's own advance widths.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.chart import LineChart as SheetLineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.formatting.rule import DataBarRule
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from builder.core import registry
from builder.core.charts import LineChart
from builder.core.workbook import CellFormula, Column, Fact, Table, WorkbookSpec
from builder.core.messages import text
from builder.core.system import Evaluation
from builder.core.terminal import printable
from builder.export import fontmetrics as fm
from builder.export.fontmetrics import FONT, SIZE

TITLE_SIZE = 14
BASE_FONT = Font(name=FONT, size=SIZE, family=2)
"""The workbook's own font (its Normal style): every cell without a style, and the unit of column widths."""
HEADER_FONT = Font(name=FONT, size=SIZE, bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="44546A")
LABEL_FONT = Font(name=FONT, size=SIZE, bold=True)
DRAFT_FONT = Font(name=FONT, bold=True, color="C00000", size=TITLE_SIZE)
TITLE_FONT = Font(name=FONT, bold=True, size=TITLE_SIZE)
WIDTH_MOST = 60
"""Characters a column may be widened to; longer text wraps."""
HEADER_LINES = 3
"""Lines a header may wrap into before its column widens."""
FORMATS = {"int": "0", "count": "0", "number": "0.0#", "formula": "0"}
_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def new_workbook() -> Workbook:
    """An empty workbook whose default font is :data:`BASE_FONT` instead of openpyxl's Calibri 11."""
    wb = Workbook()
    wb._fonts = IndexedList([BASE_FONT])  # font 0 is the one a cell without a style of its own shows
    wb._named_styles["Normal"].font = BASE_FONT
    return wb


def sheet_title(title: str, taken: set[str]) -> str:
    """A valid, unique sheet name: at most 31 characters, none of []:*?/\\."""
    base = _FORBIDDEN.sub(" ", title).strip(" '") or "Hoja"
    base = base[:31]
    name, n = base, 2
    while name.lower() in taken:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    taken.add(name.lower())
    return name


def put(ws: Worksheet, row: int, col: int, value: Any) -> Any:
    """Write a value; text is always stored as text, so "=1+1" or "@x" in a name shows as typed,
    and a control character (which a worksheet can't hold) shows as its escape."""
    if isinstance(value, str):
        value = printable(value)
    cell = ws.cell(row=row, column=col, value=value)
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def write_workbook(evaluation: Evaluation, spec: WorkbookSpec, path: Path, lang: str, draft: bool,
                   today: dt.date | None = None) -> None:
    wb = new_workbook()
    summary = wb.active
    taken: set[str] = set()
    summary.title = sheet_title(text("xl.summary", lang), taken)
    sheets = [(table, wb.create_sheet(sheet_title(table.title, taken))) for table in spec.tables]
    for i, chart in enumerate(spec.charts, start=1):  # right after the summary: what people look at first
        write_chart(wb.create_sheet(sheet_title(chart.tab or chart.title, taken), i), chart)
    totals: dict[str, str] = {}
    for table, ws in sheets:
        totals.update(write_table(ws, table))
    _write_summary(summary, evaluation, spec.facts, totals, lang, draft, today or dt.date.today())
    _write_problems(wb.create_sheet(sheet_title(text("xl.problems", lang), taken)), evaluation, lang)
    if draft:
        _mark_draft(wb, text("xl.draft", lang))
    set_print_areas(wb)
    wb.save(path)


def _mark_draft(wb: Workbook, mark: str) -> None:
    """Every sheet of a draft says so: a red tab, the mark beside its headers, and on every printed page."""
    for ws in wb.worksheets:
        ws.sheet_properties.tabColor = "C00000"
        ws.oddHeader.center.text = mark
        ws.oddHeader.center.color = "C00000"
        if ws is not wb.worksheets[0]:  # the summary shows it under the title already
            column = ws.max_column + 2
            put(ws, 1, column, mark).font = DRAFT_FONT
            ws.column_dimensions[get_column_letter(column)].width = fm.width_for(
                fm.text_px(mark, True, TITLE_SIZE), SIZE)
            fit_row(ws, 1, fm.row_height(1, True, TITLE_SIZE))


def _write_summary(ws: Worksheet, ev: Evaluation, facts: list[Fact], totals: dict[str, str], lang: str,
                   draft: bool, today: dt.date) -> None:
    row = 1
    put(ws, row, 1, ev.name or "").font = TITLE_FONT
    if draft:
        row += 1
        put(ws, row, 1, text("xl.draft", lang)).font = DRAFT_FONT
    row += 2
    generic = [
        Fact(text("xl.system", lang), _system_title(ev)),
        Fact(text("xl.name", lang), ev.name),
        *([Fact(text("xl.player", lang), ev.player)] if ev.player else []),
        Fact(text("xl.legal", lang), text("xl.yes" if ev.legal else "xl.no", lang)),
        Fact(text("xl.fingerprint", lang), ev.fingerprint, key="fingerprint"),
    ]
    if ev.points is not None:
        generic.append(Fact(text("xl.points-checked", lang), ev.points, key="points", kind="int"))
    if ev.points_limit is not None:
        generic.append(Fact(text("xl.points-limit", lang), ev.points_limit, key="limit", kind="int"))
    generic.append(Fact(text("xl.date", lang), today.isoformat()))
    cells: dict[str, str] = {}
    for fact in generic + facts:
        put(ws, row, 1, fact.label).font = LABEL_FONT
        if fact.formula:
            cell = ws.cell(row=row, column=2, value="=" + _resolve(fact.formula, totals, cells))
        else:
            cell = put(ws, row, 2, fact.value)
        if fact.kind in FORMATS:
            cell.number_format = FORMATS[fact.kind]
        cell.alignment = Alignment(horizontal="left")
        if fact.key:
            cells[fact.key] = f"B{row}"
        row += 1
    yes, no = text("xl.matches-yes", lang).replace('"', "'"), text("xl.matches-no", lang).replace('"', "'")
    labels = [str(f.label) for f in generic + facts]
    for fact in facts:
        if fact.key and fact.matches in cells and fact.key in cells:
            # Beside the fingerprint: does this sheet still add up to what was checked?
            labels.append(text("xl.matches", lang))
            put(ws, row, 1, labels[-1]).font = LABEL_FONT
            ws.cell(row=row, column=2, value=f'=IF({cells[fact.key]}={cells[fact.matches]},"{yes}","{no}")')
            row += 1
    ws.column_dimensions["A"].width = label_width(labels)
    ws.column_dimensions["B"].width = 40
    fit_row(ws, 1, fm.row_height(1, True, TITLE_SIZE))
    if draft:
        fit_row(ws, 2, fm.row_height(1, True, TITLE_SIZE))
    print_setup(ws, header_rows=None)


def label_width(labels: list[str]) -> float:
    """A column of bold labels that never wrap: as wide as the longest, and at least as wide as
    its characters counted as digits (as it always was), up to WIDTH_MOST."""
    longest = max((fm.text_px(str(label), bold=True) for label in labels), default=0)
    return min(max(fm.width_for(longest), max((len(str(label)) for label in labels), default=0) + 2), WIDTH_MOST)


def fit_row(ws: Worksheet, row: int, height: float) -> None:
    """Make a row at least ``height`` points tall."""
    dimension = ws.row_dimensions[row]
    dimension.height = max(dimension.height or 0, height)


def write_table(ws: Worksheet, table: Table) -> dict[str, str]:
    """Write a table with a frozen bold header, under its caption if it has one; return the
    address of each totals cell (``table.column``) and of its named rows (``#table``)."""
    letters = {c.key: get_column_letter(i) for i, c in enumerate(table.columns, start=1)}
    head = 1
    if table.caption:
        put(ws, 1, 1, table.caption).font = TITLE_FONT
        fit_row(ws, 1, fm.row_height(1, True, TITLE_SIZE))
        head = 2
    first = head + 1
    most_lines = 1
    for i, column in enumerate(table.columns, start=1):
        cell = put(ws, head, i, column.header)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="center")
        width = _width(column, table.rows)
        ws.column_dimensions[letters[column.key]].width = width
        most_lines = max(most_lines, len(fm.lines(str(column.header), width, bold=True)))
    fit_row(ws, head, fm.row_height(most_lines, bold=True))
    for r, row in enumerate(table.rows, start=first):
        for i, column in enumerate(table.columns, start=1):
            value = row.get(column.key)
            if column.kind == "formula" and column.formula:
                cell = ws.cell(row=r, column=i, value="=" + _cells(column.formula, letters, r, first))
            elif isinstance(value, CellFormula):
                cell = ws.cell(row=r, column=i, value="=" + _cells(value.expression, letters, r, first))
            else:
                cell = put(ws, r, i, value)
            if column.kind in FORMATS:
                cell.number_format = FORMATS[column.kind]
            if isinstance(cell.value, str) and cell.data_type == "s":
                _wrap(ws, cell, ws.column_dimensions[letters[column.key]].width)
    last = first + len(table.rows) - 1
    _validate_counts(ws, table.columns, letters, first, last)
    _offer_choices(ws, table.columns, letters, first, last)
    _draw_bars(ws, table.columns, letters, first, last)
    sheet = quote_sheetname(ws.title)
    # A table without rows counts and totals 0: a range over "its rows" would take in its own cell (Err:522).
    totals = {f"#{table.key}": f"COUNTA({sheet}!$A${first}:$A${last})" if last >= first else "0"}
    if last >= first:
        totals.update({f"@{table.key}.{key}": f"{sheet}!${letter}${first}:${letter}${last}"
                       for key, letter in letters.items()})
    if any(c.total for c in table.columns):
        total_row = last + 1
        put(ws, total_row, 1, table.total_label).font = LABEL_FONT
        for i, column in enumerate(table.columns, start=1):
            if column.total:
                letter = letters[column.key]
                total = f"=SUM({letter}{first}:{letter}{last})" if last >= first else 0
                cell = ws.cell(row=total_row, column=i, value=total)
                cell.font, cell.number_format = LABEL_FONT, FORMATS.get(column.kind, "0")
                totals[f"{table.key}.{column.key}"] = f"{sheet}!${letter}${total_row}"
    ws.freeze_panes = f"A{first}"
    print_setup(ws, header_rows=f"1:{head}")
    return totals


BAR_GREY = "A6A6A6"
"""A data bar's grey: light enough under black figures, dark enough to print."""


def _draw_bars(ws: Worksheet, columns: list[Column], letters: dict[str, str], first: int, last: int) -> None:
    """A native data bar per row of a ``bar`` column, from 0 to the column's sum: each row's share."""
    if last < first:
        return
    for column in (c for c in columns if c.bar):
        letter = letters[column.key]
        rule = DataBarRule(start_type="num", start_value=0, end_type="formula",
                           end_value=f"SUM(${letter}${first}:${letter}${last})", color=BAR_GREY, showValue=True)
        ws.conditional_formatting.add(f"{letter}{first}:{letter}{last}", rule)


def _wrap(ws: Worksheet, cell: Any, width: float) -> None:
    """A text longer than its column (one wider than WIDTH_MOST) wraps, and its row grows to hold it."""
    if fm.text_px(cell.value) > fm.inside_px(width):
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        fit_row(ws, cell.row, fm.row_height(len(fm.lines(cell.value, width))))


def _cells(expression: str, letters: dict[str, str], row: int, first: int) -> str:
    """``{count}`` -> the row's count cell (``C5``); ``{count@3}`` -> the table's row 3's (``C5``
    when the rows start at row 2)."""
    def cell(match: re.Match) -> str:
        at = match.group(2)
        return f"{letters[match.group(1)]}{row if at is None else int(at) + first}"

    return re.sub(r"\{([\w-]+)(?:@(\d+))?\}", cell, expression)


def _validate_counts(ws: Worksheet, columns: list[Column], letters: dict[str, str], first: int, last: int) -> None:
    for column in columns:
        if column.kind != "count" or last < first:
            continue
        rule = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="0", allow_blank=False,
                              showErrorMessage=True, errorTitle="builder", error="≥ 0")
        rule.add(f"{letters[column.key]}{first}:{letters[column.key]}{last}")
        ws.add_data_validation(rule)


def _width(column: Column, rows: list[dict[str, Any]]) -> float:
    """A column as wide as its longest value (numbers never spill into the next column), at
    least as wide as the header's longest word in bold (headers wrap, words don't) and wide
    enough for the header in HEADER_LINES lines, never wider than WIDTH_MOST (longer values
    wrap). Each value counts as the wider of its measured width and its characters counted as
    digits, plus two."""
    values = [str(row.get(column.key)) for row in rows if row.get(column.key) is not None]
    if column.kind == "formula":
        values.append("0" * 6)
    value = max([fm.width_for(fm.text_px(v)) for v in values] + [len(v) + 2 for v in values], default=0)
    words = fm.words(str(column.header)) or ["0000"]
    header = max(fm.width_for(fm.text_px(word, bold=True)) for word in words)
    width = min(max(header, value, 8), WIDTH_MOST)
    while len(fm.lines(str(column.header), width, bold=True)) > HEADER_LINES and width < WIDTH_MOST:
        width += 1  # a long header widens its column rather than stand five words high
    return width


def _offer_choices(ws: Worksheet, columns: list[Column], letters: dict[str, str], first: int, last: int) -> None:
    """A drop-down where a cell may only take a few values: a typo ("Si") can't silently change a total."""
    for column in columns:
        if not column.choices or last < first:
            continue
        listed = ",".join(c.replace(",", " ") for c in column.choices)
        rule = DataValidation(type="list", formula1=f'"{listed}"', allow_blank=False, showErrorMessage=True,
                              errorTitle="builder", error=" / ".join(column.choices))
        rule.add(f"{letters[column.key]}{first}:{letters[column.key]}{last}")
        ws.add_data_validation(rule)


def _write_problems(ws: Worksheet, ev: Evaluation, lang: str) -> None:
    columns = [Column("severity", text("xl.severity", lang), width=10), Column("code", text("xl.code", lang), width=28),
               Column("message", text("xl.message", lang), width=90), Column("rule", text("xl.rule", lang), width=50)]
    rows = [{"severity": text(f"ui.{f.severity}", lang), "code": f.code, "message": f.shown(lang), "rule": f.rule}
            for f in ev.findings]
    write_table(ws, Table("problems", ws.title, columns, rows))
    for row in ws.iter_rows(min_row=2, min_col=1, max_col=4):  # a long message wraps (write_table)
        for cell in row:
            cell.alignment = Alignment(wrap_text=cell.alignment.wrap_text, vertical="top")


def set_print_areas(wb: Workbook) -> None:
    """Each sheet prints what it holds, from A1 to its last cell (the draft mark included)."""
    for ws in wb.worksheets:
        ws.print_area = ws.calculate_dimension()


def print_setup(ws: Worksheet, header_rows: str | None) -> None:
    """Printed landscape, one page wide, with the header rows repeated on every page."""
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.page_setup.orientation = "landscape"
    if header_rows:
        ws.print_title_rows = header_rows


def _resolve(formula: str, totals: dict[str, str], facts: dict[str, str]) -> str:
    def swap(match: re.Match) -> str:
        kind, name = match.group(1), match.group(2)
        if kind == "fact":
            return facts[name]
        return totals[{"total": name, "rows": f"#{name}", "range": f"@{name}"}[kind]]

    return re.sub(r"\{(total|fact|rows|range):([\w.-]+)\}", swap, formula)


def _system_title(ev: Evaluation) -> str:
    return registry.get(ev.system).title


CHART_SHADES = ("1D1D1D", "6B6B6B", "3F3F3F", "8F8F8F", "2D2D2D", "575757")
CHART_DASHES = ("solid", "dash", "sysDot", "dashDot", "lgDash", "sysDash")
CHART_MARKERS = ("circle", "triangle", "square", "diamond", "x", "star")
"""Each series told apart in black and white: its grey, its dash and its marker (as in the PDF)."""


def write_chart(ws: Worksheet, chart: LineChart) -> None:
    """The chart's figures as a small table (a row per point, a column per series) and, beside
    them, a native line chart drawn from those cells: edit a figure and the chart follows."""
    put(ws, 1, 1, chart.x_title)
    for col, series in enumerate(chart.series, start=2):
        put(ws, 1, col, series.name)
    for col in range(1, len(chart.series) + 2):
        ws.cell(row=1, column=col).font, ws.cell(row=1, column=col).fill = HEADER_FONT, HEADER_FILL
    widths = [max([len(chart.x_title), *map(len, chart.categories), 6]), *(max(len(s.name), 6) for s in chart.series)]
    for col, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(col)].width = min(width + 2, WIDTH_MOST)
    for row, category in enumerate(chart.categories, start=2):
        put(ws, row, 1, category)
        for col, series in enumerate(chart.series, start=2):
            ws.cell(row=row, column=col, value=series.values[row - 2]).number_format = FORMATS["int"]
    last = len(chart.categories) + 1
    drawing = SheetLineChart()
    drawing.title, drawing.y_axis.title = chart.title, chart.y_title or None
    drawing.x_axis.title = chart.x_title or None
    drawing.x_axis.delete = drawing.y_axis.delete = False  # openpyxl hides the axes otherwise
    drawing.width, drawing.height = 18, 10  # cm
    drawing.legend.position = "b"
    drawing.add_data(Reference(ws, min_col=2, max_col=len(chart.series) + 1, min_row=1, max_row=last),
                     titles_from_data=True)
    drawing.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
    for i, line in enumerate(drawing.series):
        n = i % len(CHART_SHADES)
        line.smooth = False
        line.graphicalProperties.line.solidFill = CHART_SHADES[n]
        line.graphicalProperties.line.dashStyle = CHART_DASHES[n]
        line.graphicalProperties.line.width = 28575  # 2.25 pt, in EMU
        line.marker.symbol, line.marker.size = CHART_MARKERS[n], 7
        line.marker.graphicalProperties.solidFill = CHART_SHADES[n] if n % 2 == 0 else "FFFFFF"
        line.marker.graphicalProperties.line.solidFill = CHART_SHADES[n]
    ws.add_chart(drawing, f"{get_column_letter(len(chart.series) + 3)}2")
    if chart.note:
        put(ws, last + 2, 1, chart.note)
    ws.freeze_panes = "A2"
    print_setup(ws, header_rows="1:1")

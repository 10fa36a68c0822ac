"""A table written row by row into a write-only sheet, read back: its header frozen and filterable,
its columns as wide as their values, a long text wrapped with its row grown, a text that looks like
a formula kept as text, a cell's look as the caller chose it."""

from __future__ import annotations

from openpyxl import load_workbook
from openpyxl.styles import Font, PatternFill

from builder.core.workbook import Column
from builder.export.streamed import stream_facts, stream_table, streamed_workbook

RED = (Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor="C00000"))


def test_a_streamed_table_reads_back_as_written(tmp_path):
    book = streamed_workbook()
    cover = book.create_sheet("Evento")
    stream_facts(cover, "Torneo", [("Listas", 3), ("Pack", "torneo.yaml")], Font(bold=True), Font(bold=True), 12, 20)
    sheet = book.create_sheet("Listas")
    rows = [{"file": "=1+1", "points": 178, "problems": "mucho texto " * 30},
            {"file": "beta.yaml", "points": None, "problems": ""},
            {"file": "gamma.yaml", "points": 7, "problems": "corto"}]
    stream_table(sheet, [Column("file", "Archivo", width=20), Column("points", "Puntos", kind="int", width=9),
                         Column("problems", "Problemas", width=40)], rows,
                 lambda key, value: RED if key == "points" and value == 7 else None)
    book.save(tmp_path / "resumen.xlsx")
    read = load_workbook(tmp_path / "resumen.xlsx")
    assert read.sheetnames == ["Evento", "Listas"]
    assert [[c.value for c in row] for row in read["Evento"].iter_rows()] == [["Torneo", None], [None, None],
                                                                              ["Listas", 3], ["Pack", "torneo.yaml"]]
    lists = read["Listas"]
    assert [c.value for c in lists[1]] == ["Archivo", "Puntos", "Problemas"] and lists[1][0].font.bold
    assert lists.freeze_panes == "A2" and lists.auto_filter.ref == "A1:C4"
    assert lists["A2"].value == "=1+1" and lists["A2"].data_type == "s"  # shown as typed, never computed
    assert lists["C2"].alignment.wrap_text and lists.row_dimensions[2].height > 15 and not lists.row_dimensions[4].height
    assert lists["B4"].fill.fgColor.rgb.endswith("C00000") and lists["B2"].fill.fgColor.rgb != lists["B4"].fill.fgColor.rgb
    assert lists.column_dimensions["C"].width > lists.column_dimensions["B"].width
    assert lists.page_setup.orientation == "landscape" and lists.sheet_properties.pageSetUpPr.fitToPage

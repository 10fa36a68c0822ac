"""Spreadsheets read back by content (openpyxl), never compared as bytes."""

import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner
from openpyxl.utils import get_column_letter, range_boundaries

from builder.cli.main import cli
from builder.export.xlsx import sheet_title
from tests.book_cases import (
    CRIP, WARTIME, YES, all_cells, check_json, dv_cells, find_cells, fingerprint_of, fold, formula_refers_to,
    is_formula, legal_value, row_values, run, today_on, write,
)
from tests.programs import needs, program

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def export(*args: str):
    return CliRunner().invoke(cli, ["export", *map(str, args)])


def checked(path: Path) -> dict:
    import json

    return json.loads(CliRunner().invoke(cli, ["check", str(path), "--format", "json"]).output)["results"][0]


def summary(wb) -> dict:
    return {row[0]: row[1] for row in wb.worksheets[0].iter_rows(values_only=True) if row[0]}


def test_wartime_team_sheet(tmp_path):
    out = tmp_path / "fenix.xlsx"
    result = export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Resumen", "Escuadras", "Personajes", "Arquetipos", "Problemas"]
    facts = summary(wb)
    assert facts["Nombre"] == "Compañía Fénix"
    assert facts["Huella"] == checked(EXAMPLES / "wartime" / "compania-fenix.yaml")["fingerprint"]
    # The checked total, as a plain value: 178 + 82 + 23 = 283 of 300.
    assert (facts["Puntos comprobados"], facts["Límite de puntos"]) == (283, 300)
    assert facts["Legal"] == "Sí"
    # ... and the live total, a formula over the squads sheet.
    assert facts["Puntos según esta hoja"].startswith("='Escuadras'!")
    assert facts["¿Coincide con lo comprobado?"].startswith("=IF(")
    squads = wb["Escuadras"]
    rows = list(squads.iter_rows(values_only=True))
    assert rows[0] == ("Escuadra", "Personaje", "Miniaturas", "Coste por miniatura", "Puntos")
    assert rows[1] == ("Alfa", "Sargento", 1, 58, "=C2*D2")
    assert rows[2] == ("Alfa", "Fusilero", 3, 40, "=C3*D3")
    assert rows[-1] == ("Total", None, "=SUM(C2:C6)", None, "=SUM(E2:E6)")
    assert squads.freeze_panes == "A2"
    assert squads.print_title_rows == "$1:$1"
    assert squads.page_setup.fitToWidth == 1 and squads.sheet_properties.pageSetUpPr.fitToPage
    assert squads["A1"].font.bold
    [validation] = squads.data_validations.dataValidation
    assert (validation.type, validation.operator, validation.formula1) == ("whole", "greaterThanOrEqual", "0")
    assert str(validation.sqref) == "C2:C6"
    characters = {row[0]: row for row in wb["Personajes"].iter_rows(values_only=True)}
    # Fusilero: cost 40, level 18, energy 9, vitality 4, defense 4, movement 3, structure 6.
    assert characters["Fusilero"][:8] == ("Fusilero", 40, 18, 9, 4, 4, 3, 6)


def test_a_crews_count_follows_its_vehicles_count(tmp_path):
    # Columna blindada: 2 Jefes de carro, each manning one Artillero and one Cargador, then 4 Escoltas.
    out = tmp_path / "columna.xlsx"
    assert export(EXAMPLES / "wartime" / "columna-blindada.yaml", "--xlsx", out).exit_code == 0
    rows = list(openpyxl.load_workbook(out)["Escuadras"].iter_rows(values_only=True))
    assert rows[1][:3] == ("Sección de carros", "Jefe de carro", 2)
    # Each crew line is the vehicles' count (C2) times its crew per vehicle (1).
    assert [row[2] for row in rows[2:4]] == ["=C2*1", "=C2*1"]
    assert rows[4][2] == 4
    # Recomputed with 3 vehicles, as a spreadsheet program would: 3 × (212 + 18 + 14) + 4 × 43 = 904.
    costs = [row[3] for row in rows[1:5]]
    counts = [3, 3 * 1, 3 * 1, 4]
    assert sum(c * n for c, n in zip(costs, counts)) == 904


def test_english_sheet(tmp_path):
    out = tmp_path / "en.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out, "--lang", "en").exit_code == 0
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[:2] == ["Summary", "Squads"]
    assert summary(wb)["Checked points"] == 283


def test_an_illegal_roster_is_not_exported(tmp_path):
    out = tmp_path / "asalto.xlsx"
    result = export(EXAMPLES / "wartime" / "asalto-ilegal.yaml", "--xlsx", out)
    assert result.exit_code == 1
    assert "over-points-limit" in result.output
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("lang, mark", [("es", "BORRADOR — NO LEGAL"), ("en", "DRAFT — NOT LEGAL")])
def test_a_draft_is_marked(tmp_path, lang, mark):
    out = tmp_path / "asalto.xlsx"
    assert export(EXAMPLES / "wartime" / "asalto-ilegal.yaml", "--xlsx", out, "--draft", "--lang", lang).exit_code == 0
    wb = openpyxl.load_workbook(out)
    assert wb.worksheets[0]["A2"].value == mark
    problems = list(wb.worksheets[-1].iter_rows(values_only=True))
    # The lone Explorador on his motorbike defends with its 2, not his own 0 (ruling 18b): crew-ruling.
    assert {row[1] for row in problems[1:]} == {"over-points-limit", "restriction-max-level", "formation-too-small",
                                              "crew-ruling"}


def test_a_legal_draft_is_not_marked(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out, "--draft").exit_code == 0
    assert "BORRADOR — NO LEGAL" not in [c.value for c in openpyxl.load_workbook(out).worksheets[0]["A"]]


def test_user_text_is_never_a_formula(tmp_path):
    roster = tmp_path / "lista.yaml"
    roster.write_text("""\
system: wartime
name: "=HYPERLINK(\\"http://evil\\",\\"x\\")"
warbook:
  bodies: [{name: "@SUM(A1)", con: 1, agi: 1, int: 1, rea: 1, vol: 1}]
  characters: [{name: "+cmd|' /C calc'!A0", body: "@SUM(A1)"}]
squads:
  - name: "-2+3"
    members: [{character: "+cmd|' /C calc'!A0", count: 2}]
""", encoding="utf-8")
    out = tmp_path / "hoja.xlsx"
    assert export(roster, "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    seen = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value[:1] in "=+-@" and not cell.value.startswith(("=SUM(", "=IF(", "='", "=C", "=E")):
                    seen[cell.value] = cell.data_type
    assert seen["=HYPERLINK(\"http://evil\",\"x\")"] == "s"
    assert seen["@SUM(A1)"] == "s"
    assert seen["+cmd|' /C calc'!A0"] == "s"
    assert seen["-2+3"] == "s"
    assert set(seen.values()) == {"s"}


@pytest.mark.parametrize("example, sheets, name", [
    ("cripmaquion/saqueadores-rio-lobo.yaml", ["Resumen", "Plantilla", "Problemas"], "Los Saqueadores de Río Lobo"),
    ("confrontation/artilleria-no-dan-kar.yaml", ["Resumen", "Máquinas de guerra", "Embarcados", "Problemas"],
     "Artillería de No-Dan-Kar"),
    ("porcrom/lobos-de-zamora.yaml", ["Resumen", "Personajes", "Secuaces", "Problemas"], "Los Lobos de Zamora"),
    ("dungeon-universalis/criptas.yaml", ["Resumen", "Héroes", "Acompañantes", "Objetos", "Problemas"],
     "Expedición a las Criptas"),
])
def test_every_system_has_a_sheet(tmp_path, example, sheets, name):
    out = tmp_path / "x.xlsx"
    assert export(EXAMPLES / example, "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == sheets
    facts = summary(wb)
    assert facts["Nombre"] == name
    assert facts["Huella"] == checked(EXAMPLES / example)["fingerprint"]


def test_system_sheet_contents(tmp_path):
    out = tmp_path / "x.xlsx"
    export(EXAMPLES / "cripmaquion" / "saqueadores-rio-lobo.yaml", "--xlsx", out)
    runners = {r[0]: r for r in openpyxl.load_workbook(out)["Plantilla"].iter_rows(values_only=True)}
    # Lizardo: a hombre lagarto 3/2, a Martillo star (2 slots), 2D4/1D6/1D5, lined up; the book's names.
    assert runners["Lizardo Rodríguez"][:11] == ("Lizardo Rodríguez", "Hombre lagarto", 3, 2, "Martillo", 2,
                                                 "2D4", "1D6", "1D5", "Buscahuecos, Coletazo", "Sí")
    assert runners["Geldian"][10] == "No"
    out = tmp_path / "c.xlsx"
    export(EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml", "--xlsx", out)
    wb = openpyxl.load_workbook(out)
    machines = {r[0]: r for r in wb["Máquinas de guerra"].iter_rows(values_only=True)}
    assert machines["Carro de guerra"][10] == "2 / 4 / 6"
    assert machines["Destroza-Montañas"][12] == 2
    assert str(wb["Embarcados"].data_validations.dataValidation[0].sqref) == "D2"
    out = tmp_path / "d.xlsx"
    export(EXAMPLES / "dungeon-universalis" / "criptas.yaml", "--xlsx", out)
    wb = openpyxl.load_workbook(out)
    assert [r[2] for r in wb["Héroes"].iter_rows(min_row=2, max_row=4, values_only=True)] == ["=10+B2", "=10+B3", "=10+B4"]
    assert summary(wb)["PV comprobados"] == 65


def test_dungeon_universalis_decks_are_formulas_over_the_heroes(tmp_path):
    out = tmp_path / "criptas.xlsx"
    assert export(EXAMPLES / "dungeon-universalis" / "criptas.yaml", "--xlsx", out).exit_code == 0
    facts = summary(openpyxl.load_workbook(out))
    heroes = "COUNTA('Héroes'!$A$2:$A$4)"   # Aldric, Brenna and Corvin, rows 2 to 4
    # JOA: obstacles 6 a hero + the thief + the ambush + 1 with more than 2 heroes; power 6 a hero
    # + the reinforcements + 1 with more than 2 heroes; the repeat bonus 2 a hero.
    assert facts["Mazo de obstáculos"] == f"=6*{heroes}+1+1+IF({heroes}>2,1,0)"
    assert facts["Mazo de poder"] == f"=6*{heroes}+1+IF({heroes}>2,1,0)"
    assert f"+2*{heroes}-" in facts["Puntos de reserva del JOA"]


def recomputed_summary(wb, tmp_path: Path) -> dict[str, str]:
    """The summary sheet's labels and values as LibreOffice computes them after an edit (CSV of the sheet)."""
    wb.save(tmp_path / "edited.xlsx")
    subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp_path}/lo-profile", "--headless", "--calc",
                    "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
                    "--outdir", str(tmp_path / "csv"), str(tmp_path / "edited.xlsx")],
                   check=True, capture_output=True, timeout=180)
    return dict(line.split(",", 1) for line in (tmp_path / "csv" / "edited-Resumen.csv").read_text(
        encoding="utf-8").splitlines() if "," in line)


@needs("soffice")
def test_libreoffice_recomputes_the_decks_without_a_hero(tmp_path):
    out = tmp_path / "criptas.xlsx"
    assert export(EXAMPLES / "dungeon-universalis" / "criptas.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    for column in "ABCD":     # Corvin (row 4: 10 PV, no experience, no skills) struck off the sheet
        wb["Héroes"][f"{column}4"] = None
    rows = recomputed_summary(wb, tmp_path)
    # Two heroes: Aldric 15 + Brenna 22 = 37 PV, + companions 10 + items 8 = 55.
    assert rows["PV de la expedición"] == "55"
    assert rows["Puntos de reserva del JOA"] == "47"   # 55 + 2 × 2 (repeated scenario) − 12 (leader)
    assert rows["Mazo de obstáculos"] == "14"          # 6 × 2 + 1 + 1, no extra ambush with 2 heroes
    assert rows["Mazo de encuentros"] == "6"           # ⌈55 / 10⌉
    assert rows["Mazo de poder"] == "13"               # 6 × 2 + 1, no extra reinforcements
    assert rows["PV comprobados"] == "65"              # what was checked stays as it was


def test_cripmaquions_lineup_is_counted_on_the_sheet(tmp_path):
    out = tmp_path / "grupetto.xlsx"
    assert export(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    # Eight runners in rows 2 to 9; «alineado» is the eleventh column, K.
    assert wb["Plantilla"]["K1"].value == "alineado"
    assert summary(wb)["Corredores alineados"] == "=COUNTIF('Plantilla'!$K$2:$K$9,\"Sí\")"
    program("soffice")  # the count recomputed
    wb["Plantilla"]["K7"] = "No"     # Gorko sits this one out: 8 − 1 = 7 lined up
    rows = recomputed_summary(wb, tmp_path)
    assert rows["Corredores alineados"] == "7"


@pytest.mark.parametrize("title, expected", [
    ("Resumen", "Resumen"),
    ("a/b:c*d?e[f]g\\h", "a b c d e f g h"),
    ("x" * 40, "x" * 31),
])
def test_sheet_titles_are_valid(title, expected):
    assert sheet_title(title, set()) == expected


def test_sheet_titles_are_unique():
    taken: set[str] = set()
    assert [sheet_title("Hoja", taken) for _ in range(3)] == ["Hoja", "Hoja (2)", "Hoja (3)"]


def test_check_does_not_import_openpyxl():
    from tests.support import loaded_after

    assert loaded_after(["check", EXAMPLES / "wartime" / "compania-fenix.yaml"], "openpyxl") == [False]


@needs("soffice")
def test_libreoffice_recomputes_the_totals(tmp_path):
    out = tmp_path / "fenix.xlsx"
    export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out)
    wb = openpyxl.load_workbook(out)
    wb["Escuadras"]["C3"] = 5   # three Fusileros become five: +2 × 40
    wb.save(tmp_path / "edited.xlsx")
    subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp_path}/lo-profile", "--headless", "--calc",
                    "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
                    "--outdir", str(tmp_path / "csv"), str(tmp_path / "edited.xlsx")],
                   check=True, capture_output=True, timeout=180)
    squads = (tmp_path / "csv" / "edited-Escuadras.csv").read_text(encoding="utf-8").splitlines()
    assert squads[-1] == "Total,,9,,363"          # 283 + 2 × 40 = 363 points, 7 + 2 = 9 models
    summary_rows = dict(line.split(",", 1) for line in
                        (tmp_path / "csv" / "edited-Resumen.csv").read_text(encoding="utf-8").splitlines() if "," in line)
    assert summary_rows["Puntos comprobados"] == "283"
    assert summary_rows["Puntos según esta hoja"] == "363"
    assert summary_rows["¿Coincide con lo comprobado?"] == "NO: la hoja ha cambiado"


def test_every_sheet_of_a_draft_says_so(tmp_path):
    out = tmp_path / "asalto.xlsx"
    for sibling in (EXAMPLES / "wartime").glob("*.yaml"):
        shutil.copy(sibling, tmp_path / sibling.name)
    assert export(tmp_path / "asalto-ilegal.yaml", "--xlsx", out, "--draft").exit_code == 0
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets:
        assert ws.sheet_properties.tabColor.rgb.endswith("C00000"), ws.title
        assert ws.oddHeader.center.text == "BORRADOR — NO LEGAL", ws.title
    for ws in wb.worksheets[1:]:
        assert "BORRADOR — NO LEGAL" in [c.value for c in ws[1]], ws.title


def test_a_legal_workbook_carries_no_draft_mark(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    assert all(ws.sheet_properties.tabColor is None and not ws.oddHeader.center.text for ws in wb.worksheets)


def test_cripmaquion_offers_si_no_and_says_whether_its_slots_still_match(tmp_path):
    out = tmp_path / "grupetto.xlsx"
    assert export(EXAMPLES / "cripmaquion" / "grupetto-verde.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    roster = wb.worksheets[1]
    headers = [c.value for c in roster[1]]
    lined_up = openpyxl.utils.get_column_letter(headers.index("alineado") + 1)
    [choice] = [v for v in roster.data_validations.dataValidation if v.type == "list"]
    assert choice.formula1 == '"Sí,No"' and str(choice.sqref) == f"{lined_up}2:{lined_up}{roster.max_row - 1}"
    facts = summary(wb)
    # Slots checked and slots in this sheet are compared, as points are for Wartime.
    rows = {row[0]: row[1] for row in wb.worksheets[0].iter_rows(values_only=True) if row[0]}
    checked = next(r for r, (label, _) in enumerate(wb.worksheets[0].iter_rows(values_only=True), start=1)
                   if label == "Plazas comprobadas")
    assert rows["¿Coincide con lo comprobado?"] == f'=IF(B{checked + 1}=B{checked},"Sí","NO: la hoja ha cambiado")'
    assert facts["Plazas comprobadas"] == 5


def test_every_styled_cell_names_its_font_and_columns_fit_their_content(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is not None and (cell.font.b or cell.font.color is not None):
                    assert cell.font.name, (ws.title, cell.coordinate)  # no nameless font: no serif fallback
    squads = wb.worksheets[1]
    for column in squads.iter_cols(min_row=2, max_row=squads.max_row):
        longest = max((len(str(c.value)) for c in column if c.value is not None and not str(c.value).startswith("=")),
                      default=0)
        width = squads.column_dimensions[column[0].column_letter].width
        assert width >= min(longest, 60), column[0].column_letter


def test_the_summarys_labels_fit_their_column(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    cover = openpyxl.load_workbook(out).worksheets[0]
    labels = [row[0].value for row in cover.iter_rows(min_row=3) if row[0].value]
    assert "¿Coincide con lo comprobado?" in labels   # the longest label, 28 characters
    assert cover.column_dimensions["A"].width >= max(len(label) for label in labels)


def _refers_to_itself(formula: str, column: int, row: int) -> bool:
    from openpyxl.utils import column_index_from_string

    for ref in re.finditer(r"(?<![A-Za-z!$])\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?", formula):
        first_col, first_row = column_index_from_string(ref.group(1)), int(ref.group(2))
        last_col = column_index_from_string(ref.group(3)) if ref.group(3) else first_col
        last_row = int(ref.group(4)) if ref.group(4) else first_row
        if min(first_col, last_col) <= column <= max(first_col, last_col) and \
                min(first_row, last_row) <= row <= max(first_row, last_row):
            return True
    return False


def test_a_table_without_rows_totals_zero_and_no_formula_refers_to_its_own_cell(tmp_path):
    # An expedition of one hero without a companion and no items: the companions' and items'
    # tables are empty, so their totals are 0 (a SUM over "no rows" was its own cell: Err:522).
    roster = tmp_path / "sola.yaml"
    roster.write_text("system: dungeon-universalis\nname: Sola\nleader_pv: 5\n"
                      "heroes:\n  - {name: Aldric, xp: 0}\n", encoding="utf-8")
    out = tmp_path / "sola.xlsx"
    assert export(roster, "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    seen = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    seen += 1
                    assert not _refers_to_itself(cell.value, cell.column, cell.row), (ws.title, cell.coordinate, cell.value)
    assert seen


# --- by the book ----------------------------------------------------------------------------------
# Spreadsheet export by the book (`builder export --xlsx`).
#
# Black-box, written from the spreadsheet-export specification only (plus the shared command-line
# contract and file formats, and the Cripmaquión file format). Inputs are the bundled example
# rosters, copied into tmp_path. Every expected number is worked out by hand below from the Wartime
# cost tables, not copied from the tool's output.
#
# The Fénix examples' costs are worked out by hand beside the `wt` fixture (tests/conftest.py).
#
# Open points (the specification leaves them to the implementer, so they are not asserted here):
#   sheet names, column order and labels; whether the summary (a key/value sheet) also has a
#   frozen header; how the date is written; the exit code of `export --draft` on an illegal
#   roster.


@pytest.mark.book
def test_xlsx_summary_sheet_first_with_the_checked_facts(wt, fenix_xlsx):
    _, wb = fenix_xlsx
    summary = wb.worksheets[0]
    values = [c.value for c in all_cells(summary)]
    strings = [fold(v) for v in values if isinstance(v, str)]
    # system and name
    assert any("wartime" in s for s in strings), values
    assert "Compañía Fénix" in values
    # points and limit (hand-computed 283 of 300)
    assert any(v == 283 or (isinstance(v, str) and "283" in v) for v in values), values
    assert any(v == 300 or (isinstance(v, str) and "300" in v) for v in values), values
    # legal, yes
    v = legal_value(summary)
    assert v is True or fold(v).strip() in YES, v
    # the fingerprint, the same as `check --format json`
    assert fingerprint_of(wt / "compania-fenix.yaml") in values
    # the date
    assert today_on(summary), values
    # a legal list is no draft
    assert not any("borrador" in s or "draft" in s for s in strings)


@pytest.mark.book
def test_xlsx_checked_total_is_a_plain_value_beside_the_fingerprint(wt, fenix_xlsx):
    _, wb = fenix_xlsx
    summary = wb.worksheets[0]
    fp = fingerprint_of(wt / "compania-fenix.yaml")
    fp_cells = find_cells(summary, lambda v: v == fp)
    assert fp_cells
    plain = [c for c in all_cells(summary) if not is_formula(c) and c.value in (283, "283")]
    assert plain, "the checked total 283 is not on the summary as a plain value"
    fc = fp_cells[0]
    assert any(abs(c.row - fc.row) <= 2 and abs(c.column - fc.column) <= 2 for c in plain), \
        "the checked total is not beside the fingerprint"


@pytest.mark.book
def test_xlsx_units_sheet_has_squads_characters_costs_and_derived_values(fenix_xlsx):
    _, wb = fenix_xlsx
    rows = [r for ws in wb.worksheets[1:] for r in row_values(ws)]
    flat = [v for r in rows for v in r]
    for squad in ("Alfa", "Bravo", "Exploradores"):
        assert squad in flat
    # character rows: cost, level, energy, vitality, defense, movement (see the wt fixture in tests/conftest.py)
    expected = {
        "Sargento": [58, 25, 10, 5, 3, 3],
        "Fusilero": [40, 18, 9, 4, 4, 3],
        "Granadero": [42, 18, 9, 4, 3, 3],   # defense = Chaleco 3
        "Explorador": [23, 18, 9, 4, 0, 3],  # no protection: defense 0; base 3.2 -> 3
    }
    for name, numbers in expected.items():
        need = Counter(numbers)
        assert any(name in r and not (need - Counter(v for v in r if isinstance(v, (int, float))))
                   for r in rows), f"no row for {name} with {numbers}"
    # the squads: Alfa Sargento ×1 and Fusilero ×3 somewhere with those counts
    assert any("Alfa" in r and "Fusilero" in r and 3 in r for r in rows)


@pytest.mark.book
def test_xlsx_headers_bold_frozen_print_setup_and_valid_sheet_names(fenix_xlsx):
    _, wb = fenix_xlsx
    assert len(wb.worksheets) >= 2
    for ws in wb.worksheets:
        assert 1 <= len(ws.title) <= 31 and not set(ws.title) & set("[]:*?/\\"), ws.title
    for ws in wb.worksheets[1:]:  # the table sheets (units, problems)
        assert ws.freeze_panes, f"{ws.title}: header not frozen"
        header_rows = range_boundaries(ws.freeze_panes + ":" + ws.freeze_panes)[1] - 1
        assert header_rows >= 1, ws.title
        header = [c for r in ws.iter_rows(min_row=1, max_row=header_rows) for c in r if c.value is not None]
        assert header, f"{ws.title}: empty header"
        assert all(c.font.b for c in header), f"{ws.title}: header not bold"
        # print setup: fit to page width, header rows repeated
        assert ws.sheet_properties.pageSetUpPr is not None and ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.page_setup.fitToWidth in (1, "1", None)
        assert ws.print_title_rows, f"{ws.title}: header rows not repeated on print"


@pytest.mark.book
def test_xlsx_count_cells_have_whole_number_validation_and_totals_are_formulas(fenix_xlsx):
    _, wb = fenix_xlsx
    covered = [(ws, cell, dv) for ws in wb.worksheets for cell, dv in dv_cells(ws)]
    assert covered, "no data validation on count cells"
    for _, cell, dv in covered:
        assert dv.type == "whole", dv.type
        assert (dv.operator == "greaterThanOrEqual" and str(dv.formula1) == "0") or \
               (dv.operator in (None, "between") and str(dv.formula1) == "0"), (dv.operator, dv.formula1)
    counts = sorted(cell.value for _, cell, _ in covered if cell.value is not None)
    # Compañía Fénix members: Sargento 1, Fusilero 3, Granadero 1, Fusilero 1, Explorador 1
    assert counts == [1, 1, 1, 1, 3], counts
    # totals are formulas that depend on the count cells
    formulas = [c.value for ws in wb.worksheets for c in all_cells(ws) if is_formula(c)]
    assert formulas, "no formulas in the workbook"
    ws, fusileros, _ = next((ws, c, dv) for ws, c, dv in covered if c.value == 3)
    same_sheet = [c.value for c in all_cells(ws) if is_formula(c)]
    assert any(formula_refers_to(f, fusileros) for f in same_sheet), same_sheet


@pytest.mark.book
def test_xlsx_cripmaquion_runners_sheet(tmp_path):
    src = tmp_path / "saqueadores.yaml"
    shutil.copy(CRIP / "saqueadores-rio-lobo.yaml", src)
    out = tmp_path / "saqueadores.xlsx"
    result = run("export", src, "--xlsx", out)
    assert result.exit_code == 0, result.output  # 6 lined up, 4 slots of 4 (Cripmaquión §9.2)
    wb = openpyxl.load_workbook(out)
    summary = [c.value for c in all_cells(wb.worksheets[0])]
    assert "Los Saqueadores de Río Lobo" in summary
    assert any("cripmaqui" in fold(v) for v in summary if isinstance(v, str))
    assert fingerprint_of(src) in summary
    rows = [r for ws in wb.worksheets[1:] for r in row_values(ws)]
    runners = {"Lizardo Rodríguez": "lagarto", "Ram Amón": "momia", "Sven Astanson": "minotauro",
               "Geldian": "elfo", "Charles Watson": "humano", "Alcantarillo": "rata",
               "Sangrefría": "esqueleto", "Ech Pi El": "ogro"}
    dice = re.compile(r"^\d+D\d+(\+\d+)?$")
    lined = {}
    for name, race in runners.items():
        row = next((r for r in rows if name in r), None)
        assert row is not None, name
        assert any(isinstance(v, str) and race in fold(v) for v in row), (race, row)
        assert len([v for v in row if isinstance(v, str) and dice.match(v)]) >= 3, row  # per terrain
        assert len([v for v in row if isinstance(v, int) and not isinstance(v, bool)]) >= 2, row  # FUE, RES
        lined[name] = row
    # specialties: Ram Amón brincamontes, Sven cazavictorias
    assert any(isinstance(v, str) and "brincamontes" in fold(v) for v in lined["Ram Amón"])
    assert any(isinstance(v, str) and "cazavictorias" in fold(v) for v in lined["Sven Astanson"])
    # lined up or not: Geldian and Alcantarillo are off the lineup, the six others on it
    off = [set(map(str, lined[n])) for n in ("Geldian", "Alcantarillo")]
    on = [set(map(str, lined[n])) for n in runners if n not in ("Geldian", "Alcantarillo")]
    shared_on = set.intersection(*on)
    assert any(all(v not in o for o in off) for v in shared_on), "lined-up flag not visible"


@pytest.mark.book
@needs("soffice")
def test_xlsx_totals_recompute_in_a_spreadsheet_program(fenix_xlsx, tmp_path):
    _, wb = fenix_xlsx
    covered = [(ws, cell) for ws in wb.worksheets for cell, _ in dv_cells(ws)]
    _ws, cell = next((ws, c) for ws, c in covered if c.value == 3)  # Alfa's 3 Fusileros
    cell.value = 5
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    conv = tmp_path / "conv"
    subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp_path / 'lo'}", "--headless",
                    "--convert-to", "xlsx", "--outdir", str(conv), str(edited)],
                   check=True, capture_output=True, timeout=120)
    recomputed = openpyxl.load_workbook(conv / "edited.xlsx", data_only=True)
    values = [c.value for s in recomputed.worksheets for c in all_cells(s)]
    # 283 + 2 more Fusileros × 40 = 363
    assert 363 in values, values
    # the checked total stays as it was checked
    assert 283 in [c.value for c in all_cells(recomputed.worksheets[0])]


@pytest.mark.book
def test_xlsx_illegal_roster_not_exported_and_existing_file_untouched(wt):
    out = wt / "asalto.xlsx"
    out.write_bytes(b"previous content")
    result = run("export", wt / "asalto-ilegal.yaml", "--xlsx", out)
    assert result.exit_code == 1, result.output
    assert "over-points-limit" in result.output and "restriction-max-level" in result.output
    assert out.read_bytes() == b"previous content"
    assert sorted(p.name for p in wt.iterdir()) == sorted(
        ["fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml", "asalto.xlsx"])


@pytest.mark.book
def test_xlsx_draft_is_marked_in_spanish_and_lists_the_problems(wt):
    out = wt / "borrador.xlsx"
    result = run("export", wt / "asalto-ilegal.yaml", "--xlsx", out, "--draft")
    assert result.exit_code in (0, 1), result.output  # open point: exit code of a draft
    assert out.is_file()
    wb = openpyxl.load_workbook(out)
    summary = wb.worksheets[0]
    assert any("BORRADOR — NO LEGAL" in str(c.value) for c in all_cells(summary))
    v = legal_value(summary)
    assert v is False or fold(v).strip() not in YES, v
    # problems: code, message, rule, as `check` reports them
    report = check_json(wt / "asalto-ilegal.yaml")[1]["results"][0]
    rows = [r for ws in wb.worksheets[1:] for r in row_values(ws)]
    for err in report["errors"]:
        row = next((r for r in rows if err["code"] in r), None)
        assert row is not None, f"{err['code']} missing from the problems"
        text = err["message"][len(err["where"]) + 2:] if err["message"].startswith(err["where"]) else err["message"]
        assert any(isinstance(v, str) and text in v for v in row), (text, row)
        assert err["rule"] in row, (err["rule"], row)
    assert {"over-points-limit", "restriction-max-level"} <= {e["code"] for e in report["errors"]}


@pytest.mark.book
def test_xlsx_draft_is_marked_in_english(wt):
    out = wt / "draft.xlsx"
    result = run("export", wt / "asalto-ilegal.yaml", "--xlsx", out, "--draft", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    summary = openpyxl.load_workbook(out).worksheets[0]
    assert any("DRAFT — NOT LEGAL" in str(c.value) for c in all_cells(summary))


@pytest.mark.book
def test_xlsx_user_text_is_never_a_formula(wt):
    book = yaml.safe_load((WARTIME / "fenix-warbook.yaml").read_text(encoding="utf-8"))
    renames = {"Fusilero": '=HYPERLINK("http://example.invalid","x")', "Sargento": "@Sargento",
               "Granadero": "-Granadero", "Explorador": "+Explorador"}
    for ch in book["warbook"]["characters"]:
        ch["name"] = renames[ch["name"]]
    book["name"] = "+Warbook"
    write(wt, "inj-warbook.yaml", book)
    write(wt, "inj.yaml", {
        "system": "wartime", "name": "=1+1", "points_limit": 300, "warbook": "inj-warbook.yaml",
        "squads": [
            {"name": "+Alfa", "members": [{"character": renames["Sargento"], "count": 1},
                                          {"character": renames["Fusilero"], "count": 3}]},
            {"name": "-Bravo", "members": [{"character": renames["Granadero"], "count": 1}]},
            {"name": "@Charlie", "members": [{"character": renames["Explorador"], "count": 1}]},
        ]})
    out = wt / "inj.xlsx"
    result = run("export", wt / "inj.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output  # 58 + 120 + 42 + 23 = 243 of 300
    wb = openpyxl.load_workbook(out)
    cells = [c for ws in wb.worksheets for c in all_cells(ws)]
    typed = ["=1+1", "+Alfa", "-Bravo", "@Charlie", *renames.values()]
    for text in typed:
        hits = [c for c in cells if c.value == text]
        assert hits, f"{text!r} not shown as typed"
        assert all(c.data_type == "s" for c in hits), f"{text!r} stored as a formula"
    for c in cells:
        if is_formula(c):
            assert "HYPERLINK" not in c.value and c.value != "=1+1", c.value


@pytest.mark.book
def test_xlsx_long_name_with_forbidden_characters_gives_valid_sheet_names(wt):
    text = (wt / "compania-fenix.yaml").read_text(encoding="utf-8").replace(
        "name: Compañía Fénix",
        "name: 'Compañía [Fénix]: *élite*? de a/b\\c y más allá del horizonte lejano'")
    (wt / "larga.yaml").write_text(text, encoding="utf-8")
    out = wt / "larga.xlsx"
    result = run("export", wt / "larga.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets:
        assert 1 <= len(ws.title) <= 31 and not set(ws.title) & set("[]:*?/\\"), ws.title


@pytest.mark.book
def test_heavy_libraries_imported_only_by_the_commands_that_write_files(wt, tmp_path):
    code = (
        "import sys, json\n"
        "from click.testing import CliRunner\n"
        "from builder.cli.main import cli\n"
        "r = CliRunner().invoke(cli, ['check', sys.argv[1]])\n"
        "a = ('openpyxl' in sys.modules, 'weasyprint' in sys.modules)\n"
        "r2 = CliRunner().invoke(cli, ['export', sys.argv[1], '--xlsx', sys.argv[2]])\n"
        "b = ('openpyxl' in sys.modules, 'weasyprint' in sys.modules)\n"
        "print(json.dumps([r.exit_code, a, r2.exit_code, b]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(wt / "compania-fenix.yaml"),
                           str(tmp_path / "x.xlsx")], check=False, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rc1, after_check, rc2, after_xlsx = json.loads(proc.stdout.strip().splitlines()[-1])
    assert rc1 == 0 and rc2 == 0
    assert after_check == [False, False]   # check writes nothing
    assert after_xlsx == [True, False]     # a spreadsheet needs openpyxl, not weasyprint


# --- sized to their text (issue 32) ---------------------------------------------------------------
# Every header cell of every example's workbook (each system's lists, the campaign's standings, the
# event's summary), in both languages, measured here from the shipped font metrics on their own:
# Arial (Liberation Sans) advance widths, 2048 units to the em, at 96 dots per inch.

METRICS = json.loads((ROOT / "builder" / "export" / "fonts" / "arial-metrics.json").read_text(encoding="utf-8"))
DIGIT_PX = 7          # the widest digit, 1139 units at 10 pt: 1139 / 2048 × 10 × 96 / 72 = 7.41, 7 whole pixels
PADDING_PX = 5        # a column's margins and grid line (ECMA-376 18.3.1.13)
BREAK_AFTER_ONLY = tuple(")]}!?,.;:/%»…")   # never the first mark of a line (Unicode LB13)


def advance_px(text: str, bold: bool, size: float) -> float:
    style = METRICS["bold" if bold else "regular"]
    widths = {ch: int(w) for w, chars in style["advances"].items() for ch in chars}
    widest = max(widths.values())
    return sum(widths.get(ch, widest) for ch in text) / style["units_per_em"] * size * 96 / 72


def line_height_pt(size: float) -> float:
    style = METRICS["bold"]
    return (style["ascender"] + style["descender"] + style["line_gap"]) / style["units_per_em"] * size


def wrapped(text: str, room: float, bold: bool, size: float) -> list[str]:
    pieces: list[str] = []
    for word in text.split():
        if pieces and word.startswith(BREAK_AFTER_ONLY):
            pieces[-1] += " " + word
        else:
            pieces.append(word)
    for piece in pieces:
        assert advance_px(piece, bold, size) <= room, f"«{piece}» is wider than its column"
    out = [pieces[0]] if pieces else [""]
    for piece in pieces[1:]:
        if advance_px(f"{out[-1]} {piece}", bold, size) <= room:
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def header_cells(ws):
    """A table sheet's rows above its frozen pane (caption, header); a summary sheet's title and labels."""
    if ws.freeze_panes:
        last = range_boundaries(ws.freeze_panes + ":" + ws.freeze_panes)[1] - 1
        return [c for row in ws.iter_rows(min_row=1, max_row=last) for c in row if c.value is not None]
    return [c for c in ws["A"] if c.value is not None]


def assert_fits(ws, cell):
    size, bold = cell.font.sz or 10, bool(cell.font.b)
    width = ws.column_dimensions[cell.column_letter].width
    room = width * DIGIT_PX - PADDING_PX
    where = f"{ws.title}!{cell.coordinate} «{cell.value}»"
    if cell.alignment.wrap_text:
        count = len(wrapped(str(cell.value), room, bold, size))
        assert count <= 3 or width == 60, where   # a longer header widens its column, up to 60
    else:   # one line, spilling over the empty cells to its right
        column, last = cell.column + 1, ws.max_column
        while column <= last and ws.cell(cell.row, column).value is None:
            room += ws.column_dimensions[get_column_letter(column)].width * DIGIT_PX
            column += 1
        assert advance_px(str(cell.value), bold, size) <= room, where
        count = 1
    height = ws.row_dimensions[cell.row].height
    if height is None:    # a row left at its default height: a spreadsheet sizes it for one 10-point line
        assert count == 1 and size <= 10, where
    else:
        assert count * line_height_pt(size) <= height, (where, count, height)


def example_workbooks(folder: Path, lang: str) -> list[Path]:
    made = []
    for roster in sorted(EXAMPLES.glob("*/*.yaml")):
        out = folder / f"{roster.stem}-{lang}.xlsx"
        assert export(roster, "--xlsx", out, "--draft", "--lang", lang).exit_code in (0, 1)
        made.append(out)
    out = folder / f"campana-{lang}.xlsx"
    assert run("campaign", EXAMPLES / "cripmaquion" / "infierno-de-amauta.yaml", "--xlsx", out,
               "--lang", lang).exit_code == 0
    made.append(out)
    out = folder / f"torneo-{lang}.xlsx"
    run("check", EXAMPLES / "tournament" / "lists", "--pack", EXAMPLES / "tournament" / "pack" / "torneo-otono.yaml",
        "--summary", out, "--lang", lang)
    made.append(out)
    return made


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_header_fits_its_row_and_column(tmp_path, lang):
    books = example_workbooks(tmp_path, lang)
    assert len(books) == len(list(EXAMPLES.glob("*/*.yaml"))) + 2
    tables = 0
    for book in books:
        for ws in openpyxl.load_workbook(book).worksheets:
            cells = header_cells(ws)
            assert cells, f"{book.name}: {ws.title} has no header"
            tables += bool(ws.freeze_panes)
            for cell in cells:
                assert_fits(ws, cell)
    assert tables >= 30   # the table sheets of 12 workbooks, not only their summaries


def test_coste_por_miniatura_has_room_for_its_three_lines(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    squads = openpyxl.load_workbook(out)["Escuadras"]
    assert squads["D1"].value == "Coste por miniatura" and squads["D1"].alignment.wrap_text
    # Bold «miniatura» is 9218 units (60.0 px): ⌈(60.0 + 5) / 7 × 4⌉ / 4 = 9.5 characters, 61.5 px of text.
    # «Coste por» is 9558 units (62.2 px): it doesn't fit, so the header takes 3 lines, Coste / por / miniatura:
    # 3 × 11.5 pt (ascender 1854 + descender 434 + gap 67 of 2048, at 10 pt) + 3 pt = 37.5 pt, 50 px.
    assert squads.column_dimensions["D"].width == 9.5
    assert squads.row_dimensions[1].height == 37.5
    assert squads.print_area == "'Escuadras'!$A$1:$E$7"   # the header, 5 members and the totals


def test_the_workbook_is_set_in_arial_10(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    normal = wb._named_styles["Normal"].font
    assert (normal.name, normal.sz) == ("Arial", 10)
    fonts = {(c.font.name, c.font.sz) for ws in wb.worksheets for row in ws.iter_rows() for c in row
             if c.value is not None}
    assert fonts <= {("Arial", 10), ("Arial", 14)}, fonts


def test_a_long_value_wraps_and_its_row_grows(tmp_path, monkeypatch):
    for sibling in (EXAMPLES / "wartime").glob("*.yaml"):
        shutil.copy(sibling, tmp_path / sibling.name)
    monkeypatch.chdir(tmp_path)   # the messages name the file as typed: asalto-ilegal.yaml
    out = tmp_path / "asalto.xlsx"
    assert export("asalto-ilegal.yaml", "--xlsx", out, "--draft").exit_code == 0
    problems = openpyxl.load_workbook(out)["Problemas"]
    width = problems.column_dimensions["C"].width
    assert width == 60   # WIDTH_MOST: the messages are longer
    room = width * DIGIT_PX - PADDING_PX
    for (message,) in problems.iter_rows(min_row=2, min_col=3, max_col=3):
        count = len(wrapped(message.value, room, False, 10))
        assert message.alignment.wrap_text == (count > 1)
        if count > 1:
            assert problems.row_dimensions[message.row].height >= count * line_height_pt(10)


def test_a_placeholder_left_for_the_player_is_printed_nowhere(tmp_path):
    # Issue 32: `builder new`'s «player: Tu nombre» is no name; with a real one, it is printed.
    from builder.core import registry
    from builder.core.pipeline import evaluate
    from builder.export.pdf import render_html
    from builder.export.plain import plain_text

    roster = tmp_path / "nueva.yaml"
    roster.write_text(registry.get("wartime").starting_roster("es"), encoding="utf-8")
    out = tmp_path / "nueva.xlsx"
    assert export(roster, "--xlsx", out).exit_code == 0  # a warning: still legal
    assert "Jugador" not in summary(openpyxl.load_workbook(out))
    ev = evaluate(roster, "nueva.yaml")
    html = render_html(ev, registry.get("wartime").print_spec(ev, "es"), "es", "a4", False)
    # The warning quotes it; no sheet shows it as the player.
    assert "Jugador: " not in plain_text(ev, "es") and "Jugador</th>" not in html
    roster.write_text(roster.read_text(encoding="utf-8").replace("Tu nombre", "Ana Robles"), encoding="utf-8")
    assert export(roster, "--xlsx", out).exit_code == 0
    assert summary(openpyxl.load_workbook(out))["Jugador"] == "Ana Robles"


def test_a_campaigns_workbook_draws_the_teams_chart_natively(tmp_path):
    import zipfile

    campaign = ROOT / "examples" / "cripmaquion" / "infierno-de-amauta.yaml"
    out = tmp_path / "campana.xlsx"
    assert run("campaign", campaign, "--xlsx", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[1] == "Equipos por jornada"  # right after the summary
    rows = list(wb["Equipos por jornada"].iter_rows(min_row=1, max_row=4, values_only=True))
    # Each team's cripmaquiazos so far (worked out in tests/systems/cripmaquion_campaign/test_chart.py).
    assert rows == [(None, "Los Saqueadores de Río Lobo", "El Grupetto verde"), ("Salida", 0, 0),
                    ("1ª jornada", 47, 54), ("2ª jornada", 85, 117)]
    with zipfile.ZipFile(out) as z:
        charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
        assert len(charts) == 1
        xml = z.read(charts[0]).decode()
    from xml.etree import ElementTree

    root = ElementTree.fromstring(xml)
    c, a = "{http://schemas.openxmlformats.org/drawingml/2006/chart}", "{http://schemas.openxmlformats.org/drawingml/2006/main}"
    line = root.find(f".//{c}lineChart")
    series = line.findall(f"{c}ser")
    assert len(series) == 2
    assert "Cripmaquiazos de cada equipo, jornada a jornada" in "".join(root.find(f".//{c}title").itertext())
    # Drawn from the sheet's cells, so it follows an edited figure.
    refs = [s.find(f"{c}val//{c}f").text for s in series]
    assert refs == ["'Equipos por jornada'!$B$2:$B$4", "'Equipos por jornada'!$C$2:$C$4"]
    assert series[0].find(f"{c}cat//{c}f").text == "'Equipos por jornada'!$A$2:$A$4"
    # Told apart in black and white: a solid and a dashed line, a circle and a triangle.
    assert [s.find(f"{c}spPr/{a}ln/{a}prstDash").get("val") for s in series] == ["solid", "dash"]
    assert [s.find(f"{c}marker/{c}symbol").get("val") for s in series] == ["circle", "triangle"]


def test_where_the_points_go_is_a_grey_bar_in_each_row(tmp_path):
    out = tmp_path / "fenix.xlsx"
    assert export(EXAMPLES / "wartime" / "compania-fenix.yaml", "--xlsx", out).exit_code == 0
    squads = openpyxl.load_workbook(out)["Escuadras"]
    assert squads["E1"].value == "Puntos"   # count × cost of each member line, rows 2 to 6 (five lines)
    ranges = {str(cf.sqref): cf.rules for cf in squads.conditional_formatting}
    (rule,) = ranges["E2:E6"]
    assert rule.type == "dataBar" and rule.dataBar.color.rgb.endswith("A6A6A6")
    # From 0 to the column's sum: each bar is its line's share of the list's points.
    assert [(v.type, str(v.val)) for v in rule.dataBar.cfvo] == [("num", "0.0"), ("formula", "SUM($E$2:$E$6)")]

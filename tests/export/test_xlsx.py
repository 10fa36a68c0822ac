"""Spreadsheets read back by content (openpyxl), never compared as bytes."""

import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.export.xlsx import sheet_title

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def export(*args: str):
    return CliRunner().invoke(cli, ["export", *map(str, args)])


def check_json(path: Path) -> dict:
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
    assert facts["Huella"] == check_json(EXAMPLES / "wartime" / "compania-fenix.yaml")["fingerprint"]
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
    assert facts["Huella"] == check_json(EXAMPLES / example)["fingerprint"]


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


def test_output_equal_to_input_is_refused(tmp_path):
    roster = tmp_path / "lista.yaml"
    shutil.copy(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml", roster)
    before = roster.read_bytes()
    result = export(roster, "--xlsx", roster)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert roster.read_bytes() == before


def test_nothing_to_export_is_a_usage_error(tmp_path):
    assert export(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml").exit_code == 2


def test_unreadable_roster_exits_2_and_writes_nothing(tmp_path):
    out = tmp_path / "x.xlsx"
    result = export(tmp_path / "missing.yaml", "--xlsx", out)
    assert result.exit_code == 2 and not out.exists()


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


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
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

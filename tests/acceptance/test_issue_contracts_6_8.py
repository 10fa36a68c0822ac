"""Black-box acceptance tests for issues 6 (spreadsheet export), 7 (PDF export) and
8 (tournaments: packs, batch check, summary sheet, verify), written from the issue
texts only (plus issue 2's shared contract and file formats, issue 3's Cripmaquión file).

Inputs are the bundled example rosters, copied into tmp_path. Every expected number is
worked out by hand below from issue 2's cost tables, not copied from the tool's output.

Hand arithmetic for the Fénix warbook (examples/wartime/fenix-warbook.yaml), issue 2:
  attribute cost 1..10 = 0,1,2,3,4,6,10,17,28,45
  energy / damage / protection / defense 1..10 = 5,10,15,20,25,35,45,55,65,75
  fortune 1..10 = 10,15,...,55
  Soldado raso  con4 agi4 int3 rea4 vol3 = 3+3+2+3+2 = 13, level 4+4+3+4+3 = 18
  Veterano      con5 agi6 int4 rea5 vol5 = 4+6+3+4+4 = 21, level 5+6+4+5+5 = 25
  Fusil de asalto  dmg4 20 + range 4*15*0.1 = 6 − energy2 10           = 16
  Cuchillo         dmg2 10 − energy1 5                                  = 5
  Lanzagranadas    dmg5 25 + range 5*20*0.1 = 10 + area: circle d3
                   = pi*1.5^2 = 7.07 -> 7 K², 5*7*0.1 = 3.5 -> 4; − energy3 15 = 24
  Chaleco antibalas prot3 15 − energy2 10 = 5;  Casco prot1 5 − 5 = 0 -> minimum 1
  Moto de exploración defense2 10 − energy1 5 = 5
  Radio  bonus 3 − energy1 5 = −2 -> minimum 1
  Fusilero   13 + 16 + 5 + 5 + 1           = 40  (level 18, energy min(4+5,10) = 9,
             vitality = CON 4, defense 3 + 1 = 4, movement round(2.5) = 3)
  Sargento   21 + 16 + 5 + 1 + fortune2 15 = 58  (level 25, energy min(5+5,10) = 10,
             vitality 5, defense 3, movement 3)
  Granadero  13 + 24 + 5                   = 42
  Explorador 13 + 5 (moto) + 5 (cuchillo)  = 23
  Compañía Fénix: 58 + 3*40 + 42 + 40 + 23 = 283 of 300, 7 models
  Asalto Fénix:   58 + 4*40 + 2*42 + 23    = 325 of 250 (over-points-limit), Sargento
                  level 25 over max_level 20 (restriction-max-level); formations: true,
                  squad Apoyo of 2 -> warning formation-too-small; lone Solitario 23 <= 25.

Open points (the issues leave them to the implementer, so they are not asserted here):
  sheet names, column order and labels; whether the summary (a key/value sheet) also has a
  frozen header; how the date is written; the exit code of `export --draft` on an illegal
  roster; the exit code of a batch that is both illegal and unreadable (issue 2 says 1 for
  illegal and 2 for unreadable); whether an unreadable file gets a row in the summary;
  which team(s) get `lineup-size` when lineups differ without `runners_per_team`; the
  English wording of verify; whether a pack key left out falls back to the list's value.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections import Counter
from datetime import date, datetime
from pathlib import Path

import openpyxl
import pypdf
import pytest
import yaml
from click.testing import CliRunner
from openpyxl.utils import column_index_from_string, range_boundaries

from builder.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WARTIME = EXAMPLES / "wartime"
CRIP = EXAMPLES / "cripmaquion"

A4 = (595.28, 841.89)  # 210 × 297 mm in points
LETTER = (612.0, 792.0)  # 8.5 × 11 in in points

YES = {"sí", "si", "yes", "legal", "✓", "true", "ok"}


# ----------------------------------------------------------------------------- helpers
def run(*args: str):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    # never a Python traceback for anything a user can type (issue 2)
    assert "Traceback" not in result.output, result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def stdout_json(result) -> dict:
    # JSON output is one JSON object on stdout, with no progress bar mixed in (issue 8)
    return json.loads(result.stdout)


def check_json(*args: str) -> dict:
    return stdout_json(run("check", *args, "--format", "json"))


def fingerprint_of(path: Path) -> str:
    return check_json(path)["results"][0]["fingerprint"]


def fold(text) -> str:
    """Lower case, no accents: 'Cripmaquión' -> 'cripmaquion'."""
    text = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture
def wt(tmp_path: Path) -> Path:
    """A folder with the Fénix warbook and its two example lists."""
    folder = tmp_path / "wartime"
    folder.mkdir(exist_ok=True)
    for name in ("fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml"):
        shutil.copy(WARTIME / name, folder / name)
    return folder


def all_cells(ws):
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is not None:
                yield cell


def row_values(ws):
    for row in ws.iter_rows():
        values = [c.value for c in row if c.value is not None]
        if values:
            yield values


def is_formula(cell) -> bool:
    return cell.data_type == "f" or (isinstance(cell.value, str) and cell.value.startswith("=")
                                     and cell.data_type != "s")


def find_cells(ws, predicate):
    return [c for c in all_cells(ws) if predicate(c.value)]


def neighbour_values(ws, cell):
    """The value right of a label, or below it (a key/value sheet laid out either way)."""
    out = []
    right = ws.cell(row=cell.row, column=cell.column + 1).value
    below = ws.cell(row=cell.row + 1, column=cell.column).value
    for v in (right, below):
        if v is not None:
            out.append(v)
    return out


def legal_value(ws):
    """The value beside a label that says 'Legal' on a summary sheet."""
    labels = find_cells(ws, lambda v: isinstance(v, str) and fold(v).strip(" :?¿") in {"legal", "¿legal", "legal?", "es legal", "is legal"})
    assert labels, "no 'Legal' label on the summary sheet"
    values = neighbour_values(ws, labels[0])
    assert values, "no value beside the 'Legal' label"
    return values[0]


def today_on(ws) -> bool:
    today = date.today()
    forms = {today.isoformat(), today.strftime("%d/%m/%Y"), today.strftime("%d-%m-%Y"),
             today.strftime("%m/%d/%Y")}
    for cell in all_cells(ws):
        v = cell.value
        if isinstance(v, datetime) and v.date() == today:
            return True
        if isinstance(v, date) and v == today:
            return True
        if isinstance(v, str) and any(f in v for f in forms):
            return True
    return False


def dv_cells(ws):
    """Every cell covered by a data validation of the sheet, with its validation."""
    out = []
    for dv in ws.data_validations.dataValidation:
        for rng in str(dv.sqref).split():
            min_col, min_row, max_col, max_row = range_boundaries(rng)
            max_row = min(max_row, ws.max_row)
            for r in range(min_row, max_row + 1):
                for c in range(min_col, max_col + 1):
                    out.append((ws.cell(row=r, column=c), dv))
    return out


REF = re.compile(r"(?:'[^']+'!|\b[A-Za-z_][\w.]*!)?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?")


def formula_refers_to(formula: str, cell) -> bool:
    for m in REF.finditer(formula):
        c1, r1 = column_index_from_string(m.group(1)), int(m.group(2))
        if m.group(3):
            c2, r2 = column_index_from_string(m.group(3)), int(m.group(4))
        else:
            c2, r2 = c1, r1
        if min(c1, c2) <= cell.column <= max(c1, c2) and min(r1, r2) <= cell.row <= max(r1, r2):
            return True
    return False


def pdf_text_pages(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in pypdf.PdfReader(str(path)).pages]


def write_yaml(path: Path, data: dict) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def wartime_list(path: Path, name: str, members: list[tuple[str, int]], *, warbook: str,
                 points_limit: int | None = None, player: str | None = None, **extra) -> Path:
    data: dict = {"system": "wartime", "name": name}
    if player:
        data["player"] = player
    if points_limit is not None:
        data["points_limit"] = points_limit
    data.update(extra)
    data["warbook"] = warbook
    data["squads"] = [{"name": "Alfa", "members": [{"character": c, "count": n} for c, n in members]}]
    return write_yaml(path, data)


# ================================================================ issue 6: spreadsheets
@pytest.fixture
def fenix_xlsx(wt: Path):
    out = wt / "out" / "fenix.xlsx"
    out.parent.mkdir()
    result = run("export", wt / "compania-fenix.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    assert out.is_file()
    return out, openpyxl.load_workbook(out)


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


def test_xlsx_units_sheet_has_squads_characters_costs_and_derived_values(fenix_xlsx):
    _, wb = fenix_xlsx
    rows = [r for ws in wb.worksheets[1:] for r in row_values(ws)]
    flat = [v for r in rows for v in r]
    for squad in ("Alfa", "Bravo", "Exploradores"):
        assert squad in flat
    # character rows: cost, level, energy, vitality, defense, movement (see module docstring)
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


def test_xlsx_cripmaquion_runners_sheet(tmp_path):
    src = tmp_path / "saqueadores.yaml"
    shutil.copy(CRIP / "saqueadores-rio-lobo.yaml", src)
    out = tmp_path / "saqueadores.xlsx"
    result = run("export", src, "--xlsx", out)
    assert result.exit_code == 0, result.output  # 6 lined up, 4 slots of 4 (issue 3)
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


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice not installed")
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


def test_xlsx_illegal_roster_not_exported_and_existing_file_untouched(wt):
    out = wt / "asalto.xlsx"
    out.write_bytes(b"previous content")
    result = run("export", wt / "asalto-ilegal.yaml", "--xlsx", out)
    assert result.exit_code == 1, result.output
    assert "over-points-limit" in result.output and "restriction-max-level" in result.output
    assert out.read_bytes() == b"previous content"
    assert sorted(p.name for p in wt.iterdir()) == sorted(
        ["fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml", "asalto.xlsx"])


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
    report = check_json(wt / "asalto-ilegal.yaml")["results"][0]
    rows = [r for ws in wb.worksheets[1:] for r in row_values(ws)]
    for err in report["errors"]:
        row = next((r for r in rows if err["code"] in r), None)
        assert row is not None, f"{err['code']} missing from the problems"
        text = err["message"][len(err["where"]) + 2:] if err["message"].startswith(err["where"]) else err["message"]
        assert any(isinstance(v, str) and text in v for v in row), (text, row)
        assert err["rule"] in row, (err["rule"], row)
    assert {"over-points-limit", "restriction-max-level"} <= {e["code"] for e in report["errors"]}


def test_xlsx_draft_is_marked_in_english(wt):
    out = wt / "draft.xlsx"
    result = run("export", wt / "asalto-ilegal.yaml", "--xlsx", out, "--draft", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    summary = openpyxl.load_workbook(out).worksheets[0]
    assert any("DRAFT — NOT LEGAL" in str(c.value) for c in all_cells(summary))


def test_xlsx_user_text_is_never_a_formula(wt):
    book = yaml.safe_load((WARTIME / "fenix-warbook.yaml").read_text(encoding="utf-8"))
    renames = {"Fusilero": '=HYPERLINK("http://example.invalid","x")', "Sargento": "@Sargento",
               "Granadero": "-Granadero", "Explorador": "+Explorador"}
    for ch in book["warbook"]["characters"]:
        ch["name"] = renames[ch["name"]]
    book["name"] = "+Warbook"
    write_yaml(wt / "inj-warbook.yaml", book)
    write_yaml(wt / "inj.yaml", {
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


@pytest.mark.parametrize("flag", ["--xlsx", "--pdf"])
@pytest.mark.parametrize("alias", ["same", "dotdot"])
def test_output_equal_to_input_is_refused(wt, monkeypatch, flag, alias):
    monkeypatch.chdir(wt)
    (wt / "sub").mkdir()
    src = wt / "compania-fenix.yaml"
    before = src.read_bytes()
    out = "compania-fenix.yaml" if alias == "same" else str(wt / "sub" / ".." / "compania-fenix.yaml")
    result = run("export", src, flag, out)
    assert result.exit_code != 0, result.output
    assert src.read_bytes() == before
    assert sorted(p.name for p in wt.iterdir()) == sorted(
        ["fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml", "sub"])


def test_failed_write_leaves_no_partial_or_temporary_file(wt):
    target = wt / "out"
    target.mkdir()
    blocker = target / "fenix.xlsx"
    blocker.mkdir()  # the output path is a folder: the write must fail cleanly
    (blocker / "keep.txt").write_text("keep")
    result = run("export", wt / "compania-fenix.yaml", "--xlsx", blocker)
    assert result.exit_code != 0
    assert sorted(p.name for p in target.iterdir()) == ["fenix.xlsx"]
    assert [p.name for p in blocker.iterdir()] == ["keep.txt"]


def test_successful_write_leaves_only_the_output(fenix_xlsx):
    out, _ = fenix_xlsx
    assert [p.name for p in out.parent.iterdir()] == ["fenix.xlsx"]


def test_heavy_libraries_imported_only_by_the_commands_that_write_files(wt, tmp_path):
    code = (
        "import sys, json\n"
        "from click.testing import CliRunner\n"
        "from builder.cli import cli\n"
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


# ======================================================================= issue 7: PDF
def assert_page_size(path: Path, size: tuple[float, float]) -> None:
    pages = pypdf.PdfReader(str(path)).pages
    assert pages
    for page in pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - size[0]) < 1.5 and abs(h - size[1]) < 1.5, (w, h)


def test_pdf_a4_names_fingerprint_derived_numbers_and_title(wt):
    out = wt / "fenix.pdf"
    result = run("export", wt / "compania-fenix.yaml", "--pdf", out)
    assert result.exit_code == 0, result.output
    assert_page_size(out, A4)
    text = "\n".join(pdf_text_pages(out))
    for name in ("Compañía Fénix", "Sargento", "Fusilero", "Granadero", "Explorador",
                 "Fusil de asalto", "Lanzagranadas", "Chaleco antibalas", "Moto de exploración",
                 "Alfa", "Bravo", "Exploradores"):
        assert name in text, name
    assert fingerprint_of(wt / "compania-fenix.yaml") in text
    numbers = set(re.findall(r"\d+", text))
    # costs 58/40/42/23, total 283 of 300, levels 25/18, energies 10/9 (see docstring)
    for n in ("283", "300", "58", "40", "42", "23", "25", "18", "10", "9"):
        assert n in numbers, n
    # page 1, the team sheet: system, name, points and limit, fingerprint, date
    pages = pdf_text_pages(out)
    first = pages[0]
    assert "wartime" in fold(first) and "Compañía Fénix" in first
    assert {"283", "300"} <= set(re.findall(r"\d+", first))
    assert fingerprint_of(wt / "compania-fenix.yaml") in first
    today = date.today()
    assert any(f in first for f in (today.isoformat(), today.strftime("%d/%m/%Y"), today.strftime("%d-%m-%Y")))
    # the cards follow the sheet: one per character, with its cost
    cards = "\n".join(pages[1:])
    for name in ("Sargento", "Fusilero", "Granadero", "Explorador"):
        assert name in cards, name
    assert {"58", "40", "42", "23"} <= set(re.findall(r"\d+", cards))
    reader = pypdf.PdfReader(str(out))
    assert reader.metadata.title == "Compañía Fénix"
    assert reader.metadata.creator  # "PDF metadata: title (the list's name), language, creator"
    assert str(reader.trailer["/Root"].get("/Lang", "")).lower().startswith("es")
    assert "BORRADOR" not in text


def test_pdf_letter_and_xlsx_together(wt):
    pdf, xlsx = wt / "fenix-letter.pdf", wt / "fenix.xlsx"
    result = run("export", wt / "compania-fenix.yaml", "--xlsx", xlsx, "--pdf", pdf, "--paper", "letter",
                 "--lang", "en")
    assert result.exit_code == 0, result.output
    assert_page_size(pdf, LETTER)
    reader = pypdf.PdfReader(str(pdf))
    assert reader.metadata.title == "Compañía Fénix"
    assert str(reader.trailer["/Root"].get("/Lang", "")).lower().startswith("en")
    fp = fingerprint_of(wt / "compania-fenix.yaml")
    assert fp in "\n".join(pdf_text_pages(pdf))
    assert fp in [c.value for c in all_cells(openpyxl.load_workbook(xlsx).worksheets[0])]


def test_pdf_illegal_not_exported(wt):
    out = wt / "asalto.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out)
    assert result.exit_code == 1, result.output
    assert "over-points-limit" in result.output
    assert not out.exists()
    assert not [p for p in wt.iterdir() if p.suffix not in (".yaml",)]


def test_pdf_draft_marks_every_page(wt):
    out = wt / "borrador.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert len(pages) >= 2  # a team sheet and at least one page of cards
    for i, page in enumerate(pages):
        assert squash("BORRADOR — NO LEGAL") in squash(page), f"page {i + 1} not marked"


def test_pdf_draft_marks_every_page_in_english(wt):
    out = wt / "draft.pdf"
    result = run("export", wt / "asalto-ilegal.yaml", "--pdf", out, "--draft", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    pages = pdf_text_pages(out)
    assert pages
    for i, page in enumerate(pages):
        assert squash("DRAFT — NOT LEGAL") in squash(page), f"page {i + 1} not marked"


# ============================================================= issue 8: tournaments
PACK_WT = """\
system: wartime
name: Torneo de Otoño
points_limit: 250
formations: false
restrictions: {max_level: 25, max_models: 12, max_weapon_damage: 7}
"""


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """tmp/wartime/fenix-warbook.yaml, tmp/lists/*.yaml, tmp/pack.yaml.

    Under the pack's 250:
      a-patrulla   Sargento 58 + 3 × Fusilero 40 = 178  legal
      b-explor     2 × Granadero 42 + 2 × Fusilero 40 + Explorador 23 = 187  legal
      c-pareja     Sargento 58 + Fusilero 40 = 98  legal
      d-pesado     written for 300: 58 + 4 × 40 + 42 = 260 > 250  over-points-limit
      e-cripma     a Cripmaquión team: wrong-system
      f-rota       invalid YAML: unreadable
    """
    (tmp_path / "wartime").mkdir(exist_ok=True)
    shutil.copy(WARTIME / "fenix-warbook.yaml", tmp_path / "wartime" / "fenix-warbook.yaml")
    lists = tmp_path / "lists"
    lists.mkdir()
    wb = "../wartime/fenix-warbook.yaml"
    # written out of order on purpose; the folder is read sorted
    (lists / "f-rota.yaml").write_text("system: wartime\nname: Lista rota\nsquads: [\n", encoding="utf-8")
    wartime_list(lists / "d-pesado.yaml", "Asalto Pesado", [("Sargento", 1), ("Fusilero", 4), ("Granadero", 1)],
                 warbook=wb, points_limit=300, player="Marta Gil")
    wartime_list(lists / "a-patrulla.yaml", "Patrulla Alfa", [("Sargento", 1), ("Fusilero", 3)],
                 warbook=wb, points_limit=300, player="Ana Robles")
    (lists / "b-explor.yml").write_text(
        "system: wartime\nname: Los Exploradores\nplayer: Luis Pardo\nwarbook: ../wartime/fenix-warbook.yaml\n"
        "squads:\n  - name: Bravo\n    members:\n      - {character: Granadero, count: 2}\n"
        "      - {character: Fusilero, count: 2}\n  - name: Batidores\n    members:\n"
        "      - {character: Explorador}\n", encoding="utf-8")
    wartime_list(lists / "c-pareja.yaml", "Pareja", [("Sargento", 1), ("Fusilero", 1)], warbook=wb)
    write_yaml(lists / "e-cripma.yaml", {"system": "cripmaquion", "team": "Los Despistados",
                                         "player": "Pau Soler",
                                         "runners": [{"name": "Uno", "race": "orco", "specialties": []},
                                                     {"name": "Dos", "race": "goblin", "specialties": []},
                                                     {"name": "Tres", "race": "humano", "specialties": []}]})
    (lists / "notes.txt").write_text("not a list\n", encoding="utf-8")
    (tmp_path / "pack.yaml").write_text(PACK_WT, encoding="utf-8")
    return tmp_path


def by_file(report: dict) -> dict[str, dict]:
    return {Path(r["file"]).name: r for r in report["results"]}


def test_batch_folder_expansion_sorted_and_yaml_only(event):
    report = check_json(event / "lists", "--pack", event / "pack.yaml")
    names = [Path(r["file"]).name for r in report["results"]]
    assert names == ["a-patrulla.yaml", "b-explor.yml", "c-pareja.yaml", "d-pesado.yaml",
                     "e-cripma.yaml", "f-rota.yaml"]


def test_batch_pack_precedence_and_codes(event):
    result = run("check", event / "lists", "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code in (1, 2)  # illegal lists and an unreadable one: open point
    report = stdout_json(result)
    assert report["legal"] is False
    r = by_file(report)
    for legal in ("a-patrulla.yaml", "b-explor.yml", "c-pareja.yaml"):
        assert r[legal]["legal"] is True, r[legal]
        assert r[legal]["points_limit"] == 250
    assert (r["a-patrulla.yaml"]["points"], r["b-explor.yml"]["points"], r["c-pareja.yaml"]["points"]) == (178, 187, 98)
    # a list written for 300 points is checked at the pack's 250
    heavy = r["d-pesado.yaml"]
    assert heavy["legal"] is False and heavy["points"] == 260 and heavy["points_limit"] == 250
    assert [e["code"] for e in heavy["errors"]] == ["over-points-limit"]
    assert [e["code"] for e in r["e-cripma.yaml"]["errors"]] == ["wrong-system"]
    assert r["f-rota.yaml"]["legal"] is False
    # on its own (no pack) the heavy list is legal at its 300: 260 <= 300
    alone = check_json(event / "lists" / "d-pesado.yaml")["results"][0]
    assert alone["legal"] is True and alone["points_limit"] == 300


def test_pack_restrictions_and_formations_replace_the_lists_own(event, wt):
    # Asalto Fénix on its own: over-points-limit (325 > 250), restriction-max-level (25 > 20),
    # formation-too-small (formations: true). Under the pack: max_level 25 (Sargento 25 is
    # allowed) and formations false, so only the points remain.
    report = check_json(wt / "asalto-ilegal.yaml", "--pack", event / "pack.yaml")["results"][0]
    assert [e["code"] for e in report["errors"]] == ["over-points-limit"]
    assert not [w for w in report["warnings"] if w["code"].startswith("formation")]
    # and a tighter pack bites: Compañía Fénix has 7 models, the pack allows 5
    tight = event / "tight.yaml"
    tight.write_text("system: wartime\nname: Escaramuza\npoints_limit: 300\nrestrictions: {max_models: 5}\n",
                     encoding="utf-8")
    result = run("check", wt / "compania-fenix.yaml", "--pack", tight)
    assert result.exit_code == 1
    assert "restriction-max-models" in result.output


def test_pack_limit_wins_even_when_higher_than_the_lists(event):
    # "its values take precedence over what a list says about itself": a list written for
    # 200 with 260 points (illegal alone) is legal at a 300-point event.
    lst = wartime_list(event / "lists" / "d2.yaml", "Asalto Pesado", [("Sargento", 1), ("Fusilero", 4), ("Granadero", 1)],
                       warbook="../wartime/fenix-warbook.yaml", points_limit=200)
    assert run("check", lst).exit_code == 1
    pack = event / "p300.yaml"
    pack.write_text("system: wartime\nname: Gran Torneo\npoints_limit: 300\n", encoding="utf-8")
    result = run("check", lst, "--pack", pack, "--format", "json")
    assert result.exit_code == 0, result.output
    res = stdout_json(result)["results"][0]
    assert res["points"] == 260 and res["points_limit"] == 300


def test_batch_text_output_ends_with_a_tally(event):
    result = run("check", event / "lists", "--pack", event / "pack.yaml")
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    numbers = [int(n) for n in re.findall(r"\d+", lines[-1])]
    # 3 legal (a, b, c), 2 illegal (d, e), 1 unreadable (f), in that order
    it = iter(numbers)
    assert all(n in it for n in (3, 2, 1)), lines[-1]
    assert "f-rota.yaml" in result.output


def test_batch_many_lists_json_is_clean(event, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(30):
        wartime_list(folder / f"l{i:02d}.yaml", f"Lista {i:02d}", [("Sargento", 1), ("Fusilero", 1)],
                     warbook="../wartime/fenix-warbook.yaml")
    result = run("check", folder, "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    report = stdout_json(result)
    assert [r["name"] for r in report["results"]] == [f"Lista {i:02d}" for i in range(30)]
    assert all(r["points"] == 98 and r["legal"] for r in report["results"])  # 58 + 40


def test_batch_unreadable_file_reported_and_the_rest_checked(event, tmp_path):
    folder = tmp_path / "solo"
    folder.mkdir()
    shutil.copy(event / "lists" / "a-patrulla.yaml", folder / "a.yaml")
    shutil.copy(event / "lists" / "f-rota.yaml", folder / "b.yaml")
    wartime_list(folder / "c.yaml", "Pareja", [("Sargento", 1), ("Fusilero", 1)],
                 warbook="../wartime/fenix-warbook.yaml")
    result = run("check", folder, "--pack", event / "pack.yaml", "--format", "json")
    assert result.exit_code == 2, result.output  # issue 2: 2 when a file can't be read
    r = by_file(stdout_json(result))
    assert r["a.yaml"]["legal"] is True and r["c.yaml"]["legal"] is True
    assert r["b.yaml"]["legal"] is False
    text = run("check", folder, "--pack", event / "pack.yaml")
    assert "b.yaml" in text.output and "Patrulla Alfa" in text.output and "Pareja" in text.output


def test_summary_sheet_one_filterable_row_per_list(event):
    out = event / "resumen.xlsx"
    result = run("check", event / "lists", "--pack", event / "pack.yaml", "--summary", out)
    assert result.exit_code in (1, 2)
    report = by_file(check_json(event / "lists", "--pack", event / "pack.yaml"))
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets:
        assert 1 <= len(ws.title) <= 31 and not set(ws.title) & set("[]:*?/\\"), ws.title
    names = ["Patrulla Alfa", "Los Exploradores", "Pareja", "Asalto Pesado", "Los Despistados"]
    ws = next(s for s in wb.worksheets if all(n in [c.value for c in all_cells(s)] for n in names))
    rows = {}
    for row in ws.iter_rows():
        vals = [c.value for c in row if c.value is not None]
        for n in names:
            if n in vals:
                assert n not in rows, f"two rows for {n}"
                rows[n] = vals
    assert set(rows) == set(names)
    # the unreadable file may get a row (open point), but nothing else may
    extra = [r for r in row_values(ws) if not any(n in r for n in names)]
    assert len(extra) <= 3, extra  # a header, maybe a title, maybe the unreadable file
    expect = {  # name: (file, player, system, points, errors, first problem)
        "Patrulla Alfa": ("a-patrulla.yaml", "Ana Robles", "wartime", 178, 0, None),
        "Los Exploradores": ("b-explor.yml", "Luis Pardo", "wartime", 187, 0, None),
        "Pareja": ("c-pareja.yaml", None, "wartime", 98, 0, None),
        "Asalto Pesado": ("d-pesado.yaml", "Marta Gil", "wartime", 260, 1, "over-points-limit"),
        "Los Despistados": ("e-cripma.yaml", "Pau Soler", "cripmaquion", None, 1, "wrong-system"),
    }
    for name, (file, player, system, points, errors, problem) in expect.items():
        row = rows[name]
        strs = [v for v in row if isinstance(v, str)]
        ints = [v for v in row if isinstance(v, (int, float)) and not isinstance(v, bool)]
        assert any(file in s for s in strs), (file, row)
        if player:
            assert player in row
        assert any(system in fold(s) for s in strs), (system, row)
        if points is not None:
            assert points in ints, (points, row)
        assert errors in ints, (errors, row)
        assert report[file]["fingerprint"] in row
        if problem:
            assert any(problem in s for s in strs), (problem, row)
    # legal / illegal visibly differ: some cell distinguishes the legal lists from the others
    legal_rows = [rows[n] for n in ("Patrulla Alfa", "Los Exploradores", "Pareja")]
    bad_rows = [rows[n] for n in ("Asalto Pesado", "Los Despistados")]
    common_legal = set.intersection(*[set(map(str, r)) for r in legal_rows])
    assert any(all(v not in set(map(str, r)) for r in bad_rows) for v in common_legal)
    # filterable, in the style of the team sheets
    assert ws.auto_filter.ref, "summary not filterable"
    _, min_row, _, max_row = range_boundaries(ws.auto_filter.ref)
    row_numbers = [c.row for c in all_cells(ws) if c.value in names]
    assert min_row < min(row_numbers) and max_row >= max(row_numbers)
    assert ws.freeze_panes
    header = [c for c in ws[min_row] if c.value is not None]
    assert header and all(c.font.b for c in header)


def test_summary_user_text_is_never_a_formula(event, tmp_path):
    folder = tmp_path / "inj"
    folder.mkdir()
    write_yaml(folder / "x.yaml", {"system": "wartime", "name": "=1+1", "player": "@SUM(1,2)",
                                   "warbook": "../wartime/fenix-warbook.yaml",
                                   "squads": [{"name": "+A", "members": [{"character": "Sargento"}]}]})
    out = tmp_path / "inj.xlsx"
    result = run("check", folder, "--pack", event / "pack.yaml", "--summary", out)
    assert result.exit_code == 0, result.output  # Sargento 58 of 250
    cells = [c for ws in openpyxl.load_workbook(out).worksheets for c in all_cells(ws)]
    for text in ("=1+1", "@SUM(1,2)"):
        hits = [c for c in cells if c.value == text]
        assert hits and all(c.data_type == "s" for c in hits), text


def test_schema_pack(tmp_path):
    result = run("schema", "pack")
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert isinstance(schema, dict)
    assert "points_limit" in result.output and "runners_per_team" in result.output


def crip_setup(tmp_path: Path) -> Path:
    folder = tmp_path / "crip"
    folder.mkdir()
    shutil.copy(CRIP / "saqueadores-rio-lobo.yaml", folder / "a-saqueadores.yaml")  # lineup of 6
    shutil.copy(CRIP / "grupetto-verde.yaml", folder / "b-grupetto.yaml")  # no lineup: all 8
    return folder


def test_cripmaquion_pack_runners_per_team(tmp_path):
    folder = crip_setup(tmp_path)
    pack = tmp_path / "copa.yaml"
    pack.write_text("system: cripmaquion\nname: Copa del Orbe — jornada 1\nrunners_per_team: 6\n",
                    encoding="utf-8")
    # each team is legal on its own (Saqueadores: 6 runners, 2 + 1 + 1 = 4 slots of 4;
    # Grupetto: 8 runners, 2 + 1 + 1 + 1 = 5 slots of 5)
    assert run("check", folder).exit_code == 0
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 1, result.output
    r = by_file(stdout_json(result))
    assert r["a-saqueadores.yaml"]["legal"] is True      # 6 lined up
    assert "lineup-size" in [e["code"] for e in r["b-grupetto.yaml"]["errors"]]  # 8 ≠ 6
    assert r["b-grupetto.yaml"]["legal"] is False


def test_cripmaquion_teams_under_one_pack_must_line_up_the_same_size(tmp_path):
    folder = crip_setup(tmp_path)
    pack = tmp_path / "copa.yaml"
    pack.write_text("system: cripmaquion\nname: Copa del Orbe\n", encoding="utf-8")
    # 6 and 8 runners under one pack: lineup-size
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 1, result.output
    report = stdout_json(result)
    codes = [e["code"] for r in report["results"] for e in r["errors"]]
    assert "lineup-size" in codes
    # with the Grupetto lining up 6 (2 + 1 + 1 = 4 slots of 4) both have 6: legal
    text = (folder / "b-grupetto.yaml").read_text(encoding="utf-8")
    text += "lineup: [Gnatte Franzs, Gurtlutz, Arcada, Gengis, Gorko, Pogco Middo]\n"
    (folder / "b-grupetto.yaml").write_text(text, encoding="utf-8")
    result = run("check", folder, "--pack", pack, "--format", "json")
    assert result.exit_code == 0, result.output


# =========================================================================== verify
def test_verify_matching_and_mismatching_fingerprints(wt):
    lst = wt / "compania-fenix.yaml"
    fp = fingerprint_of(lst)
    ok = run("verify", lst, fp)
    assert ok.exit_code == 0, ok.output
    assert "coincide" in ok.output.lower()
    wrong = "WT-0000-0000" if fp != "WT-0000-0000" else "WT-1111-1111"
    bad = run("verify", lst, wrong)
    assert bad.exit_code == 1, bad.output
    assert fp in bad.output and wrong in bad.output


def test_verify_same_roster_reformatted_matches_and_a_changed_count_does_not(wt):
    fp = fingerprint_of(wt / "compania-fenix.yaml")
    # the same roster with other key order, flow style and comments
    (wt / "otra.yaml").write_text(
        "# copia del organizador\n"
        "name: Compañía Fénix\nsystem: wartime\nwarbook: fenix-warbook.yaml\n"
        "restrictions: {max_weapon_damage: 6, max_models: 10, max_level: 25}\n"
        "points_limit: 300\n"
        "squads:\n"
        "  - {name: Alfa, members: [{count: 1, character: Sargento}, {count: 3, character: Fusilero}]}\n"
        "  - {name: Bravo, members: [{count: 1, character: Granadero}, {count: 1, character: Fusilero}]}\n"
        "  - {name: Exploradores, members: [{count: 1, character: Explorador}]}  # batidores\n",
        encoding="utf-8")
    assert run("verify", wt / "otra.yaml", fp).exit_code == 0
    # one Fusilero more in Alfa: 283 + 40 = 323 > 300, and a different fingerprint
    changed = (wt / "otra.yaml").read_text(encoding="utf-8").replace("{count: 3,", "{count: 4,")
    (wt / "otra.yaml").write_text(changed, encoding="utf-8")
    result = run("verify", wt / "otra.yaml", fp)
    assert result.exit_code == 1
    assert fp in result.output

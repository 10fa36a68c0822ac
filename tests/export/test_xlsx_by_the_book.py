"""Spreadsheet export by the book (`builder export --xlsx`).

Black-box, written from the spreadsheet-export specification only (plus the shared command-line
contract and file formats, and the Cripmaquión file format). Inputs are the bundled example
rosters, copied into tmp_path. Every expected number is worked out by hand below from the
Wartime cost tables, not copied from the tool's output.

The Fénix examples' costs are worked out by hand beside the `wt` fixture (tests/conftest.py).

Open points (the specification leaves them to the implementer, so they are not asserted here):
  sheet names, column order and labels; whether the summary (a key/value sheet) also has a
  frozen header; how the date is written; the exit code of `export --draft` on an illegal
  roster.
"""

from __future__ import annotations

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
from openpyxl.utils import range_boundaries

from tests.book_cases import (
    CRIP, WARTIME, YES, all_cells, check_json, dv_cells, find_cells, fingerprint_of, fold, formula_refers_to,
    is_formula, legal_value, row_values, run, today_on, write,
)


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
    report = check_json(wt / "asalto-ilegal.yaml")[1]["results"][0]
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

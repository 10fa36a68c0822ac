"""An event's summary sheet (`check --summary`): one filterable row per list, user text never a
formula, and never written over an input."""

import json
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from tests.book_cases import all_cells, by_file, check_json, fold, row_values, run, write

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tournament"
PACK = EXAMPLE / "pack" / "torneo-otono.yaml"


def team(name: str, size: int) -> str:
    runners = "\n".join(f"  - {{name: R{i}, race: orco}}" for i in range(size))
    return f"system: cripmaquion\nteam: {name}\nrunners:\n{runners}\n"


def test_summary_sheet(tmp_path):
    out = tmp_path / "resumen.xlsx"
    result = run("check", EXAMPLE / "lists", "--pack", PACK, "--summary", out)
    assert result.exit_code == 2 and out.exists()
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Evento", "Listas"]
    cover = {row[0]: row[1] for row in wb["Evento"].iter_rows(values_only=True) if row[0]}
    assert cover["Torneo de Otoño"] is None and cover["LEGAL"] == 2 and cover["ILEGAL"] == 2 and cover["ILEGIBLE"] == 1
    lists = wb["Listas"]
    assert lists.auto_filter.ref == "A1:L7"   # the last column: repeated lists (issue 31); 5 lists and the Warbook
    assert lists.freeze_panes == "A2"
    header, *rows = list(lists.iter_rows(values_only=True))
    assert header[:4] == ("Archivo", "Nombre", "Jugador", "Juego")  # the word pages use (issue 46)
    by_name = {row[1]: row for row in rows}
    patrulla = by_name["Patrulla Alfa"]
    assert patrulla[2:8] == ("Ana Robles", "Wartime", 178, 250, "LEGAL", 0)
    fingerprint = json.loads(run("check", EXAMPLE / "lists" / "01-patrulla-alfa.yaml", "--format", "json").output)
    assert patrulla[9] == fingerprint["results"][0]["fingerprint"]
    assert by_name["Asalto Pesado"][6] == "ILEGAL" and "over-points-limit" in by_name["Asalto Pesado"][10]
    broken = next(row for row in rows if row[0].endswith("05-rota.yaml"))
    assert broken[6] == "ILEGIBLE"
    # The pack by its file's name and its event's (ruling 60c), not by the path it was given as.
    assert cover["Pack"] == "torneo-otono.yaml (Torneo de Otoño)"
    # Over their points: Asalto Pesado, 260 of 250. Patrulla Alfa (178) and Los Exploradores (187) are
    # within it, the Cripmaquión team and the broken file have no points: 1.
    assert cover["Por encima de sus puntos"] == 1
    assert by_name["Warbook Fénix"][6] == "WARBOOK"
    # Both sheets print as the team sheets do: landscape, one page wide.
    for sheet in (wb["Evento"], lists):
        assert sheet.sheet_properties.pageSetUpPr.fitToPage and sheet.page_setup.fitToWidth == 1
        assert sheet.page_setup.orientation == "landscape"


def test_summary_may_not_overwrite_an_input(tmp_path):
    listing = tmp_path / "lista.yaml"
    listing.write_text(team("A", 3), encoding="utf-8")
    before = listing.read_bytes()
    assert run("check", listing, "--summary", listing).exit_code == 2
    assert listing.read_bytes() == before


def test_summary_may_not_overwrite_a_warbook_a_list_reads(tmp_path):
    lists, books = tmp_path / "listas", tmp_path / "libros"
    lists.mkdir(), books.mkdir()
    warbook = books / "fenix-warbook.yaml"
    warbook.write_bytes((ROOT / "examples" / "wartime" / "fenix-warbook.yaml").read_bytes())
    text = (ROOT / "examples" / "wartime" / "compania-fenix.yaml").read_text(encoding="utf-8")
    (lists / "fenix.yaml").write_text(text.replace("warbook: fenix-warbook.yaml", "warbook: ../libros/fenix-warbook.yaml"),
                                      encoding="utf-8")
    before = warbook.read_bytes()
    for jobs in ("1", "2"):
        result = run("check", lists, "--summary", warbook, "--jobs", jobs, "--format", "json")
        report = json.loads(result.stdout)
        assert result.exit_code == 2 and report["error"]["code"] == "output-is-input"
        assert [r["legal"] for r in report["results"]] == [True]   # the lists are still reported
        assert warbook.read_bytes() == before


# --- tournaments by the book ----------------------------------------------------------------------
# Black-box, written from the tournament specification only (plus the shared command-line contract
# and file formats); the event (tests/events/conftest.py) and the Fénix examples (the `wt` fixture,
# tests/conftest.py) are worked out by hand beside their fixtures.


@pytest.mark.book
def test_summary_sheet_one_filterable_row_per_list(event):
    out = event / "resumen.xlsx"
    result = run("check", event / "lists", "--pack", event / "pack.yaml", "--summary", out)
    assert result.exit_code in (1, 2)
    report = by_file(check_json(event / "lists", "--pack", event / "pack.yaml")[1])
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


@pytest.mark.book
def test_summary_user_text_is_never_a_formula(event, tmp_path):
    folder = tmp_path / "inj"
    folder.mkdir()
    write(folder, "x.yaml", {"system": "wartime", "name": "=1+1", "player": "@SUM(1,2)",
                             "warbook": "../wartime/fenix-warbook.yaml",
                             "squads": [{"name": "+A", "members": [{"character": "Sargento"}]}]})
    out = tmp_path / "inj.xlsx"
    result = run("check", folder, "--pack", event / "pack.yaml", "--summary", out)
    assert result.exit_code == 0, result.output  # Sargento 58 of 250
    cells = [c for ws in openpyxl.load_workbook(out).worksheets for c in all_cells(ws)]
    for text in ("=1+1", "@SUM(1,2)"):
        hits = [c for c in cells if c.value == text]
        assert hits and all(c.data_type == "s" for c in hits), text


def grey(rgb: str) -> float:
    """How light a colour prints in black and white (ITU-R BT.601 luma), 0 black to 1 white."""
    r, g, b = (int(rgb[-6:][i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_legal_and_illegal_differ_in_black_and_white(tmp_path):
    out = tmp_path / "resumen.xlsx"
    run("check", EXAMPLE / "lists", "--pack", PACK, "--summary", out)
    lists = openpyxl.load_workbook(out)["Listas"]
    status = {row[6].value: row[6] for row in lists.iter_rows(min_row=2)}
    # The folder's own Warbook (the lists share it) is a file that holds no list: WARBOOK, pale as LEGAL.
    assert set(status) == {"LEGAL", "ILEGAL", "ILEGIBLE", "WARBOOK"}
    assert status["WARBOOK"].fill.fgColor.rgb == status["LEGAL"].fill.fgColor.rgb
    for cell in status.values():
        assert cell.fill.fill_type == "solid" and cell.font.b, cell.value
    legal, illegal, unreadable = (status[w] for w in ("LEGAL", "ILEGAL", "ILEGIBLE"))
    assert illegal.fill.fgColor.rgb == unreadable.fill.fgColor.rgb
    # A pale fill under dark letters against a dark one under white letters: E2EFDA prints at 0.92 grey,
    # C00000 at 0.299 × 192 / 255 = 0.23; the letters are black (the font's default) and white.
    assert grey(legal.fill.fgColor.rgb) == pytest.approx(0.92, abs=0.01)
    assert grey(illegal.fill.fgColor.rgb) == pytest.approx(0.225, abs=0.01)
    assert legal.font.color is None and illegal.font.color.rgb.endswith("FFFFFF")


def test_an_english_summary_counts_the_lists_over_their_points(tmp_path):
    out = tmp_path / "summary.xlsx"
    run("check", EXAMPLE / "lists", "--pack", PACK, "--summary", out, "--lang", "en")
    cover = {row[0]: row[1] for row in openpyxl.load_workbook(out)["Event"].iter_rows(values_only=True) if row[0]}
    assert cover["Over their points"] == 1 and cover["Pack"] == "torneo-otono.yaml (Torneo de Otoño)"

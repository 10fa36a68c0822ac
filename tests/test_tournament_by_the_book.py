"""Tournaments by the book: event packs, batch check, the summary sheet and `builder verify`.

Black-box, written from the tournament specification only (plus the shared command-line
contract and file formats, and the Cripmaquión file format). Inputs are the bundled example
rosters, copied into tmp_path. Every expected number is worked out by hand below from the
Wartime cost tables, not copied from the tool's output.

The Fénix examples' costs are worked out by hand beside the `wt` fixture (tests/conftest.py).

Open points (the specification leaves them to the implementer, so they are not asserted here):
  the summary's sheet names, column order and labels; the exit code of a batch that is both
  illegal and unreadable (the command-line contract says 1 for illegal and 2 for unreadable);
  whether an unreadable file gets a row in the summary; which team(s) get `lineup-size` when
  lineups differ without `runners_per_team`; the English wording of verify; whether a pack key
  left out falls back to the list's value.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from tests.book_cases import (
    CRIP, WARTIME, all_cells, by_file, check_json, fingerprint_of, fold, row_values, run, stdout_json, wartime_list,
    write,
)


# ===========================================================================
# Event packs, batch check and the summary sheet
# ===========================================================================


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
    write(lists, "e-cripma.yaml", {"system": "cripmaquion", "team": "Los Despistados",
                                   "player": "Pau Soler",
                                   "runners": [{"name": "Uno", "race": "orco", "specialties": []},
                                               {"name": "Dos", "race": "goblin", "specialties": []},
                                               {"name": "Tres", "race": "humano", "specialties": []}]})
    (lists / "notes.txt").write_text("not a list\n", encoding="utf-8")
    (tmp_path / "pack.yaml").write_text(PACK_WT, encoding="utf-8")
    return tmp_path


def test_batch_folder_expansion_sorted_and_yaml_only(event):
    report = check_json(event / "lists", "--pack", event / "pack.yaml")[1]
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
    alone = check_json(event / "lists" / "d-pesado.yaml")[1]["results"][0]
    assert alone["legal"] is True and alone["points_limit"] == 300


def test_pack_restrictions_and_formations_replace_the_lists_own(event, wt):
    # Asalto Fénix on its own: over-points-limit (325 > 250), restriction-max-level (25 > 20),
    # formation-too-small (formations: true). Under the pack: max_level 25 (Sargento 25 is
    # allowed) and formations false, so only the points remain.
    report = check_json(wt / "asalto-ilegal.yaml", "--pack", event / "pack.yaml")[1]["results"][0]
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
    assert result.exit_code == 2, result.output  # the command-line contract: 2 when a file can't be read
    r = by_file(stdout_json(result))
    assert r["a.yaml"]["legal"] is True and r["c.yaml"]["legal"] is True
    assert r["b.yaml"]["legal"] is False
    text = run("check", folder, "--pack", event / "pack.yaml")
    assert "b.yaml" in text.output and "Patrulla Alfa" in text.output and "Pareja" in text.output


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


# ===========================================================================
# verify
# ===========================================================================


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

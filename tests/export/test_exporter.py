"""builder.export.exporter: a roster checked, then every file asked for written together or not at all;
never over an input, never two outputs into one file."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def export(*args: str):
    return CliRunner().invoke(cli, ["export", *map(str, args)])


def test_xlsx_and_pdf_together_and_not_into_one_file(tmp_path):
    roster = EXAMPLES / "porcrom" / "lobos-de-zamora.yaml"
    result = export(roster, "--xlsx", tmp_path / "a.xlsx", "--pdf", tmp_path / "a.pdf")
    assert result.exit_code == 0 and (tmp_path / "a.xlsx").exists() and (tmp_path / "a.pdf").exists()
    result = export(roster, "--xlsx", tmp_path / "same", "--pdf", tmp_path / "same")
    assert result.exit_code == 2 and not (tmp_path / "same").exists()


def test_output_equal_to_input_is_refused(tmp_path):
    roster = tmp_path / "lista.yaml"
    shutil.copy(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml", roster)
    before = roster.read_bytes()
    result = export(roster, "--xlsx", roster)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert roster.read_bytes() == before


def test_unreadable_roster_exits_2_and_writes_nothing(tmp_path):
    out = tmp_path / "x.xlsx"
    result = export(tmp_path / "missing.yaml", "--xlsx", out)
    assert result.exit_code == 2 and not out.exists()


# --- by the book ----------------------------------------------------------------------------------
# Spreadsheet export by the book (`builder export --xlsx`, and `--pdf` alike): see
# tests/export/test_xlsx.py.


@pytest.mark.book
@pytest.mark.parametrize("flag", ["--xlsx", "--pdf"])
@pytest.mark.parametrize("alias", ["same", "dotdot"])
def test_output_equal_to_input_is_refused_however_it_is_spelt(wt, monkeypatch, flag, alias):
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


@pytest.mark.book
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


@pytest.mark.book
def test_successful_write_leaves_only_the_output(fenix_xlsx):
    out, _ = fenix_xlsx
    assert [p.name for p in out.parent.iterdir()] == ["fenix.xlsx"]

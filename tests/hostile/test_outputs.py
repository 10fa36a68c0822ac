"""Outputs: never over an input, never half-written, always a clear word when refused."""

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
WARTIME = ROOT / "examples" / "wartime"


@pytest.fixture
def lists(tmp_path):
    for name in ("compania-fenix.yaml", "fenix-warbook.yaml"):
        shutil.copy(WARTIME / name, tmp_path / name)
    return tmp_path


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("flag", ["--xlsx", "--pdf"])
@pytest.mark.parametrize("target", ["compania-fenix.yaml", "fenix-warbook.yaml"])
def test_an_output_may_not_be_an_input(lists, flag, target):
    before = snapshot(lists)
    result = run("export", lists / "compania-fenix.yaml", flag, lists / target)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "elige otro nombre" in result.output
    assert snapshot(lists) == before


def test_a_summary_may_not_be_an_input(lists):
    before = snapshot(lists)
    assert run("check", lists, "--summary", lists / "compania-fenix.yaml").exit_code == 2
    assert snapshot(lists) == before


@pytest.mark.parametrize("flag", ["--xlsx", "--pdf"])
def test_a_missing_folder(lists, flag):
    before = snapshot(lists)
    result = run("export", lists / "compania-fenix.yaml", flag, lists / "no" / "existe" / "x.out")
    assert result.exit_code == 2 and "no existe" in result.output
    assert snapshot(lists) == before


def test_an_unwritable_folder(lists, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    before = snapshot(lists)
    result = run("export", lists / "compania-fenix.yaml", "--xlsx", lists / "hoja.xlsx")
    # The system's reason, in the user's language (its own words are English).
    assert result.exit_code == 2 and "no se puede escribir (permiso denegado)" in result.output
    assert snapshot(lists) == before


def test_a_failure_while_writing_leaves_the_old_file_and_nothing_else(lists, monkeypatch):
    import builder.export.xlsx as xlsx

    (lists / "hoja.xlsx").write_bytes(b"la hoja de ayer")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(xlsx, "write_workbook", full_disk)
    before = snapshot(lists)
    result = run("export", lists / "compania-fenix.yaml", "--xlsx", lists / "hoja.xlsx")
    assert result.exit_code == 2 and "no queda espacio en el disco" in result.output
    assert snapshot(lists) == before


def test_an_existing_output_is_replaced_whole(lists):
    (lists / "hoja.xlsx").write_bytes(b"la hoja de ayer")
    assert run("export", lists / "compania-fenix.yaml", "--xlsx", lists / "hoja.xlsx").exit_code == 0
    assert (lists / "hoja.xlsx").read_bytes()[:2] == b"PK"
    assert sorted(snapshot(lists)) == ["compania-fenix.yaml", "fenix-warbook.yaml", "hoja.xlsx"]

"""One boundary per file: a bug met on one roster is that roster's `internal-error` (exit 3),
shown with its traceback and a request to report it; the other files are still checked,
the summary still written, and an export writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from builder.core import registry
from builder.cli.main import cli

LEGAL = """\
system: porcrom
name: Los Lobos
characters:
  - {name: Conan, dice: 14, weapons: [espada]}
"""
# The same warband; the test makes checking it hit a bug (a name the monkeypatched rule chokes on).
CRASHING = LEGAL.replace("Los Lobos", "Los Rotos")
BROKEN = "system: porcrom\nname: [sin cerrar\n"
# Two runners with one name: a crash until the message table was made whole; now illegal.
TWIN_RUNNERS = """\
system: cripmaquion
team: Gemelos
runners:
  - {name: Ana, race: humano, specialties: []}
  - {name: Ana, race: humano, specialties: []}
lineup: [Ana, Ana]
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def buggy(monkeypatch):
    """¡Por Crom!'s rules raise a bug on a warband named "Los Rotos"."""
    system = registry.get("porcrom")
    real = type(system).check

    def check(self, file, *args):
        if file.name == "Los Rotos":
            raise ZeroDivisionError("a bug planted by the test")
        return real(self, file, *args)

    monkeypatch.setattr(type(system), "check", check)


def write(folder: Path, files: dict[str, str]) -> None:
    (folder / "listas").mkdir()
    for name, text in files.items():
        (folder / "listas" / name).write_text(text, encoding="utf-8")


def test_a_bug_on_one_file_is_reported_for_it_and_the_others_are_still_checked(folder, buggy):
    write(folder, {"a-rota.yaml": BROKEN, "b-con-fallo.yaml": CRASHING, "c-legal.yaml": LEGAL})
    result = CliRunner().invoke(cli, ["check", "listas", "--summary", "resumen.xlsx"])
    assert result.exit_code == 3, result.output
    out = result.output
    assert "ILEGIBLE  listas/a-rota.yaml" in out
    assert "ERROR INTERNO  listas/b-con-fallo.yaml" in out
    assert "[internal-error]" in out and "ZeroDivisionError: a bug planted by the test" in out
    assert "Traceback (most recent call last)" in out  # the traceback is shown
    assert "Por favor, infórmanos" in out  # and the user is asked to report it
    assert "LEGAL  listas/c-legal.yaml" in out
    assert "Total: 1 legal, 0 ilegales, 1 ilegible, 1 con error interno" in out
    rows = list(load_workbook(folder / "resumen.xlsx")["Listas"].iter_rows(values_only=True))
    assert [(r[0], r[6]) for r in rows[1:]] == [("listas/a-rota.yaml", "ILEGIBLE"),
                                                  ("listas/b-con-fallo.yaml", "ERROR INTERNO"),
                                                  ("listas/c-legal.yaml", "LEGAL")]


def test_an_internal_error_in_json_carries_its_code_and_traceback(folder, buggy):
    write(folder, {"b-con-fallo.yaml": CRASHING, "c-legal.yaml": LEGAL})
    result = CliRunner().invoke(cli, ["check", "listas", "--format", "json", "--lang", "en"])
    assert result.exit_code == 3
    payload = json.loads(result.stdout)
    assert payload["legal"] is False
    crashed, legal = payload["results"]
    assert crashed["file"] == "listas/b-con-fallo.yaml" and crashed["legal"] is False
    [error] = crashed["errors"]
    assert error["code"] == "internal-error"
    assert "ZeroDivisionError" in error["message"] and "internal error" in error["message"]
    assert error["traceback"].startswith("Traceback (most recent call last)")
    assert legal["legal"] is True


def test_a_broken_a_crashing_today_and_a_legal_list_are_all_reported(folder):
    write(folder, {"a-rota.yaml": BROKEN, "b-gemelos.yaml": TWIN_RUNNERS, "c-legal.yaml": LEGAL})
    result = CliRunner().invoke(cli, ["check", "listas", "--summary", "resumen.xlsx", "--lang", "en"])
    assert result.exit_code == 2, result.output  # an unreadable file ranks above an illegal one
    assert "UNREADABLE  listas/a-rota.yaml" in result.output
    assert "ILLEGAL  listas/b-gemelos.yaml" in result.output
    assert "the name “Ana” is already used by the runner “Ana”" in result.output
    assert "LEGAL  listas/c-legal.yaml" in result.output
    assert "Traceback" not in result.output
    assert (folder / "resumen.xlsx").is_file()


def test_export_meeting_a_bug_writes_nothing_and_exits_3(folder, buggy):
    (folder / "rotos.yaml").write_text(CRASHING, encoding="utf-8")
    result = CliRunner().invoke(cli, ["export", "rotos.yaml", "--xlsx", "hoja.xlsx", "--pdf", "cartas.pdf"])
    assert result.exit_code == 3
    assert "internal-error" in result.output and "Traceback" in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["rotos.yaml"]


def test_a_bug_while_writing_the_pdf_leaves_no_spreadsheet_behind(folder, monkeypatch):
    from builder.export import pdf

    def broken(*args, **kwargs):
        raise RuntimeError("WeasyPrint fell over")

    monkeypatch.setattr(pdf, "write_pdf", broken)
    (folder / "lobos.yaml").write_text(LEGAL, encoding="utf-8")
    (folder / "hoja.xlsx").write_bytes(b"an older sheet")
    result = CliRunner().invoke(cli, ["export", "lobos.yaml", "--xlsx", "hoja.xlsx", "--pdf", "cartas.pdf"])
    assert result.exit_code == 3
    assert (folder / "hoja.xlsx").read_bytes() == b"an older sheet"
    assert sorted(p.name for p in folder.iterdir()) == ["hoja.xlsx", "lobos.yaml"]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_inspect_meeting_a_bug_exits_3(folder, buggy, fmt):
    (folder / "rotos.yaml").write_text(CRASHING, encoding="utf-8")
    result = CliRunner().invoke(cli, ["inspect", "rotos.yaml", "--format", fmt])
    assert result.exit_code == 3
    assert "internal-error" in result.output
    if fmt == "json":
        assert json.loads(result.stdout)["results"][0]["errors"][0]["code"] == "internal-error"


def test_verify_meeting_a_bug_exits_3(folder, buggy):
    (folder / "rotos.yaml").write_text(CRASHING, encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", "rotos.yaml", "PC-0000-0000"])
    assert result.exit_code == 3
    assert "internal-error" in result.output


def test_a_bug_anywhere_in_a_command_is_still_an_internal_error(folder, monkeypatch):
    def broken():
        raise KeyError("no such system after all")

    monkeypatch.setattr(registry, "all_systems", broken)
    result = CliRunner().invoke(cli, ["systems"])
    assert result.exit_code == 3
    assert "internal-error" in result.output and "KeyError" in result.output
    assert isinstance(result.exception, SystemExit)


def test_a_bug_writing_the_summary_still_prints_the_report(folder, monkeypatch):
    from builder.events import summary

    def broken(*args, **kwargs):
        raise ValueError("the summary writer fell over")

    monkeypatch.setattr(summary, "write_summary", broken)
    write(folder, {"c-legal.yaml": LEGAL})
    result = CliRunner().invoke(cli, ["check", "listas", "--summary", "resumen.xlsx", "--format", "json"])
    assert result.exit_code == 3
    payload = json.loads(result.stdout)
    assert payload["results"][0]["legal"] is True
    assert payload["error"]["code"] == "internal-error"
    assert not (folder / "resumen.xlsx").exists()

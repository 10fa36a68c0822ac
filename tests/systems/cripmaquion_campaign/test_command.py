"""``builder campaign``: the JSON contract, exit codes, and the standings as xlsx and PDF."""

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from builder.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "cripmaquion"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for example in EXAMPLES.glob("*.yaml"):
        shutil.copy(example, tmp_path / example.name)
    return tmp_path


def test_json_has_the_contracts_keys_and_rankings(folder):
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"name", "stages", "legal", "errors", "warnings", "general", "dureza", "honor"} <= set(data)
    assert (data["name"], data["legal"], data["errors"]) == ("El infierno de Amauta", True, [])
    assert [s["name"] for s in data["stages"]] == ["1ª jornada", "2ª jornada"]
    # Lizardo 25 + 18 = 43 cripmaquiazos leads; Gurtlutz 4 + 6 + 1 = 11 dureza; Arcada 3 + 30 = 33 honor.
    assert {k: v for k, v in data["general"][0].items() if k in {"position", "runner", "team", "cripmaquiazos"}} \
        == {"position": 1, "runner": "Lizardo Rodríguez", "team": "Los Saqueadores de Río Lobo", "cripmaquiazos": 43}
    assert {k: data["dureza"][0][k] for k in ("position", "runner", "points")} == \
        {"position": 1, "runner": "Gurtlutz", "points": 11}
    assert {k: data["honor"][0][k] for k in ("position", "runner", "points")} == \
        {"position": 1, "runner": "Arcada", "points": 33}


def test_text_in_spanish_and_english(folder):
    es = run("campaign", folder / "infierno-de-amauta.yaml")
    assert es.exit_code == 0
    assert "Clasificación general" in es.output and "1. Lizardo Rodríguez" in es.output
    en = run("campaign", folder / "infierno-de-amauta.yaml", "--lang", "en")
    assert "General classification" in en.output and "43 cripmaquiazos" in en.output


def test_an_illegal_campaign_exits_1_with_its_findings(folder):
    path = folder / "mala.yaml"
    path.write_text((folder / "infierno-de-amauta.yaml").read_text(encoding="utf-8")
                    .replace("finish: [Lizardo Rodríguez,", "finish: [Lizardo Rodriguez,"), encoding="utf-8")
    result = run("campaign", path, "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    [error] = data["errors"]
    assert (error["code"], error["file"], error["line"]) == ("campaign-unknown-runner", str(path), 10)


def test_a_roster_is_not_a_campaign(folder):
    result = run("campaign", folder / "grupetto-verde.yaml")
    assert result.exit_code == 2
    assert "cripmaquion-campaign" in result.output
    as_json = run("campaign", folder / "grupetto-verde.yaml", "--format", "json")
    assert as_json.exit_code == 2 and json.loads(as_json.output)["error"]["code"] == "not-a-campaign"


def test_a_missing_team_makes_the_campaign_unreadable(folder):
    (folder / "grupetto-verde.yaml").unlink()
    result = run("campaign", folder / "infierno-de-amauta.yaml")
    assert result.exit_code == 2
    assert "grupetto-verde.yaml" in result.output and "teams[1]" in result.output
    assert "Traceback" not in result.output


def test_spreadsheet_has_a_sheet_per_classification_and_per_day(folder):
    out = folder / "clasificacion.xlsx"
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--xlsx", out)
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(out)
    names = book.sheetnames
    for sheet in ("Clasificación general", "Clasificación de dureza", "Clasificación de honor", "1ª jornada",
                  "2ª jornada", "Equipos"):
        assert sheet in names
    general = list(book["Clasificación general"].iter_rows(values_only=True))
    assert general[1][:4] == (1, "Lizardo Rodríguez", "Los Saqueadores de Río Lobo", 43)
    teams = [row for row in book["Equipos"].iter_rows(values_only=True)]
    fingerprints = {json.loads(run("check", folder / f, "--format", "json").output)["results"][0]["fingerprint"]
                    for f in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml")}
    assert fingerprints <= {cell for row in teams for cell in row}
    for sheet in ("Clasificación general", "Clasificación de dureza", "1ª jornada"):
        cells = {cell for row in book[sheet].iter_rows(values_only=True) for cell in row}
        assert fingerprints <= cells  # every runner's row carries its team's fingerprint


def test_pdf_has_a_page_per_classification_and_per_day(folder):
    out = folder / "clasificacion.pdf"
    result = run("campaign", folder / "infierno-de-amauta.yaml", "--pdf", out, "--xlsx", folder / "c.xlsx")
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() for page in PdfReader(out).pages]
    assert "El infierno de Amauta" in pages[0] and "CQ-" in pages[0]  # the teams and their fingerprints
    titles = ["Clasificación general", "Clasificación de dureza", "Clasificación de honor", "1ª jornada",
              "2ª jornada"]
    assert [next(t for t in titles if page.startswith(t)) for page in pages[1:]] == titles
    assert "Ram Amón" in pages[4] and "eliminados" in pages[4]
    fingerprints = [json.loads(run("check", folder / f, "--format", "json").output)["results"][0]["fingerprint"]
                    for f in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml")]
    for page in pages[1:]:  # each page, posted on its own, names the rosters it ranks
        assert all(f in page for f in fingerprints)


def test_an_illegal_campaigns_standings_are_written_as_a_draft(folder):
    path = folder / "mala.yaml"
    path.write_text((folder / "infierno-de-amauta.yaml").read_text(encoding="utf-8")
                    .replace("victim: Gorko", "victim: Ech Pi El"), encoding="utf-8")   # Ech Pi El KO'd himself
    out = folder / "mala.pdf"
    result = run("campaign", path, "--pdf", out)
    assert result.exit_code == 1
    assert all("BORRADOR" in page.extract_text() for page in PdfReader(out).pages)


def test_check_and_inspect_know_a_campaign(folder):
    result = run("check", folder / "infierno-de-amauta.yaml", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output)["results"][0]["fingerprint"].startswith("CC-")
    assert "Clasificación de honor" in run("inspect", folder / "infierno-de-amauta.yaml").output


def test_an_event_pack_sets_nothing_for_a_campaign(folder):
    pack = folder / "pack.yaml"
    pack.write_text("system: cripmaquion-campaign\nname: Liga\n", encoding="utf-8")
    result = run("check", folder / "infierno-de-amauta.yaml", "--pack", pack)
    assert result.exit_code == 2 and "cripmaquion-campaign" in result.output
    schema = json.loads(run("schema", "pack").output)
    assert "cripmaquion-campaign" not in {v["properties"]["system"]["const"] for v in schema["oneOf"]}


def test_plain_text_carries_every_classification(folder):
    result = run("export", folder / "infierno-de-amauta.yaml", "--text")
    assert result.exit_code == 0
    out = result.output
    assert out.index("Clasificación general") < out.index("Clasificación de dureza") < out.index("2ª jornada")
    assert "- 1 · Lizardo Rodríguez · Los Saqueadores de Río Lobo · 43 · 0 · 20" in out

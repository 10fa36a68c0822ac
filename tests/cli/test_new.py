"""``builder new SYSTEM``: a commented roster to start from, legal as it stands."""

import pytest
from click.testing import CliRunner

from builder.cli.main import cli


@pytest.mark.parametrize("system", ["wartime", "cripmaquion", "confrontation", "porcrom", "dungeon-universalis"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_new_gives_a_commented_roster_that_is_legal_as_it_stands(folder, system, lang):
    result = CliRunner().invoke(cli, ["new", system, "--lang", lang])
    assert result.exit_code == 0
    assert result.output.startswith("#") and f"system: {system}" in result.output
    (folder / "nueva.yaml").write_text(result.output, encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", "nueva.yaml"]).exit_code == 0


def test_new_writes_a_file_but_never_over_an_existing_one(folder):
    assert CliRunner().invoke(cli, ["new", "porcrom", "-o", "banda.yaml"]).exit_code == 0
    assert "system: porcrom" in (folder / "banda.yaml").read_text(encoding="utf-8")
    (folder / "banda.yaml").write_text("mi lista", encoding="utf-8")
    result = CliRunner().invoke(cli, ["new", "porcrom", "-o", "banda.yaml"])
    assert result.exit_code == 2 and "ya existe" in result.output
    assert (folder / "banda.yaml").read_text(encoding="utf-8") == "mi lista"
    assert CliRunner().invoke(cli, ["new", "ajedrez"]).exit_code == 2
    (folder / "bandas").mkdir()
    result = CliRunner().invoke(cli, ["new", "porcrom", "-o", "bandas"])
    assert result.exit_code == 2 and "la salida es una carpeta" in result.output   # said in the user's language


@pytest.mark.parametrize("lang", ["es", "en"])
def test_new_kind_warbook_writes_a_warbook_of_its_own_that_a_list_can_recruit_from(folder, lang):
    result = CliRunner().invoke(cli, ["new", "wartime", "--kind", "warbook", "-o", "mi-warbook.yaml", "--lang", lang])
    assert result.exit_code == 0, result.output
    written = (folder / "mi-warbook.yaml").read_text(encoding="utf-8")
    assert written.startswith("#") and "system: wartime" in written and "warbook:" in written
    checked = CliRunner().invoke(cli, ["check", "mi-warbook.yaml", "--format", "json"])
    assert checked.exit_code == 0, checked.output
    assert CliRunner().invoke(cli, ["new", "wartime", "--kind", "roster"]).output.startswith("#")
    refused = CliRunner().invoke(cli, ["new", "porcrom", "--kind", "warbook", "--lang", "es"])
    assert refused.exit_code == 2 and "warbook" in refused.output and "roster" in refused.output

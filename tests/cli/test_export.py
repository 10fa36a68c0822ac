"""``builder export``: the plain text for a forum, something to export asked for, and nothing written when a
bug is met."""

import re
import subprocess
from pathlib import Path

from click.testing import CliRunner

from builder.cli.main import cli
from builder.systems.wartime.rules import RULE_LIST
from tests.cli.rosters import CRASHING, ILLEGAL, LEGAL, LEGAL_WARBAND, POINTS
from tests.programs import program

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def export(*args: str):
    return CliRunner().invoke(cli, ["export", *map(str, args)])


def test_export_text_is_a_plain_list_for_a_forum(folder):
    (folder / "lista.yaml").write_text(LEGAL, encoding="utf-8")
    result = CliRunner().invoke(cli, ["export", "lista.yaml", "--text"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Piquete — Wartime"
    assert lines[1].startswith(f"{POINTS}/100 puntos · LEGAL · huella WT-")
    assert "- Alfa · Tirador · 3 · 30 · 90 · 17 · 3" in lines  # 3 × 30 = 90, level 17, movement 3
    assert list(folder.iterdir()) == [folder / "lista.yaml"]  # nothing written
    (folder / "ilegal.yaml").write_text(ILLEGAL, encoding="utf-8")
    assert CliRunner().invoke(cli, ["export", "ilegal.yaml", "--text"]).exit_code == 1
    draft = CliRunner().invoke(cli, ["export", "ilegal.yaml", "--text", "--draft", "--lang", "en"])
    assert draft.exit_code == 0 and "DRAFT — NOT LEGAL" in draft.output
    # The finding in the player's words, with its rule; its code only in --json.
    assert f"! the list adds up to {POINTS} points and the limit is 80 ({RULE_LIST})" in draft.output.splitlines()
    assert "[over-points-limit]" not in draft.output and "over-points-limit" not in draft.output
    spanish = CliRunner().invoke(cli, ["export", "ilegal.yaml", "--text", "--draft", "--lang", "es"]).output
    assert f"! la lista suma {POINTS} puntos y el límite es 80 ({RULE_LIST})" in spanish.splitlines()


def test_nothing_to_export_is_a_usage_error(tmp_path):
    assert export(EXAMPLES / "porcrom" / "lobos-de-zamora.yaml").exit_code == 2


# --- internal errors ------------------------------------------------------------------------------
# One boundary per file: a bug met on one roster is that roster's `internal-error` (exit 3), shown
# with its traceback and a request to report it; the other files are still checked, the summary
# still written, and an export writes nothing.


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
    (folder / "lobos.yaml").write_text(LEGAL_WARBAND, encoding="utf-8")
    (folder / "hoja.xlsx").write_bytes(b"an older sheet")
    result = CliRunner().invoke(cli, ["export", "lobos.yaml", "--xlsx", "hoja.xlsx", "--pdf", "cartas.pdf"])
    assert result.exit_code == 3
    assert (folder / "hoja.xlsx").read_bytes() == b"an older sheet"
    assert sorted(p.name for p in folder.iterdir()) == ["hoja.xlsx", "lobos.yaml"]


def test_export_under_a_pack_prints_the_events_house_rules(folder):
    """Issue 49: a team of a race the event's house rules add prints with its FUE and RES."""
    program("pdftotext")
    (folder / "pack.yaml").write_text(
        "system: cripmaquion\nname: Casa\nhouse_rules:\n  - add: races/races\n"
        "    entry: {key: trasgo, name: Trasgo, fue: 2, res: 4, skills: [ligero], section: Casa, summary: Pequeño.}\n",
        encoding="utf-8")
    (folder / "equipo.yaml").write_text("system: cripmaquion\nteam: Los Trasgos\nrunners:\n"
                                        "  - {name: Pinche, race: trasgo}\n  - {name: Rancio, race: orco}\n"
                                        "  - {name: Mugre, race: goblin}\n", encoding="utf-8")
    assert export("equipo.yaml", "--pdf", "sin.pdf").exit_code == 1  # nobody knows a trasgo but the event
    result = export("equipo.yaml", "--pdf", "equipo.pdf", "--pack", "pack.yaml")
    assert result.exit_code == 0, result.output
    text = subprocess.run(["pdftotext", "-layout", "equipo.pdf", "-"], capture_output=True, text=True, check=True).stdout
    # The sheet's row and the card: the race the pack adds, at its FUE 2 and RES 4.
    assert re.search(r"Pinche\s+Trasgo\s+2/4", text) and "Trasgo · FUE 2 / RES 4" in text
    assert "catálogos 2026 · " in text and " · reglas de la casa" in text  # the foot says the rules
    assert export("equipo.yaml", "--pdf", "pack.yaml", "--pack", "pack.yaml").exit_code == 2  # never over the pack

"""Every text a user controls stays text: no spreadsheet formulas, no HTML, no fetched URLs."""

import openpyxl
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from builder.core import registry
from builder.cli.main import cli
from builder.export.pdf import ProjectOnlyFetcher, write_pdf
from builder.core.pipeline import evaluate
from builder.export.templating import TEMPLATES_URL

PAYLOADS = [
    '=HYPERLINK("http://evil.invalid","x")', "+1+2", "-2+3", "@SUM(1,1)",
    "<img src=file:///etc/passwd>", "<style>@import url(http://evil.invalid/x.css)</style>",
    "<link rel=attachment href=file:///etc/hostname>", "url(http://evil.invalid/y.png)",
    "<script>alert(1)</script>", "=cmd|' /C calc'!A0",
]


def q(i: int) -> str:
    """Payload number i, as a single-quoted YAML scalar."""
    return "'" + PAYLOADS[i % len(PAYLOADS)].replace("'", "''") + "'"


ROSTERS = {
    "wartime": f"""system: wartime
name: {q(0)}
player: {q(1)}
warbook:
  bodies: [{{name: {q(2)}, description: {q(3)}, con: 4, agi: 4, int: 3, rea: 4, vol: 3,
            bonus: [{{name: {q(4)}, cost: 1}}], malus: [{{name: {q(5)}, cost: 1}}]}}]
  weapons: [{{name: {q(6)}, description: {q(7)}, energy: 2, damage: 4, range: 10}}]
  protections: [{{name: {q(8)}, energy: 1, protection: 1}}]
  objects: [{{name: {q(9)}, energy: 1}}]
  transports: [{{name: {q(10)}, energy: 1, defense: 2}}]
  characters: [{{name: {q(11)}, body: {q(2)}, transport: {q(10)}, weapons: [{q(6)}], protections: [{q(8)}],
                 objects: [{q(9)}], bonus: [{{name: {q(12)}, cost: 1}}]}}]
  zones: [{{name: {q(13)}, collapse: {q(14)}, effects: {q(15)}, traps: {q(16)}, defense: {{{q(17)}: 3}}}}]
squads: [{{name: {q(18)}, members: [{{character: {q(11)}, count: 2}}]}}]
""",
    "cripmaquion": f"""system: cripmaquion
team: {q(0)}
player: {q(1)}
runners:
  - {{name: {q(2)}, race: elfo}}
  - {{name: {q(3)}, race: orco, specialties: [rompehuesos]}}
  - {{name: {q(4)}, race: goblin}}
  - {{name: {q(5)}, race: humano}}
lineup: [{q(2)}, {q(3)}, {q(4)}]
""",
    "confrontation": f"""system: confrontation
name: {q(0)}
player: {q(1)}
machines:
  - name: {q(2)}
    kind: movil
    movement: 10
    competencies: [{{name: transporte, x: 4, access: lateral}}]
    servants: [{{name: {q(3)}}}]
    embarked: [{{name: {q(4)}, size: normal}}]
    substitutes: {{{q(5)}: 3}}
    boiler: {{characteristic: {q(6)}}}
""",
    "porcrom": f"""system: porcrom
name: {q(0)}
player: {q(1)}
characters: [{{name: {q(2)}, dice: 12, weapons: [{q(3)}, {q(4)}]}}]
minions: [{{name: {q(5)}, count: 3, track: ["1-1-0", "0-0-0"], weapons: [{q(6)}]}}]
""",
    "dungeon-universalis": f"""system: dungeon-universalis
name: {q(0)}
player: {q(1)}
heroes:
  - {{name: {q(2)}, skills: [{q(3)}, Adiestrar animal], companion: {{name: {q(4)}, kind: animal, pv: 2}}}}
items: [{{name: {q(5)}, pv: 1}}]
""",
}


def squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("system", sorted(ROSTERS))
def test_formulas_stay_text_in_spreadsheets(tmp_path, system):
    roster = tmp_path / "lista.yaml"
    roster.write_text(ROSTERS[system], encoding="utf-8")
    out = tmp_path / "hoja.xlsx"
    result = CliRunner().invoke(cli, ["export", str(roster), "--xlsx", str(out), "--draft"])
    assert result.exit_code == 0, result.output
    seen = set()
    for ws in openpyxl.load_workbook(out).worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    assert "evil" not in str(cell.value) and "calc" not in str(cell.value), cell.value
                if isinstance(cell.value, str):
                    for payload in PAYLOADS:
                        if payload in cell.value:
                            assert cell.data_type == "s", (ws.title, cell.coordinate, cell.value)
                            seen.add(payload)
    assert {PAYLOADS[0], PAYLOADS[1], PAYLOADS[2]} <= seen   # the name, the player and the first unit at least


@pytest.mark.parametrize("system", sorted(ROSTERS))
def test_html_and_urls_are_printed_literally_and_fetch_nothing(tmp_path, system):
    roster = tmp_path / "lista.yaml"
    roster.write_text(ROSTERS[system], encoding="utf-8")
    ev = evaluate(roster, "lista.yaml")
    out = tmp_path / "cartas.pdf"
    fetcher = write_pdf(ev, registry.get(system).print_spec(ev, "es"), out, "es", "a4", draft=not ev.legal,
                        fetcher=ProjectOnlyFetcher())
    root = TEMPLATES_URL
    assert fetcher.requested and all(url.startswith(root) for url in fetcher.requested), fetcher.requested
    text = squash("\n".join(page.extract_text() for page in PdfReader(out).pages))
    assert squash(PAYLOADS[0]) in text                 # the roster's name
    printed = [p for p in PAYLOADS if squash(p) in text]
    assert any("<" in p for p in printed), printed     # HTML came out as text
    root_node = PdfReader(out).trailer["/Root"]
    assert "/EmbeddedFiles" not in str(root_node.get("/Names", {}))

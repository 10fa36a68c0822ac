"""The event of the tournaments-by-the-book cases (event packs, batch check, the summary sheet and
`builder verify`), written into tmp_path.

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

import shutil
from pathlib import Path

import pytest

from tests.book_cases import WARTIME, wartime_list, write

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

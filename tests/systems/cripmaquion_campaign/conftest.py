"""Small teams for campaign tests, written into tmp_path."""

from pathlib import Path

import pytest

from builder.core.pipeline import evaluate

# RES (§5): humano 3, ogro 4, elfo 2; goblin 1, troll 5, enano 5.
ROJOS = """\
system: cripmaquion
team: Rojos
runners:
  - {name: Ana, race: humano}
  - {name: Bea, race: ogro}
  - {name: Eva, race: elfo}
"""
AZULES = """\
system: cripmaquion
team: Azules
runners:
  - {name: Cid, race: goblin}
  - {name: Dan, race: troll}
  - {name: Fer, race: enano}
"""


@pytest.fixture
def campaign(tmp_path: Path):
    """``campaign(stages_yaml, head="")`` evaluates a campaign of the Rojos and the Azules."""
    (tmp_path / "rojos.yaml").write_text(ROJOS, encoding="utf-8")
    (tmp_path / "azules.yaml").write_text(AZULES, encoding="utf-8")

    def run(stages: str, teams: str = "[rojos.yaml, azules.yaml]"):
        path = tmp_path / "campana.yaml"
        path.write_text(f"system: cripmaquion-campaign\nname: Prueba\nteams: {teams}\nstages:\n{stages}",
                        encoding="utf-8")
        return evaluate(path, "campana.yaml")

    return run


def table(evaluation, key: str, points: str = "points") -> list[tuple[int, str, int]]:
    return [(r["position"], r["runner"], r[points]) for r in evaluation.details[key]]


def warnings(ev, code):
    return [f for f in ev.findings.warnings if f.code == code]


def kos(*lines: str) -> str:
    return "  - name: J1\n    finish: []\n    kos:\n" + "".join(f"      - {line}\n" for line in lines)


def add_runner(tmp_path: Path, team_file: str, runner: str) -> None:
    """One more runner (a YAML flow mapping) on a team ``campaign`` wrote."""
    path = tmp_path / team_file
    path.write_text(path.read_text(encoding="utf-8") + f"  - {runner}\n", encoding="utf-8")

"""``builder inspect``: a roster's every figure, as text and as JSON; unreadable files and bugs."""

import json

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import run
from tests.cli.rosters import CRASHING, LEGAL, POINTS, put


def test_inspect_unreadable_file_exits_2(folder):
    put(folder, "bad.yaml", "- a\n- b\n")
    result = run("inspect", "bad.yaml")
    assert result.exit_code == 2
    assert "bad.yaml:1:" in result.output


def test_inspect_json(folder):
    result = run("inspect", "--format", "json", put(folder, "piquete.yaml", LEGAL))
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert {"system", "name", "points", "points_limit", "archetypes", "squads"} <= set(payload)
    assert payload["system"] == "wartime"
    assert payload["name"] == "Piquete"
    assert payload["points"] == POINTS
    assert payload["points_limit"] == 100
    costs = {a["name"]: (a["kind"], a["cost"]) for a in payload["archetypes"]}
    assert costs == {
        "Recluta": ("body", 12),        # 2 + 4 + 1 + 3 + 2
        "Pistola": ("weapon", 13),      # 15 + 3 − 5
        "Casco": ("protection", 5),     # 10 − 5
        "Tirador": ("character", 30),   # 12 + 13 + 5
    }
    (tirador,) = [a for a in payload["archetypes"] if a["kind"] == "character"]
    assert tirador["level"] == 17       # 3 + 5 + 2 + 4 + 3
    assert tirador["energy"] == 9       # REA 4 + 5
    assert tirador["vitality"] == 3     # CON
    assert tirador["defense"] == 2      # Casco's protection
    assert tirador["movement"] == 3     # base 3 cm
    (squad,) = payload["squads"]
    assert squad["name"] == "Alfa"
    assert squad["points"] == POINTS    # 3 × 30


def test_inspect_readme_example_character(folder):
    # README's complete example, priced by hand:
    #   Soldado raso: CON 4 (3) + AGI 4 (3) + INT 3 (2) + REA 4 (3) + VOL 3 (2) = 13
    #   Fusil de asalto: damage 4 (20) + range 4 × 15 × 0.1 = 6 − energy 2 (10) = 16
    #   Chaleco antibalas: protection 3 (15) − energy 2 (10) = 5
    #   Fusilero: 13 + 16 + 5 = 34; level 4+4+3+4+3 = 18, energy 4 + 5 = 9, vitality 4,
    #             defense 3, movement 2.5 cm to the nearest whole number = 3
    #   the list: 3 × 34 = 102 > 100
    put(folder, "patrulla.yaml", """\
        system: wartime
        name: Patrulla
        points_limit: 100
        warbook:
          bodies:
            - {name: Soldado raso, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
          weapons:
            - {name: Fusil de asalto, energy: 2, damage: 4, range: 15}
          protections:
            - {name: Chaleco antibalas, energy: 2, protection: 3}
          characters:
            - name: Fusilero
              body: Soldado raso
              weapons: [Fusil de asalto]
              protections: [Chaleco antibalas]
              base_diameter_cm: 2.5
        squads:
          - name: Alfa
            members:
              - {character: Fusilero, count: 3}
    """)
    result = run("inspect", "--format", "json", "patrulla.yaml")
    assert result.exit_code == 1  # over the limit
    payload = json.loads(result.stdout)
    assert payload["points"] == 102  # 3 × 34
    (fusilero,) = [a for a in payload["archetypes"] if a["kind"] == "character"]
    assert fusilero["cost"] == 34
    assert {k: fusilero[k] for k in ("level", "energy", "vitality", "defense", "movement")} == {
        "level": 18, "energy": 9, "vitality": 4, "defense": 3, "movement": 3}


def test_inspect_text(folder):
    result = run("inspect", put(folder, "piquete.yaml", LEGAL))
    assert result.exit_code == 0
    assert "Piquete" in result.output
    assert "Tirador" in result.output
    assert "LEGAL" in result.output


# --- internal errors ------------------------------------------------------------------------------
# One boundary per file: a bug met on one roster is that roster's `internal-error` (exit 3), shown
# with its traceback and a request to report it; the other files are still checked, the summary
# still written, and an export writes nothing.


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_inspect_meeting_a_bug_exits_3(folder, buggy, fmt):
    (folder / "rotos.yaml").write_text(CRASHING, encoding="utf-8")
    result = CliRunner().invoke(cli, ["inspect", "rotos.yaml", "--format", fmt])
    assert result.exit_code == 3
    assert "internal-error" in result.output
    if fmt == "json":
        assert json.loads(result.stdout)["results"][0]["errors"][0]["code"] == "internal-error"

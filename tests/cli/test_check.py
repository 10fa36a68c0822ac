"""The ``builder`` command line, through click's CliRunner, on files written under tmp_path."""

from __future__ import annotations

import json
import re
import textwrap

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core.reader import MAX_BYTES

# A small Wartime list, priced by hand from README.md's tables:
#   attributes 1..10 cost 0, 1, 2, 3, 4, 6, 10, 17, 28, 45;
#   energy / damage / protection 1..10 cost 5, 10, 15, 20, 25, ...
#
#   Recluta   (body):       CON 3 (2) + AGI 5 (4) + INT 2 (1) + REA 4 (3) + VOL 3 (2)     = 12
#   Pistola   (weapon):     damage 3 (15) + range 3 × 10 K × 0.1 = 3 − energy 1 (5)       = 13
#   Casco     (protection): protection 2 (10) − energy 1 (5)                              = 5
#   Tirador   (character):  12 + 13 + 5                                                   = 30
#             level 3+5+2+4+3 = 17 · energy REA 4 + 5 = 9 · vitality CON = 3
#             defense = Casco's protection = 2 · movement = base 3 cm = 3
#   the list: 3 × Tirador = 3 × 30                                                        = 90
LIST = """\
system: wartime
name: Piquete
points_limit: {limit}
warbook:
  bodies:
    - {{name: Recluta, con: 3, agi: 5, int: 2, rea: 4, vol: 3}}
  weapons:
    - {{name: Pistola, energy: 1, damage: 3, range: 10}}
  protections:
    - {{name: Casco, energy: 1, protection: 2}}
  characters:
    - name: Tirador
      body: Recluta
      weapons: [Pistola]
      protections: [Casco]
      base_diameter_cm: 3
squads:
  - name: Alfa
    members:
      - {{character: Tirador, count: 3}}
"""
POINTS = 90  # 3 × 30, see above
LEGAL = LIST.format(limit=100)  # 90 ≤ 100
ILLEGAL = LIST.format(limit=80)  # 90 > 80: over-points-limit, on line 3 (points_limit)

FINGERPRINT = re.compile(r"^WT-[0-9A-F]{4}-[0-9A-F]{4}$")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Work in tmp_path, so files are named as the user types them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def put(folder, name, text):
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return name


def run(*args, lang_env=None):
    """Run builder with BUILDER_LANG set to ``lang_env`` (unset when None)."""
    result = CliRunner(env={"BUILDER_LANG": lang_env}).invoke(cli, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def line_with(output: str, needle: str) -> str:
    """The one line of output that contains ``needle``."""
    found = [line for line in output.splitlines() if needle in line]
    assert len(found) == 1, output
    return found[0]


# --- exit codes -------------------------------------------------------------------


def test_check_legal_list_exits_0(folder):
    result = run("check", put(folder, "piquete.yaml", LEGAL))
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "LEGAL" in first and "piquete.yaml" in first
    assert "90/100" in first  # POINTS / points_limit


def test_check_illegal_list_exits_1(folder):
    result = run("check", put(folder, "piquete.yaml", ILLEGAL))
    assert result.exit_code == 1, result.output
    assert "ILEGAL" in result.output
    line = line_with(result.output, "[over-points-limit]")
    assert "piquete.yaml:3 points_limit" in line
    assert "90" in line and "80" in line


def test_check_unreadable_file_exits_2(folder):
    result = run("check", "nope.yaml")
    assert result.exit_code == 2
    assert "ILEGIBLE" in result.output


def test_check_legal_and_illegal_exits_1(folder):
    result = run("check", put(folder, "a.yaml", LEGAL), put(folder, "b.yaml", ILLEGAL))
    assert result.exit_code == 1
    assert "Total: 1 legal, 1 ilegal, 0 ilegibles" in result.output


def test_check_keeps_going_past_an_unreadable_file(folder):
    legal = put(folder, "a.yaml", LEGAL)
    illegal = put(folder, "c.yaml", ILLEGAL)
    result = run("check", legal, "missing.yaml", illegal)
    assert result.exit_code == 2
    assert "a.yaml" in line_with(result.output, "LEGAL  a.yaml")
    assert "missing.yaml" in line_with(result.output, "ILEGIBLE  missing.yaml")
    assert "c.yaml" in line_with(result.output, "ILEGAL  c.yaml")
    assert "Total: 1 legal, 1 ilegal, 1 ilegible" in result.output


def test_check_json_keeps_going_past_an_unreadable_file(folder):
    result = run("check", "--format", "json", "missing.yaml", put(folder, "a.yaml", LEGAL))
    assert result.exit_code == 2
    payload = json.loads(result.stdout)
    assert payload["legal"] is False
    assert [r["file"] for r in payload["results"]] == ["missing.yaml", "a.yaml"]
    assert [r["legal"] for r in payload["results"]] == [False, True]
    assert payload["results"][1]["points"] == POINTS


# --- unreadable input: one line naming the file, exit 2 ---------------------------


BAD_INPUTS = {
    # name: (content, or None for no file; the place the message starts with; words in the message)
    "invalid-yaml": ("system: wartime\nname: [Piquete\n", "bad.yaml:3:", "YAML no válido"),
    "duplicate-key": ("system: wartime\nname: Uno\nname: Dos\n", "bad.yaml:3:", "«name» está repetida (ya aparece en la línea 2)"),
    "list": ("- system: wartime\n- name: Piquete\n", "bad.yaml:1:", "debe ser un mapa de claves"),
    "scalar": ("wartime\n", "bad.yaml:1:", "debe ser un mapa de claves"),
    "missing-system": ("name: Piquete\npoints_limit: 100\n", "bad.yaml:1:", "falta la clave «system»"),
    "unknown-system": ("name: Piquete\nsystem: warhammer\n", "bad.yaml:2:", "sistema desconocido «warhammer»"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_is_one_line_naming_file_and_line(folder, case):
    content, place, words = BAD_INPUTS[case]
    put(folder, "bad.yaml", content)
    result = run("check", "bad.yaml")
    assert result.exit_code == 2
    line = line_with(result.output, place)
    assert words in line


def test_not_a_mapping_in_english_has_no_spanish(folder):
    put(folder, "bad.yaml", "- a\n- b\n")
    line = line_with(run("check", "bad.yaml", "--lang", "en").output, "bad.yaml:1:")
    assert "una lista" not in line


@pytest.mark.parametrize("content", ["42\n", "null\n"])
def test_not_a_mapping_names_no_python_type(folder, content):
    put(folder, "bad.yaml", content)
    result = run("check", "bad.yaml")
    assert result.exit_code == 2
    line = line_with(result.output, "bad.yaml:1:")
    assert not re.search(r"\b(int|NoneType)\b", line)


def test_unknown_system_lists_the_known_ones(folder):
    put(folder, "bad.yaml", "system: warhammer\nname: Piquete\n")
    result = run("check", "bad.yaml", "--lang", "en")
    assert result.exit_code == 2
    line = line_with(result.output, "bad.yaml:1:")
    assert "unknown system" in line
    assert "wartime" in line


def test_missing_file_names_the_file(folder):
    result = run("check", "nope.yaml")
    assert result.exit_code == 2
    assert "no existe el archivo" in line_with(result.output, "nope.yaml:")


def test_a_folder_without_rosters_is_unreadable(folder):
    # A folder stands for the rosters in it (issue 8); one with none is reported, not skipped.
    (folder / "carpeta").mkdir()
    result = run("check", "carpeta")
    assert result.exit_code == 2
    assert "no contiene listas" in line_with(result.output, "carpeta:")


def test_file_too_large(folder):
    (folder / "big.yaml").write_bytes(b"name: " + b"x" * MAX_BYTES)
    result = run("check", "big.yaml")
    assert result.exit_code == 2
    line = line_with(result.output, "big.yaml:")
    assert str(MAX_BYTES + 6) in line and str(MAX_BYTES) in line


def test_not_utf8_names_file_and_line(folder):
    (folder / "latin1.yaml").write_bytes("system: wartime\nname: Compañía\n".encode("latin-1"))
    result = run("check", "latin1.yaml")
    assert result.exit_code == 2
    assert "UTF-8" in line_with(result.output, "latin1.yaml:2:")


def test_unreadable_file_in_json(folder):
    put(folder, "bad.yaml", "system: wartime\nname: Uno\nname: Dos\n")
    result = run("check", "bad.yaml", "--format", "json")
    assert result.exit_code == 2
    (only,) = json.loads(result.stdout)["results"]
    assert only["file"] == "bad.yaml"
    assert only["legal"] is False and only["readable"] is False
    assert only["points"] is None and only["points_limit"] is None and only["fingerprint"] is None
    assert only["warnings"] == []
    (error,) = only["errors"]
    assert error["code"] == "duplicate-key"
    assert error["where"] == "bad.yaml:3"
    assert error["message"].startswith("bad.yaml:3: ")
    assert error["file"] == "bad.yaml" and error["line"] == 3


def test_inspect_unreadable_file_exits_2(folder):
    put(folder, "bad.yaml", "- a\n- b\n")
    result = run("inspect", "bad.yaml")
    assert result.exit_code == 2
    assert "bad.yaml:1:" in result.output


# --- check --format json ----------------------------------------------------------


def test_check_json_shape(folder):
    result = run("check", "--format", "json", put(folder, "piquete.yaml", ILLEGAL))
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert set(payload) == {"legal", "results"}
    assert payload["legal"] is False
    (res,) = payload["results"]
    assert {"file", "system", "name", "legal", "points", "points_limit", "fingerprint",
            "errors", "warnings"} <= set(res)
    assert res["file"] == "piquete.yaml"
    assert res["system"] == "wartime"
    assert res["name"] == "Piquete"
    assert res["legal"] is False
    assert res["points"] == POINTS
    assert res["points_limit"] == 80
    assert FINGERPRINT.match(res["fingerprint"])
    assert res["warnings"] == []
    (error,) = res["errors"]
    assert {"code", "message", "rule", "where"} <= set(error)
    assert error["code"] == "over-points-limit"
    assert error["where"] == "piquete.yaml:3 points_limit"
    assert error["message"].startswith("piquete.yaml:3 points_limit: ")
    assert error["rule"].startswith("Wartime")


def test_check_json_legal_list(folder):
    result = run("check", "--format", "json", put(folder, "piquete.yaml", LEGAL))
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert payload["legal"] is True
    (res,) = payload["results"]
    assert res["legal"] is True
    assert res["errors"] == []
    assert (res["points"], res["points_limit"]) == (POINTS, 100)


def test_fingerprint_ignores_formatting_but_not_content(folder):
    # A comment added and the top-level "name" moved to the end.
    reformatted = "# comentario\n" + LEGAL.replace("name: Piquete\n", "") + "name: Piquete   # el nombre\n"

    def fingerprint(name, text):
        result = run("check", "--format", "json", put(folder, name, text))
        return json.loads(result.stdout)["results"][0]["fingerprint"]

    original = fingerprint("a.yaml", LEGAL)
    assert fingerprint("b.yaml", reformatted) == original
    assert fingerprint("c.yaml", LEGAL.replace("count: 3", "count: 2")) != original


# --- languages --------------------------------------------------------------------


def test_spanish_is_the_default(folder):
    result = run("check", put(folder, "piquete.yaml", ILLEGAL))
    assert "ILEGAL" in result.output
    assert "la lista suma 90 puntos y el límite es 80" in result.output


def test_lang_en(folder):
    result = run("check", put(folder, "piquete.yaml", ILLEGAL), "--lang", "en")
    assert "ILLEGAL" in result.output
    assert "the list adds up to 90 points and the limit is 80" in result.output
    assert "Total: 0 legal, 1 illegal, 0 unreadable" in result.output


def test_builder_lang_env(folder):
    result = run("check", put(folder, "piquete.yaml", ILLEGAL), lang_env="en")
    assert "the list adds up to 90 points and the limit is 80" in result.output


def test_lang_option_beats_env(folder):
    result = run("check", put(folder, "piquete.yaml", ILLEGAL), "--lang", "es", lang_env="en")
    assert "la lista suma 90 puntos" in result.output


def test_unreadable_message_in_english(folder):
    result = run("check", "nope.yaml", "--lang", "en")
    assert "UNREADABLE" in result.output
    assert "nope.yaml: no such file" in result.output


def test_json_messages_in_english(folder):
    result = run("check", "--format", "json", put(folder, "piquete.yaml", ILLEGAL), lang_env="en")
    (error,) = json.loads(result.stdout)["results"][0]["errors"]
    assert error["message"] == "piquete.yaml:3 points_limit: the list adds up to 90 points and the limit is 80"


# --- inspect ----------------------------------------------------------------------


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


# --- systems and schema -----------------------------------------------------------


def test_systems_lists_wartime():
    result = run("systems")
    assert result.exit_code == 0
    assert "wartime" in result.output


def test_systems_json_lists_wartime():
    result = run("systems", "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert "wartime" in [row["key"] for row in rows]
    (wartime,) = [row for row in rows if row["key"] == "wartime"]
    assert wartime["fingerprint_prefix"] == "WT"


def test_schema_wartime():
    result = run("schema", "wartime")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert {"system", "name", "warbook", "squads"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
    assert "$schema" in schema


def test_schema_unknown_system_exits_2():
    result = run("schema", "nonsense")
    assert result.exit_code == 2
    assert "nonsense" in result.stderr
    assert "wartime" in result.stderr
    assert result.stdout == ""


# --- usage errors -----------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["check"],                                # no FILE
    ["inspect"],                              # no FILE
    ["check", "--bogus", "a.yaml"],           # unknown option
    ["check", "--format", "xml", "a.yaml"],   # unknown format
    ["check", "--lang", "fr", "a.yaml"],      # unknown language
    ["schema"],                               # no SYSTEM
    ["frobnicate"],                           # unknown command
])
def test_usage_errors_exit_2(folder, args):
    result = run(*args)
    assert result.exit_code == 2
    assert "Usage" in result.output or "Uso" in result.output


# builder new, builder catalog, builder export --text


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


def test_catalog_lists_the_names_a_roster_may_use(folder):
    result = CliRunner().invoke(cli, ["catalog", "cripmaquion", "races"])
    assert result.exit_code == 0
    # A race as the book names it, its key and its FUE/RES (§5: the hombre lagarto is 3/2).
    assert "Hombre lagarto — hombre-lagarto · FUE 3 / RES 2" in result.output
    listed = json.loads(CliRunner().invoke(cli, ["catalog", "confrontation", "--format", "json"]).output)
    assert set(listed["topics"]) == {"competencies", "artillery"}
    names = [row["name"] for row in listed["topics"]["competencies"]]
    assert "Mecánico/X (1–6)" in names
    costs = CliRunner().invoke(cli, ["catalog", "wartime", "costs"]).output
    assert "1: 0 · 2: 1 · 3: 2 · 4: 3 · 5: 4 · 6: 6 · 7: 10 · 8: 17 · 9: 28 · 10: 45" in costs
    missing = CliRunner().invoke(cli, ["catalog", "porcrom", "razas", "--lang", "en"])
    assert missing.exit_code == 2 and "choose one of: weapons" in missing.output


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
    assert draft.exit_code == 0 and "DRAFT — NOT LEGAL" in draft.output and "[over-points-limit]" in draft.output


def test_the_process_ends_with_the_commands_exit_code_and_all_its_output(folder):
    """``python -m builder`` ends without taking its objects apart (cli._end): what it printed
    is all there, and the exit code is the command's."""
    import subprocess
    import sys

    for n in range(30):
        put(folder, f"lista-{n:02d}.yaml", LEGAL if n % 3 else ILLEGAL)  # 10 illegal, 20 legal

    def run(*args):
        return subprocess.run([sys.executable, "-m", "builder", *args], cwd=folder, capture_output=True, text=True)

    done = run("check", ".", "--format", "json")
    assert done.returncode == 1
    assert [r["legal"] for r in json.loads(done.stdout)["results"]] == [n % 3 != 0 for n in range(30)]
    done = run("check", "lista-01.yaml", "--lang", "en")
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "Total: 1 legal, 0 illegal, 0 unreadable")
    done = run("chek", "lista-01.yaml")
    assert done.returncode == 2 and "chek" in done.stderr and "Traceback" not in done.stderr

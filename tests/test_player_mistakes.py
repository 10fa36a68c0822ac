"""The everyday mistakes that used to crash builder, each now a clean finding or output in
both languages: never a traceback, never a hang, never a mixed-language message."""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook
from pypdf import PdfReader

from builder.cli.main import cli

LANGS = ["es", "en"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output, result.output
    assert isinstance(result.exception, (SystemExit, type(None))), repr(result.exception)
    return result


def findings(result) -> list[dict]:
    [roster] = json.loads(result.stdout)["results"]
    return roster["errors"]


TWINS = """\
system: cripmaquion
team: Gemelos
runners:
  - {name: Ana, race: humano, specialties: []}
  - {name: Ana, race: elfo, specialties: []}
  - {name: Luz, race: humano, specialties: []}
lineup: [Ana, Ana, Luz]
"""


@pytest.mark.parametrize("lang", LANGS)
def test_two_runners_with_one_name_and_a_repeated_lineup_entry(folder, lang):
    (folder / "gemelos.yaml").write_text(TWINS, encoding="utf-8")
    result = run("check", "gemelos.yaml", "--format", "json", "--lang", lang)
    assert result.exit_code == 1
    twice = [f for f in findings(result) if f["code"] == "duplicate-name"]
    assert [(f["line"], f["path"]) for f in twice] == [(5, "runners[1].name"), (7, "lineup[1]")]
    first = "the runner “Ana”" if lang == "en" else "el corredor «Ana»"
    assert first in twice[0]["message"]
    assert run("inspect", "gemelos.yaml", "--lang", lang).exit_code == 1
    assert run("export", "gemelos.yaml", "--pdf", "g.pdf", "--xlsx", "g.xlsx", "--draft",
               "--lang", lang).exit_code == 0
    assert (folder / "g.pdf").is_file() and (folder / "g.xlsx").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_a_misspelt_race_prints_as_a_draft_with_the_race_marked_missing(folder, lang):
    roster = TWINS.replace("{name: Luz, race: humano", "{name: Luz, race: humanno")
    (folder / "equipo.yaml").write_text(roster, encoding="utf-8")
    result = run("check", "equipo.yaml", "--format", "json", "--lang", lang)
    [unknown] = [f for f in findings(result) if f["code"] == "unknown-reference"]
    assert unknown["path"] == "runners[2].race" and "humano" in unknown["message"]  # the suggestion
    assert run("export", "equipo.yaml", "--pdf", "e.pdf", "--draft", "--lang", lang).exit_code == 0
    text = "".join(page.extract_text() for page in PdfReader(folder / "e.pdf").pages)
    assert "humanno" in text
    assert ("missing" if lang == "en" else "falta") in text


WRONG_KINDS = """\
system: wartime
name: Mezcla
warbook:
  bodies:
    - {name: Soldado, con: 4, agi: 4, int: 3, rea: 4, vol: 3}
  weapons:
    - {name: Fusil, energy: 2, damage: 4, range: 15}
    - {name: Chaleco, energy: 2, damage: 4, range: 15}
  protections:
    - {name: Chaleco, energy: 2, protection: 3}
  characters:
    - {name: Fusilero, body: Soldado, weapons: [Fusil], protections: [Fusil], objects: [Fusil], transport: Fusil}
squads:
  - name: Alfa
    members:
      - {character: Fusilero, count: 3}
      - {character: Soldado, count: 1}
"""


@pytest.mark.parametrize("lang", LANGS)
def test_references_to_the_wrong_kind_of_archetype_print_as_a_draft(folder, lang):
    (folder / "mezcla.yaml").write_text(WRONG_KINDS, encoding="utf-8")
    result = run("check", "mezcla.yaml", "--format", "json", "--lang", lang)
    assert result.exit_code == 1
    by_path = {f["path"]: f["code"] for f in findings(result)}
    assert by_path == {
        "warbook.protections[0].name": "duplicate-name",  # a weapon and a protection named Chaleco
        "warbook.characters[0].transport": "unknown-reference",  # a weapon as a transport
        "warbook.characters[0].protections[0]": "unknown-reference",  # ... as a protection
        "warbook.characters[0].objects[0]": "unknown-reference",  # ... as an object
        "squads[0].members[1].character": "unknown-reference",  # a body as a squad member
    }
    assert run("export", "mezcla.yaml", "--pdf", "m.pdf", "--xlsx", "m.xlsx", "--draft",
               "--lang", lang).exit_code == 0
    card = " ".join(PdfReader(folder / "m.pdf").pages[1].extract_text().split())  # words, one space apart
    assert "Fusilero" in card and "Fusil 2 4 15 K" in card  # the weapon it does carry, resolved
    assert card.count("missing" if lang == "en" else "falta") >= 3  # the three parts that are not
    assert run("inspect", "mezcla.yaml", "--format", "json").exit_code == 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value, line, words", [
    ("2024-02-30", 2, {"es": "«2024-02-30» parece una fecha pero no existe", "en": "“2024-02-30” looks like a date"}),
    ("9" * 5000, 2, {"es": "es demasiado largo", "en": "is far too long"}),
])
def test_values_yaml_cannot_build_are_invalid_yaml_on_their_line(folder, lang, value, line, words):
    (folder / "lista.yaml").write_text(f"system: porcrom\nname: {value}\ncharacters: []\n", encoding="utf-8")
    result = run("check", "lista.yaml", "--format", "json", "--lang", lang)
    assert result.exit_code == 2
    [error] = findings(result)
    assert (error["code"], error["line"]) == ("invalid-yaml", line)
    assert words[lang] in error["message"]
    assert len(error["message"]) < 300  # a 5000-digit number is not quoted whole


@pytest.mark.parametrize("lang", LANGS)
def test_a_float_far_past_any_measure_is_out_of_range(folder, lang):
    roster = WRONG_KINDS.replace("range: 15}\n    - {name: Chaleco", "range: 15, area: {shape: circle, diameter: 1.0e+300}}\n"
                                 "    - {name: Chaleco")
    (folder / "lista.yaml").write_text(roster, encoding="utf-8")
    result = run("check", "lista.yaml", "--format", "json", "--lang", lang)
    [error] = [f for f in findings(result) if f["path"].endswith("diameter")]
    assert (error["code"], error["line"]) == ("value-out-of-range", 7)
    assert ("the maximum is 100" if lang == "en" else "el máximo es 100") in error["message"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_control_character_in_a_name_is_refused_and_never_reaches_the_terminal(folder, lang):
    (folder / "lista.yaml").write_text('system: porcrom\nname: "A\\vB"\n"k\\x1b[31m": 1\ncharacters: []\n',
                                      encoding="utf-8")
    result = run("check", "lista.yaml", "--lang", lang)
    assert result.exit_code == 1
    assert "\x0b" not in result.output and "\x1b" not in result.output
    assert "\\x1b[31m" in result.output  # the unknown key, shown escaped
    assert ("control character (U+000B" if lang == "en" else "carácter de control (U+000B") in result.output
    payload = json.loads(run("check", "lista.yaml", "--format", "json").stdout)
    assert payload["results"][0]["name"] == "A\vB"  # JSON escapes it and gives it back exactly
    assert run("export", "lista.yaml", "--xlsx", "l.xlsx", "--draft", "--lang", lang).exit_code == 0
    problems = [row[2] for row in load_workbook(folder / "l.xlsx").worksheets[-1].iter_rows(values_only=True)]
    assert any("\\x1b[31m" in str(p) for p in problems)


@pytest.mark.parametrize("roster, key, value", [
    ("porcrom/lobos-de-zamora.yaml", "dice: 14,", "dice: 14000,"),
    ("confrontation/artilleria-no-dan-kar.yaml", "structure_points: 8", "structure_points: 8000"),
    ("confrontation/artilleria-no-dan-kar.yaml", "movement: 20", "movement: 20000"),
    ("porcrom/lobos-de-zamora.yaml", "dice: 14,", f"dice: {10**12},"),
    ("confrontation/artilleria-no-dan-kar.yaml", "structure_points: 8", f"structure_points: {10**12}"),
])
def test_extra_zeros_are_out_of_range_and_never_hang(folder, roster, key, value):
    from pathlib import Path

    source = (Path(__file__).resolve().parents[1] / "examples" / roster).read_text(encoding="utf-8")
    assert key in source
    (folder / "lista.yaml").write_text(source.replace(key, value, 1), encoding="utf-8")
    started = time.perf_counter()
    result = run("check", "lista.yaml", "--format", "json")
    assert [f["code"] for f in findings(result)] == ["value-out-of-range"]
    assert run("inspect", "lista.yaml").exit_code == 1
    assert run("export", "lista.yaml", "--pdf", "l.pdf", "--xlsx", "l.xlsx", "--draft").exit_code == 0
    assert time.perf_counter() - started < 20  # it used to take minutes, or all the memory


@pytest.mark.parametrize("lang, expected", [("es", "se esperaba 'animal' o 'mercenary'"),
                                            ("en", "expected 'animal' or 'mercenary'")])
def test_a_wrong_choice_is_said_wholly_in_the_users_language(folder, lang, expected):
    (folder / "lista.yaml").write_text("system: dungeon-universalis\nname: X\nheroes:\n"
                                      "  - {name: A, companion: {name: L, kind: perro, pv: 3}}\n", encoding="utf-8")
    [error] = findings(run("check", "lista.yaml", "--format", "json", "--lang", lang))
    assert expected in error["message"]


@pytest.mark.parametrize("lang, expected", [("es", "clave desconocida «points_limt»"),
                                            ("en", "unknown key “points_limt”")])
def test_a_bad_packs_problems_are_in_the_users_language(folder, lang, expected):
    (folder / "pack.yaml").write_text("system: porcrom\nname: Torneo\npoints_limt: 3\n", encoding="utf-8")
    (folder / "lista.yaml").write_text("system: porcrom\nname: X\ncharacters: []\n", encoding="utf-8")
    result = run("check", "lista.yaml", "--pack", "pack.yaml", "--lang", lang)
    assert result.exit_code == 2
    assert expected in result.output
    payload = json.loads(run("check", "lista.yaml", "--pack", "pack.yaml", "--format", "json", "--lang", lang).stdout)
    assert payload["legal"] is False and payload["results"] == []
    assert payload["error"]["code"] == "invalid-pack" and expected in payload["error"]["message"]


@pytest.mark.parametrize("command", [["check"], ["inspect"]])
def test_json_is_printed_even_when_the_file_cant_be_read(folder, command):
    result = run(*command, "no-existe.yaml", "--format", "json")
    assert result.exit_code == 2
    payload = json.loads(result.stdout)
    assert payload["legal"] is False
    codes = [r["errors"][0]["code"] for r in payload["results"]] or [payload["error"]["code"]]
    assert codes == ["file-not-found"]


def test_a_summary_path_that_cant_be_written_still_prints_json(folder):
    (folder / "lista.yaml").write_text("system: porcrom\nname: X\ncharacters: []\n", encoding="utf-8")
    result = run("check", "lista.yaml", "--summary", "no/existe/resumen.xlsx", "--format", "json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "output-folder-missing"

"""``builder catalog SYSTEM [TOPIC]``: the names a roster may use."""

import hashlib
import json
import re
from pathlib import Path

from click.testing import CliRunner, Result

from builder.cli.main import cli


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


# --- editions ---------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ROOT / "tests" / "core" / "data" / "editions"
COSTS = ROOT / "catalogs" / "wartime" / "costs.yaml"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), prog_name="builder")


def shipped_hash() -> str:
    """The 2026 edition's hash as Edition.hash defines it: over each catalog file in name order,
    its name, a NUL, its bytes and a NUL (Wartime's one file is costs.yaml)."""
    return hashlib.sha256(b"costs.yaml\0" + COSTS.read_bytes() + b"\0").hexdigest()


def test_the_catalog_says_first_the_edition_it_shows(monkeypatch):
    monkeypatch.delenv("BUILDER_EDITIONS", raising=False)
    shown = run("catalog", "wartime")
    assert shown.exit_code == 0
    lines = shown.output.splitlines()
    assert lines[0] == f"Edición 2026 (2026-11-26) · sha256 {shipped_hash()[:12]}"
    assert re.fullmatch(r".* [0-9a-f]{12}", lines[0])
    assert lines[1] == "" and lines[2].startswith("Tablas de coste")  # no other edition installed
    listed = json.loads(run("catalog", "wartime", "--format", "json").output)
    shipped = {"name": "2026", "date": "2026-11-26", "hash": shipped_hash()}
    assert listed["edition"] == shipped and listed["editions"] == [shipped]
    assert list(listed) == ["system", "edition", "editions", "topics"] and "costs" in listed["topics"]


def test_an_older_edition_can_be_browsed(monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    newest = run("catalog", "wartime", "costs")
    # 2027-prueba is the newest: it is shown, and its attribute values 5 and 6 cost 5 and 8.
    assert newest.output.startswith("Edición 2027-prueba (2027-06-01) · sha256 ")
    assert "Otras ediciones instaladas: 2026 (2026-11-26)\n" in newest.output
    assert "4: 3 · 5: 5 · 6: 8 · 7: 10" in newest.output and "1: 5 · 2: 12 · 3: 15" in newest.output
    older = run("catalog", "wartime", "costs", "--edition", "2026")
    assert older.exit_code == 0
    assert older.output.startswith(f"Edición 2026 (2026-11-26) · sha256 {shipped_hash()[:12]}\n")
    assert "Otras ediciones instaladas: 2027-prueba (2027-06-01, la de por defecto)\n" in older.output
    assert "4: 3 · 5: 4 · 6: 6 · 7: 10" in older.output and "1: 5 · 2: 10 · 3: 15" in older.output
    listed = json.loads(run("catalog", "wartime", "--edition", "2026", "--format", "json", "--lang", "en").output)
    assert listed["edition"]["name"] == "2026" and [e["name"] for e in listed["editions"]] == ["2027-prueba", "2026"]
    english = run("catalog", "wartime", "--edition", "2026", "--lang", "en").output
    assert "Other editions installed: 2027-prueba (2027-06-01, the default)" in english


def test_an_edition_not_installed_is_refused_with_those_that_are(monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    for args in (("catalog", "wartime", "--edition", "1999"), ("catalog", "diff", "wartime", "2026", "1999")):
        refused = run(*args)
        assert refused.exit_code == 2 and "Traceback" not in refused.output
        assert refused.output == "no hay ninguna edición «1999» de wartime (hay: 2027-prueba, 2026)\n"
    english = run("catalog", "diff", "wartime", "2027-prueba", "2026x", "--lang", "en", "--format", "json")
    assert english.exit_code == 2
    error = json.loads(english.output)["error"]
    assert error["code"] == "unknown-edition-asked"
    assert error["message"] == ("there is no edition “2026x” of wartime; did you mean “2026”? "
                                "(there are: 2027-prueba, 2026)")


def test_the_diff_names_each_of_the_four_changes(monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    done = run("catalog", "diff", "wartime", "2026", "2027-prueba")
    assert done.exit_code == 0
    # By hand, from the fixture: attribute value 5 cost 4 and value 6 cost 6 (2026), now 5 and 8;
    # grade value 2 cost 10, now 12; a weapon's range was at most 5 times its damage, now 4.
    assert done.output.splitlines() == [
        "Wartime: de la edición 2026 (2026-11-26) a la 2027-prueba (2027-06-01)",
        "  costs · tables › attribute › costs, valor 5: 4 → 5",
        "  costs · tables › attribute › costs, valor 6: 6 → 8",
        "  costs · tables › grade › costs, valor 2: 10 → 12",
        "  costs · rates › max_range_per_damage: 5 → 4"]
    back = run("catalog", "diff", "wartime", "2027-prueba", "2026", "--lang", "en")
    assert back.output.splitlines() == [
        "Wartime: from edition 2027-prueba (2027-06-01) to 2026 (2026-11-26)",
        "  costs · tables › attribute › costs, value 5: 5 → 4",
        "  costs · tables › attribute › costs, value 6: 8 → 6",
        "  costs · tables › grade › costs, value 2: 12 → 10",
        "  costs · rates › max_range_per_damage: 4 → 5"]
    same = run("catalog", "diff", "wartime", "2026", "2026")
    assert same.exit_code == 0
    assert same.output == "Wartime: las ediciones 2026 (2026-11-26) y 2026 (2026-11-26) tienen los mismos datos\n"


def test_the_diff_as_json(monkeypatch):
    monkeypatch.setenv("BUILDER_EDITIONS", str(EDITIONS))
    listed = json.loads(run("catalog", "diff", "wartime", "2026", "2027-prueba", "--format", "json").output)
    assert listed["game"] == "wartime"
    assert listed["from"] == {"name": "2026", "date": "2026-11-26", "hash": shipped_hash()}
    assert listed["to"]["name"] == "2027-prueba" and re.fullmatch(r"[0-9a-f]{64}", listed["to"]["hash"])
    first, *_, last = listed["changes"]
    assert len(listed["changes"]) == 4
    # A path counts a list's positions from 0 (value 5 is position 4); the words count from 1.
    assert first == {"kind": "changed", "file": "costs.yaml", "path": ["tables", "attribute", "costs", 4],
                     "before": 4, "after": 5, "text": "costs · tables › attribute › costs, valor 5: 4 → 5"}
    assert last["path"] == ["rates", "max_range_per_damage"] and (last["before"], last["after"]) == (5, 4)
    none = json.loads(run("catalog", "diff", "wartime", "2026", "2026", "--format", "json").output)
    assert none["changes"] == [] and none["from"] == none["to"]


def test_the_diff_names_entries_added_and_removed(tmp_path, monkeypatch):
    """Two made-up editions of Cripmaquión's races: the elfo gains strength, the goblin goes, the
    orco comes, and the newer one has a file more."""
    old, new = tmp_path / "cripmaquion" / "vieja", tmp_path / "cripmaquion" / "nueva"
    old.mkdir(parents=True), new.mkdir(parents=True)
    (old / "edition.yaml").write_text('name: vieja\ndate: 2030-01-01\n', encoding="utf-8")
    (new / "edition.yaml").write_text('name: nueva\ndate: 2031-01-01\n', encoding="utf-8")
    (old / "races.yaml").write_text(
        "races:\n  - {key: elfo, name: Elfo, fue: 3, res: 2}\n  - {key: goblin, name: Goblin, fue: 2, res: 1}\n",
        encoding="utf-8")
    (new / "races.yaml").write_text(
        "# the elfo is stronger\nraces:\n  - {key: elfo, name: Elfo, fue: 4, res: 2}\n"
        "  - {key: orco, name: Orco, fue: 3, res: 3}\n", encoding="utf-8")
    (new / "stars.yaml").write_text("stars: []\n", encoding="utf-8")
    monkeypatch.setenv("BUILDER_EDITIONS", str(tmp_path))
    done = run("catalog", "diff", "cripmaquion", "vieja", "nueva")
    assert done.exit_code == 0
    assert done.output.splitlines()[1:] == ["  races · races › Elfo: fue 3 → 4",
                                           "  races · races: se quita Goblin",
                                           "  races · races: se añade Orco",
                                           "  se añade el archivo stars.yaml"]
    english = run("catalog", "diff", "cripmaquion", "nueva", "vieja", "--lang", "en").output.splitlines()
    # The other way round: what the newer held goes first, then what the older adds.
    assert english[1:] == ["  races · races › Elfo: fue 4 → 3", "  races · races: Orco removed",
                           "  races · races: Goblin added", "  file stars.yaml removed"]


def test_the_help_says_both_uses():
    spanish, english = run("catalog", "--help").output, run("catalog", "--help", "--lang", "en").output
    assert spanish.startswith("Uso: builder catalog [OPCIONES] SISTEMA [TEMA]\n"
                              "     builder catalog diff [OPCIONES] JUEGO DESDE HASTA\n")
    assert english.startswith("Usage: builder catalog [OPTIONS] SYSTEM [TOPIC]\n"
                              "       builder catalog diff [OPTIONS] GAME FROM TO\n")
    assert "--edition EDICIÓN" in spanish and "--edition EDITION" in english
    assert "  diff  " in spanish and "  diff  " in english
    diff_help = run("catalog", "diff", "--help").output
    assert diff_help.startswith("Uso: builder catalog diff [OPCIONES] JUEGO DESDE HASTA\n")
    # Anything that names no command of the group is the browse's, its own help too.
    assert run("catalog", "wartime", "--help").output.startswith("Uso: builder catalog [OPCIONES] SISTEMA [TEMA]\n\n")
    missing = run("catalog", "--format", "json")
    assert missing.exit_code == 2 and "SISTEMA" in missing.output and "Traceback" not in missing.output

"""``builder verify FILE FINGERPRINT``: whether a sheet at the table is the list that was checked, and
whether that list is legal (under the event's pack, when given)."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli.main import cli
from tests.book_cases import fingerprint_of, run
from tests.cli.rosters import CRASHING

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "tournament"
PACK = EXAMPLE / "pack" / "torneo-otono.yaml"


def _fingerprint(path: Path) -> str:
    return json.loads(run("check", path, "--format", "json").output)["results"][0]["fingerprint"]


@pytest.mark.parametrize("spelling, code", [("exact", 0), ("typed", 0), ("other", 1)])
def test_verify(spelling, code):
    listing = EXAMPLE / "lists" / "03-asalto-pesado.yaml"
    actual = _fingerprint(listing)
    given = {"exact": actual, "typed": actual.lower().replace("-", ""),
             "other": actual[:-1] + ("0" if actual[-1] != "0" else "1")}[spelling]
    result = run("verify", listing, given)
    assert result.exit_code == code
    if code == 0:
        assert "coincide" in result.output
    else:
        # Both codes, and no word a reader could take for a match.
        assert actual in result.output and given in result.output
        assert "NO COINCIDE" in result.output and "coincide" not in result.output


def test_verify_says_whether_the_matching_list_is_legal_and_under_which_pack():
    legal, heavy = EXAMPLE / "lists" / "02-exploradores.yaml", EXAMPLE / "lists" / "03-asalto-pesado.yaml"
    result = run("verify", legal, _fingerprint(legal))
    assert result.exit_code == 0 and "la lista es LEGAL" in result.output
    # Legal on its own, but over the event's points limit: a matching sheet still says so.
    assert "la lista es LEGAL" in run("verify", heavy, _fingerprint(heavy)).output
    result = run("verify", heavy, _fingerprint(heavy), "--pack", PACK, "--lang", "en")
    assert result.exit_code == 0  # the sheet does match the file
    assert "matches" in result.output
    assert "but the list is ILLEGAL under the pack “Torneo de Otoño”: 1 error;" in result.output


def test_verify_of_a_warbook_says_it_is_one_not_a_legal_list(wt):
    book = wt / "fenix-warbook.yaml"
    result = run("verify", book, _fingerprint(book))
    assert result.exit_code == 0 and "WARBOOK: el archivo no es una lista que jugar" in result.output
    assert "LEGAL" not in result.output
    english = run("verify", book, _fingerprint(book), "--lang", "en").output
    assert "WARBOOK: the file is no list to play" in english and "LEGAL" not in english


def test_verify_unreadable_exits_2():
    assert run("verify", EXAMPLE / "lists" / "05-rota.yaml", "WT-0000-0000").exit_code == 2


def test_verify_fingerprint_is_the_one_check_reports_and_printed():
    listing = EXAMPLE / "lists" / "02-exploradores.yaml"
    fingerprint = json.loads(run("check", listing, "--format", "json").output)["results"][0]["fingerprint"]
    assert run("verify", listing, fingerprint).exit_code == 0


# --- internal errors ------------------------------------------------------------------------------
# One boundary per file: a bug met on one roster is that roster's `internal-error` (exit 3), shown
# with its traceback and a request to report it; the other files are still checked, the summary
# still written, and an export writes nothing.


def test_verify_meeting_a_bug_exits_3(folder, buggy):
    (folder / "rotos.yaml").write_text(CRASHING, encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", "rotos.yaml", "PC-0000-0000"])
    assert result.exit_code == 3
    assert "internal-error" in result.output


# --- tournaments by the book ----------------------------------------------------------------------
# Black-box, written from the tournament specification only (plus the shared command-line contract
# and file formats); the event (tests/events/conftest.py) and the Fénix examples (the `wt` fixture,
# tests/conftest.py) are worked out by hand beside their fixtures.


@pytest.mark.book
def test_verify_matching_and_mismatching_fingerprints(wt):
    lst = wt / "compania-fenix.yaml"
    fp = fingerprint_of(lst)
    ok = run("verify", lst, fp)
    assert ok.exit_code == 0, ok.output
    assert "coincide" in ok.output.lower()
    wrong = "WT-0000-0000" if fp != "WT-0000-0000" else "WT-1111-1111"
    bad = run("verify", lst, wrong)
    assert bad.exit_code == 1, bad.output
    assert fp in bad.output and wrong in bad.output


@pytest.mark.book
def test_verify_same_roster_reformatted_matches_and_a_changed_count_does_not(wt):
    fp = fingerprint_of(wt / "compania-fenix.yaml")
    # the same roster with other key order, flow style and comments
    (wt / "otra.yaml").write_text(
        "# copia del organizador\n"
        "name: Compañía Fénix\nsystem: wartime\nwarbook: fenix-warbook.yaml\n"
        "restrictions: {max_weapon_damage: 6, max_models: 10, max_level: 25}\n"
        "points_limit: 300\n"
        "squads:\n"
        "  - {name: Alfa, members: [{count: 1, character: Sargento}, {count: 3, character: Fusilero}]}\n"
        "  - {name: Bravo, members: [{count: 1, character: Granadero}, {count: 1, character: Fusilero}]}\n"
        "  - {name: Exploradores, members: [{count: 1, character: Explorador}]}  # batidores\n",
        encoding="utf-8")
    assert run("verify", wt / "otra.yaml", fp).exit_code == 0
    # one Fusilero more in Alfa: 283 + 40 = 323 > 300, and a different fingerprint
    changed = (wt / "otra.yaml").read_text(encoding="utf-8").replace("{count: 3,", "{count: 4,")
    (wt / "otra.yaml").write_text(changed, encoding="utf-8")
    result = run("verify", wt / "otra.yaml", fp)
    assert result.exit_code == 1
    assert fp in result.output


def test_verify_says_the_edition_it_checked_under_and_the_one_a_paper_was_printed_under(tmp_path, monkeypatch):
    from builder.core import editions, registry
    from tests.core.test_edition_check import MADE_UP, VETERANS

    (tmp_path / "lista.yaml").write_text(VETERANS.format(edition=""), encoding="utf-8")
    printed = _fingerprint(tmp_path / "lista.yaml")  # under the book's edition, the only one installed
    book = registry.get("wartime").editions()[0]
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))
    result = run("verify", tmp_path / "lista.yaml", printed)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith("comprobado con la edición 2027-prueba (2027-06-01, sha256 ")
    assert "el papel sí es este archivo con la edición 2026" in result.stdout
    result = run("verify", "--edition", "2026", "--lang", "en", tmp_path / "lista.yaml", printed)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == f"checked under edition 2026 (2026-11-26, sha256 {book.short_hash})"
    assert run("verify", "--edition", "1999", tmp_path / "lista.yaml", printed).exit_code == 2

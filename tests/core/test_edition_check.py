"""Which rules a list is checked under, and what they do to its points and fingerprint.

The made-up edition «2027-prueba» (tests/core/data/editions/wartime) changes Wartime's
attribute costs for 5 and 6 (book: 4 and 6; made up: 5 and 8) and the cost of a grade of 2
(book: 10; made up: 12), and lets a weapon reach 4 times its damage instead of 5."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from builder.core import editions, registry
from builder.core.edition_check import asking
from builder.core.errors import InputError
from builder.core.pipeline import evaluate
from builder.events.packs import load_pack

ROOT = Path(__file__).resolve().parents[2]
MADE_UP = ROOT / "tests" / "core" / "data" / "editions"

VETERANS = """\
system: wartime
name: Veteranos
points_limit: 100
{edition}warbook:
  bodies:
    - {{name: Veterano, con: 5, agi: 6, int: 4, rea: 5, vol: 5}}
  weapons:
    - {{name: Cuchillo, energy: 1, damage: 2}}
  characters:
    - {{name: Sargento, body: Veterano, weapons: [Cuchillo], base_diameter_cm: 2.5}}
squads:
  - name: Alfa
    members:
      - {{character: Sargento, count: 1}}
"""
# The book's tables: attributes 1..10 cost 0 1 2 3 4 6 10 17 28 45; grades 5 10 15 …
# The body: CON 5 (4) + AGI 6 (6) + INT 4 (3) + REA 5 (4) + VOL 5 (4) = 21.
# The knife: damage 2 (10) less energy 1 (5) = 5. The sergeant: 21 + 5 = 26.
BOOK_POINTS = 4 + 6 + 3 + 4 + 4 + (10 - 5)
# Made up: CON 5 (5) + AGI 6 (8) + INT 4 (3) + REA 5 (5) + VOL 5 (5) = 26; knife 12 − 5 = 7: 33.
MADE_UP_POINTS = 5 + 8 + 3 + 5 + 5 + (12 - 5)


@pytest.fixture
def made_up(monkeypatch):
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))


def write(tmp_path: Path, edition: str = "", name: str = "lista.yaml", text: str = VETERANS) -> Path:
    path = tmp_path / name
    path.write_text(text.format(edition=edition), encoding="utf-8")
    return path


def pack(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "pack.yaml"
    path.write_text("system: wartime\nname: Torneo\n" + textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_list_gets_the_points_each_edition_s_tables_give(tmp_path, made_up):
    assert (BOOK_POINTS, MADE_UP_POINTS) == (26, 33)
    newest = evaluate(write(tmp_path))
    assert (newest.points, newest.rules.edition.name) == (MADE_UP_POINTS, "2027-prueba")
    own = evaluate(write(tmp_path, 'edition: "2026"\n'))
    assert (own.points, own.rules.edition.name) == (BOOK_POINTS, "2026")
    assert own.legal and newest.legal


def test_without_another_edition_installed_the_book_s_is_the_default(tmp_path):
    checked = evaluate(write(tmp_path))
    assert (checked.points, checked.rules.edition.name) == (BOOK_POINTS, "2026")


def test_an_edition_the_game_has_not_is_an_error_at_its_line(tmp_path, made_up):
    checked = evaluate(write(tmp_path, 'edition: "2025"\n'))
    (finding,) = [f for f in checked.findings.errors if f.code == "unknown-edition"]
    assert finding.place.line == 4 and finding.place.path == ("edition",)
    assert "2027-prueba, 2026" in finding.message("es")
    assert checked.points == MADE_UP_POINTS  # checked under the newest all the same


def test_an_event_s_pin_is_the_edition_and_the_list_is_told(tmp_path, made_up):
    event = load_pack(pack(tmp_path, 'edition: "2026"\n'))
    checked = evaluate(write(tmp_path, 'edition: "2027-prueba"\n'), pack=event)
    assert (checked.points, checked.rules.edition.name) == (BOOK_POINTS, "2026")
    assert [f.code for f in checked.findings.warnings] == ["edition-of-event"]
    assert checked.legal


def test_an_event_pins_an_edition_the_game_has_or_its_pack_is_refused(tmp_path, made_up):
    with pytest.raises(InputError) as refused:
        load_pack(pack(tmp_path, "edition: 2028\n"))
    assert refused.value.code == "invalid-pack" and refused.value.line == 3


def test_a_command_s_edition_comes_before_the_event_s_and_the_event_s_before_the_list_s(tmp_path, made_up):
    written = write(tmp_path, 'edition: "2027-prueba"\n')
    with asking("2026"):
        assert evaluate(written).points == BOOK_POINTS
        assert not evaluate(written).findings.warnings  # the command asked: nothing to tell
    event = load_pack(pack(tmp_path, 'edition: "2027-prueba"\n'))
    assert evaluate(write(tmp_path, 'edition: "2026"\n'), pack=event).points == MADE_UP_POINTS
    with asking("2026"):  # what an update would do to an event that pins an edition
        assert evaluate(written, pack=event).points == BOOK_POINTS


def test_a_command_s_edition_reads_the_event_s_house_rules_over_it(tmp_path, made_up):
    # The pack pins 2027-prueba and makes an attribute of 4 cost 4 instead of 3.
    event = load_pack(pack(tmp_path, 'edition: "2027-prueba"\nhouse_rules:\n'
                                     '  - set: costs/tables/attribute/costs/4\n    to: 4\n'))
    # INT 4 is the one attribute of 4 of the sergeant's body: one point more under either edition.
    assert evaluate(write(tmp_path), pack=event).points == MADE_UP_POINTS + 1
    with asking("2026"):
        checked = evaluate(write(tmp_path), pack=event)
    assert checked.points == BOOK_POINTS + 1 and checked.rules.house is not None


def test_a_list_s_unknown_edition_under_an_event_s_is_only_told(tmp_path, made_up):
    event = load_pack(pack(tmp_path, 'edition: "2026"\n'))
    checked = evaluate(write(tmp_path, 'edition: "2062"\n'), pack=event)
    assert checked.legal and [f.code for f in checked.findings.warnings] == ["edition-of-event"]
    assert "2062" in checked.findings.warnings[0].message("es")


def test_a_fingerprint_changes_only_with_what_the_rules_make_of_the_list(tmp_path, made_up):
    book = evaluate(write(tmp_path, 'edition: "2026"\n'))
    newest = evaluate(write(tmp_path))
    assert book.fingerprint != newest.fingerprint  # 26 points under one, 33 under the other
    # A list the made-up edition prices the same: attributes of 1..4 and 7..10, a grade of 1, 3…
    same = VETERANS.replace("con: 5, agi: 6, int: 4, rea: 5, vol: 5", "con: 4, agi: 7, int: 4, rea: 3, vol: 4") \
        .replace("energy: 1, damage: 2", "energy: 1, damage: 3")
    under_book = evaluate(write(tmp_path, 'edition: "2026"\n', "misma.yaml", same))
    under_new = evaluate(write(tmp_path, "", "misma.yaml", same))
    # CON 4 (3) + AGI 7 (10) + INT 4 (3) + REA 3 (2) + VOL 4 (3) = 21; knife 15 − 5 = 10: 31 under both.
    assert under_book.points == under_new.points == 3 + 10 + 3 + 2 + 3 + (15 - 5)
    assert under_book.fingerprint == under_new.fingerprint


def test_the_book_s_edition_keeps_the_fingerprints_printed_before_editions(tmp_path, made_up):
    printed_before = "WT-CD8A-FFBA"  # examples/wartime/compania-fenix.yaml, as builder printed it before issue 49
    with asking("2026"):
        assert evaluate(ROOT / "examples" / "wartime" / "compania-fenix.yaml").fingerprint == printed_before
    assert evaluate(ROOT / "examples" / "wartime" / "compania-fenix.yaml").fingerprint != printed_before


def test_what_a_game_shows_of_a_checked_list_follows_the_rules_it_was_checked_under(tmp_path, made_up):
    book = evaluate(write(tmp_path, 'edition: "2026"\n'))
    wartime = registry.get("wartime")
    assert wartime.notes(book, "es")["squads/0/members/0"] == f"1 × {BOOK_POINTS} = {BOOK_POINTS} puntos"
    assert f"coste {BOOK_POINTS}" in wartime.inspect_text(book, "es")
    # The resolved view, built when first asked (here, outside the check), is the book's too.
    assert f'"cost": {BOOK_POINTS}' in json.dumps(book.details) and f'"cost": {MADE_UP_POINTS}' not in json.dumps(book.details)


def test_a_limit_an_edition_changes_is_said_with_that_edition_s_figure(tmp_path, made_up):
    # A knife of damage 2 reaching 9 K: the book lets it reach 5 × 2 = 10 K, the made-up edition 4 × 2 = 8 K.
    far = VETERANS.replace("{{name: Cuchillo, energy: 1, damage: 2}}", "{{name: Cuchillo, energy: 1, damage: 2, range: 9}}")
    assert not [f for f in evaluate(write(tmp_path, 'edition: "2026"\n', "lejos.yaml", far)).findings
                if f.code == "range-too-long"]
    (finding,) = [f for f in evaluate(write(tmp_path, "", "lejos.yaml", far)).findings if f.code == "range-too-long"]
    assert "el máximo es 8 K (4 × daño)" in finding.message("es")


def test_an_installed_edition_the_game_can_t_use_is_refused_not_a_bug(tmp_path, monkeypatch):
    broken = tmp_path / "wartime" / "rota"
    broken.mkdir(parents=True)
    (broken / "edition.yaml").write_text('name: rota\ndate: 2030-01-01\n', encoding="utf-8")
    # The book's costs without their rates: a key every Wartime price needs.
    costs = (ROOT / "catalogs" / "wartime" / "costs.yaml").read_text(encoding="utf-8")
    (broken / "costs.yaml").write_text(costs.split("rates:")[0] + "minimum_cost: 1\n", encoding="utf-8")
    monkeypatch.setenv(editions.ENVIRONMENT, str(tmp_path))
    with pytest.raises(InputError) as refused:
        evaluate(write(tmp_path))
    assert refused.value.code == "edition-unusable" and refused.value.params["edition"] == "rota"
    assert evaluate(write(tmp_path, 'edition: "2026"\n')).points == BOOK_POINTS  # builder's own still serves

"""``builder check --edition E``: every list checked under E too, and the lists whose points or
legality change reported, exactly those. Points worked out as in tests/core/test_edition_check.py."""

from __future__ import annotations

import json

import pytest

from builder.core import editions
from builder.core.pipeline import Outcome
from builder.events.edition_change import Change, Standing, changes, report
from tests.book_cases import run
from tests.core.test_edition_check import BOOK_POINTS, MADE_UP, MADE_UP_POINTS, VETERANS

SAME = VETERANS.replace("con: 5, agi: 6, int: 4, rea: 5, vol: 5", "con: 4, agi: 7, int: 4, rea: 3, vol: 4") \
    .replace("energy: 1, damage: 2", "energy: 1, damage: 3")
"""A list both editions price alike: 3 + 10 + 3 + 2 + 3 + (15 − 5) = 31 points (see test_edition_check)."""


@pytest.fixture
def event(tmp_path, monkeypatch):
    """Three lists under the made-up edition (the newest): one it prices as the book does, one it
    prices higher, and one that passes its limit only under the book's costs."""
    monkeypatch.setenv(editions.ENVIRONMENT, str(MADE_UP))
    (tmp_path / "misma.yaml").write_text(SAME.format(edition=""), encoding="utf-8")
    (tmp_path / "veteranos.yaml").write_text(VETERANS.format(edition=""), encoding="utf-8")
    tight = VETERANS.replace("name: Veteranos", "name: Justos").replace("points_limit: 100", "points_limit: 30")
    (tmp_path / "justos.yaml").write_text(tight.format(edition=""), encoding="utf-8")
    return tmp_path


def test_check_edition_reports_exactly_the_lists_that_change(event):
    assert BOOK_POINTS <= 30 < MADE_UP_POINTS  # «Justos» fits its 30 points only under the book
    result = run("check", "--edition", "2026", event)
    assert result.exit_code == 0  # under 2026 every list is legal
    lines = result.stdout.splitlines()
    head = lines.index("Con la edición «2026» cambian 2 de los 3 archivos comprobados:")
    assert lines[head + 1:] == [
        f"  {event / 'justos.yaml'} — Justos: {MADE_UP_POINTS} → {BOOK_POINTS} puntos; ILEGAL → LEGAL "
        "(edición 2027-prueba → 2026)",
        f"  {event / 'veteranos.yaml'} — Veteranos: {MADE_UP_POINTS} → {BOOK_POINTS} puntos (edición 2027-prueba → 2026)",
    ]


def test_check_edition_in_json_and_in_english(event):
    result = run("check", "--edition", "2026", "--format", "json", "--lang", "en", event)
    report_ = json.loads(result.stdout)
    assert report_["legal"] is True and report_["edition"] == "2026"
    assert [(c["name"], c["before"], c["after"]) for c in report_["changes"]] == [
        ("Justos", {"edition": "2027-prueba", "points": MADE_UP_POINTS, "status": "illegal"},
         {"edition": "2026", "points": BOOK_POINTS, "status": "legal"}),
        ("Veteranos", {"edition": "2027-prueba", "points": MADE_UP_POINTS, "status": "legal"},
         {"edition": "2026", "points": BOOK_POINTS, "status": "legal"}),
    ]
    assert {(r["edition"]["name"], r["edition"]["house_rules"]) for r in report_["results"]} == {("2026", False)}
    english = run("check", "--edition", "2027-prueba", "--lang", "en", event).stdout
    assert "Under edition “2027-prueba” none of the files checked (3) changes its points or legality." in english


def test_check_edition_in_several_processes_gives_the_same(event):
    one = json.loads(run("check", "--edition", "2026", "--format", "json", event).stdout)
    two = json.loads(run("check", "--edition", "2026", "--format", "json", "--jobs", "2", event).stdout)
    assert one["changes"] == two["changes"] and len(one["changes"]) == 2


def test_an_edition_no_game_of_the_lists_has_is_a_usage_error(event):
    result = run("check", "--edition", "2025", event)
    assert result.exit_code == 2
    assert "no hay ninguna edición «2025» de wartime" in result.stderr
    assert "2027-prueba, 2026" in result.stderr


def test_lists_of_a_game_without_that_edition_are_checked_as_they_are(event):
    (event / "lobos.yaml").write_text("system: porcrom\nname: Lobos\n", encoding="utf-8")
    result = run("check", "--edition", "2027-prueba", "--format", "json", event)
    found = {r["name"]: r["edition"]["name"] for r in json.loads(result.stdout)["results"]}
    assert found["Lobos"] == "2026" and found["Veteranos"] == "2027-prueba"


def test_an_unreadable_list_is_a_change_too():
    class Crashed:
        file, evaluation, crash = "x.yaml", None, object()

    ok = Outcome("x.yaml")
    assert Standing.of(Crashed()).status == "internal-error" and Standing.of(ok).status == "unreadable"
    assert changes([ok], [ok]) == []
    line = Change("x.yaml", None, Standing("2026", 10, "legal"), Standing(None, None, "unreadable")).line("en")
    assert line == "  x.yaml — —: 10 → — points; LEGAL → UNREADABLE (edition 2026 → —)"
    assert report([], 0, "2026", "en").startswith("Under edition “2026” none of the files")
    one = Change("x.yaml", "X", Standing("2026", 10, "legal"), Standing("2027", 12, "legal"))
    assert report([one], 4, "2027", "es").startswith("Con la edición «2027» cambia 1 de los 4 archivos comprobados:")

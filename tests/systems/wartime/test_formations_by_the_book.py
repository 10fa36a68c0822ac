"""Wartime formations by the book (`formations: true`).

Lone characters together may cost at most 10% of the points limit (of the list's own points
when there is no limit), and a squad of two or three models is warned about. ``FORM`` in
tests/book_cases.py has one character, Vet, costing 30 (5 x attribute 6).
"""

from __future__ import annotations

import pytest

from tests.book_cases import FORM, SOLDADO, VETERANO, assert_error, check_one, codes_of, squad, wartime, wb


def test_formation_solo_within_ten_percent(tmp_path):
    # limit 300 -> 10% = 30; one lone Vet = 30 <= 30; list 30 + 4*30 = 150
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=300, formations=True))
    assert r["points"] == 150
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert code == 0 and r["legal"] is True


def test_formation_solo_over_ten_percent(tmp_path):
    # limit 299 -> 10% = 29.9; one lone Vet = 30 > 29.9
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, points_limit=299, formations=True),
                 "formation-solo-limit")


def test_formation_solo_limits_add_up(tmp_path):
    # limit 300 -> 30; two lone Vets together 60 > 30
    squads = [squad("Solo1", 1, "Vet"), squad("Solo2", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, points_limit=300, formations=True),
                 "formation-solo-limit")


def test_formation_solo_without_limit_uses_list_points(tmp_path):
    # no limit: 10% of list points. 30 + 4*30 = 150 -> 15; lone 30 > 15
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 4, "Vet")]
    assert_error(wartime(tmp_path, FORM, squads, formations=True), "formation-solo-limit")


def test_formation_solo_without_limit_within(tmp_path):
    # no limit: 30 + 9*30 = 300 -> 30; lone 30 <= 30
    squads = [squad("Solo", 1, "Vet"), squad("Bloque", 9, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, formations=True))
    assert r["points"] == 300
    assert code == 0 and r["legal"] is True


def test_no_formation_rules_without_flag(tmp_path):
    squads = [squad("Solo1", 1, "Vet"), squad("Solo2", 1, "Vet"), squad("Par", 2, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=300))
    assert code == 0
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert "formation-too-small" not in codes_of(r["warnings"])


@pytest.mark.parametrize("size", [2, 3])
def test_formation_too_small_warning(tmp_path, size):
    squads = [squad("Pequena", size, "Vet"), squad("Bloque", 4, "Vet")]
    code, r = check_one(wartime(tmp_path, FORM, squads, points_limit=1000, formations=True))
    assert "formation-too-small" in codes_of(r["warnings"])
    assert code == 0 and r["legal"] is True


def test_formation_too_small_counts_models_across_members(tmp_path):
    # two members of count 1 each: a squad of 2 models
    book = wb(bodies=[VETERANO, SOLDADO],
              characters=[{"name": "Vet", "body": "Veterano"}, {"name": "Sol", "body": "Soldado"}])
    squads = [{"name": "Pareja", "members": [{"character": "Vet", "count": 1},
                                             {"character": "Sol", "count": 1}]}]
    code, r = check_one(wartime(tmp_path, book, squads, formations=True))
    assert "formation-too-small" in codes_of(r["warnings"])
    assert "formation-solo-limit" not in codes_of(r["errors"])
    assert code == 0  # a squad too small is said, but doesn't make the list illegal


def test_formation_of_four_no_warning(tmp_path):
    code, r = check_one(wartime(tmp_path, FORM, [squad("Bloque", 4, "Vet")], formations=True))
    assert r["warnings"] == [] and code == 0

"""Wartime derived character values by the book, read from `builder inspect`.

From the Wartime specification and the rulebook (../shared/rulebooks/wartime.txt): level is the
sum of the five attributes, energy min(REA + 5, 10), vitality CON, defense the sum of the
protections carried, and movement the base diameter in cm rounded to the nearest whole number,
.5 up. Each expected value is worked out by hand next to its assertion.
"""

from __future__ import annotations

import pytest

from tests.book_cases import SOLDADO, archetype_in, full_book, inspect_json, wartime, wb


def test_derived_values(tmp_path):
    inspected = inspect_json(wartime(tmp_path, full_book()))
    fus = archetype_in(inspected, "Fusilero")
    assert fus["level"] == 25  # 5+6+4+7+3
    assert fus["energy"] == 10  # min(7 + 5, 10)
    assert fus["vitality"] == 5  # CON
    assert fus["defense"] == 4  # Chaleco 3 + Casco 1
    assert fus["movement"] == 3  # 2.5 cm -> nearest, .5 up -> 3
    rec = archetype_in(inspected, "Recluta")
    assert rec["defense"] == 1
    assert rec["movement"] is None  # no base


@pytest.mark.parametrize("rea,energy", [(1, 6), (3, 8), (5, 10), (6, 10), (10, 10)])
def test_derived_energy_capped(tmp_path, rea, energy):
    # energy = min(REA + 5, 10)
    body = {"name": "B", "con": 2, "agi": 3, "int": 4, "rea": rea, "vol": 1}
    book = wb(bodies=[body], characters=[{"name": "C", "body": "B"}])
    c = archetype_in(inspect_json(wartime(tmp_path, book)), "C")
    assert c["energy"] == energy
    assert c["level"] == 2 + 3 + 4 + rea + 1
    assert c["vitality"] == 2


@pytest.mark.parametrize("base,movement", [(2.5, 3), (3.49, 3), (3.5, 4), (4.5, 5), (25, 25), (32.4, 32)])
def test_derived_movement_rounds_nearest_half_up(tmp_path, base, movement):
    book = wb(bodies=[SOLDADO], characters=[{"name": "C", "body": "Soldado", "base_diameter_cm": base}])
    c = archetype_in(inspect_json(wartime(tmp_path, book)), "C")
    assert c["movement"] == movement

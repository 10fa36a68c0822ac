"""The cost tables and the rounding arithmetic, against the rulebook (ARQUETIPOS)."""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.systems.wartime import costs


def test_tables_match_the_rulebook():
    # Transcribed by hand from wartime.txt: body Paso 1, weapon Pasos 1-2, character Paso 6.
    t = costs.tables()
    assert t.attribute == (0, 1, 2, 3, 4, 6, 10, 17, 28, 45)
    assert t.grade == (5, 10, 15, 20, 25, 35, 45, 55, 65, 75)
    assert t.fortune == (10, 15, 20, 25, 30, 35, 40, 45, 50, 55)
    assert t.minimum_cost == 1


@pytest.mark.parametrize("value, cost", [(1, 0), (5, 4), (6, 6), (7, 10), (10, 45)])
def test_attribute_cost(value, cost):
    assert costs.attribute_cost(value) == cost


@pytest.mark.parametrize("value, cost", [(1, 5), (5, 25), (6, 35), (10, 75)])
def test_grade_cost(value, cost):
    assert costs.grade_cost(value) == cost


@pytest.mark.parametrize("value, cost", [(0, 0), (1, 10), (2, 15), (10, 55)])
def test_fortune_cost(value, cost):
    assert costs.fortune_cost(value) == cost


@pytest.mark.parametrize(
    "damage, k, cost",
    [
        (3, 7, 3),     # 3 × 7 × 0.1 = 2.1 -> up to 3
        (6, 20, 12),   # exactly 12: float arithmetic would give 12.000000000000002 -> 13
        (7, 10, 7),    # exactly 7
        (4, 2.5, 1),   # 4 × 2.5 × 0.1 = 1.0
        (5, 0.3, 1),   # 0.15 -> 1
        (2, 0, 0),     # a close-combat weapon pays nothing for range
    ],
)
def test_range_cost_rounds_up_exactly(damage, k, cost):
    assert costs.range_cost(damage, k) == cost


def test_weapon_and_object_area_costs():
    assert costs.weapon_area_cost(5, 7) == 4   # 5 × 7 × 0.1 = 3.5 -> 4
    assert costs.weapon_area_cost(4, 5) == 2   # 2.0
    assert costs.object_area_cost(9) == 9      # object area is K² itself


@pytest.mark.parametrize("levels, cost", [(0, 0), (3, 1), (5, 1), (10, 2), (12, 3), (12.5, 3)])
def test_capacity_cost_is_levels_over_five_rounded_up(levels, cost):
    assert costs.capacity_cost(levels) == cost


@pytest.mark.parametrize("base, move", [(2.5, 3), (2.49, 2), (3.2, 3), (4.5, 5), (4.49, 4), (25, 25), (None, None)])
def test_movement_rounds_to_nearest_half_up(base, move):
    assert costs.movement(base) == move


def test_round_nearest_half_goes_up():
    assert costs.round_nearest(Fraction(3, 2)) == 2
    assert costs.round_nearest(Fraction(5, 2)) == 3
    assert costs.round_nearest(7.0686) == 7


def test_floored():
    assert costs.floored(-5) == 1
    assert costs.floored(0) == 1
    assert costs.floored(1) == 1
    assert costs.floored(14) == 14


@given(whole=st.integers(min_value=-10**6, max_value=10**6),
       rate=st.fractions(min_value=0, max_value=100, max_denominator=1000))
def test_rounding_up_a_whole_number_times_a_rate_is_exact(whole, rate):
    assert costs.up_times(whole, rate) == math.ceil(Fraction(whole) * rate)


@given(damage=st.integers(min_value=1, max_value=10), k=st.integers(min_value=0, max_value=50),
       levels=st.integers(min_value=0, max_value=1000))
def test_whole_measures_cost_the_same_as_the_same_measures_written_with_decimals(damage, k, levels):
    # 12 and 12.0 are one range; the integer path must not change a price.
    assert costs.range_cost(damage, k) == costs.range_cost(damage, float(k)) == math.ceil(Fraction(damage * k, 10))
    assert costs.capacity_cost(levels) == costs.capacity_cost(float(levels)) == math.ceil(Fraction(levels, 5))

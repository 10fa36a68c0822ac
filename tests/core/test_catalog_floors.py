"""The least an event's house rules may make each number of a game's catalogs: every number of
every game's catalogs has its floor decided (ruling 92), and the book's own values stand on it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.core import editions, registry
from builder.core.catalog_floors import Floor, below, floor_of, number, numbers_in


def games():
    return [s for s in registry.all_systems() if s.rules_of is None]


def catalog_numbers(system):
    """Every number of the game's newest catalogs: (its path as a rule writes it, the number)."""
    with editions.using(editions.Rules(system.editions()[0])):
        for path in system.catalogs():
            for steps, _, found in numbers_in(system.catalog(path.name), (path.stem,)):
                yield steps, found


@pytest.mark.parametrize("system", games(), ids=lambda s: s.key)
def test_every_number_of_every_catalog_has_its_floor_decided(system):
    undecided = ["/".join(steps) for steps, _ in catalog_numbers(system) if floor_of(system.floors, steps) is None]
    assert undecided == []


@pytest.mark.parametrize("system", games(), ids=lambda s: s.key)
def test_the_books_own_values_stand_on_their_floors_and_every_floor_is_used(system):
    found = list(catalog_numbers(system))
    assert [("/".join(s), v) for s, v in found if floor_of(system.floors, s).refuses(v)] == []
    used = {floor_of(system.floors, s) for s, _ in found}
    assert [f.pattern for f in system.floors if f not in used] == []


def test_a_number_is_a_whole_or_decimal_number_or_a_plain_fraction():
    assert [number(v) for v in (3, 0.5, "1/10", "-2", "1")] == [3, Fraction(1, 2), Fraction(1, 10), -2, 1]
    assert [number(v) for v in (True, "1 TC", "1/0", "", "1/2/3", None)] == [None] * 6


def test_a_floor_refuses_what_is_below_it_or_not_above_it():
    cost, share = Floor("costs/*", 0, "l. 1"), Floor("share", 0, "l. 2", above=True)
    assert (cost.refuses(Fraction(-1)), cost.refuses(Fraction(0)), share.refuses(Fraction(0)),
            share.refuses(Fraction(1, 10))) == (True, False, True, False)
    assert not Floor("penalty", None, "l. 3").refuses(Fraction(-10**6))


def test_below_finds_each_number_a_rule_writes_by_its_path():
    floors = (Floor("races/races/*/fue", 1, "l. 1"), Floor("tables/x/*", 0, "l. 2", above=True))
    entry = {"key": "trasgo", "fue": 0, "res": -3}
    # An added entry is stepped into by its key; res has no floor here: only the floors given decide.
    assert [(p.path, p.variant, p.params["value"]) for p in below(floors, "add", "races/races", entry)] == [
        (("entry", "fue"), "below", "0")]
    assert [(p.path, p.variant, p.params["value"]) for p in below(floors, "set", "tables/x", [1, 0, "-1/2"])] == [
        (("to", 1), "not-above", "0"), (("to", 2), "not-above", "-1/2")]

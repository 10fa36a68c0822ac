"""The least an event's house rules may make a catalog's number: what its game can still mean.

A game says, for each number of its catalogs, the least the book lets it be (:class:`Floor`): a cost
or a bonus never below nothing, a limit or a divisor never nothing, a characteristic never below
the book's least, a roll never one a 1 can't fail. A house rule that writes a number below it (a
``set``'s value, an ``add``'s entry) is refused at the pack's line; a number with no floor (a
penalty, negative by nature) may be anything a rule may write."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from fractions import Fraction
from typing import Any, Iterator, Sequence

from builder.core.catalog_shapes import Unlike, keyed

FRACTION_CHARS = frozenset("-0123456789/")


@dataclass(frozen=True)
class Floor:
    """The least the numbers at ``pattern`` may be: a path as a rule writes it (``races/races/*/fue``),
    ``*`` standing for any one step; the book's place that shows it; ``above``: more than ``least``,
    not as much (a share of the points: more than none). ``least`` None: no floor."""

    pattern: str
    least: int | None
    book: str
    above: bool = False

    def matches(self, steps: Sequence[str]) -> bool:
        parts = self.pattern.split("/")
        return len(parts) == len(steps) and all(fnmatchcase(s, p) for s, p in zip(steps, parts, strict=True))

    def refuses(self, number: Fraction) -> bool:
        if self.least is None:
            return False
        return number <= self.least if self.above else number < self.least


def floor_of(floors: Sequence[Floor], steps: Sequence[str]) -> Floor | None:
    """The first of ``floors`` for the value at ``steps`` (its path as a rule writes it), or None."""
    return next((f for f in floors if f.matches(steps)), None)


def number(value: Any) -> Fraction | None:
    """``value`` as the game reads a number: a whole or decimal number, or a text of a plain fraction
    (``"1/10"``, a rate the books write as one); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return Fraction(value)
    if isinstance(value, str) and value and set(value) <= FRACTION_CHARS and value.count("/") <= 1:
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def numbers_in(value: Any, steps: tuple[str, ...], inner: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[str, ...], tuple[Any, ...], Fraction]]:
    """Every number in ``value`` (at ``steps``), with its path as a rule writes it and its path
    inside ``value``: an entry of a keyed list stepped into by its key, another list's items by
    their positions from 1, as the books count."""
    found = number(value)
    if found is not None:
        yield steps, inner, found
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from numbers_in(child, (*steps, str(key)), (*inner, key))
    elif isinstance(value, list):
        by_key = keyed(value)
        for i, child in enumerate(value):
            yield from numbers_in(child, (*steps, child["key"] if by_key else str(i + 1)), (*inner, i))


def below(floors: Sequence[Floor], verb: str, address: str, value: Any) -> Iterator[Unlike]:
    """Each number a ``set`` (``value`` at the path ``address``) or an ``add`` (``value`` an entry of
    the list at ``address``) writes below its floor: where in the rule (under ``to`` or ``entry``),
    as a variant of ``invalid-house-rule`` naming the least and the book's place."""
    steps = tuple(address.split("/"))
    key, where = ("to", steps) if verb == "set" else ("entry", (*steps, value["key"]))
    for at, inner, found in numbers_in(value, where):
        floor = floor_of(floors, at)
        if floor is not None and floor.refuses(found):
            yield Unlike((key, *inner), "not-above" if floor.above else "below",
                         {"value": shown_number(found), "least": floor.least, "book": floor.book})


def shown_number(value: Fraction) -> str:
    """A number as a pack writes it: whole, or as a fraction."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"

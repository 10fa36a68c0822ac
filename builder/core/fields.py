"""What the models are built from: the strict base model and the field types every system
shares (names, descriptions, rulebook scales, measures, bounded lists).

Only the models import this (and through them pydantic); a check runs on the records
generated from them (see builder.core.codegen).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from builder.core.validators import NAME_MOST, TEXT_MOST, RefuseControls, whole_number


class Strict(BaseModel):
    """No unknown keys (a typo is an error), no silent type coercion, frozen once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


def between(low: int, high: int) -> Any:
    """A whole number from ``low`` to ``high``: a rulebook scale such as 1–10."""
    return Annotated[int, Field(ge=low, le=high)]


def measure(most: float, low: float = 0, above: bool = False) -> Any:
    """A measure (K, K², cm, levels) that may be decimal, from ``low`` (or above it, with
    ``above``) up to ``most``; whole values stay whole."""
    floor = {"gt": low} if above else {"ge": low}
    return Annotated[float, Field(le=most, allow_inf_nan=False, **floor), AfterValidator(whole_number)]


Name = Annotated[str, Field(min_length=1, max_length=NAME_MOST), AfterValidator(RefuseControls(""))]
"""A name: one line of printable text."""
Text = Annotated[str, Field(max_length=TEXT_MOST), AfterValidator(RefuseControls("\n\t"))]
"""A description: printable text, on several lines if need be."""


def many(most: int = 100) -> Any:
    """An empty list as a default (made fresh for each model: pydantic would deep-copy a literal []),
    holding at most ``most`` items."""
    return Field(default_factory=list, max_length=most)

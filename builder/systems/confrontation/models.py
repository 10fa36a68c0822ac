"""The Confrontation file: a force's war machines, their servants and embarked troops."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from builder.core.fields import Name, Strict, between, many, measure
from builder.core.validators import Canonical


def spelled(*choices: str):
    """Accept a choice however it is written ("Móvil", "muy grande") and store its canonical form."""
    return Annotated[Literal[choices], BeforeValidator(Canonical(choices))]  # type: ignore[valid-type]


Size = spelled("pequeno", "normal", "grande", "muy-grande")

# Upper bounds (docs/rulings.md, "Upper bounds"): the book prints no maximum for these, so
# each is ten times or more the largest value of its examples (MOV 20, Peso 10, PE 8, RES 14).
Points = between(0, 10_000)
"""A force's points, or a machine's cost."""


class Competency(Strict):
    name: Name
    x: between(0, 100) | None = None
    """Each competency's own range is checked by the rules (mecánico 1–6, the rest at least 1)."""
    access: Name | None = None
    """For transporte: the side troops get in and out by (frontal, lateral, trasero)."""


class Servant(Strict):
    name: Name
    size: Size = "normal"
    competencies: list[Competency] = many(10)


class Embarked(Strict):
    name: Name
    size: Size = "normal"
    mounted: bool = False
    count: between(1, 100) = 1


class Artillery(Strict):
    class_: spelled("ligera", "pesada") = Field(alias="class")
    type: spelled("perforante", "zona")


class Boiler(Strict):
    """A steam boiler or naphtha carburettor: the characteristic it boosts and the dice rolled."""

    characteristic: Name
    dice: between(1, 10) = 1


class Machine(Strict):
    name: Name
    kind: spelled("movil", "inmovil")
    cost: Points | None = None
    movement: measure(200) | None = None
    weight: between(0, 100) | None = None
    structure_points: between(1, 100) | None = None
    resistance: between(0, 100) | None = None
    crew_min: between(0, 20) | None = None
    artillery: Artillery | None = None
    competencies: list[Competency] = many(20)
    servants: list[Servant] = many(12)
    substitutes: Annotated[dict[Name, between(0, 30)], Field(max_length=20)] | None = None
    boiler: Boiler | None = None
    embarked: list[Embarked] = many(20)


class ConfrontationFile(Strict):
    system: Literal["confrontation"]
    name: Name
    player: Name | None = None
    points_limit: between(1, 10_000) | None = None
    machines: list[Machine] = many(10)


class ConfrontationPack(Strict):
    system: Literal["confrontation"]
    name: Name
    points_limit: between(1, 10_000) | None = None

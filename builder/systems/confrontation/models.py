"""The Confrontation file: a force's war machines, their servants and embarked troops."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from builder.findings import fold
from builder.validation import many, Name, NonNegative, NonNegativeInt, Strict


def spelled(*choices: str):
    """Accept a choice however it is written ("Móvil", "muy grande") and store its canonical form."""
    by_fold = {fold(c): c for c in choices}

    def canonical(value: object) -> object:
        return by_fold.get(fold(value), value) if isinstance(value, str) else value

    return Annotated[Literal[choices], BeforeValidator(canonical)]  # type: ignore[valid-type]


Size = spelled("pequeno", "normal", "grande", "muy-grande")
PositiveInt = Annotated[int, Field(ge=1)]


class Competency(Strict):
    name: Name
    x: int | None = None
    access: str | None = None
    """For transporte: the side troops get in and out by (frontal, lateral, trasero)."""


class Servant(Strict):
    name: Name
    size: Size = "normal"
    competencies: list[Competency] = many()


class Embarked(Strict):
    name: Name
    size: Size = "normal"
    mounted: bool = False
    count: PositiveInt = 1


class Artillery(Strict):
    class_: spelled("ligera", "pesada") = Field(alias="class")
    type: spelled("perforante", "zona")


class Boiler(Strict):
    """A steam boiler or naphtha carburettor: the characteristic it boosts and the dice rolled."""

    characteristic: Name
    dice: PositiveInt = 1


class Machine(Strict):
    name: Name
    kind: spelled("movil", "inmovil")
    cost: NonNegativeInt | None = None
    movement: NonNegative | None = None
    weight: NonNegativeInt | None = None
    structure_points: PositiveInt | None = None
    resistance: NonNegativeInt | None = None
    crew_min: NonNegativeInt | None = None
    artillery: Artillery | None = None
    competencies: list[Competency] = many()
    servants: list[Servant] = many()
    substitutes: dict[Name, NonNegativeInt] | None = None
    boiler: Boiler | None = None
    embarked: list[Embarked] = many()


class ConfrontationFile(Strict):
    system: Literal["confrontation"]
    name: Name
    player: Name | None = None
    points_limit: Annotated[int, Field(ge=1)] | None = None
    machines: list[Machine] = many()


class ConfrontationPack(Strict):
    system: Literal["confrontation"]
    name: Name
    points_limit: Annotated[int, Field(ge=1)] | None = None

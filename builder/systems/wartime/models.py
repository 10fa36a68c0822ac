"""The Wartime file: a Warbook of archetypes and an army list of squads."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Discriminator, Field, Tag

from builder.validation import many, Name, NonNegative, NonNegativeInt, Positive, Strict, between

Scale = between(1, 10)
"""Attributes, energy, damage, protection and defense all run from 1 to 10."""


def _by_shape(kinds: dict[type | tuple[type, ...], str], fallback: str):
    """A discriminator that picks a union member by the input's Python type.

    It sees user data when validating and model instances when serialising.
    """

    def pick(value: object) -> str:
        for kind, tag in kinds.items():
            if isinstance(value, kind):
                return tag
        return fallback

    return Discriminator(pick)


class Trait(Strict):
    """A bonus or malus bought for an archetype; the Warbook prices its own."""

    name: Name
    cost: NonNegativeInt


class Archetype(Strict):
    name: Name
    description: str | None = None
    bonus: list[Trait] = many()
    malus: list[Trait] = many()


class Body(Archetype):
    con: Scale
    agi: Scale
    int_: Scale = Field(alias="int")
    rea: Scale
    vol: Scale


class Circle(Strict):
    shape: Literal["circle"]
    diameter: NonNegative


class Rectangle(Strict):
    shape: Literal["rectangle"]
    length: NonNegative
    width: NonNegative


class Triangle(Strict):
    shape: Literal["triangle"]
    length: NonNegative
    width: NonNegative


Shape = Annotated[Union[Circle, Rectangle, Triangle], Field(discriminator="shape")]
Area = Annotated[
    Union[Annotated[NonNegative, Tag("value")], Annotated[Shape, Tag("shape")]],
    _by_shape({(dict, BaseModel): "shape"}, "value"),
]


class Weapon(Archetype):
    energy: Scale
    damage: Scale
    range: NonNegative = 0
    area: Area = 0


class Protection(Archetype):
    energy: Scale
    protection: Scale


class DefenseZones(Strict):
    """The defense zones of a transport bigger than a motorbike or a horse.

    Each is optional here so that a missing zone is reported by the rule that asks for
    all four (transport-defense-zones), not as a format error.
    """

    front: Scale | None = None
    left: Scale | None = None
    right: Scale | None = None
    rear: Scale | None = None

    def missing(self) -> list[str]:
        return [zone for zone, value in self.model_dump().items() if value is None]


Defense = Annotated[
    Union[Annotated[Scale, Tag("value")], Annotated[DefenseZones, Tag("zones")]],
    _by_shape({(dict, BaseModel): "zones"}, "value"),
]


class Transport(Archetype):
    energy: Scale
    large: bool = False
    defense: Defense
    capacity: NonNegative = 0
    weapons: list[Name] = many()
    objects: list[Name] = many()
    base_length_cm: Positive | None = None


class Object(Archetype):
    energy: Scale
    area: Area = 0
    capacity: NonNegative = 0


class Character(Archetype):
    body: Name
    transport: Name | None = None
    weapons: list[Name] = many()
    protections: list[Name] = many()
    objects: list[Name] = many()
    fortune: between(0, 10) = 0
    base_diameter_cm: Positive | None = None


ZoneDefense = Annotated[
    Union[Annotated[Scale, Tag("value")], Annotated[dict[Name, Scale], Tag("parts")]],
    _by_shape({dict: "parts"}, "value"),
]


class Zone(Archetype):
    """Scenery or a marked area: described, not bought."""

    difficulty: Annotated[int, Field(ge=1)] = 1
    defense: ZoneDefense | None = None
    global_: bool = Field(False, alias="global")
    collapse: str | None = None
    traps: bool | str = False
    effects: str | None = None


class Warbook(Strict):
    bodies: list[Body] = many()
    weapons: list[Weapon] = many()
    protections: list[Protection] = many()
    transports: list[Transport] = many()
    objects: list[Object] = many()
    characters: list[Character] = many()
    zones: list[Zone] = many()


class Member(Strict):
    character: Name
    count: NonNegativeInt = 1


class Squad(Strict):
    name: Name
    members: Annotated[list[Member], Field(min_length=1)]


class Restrictions(Strict):
    max_level: NonNegativeInt | None = None
    max_models: NonNegativeInt | None = None
    max_weapon_damage: NonNegativeInt | None = None


WarbookRef = Annotated[
    Union[Annotated[Name, Tag("path")], Annotated[Warbook, Tag("inline")]],
    _by_shape({(dict, BaseModel): "inline"}, "path"),
]


class WartimeFile(Strict):
    system: Literal["wartime"]
    name: Name
    player: Name | None = None
    points_limit: Annotated[int, Field(ge=1)] | None = None
    formations: bool = False
    restrictions: Restrictions = Restrictions()
    warbook: WarbookRef
    squads: list[Squad] = many()


class WartimePack(Strict):
    """What an event may set for every Wartime list it checks."""

    system: Literal["wartime"]
    name: Name
    points_limit: Annotated[int, Field(ge=1)] | None = None
    formations: bool | None = None
    restrictions: Restrictions | None = None


KINDS: dict[str, str] = {
    "bodies": "body",
    "weapons": "weapon",
    "protections": "protection",
    "transports": "transport",
    "objects": "object",
    "characters": "character",
    "zones": "zone",
}
"""Warbook list -> the kind of archetype it holds, in the Warbook's order."""

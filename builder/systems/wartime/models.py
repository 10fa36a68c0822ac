"""The Wartime file: a Warbook of archetypes and an army list of squads."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Discriminator, Field, Tag

from builder.core.fields import Name, Strict, Text, between, many, measure
from builder.core.validators import ByShape

Scale = between(1, 10)
"""Attributes, energy, damage, protection and defense all run from 1 to 10."""

# Upper bounds for what the book leaves open (docs/rulings.md, "Upper bounds"): each is
# far past any legal or sensible value, so that no mistake can make a number explode.
MAX_RANGE_K = 50
"""Range is at most 5 K per point of damage, and damage at most 10 (Arquetipos de arma · Paso 3)."""
Length = measure(2 * MAX_RANGE_K)
"""A length in K inside an area: twice the longest range."""
AreaValue = measure(MAX_RANGE_K * MAX_RANGE_K)
"""An area in K²: a square as wide as the longest range."""
Capacity = measure(1000)
"""Levels a transport or object carries."""
TraitCost = between(0, 750)
"""Ten times the dearest value of any cost table (75)."""
PARTS_MOST = 12
"""Weapons, protections, objects, bonuses or maluses one archetype names; crew lines of a
vehicle; member lines of a squad. The book sets no maximum (a character carries as many
weapons, protections and objects as its player wants, l. 444, 588; a squad is one model or
more, l. 332): twice what a real one holds, yet few enough that the largest list still
prints in seconds."""
MAGAZINES_MOST = 50
"""Magazines bought for one weapon (Munición [opcional]): the book sets no maximum; no game
of a few turns empties more."""
Magazines = Annotated[dict[Name, between(0, MAGAZINES_MOST)], Field(max_length=PARTS_MOST)]
"""Weapon name -> magazines bought for it, under the optional ammunition rule."""


def _by_shape(kinds: dict[str, str], fallback: str) -> Discriminator:
    """A discriminator that picks a union member by the value's shape ("mapping", "dict", "list")."""
    return Discriminator(ByShape(kinds, fallback))


class Trait(Strict):
    """A bonus or malus bought for an archetype; the Warbook prices its own."""

    name: Name
    cost: TraitCost


class Archetype(Strict):
    name: Name
    description: Text | None = None
    bonus: list[Trait] = many(PARTS_MOST)
    malus: list[Trait] = many(PARTS_MOST)


class Body(Archetype):
    con: Scale
    agi: Scale
    int_: Scale = Field(alias="int")
    rea: Scale
    vol: Scale


class Circle(Strict):
    shape: Literal["circle"]
    diameter: Length


class Rectangle(Strict):
    shape: Literal["rectangle"]
    length: Length
    width: Length


class Triangle(Strict):
    shape: Literal["triangle"]
    length: Length
    width: Length


Shape = Annotated[Union[Circle, Rectangle, Triangle], Field(discriminator="shape")]
OneArea = Annotated[
    Union[Annotated[AreaValue, Tag("value")], Annotated[Shape, Tag("shape")]],
    _by_shape({"mapping": "shape"}, "value"),
]
Area = Annotated[
    Union[Annotated[OneArea, Tag("one")], Annotated[list[OneArea], Tag("parts"), Field(min_length=1, max_length=6)]],
    _by_shape({"list": "parts"}, "one"),
]
"""A value in K², a shape, or a list of them whose areas add up (a composite area)."""


class Weapon(Archetype):
    energy: Scale
    damage: Scale
    range: measure(1000) = 0
    """At most 5 K per point of damage (range-too-long); the bound here only stops absurd values."""
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


Defense = Annotated[
    Union[Annotated[Scale, Tag("value")], Annotated[DefenseZones, Tag("zones")]],
    _by_shape({"mapping": "zones"}, "value"),
]


class Transport(Archetype):
    energy: Scale
    large: bool = False
    defense: Defense
    capacity: Capacity = 0
    weapons: list[Name] = many(PARTS_MOST)
    objects: list[Name] = many(PARTS_MOST)
    magazines: Magazines = Field(default_factory=dict)
    base_length_cm: measure(180, above=True) | None = None
    """The longest side of the base; no longer than a 180 cm table."""


class Object(Archetype):
    energy: Scale
    area: Area = 0
    capacity: Capacity = 0


class Character(Archetype):
    body: Name
    transport: Name | None = None
    weapons: list[Name] = many(PARTS_MOST)
    protections: list[Name] = many(PARTS_MOST)
    objects: list[Name] = many(PARTS_MOST)
    magazines: Magazines = Field(default_factory=dict)
    fortune: between(0, 10) = 0
    base_diameter_cm: measure(60, above=True) | None = None


ZoneDefense = Annotated[
    Union[Annotated[Scale, Tag("value")], Annotated[dict[Name, Scale], Tag("parts")]],
    _by_shape({"dict": "parts"}, "value"),
]


class Zone(Archetype):
    """Scenery or a marked area: described, not bought."""

    difficulty: between(1, 100) = 1
    """The book sets no maximum; 100 is far past any example (3 or 4)."""
    defense: ZoneDefense | None = None
    global_: bool = Field(False, alias="global")
    collapse: Text | None = None
    traps: bool | Text = False
    effects: Text | None = None


ARCHETYPES_MOST = 30
"""Archetypes of one kind in a Warbook."""


class Warbook(Strict):
    bodies: list[Body] = many(ARCHETYPES_MOST)
    weapons: list[Weapon] = many(ARCHETYPES_MOST)
    protections: list[Protection] = many(ARCHETYPES_MOST)
    transports: list[Transport] = many(ARCHETYPES_MOST)
    objects: list[Object] = many(ARCHETYPES_MOST)
    characters: list[Character] = many(ARCHETYPES_MOST)
    zones: list[Zone] = many(ARCHETYPES_MOST)


MODELS_MOST = 1000
"""Models in an army: a 180 × 120 cm table holds no more."""


class CrewMember(Strict):
    """Characters who man each of the pilot's vehicles, besides the pilot."""

    character: Name
    count: between(0, MODELS_MOST) = 1
    """How many ride in each vehicle."""


class Member(Strict):
    character: Name
    count: between(0, MODELS_MOST) = 1
    crew: list[CrewMember] = many(PARTS_MOST)
    """With a crew, each of the ``count`` models is the pilot of a vehicle (the character's
    transport) manned by this crew, recruited in the same squad (Creación de listas de juego)."""


class Squad(Strict):
    name: Name
    members: Annotated[list[Member], Field(min_length=1, max_length=PARTS_MOST)]


class Restrictions(Strict):
    max_level: between(0, 50) | None = None
    """A level is the sum of five attributes of 1–10: 5 to 50."""
    max_models: between(0, MODELS_MOST) | None = None
    max_weapon_damage: between(0, 10) | None = None


PointsLimit = between(1, 100_000)


WarbookRef = Annotated[
    Union[Annotated[Name, Tag("path")], Annotated[Warbook, Tag("inline")]],
    _by_shape({"mapping": "inline"}, "path"),
]


class WartimeFile(Strict):
    system: Literal["wartime"]
    name: Name
    player: Name | None = None
    points_limit: PointsLimit | None = None
    formations: bool = False
    restrictions: Restrictions = Restrictions()
    warbook: WarbookRef
    squads: list[Squad] = many(30)


class WartimePack(Strict):
    """What an event may set for every Wartime list it checks."""

    system: Literal["wartime"]
    name: Name
    points_limit: PointsLimit | None = None
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

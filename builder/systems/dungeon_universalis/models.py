"""The Dungeon Universalis expedition file, for the automatic dark player (JOA)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Discriminator, Field, Tag

from builder.core.fields import Name, Strict, between, many
from builder.core.validators import ByShape

# Upper bounds (docs/rulings.md, "Upper bounds"): the JOA text prints none for these.
ItemPV = between(0, 75)
"""A companion's or an item's PV: never more than the epic threshold of a whole group."""
HEROES_MOST = 8


class Companion(Strict):
    name: Name
    kind: Literal["animal", "mercenary"]
    pv: ItemPV


CompanionSlot = Annotated[
    Union[Annotated[Companion, Tag("one")], Annotated[list[Companion], Tag("many"), Field(max_length=10)]],
    Discriminator(ByShape({"list": "many"}, "one")),
]
"""A hero's companion; a list is read too, so that "more than one" can be reported as such."""


class Hero(Strict):
    name: Name
    xp: between(0, 500) = 0
    skills: list[Name] = many(20)
    companion: CompanionSlot | None = None
    """One companion (or a list, reported as too many); see expedition.companions_of."""


class Item(Strict):
    name: Name
    pv: ItemPV


LeaderPV = between(0, 1000)


class ExpeditionFile(Strict):
    system: Literal["dungeon-universalis"]
    name: Name
    player: Name | None = None
    repeat_scenario: bool = False
    leader_pv: LeaderPV = 0
    heroes: Annotated[list[Hero], Field(min_length=1, max_length=HEROES_MOST)]
    items: list[Item] = many(50)


class ExpeditionPack(Strict):
    """An event sets the scenario: its leader's PV and whether the group has played it before."""

    system: Literal["dungeon-universalis"]
    name: Name
    leader_pv: LeaderPV | None = None
    repeat_scenario: bool | None = None

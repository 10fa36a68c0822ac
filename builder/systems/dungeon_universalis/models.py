"""The Dungeon Universalis expedition file, for the automatic dark player (JOA)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Discriminator, Field, Tag

from builder.validation import many, Name, NonNegativeInt, Strict


class Companion(Strict):
    name: Name
    kind: Literal["animal", "mercenary"]
    pv: NonNegativeInt


def _one_or_many(value: object) -> str:
    return "many" if isinstance(value, list) else "one"


CompanionSlot = Annotated[
    Union[Annotated[Companion, Tag("one")], Annotated[list[Companion], Tag("many")]],
    Discriminator(_one_or_many),
]
"""A hero's companion; a list is read too, so that "more than one" can be reported as such."""


class Hero(Strict):
    name: Name
    xp: NonNegativeInt = 0
    skills: list[Name] = many()
    companion: CompanionSlot | None = None

    @property
    def companions(self) -> list[Companion]:
        if self.companion is None:
            return []
        return self.companion if isinstance(self.companion, list) else [self.companion]


class Item(Strict):
    name: Name
    pv: NonNegativeInt


class ExpeditionFile(Strict):
    system: Literal["dungeon-universalis"]
    name: Name
    player: Name | None = None
    repeat_scenario: bool = False
    leader_pv: NonNegativeInt = 0
    heroes: Annotated[list[Hero], Field(min_length=1)]
    items: list[Item] = many()


class ExpeditionPack(Strict):
    """An event sets the scenario: its leader's PV and whether the group has played it before."""

    system: Literal["dungeon-universalis"]
    name: Name
    leader_pv: NonNegativeInt | None = None
    repeat_scenario: bool | None = None

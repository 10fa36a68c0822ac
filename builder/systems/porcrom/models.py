"""The ¡Por Crom! file: a warband of characters and minion groups."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.validation import many, Name, Strict

Step = Annotated[str, Field(min_length=1)]


class Character(Strict):
    name: Name
    dice: Annotated[int, Field(ge=1)]
    heavy_armor: bool = False
    horse: bool = False
    weapons: list[Name] = many()
    sorcerer: bool = False


class MinionGroup(Strict):
    name: Name
    count: Annotated[int, Field(ge=0)]
    track: Annotated[list[Step], Field(min_length=1)]
    """Dice left after each point of damage, as movimiento-combate-especial ("2-2-0"), ending dead."""
    weapons: list[Name] = many()
    heavy_armor: bool = False


class PorCromFile(Strict):
    system: Literal["porcrom"]
    name: Name
    player: Name | None = None
    characters: list[Character] = many()
    minions: list[MinionGroup] = many()


class PorCromPack(Strict):
    """A ¡Por Crom! warband file sets no limits, so its event pack names the event only."""

    system: Literal["porcrom"]
    name: Name

"""The ¡Por Crom! file: a warband of characters and minion groups."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.core.fields import Name, Strict, between, many

MAX_DICE = 50
"""The book calls 10–16 dice usual (a warning outside it) and sets no maximum: 50 stops absurd pools."""
FIGURES_MOST = 12
"""Characters, and minion groups, in a warband: a CROM warband is a handful of each."""
TRACK_MOST = 16
"""Steps of a minion group's damage track: the book's longest has 5."""


class Character(Strict):
    name: Name
    dice: between(1, MAX_DICE)
    heavy_armor: bool = False
    horse: bool = False
    weapons: list[Name] = many(10)
    sorcerer: bool = False


class MinionGroup(Strict):
    name: Name
    count: between(0, 100)
    """2 to 5 is the book's rule (minion-group-size); the bound here only stops absurd values."""
    track: Annotated[list[Name], Field(min_length=1, max_length=TRACK_MOST)]
    """Dice left after each point of damage, as movimiento-combate-especial ("2-2-0"), ending dead."""
    weapons: list[Name] = many(10)
    heavy_armor: bool = False


class PorCromFile(Strict):
    system: Literal["porcrom"]
    name: Name
    player: Name | None = None
    characters: list[Character] = many(FIGURES_MOST)
    minions: list[MinionGroup] = many(FIGURES_MOST)


class PorCromPack(Strict):
    """A ¡Por Crom! warband file sets no limits, so its event pack names the event only."""

    system: Literal["porcrom"]
    name: Name

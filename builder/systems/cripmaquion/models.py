"""The Cripmaquión file: a team's roster of runners and, optionally, the lineup for a race."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.core.fields import many, Name, Strict


RUNNERS_MOST = 30
"""The book sets no limit to a roster; it suggests 8–10 runners for a season and 20–30 for a
whole race of several teams, so 30 is past any one team."""


class Runner(Strict):
    name: Name
    race: Name
    specialties: list[Name] = many(10)
    """Specialties or a star's name; empty for a gregario."""


class CripmaquionFile(Strict):
    system: Literal["cripmaquion"]
    team: Name
    player: Name | None = None
    runners: Annotated[list[Runner], Field(max_length=RUNNERS_MOST)]
    lineup: Annotated[list[Name], Field(max_length=RUNNERS_MOST)] | None = None
    """The runners lined up for a race; without it, the whole roster."""


class CripmaquionPack(Strict):
    """What an event may set for every Cripmaquión team it checks."""

    system: Literal["cripmaquion"]
    name: Name
    runners_per_team: Annotated[int, Field(ge=1, le=RUNNERS_MOST)] | None = None
    """Every lineup must have exactly this many runners (§10, step 2)."""

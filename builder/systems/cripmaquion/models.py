"""The Cripmaquión file: a team's roster of runners and, optionally, the lineup for a race."""

from __future__ import annotations

from typing import Literal

from builder.validation import Name, Strict


class Runner(Strict):
    name: Name
    race: Name
    specialties: list[Name] = []
    """Specialties or a star's name; empty for a gregario."""


class CripmaquionFile(Strict):
    system: Literal["cripmaquion"]
    team: Name
    runners: list[Runner]
    lineup: list[Name] | None = None
    """The runners lined up for a race; without it, the whole roster."""

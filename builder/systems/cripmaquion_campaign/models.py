"""The Cripmaquión campaign file: the teams that race, and what happened on each day (§11)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.systems.cripmaquion.models import RUNNERS_MOST
from builder.core.fields import Name, Strict, between, many

TEAMS_MOST = 12
"""The book's control sheet has room for 6 teams; twice that is past any campaign."""
STAGES_MOST = 30
"""The book's model campaign has 4 or 5 days (jornadas)."""
RUNNERS_IN_RACE = TEAMS_MOST * RUNNERS_MOST
KOS_MOST = 500
"""KOs written for one day: far past the book's stage sheet (36 runners)."""
SUMMITS_MOST = 20
TURN_MOST = 1000


class KO(Strict):
    """A KO a runner scored, for the dureza classification (§11.3.1)."""

    by: Name
    victim: Name
    attack: Literal["dt", "other"]
    """dt: by combat in its turn; other: a thrown runner, a kicked head, out of turn…"""
    turn: between(1, TURN_MOST)
    """The race turn (TC) of the KO."""
    tp: Name | None = None
    """Whose turn (TP) it happened in, when not the scorer's own: the victim's for a zancadilla,
    coletazo or hipnotizar (FT attacks, l. 400). One KO per TP scores (l. 1356)."""


class Summit(Strict):
    """A summit banner crossed, for the honor classification (§11.3.2)."""

    category: Literal["bronce", "plata", "oro"]
    order: Annotated[list[Name], Field(max_length=RUNNERS_IN_RACE)]


class Stage(Strict):
    """One day (jornada) of the campaign."""

    name: Name
    finish: Annotated[list[Name], Field(max_length=RUNNERS_IN_RACE)]
    """Order of arrival; an eliminated runner is absent."""
    kos: list[KO] = many(KOS_MOST)
    summits: list[Summit] = many(SUMMITS_MOST)


class CampaignFile(Strict):
    system: Literal["cripmaquion-campaign"]
    name: Name
    teams: Annotated[list[Name], Field(max_length=TEAMS_MOST)]
    """Team roster files, relative to the campaign file."""
    stages: Annotated[list[Stage], Field(max_length=STAGES_MOST)]

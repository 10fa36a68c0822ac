"""An event pack: an event's restrictions for one system, which take precedence over what a
list says about itself (a list written for 300 points is checked at the pack's 250)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from builder.core import editions
from builder.core.findings import Place
from builder.core.reader import Document
from builder.core.records import Record


@dataclass(frozen=True)
class EventSettings:
    """How an event's desk runs (the pack's optional ``event:`` block): checking ignores it."""

    deadline: datetime | None = None
    """When submissions close, with its time zone (a time written without one is the organiser's)."""
    token: str | None = None
    """The organiser's token, instead of a random one at each start."""
    publish: bool = False
    """Whether every list is shown to everyone once the event is locked."""
    versions_per_team: int = 30
    """The versions the desk keeps of one team's list; past them, a new one is refused."""
    bytes_per_team: int = 16 * 1024 * 1024
    """The bytes the desk keeps of one team's versions together (16 MiB); past them, a new one is refused."""
    max_teams: int = 300
    """The teams the event takes (those the organiser removed not counted); past them, a new one is
    refused: a bound on what one flood of registrations can make the desk keep and show."""
    public_url: str | None = None
    """The address players reach the desk at (``https://torneo.example``): the Host and Origin it answers to."""


TIE_BREAKERS = ("opponents-points", "score", "score-difference", "opponents-score", "wins", "head-to-head")
"""The tie-breakers a pack may name, in the order it lists them: the sum of the opponents' points, the
team's own score, its score less its opponents' in its games, the sum of its opponents' scores, its wins,
and the games between the tied teams."""


@dataclass(frozen=True)
class RoundsFormat:
    """How an event's rounds are played and ranked (the pack's optional ``rounds:`` block)."""

    count: int
    """How many rounds the event plays."""
    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    """The points a team scores for a bye (a round without an opponent)."""
    bye_score: int = 0
    """The game's own score a bye counts for (victory points, dureza, …)."""
    score: str | None = None
    """What the game's own score is called in this event («puntos de victoria»): in Spanish when the
    pack names it in both languages, else in every language; None: no score kept."""
    tie_breakers: tuple[str, ...] = ("opponents-points", "score-difference")
    """Names from :data:`TIE_BREAKERS`, the first deciding first."""
    score_en: str | None = None
    """The score's name in English, when the pack names it in both languages («victory points»)."""

    def score_in(self, lang: str) -> str | None:
        """The score's name in ``lang``: its English name on English pages when the pack gives one."""
        return self.score_en if lang == "en" and self.score_en else self.score


@dataclass(frozen=True)
class Pack:
    doc: Document
    system: str
    values: Record
    """The system's pack record: ``system``, ``name`` and the keys its files can restrict."""
    event: EventSettings = field(default_factory=EventSettings)
    rounds: RoundsFormat | None = None
    """The event's rounds, or None: an event that only takes lists."""
    rules: editions.Rules | None = None
    """The edition the pack pins (its ``edition:``) and its house rules (``house_rules:``), or None:
    each list is checked under its own edition's catalogs as they are."""

    @property
    def name(self) -> str:
        return self.values.name  # type: ignore[attr-defined]

    def overrides(self, file_keys: set[str]) -> dict[str, Any]:
        """The pack's values for keys a list file also has: these replace the list's own."""
        given = self.values.model_dump(by_alias=True, exclude={"system", "name"}, exclude_unset=True)
        return {k: v for k, v in given.items() if k in file_keys}

    def place(self, key: str) -> Place:
        return Place(self.doc, (key,), event=True)

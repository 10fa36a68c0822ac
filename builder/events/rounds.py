"""The tournament day's values: who plays, the rounds' tables, the results reported, the standings.

Plain values, shared by the pairing (:mod:`builder.events.pairing`), the standings
(:mod:`builder.events.standings`), the store (which keeps them) and the desk's pages and exports
(which show them). A team is its store id throughout; a round is its number (1, 2, …).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Winner = Literal["a", "b", "draw"]
"""Who won a game: its first team, its second, or neither."""


@dataclass(frozen=True)
class Entrant:
    """A team of the event as the day sees it."""

    team_id: int
    name: str
    club: str | None = None
    """The club the team named when it registered (teams of one club are kept apart where possible)."""
    checked_in: bool = False
    dropped_after: int | None = None
    """The last round the team played before it dropped (0: before the first); None while it plays on."""
    fixed_table: int | None = None
    """A table the team keeps every round (a player who should not move), or None."""

    def plays_in(self, round_number: int) -> bool:
        """Whether the team is paired in that round: checked in and not dropped before it."""
        return self.checked_in and (self.dropped_after is None or self.dropped_after >= round_number)


@dataclass(frozen=True)
class Table:
    """One table of a round: two teams, or one team and no opponent (``b`` None: the bye)."""

    number: int
    a: int
    b: int | None = None

    @property
    def bye(self) -> bool:
        return self.b is None

    def teams(self) -> tuple[int, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


@dataclass(frozen=True)
class Result:
    """A game's result: who won, and each team's own score in the game's measure (victory points,
    dureza, …; 0 where the pack keeps none)."""

    winner: Winner
    score_a: int = 0
    score_b: int = 0


@dataclass(frozen=True)
class Game:
    """A table of a round with the result that stands for it (None: not yet, or disputed)."""

    round: int
    table: Table
    result: Result | None = None
    disputed: bool = False


@dataclass(frozen=True)
class Round:
    number: int
    seed: str
    """What the first round's random order was drawn from (shown to the organiser); later rounds keep it too."""
    published: bool
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class Standing:
    """A team's line in the standings: ``rank`` from 1 (teams equal on every tie-breaker share it)."""

    rank: int
    team_id: int
    name: str
    club: str | None
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points: int
    score_for: int
    score_against: int
    tie_breakers: dict[str, float] = field(default_factory=dict)
    """Each of the pack's tie-breakers by its name, with the team's value."""
    dropped: bool = False


@dataclass(frozen=True)
class Day:
    """An event's tournament day as the store holds it: every team in the event, every round paired
    so far (published or not) and every game's standing result."""

    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    games: tuple[Game, ...]
    checkin_open: bool = False

    def games_of(self, round_number: int) -> list[Game]:
        return [game for game in self.games if game.round == round_number]

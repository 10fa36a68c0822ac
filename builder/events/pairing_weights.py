"""What a Swiss pairing weighs: the seats of a round's teams and the weight of each possible table.

The pairing (:mod:`builder.events.pairing`) is the maximum-weight perfect matching of these weights.
Each table's weight is made of tiers, each worth more than every lower tier of a whole round
together, so the matching decides them one after another:

1. no rematch (two teams that have met already);
2. the bye to a team that has had none;
3. the bye to the lowest-ranked such team;
4. teams of equal or nearest points (the squares of the differences, so one big gap weighs more
   than two small ones);
5. teams of different clubs;
6. teams next to each other in the order (1 against 2, 3 against 4): in the first round, the seed's
   random order.

Integers throughout, so networkx's matching computes exactly.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from typing import Iterable

from builder.events.rounds import Entrant, Game, Standing, Table


@dataclass(frozen=True)
class Seat:
    """A team as the pairing sees it: its place in the order (0 the first), points, club, bye had."""

    team_id: int
    position: int
    points: int
    club: str | None
    had_bye: bool


def seats_of(number: int, entrants: list[Entrant], games: list[Game], standings: list[Standing],
             seed: str) -> list[Seat]:
    """The teams that play round ``number``, in order: the standings' order (teams not in them yet,
    late arrivals, after every other, by name) or, in the first round, the seed's random order."""
    playing = {entrant.team_id: entrant for entrant in entrants if entrant.plays_in(number)}
    byes = {game.table.a for game in games if game.round < number and game.table.bye}
    ranked = [row.team_id for row in standings if row.team_id in playing]
    if number <= 1 or not ranked:
        order = sorted(playing)
        random.Random(seed).shuffle(order)
    else:
        late = sorted((team for team in playing if team not in set(ranked)),
                      key=lambda team: (playing[team].name, team))
        order = ranked + late
    points = {row.team_id: row.points for row in standings}
    return [Seat(team, i, points.get(team, 0) if number > 1 else 0, _club(playing[team].club), team in byes)
            for i, team in enumerate(order)]


def _club(club: str | None) -> str | None:
    """A club as compared: case, spacing and accents of a name typed on a phone do not make two."""
    if not club:
        return None
    bare = "".join(c for c in unicodedata.normalize("NFKD", club.casefold()) if not unicodedata.combining(c))
    return " ".join(bare.split()) or None


def met_before(number: int, games: list[Game]) -> set[frozenset[int]]:
    """Every two teams that sat at one table in a round before ``number``."""
    return {frozenset(game.table.teams()) for game in games if game.round < number and not game.table.bye}


class Weights:
    """The weight of each table of one round's seats (see the module's tiers)."""

    def __init__(self, seats: list[Seat], met: set[frozenset[int]]):
        self.seats = seats
        self.met = met
        self.size = len(seats)
        tables = len(seats) // 2 + 1
        top = max((seat.points for seat in seats), default=0) - min((seat.points for seat in seats), default=0)
        self.gap = top * top + 1
        """More than any squared difference of points."""
        self.spread = self.size * self.size + 1
        """More than any squared difference of places."""
        # Each tier's unit is one more than the most every lower tier of a whole round can add up to.
        unit, units = 1, []
        for most in (self.spread, 1, self.gap, self.size, 1, 1):  # tiers 6 to 1
            units.append(unit)
            unit += tables * most * unit
        self.order, self.club, self.near, self.lowest, self.fresh_bye, self.fresh = units

    def table(self, a: Seat, b: Seat) -> int:
        """The weight of ``a`` and ``b`` at one table."""
        different = a.club is None or b.club is None or a.club != b.club
        return (self.fresh * (frozenset((a.team_id, b.team_id)) not in self.met)
                + self.near * (self.gap - (a.points - b.points) ** 2)
                + self.club * different
                + self.order * (self.spread - (a.position - b.position) ** 2))

    def bye(self, a: Seat) -> int:
        """The weight of ``a``'s bye: nearness, clubs and order count as best, since every pairing
        of an odd count has one bye and its choice is the upper tiers' alone."""
        return (self.fresh + self.fresh_bye * (not a.had_bye) + self.lowest * a.position
                + self.near * self.gap + self.club + self.order * self.spread)

    def total(self, tables: Iterable[Table]) -> int:
        """The weight of a whole round."""
        seat = {s.team_id: s for s in self.seats}
        return sum(self.bye(seat[t.a]) if t.b is None else self.table(seat[t.a], seat[t.b]) for t in tables)

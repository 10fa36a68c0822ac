"""Pairing a round of the event (Swiss), as a maximum-weight matching (networkx).

The weights are :mod:`builder.events.pairing_weights`'s: no rematch while one can be avoided, the
bye to the lowest-ranked team without one, equal or nearest points, clubs apart, neighbours in the
order. A big round is first matched on a sparse graph (each team and its nearest in the order, no
rematches, the bye offered to one team only); only when that graph cannot pair everyone as the
full one would is the full graph matched.
"""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING

from builder.events.pairing_weights import Seat, Weights, met_before, seats_of
from builder.events.rounds import Entrant, Game, Standing, Table

if TYPE_CHECKING:
    import networkx as nx

SPARSE_ABOVE = 24
"""Teams past which a round is first matched on the sparse graph (below, the full graph is quick)."""
FULL_UP_TO = 300
"""The most teams whose full graph is matched when the sparse ones fail (seconds at 200 teams; its
edges grow with the square of the teams). Past it, the widest sparse graph with its rematches."""
NEIGHBOURS = (6, 24)
"""The teams after each one in the order it may meet in the sparse graphs tried in turn (and as many of
other clubs): late in a long event, a team's nearest may all be teams it has met."""

Pair = tuple[Seat, Seat | None]


def pair_round(number: int, entrants: list[Entrant], games: list[Game], standings: list[Standing],
               seed: str) -> list[Table]:
    """The tables of round ``number``: every entrant that plays in it (:meth:`Entrant.plays_in`) at
    exactly one table. ``games`` are those of the rounds before (for rematches and byes had),
    ``standings`` the order after them (empty before the first round), ``seed`` what the first
    round's random order is drawn from. Tables are numbered from 1; a team with a fixed table sits
    at it; an odd count gives one bye (``Table.b`` None), numbered after the others."""
    seats = seats_of(number, entrants, games, standings, seed)
    pairs = matching(seats, met_before(number, games))
    fixed = {entrant.team_id: entrant.fixed_table for entrant in entrants
             if entrant.fixed_table is not None and entrant.fixed_table > 0}
    return tables_of(pairs, fixed)


def matching(seats: list[Seat], met: set[frozenset[int]], sparse_above: int | None = None) -> list[Pair]:
    """The round's pairs (the better-placed team first; a bye as ``(seat, None)``) of greatest weight;
    the sparse graph first past ``sparse_above`` teams (None: :data:`SPARSE_ABOVE`)."""
    if not seats:
        return []
    weights = Weights(seats, met)
    if len(seats) > (SPARSE_ABOVE if sparse_above is None else sparse_above):
        for neighbours in NEIGHBOURS:
            pairs = _sparse(seats, weights, neighbours)
            if pairs is not None:
                return pairs
        if len(seats) > FULL_UP_TO:
            return _sparse(seats, weights, NEIGHBOURS[-1], strict=False)
    import networkx as nx  # only when a round is paired: ~24 MB in every process that imported the store

    graph = nx.Graph()
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            graph.add_edge(a.position, b.position, weight=weights.table(a, b))
    if len(seats) % 2:
        for a in seats:
            graph.add_edge(a.position, len(seats), weight=weights.bye(a))
    return _pairs(seats, graph)


def _sparse(seats: list[Seat], weights: Weights, neighbours: int, strict: bool = True) -> list[Pair] | None:
    """The pairs from the graph of each team and the next ``neighbours`` in the order (and as many of
    other clubs), no rematch, the bye offered only to the lowest-ranked team without one. None
    when that graph has no pairing of everyone, or keeps more clubmates together than need be.
    Not ``strict``: rematches too, and whatever it pairs (everyone: each team and the next two
    are always in it, so taking any one team out for the bye leaves a chain of the others)."""
    import networkx as nx  # only when a round is paired: ~24 MB in every process that imported the store

    graph = nx.Graph()
    for i, a in enumerate(seats):
        near = others = 0
        for b in seats[i + 1:]:
            other_club = a.club is not None and b.club != a.club
            if near >= neighbours and (a.club is None or others >= neighbours):
                break
            if near < neighbours or other_club:
                if not strict or frozenset((a.team_id, b.team_id)) not in weights.met:
                    graph.add_edge(a.position, b.position, weight=weights.table(a, b))
                near += 1
                others += other_club
    bye = None
    if len(seats) % 2:
        bye = max((s for s in seats if not s.had_bye), key=lambda s: s.position, default=seats[-1])
        graph.add_edge(bye.position, len(seats), weight=weights.bye(bye))
    pairs = _pairs(seats, graph)
    if not strict:
        return pairs
    if sum(len(pair) - pair.count(None) for pair in pairs) != len(seats):
        return None
    if len({seat.points for seat in seats}) == 1 and _clubmates(pairs) > _fewest_clubmates(seats, bye):
        return None  # the first round's clubs: only the full graph may keep apart what this one did not
    return pairs


def _pairs(seats: list[Seat], graph: nx.Graph) -> list[Pair]:
    import networkx as nx  # as in matching(): only when a round is paired
    pairs: list[Pair] = []
    for u, v in nx.max_weight_matching(graph, maxcardinality=True):
        u, v = min(u, v), max(u, v)
        pairs.append((seats[u], seats[v] if v < len(seats) else None))
    return pairs


def _clubmates(pairs: list[Pair]) -> int:
    return sum(1 for a, b in pairs if b is not None and a.club is not None and a.club == b.club)


def _fewest_clubmates(seats: list[Seat], bye: Seat | None) -> int:
    """The fewest tables of clubmates any pairing of these seats has (the bye's team apart): only the
    biggest club can have more teams than the others together, and its excess meet each other."""
    paired = [seat for seat in seats if seat is not bye]
    clubs: dict[str, int] = {}
    for seat in paired:
        if seat.club is not None:
            clubs[seat.club] = clubs.get(seat.club, 0) + 1
    return max(0, max(clubs.values(), default=0) - len(paired) // 2)


def tables_of(pairs: list[Pair], fixed: dict[int, int]) -> list[Table]:
    """Tables numbered from 1 in the order of their better-placed team, a team with a fixed table at
    it (two claiming one: the better placed keeps it), the bye after every other table."""
    played = sorted((pair for pair in pairs if pair[1] is not None), key=lambda pair: pair[0].position)
    claims = sorted((seat.position, fixed[seat.team_id], k) for k, pair in enumerate(played)
                    for seat in pair if seat is not None and seat.team_id in fixed)
    numbers: dict[int, int] = {}
    for _, number, k in claims:
        if k not in numbers and number not in numbers.values():
            numbers[k] = number
    taken = set(numbers.values())
    free = (number for number in count(1) if number not in taken)
    for k in range(len(played)):
        if k not in numbers:
            numbers[k] = next(free)
    tables = [Table(numbers[k], a.team_id, b.team_id) for k, (a, b) in enumerate(played) if b is not None]
    tables.sort(key=lambda table: table.number)
    for a, b in pairs:
        if b is None:
            tables.append(Table(max((t.number for t in tables), default=0) + 1, a.team_id, None))
    return tables

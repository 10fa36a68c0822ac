"""Pairing a round of the event (Swiss).

PLACEHOLDER for issue 48 (its engine is built in its own step): the signature is the contract the
store and the desk build on; this body pairs in order, which is enough for them to be tested.
"""

from __future__ import annotations

from builder.events.rounds import Entrant, Game, Standing, Table


def pair_round(number: int, entrants: list[Entrant], games: list[Game], standings: list[Standing],
               seed: str) -> list[Table]:
    """The tables of round ``number``: every entrant that plays in it (:meth:`Entrant.plays_in`) at
    exactly one table. ``games`` are those of the rounds before (for rematches and byes had),
    ``standings`` the order after them (empty before the first round), ``seed`` what the first
    round's random order is drawn from. Tables are numbered from 1; a team with a fixed table sits
    at it; an odd count gives one bye (``Table.b`` None), numbered after the others."""
    playing = [entrant.team_id for entrant in entrants if entrant.plays_in(number)]
    tables = [Table(i // 2 + 1, playing[i], playing[i + 1]) for i in range(0, len(playing) - 1, 2)]
    if len(playing) % 2:
        tables.append(Table(len(tables) + 1, playing[-1], None))
    return tables

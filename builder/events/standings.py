"""The event's standings from its games and the pack's scoring and tie-breakers.

PLACEHOLDER for issue 48 (built in its own step): the signature is the contract the desk builds on.
"""

from __future__ import annotations

from builder.core.pack import RoundsFormat
from builder.events.rounds import Entrant, Game, Standing


def standings_of(rounds: RoundsFormat, entrants: list[Entrant], games: list[Game],
                 through: int | None = None) -> list[Standing]:
    """Every entrant that checked in (a dropped team too, marked), best first, from the games with a
    standing result of rounds 1 to ``through`` (None: all). Points by the pack's win, draw, loss and
    bye; ties split by the pack's tie-breakers in order; teams equal on all of them share a rank
    (and are listed by name)."""
    rows = []
    for entrant in entrants:
        if not entrant.checked_in:
            continue
        rows.append(Standing(0, entrant.team_id, entrant.name, entrant.club, 0, 0, 0, 0, 0, 0, 0, 0,
                             dropped=entrant.dropped_after is not None))
    rows.sort(key=lambda row: row.name)
    return [Standing(**{**row.__dict__, "rank": i + 1}) for i, row in enumerate(rows)]
